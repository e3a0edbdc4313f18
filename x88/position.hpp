// The 0x88 position: a 128-entry board (x88/board.hpp) and, per side, a list of the squares its pieces stand
// on, the king first; the other FEN fields, the key and the moves played are common/position_base.hpp's.
// make_board_move and unmake_board_move write the board and keep the lists. The position holds no legality strategy:
// MtuPosition and MasksPosition (common/make_test_unmake.hpp, common/masks_strategy.hpp) each make a generator of it.
//
//   auto pos = x88::Position::from_fen(START_FEN);
//   pos.pieces(WHITE).size();               // 16: the white king's 0x88 square first, then the others
//   pos.make_move(Move(SQ_E2, SQ_E4, DOUBLE_PUSH));
//   pos.unmake_move(Move(SQ_E2, SQ_E4, DOUBLE_PUSH));   // back to the start position, lists in their order
#pragma once

#include <array>
#include <span>
#include <string>
#include <string_view>

#include "common/position_base.hpp"
#include "x88/board.hpp"

namespace movegen::x88 {

/// What unmake_board_move needs and cannot read off the board: the piece taken (NO_PIECE if none) and where it
/// stood in its side's list, and the fields the move overwrote.
struct Undo {
  Piece captured;
  int captured_index;
  MoveFields fields;
};

/// A chess position stored as a 0x88 board with a piece list per side, with the FEN fields, key and history
/// of PositionBase. Squares in and out are common Squares (a1 = 0 .. h8 = 63). Satisfies
/// movegen::ChessPosition once a legality strategy gives it generate_legal (MtuPosition<Position>,
/// MasksPosition<Position>).
class Position : public PositionBase<Position, Undo> {
 public:
  /// The position of a FEN. Throws FenError naming the field for any malformed or impossible FEN.
  static Position from_fen(std::string_view fen);

  /// The 128 entries of the 0x88 board, index 16 * rank + file.
  const Board& board() const { return board_; }
  Piece piece_on(Square s) const { return board_[to_x88(s)]; }
  /// True if square s (a1 = 0 .. h8 = 63) holds no piece.
  bool empty(Square s) const { return piece_on(s) == NO_PIECE; }
  /// The 0x88 squares of colour c's pieces, its king first, the others in no fixed order.
  std::span<const Square88> pieces(Color c) const { return {list_[c].data(), std::size_t(count_[c])}; }
  Square king_square(Color c) const { return from_x88(list_[c][0]); }

  /// True if a piece of colour `by` attacks square `s` (x88/attacks.hpp).
  bool is_square_attacked(Square s, Color by) const;
  /// The squares of the pieces giving check to the side to move.
  Bitboard checkers() const;

  /// An empty string if the position is consistent: nothing on the off-board half, each side's list holds
  /// exactly the squares of its pieces with the index of each square right and its king first, then the
  /// rules all generators share (check_game_rules). Otherwise the first problem found. Checked builds
  /// (MOVEGEN_CHECK_INVARIANTS) run it after every make_move and unmake_move.
  std::string check_position() const;

  /// The board's part of make_move, for a legality test too: plays a pseudo-legal move, which may leave the
  /// mover's king in check, and returns what unmake_board_move needs.
  Undo make_board_move(Move m);
  /// Takes back `m`, played by make_board_move() which returned `undo`.
  void unmake_board_move(Move m, Undo undo);

 private:
  /// Puts piece p on square s as entry `index` of its side's list.
  void place(Piece p, Square88 s, int index);
  /// Adds piece p on the empty square s at the end of its side's list.
  void add_piece(Piece p, Square88 s) { place(p, s, count_[color_of(p)]++); }
  /// Moves the piece on `from` to the empty square `to`, keeping its entry in the list.
  void move_piece(Square88 from, Square88 to);
  /// Takes the piece on s off the board; the last entry of its list fills its place. Returns its index.
  int remove_piece(Square88 s);
  /// Undoes remove_piece: p back on s at entry `index`, the entry that filled its place back at the end.
  void restore_piece(Piece p, Square88 s, int index);
  /// make_board_move() and unmake_board_move() of a castling move: king and rook both move (see castling_move).
  Undo make_board_castling(Move m);
  void unmake_board_castling(Move m, Undo undo);

  Board board_{};
  std::array<std::array<Square88, 16>, COLOR_NB> list_{};  // at most 16 pieces a side (check_board_state)
  std::array<int, COLOR_NB> count_{};
  std::array<int, BOARD88_SIZE> index_{};  // index_[s]: the entry of s in its piece's list
};

}  // namespace movegen::x88
