#include "harness/moves/move_kind.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <vector>

#include "bitboard/bitboard.hpp"
#include "common/uci.hpp"
#include "harness/moves/move_texts.hpp"
#include "harness/moves/san.hpp"
#include "mailbox/legal_masks.hpp"
#include "mailbox/movegen.hpp"

namespace movegen::harness {

namespace {

using mailbox::Board;

constexpr std::string_view PIECE_NAMES[] = {"", "pawn", "knight", "bishop", "rook", "queen", "king"};

// "the knight on c6" for each square of `squares`, joined by "and".
std::string pieces_text(const Board& board, Bitboard squares) {
  std::string out;
  while (squares) {
    const Square s = pop_lsb(squares);
    out += fmt::format("{}the {} on {}", out.empty() ? "" : " and ", PIECE_NAMES[type_of(char_to_piece(board[s]))],
                       square_name(s));
  }
  return out;
}

// One move as read from its text, with the position it is judged in.
struct Judged {
  MtuPosition<mailbox::Position>& pos;
  CheckAndPinMasks masks;  // from the mailbox masks generator
  Square from, to;
  char promotion;  // 'q', 'r', 'b', 'n' or 0
  Piece piece;     // on `from`
  Color us;

  Square king() const { return pos.king_square(us); }
  // The enemy pieces attacking `s` on `board` (the enemy king stays where it is: it cannot be taken).
  Bitboard attackers(const Board& board, Square s) const {
    return mailbox::attackers_to(board, s, ~us, pos.king_square(~us));
  }
  bool is_pawn_diagonal() const {
    return type_of(piece) == PAWN && file_of(from) != file_of(to) && mailbox::is_empty(pos.board()[to]);
  }
  // The rule of the castling move written as the king's move (e1g1) or as king takes own rook (e1h1).
  const CastlingRule* castling_rule() const {
    for (int i = 0; i < 4 && type_of(piece) == KING; ++i) {
      const CastlingRule& r = pos.castling_rules().rule(i);
      if (r.color == us && r.king_from == from && (r.king_to == to || r.rook_from == to) && from != to) return &r;
    }
    return nullptr;
  }
};

MoveKind classify(const Judged& j) {
  if (j.piece == NO_PIECE || color_of(j.piece) != j.us) return MoveKind::NO_PIECE;
  if (j.castling_rule()) return MoveKind::CASTLING;
  if (j.is_pawn_diagonal()) return MoveKind::EN_PASSANT;
  if (type_of(j.piece) == PAWN && (relative_rank(j.us, j.to) == RANK_8 || j.promotion)) return MoveKind::PROMOTION;
  if (type_of(j.piece) == KING) return MoveKind::KING_MOVE;
  if (j.masks.pinned >> j.from & 1) return MoveKind::PINNED_PIECE;
  if (j.masks.checkers) return MoveKind::CHECK_EVASION;
  if (type_of(j.piece) != PAWN) return MoveKind::PIECE_MOVE;
  return std::abs(rank_of(j.to) - rank_of(j.from)) == 2 ? MoveKind::DOUBLE_PUSH : MoveKind::PAWN_MOVE;
}

// The board after a move that is not castling: the piece (or its promotion) moved, a pawn taken en
// passant removed.
Board board_after(const Judged& j) {
  Board board = j.pos.board();
  board[j.to] = j.promotion ? mailbox::letter(j.us, type_of(char_to_piece(j.promotion))) : board[j.from];
  board[j.from] = '-';
  if (j.is_pawn_diagonal()) board[make_square(file_of(j.to), rank_of(j.from))] = '-';
  return board;
}

// The squares strictly between `from` and `to`, which share a rank, file or diagonal.
std::vector<Square> squares_between(Square from, Square to) {
  const int dr = rank_of(to) - rank_of(from), dc = file_of(to) - file_of(from);
  const int sr = (dr > 0) - (dr < 0), sc = (dc > 0) - (dc < 0);
  std::vector<Square> between;
  for (int r = rank_of(from) + sr, c = file_of(from) + sc; square_at(r, c) != to; r += sr, c += sc)
    between.push_back(square_at(r, c));
  return between;
}

// "a, b and c" for the squares of b.
std::string squares_and(Bitboard b) {
  std::string out;
  for (int n = popcount(b); b; --n) out += square_name(pop_lsb(b)) + (n > 2 ? ", " : n == 2 ? " and " : "");
  return out;
}

// Why a move is not legal: the rule it breaks, in words that do not depend on the position (for grouping),
// and the reason on this board. Empty text: no problem found.
struct Problem {
  std::string rule, text;
};

// Why a castling move is not legal, or nothing if every condition holds: the castling rule's first fault
// (check_castling, common/castling.hpp), asked of the board string, in words.
Problem castling_problem(const Judged& j, const CastlingRule& r) {
  const Board& board = j.pos.board();
  auto empty = [&](Square s) { return mailbox::is_empty(board[s]); };
  auto attacked = [&](Square s, Bitboard lifted) {
    Board without = board;
    while (lifted) without[pop_lsb(lifted)] = '-';
    return j.attackers(without, s) != 0;
  };
  const CastlingCheck check = check_castling(r, j.pos.castling_rights(), empty, attacked);
  const Square s = check.square;
  switch (check.fault) {
    case CastlingFault::NONE: return {};
    case CastlingFault::NO_RIGHT:
      return {"castling without the right",
              fmt::format("the castling right {} is not held", CASTLING_LETTERS[castling_index(r.right)])};
    case CastlingFault::PATH_OCCUPIED:
      return {"castling through an occupied square",
              fmt::format("{} is occupied by {}", square_name(s), pieces_text(board, square_bb(s)))};
    case CastlingFault::IN_CHECK:
      return {"castling out of check", fmt::format("the king on {} is in check from {}", square_name(s),
                                                   pieces_text(board, j.attackers(board, s)))};
    case CastlingFault::CROSSES_ATTACKED:
      return {"castling through an attacked square",
              fmt::format("it crosses {}, attacked by {}", square_name(s), pieces_text(board, j.attackers(board, s)))};
    case CastlingFault::LANDS_ATTACKED:
      return {"castling onto an attacked square",
              fmt::format("it lands on {}, attacked by {}", square_name(s), pieces_text(board, j.attackers(board, s)))};
    case CastlingFault::ROOK_SHIELDS: {
      Board without_rook = board;
      without_rook[r.rook_from] = without_rook[r.king_from] = '-';
      return {"castling onto a square the rook shielded",
              fmt::format("it lands on {}, attacked by {} once the rook leaves {}", square_name(s),
                          pieces_text(board, j.attackers(without_rook, s)), square_name(r.rook_from))};
    }
  }
  return {};
}

// Why a move that is not castling does not follow its piece's rule on this board, or nothing if it does.
Problem rule_problem(const Judged& j) {
  const Board& board = j.pos.board();
  const std::string from = square_name(j.from), to = square_name(j.to);
  if (j.piece == NO_PIECE) return {"a move from an empty square", "there is no piece on " + from};
  if (color_of(j.piece) != j.us)
    return {"a move of the other side's piece", fmt::format("the piece on {} is not the side to move's", from)};
  if (mailbox::is_color(board[j.to], j.us))
    return {"a capture of its own piece", fmt::format("{} holds a piece of the side to move", to)};
  const PieceType type = type_of(j.piece);
  const Problem no_such{fmt::format("a {} move against its rule", PIECE_NAMES[type]),
                        fmt::format("a {} does not move from {} to {}", PIECE_NAMES[type], from, to)};
  if (type == KNIGHT || type == KING) {
    const int dr = std::abs(rank_of(j.to) - rank_of(j.from)), dc = std::abs(file_of(j.to) - file_of(j.from));
    const bool fits = type == KNIGHT ? dr * dc == 2 : std::max(dr, dc) == 1;
    return fits ? Problem{} : no_such;
  }
  if (!bitboard::line_bb(j.from, j.to)) return no_such;  // not on one rank, file or diagonal
  const std::vector<Square> between = squares_between(j.from, j.to);
  if (type != PAWN) {
    const bool straight = rank_of(j.from) == rank_of(j.to) || file_of(j.from) == file_of(j.to);
    if (straight ? type == BISHOP : type == ROOK) return no_such;
    for (Square s : between)
      if (!mailbox::is_empty(board[s]))
        return {"a slider jumping a piece", fmt::format("{}, on the way, is occupied", square_name(s))};
    return {};
  }
  const int forward = j.us == WHITE ? 1 : -1, dr = rank_of(j.to) - rank_of(j.from);
  const int dc = std::abs(file_of(j.to) - file_of(j.from));
  const bool last = relative_rank(j.us, j.to) == RANK_8;
  if (dc == 0 && dr == 2 * forward && relative_rank(j.us, j.from) != RANK_2)  // before the promotion rule: one cause
    return {"a double push off the starting rank",
            fmt::format("a pawn double-pushes only from its starting rank, not from {}", from)};
  if (last && !j.promotion)
    return {"a pawn reaching the last rank unpromoted", fmt::format("a pawn reaching {} must promote", to)};
  if (!last && j.promotion) return {"a promotion off the last rank", "only a pawn reaching the last rank promotes"};
  if (dc == 0 && (dr == forward || (dr == 2 * forward && relative_rank(j.us, j.from) == RANK_2))) {
    const std::string blocked = "a pawn push through or onto a piece";
    for (Square s : between)
      if (!mailbox::is_empty(board[s])) return {blocked, fmt::format("{} is occupied", square_name(s))};
    return mailbox::is_empty(board[j.to]) ? Problem{} : Problem{blocked, fmt::format("{} is occupied", to)};
  }
  if (dc != 1 || dr != forward) return no_such;
  if (!mailbox::is_empty(board[j.to]) || j.to == j.pos.ep_square()) return {};
  const Square ep = j.pos.ep_square();
  return {"a pawn capture of nothing (no en passant there)",
          fmt::format("there is nothing to take on {}, and the en passant square is {}", to,
                      ep == SQ_NONE ? "-" : square_name(ep))};
}

// Why a move that follows its piece's rule is still illegal: the king it leaves attacked, or nothing.
Problem exposure_problem(const Judged& j) {
  const Board board = board_after(j);
  const bool king_moves = type_of(j.piece) == KING;
  const Square king = king_moves ? j.to : j.king();
  const Bitboard by = j.attackers(board, king);
  if (!by) return {};
  if (king_moves)
    return {"a king step onto an attacked square",
            fmt::format("it puts the king on {}, attacked by {}", square_name(king), pieces_text(board, by))};
  const bool pinned = j.masks.pinned >> j.from & 1, still = !(by & ~j.masks.checkers);
  std::string text =
      (by & ~j.masks.checkers)
          ? fmt::format("it leaves the king on {} attacked by {}", square_name(king), pieces_text(board, by))
          : fmt::format("the king on {} stays in check from {}", square_name(king), pieces_text(board, by));
  if (pinned) text += fmt::format(" (the {} on {} is pinned)", PIECE_NAMES[type_of(j.piece)], square_name(j.from));
  const std::string rule = pinned                 ? "a pinned piece leaving its line"
                           : still                ? "a move that leaves the king in check"
                           : j.is_pawn_diagonal() ? "an en passant capture that exposes the king"
                                                  : "a move that exposes the king";
  return {rule, text};
}

// A legal move's rule, finer than its kind: "en passant", "double push", "promotion capture", ...
std::string legal_rule(const Judged& j, MoveKind kind) {
  const bool capture = !mailbox::is_empty(j.pos.board()[j.to]);
  switch (kind) {
    case MoveKind::PROMOTION: return capture ? "promotion capture" : "promotion";
    case MoveKind::PINNED_PIECE:
    case MoveKind::CHECK_EVASION:
    case MoveKind::DOUBLE_PUSH:
    case MoveKind::PAWN_MOVE:
    case MoveKind::PIECE_MOVE:
      if (type_of(j.piece) == PAWN)
        return std::abs(rank_of(j.to) - rank_of(j.from)) == 2 ? "double push" : capture ? "pawn capture" : "pawn push";
      if (kind == MoveKind::PIECE_MOVE)
        return fmt::format("{} {}", PIECE_NAMES[type_of(j.piece)], capture ? "capture" : "move");
      break;
    default: break;
  }
  return std::string(kind_name(kind));
}

// What makes a legal move of the kind `kind` legal, in words.
std::string legal_reason(const Judged& j, MoveKind kind) {
  const Board& board = j.pos.board();
  switch (kind) {
    case MoveKind::CASTLING: {
      const CastlingRule& r = *j.castling_rule();
      std::string empty;
      for (Bitboard path = r.path; path;) empty += (empty.empty() ? "" : ", ") + square_name(pop_lsb(path));
      return fmt::format("{}{}{} not attacked", empty, empty.empty() ? "" : " empty, and ",
                         squares_and(r.king_path | square_bb(r.king_from)));
    }
    case MoveKind::EN_PASSANT:
      return fmt::format("it takes the pawn on {} en passant, and the king on {} is not attacked after it",
                         square_name(make_square(file_of(j.to), rank_of(j.from))), square_name(j.king()));
    case MoveKind::PROMOTION:
      return fmt::format("the pawn on {} promotes on {}", square_name(j.from), square_name(j.to));
    case MoveKind::KING_MOVE: return fmt::format("{} is not attacked", square_name(j.to));
    case MoveKind::PINNED_PIECE: {
      Board without = board;
      without[j.from] = '-';
      return fmt::format("the {} on {}, pinned by {}, stays on the line to its king", PIECE_NAMES[type_of(j.piece)],
                         square_name(j.from), pieces_text(board, j.attackers(without, j.king()) & ~j.masks.checkers));
    }
    case MoveKind::CHECK_EVASION:
      return fmt::format("it {} the check from {}", (j.masks.checkers >> j.to & 1) ? "ends, by a capture," : "blocks",
                         pieces_text(board, j.masks.checkers));
    default: break;
  }
  return fmt::format("the king on {} is not attacked after it", square_name(j.king()));
}

}  // namespace

std::string_view piece_type_name(PieceType type) { return PIECE_NAMES[type]; }

std::string_view kind_name(MoveKind kind) {
  constexpr std::string_view NAMES[] = {
      "castling",  "en passant", "promotion", "king move", "pinned piece", "check evasion",    "double push",
      "pawn move", "piece move", "make move", "count",     "move text",    "no piece to move", "other"};
  return NAMES[int(kind)];
}

MoveVerdict judge_move(const std::string& fen, const std::string& move, Notation notation) {
  MoveVerdict v;
  v.move = move;
  try {
    MtuPosition<mailbox::Position> pos = MtuPosition<mailbox::Position>::from_fen(fen);
    if (!is_uci_move_text(move)) {  // an engine's text that names no move of ours (read_move says why)
      const MoveReading reading = read_move(pos, move, notation);
      if (!reading.uci.empty() && reading.uci != move) {
        v = judge_move(fen, reading.uci, notation);
        v.move = move;
        v.why = fmt::format("{} (read as {}): {}", move, reading.uci, v.why);
        return v;
      }
      v.kind = MoveKind::MOVE_TEXT;
      if (reading.rule != "not move text") v.legal = false;  // text that is no move at all is not judged
      v.why = fmt::format("{} is not legal: {}", move, reading.reason.empty() ? "not move text" : reading.reason);
      v.rule = reading.rule.empty() ? "not move text" : reading.rule;
      return v;
    }
    Judged j{pos,
             mailbox::check_and_pin_masks(pos),
             parse_square(move.substr(0, 2)),
             parse_square(move.substr(2, 2)),
             move.size() == 5 ? move[4] : '\0',
             NO_PIECE,
             pos.side_to_move()};
    j.piece = pos.piece_on(j.from);
    v.kind = classify(j);
    const std::vector<std::string> legal = legal_move_texts(pos, notation);
    v.legal = std::find(legal.begin(), legal.end(), move) != legal.end();
    if (*v.legal) {
      v.follows_piece_rule = true;
      v.why = "legal: " + legal_reason(j, v.kind);
      v.rule = "legal " + legal_rule(j, v.kind);
      return v;
    }
    const CastlingRule* rule = v.kind == MoveKind::CASTLING ? j.castling_rule() : nullptr;
    Problem problem = rule ? castling_problem(j, *rule) : rule_problem(j);
    if (problem.text.empty() && !rule) {
      v.follows_piece_rule = true;
      problem = exposure_problem(j);
    }
    if (problem.text.empty()) problem = {"a move our generators do not generate", "our generators do not generate it"};
    v.why = fmt::format("{} is not legal: {}", move, problem.text);
    v.rule = problem.rule;
  } catch (const std::exception& e) {
    v.kind = MoveKind::OTHER;
    v.legal.reset();
    v.why = std::string("cannot be judged: ") + e.what();
    v.rule = "a move that cannot be judged";
  }
  return v;
}

}  // namespace movegen::harness
