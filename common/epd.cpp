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

std::vector<EpdEntry> load_epd(const std::string& path, const std::string& shown) {
  std::error_code ec;  // the error_code overloads: a symlink loop or an overlong name is a message, not a throw
  const std::filesystem::file_status status = std::filesystem::status(path, ec);
  if (status.type() == std::filesystem::file_type::not_found) throw EpdError(shown + ": cannot open: no such file");
  if (ec) throw EpdError(shown + ": cannot open: " + ec.message());
  if (std::filesystem::is_directory(status)) throw EpdError(shown + ": is a directory, not an EPD file");
  if (!std::filesystem::is_regular_file(status))
    throw EpdError(shown + " is not a regular file (an EPD suite must be one, read once from start to end)");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw EpdError(shown + ": cannot open the file for reading");
  std::vector<EpdEntry> entries;
  std::streambuf& bytes = *in.rdbuf();
  std::string line;
  for (int number = 1;; ++number) {
    line.clear();
    int c;
    while ((c = bytes.sbumpc()) != std::char_traits<char>::eof() && c != '\n') {
      if (line.size() == MAX_EPD_LINE_BYTES)
        throw EpdError(shown + ": line " + std::to_string(number) + " is longer than " +
                       std::to_string(MAX_EPD_LINE_BYTES) + " bytes");
      line += char(c);
    }
    if (c == std::char_traits<char>::eof() && line.empty()) break;
    try {
      if (auto entry = parse_epd_line(line, number)) entries.push_back(std::move(*entry));
    } catch (const EpdError& e) {
      throw EpdError(shown + ": " + e.what());
    }
    if (c == std::char_traits<char>::eof()) break;
  }
  return entries;
}

std::vector<EpdEntry> load_epd(const std::string& path) { return load_epd(path, path); }

}  // namespace movegen
