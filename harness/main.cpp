// The `movegen` command line: argument parsing only; each subcommand is a run_* function.
#include <iostream>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "common/epd.hpp"
#include "common/fen.hpp"
#include "common/uci.hpp"
#include "harness/commands.hpp"
#include "harness/generators.hpp"

namespace mh = movegen::harness;

int main(int argc, char** argv) {
  CLI::App app{"movegen: two chess move generators (mailbox and bitboard), cross-checked and benchmarked"};
  app.require_subcommand(1);

  mh::PerftOptions perft;
  CLI::App* perft_cmd = app.add_subcommand("perft", "count leaf nodes, divided by root move (Stockfish format)");
  perft_cmd->add_option("--generator", perft.generator, "mailbox or bitboard")->capture_default_str();
  perft_cmd->add_option("--fen", perft.fen, "position to count from (default: the start position)");
  perft_cmd->add_option("--moves", perft.moves, "UCI moves played from the FEN first")->expected(1, -1);
  perft_cmd->add_flag("!--no-bulk", perft.bulk, "make every leaf move instead of counting the last ply's list");
  perft_cmd->add_option("depth", perft.depth, "plies to search, 0..15")->required();

  mh::SuiteOptions suite;
  CLI::App* suite_cmd = app.add_subcommand("suite", "check an EPD perft suite's counts");
  suite_cmd->add_option("--generator", suite.generator, "mailbox, bitboard or both")->capture_default_str();
  suite_cmd->add_option("--max-depth", suite.max_depth, "check counts up to this depth")->capture_default_str();
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
    std::cerr << "movegen: " << e.what() << " (see movegen --help)\n";
    return 2;
  } catch (const std::exception& e) {  // FenError, MoveError, EpdError, UsageError
    std::cerr << "movegen: " << e.what() << '\n';
    return 2;
  }
  return 0;
}
