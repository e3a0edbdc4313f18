// A table of perft subtree counts shared by threads without locks: (Zobrist key, depth) -> leaf nodes.
// Counts stay exact: an entry holds the whole 64-bit key and the depth, so a hit can be wrong only for two
// different positions with the same 64-bit key (the risk and its bound: docs/perft.md, "Hash perft").
//
//   PerftTable table(64);                           // 64 MiB, 4 Mi entries
//   table.store(pos.key(), 5, 4865609);
//   table.probe(pos.key(), 5);                      // 4865609, or nullopt if replaced since
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>

#include "common/zobrist.hpp"

namespace movegen {

/// A fixed-size table of (key, depth) -> count, one entry per slot, a newer entry replacing an older one.
/// probe and store may run at once from any number of threads: each entry is two 64-bit atomic words,
/// the count and depth, and the key xored with them (Hyatt and Mann's lockless hashing), so a half-written
/// entry fails the key check instead of answering with another position's count.
class PerftTable {
 public:
  /// The shallowest depth stored: a depth-1 count is the length of a move list, cheaper than a look-up.
  static constexpr int MIN_DEPTH = 2;
  /// The largest count an entry can hold (56 bits; the depth takes the other 8). Larger ones are not stored.
  static constexpr std::uint64_t MAX_COUNT = (std::uint64_t(1) << 56) - 1;

  /// A table of at most `megabytes` MiB (a power of two number of 16-byte entries, 65536 per MiB); 0 MiB
  /// is an empty table that stores nothing. Throws std::bad_alloc if the memory cannot be had.
  explicit PerftTable(std::size_t megabytes);

  /// The count stored for the position with `key` at `depth`, or nullopt (always below MIN_DEPTH).
  std::optional<std::uint64_t> probe(Key key, int depth) const {
    if (!entries_ || depth < MIN_DEPTH) return std::nullopt;
    const Entry& e = entries_[slot(key, depth)];
    const std::uint64_t data = e.data.load(std::memory_order_relaxed);
    if ((e.check.load(std::memory_order_relaxed) ^ data) != key || int(data & 0xFF) != depth) return std::nullopt;
    return data >> 8;
  }
  /// Stores `nodes` for the position with `key` at `depth` (MIN_DEPTH..255), replacing the slot's entry.
  void store(Key key, int depth, std::uint64_t nodes) {
    if (!entries_ || nodes > MAX_COUNT || depth < MIN_DEPTH || depth > 255) return;
    Entry& e = entries_[slot(key, depth)];
    const std::uint64_t data = (nodes << 8) | std::uint64_t(depth);
    e.check.store(key ^ data, std::memory_order_relaxed);
    e.data.store(data, std::memory_order_relaxed);
  }
  /// The number of entries (0 for a 0 MiB table).
  std::size_t size() const { return entries_ ? mask_ + 1 : 0; }
  /// True if the table stores anything (it was given at least 1 MiB).
  explicit operator bool() const { return entries_ != nullptr; }

 private:
  struct Entry {
    std::atomic<std::uint64_t> check{0};  // key ^ data
    std::atomic<std::uint64_t> data{0};   // count << 8 | depth; 0 is an empty entry (no depth 0 is stored)
  };
  // The same position at two depths lands in two slots: the depth is mixed into the index.
  std::size_t slot(Key key, int depth) const {
    return std::size_t(key ^ (std::uint64_t(depth) * 0x9E3779B97F4A7C15)) & mask_;
  }

  std::unique_ptr<Entry[]> entries_;
  std::size_t mask_ = 0;
};

}  // namespace movegen
