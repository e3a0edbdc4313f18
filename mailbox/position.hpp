// The mailbox position: the board as a 64-character string, plus side to move, castling rights, en passant
// square, clocks and the two king squares. make_move and unmake_move write the string; generate_legal
// (mailbox/movegen.cpp) makes each pseudo-legal move, tests the king and unmakes it.
//
//   auto pos = mailbox::Position::from_fen(START_FEN);
//   MoveList moves;
//   pos.generate_legal(moves);              // 20 moves
//   pos.make_move(moves[0]);
//   pos.unmake_move(moves[0]);              // back to the start position, every field restored
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "common/fen.hpp"
#include "common/move.hpp"
#include "mailbox/attacks.hpp"

namespace movegen::mailbox {

/// A chess position stored as a 64-character board (FEN letters, '-' for empty, a1 = 0) plus side to
/// move, castling rights, en passant square, clocks and king squares. Satisfies movegen::ChessPosition.
class Position {
 public:
  /// The position of a FEN. Throws FenError naming the field for any malformed or impossible FEN.
  static Position from_fen(std::string_view fen);

  /// The position as FEN, all six fields.
  std::string fen() const { return to_fen(state()); }
  /// Every FEN field of the position.
  BoardState state() const;

  /// The 64 board letters, a1 first: the board string itself.
  std::string_view board_string() const { return {board_.data(), board_.size()}; }
  const Board& board() const { return board_; }
  Piece piece_on(Square s) const { return char_to_piece(board_[s]); }
  Color side_to_move() const { return side_; }
  CastlingRights castling_rights() const { return castling_; }
  /// The square a pawn just crossed with a double push, or SQ_NONE.
  Square ep_square() const { return ep_square_; }
  Square king_square(Color c) const { return king_square_[c]; }

  /// True if a piece of colour `by` attacks square `s`.
  bool is_square_attacked(Square s, Color by) const {
    return mailbox::is_square_attacked(board_, s, by, king_square_[by]);
  }
  /// The squares of the pieces giving check to the side to move.
  Bitboard checkers() const { return attackers_to(board_, king_square_[side_], ~side_, king_square_[~side_]); }
  bool in_check() const { return is_square_attacked(king_square_[side_], ~side_); }

  /// Appends every legal move to `list`: each pseudo-legal move is made, the mover's king tested and the
  /// move unmade (defined in mailbox/movegen.cpp). Leaves the position as it was.
  void generate_legal(MoveList& list);

  /// Plays a legal move of this position; unmake_move takes it back.
  void make_move(Move m) {
    play(m);
    verify_invariants();
  }
  /// Takes back `m`, which must be the last move made, restoring every field exactly.
  void unmake_move(Move m) {
    take_back(m);
    verify_invariants();
  }

  /// An empty string if the position is consistent: board letters, one king a side where the king squares
  /// say, no pawn on rank 1 or 8, at most 8 pawns and 16 pieces a side, castling rights and en passant
  /// square that fit the board and the side to move, non-negative clocks, and the side not to move not in
  /// check. Otherwise a description of the first problem found. Checked builds (MOVEGEN_CHECK_INVARIANTS)
  /// run it after every make_move and unmake_move.
  std::string check_position() const;

 protected:
  /// make_move and unmake_move without the invariant check: the legality test plays pseudo-legal moves,
  /// which may leave the mover's king in check.
  void play(Move m);
  void take_back(Move m);

  Board board_{};

 private:
  /// What unmake needs and cannot read off the board: the letter taken ('-' if none) and the fields the
  /// move overwrote.
  struct Undo {
    char captured;
    CastlingRights castling;
    Square ep_square;
    int halfmove_clock;
  };

  void verify_invariants() const;

  Color side_ = WHITE;
  CastlingRights castling_ = NO_CASTLING;
  Square ep_square_ = SQ_NONE;
  int halfmove_clock_ = 0;
  int fullmove_number_ = 1;
  Square king_square_[COLOR_NB] = {SQ_NONE, SQ_NONE};
  std::vector<Undo> history_;
};

}  // namespace movegen::mailbox
