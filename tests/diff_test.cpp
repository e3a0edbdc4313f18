// movegen diff: a deliberately wrong generator is localised to the position and the move it gets wrong.
#include <boost/test/unit_test.hpp>
#include <sstream>

#include "harness/cli/commands.hpp"
#include "harness/cli/debug_commands.hpp"
#include "harness/debugging/divergence.hpp"
#include "tests/broken_generators.hpp"
#include "tests/diff_bugs.hpp"
#include "tests/quick.hpp"

using namespace movegen;
using namespace movegen::harness;
using namespace movegen::testing;

using Strings = std::vector<std::string>;

namespace {

template <class Bug>
std::optional<Divergence> diff_against_mailbox(const std::string& fen, int depth) {
  BuiltinSource<MtuPosition<mailbox::Position>> good("mailbox");
  BuiltinSource<BrokenPosition<Bug>> broken("broken");
  return find_divergence(good, broken, fen, {}, depth);
}

DiffOptions diff_options(std::string a, std::string b, int depth) {
  DiffOptions options;
  options.a = std::move(a), options.b = std::move(b), options.depth = depth;
  return options;
}

}  // namespace

BOOST_AUTO_TEST_CASE(dropped_en_passant_is_found_below_the_double_push_that_allows_it) {
  // Only e2e4 lets the d4 pawn capture en passant; three plies deep the counts below e2e4 differ.
  const auto d = diff_against_mailbox<DropEnPassant>("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1", 3);
  BOOST_REQUIRE(d);
  BOOST_TEST(d->path == Strings{"e2e4"}, boost::test_tools::per_element());
  BOOST_TEST(d->fen == "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
  BOOST_TEST(d->only_a == Strings{"d4e3"}, boost::test_tools::per_element());
  BOOST_TEST(d->only_b.empty());
  BOOST_TEST(d->detail.empty());
}

BOOST_AUTO_TEST_CASE(dropped_en_passant_is_found_in_position_3) {
  // chessprogramming wiki position 3, where en passant captures first appear three plies deep.
  const std::string root = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
  const auto d = diff_against_mailbox<DropEnPassant>(root, 4);
  BOOST_REQUIRE(d);
  BOOST_TEST(d->root_fen == root);
  BOOST_TEST(d->only_b.empty());
  BOOST_REQUIRE(!d->only_a.empty());
  auto pos = harness::position_after<MtuPosition<mailbox::Position>>(root, d->path);
  BOOST_TEST(pos.fen() == d->fen);
  for (const std::string& text : d->only_a) BOOST_TEST(parse_uci_move(pos, text).flag() == EN_PASSANT);
  // The double push that allowed it is the last move of the path.
  BOOST_REQUIRE(!d->path.empty());
  BOOST_TEST(pos.ep_square() != SQ_NONE);
}

// In checked builds (MOVEGEN_CHECK_INVARIANTS: Debug, sanitizers) the invariant check after make_move stops
// PinnedMayMove's first illegal move ("king is in check with ... to move") before diff can localise it.
BOOST_AUTO_TEST_CASE(a_pinned_piece_that_moves_is_found_after_the_pinning_move,
                     *boost::unit_test::enable_if<!test::CHECKED_BUILD>()) {
  // After a7e7 the rook pins the e2 knight to its king; the broken generator lets the knight jump.
  const auto d = diff_against_mailbox<PinnedMayMove>("4k3/r7/8/8/8/8/4N3/4K3 b - - 0 1", 3);
  BOOST_REQUIRE(d);
  BOOST_TEST(d->path == Strings{"a7e7"}, boost::test_tools::per_element());
  BOOST_TEST(d->fen == "4k3/4r3/8/8/8/8/4N3/4K3 w - - 1 2");
  BOOST_TEST(d->only_a.empty());
  BOOST_TEST(d->only_b == (Strings{"e2c1", "e2c3", "e2d4", "e2f4", "e2g1", "e2g3"}), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(a_duplicated_move_is_caught_by_comparing_move_lists_as_multisets) {
  const auto d = diff_against_mailbox<DuplicateDoublePush>(std::string(START_FEN), 2);
  BOOST_REQUIRE(d);
  BOOST_TEST(d->path.empty());
  BOOST_TEST(d->only_a.empty());
  BOOST_TEST(d->only_b == (Strings{"a2a4", "b2b4", "c2c4", "d2d4", "e2e4", "f2f4", "g2g4", "h2h4"}),
             boost::test_tools::per_element());
  BOOST_REQUIRE(d->verdicts.size() == 8u);
  BOOST_TEST(d->verdicts[0].why.rfind("listed 1 time by mailbox and 2 times by broken; legal: ", 0) == 0,
             d->verdicts[0].why);
}

BOOST_AUTO_TEST_CASE(a_double_push_from_the_third_rank_is_shown_by_the_shortest_path) {
  // Asked at depth 5, descending from the root at once follows the first differing move in text order
  // down to four plies (a2a3 a7a5 b2b3 a5a4, then b3b5); two plies (a2a3 and a black move, then a3a5)
  // are enough to show the extra move.
  const auto d = diff_against_mailbox<DoublePushFromThirdRank>(std::string(START_FEN), 5);
  BOOST_REQUIRE(d);
  BOOST_TEST(d->path.size() == 2u);
  BOOST_TEST(d->only_a.empty());
  BOOST_REQUIRE(d->only_b.size() == 1u);
  const std::string extra = d->only_b.front();
  BOOST_TEST((extra[0] == extra[2] && extra[1] == '3' && extra[3] == '5'), extra);
}

BOOST_AUTO_TEST_CASE(the_report_gives_the_smallest_differing_depth_the_kind_and_the_reason) {
  const auto d = diff_against_mailbox<DoublePushFromThirdRank>(std::string(START_FEN), 4);
  BOOST_REQUIRE(d);
  BOOST_TEST(d->depth == 3);
  BOOST_REQUIRE(d->verdicts.size() == 1u);
  BOOST_TEST(
      d->verdicts[0].why.find("is not legal: a pawn double-pushes only from its starting rank") != std::string::npos,
      d->verdicts[0].why);
  std::ostringstream report;
  print_divergence(report, *d);
  BOOST_TEST(report.str().find("depth:      3 ") != std::string::npos, report.str());
  BOOST_TEST(report.str().find("kind:       a double push off the starting rank\n") != std::string::npos, report.str());
  BOOST_TEST(report.str().find("why:        " + d->verdicts[0].why + "\n") != std::string::npos, report.str());
}

BOOST_AUTO_TEST_CASE(castling_through_an_attacked_square_is_named_with_its_attacker) {
  const auto d = diff_against_mailbox<CastleThroughAttack>("r3k3/8/2N5/8/8/8/8/4K3 b q - 0 1", 3);
  BOOST_REQUIRE(d);
  BOOST_TEST(d->path.empty());
  BOOST_TEST(d->depth == 1);
  BOOST_TEST(d->only_b == Strings{"e8c8"}, boost::test_tools::per_element());
  BOOST_TEST(kind_name(d->kind()) == "castling");
  BOOST_TEST(d->verdicts.at(0).why == "e8c8 is not legal: it crosses d8, attacked by the knight on c6");
}

// In checked builds the invariant check stops the broken generator's first illegal en passant.
BOOST_AUTO_TEST_CASE(an_en_passant_that_exposes_the_king_along_the_rank_is_explained,
                     *boost::unit_test::enable_if<!test::CHECKED_BUILD>()) {
  // After c7c5 the pawns on b5 and c5 stand between the king on a5 and the rook on h5.
  const auto d = diff_against_mailbox<EnPassantRankPin>("8/2p5/8/KP5r/8/8/8/7k b - - 0 1", 2);
  BOOST_REQUIRE(d);
  BOOST_TEST(d->path == Strings{"c7c5"}, boost::test_tools::per_element());
  BOOST_TEST(d->only_b == Strings{"b5c6"}, boost::test_tools::per_element());
  BOOST_TEST(kind_name(d->kind()) == "en passant");
  BOOST_TEST(d->verdicts.at(0).why == "b5c6 is not legal: it leaves the king on a5 attacked by the rook on h5");
}

BOOST_AUTO_TEST_CASE(a_missing_move_that_our_generators_find_legal_says_legal) {
  const auto d = diff_against_mailbox<DropEnPassant>("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1", 3);
  BOOST_REQUIRE(d);
  BOOST_REQUIRE(d->verdicts.size() == 1u);
  BOOST_TEST(d->verdicts[0].move == "d4e3");
  BOOST_TEST(*d->verdicts[0].legal);
  BOOST_TEST(d->verdicts[0].why.rfind("legal: it takes the pawn on e4 en passant", 0) == 0, d->verdicts[0].why);
}

BOOST_AUTO_TEST_CASE(all_reports_every_differing_root_move_with_its_own_path) {
  // e2e4 lets two black pawns take en passant, g2g4 one; without --all only the first is reported.
  const std::string fen = "4k3/8/8/8/3p1p2/8/4P1P1/4K3 w - - 0 1";
  BuiltinSource<MtuPosition<mailbox::Position>> good("mailbox");
  BuiltinSource<BrokenPosition<DropEnPassant>> broken("broken");
  const std::vector<Divergence> all = find_all_divergences(good, broken, fen, {}, 3);
  BOOST_REQUIRE(all.size() == 2u);
  BOOST_TEST(all[0].path == Strings{"e2e4"}, boost::test_tools::per_element());
  BOOST_TEST(all[0].only_a == (Strings{"d4e3", "f4e3"}), boost::test_tools::per_element());
  BOOST_TEST(all[1].path == Strings{"g2g4"}, boost::test_tools::per_element());
  BOOST_TEST(all[1].only_a == Strings{"f4g3"}, boost::test_tools::per_element());
  for (const Divergence& d : all) BOOST_TEST(kind_name(d.kind()) == "en passant");
  BOOST_TEST(find_all_divergences(good, good, fen, {}, 3).empty());
}

BOOST_AUTO_TEST_CASE(multiset_minus_keeps_multiplicity) {
  BOOST_TEST(multiset_minus({"e2e4", "e2e4", "d2d4"}, {"e2e4", "d2d4"}) == Strings{"e2e4"},
             boost::test_tools::per_element());
  BOOST_TEST(multiset_minus({"e2e4"}, {"e2e4", "e2e4"}).empty());
}

BOOST_AUTO_TEST_CASE(run_diff_exit_codes_and_report) {
  std::ostringstream out, err;
  BOOST_TEST(run_diff(diff_options("mailbox", "mailbox", 3), out, err) == 0);
  BOOST_TEST(out.str().find("agree at depth 3") != std::string::npos);

  BOOST_CHECK_THROW(run_diff(diff_options("mailbox", "mailbox", 0), out, err), UsageError);
  BOOST_CHECK_THROW(run_diff(diff_options("mailbox", "stockfish", 2), out, err), UsageError);
  BOOST_CHECK_THROW(run_diff(diff_options("mailbox", "uci:", 2), out, err), UsageError);
  DiffOptions bad_fen = diff_options("mailbox", "mailbox", 2);
  bad_fen.fen = "8/8 w";
  BOOST_CHECK_THROW(run_diff(bad_fen, out, err), FenError);
  DiffOptions bad_move = diff_options("mailbox", "mailbox", 2);
  bad_move.moves = {"e2e5"};
  BOOST_CHECK_THROW(run_diff(bad_move, out, err), MoveError);
  DiffOptions both = diff_options("mailbox", "mailbox", 2);
  both.fen = std::string(START_FEN), both.epd = "tests/data/standard.epd";
  BOOST_CHECK_THROW(run_diff(both, out, err), UsageError);
}

BOOST_AUTO_TEST_CASE(run_diff_over_an_epd_file_reports_each_position) {
  std::ostringstream out, err;
  DiffOptions options = diff_options("mailbox", "mailbox", 2);
  options.epd = "tests/data/standard.epd";
  BOOST_TEST(run_diff(options, out, err) == 0);
  BOOST_TEST(out.str().find("7 positions checked: 7 agree, 0 differ, 0 failed") != std::string::npos, out.str());
}
