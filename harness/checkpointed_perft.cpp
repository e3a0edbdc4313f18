#include "harness/checkpointed_perft.hpp"

#include <atomic>
#include <exception>
#include <mutex>

#include "common/parallel_perft.hpp"
#include "harness/checkpoint_writer.hpp"
#include "harness/perft_checkpoint.hpp"
#include "harness/perft_split.hpp"
#include "harness/setup.hpp"

namespace movegen::harness {

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
  std::vector<bool> counted(counts.size());
  for (const auto& [index, nodes] : checkpoint.done()) counts[index] = nodes, counted[index] = true;
  std::vector<std::size_t> queue;
  for (std::size_t i = 0; i < counts.size(); ++i)
    if (!counted[i]) queue.push_back(i);

  PerftTable table(s.hash_mb);
  PerftProgress progress;
  progress.total = queue.size();
  std::atomic<std::size_t> next{0};
  std::mutex failure_mutex;
  std::exception_ptr failure;
  CheckpointWriter writer(&checkpoint, split.subtrees, kill_after);
  const GeneratorOps& ops = generator_ops(g);  // timed work goes through the generator's own translation unit
  const int below = depth - run.split_depth;
  const auto count_subtrees = [&] {
    try {
      for (std::size_t i; (i = next.fetch_add(1)) < queue.size();) {
        std::uint64_t nodes = below == 0 ? 1 : 0;  // one thread per subtree, the table shared by all
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
  run_on_threads(s.threads, count_subtrees, tick);
  if (failure) std::rethrow_exception(failure);
  writer.finish();
  run.divide = combine_divide(split, counts);
  return run;
}

}  // namespace movegen::harness
