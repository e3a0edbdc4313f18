// mailbox-masks: the mailbox position (mailbox/position.hpp) plus what the masks strategy needs beside
// the board string: letter counts and each colour's slider lines, kept in step by make and unmake, so
// that legality_masks() and the attack tests can skip the steps that cannot find an attacker. Legal moves
// are generated inside the check and pin masks (mailbox/masks_movegen.hpp); the king's steps are tested
// with the king lifted off the board (safe_king_steps), and only a pinned piece's moves and en passant are
// made, tested and unmade.
//
//   auto pos = mailbox::MasksPosition::from_fen(START_FEN);
//   MoveList moves;
//   pos.generate_legal(moves);              // 20 moves
//   pos.count_legal();                      // 20, counted without building the list
#pragma once

#include <array>
#include <cassert>
#include <cstdint>
#include <string>
#include <vector>

#include "common/legality_masks.hpp"
#include "common/perft.hpp"
#include "common/position_concept.hpp"
#include "mailbox/king_steps.hpp"
#include "mailbox/legality_masks.hpp"
#include "mailbox/position.hpp"

namespace movegen::mailbox {

/// The mailbox position with letter counts and slider lines beside the board, and legal generation from
/// checkers and pinned pieces. Satisfies movegen::ChessPosition.
class MasksPosition : private Position {
 public:
  /// The position of a FEN. Throws FenError naming the field for any malformed or impossible FEN.
  static MasksPosition from_fen(std::string_view fen);

  using Position::board;
  using Position::board_string;
  using Position::castling_rights;
  using Position::castling_rules;
  using Position::ep_square;
  using Position::fen;
  using Position::king_square;
  using Position::piece_on;
  using Position::side_to_move;
  using Position::state;

  /// The position's Polyglot Zobrist key (common/zobrist.hpp), kept by make_move and unmake_move.
  Key key() const { return key_; }

  /// How many pieces of the FEN letter `piece` ('P', 'n', ...) stand on the board.
  int count(char piece) const { return counts_[static_cast<unsigned char>(piece)]; }
  /// Colour `by` with whether it has knights, where its king and its sliders are, for the attack tests.
  Attackers attackers(Color by) const {
    return {by, count(letter(by, KNIGHT)) > 0, king_square(by), slider_lines_[by]};
  }

  /// True if a piece of colour `by` attacks square `s`.
  bool is_square_attacked(Square s, Color by) const { return mailbox::is_square_attacked(board(), s, attackers(by)); }
  /// The squares of the pieces giving check to the side to move.
  Bitboard checkers() const { return attackers_to(board(), king_square(side_to_move()), attackers(~side_to_move())); }
  bool in_check() const { return checkers() != 0; }
  /// Checkers, pinned pieces and check mask of the side to move (see mailbox/legality_masks.hpp).
  LegalityMasks legality_masks() const {
    return mailbox::legality_masks(board(), king_square(side_to_move()), attackers(~side_to_move()));
  }

  /// The legal steps of the side to move's king, castling aside (mailbox::safe_king_steps): the king is
  /// lifted off the board string for the tests and put back.
  Bitboard safe_king_steps() {
    return mailbox::safe_king_steps(board_, king_square(side_to_move()), attackers(~side_to_move()));
  }

  /// Appends every legal move to `list` (mailbox::generate_legal in mailbox/masks_movegen.hpp). Leaves the
  /// position as it was.
  void generate_legal(MoveList& list);
  /// The number of legal moves, generate_legal's list size, counted without building that list (perft's
  /// bulk counting at the last ply). Leaves the position as it was.
  std::size_t count_legal();

  /// True if pseudo-legal `m`, which must not be castling (castling is generated legal), leaves the mover's
  /// king unattacked: made on the board string alone, tested and taken back.
  bool keeps_king_safe(Move m);

  /// True if castling move `m`, generated with every other test passed, leaves the king unattacked: made,
  /// tested and taken back. Only Chess960 needs it, when the castling rook shields the king's destination.
  bool castling_keeps_king_safe(Move m);

  /// The number of legal moves after legal move `m`: m played, count_legal(), m taken back. Perft's bulk
  /// counting calls it at the parents of its leaves: m is played on the board without the key and the
  /// history, which no one reads before it is taken back. Leaves the position as it was.
  std::size_t count_legal_after(Move m);

  /// Plays a legal move of this position; unmake_move takes it back. Keeps its own key and history (the
  /// plain Position's make_move is not called): the moves made are counted, and the history is indexed by
  /// that count and grows only when full.
  void make_move(Move m);
  /// Takes back `m`, which must be the last move made, restoring every field exactly.
  void unmake_move(Move m);

  /// An empty string if the letter counts and slider lines match the board, the board letters and king
  /// squares match (Position::check_position's test) and the game's rules hold, key included
  /// (check_game_rules); otherwise the first problem found.
  std::string check_position() const;

 private:
  /// Adds (+1) or removes (-1) the letter on `s` from the counts and slider lines.
  void track(Square s, int delta);
  /// track for the letter `piece` (not '-') on s.
  void track(char piece, Square s, int delta);
  /// Moves the slider lines of the letter `piece` from `from` to `to`; the counts stay as they are.
  void track_move(char piece, Square from, Square to);
  /// Finds the counts and slider lines afresh from the board.
  void track_board();
  // Runs check_position() through require_consistent in checked builds; nothing otherwise.
  void verify_invariants() const {
#ifdef MOVEGEN_CHECK_INVARIANTS
    if (const std::string problem = check_position(); !problem.empty()) require_consistent(problem, fen());
#endif
  }
  // Tracks (+1) or untracks (-1) every square whose letter move m of colour `us` changes: what make and
  // unmake do around castling and promotions.
  void retrack(Move m, Color us, int delta);
  // Move m on the board (on_board() plays or takes it back there) and on the counts and slider lines.
  template <class OnBoard>
  void play_tracked(Move m, OnBoard on_board);
  template <class OnBoard>
  void take_back_tracked(Move m, OnBoard on_board);
  /// Doubles the history's room: what make_move calls when every entry is taken.
  [[gnu::cold]] void grow_history();

  // One entry per move made: what take_back needs, and the key before the move.
  struct Played {
    Undo undo;
    Key key;
  };
  Key key_ = 0;                  // this position's key (the plain Position's own is left at the FEN's)
  std::vector<Played> history_;  // the first plies_ entries are the moves made; the rest is room for more
  std::size_t plies_ = 0;
  std::array<std::uint8_t, 128> counts_{};  // pieces on the board per FEN letter, index the letter itself
  SliderLines slider_lines_[COLOR_NB];      // each colour's bishops, rooks and queens per line
};

inline void MasksPosition::track(char piece, Square s, int delta) {
  counts_[static_cast<unsigned char>(piece)] = std::uint8_t(counts_[static_cast<unsigned char>(piece)] + delta);
  slider_lines_[is_color(piece, WHITE) ? WHITE : BLACK].update(piece, rank_of(s), file_of(s), delta);
}

inline void MasksPosition::track_move(char piece, Square from, Square to) {
  if (!is_slider(piece)) return;  // the lines count sliders only
  slider_lines_[is_color(piece, WHITE) ? WHITE : BLACK].move(piece, rank_of(from), file_of(from), rank_of(to),
                                                             file_of(to));
}

// make_move, unmake_move and count_legal_after are defined here so that perft, a template in another file,
// can inline them. Castling and promotions (two pieces move, or a letter changes) untrack every changed
// square and track it again (retrack); any other move only carries its piece's lines along and untracks
// the piece it takes. `on_board` plays or takes back the move on the board string.
template <class OnBoard>
[[gnu::always_inline]] inline void MasksPosition::play_tracked(Move m, OnBoard on_board) {
  const Color us = side_to_move();
  if (m.flag() == CASTLING || m.is_promotion()) {
    retrack(m, us, -1);
    on_board();
    retrack(m, us, +1);
    return;
  }
  const Square from = m.from(), to = m.to();
  const Square taken = m.flag() == EN_PASSANT ? to - pawn_push(us) : to;
  const char moving = board_[from], captured = board_[taken];
  on_board();
  track_move(moving, from, to);
  if (!is_empty(captured)) track(captured, taken, -1);
}

template <class OnBoard>
[[gnu::always_inline]] inline void MasksPosition::take_back_tracked(Move m, OnBoard on_board) {
  const Color us = ~side_to_move();
  if (m.flag() == CASTLING || m.is_promotion()) {
    retrack(m, us, -1);
    on_board();
    retrack(m, us, +1);
    return;
  }
  on_board();
  const Square from = m.from(), to = m.to();
  const Square taken = m.flag() == EN_PASSANT ? to - pawn_push(us) : to;
  const char captured = board_[taken];
  track_move(board_[from], to, from);
  if (!is_empty(captured)) track(captured, taken, +1);
}

[[gnu::always_inline, gnu::flatten]] inline void MasksPosition::make_move(Move m) {
  const Key next_key = key_ ^ key_change(*this, m);  // read from the board before the move
  if (plies_ == history_.size()) [[unlikely]]
    grow_history();
  Played& played = history_[plies_++];
  played.key = key_;
  play_tracked(m, [&] { played.undo = play(m); });
  key_ = next_key;
  verify_invariants();
}

[[gnu::always_inline, gnu::flatten]] inline void MasksPosition::unmake_move(Move m) {
  assert(plies_ > 0);
  const Played& played = history_[--plies_];
  take_back_tracked(m, [&] { take_back(m, played.undo); });
  key_ = played.key;
  verify_invariants();
}

[[gnu::flatten]] inline std::size_t MasksPosition::count_legal_after(Move m) {
  Undo undo;
  play_tracked(m, [&] { undo = play(m); });
  const std::size_t count = count_legal();
  take_back_tracked(m, [&] { take_back(m, undo); });
  return count;
}

}  // namespace movegen::mailbox

namespace movegen {

/// perft over MasksPosition is compiled in mailbox/masks_perft.cpp, where make_move and unmake_move are
/// inlined whole into its leaf loop; every other unit calls that one.
extern template std::uint64_t perft<mailbox::MasksPosition>(mailbox::MasksPosition& pos, int depth, Counting counting);

}  // namespace movegen
