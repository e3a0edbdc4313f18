// The mailbox, 0x88 and 10x12 walks of square_walk_trace.hpp: one walk type per board (start, next, off,
// square and their words), and one trace per piece kind written once over a walk.
#include "harness/study/square_walk_trace.hpp"

#include <fmt/format.h>

#include <string>

#include "board10x12/board.hpp"
#include "common/steps.hpp"
#include "x88/board.hpp"

namespace movegen::harness {

namespace {

std::string piece_text(Piece p) { return p == NO_PIECE ? "empty" : fmt::format("'{}'", piece_to_char(p)); }

// A walk over the mailbox board: a place is (row, column), a step adds a row and a column change, and the
// one bounds test is on_board.
struct MailboxWalk {
  struct Place {
    int row, col;
  };
  static Place start(Square s) { return {rank_of(s), file_of(s)}; }
  static Place next(Place p, Step step) { return {p.row + step.row, p.col + step.col}; }
  static bool off(Place p) { return !on_board(p.row, p.col); }
  static Square square(Place p) { return square_at(p.row, p.col); }
  static std::string where(Place p) { return fmt::format("({}, {})", p.row, p.col); }
  static std::string step_text(Step step) { return fmt::format("({:+d}, {:+d})", step.row, step.col); }
  static std::string off_text(Place p) {
    return fmt::format("({}, {}): on_board is false (row and column must lie in 0..7)", p.row, p.col);
  }
};

// A walk over the 0x88 board: a place is the index 16 * rank + file, a step adds its offset, and the one
// bounds test is `sq & 0x88`.
struct X88Walk {
  using Place = x88::Square88;
  static Place start(Square s) { return x88::to_x88(s); }
  static Place next(Place p, Step step) { return p + x88::offset(step); }
  static bool off(Place p) { return x88::off_board(p); }
  static Square square(Place p) { return x88::from_x88(p); }
  static std::string where(Place p) { return p < 0 ? fmt::format("{}", p) : fmt::format("{:#04x}", p); }
  static std::string step_text(Step step) { return fmt::format("{:+d}", x88::offset(step)); }
  static std::string off_text(Place p) { return fmt::format("{} & 0x88 = {:#04x}: off the board", where(p), p & 0x88); }
};

// A walk over the 10x12 board: a place is the index 10 * (rank + 2) + file + 1, a step adds its offset, and
// a step off the board lands on a sentinel of the border.
struct Board10x12Walk {
  using Place = board10x12::Square120;
  static Place start(Square s) { return board10x12::to_120(s); }
  static Place next(Place p, Step step) { return p + board10x12::offset(step); }
  static bool off(Place p) { return board10x12::is_sentinel(board10x12::EMPTY_BOARD[unsigned(p)]); }
  static Square square(Place p) { return board10x12::from_120(p); }
  static std::string where(Place p) { return fmt::format("{}", p); }
  static std::string step_text(Step step) { return fmt::format("{:+d}", board10x12::offset(step)); }
  static std::string off_text(Place p) {
    return fmt::format("{}: a sentinel '{}', off the board", p, board10x12::SENTINEL);
  }
};

// What a piece of colour `us` finds on an on-board square: the words and whether it may move there.
struct Landing {
  std::string text;
  bool move;
  bool stops;
};
Landing landing(const BoardState& s, Square sq, Color us) {
  const Piece p = s.board[sq];
  if (p == NO_PIECE) return {"empty -> move", true, false};
  if (color_of(p) == us) return {piece_text(p) + ", own piece -> no move, stop", false, true};
  return {piece_text(p) + ", enemy piece -> capture, stop", true, true};
}

// Knight or king: each step once.
template <class Walk>
void trace_leaps(const BoardState& s, Square from, const auto& steps, Trace& t) {
  const Color us = color_of(s.board[from]);
  for (Step step : steps) {
    const auto to = Walk::next(Walk::start(from), step);
    if (Walk::off(to)) {
      t.lines.push_back({fmt::format("step {} to {}", Walk::step_text(step), Walk::off_text(to))});
      continue;
    }
    const Square sq = Walk::square(to);
    const Landing l = landing(s, sq, us);
    if (l.move) t.targets |= square_bb(sq);
    t.lines.push_back(
        {fmt::format("step {} to {} {}: {}", Walk::step_text(step), Walk::where(to), square_name(sq), l.text),
         square_bb(sq)});
  }
}

// Bishop, rook or queen: each direction stepped until a piece or the edge stops it.
template <class Walk>
void trace_rays(const BoardState& s, Square from, const auto& directions, Trace& t) {
  const Color us = color_of(s.board[from]);
  for (Step step : directions) {
    std::string text = fmt::format("ray {}:", Walk::step_text(step));
    Bitboard visited = 0;
    for (auto at = Walk::next(Walk::start(from), step);; at = Walk::next(at, step)) {
      if (Walk::off(at)) {
        text += fmt::format(" then {} -> stop", Walk::off_text(at));
        break;
      }
      const Square sq = Walk::square(at);
      const Landing l = landing(s, sq, us);
      visited |= square_bb(sq);
      if (l.move) t.targets |= square_bb(sq);
      text +=
          fmt::format(" {} {} {}{}", Walk::where(at), square_name(sq), l.stops ? "" : "empty,", l.stops ? l.text : "");
      if (l.stops) break;
    }
    if (text.back() == ',') text.pop_back();
    t.lines.push_back({text, visited});
  }
}

// A pawn: the push, the double push from its starting row, the two attack steps.
template <class Walk>
void trace_pawn(const BoardState& s, Square from, Trace& t) {
  const Color us = color_of(s.board[from]);
  const Step forward = {us == WHITE ? 1 : -1, 0};
  const auto one = Walk::next(Walk::start(from), forward);
  const Square up = Walk::square(one);  // a pawn is never on its last rank: one step is on the board
  const bool last_rank = relative_rank(us, up) == RANK_8;
  const std::string promotes = last_rank ? " (the last row: four promotions)" : "";
  if (s.board[up] != NO_PIECE) {
    t.lines.push_back({fmt::format("single push: step {} to {} {}: {}, blocked -> no push", Walk::step_text(forward),
                                   Walk::where(one), square_name(up), piece_text(s.board[up])),
                       square_bb(up)});
  } else {
    t.targets |= square_bb(up);
    t.lines.push_back({fmt::format("single push: step {} to {} {}: empty -> move{}", Walk::step_text(forward),
                                   Walk::where(one), square_name(up), promotes),
                       square_bb(up)});
    if (relative_rank(us, from) == RANK_2) {
      const auto two = Walk::next(one, forward);
      const Square up2 = Walk::square(two);
      const bool empty = s.board[up2] == NO_PIECE;
      if (empty) t.targets |= square_bb(up2);
      t.lines.push_back({fmt::format("double push from the starting row: step {} again to {} {}: {}",
                                     Walk::step_text(forward), Walk::where(two), square_name(up2),
                                     empty ? "empty -> move" : piece_text(s.board[up2]) + ", blocked -> no move"),
                         square_bb(up2)});
    }
  }
  for (Step step : pawn_attack_steps(us)) {
    const auto to = Walk::next(Walk::start(from), step);
    if (Walk::off(to)) {
      t.lines.push_back({fmt::format("pawn attack: step {} to {}", Walk::step_text(step), Walk::off_text(to))});
      continue;
    }
    const Square sq = Walk::square(to);
    const Piece p = s.board[sq];
    std::string verdict = "empty, not the en passant square -> no move";
    if (sq == s.ep_square)
      verdict = "the en passant square -> en passant";
    else if (p != NO_PIECE && color_of(p) == us)
      verdict = piece_text(p) + ", own piece -> no move";
    else if (p != NO_PIECE)
      verdict = piece_text(p) + ", enemy piece -> capture" + promotes;
    if (verdict.find("-> no move") == std::string::npos) t.targets |= square_bb(sq);
    t.lines.push_back({fmt::format("pawn attack: step {} to {} {}: {}", Walk::step_text(step), Walk::where(to),
                                   square_name(sq), verdict),
                       square_bb(sq)});
  }
}

template <class Walk>
Trace trace_square_by_square(const BoardState& s, Square from) {
  Trace t;
  switch (type_of(s.board[from])) {
    case PAWN: trace_pawn<Walk>(s, from, t); break;
    case KNIGHT: trace_leaps<Walk>(s, from, KNIGHT_STEPS, t); break;
    case BISHOP: trace_rays<Walk>(s, from, BISHOP_DIRECTIONS, t); break;
    case ROOK: trace_rays<Walk>(s, from, ROOK_DIRECTIONS, t); break;
    case QUEEN:
      trace_rays<Walk>(s, from, BISHOP_DIRECTIONS, t);
      trace_rays<Walk>(s, from, ROOK_DIRECTIONS, t);
      break;
    default: trace_leaps<Walk>(s, from, KING_STEPS, t); break;
  }
  return t;
}

}  // namespace

Trace trace_mailbox_walk(const BoardState& s, Square from) { return trace_square_by_square<MailboxWalk>(s, from); }

Trace trace_x88_walk(const BoardState& s, Square from) { return trace_square_by_square<X88Walk>(s, from); }

Trace trace_board10x12_walk(const BoardState& s, Square from) {
  return trace_square_by_square<Board10x12Walk>(s, from);
}

}  // namespace movegen::harness
