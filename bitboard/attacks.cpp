#include "bitboard/attacks.hpp"

namespace movegen::bitboard {

Bitboard attackers_to(const Position& pos, Square sq, Color by, Bitboard occupied) {
  // A pawn of `by` attacks sq from where a pawn of the other colour on sq would attack.
  return (pawn_attacks_bb(~by, sq) & pos.pieces(by, PAWN)) | (attacks_bb<KNIGHT>(sq) & pos.pieces(by, KNIGHT)) |
         (attacks_bb<KING>(sq) & pos.pieces(by, KING)) |
         (attacks_bb<BISHOP>(sq, occupied) & pos.pieces(by, BISHOP, QUEEN)) |
         (attacks_bb<ROOK>(sq, occupied) & pos.pieces(by, ROOK, QUEEN));
}

bool is_square_attacked(const Position& pos, Square sq, Color by) {
  return attackers_to(pos, sq, by, pos.pieces()) != 0;
}

bool is_square_attacked_without(const Position& pos, Square sq, Color by, Bitboard lifted) {
  return attackers_to(pos, sq, by, pos.pieces() & ~lifted) != 0;
}

}  // namespace movegen::bitboard
