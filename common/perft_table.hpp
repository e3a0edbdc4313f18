// A table of perft subtree counts shared by threads without locks: (Zobrist key, depth) -> leaf nodes.
// Counts stay exact: an entry holds the whole 64-bit key and the depth, so a hit can be wrong only for two
// different positions with the same 64-bit key (the risk and its bound: docs/perft.md, "Hash perft").
//
//   PerftTable table(64);                           // 64 MiB, 4 Mi entries in 1 Mi buckets of four
//   table.store(pos.key(), 5, 4865609);
//   table.probe(pos.key(), 5);                      // 4865609, or nullopt if replaced since
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <optional>

#include "common/zobrist.hpp"

namespace movegen {

/// A fixed-size table of (key, depth) -> count in buckets of four entries, one 64-byte cache line each: a
/// (key, depth) lives in one bucket, so a look-up reads one line; a store replaces the bucket's entry with
/// the smallest count (an empty one first), so the counts that cost most to count again stay longest.
/// probe and store may run at once from any number of threads: each entry is two 64-bit atomic words,
/// the count and depth, and the key xored with them (Hyatt and Mann's lockless hashing), so a half-written
/// entry fails the key check instead of answering with another position's count.
class PerftTable {
 public:
  /// The shallowest depth stored: a depth-1 count is the length of a move list, cheaper than a look-up.
  static constexpr int MIN_DEPTH = 2;
  /// The largest count an entry can hold (56 bits; the depth takes the other 8). Larger ones are not stored.
  static constexpr std::uint64_t MAX_COUNT = (std::uint64_t(1) << 56) - 1;
  /// Entries per bucket: 4 of 16 bytes fill one 64-byte cache line.
  static constexpr std::size_t BUCKET_ENTRIES = 4;

  /// A table of at most `megabytes` MiB (a power of two number of 64-byte buckets, 16384 per MiB), its
  /// memory asked for in huge pages where the system offers them; 0 MiB is an empty table that stores
  /// nothing. Throws std::bad_alloc if the memory cannot be had.
  explicit PerftTable(std::size_t megabytes);
  ~PerftTable();
  PerftTable(const PerftTable&) = delete;
  PerftTable& operator=(const PerftTable&) = delete;

  /// The count stored for the position with `key` at `depth`, or nullopt (always below MIN_DEPTH).
  std::optional<std::uint64_t> probe(Key key, int depth) const {
    if (!buckets_ || depth < MIN_DEPTH) return std::nullopt;
    const Bucket& b = buckets_[bucket_index(key, depth)];
    for (const Entry& e : b.entries) {
      const std::uint64_t data = e.data.load(std::memory_order_relaxed);
      if ((e.check.load(std::memory_order_relaxed) ^ data) == key && int(data & 0xFF) == depth) return data >> 8;
    }
    return std::nullopt;
  }
  /// Stores `nodes` for the position with `key` at `depth` (MIN_DEPTH..255): over the bucket's entry for the
  /// same (key, depth) if there is one, else over its entry with the smallest count.
  void store(Key key, int depth, std::uint64_t nodes) {
    if (!buckets_ || nodes > MAX_COUNT || depth < MIN_DEPTH || depth > 255) return;
    Bucket& b = buckets_[bucket_index(key, depth)];
    Entry* victim = &b.entries[0];
    std::uint64_t victim_count = MAX_COUNT + 1;
    for (Entry& e : b.entries) {
      const std::uint64_t old = e.data.load(std::memory_order_relaxed);
      if ((e.check.load(std::memory_order_relaxed) ^ old) == key && int(old & 0xFF) == depth) {
        victim = &e;
        break;
      }
      if ((old >> 8) < victim_count) victim = &e, victim_count = old >> 8;
    }
    const std::uint64_t data = (nodes << 8) | std::uint64_t(depth);
    victim->check.store(key ^ data, std::memory_order_relaxed);
    victim->data.store(data, std::memory_order_relaxed);
  }
  /// Asks the processor to bring the bucket of (key, depth) into the cache, for a probe or store soon after.
  void prefetch(Key key, int depth) const {
    if (buckets_) __builtin_prefetch(&buckets_[bucket_index(key, depth)]);
  }
  /// The number of entries (0 for a 0 MiB table).
  std::size_t size() const { return buckets_ ? (mask_ + 1) * BUCKET_ENTRIES : 0; }
  /// True if the table stores anything (it was given at least 1 MiB).
  explicit operator bool() const { return buckets_ != nullptr; }

 private:
  struct Entry {
    std::atomic<std::uint64_t> check{0};  // key ^ data
    std::atomic<std::uint64_t> data{0};   // count << 8 | depth; 0 is an empty entry (no depth 0 is stored)
  };
  struct alignas(64) Bucket {
    Entry entries[BUCKET_ENTRIES];
  };
  // The bucket of (key, depth): the low bits of the key with the depth mixed in, so that the same position
  // at two depths lands in two buckets.
  std::size_t bucket_index(Key key, int depth) const {
    return std::size_t(key ^ (std::uint64_t(depth) * 0x9E3779B97F4A7C15)) & mask_;
  }

  Bucket* buckets_ = nullptr;
  std::size_t bytes_ = 0;  // of the mapping that holds buckets_
  std::size_t mask_ = 0;
};

}  // namespace movegen
