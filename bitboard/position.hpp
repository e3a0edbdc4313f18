// The bitboard position: one set of squares per piece type and per colour, a piece array for "what stands
// on this square", the side to move, castling rights, en passant square and clocks. make_move and
// unmake_move move pieces in the sets and the array. The position holds no legality strategy:
// bitboard/legal_mtu.hpp and bitboard/legal_masks.hpp each make a generator of it.
//
//   auto pos = bitboard::Position::from_fen(START_FEN);
//   pos.pieces(WHITE, PAWN);                // rank 2: 0xFF00
//   pos.make_move(Move(SQ_E2, SQ_E4, DOUBLE_PUSH));
//   pos.unmake_move(Move(SQ_E2, SQ_E4, DOUBLE_PUSH));   // back to the start position, every field restored
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "bitboard/attack_tables.hpp"
#include "common/castling.hpp"
#include "common/fen.hpp"
#include "common/move.hpp"
#include "common/zobrist.hpp"

namespace movegen::bitboard {

/// A chess position stored as bitboards (one set per piece type, one per colour) and a piece array, with
/// side to move, castling rights and rules, en passant square and clocks. Satisfies movegen::ChessPosition
/// once a legality strategy gives it generate_legal (MtuPosition, MasksPosition).
class Position {
 public:
  /// The position of a FEN. Throws FenError naming the field for any malformed or impossible FEN.
  static Position from_fen(std::string_view fen);

  /// The position as FEN, all six fields.
  std::string fen() const { return to_fen(state()); }
  /// Every FEN field of the position.
  BoardState state() const;

  Piece piece_on(Square s) const { return board_[s]; }
  Color side_to_move() const { return side_; }
  CastlingRights castling_rights() const { return castling_; }
  /// The castling rules of this game (classical or Chess960), found from the FEN it was loaded from.
  const CastlingRules& castling_rules() const { return castling_rules_; }
  /// The square a pawn just crossed with a double push, or SQ_NONE.
  Square ep_square() const { return ep_square_; }
  Square king_square(Color c) const { return lsb(pieces(c, KING)); }
  /// The position's Polyglot Zobrist key (common/zobrist.hpp), kept by make_move and unmake_move.
  Key key() const { return key_; }

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
  bool in_check() const { return checkers() != 0; }

  /// Plays a legal move of this position; unmake_move takes it back.
  void make_move(Move m);
  /// Takes back `m`, which must be the last move made, restoring every field exactly.
  void unmake_move(Move m);

  /// An empty string if the position is consistent: the per-type and per-colour sets and the piece array
  /// agree, then the rules all generators share (check_game_rules). Otherwise the first problem found.
  /// Checked builds (MOVEGEN_CHECK_INVARIANTS) run it after every make_move and unmake_move.
  std::string check_position() const;

  /// What take_back needs and cannot read off the sets: the piece taken (NO_PIECE if none) and the fields
  /// the move overwrote.
  struct Undo {
    Piece captured;
    CastlingRights castling;
    Square ep_square;
    int halfmove_clock;
  };

  /// make_move without the key, the history and the invariant check, for a legality test: plays a
  /// pseudo-legal move, which may leave the mover's king in check, and returns what take_back needs.
  Undo play(Move m);
  /// Takes back `m`, played by play() which returned `undo`.
  void take_back(Move m, Undo undo);

 private:
  /// Puts piece p on the empty square s, in the sets and the array.
  void put_piece(Piece p, Square s);
  /// Takes the piece on s off the board; returns it.
  Piece remove_piece(Square s);
  void verify_invariants() const;

  Piece board_[SQUARE_NB] = {};
  Bitboard by_type_[PIECE_TYPE_NB] = {};
  Bitboard by_color_[COLOR_NB] = {};
  Color side_ = WHITE;
  CastlingRights castling_ = NO_CASTLING;
  Square ep_square_ = SQ_NONE;
  int halfmove_clock_ = 0;
  int fullmove_number_ = 1;
  Key key_ = 0;
  CastlingRules castling_rules_;
  // One entry per move made: what take_back needs, and the key before the move.
  struct Played {
    Undo undo;
    Key key;
  };
  std::vector<Played> history_;
};

}  // namespace movegen::bitboard
