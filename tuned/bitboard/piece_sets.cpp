#include "tuned/bitboard/piece_sets.hpp"

namespace movegen::bitboard_tuned {

// Out of line: make-test-unmake calls it once per pseudo-legal move, and inlined there it ran slower.
Bitboard PieceSets::attackers_to(Square s, Color by, Bitboard occupied) const {
  return (pawn_attacks_bb(~by, s) & pieces(by, PAWN)) | (attacks_bb<KNIGHT>(s) & pieces(by, KNIGHT)) |
         (attacks_bb<KING>(s) & pieces(by, KING)) | (attacks_bb<BISHOP>(s, occupied) & pieces(by, BISHOP, QUEEN)) |
         (attacks_bb<ROOK>(s, occupied) & pieces(by, ROOK, QUEEN));
}

}  // namespace movegen::bitboard_tuned
