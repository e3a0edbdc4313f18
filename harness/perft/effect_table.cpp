// The table of effect_table.hpp: its cells from compare's totals, and the table as text and as JSON.
#include "harness/perft/effect_table.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <string>

namespace movegen::harness {

EffectTable effect_table(const std::vector<Run>& runs, const std::vector<Timed>& totals) {
  EffectTable table;
  table.representations = all_representations();
  for (Generator g : all_generators())
    if (tier_of(g) == Tier::TUNED &&
        std::find(table.tuned.begin(), table.tuned.end(), representation_of(g)) == table.tuned.end())
      table.tuned.push_back(representation_of(g));
  for (std::size_t i = 0; i < runs.size(); ++i)
    if (totals[i].mnps() > 0) {
      const Generator g = runs[i].generator;
      const EffectTable::Cell cell{totals[i].mnps(), totals[i].spread()};
      if (tier_of(g) == Tier::TUNED && runs[i].counting == Counting::BULK_NODE)  // the second run (runs_of)
        table.tuned_node_cells[representation_of(g)] = cell;
      else if (tier_of(g) == Tier::TUNED)
        table.tuned_cells[representation_of(g)] = cell;
      else
        table.reference[{representation_of(g), strategy_of(g)}] = cell;
    }
  return table;
}

namespace {

// A cell as text: the median round's Mnps and, in brackets, the spread of the rounds.
std::string cell_text(std::optional<EffectTable::Cell> c) {
  return c ? fmt::format("{:.2f} ({:.0f}%)", c->mnps, 100 * c->spread) : std::string("-");
}

nlohmann::json or_null(std::optional<double> v) { return v ? nlohmann::json(*v) : nlohmann::json(nullptr); }

}  // namespace

void print_effect_table(std::ostream& out, const EffectTable& table) {
  auto ratio = [](std::optional<double> v) { return v ? fmt::format("{:.2f}x", *v) : std::string("-"); };
  constexpr Strategy MTU = Strategy::MAKE_TEST_UNMAKE, MASKS = Strategy::MASKS;
  fmt::print(out, "\n{:<22} {:>16} {:>16} {:>14}\n", "Mnps (spread)", "make-test-unmake", "masks", "masks effect");
  for (std::string_view r : table.representations)
    fmt::print(out, "{:<22} {:>16} {:>16} {:>14}\n", r, cell_text(table.cell_of(r, MTU)),
               cell_text(table.cell_of(r, MASKS)), ratio(table.masks_effect(r)));
  fmt::print(out, "\n{:<22} {:>16} {:>16}\n", "representation effect", "make-test-unmake", "masks");
  for (std::size_t i = 1; i < table.representations.size(); ++i) {
    const std::string_view r = table.representations[i];
    fmt::print(out, "{:<22} {:>16} {:>16}\n", fmt::format("{} / {}", r, table.representations.front()),
               ratio(table.representation_effect(r, MTU)), ratio(table.representation_effect(r, MASKS)));
  }
  fmt::print(out, "\n{:<26} {:>16} {:>16} {:>14}\n", "Mnps, tuned tier", "reference masks", "tuned", "tuning effect");
  for (std::string_view r : table.tuned) {
    const auto node = table.tuned_node_of(r);  // a sibling counter: its row says which bulk mode it is
    fmt::print(out, "{:<26} {:>16} {:>16} {:>14}\n", node ? fmt::format("{} --bulk siblings", r) : std::string(r),
               cell_text(table.cell_of(r, MASKS)), cell_text(table.tuned_of(r)), ratio(table.tuning_effect(r)));
    if (node)
      fmt::print(out, "{:<26} {:>16} {:>16} {:>14}\n", fmt::format("{} --bulk node", r),
                 cell_text(table.cell_of(r, MASKS)), cell_text(node), ratio(table.tuning_effect_node(r)));
  }
}

nlohmann::json effect_table_json(const EffectTable& table) {
  nlohmann::json doc = {{"mnps", nlohmann::json::object()},
                        {"spread", nlohmann::json::object()},
                        {"masks_effect", nlohmann::json::object()},
                        {"representation_effect", nlohmann::json::object()},
                        {"tuned", nlohmann::json::object()},
                        {"tuned_spread", nlohmann::json::object()},
                        {"tuning_effect", nlohmann::json::object()},
                        {"tuned_bulk_node", nlohmann::json::object()},
                        {"tuning_effect_bulk_node", nlohmann::json::object()}};
  for (std::string_view r : table.representations) {
    for (Strategy s : ALL_STRATEGIES) {
      const auto c = table.cell_of(r, s);
      doc["mnps"][std::string(r)][strategy_name(s)] = or_null(table.cell(r, s));
      doc["spread"][std::string(r)][strategy_name(s)] = c ? nlohmann::json(c->spread) : nlohmann::json(nullptr);
    }
    doc["masks_effect"][std::string(r)] = or_null(table.masks_effect(r));
  }
  for (std::size_t i = 1; i < table.representations.size(); ++i)
    for (Strategy s : ALL_STRATEGIES)
      doc["representation_effect"][std::string(table.representations[i])][strategy_name(s)] =
          or_null(table.representation_effect(table.representations[i], s));
  for (std::string_view r : table.tuned) {
    const auto c = table.tuned_of(r);
    doc["tuned"][std::string(r)] = or_null(table.tuned_cell(r));
    doc["tuned_spread"][std::string(r)] = c ? nlohmann::json(c->spread) : nlohmann::json(nullptr);
    doc["tuning_effect"][std::string(r)] = or_null(table.tuning_effect(r));
    if (const auto node = table.tuned_node_of(r)) {
      doc["tuned_bulk_node"][std::string(r)] = node->mnps;
      doc["tuning_effect_bulk_node"][std::string(r)] = or_null(table.tuning_effect_node(r));
    }
  }
  return doc;
}

}  // namespace movegen::harness
