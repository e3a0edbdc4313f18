// The make-test-unmake strategy on the 10x12 board: every pseudo-legal move (board10x12/movegen.hpp, every
// square a target) is made on the board string, the mover's king tested for attack by looking outward from
// its square (board10x12/attacks.hpp), and the move unmade. mailbox/legal_mtu.hpp is the same loop on the
// 64-square board.
//
//   auto pos = board10x12::MtuPosition::from_fen(START_FEN);
//   MoveList moves;
//   pos.generate_legal(moves);              // 20 moves, each made and unmade once to test it
#pragma once

#include <string_view>

#include "board10x12/position.hpp"
#include "common/move.hpp"
#include "common/staged_generation.hpp"

namespace movegen::board10x12 {

/// Appends every legal move of the side to move in `pos` to `list`: each pseudo-legal move made, kept if
/// the mover's king is then not attacked, and unmade (generate_legal_made_and_tested,
/// common/make_test_unmake.hpp). Leaves the position as it was.
void generate_legal_mtu(Position& pos, MoveList& list);

/// The generator `board10x12`: the 10x12 Position with make-test-unmake. Satisfies movegen::ChessPosition.
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

}  // namespace movegen::board10x12
