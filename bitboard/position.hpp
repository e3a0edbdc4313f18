// The bitboard position: one set of squares per piece type and per colour, and a piece array for "what
// stands on this square"; the other FEN fields, the key and the moves played are common/position_base.hpp's.
// make_board_move and unmake_board_move move pieces in the sets and the array. The position holds no legality strategy:
// MtuPosition and MasksPosition (common/make_test_unmake.hpp, common/masks_strategy.hpp) each make a generator of it.
//
//   auto pos = bitboard::Position::from_fen(START_FEN);
//   pos.pieces(WHITE, PAWN);                // rank 2: 0xFF00
//   pos.make_move(Move(SQ_E2, SQ_E4, DOUBLE_PUSH));
//   pos.unmake_move(Move(SQ_E2, SQ_E4, DOUBLE_PUSH));   // back to the start position, every field restored
#pragma once

#include <string>
#include <string_view>

#include "bitboard/attack_tables.hpp"
#include "common/position_base.hpp"

namespace movegen::bitboard {

/// What unmake_board_move needs and cannot read off the sets: the piece taken (NO_PIECE if none) and the fields the
/// move overwrote.
struct Undo {
  Piece captured;
  MoveFields fields;
};

/// A chess position stored as bitboards (one set per piece type, one per colour) and a piece array, with
/// the FEN fields, key and history of PositionBase. Satisfies movegen::ChessPosition once a legality
/// strategy gives it generate_legal (MtuPosition<Position>, MasksPosition<Position>).
class Position : public PositionBase<Position, Undo> {
 public:
  /// The position of a FEN. Throws FenError naming the field for any malformed or impossible FEN.
  static Position from_fen(std::string_view fen);

  Piece piece_on(Square s) const { return board_[s]; }
  /// True if square s (a1 = 0 .. h8 = 63) holds no piece: it is in no colour's set.
  bool empty(Square s) const { return !(pieces() & square_bb(s)); }
  Square king_square(Color c) const { return lsb(pieces(c, KING)); }

  /// Every occupied square.
  Bitboard pieces() const { return by_color_[WHITE] | by_color_[BLACK]; }
  /// The squares of colour c's pieces.
  Bitboard pieces(Color c) const { return by_color_[c]; }
  /// The squares of colour c's pieces of type pt.
  Bitboard pieces(Color c, PieceType pt) const { return by_color_[c] & by_type_[pt]; }
  /// The squares of colour c's pieces of type pt1 or pt2 (e.g. ROOK, QUEEN: the rook-like sliders).
  Bitboard pieces(Color c, PieceType pt1, PieceType pt2) const { return pieces(c, pt1) | pieces(c, pt2); }

  /// True if a piece of colour `by` attacks square `s` (bitboard/attacks.hpp).
  bool is_square_attacked(Square s, Color by) const;
  /// The squares of the pieces giving check to the side to move.
  Bitboard checkers() const;

  /// An empty string if the position is consistent: the per-type and per-colour sets and the piece array
  /// agree, then the rules all generators share (check_game_rules). Otherwise the first problem found.
  /// Checked builds (MOVEGEN_CHECK_INVARIANTS) run it after every make_move and unmake_move.
  std::string check_position() const;

  /// The board's part of make_move, for a legality test too: plays a pseudo-legal move, which may leave the
  /// mover's king in check, and returns what unmake_board_move needs.
  Undo make_board_move(Move m);
  /// Takes back `m`, played by make_board_move() which returned `undo`.
  void unmake_board_move(Move m, Undo undo);

 private:
  /// Puts piece p on the empty square s, in the sets and the array.
  void put_piece(Piece p, Square s);
  /// Takes the piece on s off the board; returns it.
  Piece remove_piece(Square s);

  Piece board_[SQUARE_NB] = {};
  Bitboard by_type_[PIECE_TYPE_NB] = {};
  Bitboard by_color_[COLOR_NB] = {};
};

}  // namespace movegen::bitboard
