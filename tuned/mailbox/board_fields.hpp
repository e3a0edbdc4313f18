// What mailbox-tuned keeps of a position beside its clocks, key, counts and slider lines: the board string
// of mailbox/board.hpp, the side to move, castling rights and rules, the en passant square and each king's
// square. mailbox_tuned::Position (tuned/mailbox/position.hpp) derives from it, loads these fields from a
// FEN and reads them back here, and plays its moves on them its own way. (The reference mailbox keeps the
// same fields in common/position_base.hpp instead.)
//
//   auto pos = mailbox_tuned::Position::from_fen(START_FEN);   // from_fen loads its BoardFields
//   pos.piece_on(SQ_E1);                    // W_KING
//   pos.king_square(BLACK);                 // SQ_E8
#pragma once

#include <string_view>

#include "common/castling.hpp"
#include "common/fen.hpp"
#include "common/types.hpp"
#include "mailbox/board.hpp"

namespace movegen::mailbox_tuned {

using mailbox::Board;
using mailbox::letter;

/// The board string and the FEN fields read with it (side to move, castling rights and rules, en passant
/// square), with the two king squares found from the board.
class BoardFields {
 public:
  /// The 64 board letters, a1 first: the board string itself.
  std::string_view board_string() const { return {board_.data(), board_.size()}; }
  const Board& board() const { return board_; }
  Piece piece_on(Square s) const { return char_to_piece(board_[s]); }
  Color side_to_move() const { return side_; }
  CastlingRights castling_rights() const { return castling_; }
  /// The castling rules of this game (classical or Chess960), found from the FEN it was loaded from.
  const CastlingRules& castling_rules() const { return castling_rules_; }
  /// The square a pawn just crossed with a double push, or SQ_NONE.
  Square ep_square() const { return ep_square_; }
  Square king_square(Color c) const { return king_square_[c]; }

 protected:
  /// Takes the board, side to move, castling rights and rules and en passant square of `s`, a parsed FEN,
  /// and finds the king squares on its board.
  void load(const BoardState& s) {
    for (Square sq = SQ_A1; sq <= SQ_H8; ++sq) {
      board_[sq] = piece_to_char(s.board[sq]);
      if (type_of(s.board[sq]) == KING) king_square_[color_of(s.board[sq])] = sq;
    }
    side_ = s.side_to_move;
    castling_ = s.castling;
    castling_rules_ = CastlingRules::of(s);
    ep_square_ = s.ep_square;
  }
  /// The FEN fields of these fields: every one but the clocks, which the position fills in.
  BoardState state_without_clocks() const {
    BoardState s;
    for (Square sq = SQ_A1; sq <= SQ_H8; ++sq) s.board[sq] = piece_on(sq);
    s.side_to_move = side_;
    s.castling = castling_;
    s.castling_rooks = castling_rules_.rook_squares(castling_);
    s.ep_square = ep_square_;
    return s;
  }

  Board board_{};
  Color side_ = WHITE;
  CastlingRights castling_ = NO_CASTLING;
  Square ep_square_ = SQ_NONE;
  Square king_square_[COLOR_NB] = {SQ_NONE, SQ_NONE};
  CastlingRules castling_rules_;
};

}  // namespace movegen::mailbox_tuned
