// Staged generation (common/staged_generation.hpp) in every generator of the table: on every position of the
// bundled suites (tests/data/perft.epd, tests/data/chess960.epd), and in full runs on every position one legal move
// after each of perft.epd's, the captures and the quiet moves are disjoint and together are the legal moves; every
// capture takes an enemy piece (or is en passant) and no quiet move does.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "common/epd.hpp"
#include "common/staged_generation.hpp"
#include "tests/generators.hpp"
#include "tests/quick.hpp"

using namespace movegen;
using namespace movegen::testing;

namespace {

// The moves of `list`, sorted: two lists compared as multisets.
std::vector<Move> sorted(const MoveList& list) {
  std::vector<Move> moves(list.begin(), list.end());
  std::sort(moves.begin(), moves.end());
  return moves;
}

// True if `m` lands on an enemy piece or is en passant, read off the board alone.
template <ChessPosition P>
bool takes_enemy_piece(const P& pos, Move m) {
  const Piece target = pos.piece_on(m.to());
  return m.flag() == EN_PASSANT || (target != NO_PIECE && color_of(target) != pos.side_to_move());
}

// Checks the stages of `pos` against its legal moves; returns the number of moves checked.
template <ChessPosition P>
std::size_t check_stages(P& pos) {
  MoveList legal, captures, quiets, both;
  pos.generate_legal(legal);
  generate_captures(pos, captures);
  generate_quiets(pos, quiets);
  for (Move m : captures) both.push_back(m);
  for (Move m : quiets) both.push_back(m);
  BOOST_TEST((sorted(both) == sorted(legal)), "captures + quiets are not the legal moves of " << pos.fen());
  for (Move m : captures) BOOST_TEST(takes_enemy_piece(pos, m), to_uci(m) << " is no capture in " << pos.fen());
  for (Move m : quiets) BOOST_TEST(!takes_enemy_piece(pos, m), to_uci(m) << " is a capture in " << pos.fen());
  return legal.size();
}

// Checks every position of the suite `file` and, if `children` and not quick, every position one move after it.
template <ChessPosition P>
std::size_t check_suite(const std::string& file, bool children) {
  std::size_t moves = 0;
  for (const EpdEntry& e : load_epd(std::string(MOVEGEN_SOURCE_DIR) + file)) {
    P pos = P::from_fen(e.fen);
    moves += check_stages(pos);
    if (!children || test::quick_tests()) continue;
    MoveList legal;
    pos.generate_legal(legal);
    for (Move m : legal) {
      pos.make_move(m);
      moves += check_stages(pos);
      pos.unmake_move(m);
    }
  }
  return moves;
}

}  // namespace

BOOST_AUTO_TEST_CASE_TEMPLATE(captures_and_quiets_partition_the_legal_moves, P, Generators) {
  BOOST_TEST(check_suite<P>("/tests/data/perft.epd", true) > 1000u);
  BOOST_TEST(check_suite<P>("/tests/data/chess960.epd", false) > 10000u);
}

// The stages of a position where each kind of move is found: en passant, capturing and quiet promotions to each
// piece, and castling on both sides (the bundled suite's "kiwipete" and promotion positions).
BOOST_AUTO_TEST_CASE_TEMPLATE(each_kind_of_move_in_its_stage, P, Generators) {
  P ep = P::from_fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
  MoveList captures, quiets;
  generate_captures(ep, captures);
  generate_quiets(ep, quiets);
  BOOST_TEST(captures.contains(Move(SQ_E5, SQ_F6, EN_PASSANT)));
  BOOST_TEST(captures.size() == 1u);
  P promotions = P::from_fen("r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1");
  captures.clear(), quiets.clear();
  generate_captures(promotions, captures);
  generate_quiets(promotions, quiets);
  for (PieceType pt : {QUEEN, ROOK, BISHOP, KNIGHT}) {
    BOOST_TEST(captures.contains(Move(SQ_B7, SQ_A8, promotion_flag(pt))));
    BOOST_TEST(quiets.contains(Move(SQ_B7, SQ_B8, promotion_flag(pt))));
  }
  BOOST_TEST(quiets.contains(Move(SQ_E1, SQ_H1, CASTLING)));  // castling, encoded king takes own rook
  BOOST_TEST(quiets.contains(Move(SQ_E1, SQ_A1, CASTLING)));
  BOOST_TEST(captures.contains(Move(SQ_A1, SQ_A8)));
}
