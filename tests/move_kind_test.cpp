// judge_move: the kind of a move and why our generators find it legal or not, read off the board.
#include "harness/moves/move_kind.hpp"

#include <boost/test/unit_test.hpp>

using namespace movegen::harness;

namespace {

// judge_move, with the move's kind and legality checked on the way.
MoveVerdict judged(const std::string& fen, const std::string& move, MoveKind kind, bool legal) {
  MoveVerdict v = judge_move(fen, move);
  BOOST_TEST(v.move == move);
  BOOST_TEST(kind_name(v.kind) == kind_name(kind));
  BOOST_TEST((v.legal && *v.legal == legal), move << " in " << fen << ": " << v.why);
  return v;
}

}  // namespace

BOOST_AUTO_TEST_CASE(castling_names_the_square_and_its_attacker) {
  BOOST_TEST(judged("r3k3/8/2N5/8/8/8/8/4K3 b q - 0 1", "e8c8", MoveKind::CASTLING, false).why ==
             "e8c8 is not legal: it crosses d8, attacked by the knight on c6");
  BOOST_TEST(judged("r3k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", MoveKind::CASTLING, true).why ==
             "legal: f1, g1 empty, and e1, f1 and g1 not attacked");
  BOOST_TEST(judged("r3k3/8/8/8/8/8/8/4K1NR w K - 0 1", "e1g1", MoveKind::CASTLING, false).why ==
             "e1g1 is not legal: g1 is occupied by the knight on g1");
  BOOST_TEST(judged("4k3/8/8/8/8/8/8/4K2R w - - 0 1", "e1g1", MoveKind::CASTLING, false).why ==
             "e1g1 is not legal: the castling right K is not held");
  BOOST_TEST(judged("4k3/4r3/8/8/8/8/8/4K2R w K - 0 1", "e1g1", MoveKind::CASTLING, false).why ==
             "e1g1 is not legal: the king on e1 is in check from the rook on e7");
}

BOOST_AUTO_TEST_CASE(en_passant_that_uncovers_a_rank_or_was_never_allowed) {
  BOOST_TEST(judged("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1", "e5d6", MoveKind::EN_PASSANT, false).why ==
             "e5d6 is not legal: it leaves the king on a5 attacked by the rook on h5");
  BOOST_TEST(judged("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1", "e5d6", MoveKind::EN_PASSANT, false).why ==
             "e5d6 is not legal: there is nothing to take on d6, and the en passant square is -");
  BOOST_TEST(judged("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", MoveKind::EN_PASSANT, true).why ==
             "legal: it takes the pawn on d5 en passant, and the king on e1 is not attacked after it");
}

BOOST_AUTO_TEST_CASE(pawn_pushes_name_the_square_in_the_way) {
  BOOST_TEST(judged("4k3/8/8/8/8/3N4/3P4/4K3 w - - 0 1", "d2d4", MoveKind::DOUBLE_PUSH, false).why ==
             "d2d4 is not legal: d3 is occupied");
  BOOST_TEST(judged("4k3/8/8/8/8/P7/8/4K3 w - - 0 1", "a3a5", MoveKind::DOUBLE_PUSH, false).why ==
             "a3a5 is not legal: a pawn double-pushes only from its starting rank, not from a3");
  BOOST_TEST(judged("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8", MoveKind::PROMOTION, false).why ==
             "a7a8 is not legal: a pawn reaching a8 must promote");
  BOOST_TEST(judged("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8n", MoveKind::PROMOTION, true).why ==
             "legal: the pawn on a7 promotes on a8");
}

BOOST_AUTO_TEST_CASE(pinned_pieces_king_moves_and_check_evasions) {
  BOOST_TEST(judged("4k3/4r3/8/8/8/8/4N3/4K3 w - - 1 2", "e2c3", MoveKind::PINNED_PIECE, false).why ==
             "e2c3 is not legal: it leaves the king on e1 attacked by the rook on e7 (the knight on e2 is pinned)");
  BOOST_TEST(judged("4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1", "e2e5", MoveKind::PINNED_PIECE, true).why ==
             "legal: the rook on e2, pinned by the rook on e7, stays on the line to its king");
  // The king may not step back along the checking rook's ray: its own square no longer blocks it.
  BOOST_TEST(judged("4k3/8/8/8/8/8/8/r3K3 w - - 0 1", "e1f1", MoveKind::KING_MOVE, false).why ==
             "e1f1 is not legal: it puts the king on f1, attacked by the rook on a1");
  BOOST_TEST(judged("4k3/8/8/8/8/8/8/r3K3 w - - 0 1", "e1e2", MoveKind::KING_MOVE, true).why ==
             "legal: e2 is not attacked");
  BOOST_TEST(judged("4k3/8/8/8/4r3/8/8/2B1K3 w - - 0 1", "c1d2", MoveKind::CHECK_EVASION, false).why ==
             "c1d2 is not legal: the king on e1 stays in check from the rook on e4");
  BOOST_TEST(judged("4k3/8/8/8/4r3/8/8/2B1K3 w - - 0 1", "c1e3", MoveKind::CHECK_EVASION, true).why ==
             "legal: it blocks the check from the rook on e4");
}

BOOST_AUTO_TEST_CASE(moves_that_break_their_piece_rule) {
  BOOST_TEST(judged("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", "c1c3", MoveKind::PIECE_MOVE, false).why ==
             "c1c3 is not legal: a bishop does not move from c1 to c3");
  BOOST_TEST(judged("4k3/8/8/8/8/8/3P4/2B1K3 w - - 0 1", "c1e3", MoveKind::PIECE_MOVE, false).why ==
             "c1e3 is not legal: d2, on the way, is occupied");
  BOOST_TEST(judged("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "d2d4", MoveKind::NO_PIECE, false).why ==
             "d2d4 is not legal: there is no piece on d2");
}

BOOST_AUTO_TEST_CASE(what_cannot_be_read_is_not_judged) {
  const MoveVerdict bad_fen = judge_move("8/8 w", "e2e4");
  BOOST_TEST(!bad_fen.legal);
  BOOST_TEST(bad_fen.why.rfind("cannot be judged: ", 0) == 0, bad_fen.why);
  const MoveVerdict bad_move = judge_move("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "e9e4");
  BOOST_TEST(!bad_move.legal);
  BOOST_TEST(bad_move.why == "e9e4 is not legal: not move text");
  BOOST_TEST(kind_name(bad_move.kind) == "move text");
}
