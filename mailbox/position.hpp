// The mailbox position: the board as a 64-character string and the two king squares; the other FEN fields,
// the key and the moves played are common/position_base.hpp's. make_board_move and unmake_board_move write the string.
// The position holds no legality strategy: MtuPosition and MasksPosition (common/make_test_unmake.hpp,
// common/masks_strategy.hpp) each make a generator of it.
//
//   auto pos = mailbox::Position::from_fen(START_FEN);
//   pos.make_move(Move(SQ_E2, SQ_E4, DOUBLE_PUSH));
//   pos.board_string();                     // "RNBQKBNRPPPP-PPP------------P---...", e3 the en passant square
//   pos.unmake_move(Move(SQ_E2, SQ_E4, DOUBLE_PUSH));   // back to the start position, every field restored
#pragma once

#include <string>
#include <string_view>

#include "common/position_base.hpp"
#include "mailbox/attacks.hpp"
#include "mailbox/board.hpp"

namespace movegen::mailbox {

/// What unmake_board_move needs and cannot read off the board: the letter taken ('-' if none) and the fields the
/// move overwrote.
struct Undo {
  char captured;
  MoveFields fields;
};

/// A chess position stored as a 64-character board (FEN letters, '-' for empty, a1 = 0) and the two king
/// squares, with the FEN fields, key and history of PositionBase. Satisfies movegen::ChessPosition once a
/// legality strategy gives it generate_legal (MtuPosition<Position>, MasksPosition<Position>).
class Position : public PositionBase<Position, Undo> {
 public:
  /// The position of a FEN. Throws FenError naming the field for any malformed or impossible FEN.
  static Position from_fen(std::string_view fen);

  /// The 64 board letters, a1 first: the board string itself.
  std::string_view board_string() const { return {board_.data(), board_.size()}; }
  const Board& board() const { return board_; }
  Piece piece_on(Square s) const { return char_to_piece(board_[s]); }
  /// True if square s (a1 = 0 .. h8 = 63) holds no piece: its letter is '-'.
  bool empty(Square s) const { return mailbox::is_empty(board_[s]); }
  Square king_square(Color c) const { return king_square_[c]; }

  /// True if a piece of colour `by` attacks square `s`.
  bool is_square_attacked(Square s, Color by) const;
  /// The squares of the pieces giving check to the side to move.
  Bitboard checkers() const;

  /// An empty string if the position is consistent: board letters, one king a side where the king squares
  /// say, then the rules all generators share (check_game_rules). Otherwise a description of the first
  /// problem found. Checked builds (MOVEGEN_CHECK_INVARIANTS) run it after every make_move and unmake_move.
  std::string check_position() const;

  /// The board's part of make_move, for a legality test too: plays a pseudo-legal move, which may leave the
  /// mover's king in check, and returns what unmake_board_move needs.
  Undo make_board_move(Move m);
  /// Takes back `m`, played by make_board_move() which returned `undo`.
  void unmake_board_move(Move m, Undo undo);

 private:
  /// make_board_move() and unmake_board_move() of a castling move: king and rook both move (see castling_move).
  Undo make_board_castling(Move m);
  void unmake_board_castling(Move m, Undo undo);

  Board board_{};
  Square king_square_[COLOR_NB] = {SQ_NONE, SQ_NONE};
};

/// check_position's first part, which mailbox-tuned shares: an empty string if every square of `board`
/// holds a FEN letter or '-' and each king stands where `king_square` says; otherwise the first problem found.
std::string check_board(const Board& board, const Square (&king_square)[COLOR_NB]);

/// True if a piece of colour `by` attacks `s` once the pieces on the squares of `lifted` have left the board:
/// the attack test castling and the king's safe squares are written over in common/ (generate_castling_moves,
/// safe_king_squares), asked of a copy of the board.
inline bool is_square_attacked_without(const Position& pos, Square s, Color by, Bitboard lifted) {
  return is_square_attacked_without(pos.board(), s, by, pos.king_square(by), lifted);
}

}  // namespace movegen::mailbox
