// Where two generators' staged generation differs: the captures stage (common/staged_generation.hpp) of one
// position as two sources list it, a built-in generator's own or an outside engine's (EngineOptions::captures_command).
//
//   if (auto d = compare_captures(*mailbox, *engine, fen, {})) print_divergence(std::cout, *d);   // kind "captures:
//   ..."
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "harness/debugging/divergence.hpp"
#include "harness/engines/divide_source.hpp"

namespace movegen::harness {

/// Compares the captures of `a` and `b` (DivideSource::captures) in the position reached from `fen` by the UCI `moves`:
/// std::nullopt if either cannot list its captures or both list the same moves as multisets. Otherwise a Divergence
/// of stage "captures" with no depth, the moves only one lists judged (judge_differing_moves), and a legal move that
/// takes nothing said to be no capture. Throws what DivideSource::captures throws.
std::optional<Divergence> compare_captures(DivideSource& a, DivideSource& b, const std::string& fen,
                                           const std::vector<std::string>& moves);

}  // namespace movegen::harness
