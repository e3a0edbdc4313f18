// piece_study of piece_trace.hpp: each representation's trace (square_walk_trace.hpp, bitboard_trace.hpp)
// with the moves its own per-piece function generates, and each generator's legal moves, as JSON.
#include "harness/study/piece_trace.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "bitboard/movegen.hpp"
#include "board10x12/movegen.hpp"
#include "common/fen.hpp"
#include "harness/debugging/node_check.hpp"
#include "harness/generators/generators.hpp"
#include "harness/study/bitboard_trace.hpp"
#include "harness/study/square_walk_trace.hpp"
#include "mailbox/movegen.hpp"
#include "x88/movegen.hpp"

namespace movegen::harness {

namespace {

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
    Trace t = trace_mailbox_walk(s, from);
    const auto pos = MtuPosition<mailbox::Position>::from_fen(fen);
    const auto moves = pseudo_legal(
        pos, from, notation,
        [](const auto& p, Square sq, MoveList& l) { mailbox::generate_piece_moves(p, sq, ALL_SQUARES, l); },
        [](const auto& p, MoveList& l) { generate_castling_moves(p, l); }, t);
    return {{"representation", "mailbox"},
            {"title", "mailbox: (row, column) steps, one on_board test"},
            {"lines", lines_json(t)},
            {"targets", names_json(t.targets)},
            {"pseudo_legal", moves}};
  }
  if (r == "x88") {
    Trace t = trace_x88_walk(s, from);
    const auto pos = MtuPosition<x88::Position>::from_fen(fen);
    const auto moves = pseudo_legal(
        pos, from, notation,
        [](const auto& p, Square sq, MoveList& l) { x88::generate_piece_moves(p, sq, ALL_SQUARES, l); },
        [](const auto& p, MoveList& l) { generate_castling_moves(p, l); }, t);
    return {{"representation", "x88"},
            {"title", "0x88: index offsets, one sq & 0x88 test"},
            {"lines", lines_json(t)},
            {"targets", names_json(t.targets)},
            {"pseudo_legal", moves}};
  }
  if (r == "10x12") {
    Trace t = trace_board10x12_walk(s, from);
    const auto pos = MtuPosition<board10x12::Position>::from_fen(fen);
    const auto moves = pseudo_legal(
        pos, from, notation,
        [](const auto& p, Square sq, MoveList& l) { board10x12::generate_piece_moves(p, sq, ALL_SQUARES, l); },
        [](const auto& p, MoveList& l) { generate_castling_moves(p, l); }, t);
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
  const auto pos = MtuPosition<bitboard::Position>::from_fen(fen);
  Trace t = trace_bitboard(pos, from);
  const auto moves = pseudo_legal(
      pos, from, notation,
      [](const auto& p, Square sq, MoveList& l) { bitboard::generate_piece_moves(p, square_bb(sq), ALL_SQUARES, l); },
      [](const auto& p, MoveList& l) { generate_castling_moves(p, l); }, t);
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
