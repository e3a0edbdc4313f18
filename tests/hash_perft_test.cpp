// Hash perft and threads: the table of subtree counts keeps (key, lock, depth) apart, and every generator gives
// the suite's counts with and without a table, on one thread and on several, sharing a table small enough
// to be overwritten all the time. And `movegen perft --hash --threads` from the command line.
#include <boost/test/unit_test.hpp>
#include <string>
#include <vector>

#include "common/epd.hpp"
#include "common/parallel_perft.hpp"
#include "harness/perft/perft_nodes.hpp"
#include "tests/generators.hpp"
#include "tests/quick.hpp"
#include "tests/run_cli.hpp"

using namespace movegen;
using namespace movegen::harness;
using movegen::test::expect_bad_input;
using movegen::test::run_cli;

constexpr Key START_KEY = 0x463b96181691fc9c;  // Polyglot's key of the start position
constexpr Key LOCK = 0x0123456789abcdef;        // any lock

BOOST_AUTO_TEST_CASE(table_keeps_key_and_depth_apart) {
  PerftTable table(1);
  BOOST_TEST(table.size() == 65536u);  // 16-byte entries, 65536 per MiB
  table.store(START_KEY, LOCK, 5, 4865609);
  BOOST_TEST(table.probe(START_KEY, LOCK, 5).value_or(0) == 4865609u);
  BOOST_TEST(!table.probe(START_KEY, LOCK, 4).has_value());      // another depth
  BOOST_TEST(!table.probe(START_KEY ^ 1, LOCK, 5).has_value());  // another key, same slot
  BOOST_TEST(!table.probe(0, 0, 0).has_value());                 // an empty entry answers nothing, even for key 0
  table.store(7, LOCK, 3, PerftTable::MAX_COUNT + 1);            // too large to hold exactly: not stored
  BOOST_TEST(!table.probe(7, LOCK, 3).has_value());
  table.store(7, LOCK, PerftTable::MAX_DEPTH + 1, 10);           // too deep for the entry's depth bits: not stored
  BOOST_TEST(!table.probe(7, LOCK, PerftTable::MAX_DEPTH + 1).has_value());
  table.store(7, LOCK, PerftTable::MAX_DEPTH, PerftTable::MAX_COUNT);  // the largest of each is held exactly
  BOOST_TEST(table.probe(7, LOCK, PerftTable::MAX_DEPTH).value_or(0) == PerftTable::MAX_COUNT);
}

// Two positions whose 64-bit keys are equal (in a bucket they already share the key's low bits, so only
// 64 - log2(buckets) bits of key tell them apart) are told apart by their locks: a lock that differs in a
// low bit (compared in the key's place) or in a top bit (held beside the count) is a miss, not another
// position's count. Perft 11 with a table of the key alone went 1,208 nodes wrong (docs/perft.md).
BOOST_AUTO_TEST_CASE(same_key_with_another_lock_is_a_miss) {
  PerftTable table(1);
  table.store(START_KEY, LOCK, 5, 4865609);
  BOOST_TEST(!table.probe(START_KEY, LOCK ^ 1, 5).has_value());                   // lowest lock bit
  BOOST_TEST(!table.probe(START_KEY, LOCK ^ (Key(1) << 13), 5).has_value());      // top index bit of 1 MiB
  BOOST_TEST(!table.probe(START_KEY, LOCK ^ (Key(1) << 54), 5).has_value());      // lowest of the top ten
  BOOST_TEST(!table.probe(START_KEY, LOCK ^ (Key(1) << 63), 5).has_value());      // top bit
  BOOST_TEST(table.probe(START_KEY, LOCK, 5).value_or(0) == 4865609u);            // still held
  table.store(START_KEY, LOCK ^ 1, 5, 20);  // the other position takes its own entry, beside the first
  BOOST_TEST(table.probe(START_KEY, LOCK ^ 1, 5).value_or(0) == 20u);
  BOOST_TEST(table.probe(START_KEY, LOCK, 5).value_or(0) == 4865609u);
}

// Keys that differ only in their top bits share a bucket (its index is taken from the low bits): four of
// them fill it, and each one more replaces the entry with the smallest count, the cheapest to count again.
BOOST_AUTO_TEST_CASE(full_bucket_replaces_its_smallest_count) {
  PerftTable table(1);
  const auto key = [](std::uint64_t j) { return Key(START_KEY ^ (j << 48)); };
  for (std::uint64_t j = 1; j <= PerftTable::BUCKET_ENTRIES; ++j) table.store(key(j), LOCK, 4, 100 * j);
  for (std::uint64_t j = 1; j <= PerftTable::BUCKET_ENTRIES; ++j)
    BOOST_TEST(table.probe(key(j), LOCK, 4).value_or(0) == 100 * j);
  table.store(key(9), LOCK, 4, 50);  // the bucket is full: replaces key(1), count 100
  BOOST_TEST(!table.probe(key(1), LOCK, 4).has_value());
  BOOST_TEST(table.probe(key(9), LOCK, 4).value_or(0) == 50u);
  for (std::uint64_t j = 2; j <= PerftTable::BUCKET_ENTRIES; ++j)
    BOOST_TEST(table.probe(key(j), LOCK, 4).value_or(0) == 100 * j);
  table.store(key(2), LOCK, 4, 7);  // a (key, lock, depth) already held is stored over itself, whatever its count
  BOOST_TEST(table.probe(key(2), LOCK, 4).value_or(0) == 7u);
  BOOST_TEST(table.probe(key(9), LOCK, 4).value_or(0) == 50u);
}

// A table of huge pages' size and more is mapped aligned to them with the slack given back: 3 MiB rounds
// down to 2 MiB of buckets, and the first and last bucket (key xor the depth's mix all zeros or all ones)
// hold their entries.
BOOST_AUTO_TEST_CASE(table_of_huge_pages_holds_its_first_and_last_bucket) {
  PerftTable table(3);
  BOOST_TEST(table.size() == 2u * 65536u);
  const Key mix = Key(5) * 0x9E3779B97F4A7C15;  // what bucket_index xors a depth-5 key with
  for (const Key key : {mix, ~mix}) {
    table.store(key, ~key, 5, 4865609);
    BOOST_TEST(table.probe(key, ~key, 5).value_or(0) == 4865609u);
  }
}

BOOST_AUTO_TEST_CASE(zero_megabytes_stores_nothing) {
  PerftTable table(0);
  BOOST_TEST(!table);
  table.store(1, 1, 3, 10);
  BOOST_TEST(!table.probe(1, 1, 3).has_value());
}

BOOST_AUTO_TEST_CASE_TEMPLATE(hash_perft_equals_perft, P, testing::Generators) {
  PerftTable table(1);
  P pos = P::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  const std::string before = pos.fen();
  BOOST_TEST(perft(pos, 3, Counting::BULK, table) == 97862u);  // Kiwipete, chessprogramming wiki
  BOOST_TEST(perft(pos, 3, Counting::BULK, table) == 97862u);  // now from the table
  BOOST_TEST(perft(pos, 3, Counting::MAKE_EVERY_LEAF, table) == 97862u);
  BOOST_TEST(pos.fen() == before);
}

// bitboard-tuned counts hash perft by its own recursion (HashedPerftHook, tuned/bitboard/hashed_perft.hpp), which
// plays castling, en passant and promotions on its own piece array and keys: the Chess960 suite to depth 4 (2 under
// MOVEGEN_TEST_QUICK) through a 1 MiB table shared by all its positions, with and without bulk counting. Under the
// table its leaf parents are counted as --bulk node counts them for both bulk modes, and a child two plies above the
// leaves is built from its sets alone (tuned/bitboard/hashed_perft.cpp): both paths run at every depth from 3.
static_assert(HashedPerftHook<bitboard_tuned::Position>);
BOOST_AUTO_TEST_CASE(tuned_hash_perft_counts_the_chess960_suite) {
  const int max_depth = test::quick_tests() ? 2 : 4;
  PerftTable table(1);
  for (const EpdEntry& e : load_epd(MOVEGEN_SOURCE_DIR "/tests/data/chess960.epd")) {
    auto pos = bitboard_tuned::Position::from_fen(e.fen);
    for (const PerftCount& c : e.counts)
      for (Counting counting : {Counting::BULK_SIBLINGS, Counting::BULK_NODE, Counting::MAKE_EVERY_LEAF})
        if (c.depth <= max_depth)
          BOOST_TEST(perft(pos, c.depth, counting, table) == c.nodes,
                     "chess960.epd line " << e.line << " D" << c.depth << " bulk " << counting_name(counting));
  }
}

// Every count of the bundled suite up to `budget` nodes, by generator `g`, under each of the settings: no
// table, one thread (today's perft); a 1 MiB table shared and overwritten; two and three threads; each node above the
// leaves counted; no bulk.
void check_suite_settings(Generator g) {
  // quick: D1 and D2 of about half the positions, 411 counts (each call allocates its table and starts its
  // threads, which under ASan costs more than counting: the 510 counts up to 2,000 nodes took 30 s a generator)
  const std::uint64_t budget = test::quick_tests() ? 400 : 250'000;
  const std::vector<PerftSettings> settings = {
      {Counting::BULK_SIBLINGS, 0, 1}, {Counting::BULK_SIBLINGS, 1, 1}, {Counting::BULK_SIBLINGS, 0, 2},
      {Counting::BULK_SIBLINGS, 1, 3}, {Counting::BULK_NODE, 1, 2},     {Counting::MAKE_EVERY_LEAF, 1, 2},
  };
  int checked = 0;
  for (const EpdEntry& e : load_epd(MOVEGEN_SOURCE_DIR "/tests/data/perft.epd"))
    for (const PerftCount& c : e.counts) {
      if (c.nodes > budget) continue;
      for (const PerftSettings& s : settings)
        BOOST_TEST(perft_nodes(g, e.fen, c.depth, s) == c.nodes,
                   generator_name(g) << " line " << e.line << " D" << c.depth << " hash " << s.hash_mb << " threads "
                                     << s.threads << " bulk " << counting_name(s.counting));
      ++checked;
    }
  BOOST_TEST(checked > 184);
}

BOOST_AUTO_TEST_CASE(suite_with_and_without_hash_and_threads_mailbox) {
  check_suite_settings(named_generator("mailbox"));
}
BOOST_AUTO_TEST_CASE(suite_with_and_without_hash_and_threads_mailbox_masks) {
  check_suite_settings(named_generator("mailbox-masks"));
}
BOOST_AUTO_TEST_CASE(suite_with_and_without_hash_and_threads_x88) { check_suite_settings(named_generator("x88")); }
BOOST_AUTO_TEST_CASE(suite_with_and_without_hash_and_threads_x88_masks) {
  check_suite_settings(named_generator("x88-masks"));
}
BOOST_AUTO_TEST_CASE(suite_with_and_without_hash_and_threads_bitboard) {
  check_suite_settings(named_generator("bitboard-tuned"));
}
BOOST_AUTO_TEST_CASE(suite_with_and_without_hash_and_threads_bitboard_mtu) {
  check_suite_settings(named_generator("bitboard-mtu"));
}

BOOST_AUTO_TEST_CASE(perft_nodes_counts_depth_zero_and_refuses_bad_input) {
  BOOST_TEST(perft_nodes(named_generator("bitboard-tuned"), START_FEN, 0, {}) == 1u);
  BOOST_CHECK_THROW(perft_nodes(named_generator("bitboard-tuned"), "8/8/8/8/8/8/8/8 w - - 0 1", 2, {}), FenError);
  BOOST_CHECK_THROW(perft_nodes(named_generator("bitboard-tuned"), START_FEN, 2, {.threads = 0}), UsageError);
  BOOST_CHECK_THROW(perft_nodes(named_generator("bitboard-tuned"), START_FEN, 2, {.hash_mb = MAX_HASH_MB + 1}),
                    UsageError);
}

BOOST_AUTO_TEST_CASE(cli_divide_is_the_same_with_hash_and_threads) {
  const std::string kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
  const std::string depth = test::quick_tests() ? "3" : "4";
  const auto plain =
      run_cli({"perft", "--generator", "bitboard-tuned", "--fen", kiwipete, "--hash", "0", "--threads", "1", depth});
  BOOST_TEST(plain.code == 0);
  BOOST_TEST(plain.out.find(test::quick_tests() ? "Nodes searched: 97862\n" : "Nodes searched: 4085603\n") !=
             std::string::npos);
  for (const std::string g : {"mailbox-masks", "bitboard-tuned", "bitboard-mtu"}) {
    const auto hashed = run_cli({"perft", "--generator", g, "--fen", kiwipete, "--hash", "4", "--threads", "2", depth});
    BOOST_TEST(hashed.code == 0);
    BOOST_TEST(hashed.out == plain.out, g);
  }
}

BOOST_AUTO_TEST_CASE(cli_refuses_bad_hash_and_threads) {
  expect_bad_input({"perft", "--hash", "-1", "3"}, "--hash: -1 is outside 0..1048576");
  expect_bad_input({"perft", "--hash", "2000000", "3"}, "--hash: 2000000 is outside 0..1048576");
  expect_bad_input({"perft", "--hash", "lots", "3"}, "--hash: 'lots' is not a whole number");
  expect_bad_input({"perft", "--hash", "1048576", "3"}, "--hash: 1048576 MiB is more than this machine's memory");
  expect_bad_input({"perft", "--threads", "0", "3"}, "--threads: 0 is outside 1..1024");
  expect_bad_input({"perft", "--threads", "two", "3"}, "--threads: 'two' is not a whole number");
}
