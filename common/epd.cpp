#include "common/epd.hpp"

#include <charconv>
#include <filesystem>
#include <fstream>
#include <utility>

#include "common/fen.hpp"

namespace movegen {

namespace {

constexpr std::string_view BLANKS = " \t\r\n\f\v";
constexpr std::string_view BYTE_ORDER_MARK = "\xEF\xBB\xBF";

// Without blanks at either end, nor the NUL bytes some files end their lines with.
std::string_view trim(std::string_view s) {
  const auto blank = [](char c) { return c == '\0' || BLANKS.find(c) != std::string_view::npos; };
  while (!s.empty() && blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && blank(s.back())) s.remove_suffix(1);
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

// The text up to a '#' outside a quoted operand: the rest of the line is a comment.
std::string_view without_comment(std::string_view line) {
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '"') quoted = !quoted;
    if (line[i] == '#' && !quoted) return line.substr(0, i);
  }
  return line;
}

// The text cut at each `separator` outside a quoted operand (a blank separator: at runs of blanks,
// empty pieces left out).
std::vector<std::string_view> split_unquoted(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  const auto cut = [&](char c) { return separator == ' ' ? BLANKS.find(c) != std::string_view::npos : c == separator; };
  bool quoted = false;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    if (i < text.size() && text[i] == '"') quoted = !quoted;
    if (i < text.size() && (quoted || !cut(text[i]))) continue;
    if (separator != ' ' || i > start) parts.push_back(text.substr(start, i - start));
    start = i + 1;
  }
  return parts;
}

bool all_digits(std::string_view word) {
  return !word.empty() && word.find_first_not_of("0123456789") == std::string_view::npos;
}

// An EPD opcode: a letter, then letters, digits or underscores, at most 15 in all.
bool is_opcode(std::string_view word) {
  const auto letter = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
  if (word.empty() || word.size() > 15 || !letter(word[0])) return false;
  for (char c : word)
    if (!letter(c) && !(c >= '0' && c <= '9') && c != '_') return false;
  return true;
}

// A perft count, `D<depth> <nodes>` (or python-chess's `perft <depth> <nodes>`, as `depth` and `nodes`).
PerftCount parse_count(std::string_view depth, std::string_view nodes, std::string_view shown, int line_number) {
  PerftCount count{};
  if (!parse_number(depth, count.depth) || count.depth < 1 || count.depth > 64)
    fail(line_number, "depth in " + quote_for_error(shown) + " is not a number from 1 to 64");
  if (!parse_number(nodes, count.nodes))
    fail(line_number, "node count in " + quote_for_error(shown) + " is not a non-negative number");
  return count;
}

void add_count(EpdEntry& entry, PerftCount count, int line_number) {
  for (const PerftCount& c : entry.counts)
    if (c.depth == count.depth) fail(line_number, "depth " + std::to_string(count.depth) + " given twice");
  entry.counts.push_back(count);
}

// One EPD operation: a count (an opcode D<depth>; anything else that is not an opcode is taken for a bad
// count), the id, or another opcode, read and left alone.
void parse_operation(const std::vector<std::string_view>& words, EpdEntry& entry, int line_number) {
  if (words.empty()) return;  // an empty operation: a ';' at the end, or two in a row
  const std::string_view opcode = words[0];
  const std::string shown(opcode.data(), words.back().data() + words.back().size() - opcode.data());
  if (opcode[0] == 'D' || !is_opcode(opcode)) {  // no standard opcode starts with a capital D
    if (words.size() != 2 || opcode.size() < 2 || opcode[0] != 'D')
      fail(line_number, "count entry " + quote_for_error(shown) + " is not of the form ';D<depth> <nodes>'");
    add_count(entry, parse_count(opcode.substr(1), words[1], shown, line_number), line_number);
  } else if (opcode == "id" && words.size() > 1) {
    std::string_view id(words[1].data(), shown.size() - (words[1].data() - opcode.data()));
    if (id.size() >= 2 && id.front() == '"' && id.back() == '"') id = id.substr(1, id.size() - 2);
    entry.id = id;
  }
}

// A position: a FEN of 4 fields and at most two clocks, then operations (the first may follow the FEN
// without a ';', as standard EPD has it).
EpdEntry parse_position(std::string_view text, int line_number, RefusedPositions refused) {
  EpdEntry entry;
  entry.line = line_number;
  const std::vector<std::string_view> operations = split_unquoted(without_comment(text), ';');
  const std::vector<std::string_view> head = split_unquoted(operations.front(), ' ');
  std::size_t fen_words = std::min<std::size_t>(head.size(), 4);
  while (fen_words < head.size() && fen_words < 6 && all_digits(head[fen_words])) ++fen_words;
  for (std::size_t i = 0; i < fen_words; ++i) {
    if (i) entry.fen += ' ';
    entry.fen += head[i];
  }
  try {
    const BoardState state = read_fen_fields(entry.fen);
    if (std::optional<BoardProblem> problem = check_board_state(state))
      entry.refused = FenError(problem->field, problem->problem).what();
  } catch (const FenError& e) {
    fail(line_number, e.what());
  }
  if (refused == RefusedPositions::THROW && !entry.refused.empty()) fail(line_number, entry.refused);
  parse_operation({head.begin() + fen_words, head.end()}, entry, line_number);
  for (std::size_t i = 1; i < operations.size(); ++i)
    parse_operation(split_unquoted(operations[i], ' '), entry, line_number);
  return entry;
}

// The suite's lines, each without its newline, the first without a byte-order mark.
std::vector<std::string> read_lines(const std::string& path, const std::string& shown) {
  std::error_code ec;  // the error_code overloads: a symlink loop or an overlong name is a message, not a throw
  const std::filesystem::file_status status = std::filesystem::status(path, ec);
  if (status.type() == std::filesystem::file_type::not_found) throw EpdError(shown + ": cannot open: no such file");
  if (ec) throw EpdError(shown + ": cannot open: " + ec.message());
  if (std::filesystem::is_directory(status)) throw EpdError(shown + ": is a directory, not an EPD file");
  if (!std::filesystem::is_regular_file(status))
    throw EpdError(shown + " is not a regular file (an EPD suite must be one, read once from start to end)");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw EpdError(shown + ": cannot open the file for reading");
  std::vector<std::string> lines;
  std::streambuf& bytes = *in.rdbuf();
  for (int number = 1;; ++number) {
    std::string line;
    int c;
    while ((c = bytes.sbumpc()) != std::char_traits<char>::eof() && c != '\n') {
      if (line.size() == MAX_EPD_LINE_BYTES)
        throw EpdError(shown + ": line " + std::to_string(number) + " is longer than " +
                       std::to_string(MAX_EPD_LINE_BYTES) + " bytes");
      line += char(c);
    }
    if (c == std::char_traits<char>::eof() && line.empty()) break;
    lines.push_back(std::move(line));
    if (c == std::char_traits<char>::eof()) break;
  }
  if (!lines.empty() && lines.front().starts_with(BYTE_ORDER_MARK)) lines.front().erase(0, BYTE_ORDER_MARK.size());
  return lines;
}

// The first word of a line with content, or "" for a blank or comment line.
std::string_view first_word(std::string_view line) {
  const std::vector<std::string_view> words = split_unquoted(trim(without_comment(line)), ' ');
  return words.empty() ? std::string_view() : words.front();
}

// python-chess's .perft format: `id NAME`, `epd FEN`, `perft <depth> <nodes>` lines, blocks apart.
std::vector<EpdEntry> parse_perft_blocks(const std::vector<std::string>& lines, RefusedPositions refused) {
  std::vector<EpdEntry> entries;
  std::string id;
  const auto finish = [&] {
    if (!entries.empty() && entries.back().counts.empty())
      fail(entries.back().line, "no 'perft <depth> <nodes>' lines after this 'epd' line");
  };
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const int number = int(i) + 1;
    const std::string_view line = trim(without_comment(lines[i]));
    const std::string_view word = first_word(line), rest = trim(line.substr(word.size()));
    if (word.empty()) continue;
    if (word == "id") {
      id = rest;
    } else if (word == "epd") {
      finish();
      entries.push_back(parse_position(rest, number, refused));
      if (!id.empty()) entries.back().id = std::exchange(id, {});
    } else if (word == "perft") {
      if (entries.empty()) fail(number, "a 'perft' line before any 'epd' line");
      const std::vector<std::string_view> words = split_unquoted(rest, ' ');
      if (words.size() != 2) fail(number, quote_for_error(line) + " is not of the form 'perft <depth> <nodes>'");
      add_count(entries.back(), parse_count(words[0], words[1], line, number), number);
    } else {
      fail(number,
           "expected 'id', 'epd' or 'perft' in a .perft file (its first line says so), found " + quote_for_error(word));
    }
  }
  finish();
  return entries;
}

}  // namespace

std::optional<EpdEntry> parse_epd_line(std::string_view line, int line_number, RefusedPositions refused) {
  line = trim(line);
  if (line.empty() || line.front() == '#') return std::nullopt;
  EpdEntry entry = parse_position(line, line_number, refused);
  if (entry.counts.empty()) fail(line_number, "no perft counts (';D1 <nodes>' ...) after the FEN");
  return entry;
}

std::vector<EpdEntry> load_epd(const std::string& path, const std::string& shown, RefusedPositions refused) {
  const std::vector<std::string> lines = read_lines(path, shown);
  try {
    for (const std::string& line : lines) {
      const std::string_view word = first_word(line);
      if (word.empty()) continue;
      if (word == "id" || word == "epd" || word == "perft") return parse_perft_blocks(lines, refused);
      break;
    }
    std::vector<EpdEntry> entries;
    for (std::size_t i = 0; i < lines.size(); ++i)
      if (auto entry = parse_epd_line(lines[i], int(i) + 1, refused)) entries.push_back(std::move(*entry));
    return entries;
  } catch (const EpdError& e) {
    throw EpdError(shown + ": " + e.what());
  }
}

std::vector<EpdEntry> load_epd(const std::string& path) { return load_epd(path, path); }

}  // namespace movegen
