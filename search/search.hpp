// One fixed search, written once over the position concept, as perft is (docs/search.md): iterative deepening,
// negamax alpha-beta, a quiescence search on captures (on every legal move when in check), the move order of
// search/move_order.hpp and the evaluation of search/evaluation.hpp, kept up to date move by move; checkmate and
// stalemate scored; no transposition table. Given the same position and depth, every generator searches the
// same tree: the same nodes, best move and score. What a representation does differently shows only in speed.
//
//   auto pos = MasksPosition<bitboard::Position>::from_fen(START_FEN);
//   SearchResult r = search_to_depth(pos, 5);   // r.best_move, r.score (centipawns, side to move), r.nodes
#pragma once

#include <algorithm>
#include <cstdint>

#include "common/move.hpp"
#include "common/position_concept.hpp"
#include "common/staged_generation.hpp"
#include "search/evaluation.hpp"
#include "search/move_order.hpp"
#include "search/score.hpp"
#include "search/search_result.hpp"

namespace movegen::search {

/// The deepest iteration search_to_depth runs.
inline constexpr int MAX_SEARCH_DEPTH = 64;

/// The search of one position: holds the position, the evaluation kept move by move and the node count.
template <ChessPosition P>
class Search {
 public:
  explicit Search(P& pos) : pos_(pos), white_eval_(evaluate(pos)) {}

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
    if (const auto it = std::find(moves.begin(), moves.end(), best); it != moves.end())
      std::rotate(moves.begin(), it, it + 1);
    int alpha = -INFINITE_SCORE;
    for (Move m : moves) {
      const int score = -searched(m, depth - 1, -INFINITE_SCORE, -alpha, 1);
      if (score > alpha) alpha = score, best = m;
    }
    return alpha;
  }

  // Negamax alpha-beta, fail-hard: the captures first, the quiets generated only if no capture cuts off.
  int negamax(int depth, int alpha, int beta, int ply) {
    if (depth <= 0) return quiescence(alpha, beta, ply);
    ++nodes_;
    MoveList moves;
    generate_captures(pos_, moves);
    order_captures(pos_, moves);
    bool any = !moves.empty();
    for (Move m : moves)
      if (raise(alpha, -searched(m, depth - 1, -beta, -alpha, ply + 1), beta)) return beta;
    moves.clear();
    generate_quiets(pos_, moves);
    order_quiets(moves);
    any = any || !moves.empty();
    for (Move m : moves)
      if (raise(alpha, -searched(m, depth - 1, -beta, -alpha, ply + 1), beta)) return beta;
    return any ? alpha : no_move_score(ply);
  }

  // The captures only, after the side to move's "stand pat" score; every legal move when in check.
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
      ordered_moves(moves);  // the evasions
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
    MoveList quiets;
    generate_quiets(pos_, quiets);
    order_quiets(quiets);
    for (Move m : quiets) moves.push_back(m);
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
  int white_eval_;  // evaluate(pos_), kept by make and unmake
  std::uint64_t nodes_ = 0;
};

/// The fixed search of `pos` to `depth` plies (1..MAX_SEARCH_DEPTH); `pos` is left as it was.
template <ChessPosition P>
SearchResult search_to_depth(P& pos, int depth) {
  return Search<P>(pos).run(depth);
}

}  // namespace movegen::search
