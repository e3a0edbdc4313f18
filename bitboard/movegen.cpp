#include "bitboard/movegen.hpp"

#include "bitboard/attacks.hpp"

namespace movegen::bitboard {

namespace {

// One move from `from` to each square of `to`.
void add_moves(Square from, Bitboard to, MoveList& moves) {
  while (to) moves.push_back(Move(from, pop_lsb(to)));
}

// One pawn move to each square of `to`, from the square one step `d` behind it: all four promotions if
// `promotes`, else one move with `flag`.
void add_pawn_moves(Bitboard to, Direction d, bool promotes, MoveList& moves, MoveFlag flag = NORMAL) {
  while (to) {
    const Square s = pop_lsb(to);
    if (promotes)
      add_promotions(moves, s - d, s);
    else
      moves.push_back(Move(s - d, s, flag));
  }
}

// The moves of the side to move's pieces of type Pt (KNIGHT..QUEEN) among `from`: each one's attack set
// with the board's occupancy (sliders stop at the first piece), without own pieces, within `targets`.
template <PieceType Pt>
void add_piece_moves(const Position& pos, Bitboard from, Bitboard targets, MoveList& moves) {
  const Color us = pos.side_to_move();
  for (Bitboard b = from & pos.pieces(us, Pt); b;) {
    const Square s = pop_lsb(b);
    add_moves(s, attacks_bb<Pt>(s, pos.pieces()) & ~pos.pieces(us) & targets, moves);
  }
}

// The pawn moves of colour Us: the shifts are written for one colour at a time, so that each is a constant.
template <Color Us>
void generate_pawn_moves(const Position& pos, Bitboard from, Bitboard targets, MoveList& moves) {
  constexpr Direction Up = pawn_push(Us), UpEast = Direction(Up + EAST), UpWest = Direction(Up + WEST);
  constexpr Bitboard Rank3 = rank_bb(relative_rank(Us, RANK_3)), Rank7 = rank_bb(relative_rank(Us, RANK_7));
  const Bitboard pawns = from & pos.pieces(Us, PAWN), empty = ~pos.pieces(), enemies = pos.pieces(~Us);
  // Pawns on the seventh rank promote as they move; the others do not.
  for (const Bitboard group : {pawns & ~Rank7, pawns & Rank7}) {
    const bool promotes = group & Rank7;
    const Bitboard single_pushes = shift<Up>(group) & empty;
    add_pawn_moves(single_pushes & targets, Up, promotes, moves);
    add_pawn_moves(shift<Up>(single_pushes & Rank3) & empty & targets, Direction(Up + Up), false, moves, DOUBLE_PUSH);
    add_pawn_moves(shift<UpEast>(group) & enemies & targets, UpEast, promotes, moves);
    add_pawn_moves(shift<UpWest>(group) & enemies & targets, UpWest, promotes, moves);
  }
  // En passant: the pawns that attack the square the enemy pawn crossed are those an enemy pawn there would
  // attack.
  if (pos.ep_square() != SQ_NONE)
    for (Bitboard b = pawns & pawn_attacks_bb(~Us, pos.ep_square()); b;)
      moves.push_back(Move(pop_lsb(b), pos.ep_square(), EN_PASSANT));
}

}  // namespace

void generate_pawn_moves(const Position& pos, Bitboard from, Bitboard targets, MoveList& moves) {
  if (pos.side_to_move() == WHITE)
    generate_pawn_moves<WHITE>(pos, from, targets, moves);
  else
    generate_pawn_moves<BLACK>(pos, from, targets, moves);
}

void generate_knight_moves(const Position& pos, Bitboard from, Bitboard targets, MoveList& moves) {
  add_piece_moves<KNIGHT>(pos, from, targets, moves);
}

void generate_bishop_moves(const Position& pos, Bitboard from, Bitboard targets, MoveList& moves) {
  add_piece_moves<BISHOP>(pos, from, targets, moves);
}

void generate_rook_moves(const Position& pos, Bitboard from, Bitboard targets, MoveList& moves) {
  add_piece_moves<ROOK>(pos, from, targets, moves);
}

void generate_queen_moves(const Position& pos, Bitboard from, Bitboard targets, MoveList& moves) {
  add_piece_moves<QUEEN>(pos, from, targets, moves);
}

void generate_king_moves(const Position& pos, Square from, Bitboard targets, MoveList& moves) {
  add_moves(from, attacks_bb<KING>(from) & ~pos.pieces(pos.side_to_move()) & targets, moves);
}

void generate_piece_moves(const Position& pos, Bitboard from, Bitboard targets, MoveList& moves) {
  generate_pawn_moves(pos, from, targets, moves);
  generate_knight_moves(pos, from, targets, moves);
  generate_bishop_moves(pos, from, targets, moves);
  generate_rook_moves(pos, from, targets, moves);
  generate_queen_moves(pos, from, targets, moves);
  if (from & pos.pieces(pos.side_to_move(), KING))
    generate_king_moves(pos, pos.king_square(pos.side_to_move()), targets, moves);
}

void generate_moves_onto(const Position& pos, Bitboard targets, MoveList& moves) {
  generate_piece_moves(pos, pos.pieces(pos.side_to_move()), targets, moves);
}

void generate_pseudo_legal(const Position& pos, MoveList& moves) {
  generate_moves_onto(pos, ALL_SQUARES, moves);
  generate_castling_moves(pos, moves);
}

}  // namespace movegen::bitboard
