#include "common/fen.hpp"

#include <bit>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "common/castling_fen.hpp"
#include "common/position_concept.hpp"
#include "common/steps.hpp"

namespace movegen {

FenError::FenError(std::string field, const std::string& problem)
    : std::runtime_error("bad FEN " + field + ": " + problem), field_(std::move(field)), problem_(problem) {}

std::string quote_for_error(std::string_view text) {
  constexpr std::size_t LIMIT = 40;
  std::string out = "'";
  for (std::size_t i = 0; i < text.size() && i < LIMIT; ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c < 0x7f) {
      out += char(c);
    } else {
      char buf[5];
      std::snprintf(buf, sizeof buf, "\\x%02X", c);
      out += buf;
    }
  }
  if (text.size() > LIMIT) out += "...";
  return out + "'";
}

namespace {

std::vector<std::string_view> split(std::string_view text, char sep) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  while (true) {
    std::size_t end = text.find(sep, start);
    parts.push_back(text.substr(start, end - start));
    if (end == std::string_view::npos) return parts;
    start = end + 1;
  }
}

void parse_placement(std::string_view field, BoardState& s) {
  const std::string name = "piece placement";
  auto ranks = split(field, '/');
  if (ranks.size() != 8)
    throw FenError(name, "expected 8 ranks separated by '/', found " + std::to_string(ranks.size()));
  for (int i = 0; i < 8; ++i) {
    Rank r = Rank(7 - i);
    int file = 0;
    bool previous_was_digit = false;
    for (char c : ranks[i]) {
      const std::string where = "rank " + std::to_string(r + 1);
      if (c >= '1' && c <= '8') {
        if (previous_was_digit) throw FenError(name, where + " has two digits in a row");
        file += c - '0';
        previous_was_digit = true;
      } else if (Piece p = char_to_piece(c); p != NO_PIECE && c != '-') {
        if (file < 8) s.board[make_square(File(file), r)] = p;
        ++file;
        previous_was_digit = false;
      } else {
        throw FenError(name, where + " has a bad piece letter or digit " + quote_for_error({&c, 1}));
      }
      if (file > 8) throw FenError(name, where + " has more than 8 squares");
    }
    if (file != 8)
      throw FenError(name, "rank " + std::to_string(r + 1) + " has " + std::to_string(file) + " squares, expected 8");
  }
}

void parse_en_passant(std::string_view field, BoardState& s) {
  if (field == "-") return;
  s.ep_square = parse_square(field);
  if (s.ep_square == SQ_NONE) throw FenError("en passant", quote_for_error(field) + " is not a square a1..h8 or '-'");
}

int parse_counter(std::string_view field, const std::string& name) {
  if (field.empty() || field.size() > 9)
    throw FenError(name, quote_for_error(field) + " is not a non-negative number of at most 9 digits");
  int value = 0;
  for (char c : field) {
    if (c < '0' || c > '9') throw FenError(name, quote_for_error(field) + " is not a non-negative number");
    value = value * 10 + (c - '0');
  }
  return value;
}

// The pieces of colour `by` that attack `target`, looking outward from it; `occupied` says which squares
// block a slider (it may differ from the board, to ask what attacked the square before the last move).
Bitboard attackers_of(const BoardState& s, Square target, Color by, Bitboard occupied) {
  Bitboard found = 0;
  const int tr = rank_of(target), tf = file_of(target);
  const auto holds = [&](int r, int f, PieceType a, PieceType b) {
    if (!on_board(r, f)) return false;
    const Square sq = square_at(r, f);
    const Piece p = (occupied & square_bb(sq)) ? s.board[sq] : NO_PIECE;
    if (p == make_piece(by, a) || p == make_piece(by, b)) found |= square_bb(sq);
    return true;
  };
  for (Step j : KNIGHT_STEPS) holds(tr + j.row, tf + j.col, KNIGHT, KNIGHT);
  for (Step k : KING_STEPS) {  // the king's steps, and the eight slider directions
    holds(tr + k.row, tf + k.col, KING, KING);
    const bool diagonal = k.row != 0 && k.col != 0;
    const PieceType slider = diagonal ? BISHOP : ROOK;
    for (int r = tr + k.row, f = tf + k.col; holds(r, f, slider, QUEEN); r += k.row, f += k.col)
      if (occupied & square_bb(square_at(r, f))) break;
  }
  // A pawn attacks forward, so it stands where one of its attack steps, taken backwards, leads.
  for (Step p : pawn_attack_steps(by)) holds(tr - p.row, tf - p.col, PAWN, PAWN);
  return found;
}

// True if squares a, b and c lie on one rank, file or diagonal.
bool on_one_line(Square a, Square b, Square c) {
  const auto same = [&](auto key) { return key(a) == key(b) && key(b) == key(c); };
  return same([](Square s) { return int(rank_of(s)); }) || same([](Square s) { return int(file_of(s)); }) ||
         same([](Square s) { return int(rank_of(s)) - int(file_of(s)); }) ||
         same([](Square s) { return int(rank_of(s)) + int(file_of(s)); });
}

// A check that no legal last move gives, as python-chess's Board.status() finds them: more than two
// checkers; two on one line with the king; with an en passant square, two checkers, or one that the
// double push neither made nor uncovered.
std::optional<BoardProblem> check_checkers(const BoardState& s) {
  const Color us = s.side_to_move, them = ~us;
  Square king = SQ_NONE;
  Bitboard occupied = 0;
  for (Square sq = SQ_A1; sq <= SQ_H8; ++sq) {
    if (s.board[sq] != NO_PIECE) occupied |= square_bb(sq);
    if (s.board[sq] == make_piece(us, KING)) king = sq;
  }
  const Bitboard checkers = attackers_of(s, king, them, occupied);
  if (!checkers) return std::nullopt;
  const std::string who = std::string("the ") + (us == WHITE ? "white" : "black") + " king on " + square_name(king);
  const int count = popcount(checkers);
  if (count > 2)
    return BoardProblem{"piece placement", who + " has " + std::to_string(count) + " checkers (" +
                                               square_names(checkers) + "), at most 2 possible"};
  const Square first = lsb(checkers), last = Square(63 - std::countl_zero(checkers));
  if (s.ep_square != SQ_NONE) {
    const Square pushed_to = s.ep_square - pawn_push(us), pushed_from = s.ep_square + pawn_push(us);
    const std::string push =
        square_name(s.ep_square) + ": the double push to " + square_name(pushed_to) + " cannot have given ";
    if (count == 2) return BoardProblem{"en passant", push + "two checks"};
    const Bitboard before = (occupied & ~square_bb(pushed_to)) | square_bb(pushed_from);
    if (first != pushed_to && attackers_of(s, king, them, before))
      return BoardProblem{"en passant", push + "the check from " + square_name(first)};
  } else if (count == 2 && on_one_line(first, last, king)) {
    return BoardProblem{"piece placement", who + " is checked from " + square_name(first) + " and " +
                                               square_name(last) + ", on one line with it: no move gives both checks"};
  }
  return std::nullopt;
}

// Set while an AllowImpossibleCheck lives on this thread.
thread_local bool impossible_check_allowed = false;

}  // namespace

AllowImpossibleCheck::AllowImpossibleCheck() : previous_(impossible_check_allowed) { impossible_check_allowed = true; }
AllowImpossibleCheck::~AllowImpossibleCheck() { impossible_check_allowed = previous_; }

BoardState parse_fen(std::string_view fen) {
  BoardState s = read_fen_fields(fen);
  if (std::optional<BoardProblem> problem = check_board_state(s)) throw FenError(problem->field, problem->problem);
  return s;
}

BoardState read_fen_fields(std::string_view fen) {
  std::vector<std::string_view> fields;
  for (std::string_view f : split(fen, ' '))
    if (!f.empty()) fields.push_back(f);
  if (fields.size() < 4 || fields.size() > 6)
    throw FenError("fields", "expected 4 to 6 space-separated fields, found " + std::to_string(fields.size()));

  BoardState s;
  parse_placement(fields[0], s);
  if (fields[1] != "w" && fields[1] != "b")
    throw FenError("side to move", quote_for_error(fields[1]) + " is not 'w' or 'b'");
  s.side_to_move = fields[1] == "w" ? WHITE : BLACK;
  parse_castling_field(fields[2], s);
  parse_en_passant(fields[3], s);
  if (fields.size() > 4) s.halfmove_clock = parse_counter(fields[4], "halfmove clock");
  if (fields.size() > 5) s.fullmove_number = parse_counter(fields[5], "fullmove number");
  return s;
}

std::optional<BoardProblem> check_board_state(const BoardState& s) {
  auto problem = [](std::string field, std::string text) { return BoardProblem{std::move(field), std::move(text)}; };
  for (Color c : {WHITE, BLACK}) {
    const std::string side = c == WHITE ? "white" : "black";
    int kings = 0, pawns = 0, pieces = 0;
    for (Square sq = SQ_A1; sq <= SQ_H8; ++sq) {
      const Piece p = s.board[sq];
      if (p == NO_PIECE || color_of(p) != c) continue;
      ++pieces;
      kings += type_of(p) == KING;
      if (type_of(p) != PAWN) continue;
      ++pawns;
      if (rank_of(sq) == RANK_1 || rank_of(sq) == RANK_8)
        return problem("piece placement", side + " pawn on " + square_name(sq) + ": pawns cannot stand on rank 1 or 8");
    }
    if (kings != 1)
      return problem("piece placement", side + " has " + std::to_string(kings) + " kings, expected exactly 1");
    if (pawns > 8)
      return problem("piece placement", side + " has " + std::to_string(pawns) + " pawns, at most 8 allowed");
    if (pieces > 16)
      return problem("piece placement", side + " has " + std::to_string(pieces) + " pieces, at most 16 allowed");
  }
  if (std::optional<BoardProblem> castling = check_castling_rights(s)) return castling;
  if (const Square ep = s.ep_square; ep != SQ_NONE) {
    const Color us = s.side_to_move;
    if (!is_ok(ep) || relative_rank(us, ep) != RANK_6)
      return problem("en passant", square_name(ep) + " is on the wrong rank: with " +
                                       (us == WHITE ? "white" : "black") + " to move it must be on rank " +
                                       (us == WHITE ? "6" : "3"));
    const Square pawn = ep - pawn_push(us), origin = ep + pawn_push(us);
    if (s.board[pawn] != make_piece(~us, PAWN))
      return problem("en passant",
                     square_name(ep) + " has no pawn on " + square_name(pawn) + " that could just have pushed two");
    if (s.board[ep] != NO_PIECE || s.board[origin] != NO_PIECE)
      return problem("en passant", square_name(ep) + ": the pawn's double push crossed an occupied square (" +
                                       square_name(s.board[ep] != NO_PIECE ? ep : origin) + ")");
  }
  if (!impossible_check_allowed)
    if (std::optional<BoardProblem> impossible = check_checkers(s)) return impossible;
  if (s.halfmove_clock < 0) return problem("halfmove clock", "is negative");
  if (s.fullmove_number < 0) return problem("fullmove number", "is negative");
  return std::nullopt;
}

std::string to_fen(const BoardState& s) {
  std::string out;
  for (int r = RANK_8; r >= RANK_1; --r) {
    int empty = 0;
    for (int f = FILE_A; f <= FILE_H; ++f) {
      Piece p = s.board[make_square(File(f), Rank(r))];
      if (p == NO_PIECE) {
        ++empty;
        continue;
      }
      if (empty) out += char('0' + empty);
      empty = 0;
      out += piece_to_char(p);
    }
    if (empty) out += char('0' + empty);
    if (r > RANK_1) out += '/';
  }
  out += s.side_to_move == WHITE ? " w " : " b ";
  out += castling_field(s);
  out += ' ' + square_name(s.ep_square);
  out += ' ' + std::to_string(s.halfmove_clock) + ' ' + std::to_string(s.fullmove_number);
  return out;
}

void require_consistent(const std::string& problem, const std::string& fen) {
  if (problem.empty()) return;
  std::fprintf(stderr, "movegen: invariant broken: %s in %s\n", problem.c_str(), fen.c_str());
  std::abort();
}

void require_side_not_to_move_safe(bool in_check) {
  if (in_check) throw FenError("side to move", "the side not to move is in check");
}

}  // namespace movegen
