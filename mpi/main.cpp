// The `movegen-mpi` command line: `mpirun -n K movegen-mpi perft [perft's options] [--split-depth S]
// [--checkpoint FILE] DEPTH`. Every rank parses the same arguments; only rank 0 prints. Bad input: one
// line on stderr and exit code 2 from every rank.
#include <fmt/format.h>
#include <mpi.h>

#include <CLI/CLI.hpp>
#include <iostream>
#include <sstream>

#include "harness/cli/cli.hpp"
#include "mpi/distributed_perft.hpp"

namespace {

int rank_of_this_process() {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  return rank;
}

// Parses the arguments and runs the command on this rank; returns the exit code.
int run(int argc, char** argv, bool printing) {
  CLI::App app{"movegen-mpi: perft across the ranks of an MPI job (docs/mpi.md)"};
  app.require_subcommand(1);
  movegen::mpi::MpiPerftOptions options;
  movegen::mpi::add_mpi_perft_options(
      *app.add_subcommand("perft", "count leaf nodes, divided by root move, as `movegen perft` prints them"), options);
  std::ostringstream discarded;
  std::ostream& out = printing ? std::cout : discarded;
  std::ostream& err = printing ? std::cerr : discarded;
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e, out, err);
  } catch (const CLI::ParseError& e) {
    err << "movegen-mpi: " << movegen::harness::one_line(e.what()) << " (see movegen-mpi --help)\n";
    return 2;
  }
  return movegen::mpi::run_mpi_perft(options, out, err);
}

}  // namespace

int main(int argc, char** argv) {
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);  // rank 0 counts on a thread of its own
  const bool printing = rank_of_this_process() == 0;
  if (provided < MPI_THREAD_FUNNELED) {
    if (printing) std::cerr << "movegen-mpi: this MPI library offers no MPI_THREAD_FUNNELED\n";
    MPI_Finalize();
    return 2;
  }
  std::cerr.tie(nullptr);
  const int code = run(argc, argv, printing);
  std::cout.flush();
  MPI_Finalize();
  return code;
}
