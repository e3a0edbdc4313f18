#include "harness/generators/position_list.hpp"

#include <filesystem>
#include <fstream>
#include <system_error>

#include "common/epd.hpp"
#include "common/fen.hpp"
#include "harness/generators/generators.hpp"
#include "harness/usage/usage_error.hpp"

namespace movegen::harness {

namespace {

// The FEN of one line: the text before any ';', without surrounding blanks; empty for a comment or blank line.
std::string fen_of_line(const std::string& line) {
  const std::string text = line.substr(0, line.find(';'));
  const std::size_t first = text.find_first_not_of(" \t\r");
  if (first == std::string::npos || text[first] == '#') return {};
  return text.substr(first, text.find_last_not_of(" \t\r") + 1 - first);
}

}  // namespace

std::vector<ListedPosition> load_positions(const std::string& path) {
  std::error_code error;
  std::ifstream in(path);
  if (!in || std::filesystem::is_directory(path, error)) throw EpdError(quote_path(path) + ": cannot be read");
  std::vector<ListedPosition> positions;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    ListedPosition p{fen_of_line(line), number};
    if (p.fen.empty()) continue;
    for (Generator g : all_generators()) try {
        generator_ops(g).check_fen(p.fen);
      } catch (const FenError& e) {
        throw EpdError(quote_path(path) + ": line " + std::to_string(number) + ": " + e.what());
      }
    positions.push_back(std::move(p));
  }
  if (positions.empty()) throw EpdError(quote_path(path) + ": no positions (only blank or comment lines)");
  return positions;
}

std::string default_bench_path() {
  const std::filesystem::path relative = "tests/data/bench.epd";
  if (std::filesystem::exists(relative)) return relative.string();
  return (std::filesystem::path(MOVEGEN_SOURCE_DIR) / relative).string();
}

}  // namespace movegen::harness
