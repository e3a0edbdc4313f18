#include "harness/generators/suite_loading.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <climits>
#include <filesystem>

#include "common/fen.hpp"
#include "harness/generators/generators.hpp"
#include "harness/usage/usage_error.hpp"

namespace movegen::harness {

std::string default_suite_path() {
  const std::filesystem::path relative = "tests/data/perft.epd";
  if (std::filesystem::exists(relative)) return relative.string();
  return (std::filesystem::path(MOVEGEN_SOURCE_DIR) / relative).string();
}

std::vector<EpdEntry> load_suite(const std::string& path) {
  std::vector<EpdEntry> entries = load_epd(path, quote_path(path), RefusedPositions::KEEP);
  if (entries.empty()) throw EpdError(quote_path(path) + ": no positions (only blank or comment lines)");
  // parse_fen cannot tell whether the side not to move is in check; from_fen can.
  for (EpdEntry& entry : entries)
    for (Generator g : all_generators()) try {
        if (entry.refused.empty()) generator_ops(g).check_fen(entry.fen);
      } catch (const FenError& e) {
        entry.refused = e.what();
      }
  const auto checked =
      std::find_if(entries.begin(), entries.end(), [](const EpdEntry& e) { return e.refused.empty(); });
  if (checked == entries.end())
    throw EpdError(fmt::format("{}: every position is refused; line {}: {}", quote_path(path), entries.front().line,
                               entries.front().refused));
  return entries;
}

void require_counts_within(const std::vector<EpdEntry>& entries, int max_depth) {
  int shallowest = INT_MAX;
  for (const EpdEntry& entry : entries)
    for (const PerftCount& c : entry.counts)
      if (entry.refused.empty()) shallowest = std::min(shallowest, c.depth);
  if (shallowest > max_depth)
    throw UsageError(
        fmt::format("bad --max-depth: {} leaves no count to check (the shallowest is D{})", max_depth, shallowest));
}

}  // namespace movegen::harness
