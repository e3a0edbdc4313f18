#include "harness/generators/generators.hpp"

#include <algorithm>

#include "common/fen.hpp"

namespace movegen::harness {

namespace {

// A generator's row of the table as values, and its functions.
struct GeneratorInfo {
  std::string_view name, representation, words;
  Tier tier;
  Strategy strategy;
  const GeneratorOps* ops;
};

template <class... Rows>
std::array<GeneratorInfo, sizeof...(Rows)> infos_of(std::tuple<Rows...>*) {
  return {GeneratorInfo{Rows::name, Rows::representation, Rows::words, Rows::tier, Rows::strategy,
                        &generator_ops_of<typename Rows::Position>()}...};
}

// Every representation of the reference tier draws its own board: its folder has board_view.hpp.
static_assert(
    []<class... Rows>(std::tuple<Rows...>*) {
      return ((Rows::tier == Tier::TUNED || HasBoardView<typename Rows::Position>)&&...);
    }(static_cast<GeneratorRows*>(nullptr)),
    "a reference generator's folder needs board_view(const Position&)");

const GeneratorInfo& info(Generator g) {
  static const auto infos = infos_of(static_cast<GeneratorRows*>(nullptr));
  return infos.at(g.index);
}

}  // namespace

Generator parse_generator(std::string_view name, std::string_view option) {
  for (Generator g : all_generators())
    if (GENERATOR_NAMES[g.index] == name) return g;
  throw UsageError("bad " + std::string(option) + " " + quote_for_error(name) + ": expected one of " +
                   generator_names());
}

std::vector<Generator> parse_generator_list(std::string_view names, std::string_view option) {
  std::vector<Generator> list;
  for (std::size_t start = 0;;) {
    const std::size_t comma = std::min(names.find(',', start), names.size());
    const Generator g = parse_generator(names.substr(start, comma - start), option);
    if (std::find(list.begin(), list.end(), g) != list.end())
      throw UsageError("bad " + std::string(option) + ": " + generator_name(g) + " is named twice");
    list.push_back(g);
    if (comma == names.size()) return list;
    start = comma + 1;
  }
}

std::string generator_name(Generator g) { return std::string(info(g).name); }

std::string generator_description(Generator g) {
  const GeneratorInfo& i = info(g);
  if (i.tier == Tier::TUNED) return std::string(i.words);
  return std::string(i.words) +
         (i.strategy == Strategy::MAKE_TEST_UNMAKE
              ? ", make-test-unmake: every pseudo-legal move made, the king tested, unmade"
              : ", masks: checkers and pins found once per node, moves generated inside them; king steps tested "
                "with the king lifted, en passant made and tested");
}

std::vector<Generator> all_generators() {
  std::vector<Generator> all;
  for (std::size_t i = 0; i < GENERATOR_COUNT; ++i) all.push_back({i});
  return all;
}

std::string generator_names(std::string_view separator) {
  std::string names;
  for (std::string_view name : GENERATOR_NAMES)
    names += (names.empty() ? "" : std::string(separator)) + std::string(name);
  return names;
}

std::string_view representation_of(Generator g) { return info(g).representation; }

std::vector<std::string_view> all_representations() {
  std::vector<std::string_view> all;
  for (Generator g : all_generators())
    if (std::find(all.begin(), all.end(), representation_of(g)) == all.end()) all.push_back(representation_of(g));
  return all;
}

Strategy strategy_of(Generator g) { return info(g).strategy; }

Tier tier_of(Generator g) { return info(g).tier; }

std::string tier_name(Tier t) { return t == Tier::TUNED ? "tuned" : "reference"; }

std::string strategy_name(Strategy s) { return s == Strategy::MASKS ? "masks" : "make_test_unmake"; }

const GeneratorOps& generator_ops(Generator g) { return *info(g).ops; }

std::vector<std::pair<std::string_view, BoardView>> board_views(std::string_view fen) {
  std::vector<std::pair<std::string_view, BoardView>> views;
  for (std::string_view r : all_representations())
    for (Generator g : all_generators())
      if (representation_of(g) == r && generator_ops(g).board_view) {
        views.emplace_back(r, generator_ops(g).board_view(fen));
        break;
      }
  return views;
}

}  // namespace movegen::harness
