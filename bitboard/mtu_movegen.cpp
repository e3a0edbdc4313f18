#include "bitboard/movegen.hpp"
#include "bitboard/mtu_position.hpp"
#include "common/position_concept.hpp"

namespace movegen::bitboard {

static_assert(ChessPosition<MtuPosition>);

namespace {

// Castling, generated only where it is legal (FIDE Laws of Chess, art. 3.8.2): the right is held, the
// squares between king and rook are empty, the king is not in check, and neither the square it crosses
// nor the one it lands on is attacked. The same rule as the plain mailbox's, asked of the bitboards.
template <Color Us>
void generate_castling_moves(const Position& pos, MoveList& moves) {
  for (const CastlingRule& rule : CASTLING_RULES) {
    if (rule.color != Us || !(pos.castling_rights() & rule.right)) continue;
    if (between_bb(rule.king_from, rule.rook_from) & pos.pieces()) continue;
    const Square crossed = Square((rule.king_from + rule.king_to) / 2);
    auto attacked = [&](Square s) { return pos.is_square_attacked(s, ~Us); };
    if (!attacked(rule.king_from) && !attacked(crossed) && !attacked(rule.king_to))
      moves.push_back(Move(rule.king_from, rule.king_to, CASTLING));
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
    const Undo undo = play(m);
    if (!is_square_attacked(king_square(us), ~us)) list.push_back(m);
    take_back(m, undo);
  }
}

}  // namespace movegen::bitboard
