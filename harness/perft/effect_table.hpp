// The table at the end of `movegen compare`: Mnps of each reference generator by representation (rows, from
// the generator table) and legality strategy (columns), the effect of each choice as a ratio of two cells,
// and beside it each representation's tuned generator with how far tuning took it beyond its reference masks
// cell. As text (print_effect_table) and as JSON (effect_table_json, "two_by_two" in docs/json.md).
//
//   const EffectTable table = effect_table(runs, totals);   // totals[i]: runs[i] summed over the suite
//   table.masks_effect("bitboard");                          // masks Mnps / make-test-unmake Mnps, if both ran
//   print_effect_table(out, table);
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <string_view>
#include <utility>
#include <vector>

#include "harness/generators/generators.hpp"
#include "harness/perft/compare_runs.hpp"

namespace movegen::harness {

/// The cells of a compare run, where a generator ran and took measurable time; a missing cell or an effect
/// that needs one is std::nullopt. Effects are ratios of Mnps (1.5: 50% more nodes per second).
struct EffectTable {
  /// One generator's speed: millions of nodes per second in the median round, and the spread of its rounds.
  struct Cell {
    double mnps, spread;  // of the median round; (slowest - fastest) / median
  };
  std::vector<std::string_view> representations;  // the rows; the first is the baseline of the representation effect
  std::vector<std::string_view> tuned;            // the representations with a tuned generator in the table
  std::map<std::pair<std::string_view, Strategy>, Cell> reference;
  std::map<std::string_view, Cell> tuned_cells;
  std::map<std::string_view, Cell> tuned_node_cells;  // the --bulk node runs of tuned generators that count siblings

  /// a / b, or nullopt if either is missing or b is not positive.
  static std::optional<double> ratio(std::optional<double> a, std::optional<double> b) {
    return a && b && *b > 0 ? std::optional(*a / *b) : std::nullopt;
  }
  /// The reference cell of representation r and strategy s.
  std::optional<Cell> cell_of(std::string_view r, Strategy s) const {
    const auto it = reference.find({r, s});
    return it == reference.end() ? std::nullopt : std::optional(it->second);
  }
  /// The cell of representation r's tuned generator.
  std::optional<Cell> tuned_of(std::string_view r) const {
    const auto it = tuned_cells.find(r);
    return it == tuned_cells.end() ? std::nullopt : std::optional(it->second);
  }
  /// The Mnps of the reference cell of representation r and strategy s.
  std::optional<double> cell(std::string_view r, Strategy s) const {
    const auto c = cell_of(r, s);
    return c ? std::optional(c->mnps) : std::nullopt;
  }
  /// The Mnps of representation r's tuned generator.
  std::optional<double> tuned_cell(std::string_view r) const {
    const auto c = tuned_of(r);
    return c ? std::optional(c->mnps) : std::nullopt;
  }
  /// masks over make-test-unmake, on representation r
  std::optional<double> masks_effect(std::string_view r) const {
    return ratio(cell(r, Strategy::MASKS), cell(r, Strategy::MAKE_TEST_UNMAKE));
  }
  /// representation r over the baseline (the first row), with strategy s
  std::optional<double> representation_effect(std::string_view r, Strategy s) const {
    return ratio(cell(r, s), cell(representations.front(), s));
  }
  /// The cell of the --bulk node run of representation r's tuned generator, if it counts siblings.
  std::optional<Cell> tuned_node_of(std::string_view r) const {
    const auto it = tuned_node_cells.find(r);
    return it == tuned_node_cells.end() ? std::nullopt : std::optional(it->second);
  }
  /// the tuned generator of representation r over the reference cell of its strategy (masks)
  std::optional<double> tuning_effect(std::string_view r) const {
    return ratio(tuned_cell(r), cell(r, Strategy::MASKS));
  }
  /// the tuned generator's --bulk node run over the reference masks cell (which counts each node too)
  std::optional<double> tuning_effect_node(std::string_view r) const {
    const auto c = tuned_node_of(r);
    return ratio(c ? std::optional(c->mnps) : std::nullopt, cell(r, Strategy::MASKS));
  }
};

/// The table of a compare run from its runs (runs_of) and their totals over the suite, one per run: rows
/// from all_representations(), a cell for each run whose median round took measurable time.
EffectTable effect_table(const std::vector<Run>& runs, const std::vector<Timed>& totals);

/// Prints the table as text: representation in rows, strategy in columns, the strategy effect at the end of
/// each row; below, each representation's effect against the first under each column; then the tuned tier.
/// A cell reads "Mnps (spread%)", a missing cell or effect "-".
void print_effect_table(std::ostream& out, const EffectTable& table);

/// The table as JSON (docs/json.md, "compare", "two_by_two"): missing cells and effects are null.
nlohmann::json effect_table_json(const EffectTable& table);

}  // namespace movegen::harness
