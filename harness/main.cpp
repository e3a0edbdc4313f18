// The `movegen` command line: argument parsing only; each subcommand is a run_* function.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <charconv>
#include <iostream>

#include "common/epd.hpp"
#include "common/fen.hpp"
#include "common/uci.hpp"
#include "harness/commands.hpp"
#include "harness/debug_commands.hpp"
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

// The message for a failed parse. CLI11 reports an unknown first word ("movegen frobnicate") as a missing
// subcommand; that word is named instead, with the subcommands there are.
std::string parse_error_message(const CLI::App& app, const CLI::ParseError& e, int argc, char** argv) {
  if (argc < 2 || argv[1][0] == '-' || !dynamic_cast<const CLI::RequiredError*>(&e)) return e.what();
  std::string names;
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
    if (sub->check_name(argv[1])) return e.what();  // a known subcommand missing one of its arguments
    names += (names.empty() ? "" : ", ") + sub->get_name();
  }
  return "unknown subcommand " + movegen::quote_for_error(argv[1]) + ": expected one of " + names;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"movegen: chess move generators (mailbox and bitboard, each with two legality strategies), cross-checked and benchmarked"};
  app.require_subcommand(1);

  mh::PerftOptions perft;
  CLI::App* perft_cmd = app.add_subcommand("perft", "count leaf nodes, divided by root move (Stockfish format)");
  perft_cmd->add_option("--generator", perft.generator, "mailbox, mailbox-masks, bitboard or bitboard-mtu")->capture_default_str();
  perft_cmd->add_option("--fen", perft.fen, "position to count from (default: the start position)");
  perft_cmd->add_option("--moves", perft.moves, "UCI moves played from the FEN first")->expected(1, -1);
  perft_cmd->add_flag("!--no-bulk", perft.bulk, "make every leaf move instead of counting the last ply's list");
  perft_cmd->add_option("depth", perft.depth, "plies to search, 0..15")->required()->check(WHOLE_NUMBER);

  mh::SuiteOptions suite;
  CLI::App* suite_cmd = app.add_subcommand("suite", "check an EPD perft suite's counts");
  suite_cmd->add_option("--generator", suite.generator, "a generator, a comma-separated list of them, or all")->capture_default_str();
  suite_cmd->add_option("--max-depth", suite.max_depth, "check counts up to this depth")
      ->capture_default_str()
      ->check(WHOLE_NUMBER);
  suite_cmd->add_option("file", suite.file, "EPD file (default: the bundled suite)");

  mh::CompareOptions compare;
  CLI::App* compare_cmd =
      app.add_subcommand("compare", "run the generators on a suite: counts checked, speed in a 2x2 table");
  compare_cmd->add_option("--max-depth", compare.max_depth, "check counts up to this depth")
      ->capture_default_str()
      ->check(WHOLE_NUMBER);
  compare_cmd->add_flag("!--no-bulk", compare.bulk, "make every leaf move (same work for every generator)");
  compare_cmd->add_option("--generators", compare.generators, "comma-separated generators to run (default: all four)");
  compare_cmd->add_option("file", compare.file, "EPD file (default: the bundled suite)");

  mh::DiffOptions diff;
  CLI::App* diff_cmd = app.add_subcommand("diff", "find the first position where two generators disagree");
  auto* diff_fen = diff_cmd->add_option("--fen", diff.fen, "root position (default: the start position)");
  diff_cmd->add_option("--epd", diff.epd, "check every position of an EPD file instead")->excludes(diff_fen);
  diff_cmd->add_option("--moves", diff.moves, "UCI moves played from the FEN first")->expected(1, -1);
  diff_cmd->add_option("--depth", diff.depth, "divide depth, 1..15")->capture_default_str()->check(WHOLE_NUMBER);
  diff_cmd->add_option("--timeout", diff.timeout_seconds, "seconds to wait for a line from an external program")
      ->capture_default_str();
  diff_cmd->add_option("a", diff.a, "generator: mailbox, mailbox-masks, bitboard or bitboard-mtu, uci:COMMAND or perftree:COMMAND")->required();
  diff_cmd->add_option("b", diff.b, "the generator to compare with")->required();

  mh::FuzzOptions fuzz;
  CLI::App* fuzz_cmd = app.add_subcommand("fuzz", "random games cross-checking the built-in generators");
  fuzz_cmd->add_option("--games", fuzz.games, "games to play")->capture_default_str()->check(WHOLE_NUMBER);
  fuzz_cmd->add_option("--plies", fuzz.plies, "moves a game at most")->capture_default_str()->check(WHOLE_NUMBER);
  fuzz_cmd->add_option("--seed", fuzz.seed, "game g uses seed + g")->capture_default_str();
  fuzz_cmd->add_option("--flip-depth", fuzz.flip_depth, "perft depth for the colour-flip check, 0 off")
      ->capture_default_str()
      ->check(WHOLE_NUMBER);
  fuzz_cmd->add_option("--flip-every", fuzz.flip_every, "positions between colour-flip checks")
      ->capture_default_str()
      ->check(WHOLE_NUMBER);
  fuzz_cmd->add_option("--against", fuzz.against, "also check this generator spec at sampled positions");
  fuzz_cmd->add_option("--sample-every", fuzz.sample_every, "positions between checks of --against")
      ->capture_default_str()
      ->check(WHOLE_NUMBER);
  fuzz_cmd->add_option("--against-depth", fuzz.against_depth, "divide depth for --against")
      ->capture_default_str()
      ->check(WHOLE_NUMBER);
  fuzz_cmd->add_option("--timeout", fuzz.timeout_seconds, "seconds to wait for a line from --against")
      ->capture_default_str();

  mh::PerftreeOptions perftree;
  CLI::App* perftree_cmd = app.add_subcommand("perftree", "divide in the perftree tool's script protocol");
  perftree_cmd->add_option("--generator", perftree.generator, "mailbox, mailbox-masks, bitboard or bitboard-mtu")->capture_default_str();
  perftree_cmd->add_option("depth", perftree.depth, "plies, 0..15")->required()->check(WHOLE_NUMBER);
  perftree_cmd->add_option("fen", perftree.fen, "position")->required();
  perftree_cmd->add_option("moves", perftree.moves, "space-separated UCI moves played first");

  mh::ShowOptions show;
  CLI::App* show_cmd = app.add_subcommand("show", "the board, every generator's moves and its bitboards");
  show_cmd->add_option("--fen", show.fen, "position (default: the start position)");

  CLI::App* generators_cmd =
      app.add_subcommand("generators", "list the built-in generators: representation and legality strategy");

  try {
    app.parse(argc, argv);
    if (*generators_cmd) {
      for (mh::Generator g : mh::all_generators())
        std::cout << fmt::format("{:<14} {}\n", mh::generator_name(g), mh::generator_description(g));
      return 0;
    }
    if (*diff_cmd) return mh::run_diff(diff, std::cout, std::cerr);
    if (*fuzz_cmd) return mh::run_fuzz(fuzz, std::cout, std::cerr);
    if (*perftree_cmd) return mh::run_perftree(perftree, std::cout, std::cerr);
    if (*show_cmd) return mh::run_show(show, std::cout, std::cerr);
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
    std::cerr << "movegen: " << one_line(parse_error_message(app, e, argc, argv)) << " (see movegen --help)\n";
    return 2;
  } catch (const std::exception& e) {  // FenError, MoveError, EpdError, UsageError
    std::cerr << "movegen: " << one_line(e.what()) << '\n';
    return 2;
  }
  return 0;
}
