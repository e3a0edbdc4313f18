// The `movegen` command line: argument parsing only; each subcommand is a run_* function.
#include <charconv>
#include <iostream>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "common/epd.hpp"
#include "common/fen.hpp"
#include "common/uci.hpp"
#include "harness/commands.hpp"
#include "harness/generators.hpp"

namespace mh = movegen::harness;

namespace {

// Depths are whole numbers written in digits: on its own CLI11 reads "" as 0 and "0x5" as 5.
const CLI::Validator WHOLE_NUMBER(
    [](std::string& text) -> std::string {
      int value = 0;
      const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
      if (ec == std::errc::result_out_of_range) return movegen::quote_for_error(text) + " is far too large";
      if (text.empty() || ec != std::errc() || end != text.data() + text.size())
        return movegen::quote_for_error(text) + " is not a whole number";
      return {};
    },
    "INT");

// An error message as one line: control characters (a newline in an argument) shown as \xNN.
std::string one_line(std::string_view text) {
  std::string out;
  for (char c : text) out += (unsigned char)c < 0x20 ? fmt::format("\\x{:02X}", int(c)) : std::string(1, c);
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"movegen: two chess move generators (mailbox and bitboard), cross-checked and benchmarked"};
  app.require_subcommand(1);

  mh::PerftOptions perft;
  CLI::App* perft_cmd = app.add_subcommand("perft", "count leaf nodes, divided by root move (Stockfish format)");
  perft_cmd->add_option("--generator", perft.generator, "mailbox or bitboard")->capture_default_str();
  perft_cmd->add_option("--fen", perft.fen, "position to count from (default: the start position)");
  perft_cmd->add_option("--moves", perft.moves, "UCI moves played from the FEN first")->expected(1, -1);
  perft_cmd->add_flag("!--no-bulk", perft.bulk, "make every leaf move instead of counting the last ply's list");
  perft_cmd->add_option("depth", perft.depth, "plies to search, 0..15")->required()->check(WHOLE_NUMBER);

  mh::SuiteOptions suite;
  CLI::App* suite_cmd = app.add_subcommand("suite", "check an EPD perft suite's counts");
  suite_cmd->add_option("--generator", suite.generator, "mailbox, bitboard or both")->capture_default_str();
  suite_cmd->add_option("--max-depth", suite.max_depth, "check counts up to this depth")
      ->capture_default_str()
      ->check(WHOLE_NUMBER);
  suite_cmd->add_option("file", suite.file, "EPD file (default: the bundled suite)");

  mh::CompareOptions compare;
  CLI::App* compare_cmd =
      app.add_subcommand("compare", "run both generators on a suite: counts checked, speed side by side");
  compare_cmd->add_option("--max-depth", compare.max_depth, "check counts up to this depth")->capture_default_str();
  compare_cmd->add_flag("!--no-bulk", compare.bulk, "make every leaf move (same work for both generators)");
  compare_cmd->add_option("file", compare.file, "EPD file (default: the bundled suite)");

  try {
    app.parse(argc, argv);
    if (*perft_cmd) return mh::run_perft(perft, std::cout, std::cerr);
    if (*suite_cmd) {
      if (suite.file.empty()) suite.file = mh::default_suite_path();
      return mh::run_suite(suite, std::cout, std::cerr);
    }
    if (*compare_cmd) {
      if (compare.file.empty()) compare.file = mh::default_suite_path();
      return mh::run_compare(compare, std::cout, std::cerr);
    }
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "movegen: " << one_line(e.what()) << " (see movegen --help)\n";
    return 2;
  } catch (const std::exception& e) {  // FenError, MoveError, EpdError, UsageError
    std::cerr << "movegen: " << one_line(e.what()) << '\n';
    return 2;
  }
  return 0;
}
