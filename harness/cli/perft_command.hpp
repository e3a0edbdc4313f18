// What `movegen perft` shares with `movegen-mpi perft`, so that the two take the same options and print
// byte-identical reports (perft_command.cpp defines these).
//
//   PerftOptions options;
//   add_perft_options(*app.add_subcommand("perft"), options);   // --generator, --fen, ..., DEPTH
//   print_perft_report(std::cout, std::cerr, options, parse_generator(options.generator), run);
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <utility>
#include <vector>

#include "harness/cli/commands.hpp"
#include "harness/generators/generators.hpp"

namespace movegen::harness {

/// One perft run: the divide in the order printed, the total and the time it took.
struct PerftRun {
  std::vector<std::pair<std::string, std::uint64_t>> divide;  // (UCI move, nodes), sorted by move text
  std::uint64_t total = 0;
  double seconds = 0;  // wall-clock time of the count
  double mnps() const { return seconds > 0 ? total / seconds / 1e6 : 0.0; }
};

/// Adds perft's options to `cmd`, with their validators, writing into `options`: --generator, --fen,
/// --moves, --bulk, --no-bulk, --hash, --threads, --json and the positional DEPTH (required, 0..MAX_DEPTH).
void add_perft_options(CLI::App& cmd, PerftOptions& options);

/// Adds --checkpoint FILE (harness/perft/checkpointed_perft.hpp, docs/perft.md) and the hidden --test-kill-after N
/// to `cmd`, writing into `options`: what `movegen perft` and `movegen-mpi perft` both take.
void add_checkpoint_options(CLI::App& cmd, PerftOptions& options);

/// Prints `run` as `movegen perft` does: one `move: nodes` line per root move, an empty line and
/// `Nodes searched: N` (or with options.json one JSON document, docs/json.md) on `out`, checked with
/// require_written; then the time and Mnps line on `err`.
void print_perft_report(std::ostream& out, std::ostream& err, const PerftOptions& options, Generator generator,
                        const PerftRun& run);

}  // namespace movegen::harness
