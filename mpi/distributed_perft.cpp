#include "mpi/distributed_perft.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <mpi.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <memory>
#include <mutex>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <thread>
#include <utility>
#include <vector>

#include "harness/cli/cli.hpp"
#include "harness/cli/options.hpp"
#include "harness/cli/perft_command.hpp"
#include "harness/generators/setup.hpp"
#include "harness/perft/checkpoint_writer.hpp"
#include "harness/perft/perft_checkpoint.hpp"
#include "harness/perft/perft_nodes.hpp"
#include "harness/perft/perft_split.hpp"

namespace movegen::mpi {

using namespace harness;

namespace {

// Message tags. Rank 0 sends each worker SETUP (one int: 0 go on, else the exit code), then TASK
// ("INDEX DEPTH FEN") and finally STOP; a worker answers each task with RESULT (two uint64: index,
// nodes), or FAILED (the error text), after which rank 0 aborts the job.
enum Tag { TASK = 1, RESULT = 2, STOP = 3, FAILED = 4, SETUP = 5 };

// Tasks a worker holds at once: the one it counts and the next, so that it never waits for rank 0.
constexpr int TASKS_IN_FLIGHT = 2;
// How long an idle rank sleeps between looks for a message: MPI's blocking receive spins on a core.
constexpr auto IDLE_POLL = std::chrono::microseconds(100);

int comm_rank() {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  return rank;
}

int comm_size() {
  int size = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  return size;
}

// Waits, without spinning, for the next message from `source` with any tag, and returns its envelope.
MPI_Status wait_for_message(int source) {
  for (;;) {
    int arrived = 0;
    MPI_Status status;
    MPI_Iprobe(source, MPI_ANY_TAG, MPI_COMM_WORLD, &arrived, &status);
    if (arrived) return status;
    std::this_thread::sleep_for(IDLE_POLL);
  }
}

std::string receive_text(const MPI_Status& status) {
  int size = 0;
  MPI_Get_count(&status, MPI_CHAR, &size);
  std::string text(static_cast<std::size_t>(size), '\0');
  MPI_Recv(text.data(), size, MPI_CHAR, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  return text;
}

void send_text(const std::string& text, int dest, Tag tag) {
  MPI_Send(text.data(), static_cast<int>(text.size()), MPI_CHAR, dest, tag, MPI_COMM_WORLD);
}

// How each subtree is counted: perft's --bulk or --no-bulk, --hash and --threads (0: every core of the rank's machine).
PerftSettings perft_settings(const PerftOptions& options) {
  const int threads = options.threads > 0 ? options.threads : int(std::max(1u, std::thread::hardware_concurrency()));
  return {.counting = options.counting, .hash_mb = std::size_t(std::max(options.hash_mb, 0)), .threads = threads};
}

// A worker (rank > 0): counts each task rank 0 sends until it says stop.
void work(Generator generator, const PerftSettings& settings) {
  PerftTable table(settings.hash_mb);  // one table for all the rank's subtrees, kept filled between them
  for (;;) {
    const MPI_Status status = wait_for_message(0);
    const std::string text = receive_text(status);
    if (status.MPI_TAG == STOP) return;
    std::istringstream task(text);
    std::uint64_t index = 0;
    int depth = 0;
    task >> index >> depth >> std::ws;
    std::string fen;
    std::getline(task, fen);
    try {
      const std::uint64_t result[2] = {index, perft_nodes(generator, fen, depth, settings, &table)};
      MPI_Send(result, 2, MPI_UINT64_T, 0, RESULT, MPI_COMM_WORLD);
    } catch (const std::exception& e) {
      send_text(fmt::format("subtree {} ({}): {}", index, fen, e.what()), 0, FAILED);
    }
  }
}

// What rank 0 set up before anyone counts.
struct Job {
  Generator generator = DEFAULT_GENERATOR;
  int depth = 0, split_depth = 0;
  PerftSplit split;
  std::unique_ptr<PerftCheckpoint> checkpoint;  // null without --checkpoint
};

Job set_up(const MpiPerftOptions& options) {
  Job job;
  require_depth(options.perft.depth, "depth");
  require_settings(perft_settings(options.perft));  // --hash and --threads, refused before any split
  job.generator = parse_generator(options.perft.generator);
  job.depth = options.perft.depth;
  const Notation notation = notation_for(options.perft.fen, options.perft.chess960);  // of --moves and the divide
  const std::string root_fen = with_generator(job.generator, [&]<ChessPosition P>() {
    position_after<P>(options.perft.fen, options.perft.moves, notation);  // the FEN and moves, checked before any count
    return P::from_fen(options.perft.fen).fen();
  });
  if (job.depth == 0) {
    if (options.split_depth != 0) split_depth_of(options);  // refused: depth 0 has nothing to split
    return job;
  }
  job.split_depth = split_depth_of(options);
  job.split = split_perft(job.generator, options.perft.fen, options.perft.moves, job.split_depth, notation);
  if (!options.perft.checkpoint.empty()) {
    const CheckpointHeader header{.generator = generator_name(job.generator),
                                  .fen = root_fen,
                                  .moves = options.perft.moves,
                                  .depth = job.depth,
                                  .split_depth = job.split_depth,
                                  .subtrees = job.split.subtrees.size()};
    job.checkpoint = std::make_unique<PerftCheckpoint>(options.perft.checkpoint, header, job.split.subtrees);
  }
  return job;
}

// Rank 0's own counting thread: takes subtrees from the same queue as the workers are fed from.
class LocalCounter {
 public:
  LocalCounter(const Job& job, const PerftSettings& settings, const std::vector<std::size_t>& queue,
               std::atomic<std::size_t>& next)
      : thread_([&job, settings, &queue, &next, this] {
          try {
            PerftTable table(settings.hash_mb);  // allocated once, kept filled between subtrees
            for (std::size_t i; (i = next++) < queue.size();) {
              const std::uint64_t nodes = perft_nodes(job.generator, job.split.subtrees[queue[i]],
                                                      job.depth - job.split_depth, settings, &table);
              const std::lock_guard lock(mutex_);
              finished_.emplace_back(queue[i], nodes);
            }
          } catch (...) {
            const std::lock_guard lock(mutex_);
            failure_ = std::current_exception();
          }
        }) {}
  ~LocalCounter() { thread_.join(); }

  /// The subtrees counted since the last call, as (index, nodes); rethrows the thread's failure.
  std::vector<std::pair<std::size_t, std::uint64_t>> take_finished() {
    const std::lock_guard lock(mutex_);
    if (failure_) std::rethrow_exception(failure_);
    return std::exchange(finished_, {});
  }

 private:
  std::mutex mutex_;
  std::vector<std::pair<std::size_t, std::uint64_t>> finished_;
  std::exception_ptr failure_;
  std::thread thread_;  // last: it starts once the members it uses exist
};

// Rank 0: hands the subtrees not yet in the checkpoint to whichever rank is free, records each result,
// (the checkpoint written on a thread of its own), and returns every subtree's count once all are on disk.
// Throws on a failed rank or checkpoint write.
std::vector<std::uint64_t> coordinate(Job& job, const PerftSettings& settings, int kill_after) {
  std::vector<std::uint64_t> counts(job.split.subtrees.size());
  std::vector<bool> counted(counts.size());
  if (job.checkpoint)
    for (const auto& [index, nodes] : job.checkpoint->done()) counts[index] = nodes, counted[index] = true;
  std::vector<std::size_t> queue;
  for (std::size_t i = 0; i < counts.size(); ++i)
    if (!counted[i]) queue.push_back(i);
  std::atomic<std::size_t> next = 0;
  std::size_t missing = queue.size();
  CheckpointWriter writer(job.checkpoint.get(), job.split.subtrees, kill_after);
  const auto record = [&](std::size_t index, std::uint64_t nodes) {
    if (index >= counts.size() || counted[index]) throw std::runtime_error(fmt::format("stray result {}", index));
    counts[index] = nodes, counted[index] = true, --missing;
    writer.add(index, nodes);
  };
  const auto send_next = [&](int rank) {
    if (const std::size_t i = next++; i < queue.size())
      send_text(fmt::format("{} {} {}", queue[i], job.depth - job.split_depth, job.split.subtrees[queue[i]]), rank,
                TASK);
  };
  for (int rank = 1; rank < comm_size(); ++rank)
    for (int k = 0; k < TASKS_IN_FLIGHT; ++k) send_next(rank);
  {
    LocalCounter local(job, settings, queue, next);
    while (missing > 0) {
      bool busy = false;
      for (const auto& [index, nodes] : local.take_finished()) record(index, nodes), busy = true;
      int arrived = 0;
      MPI_Status status;
      MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &arrived, &status);
      if (arrived && status.MPI_TAG == FAILED)
        throw std::runtime_error(fmt::format("rank {}: {}", status.MPI_SOURCE, receive_text(status)));
      if (arrived) {
        std::uint64_t result[2];
        MPI_Recv(result, 2, MPI_UINT64_T, status.MPI_SOURCE, RESULT, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        record(result[0], result[1]);
        send_next(status.MPI_SOURCE);
        busy = true;
      }
      if (!busy) std::this_thread::sleep_for(IDLE_POLL);
    }
  }
  for (int rank = 1; rank < comm_size(); ++rank) send_text("", rank, STOP);
  writer.finish();
  return counts;
}

}  // namespace

int split_depth_of(const MpiPerftOptions& options) {
  const int depth = options.perft.depth;
  if (options.split_depth == 0) return default_split_depth(depth);
  const int most = std::min(depth, MAX_SPLIT_DEPTH);
  if (options.split_depth < 1 || options.split_depth > most)
    throw UsageError(fmt::format("bad --split-depth: {} is outside 1..{} (at most the depth, {}, and at most {})",
                                 options.split_depth, most, depth, MAX_SPLIT_DEPTH));
  return options.split_depth;
}

void add_mpi_perft_options(CLI::App& cmd, MpiPerftOptions& options) {
  add_perft_options(cmd, options.perft);
  cmd.add_option("--split-depth", options.split_depth,
                 "plies from the root to the subtrees handed out, 1..min(DEPTH, 5) (default: min(DEPTH - 1, 3))")
      ->transform(decimal_in(1, MAX_SPLIT_DEPTH));
  add_checkpoint_options(cmd, options.perft);
}

int run_mpi_perft(const MpiPerftOptions& options, std::ostream& out, std::ostream& err) {
  const bool coordinator = comm_rank() == 0;
  const auto start = std::chrono::steady_clock::now();
  Job job;
  int code = 0;
  if (coordinator) {
    try {
      job = set_up(options);
    } catch (const std::exception& e) {  // FenError, MoveError, UsageError, CheckpointError
      fmt::print(err, "movegen-mpi: {}\n", one_line(e.what()));
      code = 2;
    }
  }
  // Sent rank by rank rather than by MPI_Bcast, whose wait spins: the workers wait for the split idle.
  if (coordinator) {
    for (int rank = 1; rank < comm_size(); ++rank) MPI_Send(&code, 1, MPI_INT, rank, SETUP, MPI_COMM_WORLD);
  } else {
    wait_for_message(0);  // rank 0's first message to a worker is this one
    MPI_Recv(&code, 1, MPI_INT, 0, SETUP, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  if (code != 0) return code;
  const PerftSettings settings = perft_settings(options.perft);
  if (!coordinator) {
    work(parse_generator(options.perft.generator), settings);
    return 0;
  }
  std::vector<std::uint64_t> counts;
  try {
    counts = coordinate(job, settings, options.perft.test_kill_after);
  } catch (const std::exception& e) {  // a failed rank, a checkpoint that cannot be written
    fmt::print(err, "movegen-mpi: {}\n", one_line(e.what()));
    err.flush();
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  PerftRun run;
  run.divide = combine_divide(job.split, counts);
  for (const auto& [move, nodes] : run.divide) run.total += nodes;
  if (job.depth == 0) run.total = 1;
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  try {
    PerftOptions reported = options.perft;  // the threads each rank counts on, as movegen perft reports them
    reported.threads = settings.threads;
    print_perft_report(out, err, reported, job.generator, run);
  } catch (const std::exception& e) {  // stdout cannot be written
    fmt::print(err, "movegen-mpi: {}\n", one_line(e.what()));
    return 2;
  }
  fmt::print(err, "movegen-mpi: {} rank(s), split depth {}: {} subtrees, {} of them from the checkpoint\n", comm_size(),
             job.split_depth, counts.size(), job.checkpoint ? job.checkpoint->done().size() : 0);
  return 0;
}

}  // namespace movegen::mpi
