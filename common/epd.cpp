#include "common/epd.hpp"

#include <charconv>
#include <filesystem>
#include <fstream>

#include "common/fen.hpp"

namespace movegen {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

[[noreturn]] void fail(int line_number, const std::string& problem) {
  throw EpdError("line " + std::to_string(line_number) + ": " + problem);
}

template <class Int>
bool parse_number(std::string_view text, Int& value) {
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return ec == std::errc() && end == text.data() + text.size();
}

PerftCount parse_count(std::string_view entry, int line_number) {
  entry = trim(entry);
  auto space = entry.find_first_of(" \t");
  if (entry.size() < 2 || entry[0] != 'D' || space == std::string_view::npos)
    fail(line_number, "count entry " + quote_for_error(entry) + " is not of the form ';D<depth> <nodes>'");
  PerftCount count{};
  if (!parse_number(entry.substr(1, space - 1), count.depth) || count.depth < 1 || count.depth > 64)
    fail(line_number, "depth in " + quote_for_error(entry) + " is not a number from 1 to 64");
  if (!parse_number(trim(entry.substr(space)), count.nodes))
    fail(line_number, "node count in " + quote_for_error(entry) + " is not a non-negative number");
  return count;
}

}  // namespace

std::optional<EpdEntry> parse_epd_line(std::string_view line, int line_number) {
  line = trim(line);
  if (line.empty() || line.front() == '#') return std::nullopt;
  EpdEntry entry;
  entry.line = line_number;
  auto semicolon = line.find(';');
  entry.fen = std::string(trim(line.substr(0, semicolon)));
  try {
    parse_fen(entry.fen);
  } catch (const FenError& e) {
    fail(line_number, e.what());
  }
  if (semicolon == std::string_view::npos) fail(line_number, "no perft counts (';D1 <nodes>' ...) after the FEN");
  std::string_view rest = line.substr(semicolon + 1);
  while (true) {
    auto next = rest.find(';');
    PerftCount count = parse_count(rest.substr(0, next), line_number);
    for (const PerftCount& c : entry.counts)
      if (c.depth == count.depth) fail(line_number, "depth " + std::to_string(count.depth) + " given twice");
    entry.counts.push_back(count);
    if (next == std::string_view::npos) break;
    rest = rest.substr(next + 1);
  }
  return entry;
}

std::vector<EpdEntry> load_epd(const std::string& path) {
  if (std::filesystem::is_directory(path)) throw EpdError(path + ": is a directory, not an EPD file");
  std::ifstream in(path);
  if (!in) throw EpdError(path + ": cannot open the file for reading");
  std::vector<EpdEntry> entries;
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    try {
      if (auto entry = parse_epd_line(line, number)) entries.push_back(std::move(*entry));
    } catch (const EpdError& e) {
      throw EpdError(path + ": " + e.what());
    }
  }
  if (in.bad()) throw EpdError(path + ": read error");
  return entries;
}

}  // namespace movegen
