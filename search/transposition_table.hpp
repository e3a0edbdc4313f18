// The fixed search's optional transposition table (docs/search.md, "The transposition table"): one entry per slot,
// a slot chosen by the position's Polyglot key (pos.key()) modulo the number of slots, and every store replacing
// what the slot held. Its contents depend only on the sequence of stores, so that every generator, searching the
// same tree, fills it the same way; search_to_depth clears it before each position.
//
//   TranspositionTable table(16);                                  // 16 MiB: 1,048,576 entries of 16 bytes
//   table.store(pos.key(), 3, Bound::LOWER, 120, best);
//   if (const TableEntry* e = table.probe(pos.key())) use(e->depth, e->bound, e->score, e->move);
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "common/move.hpp"
#include "common/zobrist.hpp"
#include "search/score.hpp"

namespace movegen::search {

/// What a stored score says of the position's value: nothing (an empty slot), at most the score (the search
/// failed low), at least the score (it cut off) or exactly the score.
enum class Bound : std::uint8_t { NONE, UPPER, LOWER, EXACT };

/// One stored search result: the position's whole key, the depth searched, the bound, the score (mate scores
/// counted from this position, not from the root: score_to_table) and the best move (Move::none() if none).
struct TableEntry {
  Key key = 0;
  Move move = Move::none();
  std::int16_t score = 0;
  std::int8_t depth = 0;
  Bound bound = Bound::NONE;
};

/// A fixed number of TableEntry slots; a key's slot is key modulo the number of slots, and a store always
/// replaces the slot's entry (the newest result, which iterative deepening makes the deepest).
class TranspositionTable {
 public:
  /// Slots per MiB: 65,536 entries of 16 bytes.
  static constexpr std::size_t ENTRIES_PER_MB = (std::size_t(1) << 20) / sizeof(TableEntry);

  /// A table of `megabytes` MiB, every slot empty. Throws std::invalid_argument for 0 MiB (no table is a null
  /// table pointer), std::bad_alloc if the memory cannot be had.
  explicit TranspositionTable(std::size_t megabytes) : entries_(checked_slots(megabytes * ENTRIES_PER_MB)) {}

  /// A table of exactly `slots` slots: tests use a few to make entries replace each other. Throws
  /// std::invalid_argument for 0 slots.
  static TranspositionTable with_slots(std::size_t slots) {
    TranspositionTable table(1);
    table.entries_.assign(checked_slots(slots), TableEntry{});
    return table;
  }

  /// Empties every slot.
  void clear() { entries_.assign(entries_.size(), TableEntry{}); }

  /// The entry stored for `key`, or nullptr if its slot is empty or holds another key.
  const TableEntry* probe(Key key) const {
    const TableEntry& e = entries_[key % entries_.size()];
    return e.bound != Bound::NONE && e.key == key ? &e : nullptr;
  }

  /// Stores a result in `key`'s slot, replacing what it held. `score` is counted from this position
  /// (score_to_table); `depth` is 1..MAX_SEARCH_DEPTH.
  void store(Key key, int depth, Bound bound, int score, Move move) {
    entries_[key % entries_.size()] = {key, move, std::int16_t(score), std::int8_t(depth), bound};
  }

  /// The number of slots.
  std::size_t slots() const { return entries_.size(); }

 private:
  static std::size_t checked_slots(std::size_t slots) {
    if (slots == 0) throw std::invalid_argument("TranspositionTable: a table needs at least one slot");
    return slots;
  }

  std::vector<TableEntry> entries_;
};

/// `score`, found `ply` plies from the root, as the table keeps it: a mate score counted from the position
/// itself rather than from the root, so that it reads right wherever the position is met again.
constexpr int score_to_table(int score, int ply) {
  return score >= MATE_SCORE - MAX_PLY ? score + ply : score <= -MATE_SCORE + MAX_PLY ? score - ply : score;
}

/// A score of the table, met `ply` plies from the root: score_to_table's inverse.
constexpr int score_from_table(int score, int ply) {
  return score >= MATE_SCORE - MAX_PLY ? score - ply : score <= -MATE_SCORE + MAX_PLY ? score + ply : score;
}

}  // namespace movegen::search
