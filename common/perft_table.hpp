// A table of perft subtree counts shared by threads without locks: (Zobrist key, lock, depth) -> leaf nodes.
// An entry answers only for the whole 64-bit key, 10 + log2(buckets) bits of the lock (a second key from
// independent numbers, common/zobrist.hpp's LOCK_NUMBERS) and the depth: two different positions collide
// with probability 2^-74 an entry, whatever the table's size (the bound: docs/perft.md, "Hash perft").
//
//   PerftTable table(64);                           // 64 MiB, 4 Mi entries in 1 Mi buckets of four
//   table.store(pos.key(), lock, 5, 4865609);
//   table.probe(pos.key(), lock, 5);                // 4865609, or nullopt if replaced since
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <optional>

#include "common/zobrist.hpp"

namespace movegen {

/// A fixed-size table of (key, lock, depth) -> count in buckets of four entries, one 64-byte cache line
/// each: a (key, depth) lives in one bucket, chosen by the key's low bits, so a look-up reads one line; a
/// store replaces the bucket's entry with the smallest count (an empty one first), so the counts that cost
/// most to count again stay longest.
///
/// The key's low bits are the same for every entry of a bucket at one depth, so an entry that held the key
/// alone would tell positions apart by only 64 - log2(buckets) bits (36 with 16 GiB: a false match about
/// once in 2^34 look-ups, which perft 11 makes). An entry therefore holds the lock's low bits in their
/// place, and the lock's top 10 bits beside the count: 74 bits in all.
///
/// probe and store may run at once from any number of threads: each entry is two 64-bit atomic words,
/// the data (count, lock's top bits, depth) and the key xored with it (Hyatt and Mann's lockless hashing),
/// so a half-written entry fails the check instead of answering with another position's count.
class PerftTable {
 public:
  /// The shallowest depth stored: a depth-1 count is the length of a move list, cheaper than a look-up.
  static constexpr int MIN_DEPTH = 2;
  /// The deepest depth stored (6 bits).
  static constexpr int MAX_DEPTH = 63;
  /// The largest count an entry can hold (48 bits; the depth and the lock's top 10 bits take the other 16).
  /// Larger ones are not stored: they are near the root, where few subtrees are counted twice.
  static constexpr std::uint64_t MAX_COUNT = (std::uint64_t(1) << 48) - 1;
  /// Entries per bucket: 4 of 16 bytes fill one 64-byte cache line.
  static constexpr std::size_t BUCKET_ENTRIES = 4;

  /// A table of at most `megabytes` MiB (a power of two number of 64-byte buckets, 16384 per MiB), its
  /// memory asked for in huge pages where the system offers them; 0 MiB is an empty table that stores
  /// nothing. Throws std::bad_alloc if the memory cannot be had.
  explicit PerftTable(std::size_t megabytes);
  ~PerftTable();
  PerftTable(const PerftTable&) = delete;
  PerftTable& operator=(const PerftTable&) = delete;

  /// The count stored for the position with `key` and `lock` at `depth`, or nullopt (always below MIN_DEPTH).
  std::optional<std::uint64_t> probe(Key key, Key lock, int depth) const {
    if (!buckets_ || depth < MIN_DEPTH || depth > MAX_DEPTH) return std::nullopt;
    const Bucket& b = buckets_[bucket_index(key, depth)];
    const std::uint64_t tag = data_tag(lock, depth);
    const Key check = checked_key(key, lock);
    for (const Entry& e : b.entries) {
      const std::uint64_t data = e.data.load(std::memory_order_relaxed);
      if (holds(e, data, tag, check)) return data >> 16;
    }
    return std::nullopt;
  }
  /// Stores `nodes` for the position with `key` and `lock` at `depth` (MIN_DEPTH..MAX_DEPTH): over the
  /// bucket's entry for the same (key, lock, depth) if there is one, else over its entry with the smallest
  /// count.
  void store(Key key, Key lock, int depth, std::uint64_t nodes) {
    if (!buckets_ || nodes > MAX_COUNT || depth < MIN_DEPTH || depth > MAX_DEPTH) return;
    Bucket& b = buckets_[bucket_index(key, depth)];
    const std::uint64_t tag = data_tag(lock, depth);
    const Key check = checked_key(key, lock);
    Entry* victim = &b.entries[0];
    std::uint64_t victim_count = MAX_COUNT + 1;
    for (Entry& e : b.entries) {
      const std::uint64_t old = e.data.load(std::memory_order_relaxed);
      if (holds(e, old, tag, check)) {
        victim = &e;
        break;
      }
      if ((old >> 16) < victim_count) victim = &e, victim_count = old >> 16;
    }
    const std::uint64_t data = (nodes << 16) | tag;
    victim->check.store(check ^ data, std::memory_order_relaxed);
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
    std::atomic<std::uint64_t> check{0};  // checked_key ^ data
    std::atomic<std::uint64_t> data{0};   // count << 16 | data_tag; 0 is an empty entry (no depth 0 is stored)
  };
  // The low 16 bits of an entry's data: the lock's top 10 bits above the depth's 6.
  static constexpr std::uint64_t TAG_MASK = 0xFFFF;
  static std::uint64_t data_tag(Key lock, int depth) { return ((lock >> 54) << 6) | std::uint64_t(depth); }
  // The key xored with the lock's low bits: the bucket and depth already fix the key's low bits, so in a
  // comparison these bits compare the locks.
  Key checked_key(Key key, Key lock) const { return key ^ (lock & mask_); }
  // True if entry e, whose data word was read as `data`, is the one for (tag, check): its depth and lock's
  // top bits are `tag` and its check word is `check` xored with that data.
  static bool holds(const Entry& e, std::uint64_t data, std::uint64_t tag, Key check) {
    return (data & TAG_MASK) == tag && (e.check.load(std::memory_order_relaxed) ^ data) == check;
  }
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
