#include "harness/piece_trace.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <vector>

#include "bitboard/attack_tables.hpp"
#include "bitboard/bitboard.hpp"
#include "bitboard/legal_masks.hpp"
#include "bitboard/movegen.hpp"
#include "board10x12/movegen.hpp"
#include "common/fen.hpp"
#include "common/steps.hpp"
#include "harness/generators.hpp"
#include "harness/node_check.hpp"
#include "mailbox/movegen.hpp"
#include "x88/board.hpp"
#include "x88/movegen.hpp"

namespace movegen::harness {

namespace {

// One line of a trace: its words, the squares it speaks of, and whether they are a set the code computed
// (drawn as a grid) or squares it visited one by one.
struct TraceLine {
  std::string text;
  Bitboard squares = 0;
  bool is_set = false;
};

struct Trace {
  std::vector<TraceLine> lines;
  Bitboard targets = 0;  // the squares the lines find a move to
};

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

// The bitboard's set operations for the piece, each line a set, then the masks that keep it legal.
Trace trace_bitboard(const bitboard::Position& pos, Square from) {
  using namespace bitboard;
  Trace t;
  const auto set = [&](std::string text, Bitboard b) { t.lines.push_back({std::move(text), b, true}); };
  const Color us = pos.side_to_move();
  const Bitboard ours = pos.pieces(us), theirs = pos.pieces(~us), empty = ~pos.pieces();
  const PieceType pt = type_of(pos.piece_on(from));
  const std::string f = square_name(from);
  if (pt == PAWN) {
    const bool north = pawn_push(us) == NORTH;
    const std::string dir = north ? "NORTH" : "SOUTH";
    const Bitboard b = square_bb(from);
    const Bitboard single = (north ? shift<NORTH>(b) : shift<SOUTH>(b)) & empty;
    const Bitboard third = single & rank_bb(relative_rank(us, RANK_3));
    const Bitboard dbl = (north ? shift<NORTH>(third) : shift<SOUTH>(third)) & empty;
    const Bitboard attacks = pawn_attacks_bb(us, from);
    const Bitboard ep = pos.ep_square() == SQ_NONE ? 0 : square_bb(pos.ep_square());
    set(fmt::format("single push = shift<{}>({{{}}}) & empty", dir, f), single);
    set(fmt::format("double push = shift<{}>(single push & rank {}) & empty", dir, us == WHITE ? 3 : 6), dbl);
    set(fmt::format("pawn_attacks_bb({}, {})", us == WHITE ? "WHITE" : "BLACK", f), attacks);
    set("captures = pawn attacks & enemy pieces", attacks & theirs);
    set("en passant = pawn attacks & the en passant square", attacks & ep);
    t.targets = single | dbl | (attacks & (theirs | ep));
  } else {
    const char* name = pt == KNIGHT   ? "KNIGHT"
                       : pt == BISHOP ? "BISHOP"
                       : pt == ROOK   ? "ROOK"
                       : pt == QUEEN  ? "QUEEN"
                                      : "KING";
    const Bitboard attacks = pt == KNIGHT   ? attacks_bb<KNIGHT>(from)
                             : pt == BISHOP ? attacks_bb<BISHOP>(from, pos.pieces())
                             : pt == ROOK   ? attacks_bb<ROOK>(from, pos.pieces())
                             : pt == QUEEN  ? attacks_bb<QUEEN>(from, pos.pieces())
                                            : attacks_bb<KING>(from);
    const bool slider = pt == BISHOP || pt == ROOK || pt == QUEEN;
    set(slider ? fmt::format("attacks_bb<{}>({}, occupied): each ray up to and including the first piece", name, f)
               : fmt::format("attacks_bb<{}>({})", name, f),
        attacks);
    set("moves = attacks & ~own pieces", attacks & ~ours);
    t.targets = attacks & ~ours;
  }
  const LegalityMasks masks = legality_masks(pos);
  set("checkers (legality_masks)", masks.checkers);
  if (pt == KING) {
    set("safe_king_squares: not attacked with the king lifted", safe_king_squares(pos));
  } else {
    set("check_mask: where a move must land (every square when not in check)", masks.check_mask);
    if (masks.pinned & square_bb(from))
      set(fmt::format("pinned: {} may only move along line_bb(king, {})", f, f), line_bb(masks.king, from));
    else
      set(fmt::format("pinned ({} is not in it)", f), masks.pinned);
  }
  return t;
}

// The moves of the piece on `from` that representation P's own per-piece function generates (and castling
// for a king, which `t` gains a line for: castling is one rule, common/castling.hpp), as UCI texts.
template <class P>
std::vector<std::string> pseudo_legal(const P& pos, Square from, Notation notation, auto generate_piece,
                                      auto generate_castling, Trace& t) {
  MoveList list;
  generate_piece(pos, from, list);
  if (type_of(pos.state().board[from]) == KING) {
    MoveList castling;
    generate_castling(pos, castling);
    std::string texts;
    Bitboard squares = 0;
    for (Move m : castling) {
      list.push_back(m);
      const std::string text = to_uci(m, notation);  // the king's landing square, or with Chess960 the rook's
      texts += " " + text;
      squares |= square_bb(parse_square(text.substr(2, 2)));
    }
    t.lines.push_back(
        {"castling (generate_castling_moves, by check_castling):" + (texts.empty() ? " none" : texts), squares});
    t.targets |= squares;
  }
  std::vector<std::string> texts;
  for (Move m : list)
    if (m.from() == from) texts.push_back(to_uci(m, notation));
  std::sort(texts.begin(), texts.end());
  return texts;
}

nlohmann::json lines_json(const Trace& t) {
  nlohmann::json lines = nlohmann::json::array();
  for (const TraceLine& l : t.lines) {
    nlohmann::json squares = nlohmann::json::array();
    for (Bitboard b = l.squares; b;) squares.push_back(square_name(pop_lsb(b)));
    lines.push_back({{"text", l.text}, {"squares", squares}, {"set", l.is_set}});
  }
  return lines;
}

nlohmann::json names_json(Bitboard b) {
  nlohmann::json names = nlohmann::json::array();
  while (b) names.push_back(square_name(pop_lsb(b)));
  return names;
}

// The trace of one representation: its lines and its own per-piece function's moves.
nlohmann::json representation_trace(std::string_view r, std::string_view fen, Square from, Notation notation) {
  const BoardState s = parse_fen(fen);
  if (r == "mailbox") {
    Trace t = trace_square_by_square<MailboxWalk>(s, from);
    const auto pos = mailbox::MtuPosition::from_fen(fen);
    const auto moves = pseudo_legal(
        pos, from, notation,
        [](const auto& p, Square sq, MoveList& l) { mailbox::generate_piece_moves(p, sq, ALL_SQUARES, l); },
        [](const auto& p, MoveList& l) { mailbox::generate_castling_moves(p, l); }, t);
    return {{"representation", "mailbox"},
            {"title", "mailbox: (row, column) steps, one on_board test"},
            {"lines", lines_json(t)},
            {"targets", names_json(t.targets)},
            {"pseudo_legal", moves}};
  }
  if (r == "x88") {
    Trace t = trace_square_by_square<X88Walk>(s, from);
    const auto pos = x88::MtuPosition::from_fen(fen);
    const auto moves = pseudo_legal(
        pos, from, notation,
        [](const auto& p, Square sq, MoveList& l) { x88::generate_piece_moves(p, sq, ALL_SQUARES, l); },
        [](const auto& p, MoveList& l) { x88::generate_castling_moves(p, l); }, t);
    return {{"representation", "x88"},
            {"title", "0x88: index offsets, one sq & 0x88 test"},
            {"lines", lines_json(t)},
            {"targets", names_json(t.targets)},
            {"pseudo_legal", moves}};
  }
  if (r == "10x12") {
    Trace t = trace_square_by_square<Board10x12Walk>(s, from);
    const auto pos = board10x12::MtuPosition::from_fen(fen);
    const auto moves = pseudo_legal(
        pos, from, notation,
        [](const auto& p, Square sq, MoveList& l) { board10x12::generate_piece_moves(p, sq, ALL_SQUARES, l); },
        [](const auto& p, MoveList& l) { board10x12::generate_castling_moves(p, l); }, t);
    return {{"representation", "10x12"},
            {"title", "10x12: index offsets, a sentinel border"},
            {"lines", lines_json(t)},
            {"targets", names_json(t.targets)},
            {"pseudo_legal", moves}};
  }
  if (r != "bitboard")  // a representation this file has no walk for yet: its moves still come from the table
    return {{"representation", std::string(r)},
            {"title", std::string(r) + ": no step-by-step trace in the study view yet"},
            {"lines", nlohmann::json::array()},
            {"targets", nlohmann::json::array()},
            {"pseudo_legal", nlohmann::json::array()}};
  const auto pos = bitboard::MtuPosition::from_fen(fen);
  Trace t = trace_bitboard(pos, from);
  const auto moves = pseudo_legal(
      pos, from, notation,
      [](const auto& p, Square sq, MoveList& l) { bitboard::generate_piece_moves(p, square_bb(sq), ALL_SQUARES, l); },
      [](const auto& p, MoveList& l) { bitboard::generate_castling_moves(p, l); }, t);
  return {{"representation", "bitboard"},
          {"title", "bitboard: set operations, then the legality masks"},
          {"lines", lines_json(t)},
          {"targets", names_json(t.targets)},
          {"pseudo_legal", moves}};
}

}  // namespace

nlohmann::json piece_study(std::string_view fen, Square from, Notation notation) {
  const BoardState s = parse_fen(fen);
  if (from == SQ_NONE || s.board[from] == NO_PIECE || color_of(s.board[from]) != s.side_to_move)
    throw UsageError("bad square " + quote_for_error(square_name(from)) + ": no piece of the side to move there");
  nlohmann::json traces = nlohmann::json::array(), generators = nlohmann::json::array();
  std::vector<std::string_view> seen;
  for (Generator g : all_generators()) {
    const std::string_view r = representation_of(g);
    if (std::find(seen.begin(), seen.end(), r) == seen.end()) {
      seen.push_back(r);
      traces.push_back(representation_trace(r, fen, from, notation));
    }
    std::vector<std::string> legal = with_generator(g, [&]<ChessPosition P>() {
      P pos = P::from_fen(fen);
      std::vector<std::string> texts;
      for (const std::string& text : legal_move_texts(pos, notation))
        if (text.starts_with(square_name(from))) texts.push_back(text);
      std::sort(texts.begin(), texts.end());
      return texts;
    });
    generators.push_back({{"generator", generator_name(g)}, {"legal", legal}});
  }
  return {{"square", square_name(from)},
          {"piece", std::string(1, piece_to_char(s.board[from]))},
          {"traces", traces},
          {"generators", generators}};
}

}  // namespace movegen::harness
