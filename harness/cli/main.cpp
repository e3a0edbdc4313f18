// The `movegen` command line: assembles the subcommands, each declared in its harness/X_command.cpp, and
// turns every error into one line on stderr and exit code 2.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <iostream>
#include <vector>

#include "common/fen.hpp"
#include "harness/cli/bench_command.hpp"
#include "harness/cli/cli.hpp"
#include "harness/cli/commands.hpp"
#include "harness/engines/child_process.hpp"
#include "harness/generators/generators.hpp"

namespace mh = movegen::harness;

namespace {

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
  // The representations from the generator table, so that the help names every one of them.
  std::string representations;
  for (std::string_view r : mh::all_representations())
    representations += (representations.empty() ? "" : ", ") + std::string(r);
  CLI::App app{"movegen: chess move generators (" + representations +
               ", each with two legality strategies, and a tuned tier), cross-checked and benchmarked"};
  app.require_subcommand(1);
  const std::vector<mh::Subcommand> commands = {mh::add_perft_command(app),   mh::add_suite_command(app),
                                                mh::add_compare_command(app), mh::add_diff_command(app),
                                                mh::add_fuzz_command(app),    mh::add_perftree_command(app),
                                                mh::add_show_command(app),    mh::add_generators_command(app),
                                                mh::add_bench_command(app),   mh::add_lab_command(app)};
  mh::end_children_on_signals();
  std::cerr.tie(nullptr);  // stdout is flushed and checked once, at the end, where a failure has its reason
  try {
    app.parse(argc, argv);
    for (const mh::Subcommand& command : commands) {
      if (!*command.app) continue;
      const int code = command.run(std::cout, std::cerr);
      mh::require_written(std::cout);
      return code;
    }
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "movegen: " << mh::one_line(parse_error_message(app, e, argc, argv)) << " (see movegen --help)\n";
    return 2;
  } catch (const std::exception& e) {  // FenError, MoveError, EpdError, UsageError, ExternalError
    std::cerr << "movegen: " << mh::one_line(e.what()) << '\n';
    return 2;
  }
  return 0;
}
