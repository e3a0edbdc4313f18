// The generator table: the one place in C++ and CMake where a built-in generator is named. The CLI's names
// and `movegen generators`, compare's table (rows: representations, columns: strategies, the tuned tier
// beside), the JSON, the benchmarks, the public header's AllPositions, the CTest suite entries, the
// translation unit of each generator's perft and divide, and show's board views all come from
// GeneratorTable below.
//
// Adding a representation of the reference tier (folder `tenxtwelve/`, CMake library `movegen_tenxtwelve`):
//   1. its folder, with the mirrored files (its Position, movegen.hpp for make-test-unmake, legal_masks.hpp for
//      masks: the generators MtuPosition<tenxtwelve::Position> and MasksPosition<tenxtwelve::Position>, the
//      strategies' templates of common/make_test_unmake.hpp and common/masks_strategy.hpp) and board_view.hpp
//      (`BoardView board_view(const Position&)`, found by argument-dependent lookup; see common/board_view.hpp);
//   2. its two headers included below and one Reference row in GeneratorTable:
//        Reference<"10x12", "10x12 board with sentinels", "tenxtwelve", MtuPosition<tenxtwelve::Position>,
//                  "tenxtwelve-masks", MasksPosition<tenxtwelve::Position>>,
//   3. `add_subdirectory(tenxtwelve)` in the top-level CMakeLists.txt.
// A tuned generator is one Tuned row and its folder. Nothing else names a generator: cmake/generator_table.cmake
// reads this file (the "name", type pairs (Namespace::Type or Strategy<Namespace::Type>) of the rows and the folders of
// the #include lines, whose libraries movegen_<folder> the harness links) to generate the per-generator translation
// units (harness/generators/generator_instance.cpp.in) and the CTest entries. Keep each pair `"name", type` on one
// line.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string_view>
#include <tuple>

#include "bitboard/board_view.hpp"
#include "bitboard/legal_masks.hpp"
#include "board10x12/board_view.hpp"
#include "board10x12/legal_masks.hpp"
#include "mailbox/board_view.hpp"
#include "mailbox/legal_masks.hpp"
#include "tuned/bitboard/position.hpp"
#include "tuned/mailbox/position.hpp"
#include "x88/board_view.hpp"
#include "x88/legal_masks.hpp"

namespace movegen::harness {

/// The tier of a generator: the reference tier (a controlled experiment, no tricks) or the tuned tier.
enum class Tier { REFERENCE, TUNED };
/// The legality strategy, the columns of compare's table: make-test-unmake or check and pin masks. Every
/// reference representation has one generator of each.
enum class Strategy { MAKE_TEST_UNMAKE, MASKS };

/// A string literal usable as a template argument: Reference<"mailbox", ...>.
template <std::size_t N>
struct Text {
  char chars[N]{};
  constexpr Text(const char (&text)[N]) { std::copy_n(text, N, chars); }
  constexpr std::string_view view() const { return {chars, N - 1}; }
};

/// One generator: its name on the command line, its Position type, tier, representation (the name of its
/// board, shared by the generators on it), legality strategy and its description in words (for the reference
/// tier, the board's words; the strategy's are added by generator_description).
template <Text Name, class P, Tier T, Text Representation, Strategy S, Text Words>
struct GeneratorRow {
  using Position = P;
  static constexpr std::string_view name = Name.view(), representation = Representation.view(), words = Words.view();
  static constexpr Tier tier = T;
  static constexpr Strategy strategy = S;
};

/// A representation of the reference tier: its name, its board in words, and its generator with each
/// strategy (name, Position type), the two calling the same per-piece functions.
template <Text Representation, Text Board, Text MtuName, class MtuP, Text MasksName, class MasksP>
struct Reference {
  using Generators =
      std::tuple<GeneratorRow<MtuName, MtuP, Tier::REFERENCE, Representation, Strategy::MAKE_TEST_UNMAKE, Board>,
                 GeneratorRow<MasksName, MasksP, Tier::REFERENCE, Representation, Strategy::MASKS, Board>>;
};

/// A generator of the tuned tier: its name, Position type, the representation it tunes, and what it does.
/// Its strategy is masks (each finds checkers and pins once per node).
template <Text Name, class P, Text Representation, Text Description>
struct Tuned {
  using Generators = std::tuple<GeneratorRow<Name, P, Tier::TUNED, Representation, Strategy::MASKS, Description>>;
};

// clang-format off
/// Every built-in generator, in the order the harness reports them: the reference tier by representation (the
/// mailbox first: the baseline of compare's representation effect), then the tuned tier.
using GeneratorTable = std::tuple<
    //        representation  its board in words             make-test-unmake generator           masks generator
    Reference<"mailbox",  "mailbox board string",        "mailbox", MtuPosition<mailbox::Position>,        "mailbox-masks", MasksPosition<mailbox::Position>>,
    Reference<"10x12",    "10x12 board with sentinels",  "board10x12", MtuPosition<board10x12::Position>,  "board10x12-masks", MasksPosition<board10x12::Position>>,
    Reference<"x88",      "0x88 board with piece lists", "x88", MtuPosition<x88::Position>,                "x88-masks", MasksPosition<x88::Position>>,
    Reference<"bitboard", "bitboards",                   "bitboard-mtu", MtuPosition<bitboard::Position>,  "bitboard-masks", MasksPosition<bitboard::Position>>,
    //    name                                       representation
    Tuned<"mailbox-tuned", mailbox_tuned::Position,   "mailbox",
          "mailbox board string, masks, tuned: letter counts and slider lines, board scan eight letters at a time, "
          "king lifted once, moves counted without a list">,
    Tuned<"bitboard-tuned", bitboard_tuned::Position, "bitboard",
          "bitboards, masks, tuned: copy-make records, set-wise legal generation, the replies to a leaf parent's "
          "moves counted in one call">>;
// clang-format on

}  // namespace movegen::harness
