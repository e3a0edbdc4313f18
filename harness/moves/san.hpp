// Reading a move as engines print it in a divide: UCI (e2e4, e7e8q), long algebraic (e2-e4, e5xf7, e7-e8=Q,
// Ng1-f3) or SAN with its check marks (Nf3, exd6, O-O-O, e8=Q+). SAN names its move only through the
// position, so it is read against our mailbox generator's legal moves; no rule is written here.
//
//   MtuPosition<mailbox::Position> pos = MtuPosition<mailbox::Position>::from_fen(START_FEN);
//   read_move(pos, "Nf3").uci == "g1f3";   read_move(pos, "e2-e4").uci == "e2e4";
//   read_move(pos, "Nd4").reason == "no knight of the side to move reaches d4"
#pragma once

#include <string>
#include <string_view>

#include "common/move.hpp"
#include "mailbox/movegen.hpp"

namespace movegen::harness {

/// True if `text` has the shape of a move in UCI, long algebraic or SAN notation (the position aside).
bool is_move_notation(std::string_view text);

/// What a move text names in a position.
struct MoveReading {
  /// The UCI text (castling as `notation` writes it) of the move it names: one of our legal moves, or, for
  /// a text that names a move no legal move of ours matches, the one move of a piece of the side to move
  /// that follows its piece's rule (a pinned knight's Nf3), so that the move can be judged; "" if none.
  std::string uci;
  /// Why no move is named ("" if one is): "no knight of the side to move reaches f3", "ambiguous: ...".
  std::string reason;
  /// The rule that reason states, worded apart from the position, for grouping: "a SAN move no piece
  /// makes", "an ambiguous SAN move", "not move text".
  std::string rule;
};

/// Reads `text` in `pos`: UCI and long algebraic by their squares (a promotion letter made lower-case),
/// SAN and castling (O-O, 0-0-0) against the legal moves of `pos`. Never throws.
MoveReading read_move(MtuPosition<mailbox::Position>& pos, std::string_view text,
                      Notation notation = Notation::CLASSICAL);

}  // namespace movegen::harness
