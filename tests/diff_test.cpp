// movegen diff: a deliberately wrong generator is localised to the position and the move it gets wrong.
#include <boost/test/unit_test.hpp>
#include <sstream>

#include "harness/commands.hpp"
#include "harness/debug_commands.hpp"
#include "harness/divergence.hpp"
#include "tests/broken_generators.hpp"
#include "tests/quick.hpp"

using namespace movegen;
using namespace movegen::harness;
using namespace movegen::testing;

using Strings = std::vector<std::string>;

namespace {

template <class Bug>
std::optional<Divergence> diff_against_mailbox(const std::string& fen, int depth) {
  BuiltinSource<mailbox::Position> good("mailbox");
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
  auto pos = harness::position_after<mailbox::Position>(root, d->path);
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
  BOOST_TEST(out.str().find("7 positions, 0 with a divergence") != std::string::npos, out.str());
}
