// `movegen-mpi perft`: perft across the ranks of an MPI job. Rank 0 splits the tree into the distinct
// positions at the split depth (harness/perft/perft_split.hpp), hands them out one at a time to whichever rank
// is free, counts some itself on a second thread, records each finished subtree in the checkpoint if
// there is one, and prints what `movegen perft` prints. The protocol is in docs/mpi.md.
//
//   MpiPerftOptions options;
//   add_mpi_perft_options(*app.add_subcommand("perft"), options);
//   return run_mpi_perft(options, std::cout, std::cerr);   // on every rank, between MPI_Init and MPI_Finalize
#pragma once

#include <CLI/CLI.hpp>
#include <iosfwd>
#include <string>

#include "harness/cli/commands.hpp"

namespace movegen::mpi {

struct MpiPerftOptions {
  harness::PerftOptions perft;  // what `movegen perft` takes, --checkpoint included
  int split_depth = 0;          // 0: the default, min(depth - 1, 3) and at least 1
};

/// The split depth a run uses: options.split_depth if given, else min(depth - 1, 3) and at least 1.
/// Throws UsageError naming --split-depth if it lies outside 1..min(depth, MAX_SPLIT_DEPTH).
int split_depth_of(const MpiPerftOptions& options);

/// Adds perft's options (add_perft_options, add_checkpoint_options) and --split-depth.
void add_mpi_perft_options(CLI::App& cmd, MpiPerftOptions& options);

/// Runs the count on this rank (call it on every rank of MPI_COMM_WORLD, which must be initialised with
/// at least MPI_THREAD_FUNNELED). Rank 0 checks the input, prints the report on `out` and any error as
/// one line on `err`; every rank returns the same exit code: 0, or 2 for bad input. An error after the
/// count has begun (a checkpoint that cannot be written, a rank that fails) aborts the job with code 2.
int run_mpi_perft(const MpiPerftOptions& options, std::ostream& out, std::ostream& err);

}  // namespace movegen::mpi
