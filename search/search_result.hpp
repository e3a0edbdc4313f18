// What the fixed search (search/search.hpp) returns, and how the results of several generators are compared.
//
//   std::vector<SearchResult> results = {mailbox_result, x88_result};
//   if (auto i = first_disagreeing(results)) { /* results[*i] differs from results[0] */ }
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "common/move.hpp"

namespace movegen::search {

/// What a search found: the best root move (Move::none() if the side to move has none), its score in
/// centipawns from the side to move's view (mate scores as score.hpp says) and the nodes of every iteration
/// (each negamax and quiescence call counts one).
struct SearchResult {
  Move best_move = Move::none();
  int score = 0;
  std::uint64_t nodes = 0;
  int depth = 0;
  bool operator==(const SearchResult&) const = default;
};

/// The index of the first of `results` (one search of one position per generator) that differs from the first in
/// nodes, best move or score; none if they all agree. `movegen bench` reports a disagreement with it.
inline std::optional<std::size_t> first_disagreeing(const std::vector<SearchResult>& results) {
  for (std::size_t i = 1; i < results.size(); ++i)
    if (!(results[i] == results[0])) return i;
  return std::nullopt;
}

}  // namespace movegen::search
