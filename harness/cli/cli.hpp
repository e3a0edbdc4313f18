// The `movegen` subcommands as CLI11 subcommands. Each harness/X_command.cpp declares its own options,
// with their validators, beside the code that runs it; main.cpp only assembles them.
//
//   CLI::App app;
//   Subcommand perft = add_perft_command(app);
//   app.parse(argc, argv);
//   if (*perft.app) return perft.run(std::cout, std::cerr);
#pragma once

#include <fmt/format.h>

#include <functional>
#include <iosfwd>
#include <string>
#include <string_view>

namespace CLI {
class App;
}

namespace movegen::harness {

/// A subcommand added to the command line: `app` is set once parsed, and `run` then runs it with the parsed
/// options, writing its report to `out` and diagnostics to `err`, and returns the exit code (0, 1 or 2).
struct Subcommand {
  CLI::App* app = nullptr;
  std::function<int(std::ostream& out, std::ostream& err)> run;
};

/// An error message as one line: control characters (a newline in an argument) shown as \xNN.
inline std::string one_line(std::string_view text) {
  std::string out;
  for (char c : text) out += (unsigned char)c < 0x20 ? fmt::format("\\x{:02X}", int(c)) : std::string(1, c);
  return out;
}

/// `movegen perft` (perft_command.cpp).
Subcommand add_perft_command(CLI::App& app);
/// `movegen suite` (suite_command.cpp).
Subcommand add_suite_command(CLI::App& app);
/// `movegen compare` (compare_command.cpp).
Subcommand add_compare_command(CLI::App& app);
/// `movegen diff` (diff_command.cpp).
Subcommand add_diff_command(CLI::App& app);
/// `movegen fuzz` (fuzz_command.cpp).
Subcommand add_fuzz_command(CLI::App& app);
/// `movegen perftree` (perftree_command.cpp).
Subcommand add_perftree_command(CLI::App& app);
/// `movegen show` (show_command.cpp).
Subcommand add_show_command(CLI::App& app);
/// `movegen lab`: the study view, a page served on 127.0.0.1 (lab_command.cpp, docs/study.md).
Subcommand add_lab_command(CLI::App& app);
/// `movegen generators`: one line per built-in generator, its name, representation and legality strategy
/// in words (generators_command.cpp).
Subcommand add_generators_command(CLI::App& app);

}  // namespace movegen::harness
