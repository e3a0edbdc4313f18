// perft and divide with a hash table of subtree counts, and divide split across threads that share it.
//
//   PerftTable table(64);
//   auto pos = bitboard::Position::from_fen(START_FEN);
//   perft(pos, 6, Counting::BULK_SIBLINGS, table);         // 119060324, transpositions counted once
//   parallel_divide(pos, 7, Counting::BULK_NODE, table, 2);  // the divide of perft 7, on two threads
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <concepts>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

#include "common/perft.hpp"
#include "common/perft_table.hpp"
#include "common/zobrist.hpp"

namespace movegen {

/// Optional hook: `pos.perft(depth, counting, table)`, hash perft (below) by the position's own recursion,
/// with the same table entries (key, lock, depth) and so the same bound on a false match. A type without it
/// counts with detail::hashed_perft.
template <class P>
concept HashedPerftHook = requires(const P& pos, int depth, Counting counting, PerftTable& table) {
  { pos.perft(depth, counting, table) } -> std::convertible_to<std::uint64_t>;
};

namespace detail {
// Hash perft of `pos`, whose lock (its key with LOCK_NUMBERS, common/zobrist.hpp) is `lock`: each child's
// lock is kept from the parent's by key_change, as make_move keeps the key.
template <ChessPosition P>
std::uint64_t hashed_perft(P& pos, Key lock, int depth, Counting counting, PerftTable& table) {
  const Key key = pos.key();
  if (const auto stored = table.probe(key, lock, depth)) return *stored;
  std::uint64_t nodes = 0;
  if (depth == PerftTable::MIN_DEPTH) {  // no child is looked up: perft counts them its own way
    nodes = perft(pos, depth, counting);
  } else {
    MoveList moves;
    pos.generate_legal(moves);
    std::array<Key, MoveList::CAPACITY> locks;
    // Each child is looked up first thing, most often in a line that is not in the cache: asking for all
    // the children's buckets before counting any overlaps those misses (a make and unmake costs less).
    for (std::size_t i = 0; i < moves.size(); ++i) {
      locks[i] = lock ^ key_change(pos, moves[i], LOCK_NUMBERS);
      pos.make_move(moves[i]);
      table.prefetch(pos.key(), depth - 1);
      pos.unmake_move(moves[i]);
    }
    for (std::size_t i = 0; i < moves.size(); ++i) {
      pos.make_move(moves[i]);
      nodes += hashed_perft(pos, locks[i], depth - 1, counting, table);
      pos.unmake_move(moves[i]);
    }
  }
  table.store(key, lock, depth, nodes);
  return nodes;
}
}  // namespace detail

/// perft (common/perft.hpp) that looks each subtree of depth >= PerftTable::MIN_DEPTH up in `table` by the
/// position's key, its lock (a second key, from LOCK_NUMBERS) and depth before counting it, and stores what
/// it counted. The same count as perft, unless two positions match in key and lock (docs/perft.md, "Hash
/// perft": about 2^-72 a look-up). A node whose children are looked up prefetches their buckets first. A
/// position type with a HashedPerftHook counts by it instead.
template <ChessPosition P>
std::uint64_t perft(P& pos, int depth, Counting counting, PerftTable& table) {
  if (depth < PerftTable::MIN_DEPTH || !table) return perft(pos, depth, counting);
  if constexpr (HashedPerftHook<P>) return pos.perft(depth, counting, table);
  return detail::hashed_perft(pos, zobrist_key(pos.state(), LOCK_NUMBERS), depth, counting, table);
}

/// Runs `work` on `threads` threads (at least one) and returns once every one has returned; meanwhile the
/// calling thread runs `tick` (if any) about ten times a second, e.g. to draw progress. One thread and no
/// `tick`: `work` runs on the calling thread, with no thread started.
inline void run_on_threads(int threads, const std::function<void()>& work, const std::function<void()>& tick = {}) {
  if (threads <= 1 && !tick) {
    work();
    return;
  }
  std::mutex mutex;
  std::condition_variable finished;
  int running = std::max(threads, 1);
  const auto run = [&] {
    work();
    const std::lock_guard lock(mutex);
    --running;
    finished.notify_all();
  };
  std::vector<std::jthread> workers;
  for (int t = 0; t < std::max(threads, 1); ++t) workers.emplace_back(run);
  std::unique_lock lock(mutex);
  while (!finished.wait_for(lock, std::chrono::milliseconds(100), [&] { return running == 0; }))
    if (tick) tick();
}

/// How far a parallel_divide has come, readable while it runs: subtrees counted of all, and their nodes.
struct PerftProgress {
  std::atomic<std::size_t> done{0};
  std::atomic<std::size_t> total{0};
  std::atomic<std::uint64_t> nodes{0};
};

/// divide (common/perft.hpp) on `threads` threads sharing `table`: the tree is cut into the subtrees below
/// each root move, or with more than one thread below each pair of moves (depth >= 3), handed out in order
/// to the next free thread. The same counts as divide, sorted by UCI text. While the threads count, the
/// calling thread runs `tick` (if any) about ten times a second, e.g. to draw `progress`.
template <ChessPosition P>
std::vector<std::pair<Move, std::uint64_t>> parallel_divide(const P& root, int depth, Counting counting,
                                                            PerftTable& table, int threads,
                                                            PerftProgress* progress = nullptr,
                                                            const std::function<void()>& tick = {}) {
  std::vector<std::pair<Move, std::uint64_t>> result;
  if (depth <= 0) return result;
  P pos = root;
  MoveList root_moves;
  pos.generate_legal(root_moves);

  // A subtree to count: below root move `root_index`, and below `second` too if `split`.
  struct Subtree {
    std::size_t root_index;
    bool split;
    Move second;
  };
  std::vector<Subtree> subtrees;
  const bool split = threads > 1 && depth >= 3;
  for (std::size_t i = 0; i < root_moves.size(); ++i) {
    if (!split) {
      subtrees.push_back({i, false, Move::none()});
      continue;
    }
    pos.make_move(root_moves[i]);
    MoveList replies;
    pos.generate_legal(replies);
    for (Move r : replies) subtrees.push_back({i, true, r});
    pos.unmake_move(root_moves[i]);
  }

  PerftProgress own_progress;
  PerftProgress& shared = progress ? *progress : own_progress;
  shared.total = subtrees.size();
  std::vector<std::atomic<std::uint64_t>> counts(root_moves.size());
  std::atomic<std::size_t> next{0};

  const auto count_subtrees = [&] {
    P local = root;
    for (std::size_t i; (i = next.fetch_add(1)) < subtrees.size();) {
      const Subtree& s = subtrees[i];
      const Move first = root_moves[s.root_index];
      local.make_move(first);
      std::uint64_t nodes;
      if (s.split) {
        local.make_move(s.second);
        nodes = perft(local, depth - 2, counting, table);
        local.unmake_move(s.second);
      } else {
        nodes = perft(local, depth - 1, counting, table);
      }
      local.unmake_move(first);
      counts[s.root_index] += nodes;
      shared.nodes += nodes;
      ++shared.done;
    }
  };
  // Below depth 3 a subtree is a few moves deep: starting threads costs more than counting it (movegen-mpi and
  // the hash tests count thousands of such subtrees one call each).
  run_on_threads(depth >= 3 ? threads : 1, count_subtrees, tick);
  for (std::size_t i = 0; i < root_moves.size(); ++i) result.emplace_back(root_moves[i], counts[i].load());
  std::sort(result.begin(), result.end(),
            [](const auto& a, const auto& b) { return to_uci(a.first) < to_uci(b.first); });
  return result;
}

}  // namespace movegen
