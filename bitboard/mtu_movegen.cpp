#include "bitboard/movegen.hpp"
#include "bitboard/mtu_position.hpp"
#include "common/position_concept.hpp"

namespace movegen::bitboard {

static_assert(ChessPosition<MtuPosition>);

namespace {

// Castling, king-takes-rook, generated where the king's path allows it (FIDE Laws of Chess, art. 3.8.2, and
// the Chess960 rules): the right is held, the squares king and rook cross or land on are empty but for them,
// and the king is not in check and passes through and lands on no attacked square. The same rule as the
// plain mailbox's, asked of the bitboards; the legality loop's test after the move catches the Chess960 rook
// that shielded the king's destination.
template <Color Us>
void generate_castling_moves(const Position& pos, MoveList& moves) {
  for (int i = Us == WHITE ? 0 : 2; i < (Us == WHITE ? 2 : 4); ++i) {  // the rules of K, Q, k, q
    const CastlingRule& rule = pos.castling_rules().rule(i);
    if (!(pos.castling_rights() & rule.right) || (rule.path & pos.pieces())) continue;
    bool safe = !pos.is_square_attacked(rule.king_from, ~Us);
    for (Bitboard path = rule.king_path; path && safe;) safe = !pos.is_square_attacked(pop_lsb(path), ~Us);
    if (safe) moves.push_back(rule.move());
  }
}

template <Color Us>
void generate_pseudo_legal(const Position& pos, MoveList& moves) {
  const LegalityMasks none{};  // no king to guard: nothing pinned, no check, every square a target
  MoveWriter sink(moves);
  generate_pawn_moves<Us>(pos, none, sink);
  generate_knight_moves<Us>(pos, none, sink);
  generate_slider_moves<Us, BISHOP>(pos, none, sink);
  generate_slider_moves<Us, ROOK>(pos, none, sink);
  generate_king_moves<Us>(pos, Bitboard(0), sink);  // no square is known to be dangerous
  generate_castling_moves<Us>(pos, moves);
}

}  // namespace

void generate_pseudo_legal(const Position& pos, MoveList& moves) {
  if (pos.side_to_move() == WHITE)
    generate_pseudo_legal<WHITE>(pos, moves);
  else
    generate_pseudo_legal<BLACK>(pos, moves);
}

MtuPosition MtuPosition::from_fen(std::string_view fen) {
  MtuPosition pos;
  static_cast<Position&>(pos) = Position::from_fen(fen);
  return pos;
}

// The legality test, make-test-unmake, as in the plain mailbox (mailbox/movegen.cpp): a pseudo-legal move
// is legal if, once made, the mover's king is not attacked.
void MtuPosition::generate_legal(MoveList& list) {
  MoveList pseudo;
  generate_pseudo_legal(*this, pseudo);
  const Color us = side_to_move();
  for (Move m : pseudo) {
    play(m);
    if (!is_square_attacked(king_square(us), ~us)) list.push_back(m);
    take_back(m);
  }
}

}  // namespace movegen::bitboard
