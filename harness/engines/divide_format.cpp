#include "harness/engines/divide_format.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "harness/engines/child_process.hpp"
#include "harness/generators/setup.hpp"
#include "harness/moves/san.hpp"

namespace movegen::harness {

namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && is_blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_blank(s.back())) s.remove_suffix(1);
  return s;
}

// The whole of `s` as a count, or std::nullopt.
std::optional<std::uint64_t> count_of(std::string_view s) {
  std::uint64_t n = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
  if (s.empty() || ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return n;
}

// `s` without `prefix` (compared without case) and the blanks after it, or std::nullopt if it does not start so.
std::optional<std::string_view> after_word(std::string_view s, std::string_view prefix) {
  if (s.size() < prefix.size()) return std::nullopt;
  for (std::size_t i = 0; i < prefix.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(s[i])) != prefix[i]) return std::nullopt;
  return trimmed(s.substr(prefix.size()));
}

// A total: "Nodes searched: N", "Total: N", "Total nodes: N", "Nodes: N", "Moves: N", chessplusplus's "Number of
// nodes: N" ('=' for ':' too).
std::optional<DivideLine> total_line(std::string_view s) {
  for (std::string_view word : {"nodes searched", "total nodes", "total", "nodes", "moves", "number of nodes"}) {
    auto rest = after_word(s, word);
    if (!rest || rest->empty() || (rest->front() != ':' && rest->front() != '=')) continue;
    if (auto n = count_of(trimmed(rest->substr(1)))) return DivideLine{true, word == "moves", "", *n};
  }
  return std::nullopt;
}

// A total printed before the move lines: Delocto's "Total positions to depth 5: 4865609".
std::optional<DivideLine> leading_total(std::string_view s) {
  const std::optional<std::string_view> rest = after_word(s, "total positions to depth");
  if (!rest) return std::nullopt;
  const std::size_t colon = rest->find(':');
  if (colon == std::string_view::npos || !count_of(trimmed(rest->substr(0, colon)))) return std::nullopt;
  const std::optional<std::uint64_t> n = count_of(trimmed(rest->substr(colon + 1)));
  if (!n) return std::nullopt;
  return DivideLine{true, false, "", *n, true};
}

// The words of `s`, lower case, split at blanks, ':' and '=', a last '.' left out.
std::vector<std::string> words_of(std::string_view s) {
  std::vector<std::string> words;
  std::string word;
  for (char c : s) {
    if (is_blank(c) || c == ':' || c == '=') {
      if (!word.empty()) words.push_back(std::exchange(word, {}));
    } else {
      word += char(std::tolower(static_cast<unsigned char>(c)));
    }
  }
  if (!word.empty()) words.push_back(word);
  if (!words.empty() && words.back().ends_with('.')) words.back().pop_back();
  return words;
}

// A total in words: a number before "nodes" or "leaf" ("Depth 3: 400 nodes searched.", "Test Complete : 400
// nodes visited in 3ms", "Perft 3: 400 leaf nodes"), or total words then the number ("Total nodes searched: 400").
std::optional<DivideLine> worded_total(std::string_view s) {
  const std::vector<std::string> words = words_of(s);
  if (words.empty() || words.front() == "info") return std::nullopt;  // UCI's `info ... nodes N`: no divide
  if (is_move_notation(s.substr(0, s.find_first_of(" \t:=")))) return std::nullopt;  // a move's line
  for (std::size_t i = 0; i + 1 < words.size(); ++i)
    if (auto n = count_of(words[i]); n && (words[i + 1] == "nodes" || words[i + 1] == "leaf"))
      return DivideLine{true, false, "", *n};
  for (std::size_t i = 0; i + 1 < words.size(); ++i)
    if (words[i] != "total" && words[i] != "nodes" && words[i] != "searched" && words[i] != "leaf") return std::nullopt;
  if (auto n = count_of(words.back()); n && words.size() >= 2) return DivideLine{true, false, "", *n};
  return std::nullopt;
}

// `line` with a table's column bars as blanks: `| e2e4 | 20 |` reads as `e2e4 20`, `| total | 400 |` as a total.
std::string without_column_bars(std::string_view line) {
  std::string s(line);
  std::replace(s.begin(), s.end(), '|', ' ');
  return s;
}

// `s` without VICE's "move 7 :" in front.
std::string_view without_move_number_word(std::string_view s) {
  const std::optional<std::string_view> rest = after_word(s, "move");
  if (!rest || rest->empty() || !std::isdigit(static_cast<unsigned char>(rest->front()))) return s;
  std::string_view after = trimmed(rest->substr(std::min(rest->find_first_not_of("0123456789"), rest->size())));
  return after.starts_with(':') ? trimmed(after.substr(1)) : s;
}

}  // namespace

std::optional<DivideLine> parse_divide_line(std::string_view line) {
  if (line.find('|') != std::string_view::npos) return parse_divide_line(without_column_bars(line));
  std::string_view s = without_move_number_word(trimmed(line));
  if (auto n = count_of(s)) return DivideLine{true, false, "", *n, false, true};
  if (auto total = total_line(s)) return total;
  if (auto total = leading_total(s)) return total;
  // An optional move number: "1." or "1..." and blanks.
  if (std::size_t digits = s.find_first_not_of("0123456789"); digits > 0 && digits < s.size() && s[digits] == '.') {
    s.remove_prefix(s.find_first_not_of('.', digits));
    s = trimmed(s);
  }
  const std::size_t end = s.find_first_of(": \t");
  if (end == 0 || end == std::string_view::npos) return worded_total(s);
  const std::string_view move = s.substr(0, end);
  std::string_view rest = trimmed(s.substr(end));
  if (auto words = after_word(rest, "moves")) rest = *words;  // "moves = 20"
  if (!rest.empty() && (rest.front() == ':' || rest.front() == '='))
    rest = trimmed(rest.substr(1));
  else if (!is_blank(s[end]))
    return std::nullopt;  // "moves" or a blank must come before the count
  const auto count = count_of(rest);
  if (!count || !is_move_notation(move)) return worded_total(s);
  return DivideLine{false, false, std::string(move), *count};
}

DivideReader::DivideReader(std::string fen, std::vector<std::string> moves, Notation notation, bool strict)
    : fen_(std::move(fen)), moves_(std::move(moves)), notation_(notation), strict_(strict) {}

bool DivideReader::read(std::string_view line) {
  if (trimmed(line).empty()) return bare_total_allowed_ = true, false;
  std::optional<DivideLine> entry = parse_divide_line(line);
  if (entry && entry->bare && !bare_total_allowed_) entry.reset();  // a number of another output ("Time:", "3")
  bare_total_allowed_ = entry && !entry->total;
  if (!entry) {
    const std::string plain = without_column_bars(line);
    const std::string_view first = trimmed(plain).substr(0, trimmed(plain).find_first_of(" \t:"));
    if (strict_ || is_move_notation(without_move_number_word(first)))
      throw DivideFormatError("unexpected line " + escape_output(line), true);
    if (set_aside_.size() < MAX_SET_ASIDE) set_aside_.emplace_back(line);
    return false;
  }
  started_ = true;
  if (entry->total) {
    total_line_ = trimmed(line);
    total_ = std::move(entry);
    return !total_->leading;  // the move lines come after a total printed first
  }
  if (first_move_line_.empty()) first_move_line_ = trimmed(line);
  std::string move = with_promotion_piece(std::move(entry->move));
  if (!is_uci_move_text(move) && !unplayable_) {
    try {
      if (!pos_) pos_ = position_after<MtuPosition<mailbox::Position>>(fen_, moves_, notation_);
      if (MoveReading r = read_move(*pos_, move, notation_); !r.uci.empty()) move = r.uci;
    } catch (const std::exception&) {
      unplayable_ = true;  // our board cannot reach the position: the texts stay as printed
    }
  }
  if (__builtin_add_overflow(sum_, entry->count, &sum_))
    throw DivideFormatError("its move counts add up to more than " + std::to_string(UINT64_MAX));
  result_.moves.emplace_back(std::move(move), entry->count);
  return false;
}

std::string DivideReader::with_promotion_piece(std::string move) {
  if (move.size() != 4 || !is_uci_move_text(move) || unplayable_) return move;
  try {
    if (!pos_) pos_ = position_after<MtuPosition<mailbox::Position>>(fen_, moves_, notation_);
  } catch (const std::exception&) {
    unplayable_ = true;
    return move;
  }
  const Color us = pos_->side_to_move();
  const Square from = parse_square(move.substr(0, 2)), to = parse_square(move.substr(2, 2));
  if (pos_->piece_on(from) != make_piece(us, PAWN) || rank_of(to) != relative_rank(us, RANK_8)) return move;
  const int times = promotions_without_piece_[move]++;
  if (times >= 4) return move;  // a fifth time: kept as printed, a duplicate for the report
  dropped_promotion_piece_ = true;
  return move + "qrbn"[times];
}

std::string DivideReader::format() const {
  std::string text = "no move line";
  if (!first_move_line_.empty()) {
    const std::optional<DivideLine> first = parse_divide_line(first_move_line_);
    const bool uci = first && is_uci_move_text(first->move);
    text = "move lines like '" + first_move_line_ + "' (" + (uci ? "UCI" : "algebraic") + " moves)";
  }
  return text + (total_line_.empty() ? " and no total line" : " and a total like '" + total_line_ + "'");
}

DivideResult DivideReader::result() const {
  DivideResult result = result_;
  result.total = total_ ? total_->count : sum_;
  if (result.moves.empty() && total_ && total_->count > 0 && !total_->move_count) {
    result.listed = false;  // a total alone: the engine lists no moves at this depth
    return result;
  }
  const bool depth_zero = result.moves.empty() && result.total == 1;
  const bool move_count = total_ && total_->move_count && total_->count == result.moves.size();
  if (result.total != sum_ && !depth_zero && !move_count)
    throw DivideFormatError("its move counts add up to " + std::to_string(sum_) + " but its total is " +
                            std::to_string(result.total));
  if (move_count) result.total = sum_;
  return result;
}

}  // namespace movegen::harness
