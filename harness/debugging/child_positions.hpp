// Asking about the positions a position's moves lead to, where its own divide cannot tell: an engine's handling of
// `position fen F moves ...` (its divides from F agree, yet it plays a move wrongly when sent it), and an engine that
// prints only totals (the harness knows the moves, so it asks the total after each).
//
//   if (auto d = compare_through_moves(*ours, *engine, fen, {}, 3)) print_divergence(std::cout, *d);
//   DivideResult listed = divide_from_child_totals(*engine, engine->divide(fen, {}, 3), fen, {}, 3);
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "harness/debugging/divergence.hpp"
#include "harness/engines/divide_source.hpp"

namespace movegen::harness {

/// The most plies deep compare_through_moves divides a position reached through a move.
inline constexpr int MAX_THROUGH_DEPTH = 2;

/// A legal move and its kind, as compare_through_moves picks them.
struct KindOfMove {
  std::string move;  // UCI text
  std::string kind;  // "quiet move", "double push", "capture", "en passant", "castling" or "promotion"
};

/// The first legal move (in UCI text order) of each kind present in the position reached from `fen` by the UCI
/// `moves`, in the order quiet move, double push, capture, en passant, castling, promotion, as our mailbox generator
/// finds them; empty if it cannot play `moves`.
std::vector<KindOfMove> one_move_of_each_kind(const std::string& fen, const std::vector<std::string>& moves,
                                              Notation notation);

/// Our mailbox generator's legal moves in the position reached from `fen` by the UCI `moves`, in UCI text order: the
/// moves of an engine that lists none (it prints only totals); empty if it cannot play `moves`.
std::vector<std::string> our_legal_moves(const std::string& fen, const std::vector<std::string>& moves,
                                         Notation notation);

/// Where the divides of `a` and `b` from (fen, moves) agree at `depth`, the positions after one move of each kind
/// (one_move_of_each_kind) asked through the moves, min(depth - 1, MAX_THROUGH_DEPTH) deep, when either plays the
/// moves it is sent (DivideSource::plays_moves) and depth is 2 or more: the first divergence find_divergence finds
/// there, with Divergence::through_move, through_kind and through_depth filled in; std::nullopt if every one agrees
/// (at most six divides per side). Throws what DivideSource::divide throws.
std::optional<Divergence> compare_through_moves(DivideSource& a, DivideSource& b, const std::string& fen,
                                                const std::vector<std::string>& moves, int depth);

/// `r`, the divide `depth` deep of `x` from (fen, moves), with a line per move: for a reply that gave a total alone
/// (DivideResult::listed false) 2 or more deep, each of our mailbox generator's legal moves there with x's total one
/// ply less deep after it (the position after the move asked through the moves, as any query); `r` itself otherwise.
/// Its total stays x's own, which the counts need not sum to. Throws what DivideSource::divide throws.
DivideResult divide_from_child_totals(DivideSource& x, DivideResult r, const std::string& fen,
                                      const std::vector<std::string>& moves, int depth);

}  // namespace movegen::harness
