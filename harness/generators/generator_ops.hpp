// The definition of generator_ops_of<P> (declared in harness/generators/generators.hpp): what the harness runs with one
// generator, as functions the rest of the harness calls through pointers. Included only by the translation unit
// generated for each generator from harness/generators/generator_instance.cpp.in, so that each generator's perft, divide and
// parallel divide are compiled alone and no generator's code changes another's inlining.
#pragma once

#include <algorithm>
#include <memory>

#include "harness/generators/generators.hpp"
#include "harness/generators/setup.hpp"

namespace movegen::harness {

// P's folder's board_view for a FEN, or null if it draws none.
template <class P>
constexpr auto board_view_function() -> BoardView (*)(std::string_view) {
  if constexpr (HasBoardView<P>)
    return [](std::string_view fen) { return board_view(P::from_fen(fen)); };
  else
    return nullptr;
}

template <class P>
const GeneratorOps& generator_ops_of() {
  static constexpr GeneratorOps ops{
      .check_fen = [](std::string_view fen) { (void)P::from_fen(fen); },
      .perft =
          [](std::string_view fen, int depth, Counting counting) {
            P pos = P::from_fen(fen);
            return perft(pos, depth, counting);
          },
      .divide =
          [](std::string_view fen, const std::vector<std::string>& moves, int depth, Counting counting,
             Notation notation) {
            P pos = position_after<P>(fen, moves, notation);
            std::vector<std::pair<std::string, std::uint64_t>> result;
            for (auto [move, nodes] : movegen::divide(pos, depth, counting))
              result.emplace_back(to_uci(move, notation), nodes);
            return result;
          },
      .parallel_divide =
          [](std::string_view fen, const std::vector<std::string>& moves, int depth, Counting counting,
             PerftTable& table, int threads, PerftProgress* progress, const std::function<void()>& tick,
             Notation notation) {
            const P pos = position_after<P>(fen, moves, notation);
            std::vector<std::pair<std::string, std::uint64_t>> result;
            for (auto [move, nodes] : movegen::parallel_divide(pos, depth, counting, table, threads, progress, tick))
              result.emplace_back(to_uci(move, notation), nodes);
            std::sort(result.begin(), result.end());  // by the text printed, which in Chess960 notation sorts otherwise
            return result;
          },
      .position = [](std::string_view fen, const std::vector<std::string>& moves,
                     Notation notation) -> std::unique_ptr<AnyPosition> {
        return std::make_unique<ErasedPosition<P>>(position_after<P>(fen, moves, notation));
      },
      .stage_moves =
          [](std::string_view fen, Stage stage, Notation notation) {
            P pos = P::from_fen(fen);
            MoveList list;
            if (stage == Stage::CAPTURES)
              generate_captures(pos, list);
            else if (stage == Stage::QUIETS)
              generate_quiets(pos, list);
            else
              pos.generate_legal(list);
            std::vector<std::string> texts;
            for (Move m : list) texts.push_back(to_uci(m, notation));
            return texts;
          },
      .board_view = board_view_function<P>()};
  return ops;
}

}  // namespace movegen::harness
