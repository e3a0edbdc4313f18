// The mailbox position: the board as a 64-character string, legality by make, test, unmake.
//
//   auto pos = mailbox::Position::from_fen(START_FEN);
//   MoveList moves;
//   pos.generate_legal(moves);              // 20 moves
//   pos.make_move(moves[0]);
//   pos.unmake_move(moves[0]);              // back to the start position, every field restored
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "common/fen.hpp"
#include "common/move.hpp"
#include "mailbox/attacks.hpp"

namespace movegen::mailbox {

/// A chess position stored as a 64-character board (FEN letters, '-' for empty, a1 = 0) plus side to
/// move, castling rights, en passant square and clocks. Satisfies movegen::ChessPosition.
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

  /// How many pieces of the FEN letter `piece` ('P', 'n', ...) stand on the board.
  int count(char piece) const { return counts_[static_cast<unsigned char>(piece)]; }
  /// Colour `by` with whether it has knights, where its king and its sliders are, for the attack tests.
  Attackers attackers(Color by) const {
    return {by, count(letter(by, KNIGHT)) > 0, king_square_[by], slider_lines_[by]};
  }

  /// True if a piece of colour `by` attacks square `s`.
  bool is_square_attacked(Square s, Color by) const { return mailbox::is_square_attacked(board_, s, attackers(by)); }
  /// The squares of the pieces giving check to the side to move.
  Bitboard checkers() const { return attackers_of(board_, king_square_[side_], attackers(~side_)); }
  bool in_check() const { return is_square_attacked(king_square_[side_], ~side_); }
  /// Checkers, pinned pieces and check mask of the side to move (see king_safety).
  KingSafety king_safety() const { return mailbox::king_safety(board_, king_square_[side_], attackers(~side_)); }

  /// Appends every legal move to `list`. The moves whose legality is in question (the king's, a pinned
  /// piece's, en passant) are made, tested for the mover's king safety and unmade; see generate_all.
  /// Leaves the position as it was.
  void generate_legal(MoveList& list);

  /// The number of legal moves, generate_legal's list size, counted without building that list (perft's
  /// bulk counting at the last ply). Leaves the position as it was.
  std::size_t count_legal();

  /// True if pseudo-legal `m` leaves the mover's king unattacked: made on the board string, tested and
  /// taken back (castling, which also moves a rook, by make_move and unmake_move).
  bool keeps_king_safe(Move m);

  /// Plays a legal move of this position; unmake_move takes it back.
  void make_move(Move m);
  /// Takes back `m`, which must be the last move made, restoring every field exactly.
  void unmake_move(Move m);

  /// An empty string if the position is consistent: board letters, letter counts and slider lines that match the board,
  /// one king a side where the king squares say, no pawn on rank 1 or 8, at most 8 pawns and 16 pieces a side, castling
  /// rights and en passant square that fit the board and the side to move, non-negative clocks, and the side not to
  /// move not in check. Otherwise a description of the first problem found. Checked builds (MOVEGEN_CHECK_INVARIANTS)
  /// run it after every make_move and unmake_move.
  std::string check_position() const;

 private:
  struct Undo {
    char captured;
    CastlingRights castling;
    Square ep_square;
    int halfmove_clock;
  };

  /// Writes `piece` on the empty square `s`, and removes the piece on `s` and returns it; every change
  /// of the board goes through these two, which keep the letter counts and slider lines in step.
  void put_piece(Square s, char piece);
  char remove_piece(Square s);

  /// make_move without the invariant check: the legality test plays pseudo-legal moves, which may
  /// leave the mover's king in check.
  void play(Move m);
  void verify_invariants() const;

  Board board_{};
  Color side_ = WHITE;
  CastlingRights castling_ = NO_CASTLING;
  Square ep_square_ = SQ_NONE;
  int halfmove_clock_ = 0;
  int fullmove_number_ = 1;
  Square king_square_[COLOR_NB] = {SQ_NONE, SQ_NONE};
  std::array<std::uint8_t, 128> counts_{};  // pieces on the board per FEN letter, index the letter itself
  SliderLines slider_lines_[COLOR_NB];      // each colour's bishops, rooks and queens per line
  std::vector<Undo> history_;
};

}  // namespace movegen::mailbox
