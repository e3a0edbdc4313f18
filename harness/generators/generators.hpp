// The built-in generators of the table (harness/generators/generator_table.hpp) by name, each one's perft and divide
// compiled in a translation unit of its own and called through GeneratorOps, and a way to run code templated on
// a generator's Position type where no timing is involved.
//
//   const Generator g = parse_generator("mailbox");
//   generator_ops(g).perft(START_FEN, 5, Counting::BULK);                       // 4865609
//   with_generator(g, [&]<ChessPosition P>() { auto pos = P::from_fen(fen); });
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "common/board_view.hpp"
#include "common/parallel_perft.hpp"
#include "common/perft.hpp"
#include "common/position_concept.hpp"
#include "common/staged_generation.hpp"
#include "common/uci.hpp"
#include "harness/generators/any_position.hpp"
#include "harness/generators/generator_table.hpp"
#include "harness/usage/usage_error.hpp"

namespace movegen::harness {

namespace table_detail {
template <class Table>
struct Flatten;
template <class... Rows>
struct Flatten<std::tuple<Rows...>> {
  using type = decltype(std::tuple_cat(std::declval<typename Rows::Generators>()...));
};
template <class Rows>
struct PositionsOf;
template <class... Rows>
struct PositionsOf<std::tuple<Rows...>> {
  using type = std::tuple<typename Rows::Position...>;
};
template <class Rows>
struct NamesOf;
template <class... Rows>
struct NamesOf<std::tuple<Rows...>> {
  static constexpr std::array<std::string_view, sizeof...(Rows)> value{Rows::name...};
};
}  // namespace table_detail

/// The generators one by one (a GeneratorRow each), in the table's order: each reference representation's
/// make-test-unmake then masks generator, then the tuned tier.
using GeneratorRows = typename table_detail::Flatten<GeneratorTable>::type;
/// The number of built-in generators.
inline constexpr std::size_t GENERATOR_COUNT = std::tuple_size_v<GeneratorRows>;
/// The Position types of every built-in generator, in the order of all_generators(): for templated tests
/// (BOOST_AUTO_TEST_CASE_TEMPLATE) and the fuzzer.
using AllPositions = typename table_detail::PositionsOf<GeneratorRows>::type;
/// The command-line names of every built-in generator, in table order.
inline constexpr auto GENERATOR_NAMES = table_detail::NamesOf<GeneratorRows>::value;
/// The length in characters of the longest generator name: the width of a column that lists the names.
inline constexpr std::size_t LONGEST_GENERATOR_NAME =
    std::ranges::max(GENERATOR_NAMES, {}, &std::string_view::size).size();

/// A built-in generator: its place in the table.
struct Generator {
  std::size_t index = 0;
  friend constexpr bool operator==(Generator, Generator) = default;
};

/// The generator called `name`, at compile time: named_generator("mailbox"). A name not in the table does not
/// compile.
consteval Generator named_generator(std::string_view name) {
  for (std::size_t i = 0; i < GENERATOR_COUNT; ++i)
    if (GENERATOR_NAMES[i] == name) return {i};
  throw "no generator of that name in harness/generators/generator_table.hpp";
}

/// The Position type of the generator called `Name`: GeneratorPosition<"x88-masks"> is MasksPosition<x88::Position>.
template <Text Name>
using GeneratorPosition = std::tuple_element_t<named_generator(Name.view()).index, AllPositions>;

/// The generator perft, diff and perftree use when none is named: the fastest, bitboard-tuned.
inline constexpr Generator DEFAULT_GENERATOR = named_generator("bitboard-tuned");

/// The generator called `name` (one of GENERATOR_NAMES); throws UsageError naming `option` (e.g.
/// "--generator") and listing every name for any other.
Generator parse_generator(std::string_view name, std::string_view option = "--generator");
/// The generators of a comma-separated list of names ("mailbox,bitboard-mtu"), in the order given; throws
/// UsageError naming `option` for an unknown or repeated name or an empty list.
std::vector<Generator> parse_generator_list(std::string_view names, std::string_view option);
/// The generator's name as the command line spells it.
std::string generator_name(Generator g);
/// One line in words: the representation's board, the legality strategy and, for the tuned tier, its tricks.
std::string generator_description(Generator g);
/// Every built-in generator, in table order (the reference tier by representation, then the tuned tier).
std::vector<Generator> all_generators();
/// The names of every built-in generator, separated by `separator`.
std::string generator_names(std::string_view separator = ", ");

/// The representation of a generator, as the table names it ("mailbox", "x88", "bitboard").
std::string_view representation_of(Generator g);
/// Every representation, once each, in table order: the rows of compare's table.
std::vector<std::string_view> all_representations();
/// The legality strategy; a tuned generator's is masks (both find checkers and pins once per node).
Strategy strategy_of(Generator g);
Tier tier_of(Generator g);
/// The tier's name as `movegen generators` prints it: "reference" or "tuned".
std::string tier_name(Tier t);
/// The strategy's name in compare's JSON and table: "make_test_unmake" or "masks".
std::string strategy_name(Strategy s);
/// Every strategy, in column order.
inline constexpr Strategy ALL_STRATEGIES[] = {Strategy::MAKE_TEST_UNMAKE, Strategy::MASKS};

/// What the harness runs with a generator, type-erased: each function is compiled in the generator's own
/// translation unit (generated from harness/generators/generator_instance.cpp.in), so that no generator's code changes
/// another's inlining. FEN and moves as UCI text; every function throws FenError for a bad FEN and MoveError
/// for a move that is not legal where it is played.
struct GeneratorOps {
  /// Checks `fen` as the generator's from_fen does (including the side not to move in check).
  void (*check_fen)(std::string_view fen);
  /// perft of `fen`: leaf nodes `depth` plies deep (1 at depth 0).
  std::uint64_t (*perft)(std::string_view fen, int depth, Counting counting);
  /// divide of the position after `moves` (written in `notation`): (UCI text in `notation`, leaf nodes) per
  /// legal move, in the generator's order.
  std::vector<std::pair<std::string, std::uint64_t>> (*divide)(std::string_view fen,
                                                               const std::vector<std::string>& moves, int depth,
                                                               Counting counting, Notation notation);
  /// parallel_divide of the position after `moves` with `table` on `threads` threads, `progress` updated
  /// and `tick` called about ten times a second from the calling thread; sorted by move text.
  std::vector<std::pair<std::string, std::uint64_t>> (*parallel_divide)(
      std::string_view fen, const std::vector<std::string>& moves, int depth, Counting counting, PerftTable& table,
      int threads, PerftProgress* progress, const std::function<void()>& tick, Notation notation);
  /// The position after `moves` (written in `notation`), to play on through AnyPosition's functions.
  std::unique_ptr<AnyPosition> (*position)(std::string_view fen, const std::vector<std::string>& moves,
                                           Notation notation);
  /// The legal moves of one stage (Stage::CAPTURES or Stage::QUIETS; Stage::LEGAL for all) of `fen`, as the
  /// generator's own staged generation appends them (common/staged_generation.hpp), UCI texts in `notation`.
  std::vector<std::string> (*stage_moves)(std::string_view fen, Stage stage, Notation notation);
  /// The representation's own board for `fen`, drawn by its folder (`board_view(const Position&)`, found by
  /// argument-dependent lookup); null for a generator without one (the tuned tier).
  BoardView (*board_view)(std::string_view fen);
};

/// True if the folder of P draws its board: `board_view(pos)` names a function for a `const P& pos`.
template <class P>
concept HasBoardView = requires(const P& pos) {
  { board_view(pos) } -> std::same_as<BoardView>;
};

/// The functions of generator `g`, compiled in its own translation unit.
const GeneratorOps& generator_ops(Generator g);
/// Each representation's own board for `fen`, in the order of all_representations(): (representation, view),
/// drawn by the first generator of the representation whose folder has a board_view. Throws FenError.
std::vector<std::pair<std::string_view, BoardView>> board_views(std::string_view fen);
/// The functions of the generator with Position type P: declared here, defined in harness/generators/generator_ops.hpp
/// and instantiated only in P's own translation unit.
template <class P>
const GeneratorOps& generator_ops_of();

/// Calls `f.template operator()<P>()` with P the Position type of generator `g`, and returns its result. For
/// what is not timed (diff, fuzz, split); timed work goes through generator_ops.
template <class F>
decltype(auto) with_generator(Generator g, F&& f) {
  return [&]<std::size_t... I>(std::index_sequence<I...>) -> decltype(auto) {
    using Result = decltype(f.template operator()<std::tuple_element_t<0, AllPositions>>());
    using Call = Result (*)(F&);
    constexpr Call calls[] = {
        [](F& f) -> Result { return f.template operator()<std::tuple_element_t<I, AllPositions>>(); }...};
    return calls[g.index < GENERATOR_COUNT ? g.index : 0](f);
  }(std::make_index_sequence<GENERATOR_COUNT>());
}

/// Calls `f.template operator()<P...>()` with the types of AllPositions, in order, and returns its result.
template <class F>
decltype(auto) with_all_generators(F&& f) {
  return [&]<class... Ps>(std::tuple<Ps...>*) -> decltype(auto) {
    return f.template operator()<Ps...>();
  }(static_cast<AllPositions*>(nullptr));
}

static_assert([]<class... Ps>(std::tuple<Ps...>*) { return (ChessPosition<Ps> && ...); }(
                  static_cast<AllPositions*>(nullptr)),
              "every Position type of the table meets the ChessPosition concept");

}  // namespace movegen::harness
