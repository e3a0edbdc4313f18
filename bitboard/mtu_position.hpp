// bitboard-mtu: the bitboard position (bitboard/position.hpp) with the plain mailbox's legality strategy,
// so that the cost of the representation and the cost of the strategy can be measured apart. Pseudo-legal
// moves come from the bitboard's per-piece generators given no masks; each is made, the mover's king
// tested with is_square_attacked, and unmade (bitboard/mtu_movegen.cpp).
//
//   auto pos = bitboard::MtuPosition::from_fen(START_FEN);
//   MoveList moves;
//   pos.generate_legal(moves);              // 20 moves, each made and unmade once to test it
#pragma once

#include "bitboard/position.hpp"

namespace movegen::bitboard {

/// The bitboard position with legality by make, test, unmake. Satisfies movegen::ChessPosition.
class MtuPosition : private Position {
 public:
  /// The position of a FEN. Throws FenError naming the field for any malformed or impossible FEN.
  static MtuPosition from_fen(std::string_view fen);

  using Position::attackers_to;
  using Position::castling_rights;
  using Position::castling_rules;
  using Position::check_position;
  using Position::checkers;
  using Position::ep_square;
  using Position::fen;
  using Position::in_check;
  using Position::is_square_attacked;
  using Position::key;
  using Position::king_square;
  using Position::make_move;
  using Position::piece_on;
  using Position::pieces;
  using Position::side_to_move;
  using Position::state;
  using Position::unmake_move;

  /// Appends every legal move to `list`: each pseudo-legal move (generate_pseudo_legal) is made, the
  /// mover's king tested and the move unmade. Leaves the position as it was.
  void generate_legal(MoveList& list);
};

/// Every pseudo-legal move of the side to move in `pos`: the per-piece generators of bitboard/movegen.hpp
/// given no masks, and castling generated where the king's path allows it, as the plain mailbox does it.
void generate_pseudo_legal(const Position& pos, MoveList& moves);

}  // namespace movegen::bitboard
