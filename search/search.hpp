// One fixed search, written once over the position concept, as perft is (docs/search.md): iterative deepening,
// negamax alpha-beta, a quiescence search on captures (on every legal move when in check), the move order of
// search/move_order.hpp and the evaluation of search/evaluation.hpp, kept up to date move by move; checkmate and
// stalemate scored; a transposition table only if one is given (search/transposition_table.hpp). Given the same
// position, depth and table size, every generator searches the same tree: the same nodes, best move and score.
// What a representation does differently shows only in speed.
//
//   auto pos = MasksPosition<bitboard::Position>::from_fen(START_FEN);
//   SearchResult r = search_to_depth(pos, 5);   // r.best_move, r.score (centipawns, side to move), r.nodes
//   TranspositionTable table(16);
//   SearchResult h = search_to_depth(pos, 5, &table);   // h.best_move, h.score as r's; fewer nodes
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>

#include "common/move.hpp"
#include "common/position_concept.hpp"
#include "common/staged_generation.hpp"
#include "search/evaluation.hpp"
#include "search/move_order.hpp"
#include "search/score.hpp"
#include "search/search_result.hpp"
#include "search/transposition_table.hpp"

namespace movegen::search {

/// The deepest iteration search_to_depth runs.
inline constexpr int MAX_SEARCH_DEPTH = 64;

/// The search of one position: holds the position, the evaluation kept move by move, the node count and the
/// transposition table, if any.
template <ChessPosition P>
class Search {
 public:
  /// A search of `pos`, with `table` (cleared here) if not null.
  explicit Search(P& pos, TranspositionTable* table = nullptr) : pos_(pos), white_eval_(evaluate(pos)), table_(table) {
    if (table_) table_->clear();
  }

  /// Iterative deepening from depth 1 to `depth` (1..MAX_SEARCH_DEPTH), each iteration searching the previous
  /// one's best move first; the result of the last.
  SearchResult run(int depth) {
    SearchResult result;
    for (int d = 1; d <= depth; ++d) {
      result.score = root(d, result.best_move);
      result.depth = d;
      if (result.best_move == Move::none()) break;  // checkmate or stalemate at the root
    }
    result.nodes = nodes_;
    return result;
  }

 private:
  // The root's legal moves, `best` (the last iteration's best move) first, then the captures, then the quiets;
  // sets `best` to the best move found and returns its score.
  int root(int depth, Move& best) {
    ++nodes_;
    MoveList moves;
    ordered_moves(moves);
    if (moves.empty()) return no_move_score(0);
    move_to_front(moves, best);
    int alpha = -INFINITE_SCORE;
    for (Move m : moves) {
      const int score = -searched(m, depth - 1, -INFINITE_SCORE, -alpha, 1);
      if (score > alpha) alpha = score, best = m;
    }
    return alpha;
  }

  // Negamax alpha-beta, fail-hard: the table's move first if it has one for this position, then the captures,
  // then the quiets, generated only if no capture cuts off (or first, to find a quiet move of the table's).
  int negamax(int depth, int alpha, int beta, int ply) {
    if (depth <= 0) return quiescence(alpha, beta, ply);
    ++nodes_;
    const TableEntry* entry = table_ ? table_->probe(pos_.key()) : nullptr;
    if (entry && entry->depth == depth)
      if (const std::optional<int> score = table_answer(*entry, alpha, beta, ply)) return *score;
    const Move table_move = entry ? entry->move : Move::none();
    const int alpha_before = alpha;
    Move best = Move::none();
    MoveList moves;
    generate_captures(pos_, moves);
    order_captures(pos_, moves);
    const bool quiets_now = table_move != Move::none() && !move_to_front(moves, table_move);
    if (quiets_now) {
      append_ordered_quiets(moves);
      move_to_front(moves, table_move);
    }
    bool any = !moves.empty();
    bool cut = search_list(moves, depth, alpha, beta, ply, best);
    if (!cut && !quiets_now) {
      moves.clear();
      append_ordered_quiets(moves);
      any = any || !moves.empty();
      cut = search_list(moves, depth, alpha, beta, ply, best);
    }
    if (!any) return no_move_score(ply);
    const Bound bound = cut ? Bound::LOWER : alpha > alpha_before ? Bound::EXACT : Bound::UPPER;
    const int score = cut ? beta : alpha;
    if (table_)
      table_->store(pos_.key(), depth, bound, score_to_table(score, ply),
                    cut || bound == Bound::EXACT ? best : table_move);
    return score;
  }

  // Searches `moves` in order from a negamax node: raises alpha and sets `best` to the move that raised it;
  // true (and `best` the move) if one reaches beta.
  bool search_list(const MoveList& moves, int depth, int& alpha, int beta, int ply, Move& best) {
    for (Move m : moves) {
      const int score = -searched(m, depth - 1, -beta, -alpha, ply + 1);
      if (score > alpha) best = m;
      if (raise(alpha, score, beta)) return true;
    }
    return false;
  }

  // What a table entry of this node's depth answers in the window alpha..beta, as the search would (fail-hard):
  // an exact score clamped to the window, beta for a lower bound at or above it, alpha for an upper bound at or
  // below it; nothing if the bound says nothing about the window.
  static std::optional<int> table_answer(const TableEntry& e, int alpha, int beta, int ply) {
    const int score = score_from_table(e.score, ply);
    if (e.bound == Bound::EXACT) return std::clamp(score, alpha, beta);
    if (e.bound == Bound::LOWER && score >= beta) return beta;
    if (e.bound == Bound::UPPER && score <= alpha) return alpha;
    return std::nullopt;
  }

  // Moves `m` to the front of `moves`, the others keeping their order; false if `m` is not among them.
  static bool move_to_front(MoveList& moves, Move m) {
    const auto it = std::find(moves.begin(), moves.end(), m);
    if (it == moves.end()) return false;
    std::rotate(moves.begin(), it, it + 1);
    return true;
  }

  // Appends the quiet moves, in order.
  void append_ordered_quiets(MoveList& moves) {
    MoveList quiets;
    generate_quiets(pos_, quiets);
    order_quiets(quiets);
    for (Move m : quiets) moves.push_back(m);
  }

  // The captures only, after the side to move's "stand pat" score; the evasions (every legal move) when in check.
  int quiescence(int alpha, int beta, int ply) {
    ++nodes_;
    const bool in_check = pos_.checkers() != 0;
    if (!in_check || ply >= MAX_PLY) {
      const int stand_pat = pos_.side_to_move() == WHITE ? white_eval_ : -white_eval_;
      if (stand_pat >= beta || ply >= MAX_PLY) return std::min(stand_pat, beta);
      alpha = std::max(alpha, stand_pat);
    }
    MoveList moves;
    if (in_check) {
      generate_evasions(pos_, moves);
      order_moves(pos_, moves);
      if (moves.empty()) return mated_score(ply);
    } else {
      generate_captures(pos_, moves);
      order_captures(pos_, moves);
    }
    for (Move m : moves) {
      const int delta = make(m);
      const int score = -quiescence(-beta, -alpha, ply + 1);
      unmake(m, delta);
      if (raise(alpha, score, beta)) return beta;
    }
    return alpha;
  }

  // Every legal move: the captures in order, then the quiets in order.
  void ordered_moves(MoveList& moves) {
    generate_captures(pos_, moves);
    order_captures(pos_, moves);
    append_ordered_quiets(moves);
  }

  // The score of the position after `m` for the side to move there: m made, searched by negamax, taken back.
  int searched(Move m, int depth, int alpha, int beta, int ply) {
    const int delta = make(m);
    const int score = negamax(depth, alpha, beta, ply);
    unmake(m, delta);
    return score;
  }

  // Makes `m` and keeps the evaluation up to date; returns the change, which unmake takes back.
  int make(Move m) {
    const int delta = eval_change(pos_, m);  // read from the board before m
    pos_.make_move(m);
    white_eval_ += delta;
    return delta;
  }

  void unmake(Move m, int delta) {
    pos_.unmake_move(m);
    white_eval_ -= delta;
  }

  // Raises alpha to `score` if higher; true if that reaches beta (a cut-off).
  static bool raise(int& alpha, int score, int beta) {
    if (score >= beta) return true;
    alpha = std::max(alpha, score);
    return false;
  }

  // The score of a node without legal moves: checkmate (the side to move lost, `ply` plies from the root) or
  // stalemate (a draw).
  int no_move_score(int ply) const { return pos_.checkers() ? mated_score(ply) : DRAW_SCORE; }

  P& pos_;
  int white_eval_;             // evaluate(pos_), kept by make and unmake
  TranspositionTable* table_;  // none: no table
  std::uint64_t nodes_ = 0;
};

/// The fixed search of `pos` to `depth` plies (1..MAX_SEARCH_DEPTH), with `table` (cleared first) if not null;
/// `pos` is left as it was. The table changes the node count, never the best move or the score (docs/search.md).
template <ChessPosition P>
SearchResult search_to_depth(P& pos, int depth, TranspositionTable* table = nullptr) {
  return Search<P>(pos, table).run(depth);
}

}  // namespace movegen::search
