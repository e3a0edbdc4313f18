// mailbox-tuned: a mailbox position (the board as the 64-character string of mailbox/board.hpp) plus what
// the masks strategy needs beside it: letter counts and each colour's slider lines, kept in step by make
// and unmake, so that check_and_pin_masks() and the attack tests can skip the steps that cannot find an
// attacker. Legal moves are generated inside the check and pin masks (tuned/mailbox/movegen.hpp); the
// king's steps are the free squares the enemy does not attack with the king lifted (safe_king_steps), a
// pinned piece keeps the moves along its pin line, and only en passant is made, tested and unmade. It plays
// its moves itself (tuned/mailbox/make_move.hpp) and, like the bitboard position, finds its clocks from the
// history of moves made instead of keeping them per move.
//
//   auto pos = mailbox_tuned::Position::from_fen(START_FEN);
//   MoveList moves;
//   pos.generate_legal(moves);              // 20 moves
//   pos.count_legal();                      // 20, counted without building the list
#pragma once

#include <array>
#include <cassert>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "common/castling.hpp"
#include "common/fen.hpp"
#include "common/masks_strategy.hpp"
#include "common/move.hpp"
#include "common/perft.hpp"
#include "common/position_concept.hpp"
#include "common/zobrist.hpp"
#include "mailbox/board.hpp"
#include "tuned/mailbox/board_fields.hpp"
#include "tuned/mailbox/check_and_pin_masks.hpp"
#include "tuned/mailbox/king_steps.hpp"

namespace movegen::mailbox_tuned {

/// A mailbox position (the board and FEN fields of BoardFields) with letter counts and slider lines beside
/// the board, and legal generation from checkers and pinned pieces. Satisfies movegen::ChessPosition.
class Position : public BoardFields {
 public:
  /// The position of a FEN. Throws FenError naming the field for any malformed or impossible FEN.
  static Position from_fen(std::string_view fen);

  /// The position as FEN, all six fields.
  std::string fen() const { return to_fen(state()); }
  /// Every FEN field of the position; the clocks are found from the moves made since the FEN.
  BoardState state() const;

  /// The position's Polyglot Zobrist key (common/zobrist.hpp), kept by make_move and unmake_move.
  Key key() const { return key_; }

  /// How many pieces of the FEN letter `piece` ('P', 'n', ...) stand on the board.
  int count(char piece) const { return counts_[static_cast<unsigned char>(piece)]; }
  /// Colour `by` with where its knights, its king and its sliders are, for the attack tests.
  Attackers attackers(Color by) const { return {by, knights_[by], king_square(by), slider_lines_[by]}; }

  /// True if a piece of colour `by` attacks square `s`.
  bool is_square_attacked(Square s, Color by) const {
    return mailbox_tuned::is_square_attacked(board_, s, attackers(by));
  }
  /// The squares of the pieces giving check to the side to move.
  Bitboard checkers() const { return attackers_to(board_, king_square(side_), attackers(~side_)); }
  bool in_check() const { return checkers() != 0; }
  /// Checkers, pinned pieces and check mask of the side to move (see tuned/mailbox/check_and_pin_masks.hpp).
  CheckAndPinMasks check_and_pin_masks() const {
    return mailbox_tuned::check_and_pin_masks(board_, king_square(side_), attackers(~side_));
  }

  /// The legal steps of the side to move's king, castling aside (mailbox_tuned::safe_king_steps): its free
  /// neighbours less the squares the enemy attacks with the king lifted.
  Bitboard safe_king_steps() const {
    return mailbox_tuned::safe_king_steps(board_, king_square(side_), attackers(~side_));
  }

  /// Appends every legal move to `list` (mailbox_tuned::generate_legal in tuned/mailbox/movegen.hpp). Leaves the
  /// position as it was.
  void generate_legal(MoveList& list);
  /// Appends the legal captures to `list` (mailbox_tuned::generate_stage in tuned/mailbox/movegen.hpp): the hook
  /// generate_captures (common/staged_generation.hpp) calls. Leaves the position as it was.
  void generate_captures(MoveList& list);
  /// Appends the legal quiet moves to `list`, as generate_captures.
  void generate_quiets(MoveList& list);
  /// The number of legal moves, generate_legal's list size, counted without building that list: perft's
  /// LegalCountHook (common/perft.hpp), used at the last ply by bulk counting. Leaves the position as it was.
  std::size_t count_legal();

  /// True if pseudo-legal `m`, which must not be castling (castling is generated legal), leaves the mover's
  /// king unattacked: made on the board string alone, tested and taken back.
  bool keeps_king_safe(Move m);

  /// True if castling move `m`, generated with every other test passed, leaves the king unattacked: made,
  /// tested and taken back. Only Chess960 needs it, when the castling rook shields the king's destination.
  bool castling_keeps_king_safe(Move m);

  /// The number of legal moves after legal move `m`: m played, count_legal(), m taken back: perft's
  /// LegalCountAfterHook (common/perft.hpp), called by bulk counting at the parents of its leaves: m is played without
  /// the key and the history, which no one reads before it is taken back. Leaves the position as it was.
  std::size_t count_legal_after(Move m);

  /// Plays a legal move of this position; unmake_move takes it back. The key is updated from the letters
  /// the move moves and takes, and what unmake needs goes into a history indexed by the number of moves
  /// made, which grows only when full.
  void make_move(Move m);
  /// Takes back `m`, which must be the last move made, restoring every field exactly.
  void unmake_move(Move m);

  /// The number of leaf nodes `depth` plies below this position, counted by mailbox-tuned's own recursion
  /// (tuned/mailbox/perft.hpp) on a copy of it: perft's PerftHook (common/perft.hpp), for `--bulk node` and
  /// `--no-bulk`.
  std::uint64_t perft(int depth, Counting counting) const;

  /// What a move overwrites and unmake restores, written by the move: the key before it, the letter that
  /// moved and the letter it took ('-' if none; the pawn taken en passant; '-' for castling), the castling
  /// rights and the en passant square. The history of the letters moved and taken gives the halfmove clock.
  struct Undo {
    Key key;
    char moving;
    char captured;
    CastlingRights castling;
    Square ep_square;
  };

  /// Plays m and writes what it overwrote into `undo`; the key too if UpdateKey (make_move), not if it
  /// will be taken back before anyone reads it (count_legal_after, castling_keeps_king_safe, the own perft).
  template <bool UpdateKey>
  void make_move_unchecked(Move m, Undo& undo);
  /// Takes back m, played by make_move_unchecked which wrote `undo`; the key too if UpdateKey.
  template <bool UpdateKey>
  void unmake_move_unchecked(Move m, const Undo& undo);

  /// Plays a quiet move of the mover's piece of type Pt (flag NORMAL, onto an empty square, no promotion),
  /// Us being the side to move (both known at compile time, so the letters, the side and the lines to
  /// change are constants), without the key, writing the castling rights and en passant square into
  /// `undo`: what a generator that knows the piece it moves (tuned/mailbox/generate.hpp's add_quiet) lets
  /// perft skip. Only a king or rook can lose a castling right so (a right held means its king and rook
  /// stand on the rule's squares, so another piece neither leaves one nor lands on one empty), only a
  /// slider moves slider lines, and only the king moves the king square.
  template <Color Us, PieceType Pt>
  void make_quiet_move(Square from, Square to, Undo& undo);
  /// Takes back make_quiet_move<Us, Pt>(from, to, undo).
  template <Color Us, PieceType Pt>
  void unmake_quiet_move(Square from, Square to, const Undo& undo);
  /// Plays a capture (flag NORMAL, onto an enemy piece) of the mover's piece of type Pt, Us to move, without the key,
  /// writing the letter taken, the castling rights and en passant square into `undo`: the letter taken
  /// leaves the counts and slider lines, and the rights of `to` go (a rook taken on its corner), those of
  /// `from` too for a king or rook.
  template <Color Us, PieceType Pt>
  void make_capture(Square from, Square to, Undo& undo);
  /// Takes back make_capture<Us, Pt>(from, to, undo).
  template <Color Us, PieceType Pt>
  void unmake_capture(Square from, Square to, const Undo& undo);
  /// Plays the pawn's promotion, Us to move, to a piece of type Pt from -> to (a push, or a capture of the
  /// letter on `to`) without the key, as make_capture writes `undo`.
  template <Color Us, PieceType Pt>
  void make_promotion(Square from, Square to, Undo& undo);
  /// Takes back make_promotion<Us, Pt>(from, to, undo).
  template <Color Us, PieceType Pt>
  void unmake_promotion(Square from, Square to, const Undo& undo);

  /// Plays each quiet move of the mover's piece of type Pt from `from` to a square of `targets` (all empty),
  /// Us to move, hands the position after it to `visit` and takes it back: make_quiet_move's moves, with the
  /// fields every one of them writes alike (the side, the en passant square, the rights, `from` emptied, the
  /// other pieces' squares) written once for the set, so that each child costs its target square's writes.
  template <Color Us, PieceType Pt, class Visit>
  void play_quiet_moves(Square from, Bitboard targets, Visit&& visit);
  /// play_quiet_moves for the pawns of Us: each onto a square of `targets` from `back` squares behind it, a
  /// single push (Flag NORMAL) or a double push (DOUBLE_PUSH, which sets the en passant square it crosses).
  template <Color Us, MoveFlag Flag, class Visit>
  void play_pawn_pushes(Bitboard targets, int back, Visit&& visit);
  /// play_quiet_moves for captures (make_capture's moves) onto each square of `targets` (all enemy pieces):
  /// the letter taken leaves the counts and the enemy's sets for each child and its castling rights go, and
  /// the enemy's sets are written back from a copy after it.
  template <Color Us, PieceType Pt, class Visit>
  void play_captures(Square from, Bitboard targets, Visit&& visit);
  /// Plays castling move m of Us, the side to move (encoded king takes own rook, classical or Chess960), hands
  /// the position after it to `visit` and takes it back, in line: make_special_move's castling, without the key.
  template <Color Us, class Visit>
  void play_castling(Move m, Visit&& visit);

  /// An empty string if the letter counts and slider lines match the board, the board letters and king
  /// squares match (mailbox::check_board) and the game's rules hold, key included (check_game_rules);
  /// otherwise the first problem found.
  std::string check_position() const;

 private:
  /// Castling and promotions for make_move_unchecked (a second piece moves, or a letter changes): the board, the king
  /// square, the counts and slider lines, and the letters moved and taken into `undo`. Returns the key's
  /// piece numbers. Cold, kept out of line so that the usual moves' code stays small.
  [[gnu::cold]] Key make_special_move(Move m, Color us, Undo& undo);
  /// Castling and promotions for unmake_move_unchecked.
  [[gnu::cold]] void unmake_special_move(Move m, Color us, const Undo& undo);
  /// The halfmove clock: the loaded clock plus the moves since, or the moves since the last pawn move or
  /// capture, found in the history.
  int halfmove_clock() const;
  /// Doubles the history's room: what make_move calls when every entry is taken.
  [[gnu::cold]] void grow_history();

  /// Adds (+1) or removes (-1) the letter `piece` (not '-') on s from the counts, slider lines and knight squares.
  void track(char piece, Square s, int delta) { track_inline(piece, s, delta); }
  /// track(), inlined where it is called: for a letter known at compile time (a promotion's), whose tests
  /// then fold away. The letter taken by a capture goes through track(), which the compiler keeps out of line.
  void track_inline(char piece, Square s, int delta);
  /// In a set of moves of Us's Pt (play_quiet_moves, play_captures): the mover, lifted from `from`, put on `to`.
  template <Color Us, PieceType Pt>
  void land_mover(Square from, Square to, Bitboard knights, const SliderLines& lines);
  /// After such a set: the mover back on `from` and the fields saved before the set restored.
  template <Color Us, PieceType Pt>
  void put_back_mover(Square from, Bitboard knights, const SliderLines& lines, CastlingRights castling, Square ep);
  /// Moves the slider lines of the letter `piece` from `from` to `to`; the counts stay as they are.
  void track_move(char piece, Square from, Square to);
  /// Finds the counts, slider lines and knight squares afresh from the board.
  void track_board();
  // Runs check_position() through require_consistent in checked builds; nothing otherwise.
  void verify_invariants() const {
#ifdef MOVEGEN_CHECK_INVARIANTS
    if (const std::string problem = check_position(); !problem.empty()) require_consistent(problem, fen());
#endif
  }

  Key key_ = 0;
  // The clocks and side to move of the FEN loaded: with the moves made since (history_), the clocks now.
  int loaded_halfmove_clock_ = 0;
  int loaded_fullmove_number_ = 1;
  Color loaded_side_ = WHITE;
  std::vector<Undo> history_;     // one per move made in the first plies_ entries; the rest is room for more
  std::size_t history_room_ = 0;  // history_.size(), kept apart so that make_move tests it in one compare
  std::size_t plies_ = 0;
  std::array<std::uint8_t, 128> counts_{};  // pieces on the board per FEN letter, index the letter itself
  SliderLines slider_lines_[COLOR_NB];      // each colour's bishops, rooks and queens by line kind
  Bitboard knights_[COLOR_NB] = {0, 0};     // each colour's knights' squares, bit s for square s
};

[[gnu::always_inline]] inline void Position::track_inline(char piece, Square s, int delta) {
  counts_[static_cast<unsigned char>(piece)] = std::uint8_t(counts_[static_cast<unsigned char>(piece)] + delta);
  const Color c = is_color(piece, WHITE) ? WHITE : BLACK;
  slider_lines_[c].toggle(piece, s);
  if ((piece | 0x20) == 'n') knights_[c] ^= square_bb(s);  // added or removed: the bit flips either way
}

inline void Position::track_move(char piece, Square from, Square to) {
  if (!is_slider(piece)) return;  // the lines count sliders only
  slider_lines_[is_color(piece, WHITE) ? WHITE : BLACK].move(piece, from, to);
}

}  // namespace movegen::mailbox_tuned

// make_move, unmake_move and count_legal_after, inline for perft (a template in another file).
#include "tuned/mailbox/make_move.hpp"
// The moves played as sets (play_quiet_moves, play_captures, ...), inline for perft likewise.
#include "tuned/mailbox/play_sets.hpp"

namespace movegen {

/// perft over Position is compiled in tuned/mailbox/perft.cpp, where make_move and unmake_move are
/// inlined whole into its leaf loop; every other unit calls that one.
extern template std::uint64_t perft<mailbox_tuned::Position>(mailbox_tuned::Position& pos, int depth,
                                                             Counting counting);

}  // namespace movegen
