#include "harness/perft/checkpointed_perft.hpp"

#include <atomic>
#include <exception>
#include <mutex>

#include "common/parallel_perft.hpp"
#include "harness/generators/setup.hpp"
#include "harness/perft/checkpoint_writer.hpp"
#include "harness/perft/perft_checkpoint.hpp"
#include "harness/perft/perft_split.hpp"

namespace movegen::harness {

namespace {

// The subtrees a checkpoint has not recorded yet, by index, and each recorded subtree's count in `counts`.
std::vector<std::size_t> subtrees_left(const PerftCheckpoint& checkpoint, std::vector<std::uint64_t>& counts) {
  std::vector<bool> counted(counts.size());
  for (const auto& [index, nodes] : checkpoint.done()) counts[index] = nodes, counted[index] = true;
  std::vector<std::size_t> queue;
  for (std::size_t i = 0; i < counts.size(); ++i)
    if (!counted[i]) queue.push_back(i);
  return queue;
}

// Counts the subtrees of `queue` to `below` plies on s.threads threads (one thread per subtree, the hash table
// shared by all), each count recorded in `counts` and by `writer`. Rethrows a checkpoint write that failed.
void count_subtrees(Generator g, const PerftSplit& split, const std::vector<std::size_t>& queue, int below,
                    const PerftSettings& s, CheckpointWriter& writer, std::vector<std::uint64_t>& counts,
                    const std::function<void(const PerftProgress&)>& on_progress, Notation notation) {
  PerftTable table(s.hash_mb);
  PerftProgress progress;
  progress.total = queue.size();
  std::atomic<std::size_t> next{0};
  std::mutex failure_mutex;
  std::exception_ptr failure;
  const GeneratorOps& ops = generator_ops(g);  // timed work goes through the generator's own translation unit
  const auto count = [&] {
    try {
      for (std::size_t i; (i = next.fetch_add(1)) < queue.size();) {
        std::uint64_t nodes = below == 0 ? 1 : 0;
        for (const auto& [move, n] :
             ops.parallel_divide(split.subtrees[queue[i]], {}, below, s.counting, table, 1, nullptr, {}, notation))
          nodes += n;
        counts[queue[i]] = nodes;
        writer.add(queue[i], nodes);
        progress.nodes += nodes;
        ++progress.done;
      }
    } catch (...) {  // a checkpoint write that failed: the other threads stop after their subtree
      next = queue.size();
      const std::lock_guard lock(failure_mutex);
      if (!failure) failure = std::current_exception();
    }
  };
  std::function<void()> tick;
  if (on_progress) tick = [&] { on_progress(progress); };
  run_on_threads(s.threads, count, tick);
  if (failure) std::rethrow_exception(failure);
}

}  // namespace

CheckpointedDivide checkpointed_divide(Generator g, std::string_view fen, const std::vector<std::string>& moves,
                                       int depth, const PerftSettings& s, const std::string& path,
                                       const std::function<void(const PerftProgress&)>& on_progress, Notation notation,
                                       int kill_after) {
  require_settings(s);
  CheckpointedDivide run;
  run.split_depth = default_split_depth(depth);
  const PerftSplit split = split_perft(g, fen, moves, run.split_depth, notation);  // checks the FEN and moves
  const std::string root_fen = with_generator(g, [&]<ChessPosition P>() { return P::from_fen(fen).fen(); });
  PerftCheckpoint checkpoint(path,
                             {.generator = generator_name(g),
                              .fen = root_fen,
                              .moves = moves,
                              .depth = depth,
                              .split_depth = run.split_depth,
                              .subtrees = split.subtrees.size()},
                             split.subtrees);
  run.subtrees = split.subtrees.size();
  run.resumed = checkpoint.done().size();
  std::vector<std::uint64_t> counts(split.subtrees.size());
  const std::vector<std::size_t> queue = subtrees_left(checkpoint, counts);
  CheckpointWriter writer(&checkpoint, split.subtrees, kill_after);
  count_subtrees(g, split, queue, depth - run.split_depth, s, writer, counts, on_progress, notation);
  writer.finish();
  run.divide = combine_divide(split, counts);
  return run;
}

}  // namespace movegen::harness
