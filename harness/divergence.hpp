// Finding where two generators first disagree, and reporting it.
//
//   auto a = make_divide_source("mailbox", timeout), b = make_divide_source("uci:/usr/games/stockfish", timeout);
//   if (auto d = find_divergence(*a, *b, fen, {}, 4)) print_divergence(std::cout, *d);
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "harness/divide_source.hpp"

namespace movegen::harness {

/// Where two generators, named `a_name` and `b_name`, disagree: the position reached from `root_fen` by `path`, its
/// FEN, the moves only one of them generates there (as many times as it generates them beyond the other), and `detail`
/// for a disagreement that is not about the move list (FEN after a move, checkers, a generator whose counts contradict
/// themselves).
struct Divergence {
  Divergence() = default;
  Divergence(std::string a, std::string b, std::string root, std::vector<std::string> moves = {})
      : a_name(std::move(a)), b_name(std::move(b)), root_fen(std::move(root)), path(std::move(moves)) {}

  std::string a_name = "A";
  std::string b_name = "B";
  std::string root_fen;
  std::vector<std::string> path;
  std::vector<std::pair<std::uint64_t, std::uint64_t>> path_counts;  // A's and B's count below each move
                                                                     // of the path that diff descended into
  std::string fen;
  std::vector<std::string> only_a;
  std::vector<std::string> only_b;
  std::string detail;
};

/// Compares the divides of `a` and `b` `depth` plies deep (1..MAX_DEPTH) from `fen` after `moves`, and
/// where a move's counts differ descends into it (the first such move in UCI text order), until the
/// shallowest position on that line whose legal move lists differ as multisets (a generator whose divide
/// below a move does not sum to the count it gave for that move is reported too). std::nullopt when
/// the divides agree. Throws what DivideSource::divide throws.
std::optional<Divergence> find_divergence(DivideSource& a, DivideSource& b, const std::string& fen,
                                          const std::vector<std::string>& moves, int depth);

/// The FEN after `moves` from `fen` as the mailbox generator plays them, or a note saying why there is none.
std::string fen_after(const std::string& fen, const std::vector<std::string>& moves);

/// The moves of `a` missing from `b`, as multisets: each move as many times as `a` has it more than `b`.
std::vector<std::string> multiset_minus(std::vector<std::string> a, std::vector<std::string> b);

/// Prints the report: A's and B's names, root FEN, move path (with A's and B's node counts below each move
/// diff descended into), FEN there, moves only A generates, moves only B generates, and the detail if any.
void print_divergence(std::ostream& out, const Divergence& d);

/// Squares of a bitboard as text, "{e1, g8}", "{}" for none.
std::string squares_text(Bitboard b);

}  // namespace movegen::harness
