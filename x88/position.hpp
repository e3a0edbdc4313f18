// The 0x88 position: a 128-entry board (x88/board.hpp) and, per side, a list of the squares its pieces stand
// on, the king first; plus side to move, castling rights, en passant square and clocks. make_move and
// unmake_move write the board and keep the lists. The position holds no legality strategy:
// x88/legal_mtu.hpp and x88/legal_masks.hpp each make a generator of it.
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
#include <vector>

#include "common/castling.hpp"
#include "common/fen.hpp"
#include "common/move.hpp"
#include "common/zobrist.hpp"
#include "x88/board.hpp"

namespace movegen::x88 {

/// A chess position stored as a 0x88 board with a piece list per side, side to move, castling rights and
/// rules, en passant square and clocks. Squares in and out are common Squares (a1 = 0 .. h8 = 63).
/// Satisfies movegen::ChessPosition once a legality strategy gives it generate_legal (MtuPosition,
/// MasksPosition).
class Position {
 public:
  /// The position of a FEN. Throws FenError naming the field for any malformed or impossible FEN.
  static Position from_fen(std::string_view fen);

  /// The position as FEN, all six fields.
  std::string fen() const { return to_fen(state()); }
  /// Every FEN field of the position.
  BoardState state() const;

  /// The 128 entries of the 0x88 board, index 16 * rank + file.
  const Board& board() const { return board_; }
  Piece piece_on(Square s) const { return board_[to_x88(s)]; }
  /// The 0x88 squares of colour c's pieces, its king first, the others in no fixed order.
  std::span<const Square88> pieces(Color c) const { return {list_[c].data(), std::size_t(count_[c])}; }
  Color side_to_move() const { return side_; }
  CastlingRights castling_rights() const { return castling_; }
  /// The castling rules of this game (classical or Chess960), found from the FEN it was loaded from.
  const CastlingRules& castling_rules() const { return castling_rules_; }
  /// The square a pawn just crossed with a double push, or SQ_NONE.
  Square ep_square() const { return ep_square_; }
  Square king_square(Color c) const { return from_x88(list_[c][0]); }
  /// The position's Polyglot Zobrist key (common/zobrist.hpp), kept by make_move and unmake_move.
  Key key() const { return key_; }

  /// True if a piece of colour `by` attacks square `s` (x88/attacks.hpp).
  bool is_square_attacked(Square s, Color by) const;
  /// The squares of the pieces giving check to the side to move.
  Bitboard checkers() const;
  bool in_check() const { return checkers() != 0; }

  /// Plays a legal move of this position; unmake_move takes it back.
  void make_move(Move m);
  /// Takes back `m`, which must be the last move made, restoring every field exactly.
  void unmake_move(Move m);

  /// An empty string if the position is consistent: nothing on the off-board half, each side's list holds
  /// exactly the squares of its pieces with the index of each square right and its king first, then the
  /// rules all generators share (check_game_rules). Otherwise the first problem found. Checked builds
  /// (MOVEGEN_CHECK_INVARIANTS) run it after every make_move and unmake_move.
  std::string check_position() const;

  /// What take_back needs and cannot read off the board: the piece taken (NO_PIECE if none) and where it
  /// stood in its side's list, and the fields the move overwrote.
  struct Undo {
    Piece captured;
    int captured_index;
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
  /// play() and take_back() of a castling move: king and rook both move (see castling_move).
  Undo play_castling(Move m);
  void take_back_castling(Move m, Undo undo);
  void verify_invariants() const;

  Board board_{};
  std::array<std::array<Square88, 16>, COLOR_NB> list_{};  // at most 16 pieces a side (check_board_state)
  std::array<int, COLOR_NB> count_{};
  std::array<int, BOARD88_SIZE> index_{};  // index_[s]: the entry of s in its piece's list
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

}  // namespace movegen::x88
