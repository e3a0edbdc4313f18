// The make-test-unmake strategy on bitboards: every pseudo-legal move (bitboard/movegen.hpp, every square a
// target) is made on the sets, the mover's king tested for attack by looking outward from its square with
// the attack tables (bitboard/attacks.hpp), and the move unmade. mailbox/legal_mtu.hpp is the same loop on
// the board string.
//
//   auto pos = bitboard::MtuPosition::from_fen(START_FEN);
//   MoveList moves;
//   pos.generate_legal(moves);              // 20 moves, each made and unmade once to test it
#pragma once

#include <string_view>

#include "bitboard/position.hpp"
#include "common/move.hpp"
#include "common/staged_generation.hpp"

namespace movegen::bitboard {

/// Appends every legal move of the side to move in `pos` to `list`: each pseudo-legal move made, kept if
/// the mover's king is then not attacked, and unmade (generate_legal_made_and_tested,
/// common/make_test_unmake.hpp). Leaves the position as it was.
void generate_legal_mtu(Position& pos, MoveList& list);

/// The generator `bitboard-mtu`: the bitboard Position with make-test-unmake. Satisfies movegen::ChessPosition.
struct MtuPosition : Position {
  /// The position of a FEN. Throws FenError naming the field for any malformed or impossible FEN.
  static MtuPosition from_fen(std::string_view fen) { return {Position::from_fen(fen)}; }
  /// Appends every legal move to `list` (generate_legal_mtu).
  void generate_legal(MoveList& list) { generate_legal_mtu(*this, list); }
};

/// Appends the legal moves of `stage` (common/staged_generation.hpp) of the side to move in `pos` to `list`: each
/// pseudo-legal move of the stage made and tested (generate_stage_made_and_tested). What generate_captures and
/// generate_quiets call for this generator.
void generate_stage(MtuPosition& pos, MoveList& list, Stage stage);

}  // namespace movegen::bitboard
