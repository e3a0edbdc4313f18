#include "harness/debugging/failure_descent.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <ostream>
#include <regex>

#include "common/uci.hpp"
#include "harness/debugging/child_positions.hpp"
#include "harness/debugging/divergence.hpp"
#include "harness/engines/child_process.hpp"

namespace movegen::harness {

RestartingSource::RestartingSource(std::string spec, std::function<std::unique_ptr<DivideSource>()> start)
    : RestartingSource(std::move(spec), start, start()) {}

RestartingSource::RestartingSource(std::string spec, std::function<std::unique_ptr<DivideSource>()> start,
                                   std::unique_ptr<DivideSource> first)
    : DivideSource(std::move(spec), first->notation()),
      start_(std::move(start)),
      source_(std::move(first)),
      plays_moves_(source_->plays_moves()) {}

std::vector<std::string> RestartingSource::commands_sent(const std::string& fen, const std::vector<std::string>& moves,
                                                         int depth) const {
  return source_ ? source_->commands_sent(fen, moves, depth) : DivideSource::commands_sent(fen, moves, depth);
}

void RestartingSource::restart_if_failed() {
  if (source_) return;
  source_ = start_(), queries_.clear();
  source_->learn_from(*this);  // a restarted engine is the same engine: it prints only totals, say
}

DivideResult RestartingSource::run_divide(const std::string& fen, const std::vector<std::string>& moves, int depth) {
  restart_if_failed();
  last_sent_ = source_->commands_sent(fen, moves, depth);
  queries_.push_back({fen, moves, depth});
  try {
    DivideResult result = source_->divide(fen, moves, depth);
    for (const std::string& text : source_->notes()) note(text);
    return result;
  } catch (const ExternalError&) {
    source_.reset();
    throw;
  }
}

std::optional<std::vector<std::string>> RestartingSource::run_captures(const std::string& fen,
                                                                       const std::vector<std::string>& moves) {
  restart_if_failed();
  try {
    return source_->captures(fen, moves);
  } catch (const ExternalError&) {
    source_.reset();
    throw;
  }
}

namespace {

// The lines of `text`, without '\r'.
std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.push_back(std::move(line));
    start = end + 1;
  }
  return lines;
}

bool is_frame(const std::string& line) {  // "    at f (file:1:2)", "#3 0x4005d0 in main", "  File \"x.py\", line 3"
  static const std::regex frame(R"(^\s+(at |File ")|^\s*#\d+ )");
  return std::regex_search(line, frame);
}

bool says_nothing(const std::string& line) {  // blank, a caret under the failing code, a version banner
  static const std::regex nothing(R"(^[\s^~]*$|^Node\.js v[\d.]+$)");
  return std::regex_match(line, nothing);
}

std::string normalised(std::string line) {
  static const std::vector<std::pair<std::regex, std::string>> rules = {
      {std::regex(R"([1-8pnbrqkPNBRQK/]{15,}( [wb]( [KQkqA-Ha-h-]+( [a-h1-8-]+( \d+ \d+)?)?)?)?)"), "<fen>"},
      {std::regex(R"((file://)?(/[^\s:()'"]+)+(:\d+)*)"), "<path>"},
      {std::regex(R"(0x[0-9a-fA-F]+)"), "<addr>"},
      {std::regex(R"(\b[a-h][1-8][a-h][1-8][qrbnQRBN]?\b)"), "<move>"},
      {std::regex(R"(\b[a-h][1-8]\b)"), "<square>"},
      {std::regex(R"(\b(O-O(-O)?|[KQRBN]?[a-h]?[1-8]?x?[a-h][1-8](=?[QRBNqrbn])?[+#]?)(?![A-Za-z0-9]))"), "<move>"},
      {std::regex(R"(\b\d+\b)"), "<n>"},
      {std::regex(R"(\s+)"), " "}};
  for (const auto& [pattern, text] : rules) line = std::regex_replace(line, pattern, text);
  while (!line.empty() && line.front() == ' ') line.erase(0, 1);
  while (!line.empty() && line.back() == ' ') line.pop_back();
  return line;
}

}  // namespace

std::string error_line(const std::string& stderr_text, bool normalise) {
  const std::vector<std::string> lines = lines_of(stderr_text);
  for (std::size_t i = lines.size(); i-- > 0;) {
    if (says_nothing(lines[i]) || is_frame(lines[i])) continue;
    std::string line = normalise ? normalised(lines[i]) : lines[i];
    if (i + 1 < lines.size() && is_frame(lines[i + 1])) {  // the function it failed in, without its file
      static const std::regex function(R"(^\s+at ([^\s(]+))");
      if (std::smatch m; std::regex_search(lines[i + 1], m, function)) line += " at " + m.str(1);
    }
    return line;
  }
  return "";
}

std::string Failure::cause() const {
  static const std::regex status(R"(killed by signal \d+ \([^)]*\)|exit code \d+)");
  std::string kind = "broke the protocol";
  if (std::smatch m; std::regex_search(error, m, status))
    kind = m.str();
  else if (error.find("no complete reply within") != std::string::npos)
    kind = "no reply in time";
  const std::string own = error_line(stderr_text);
  return own.empty() ? kind : kind + ": " + own;
}

namespace {

// A query that failed: its depth, the program's error and what it was sent.
struct FailedQuery {
  int depth;
  std::string error;
  std::vector<std::string> sent;
  std::string stderr_text;
};

// The smallest depth 1..limit at which `source` fails on (fen, path), with the divide one depth less deep
// in `above` (empty at depth 1); std::nullopt if it answers at every depth.
std::optional<FailedQuery> smallest_failing_depth(RestartingSource& source, const std::string& fen,
                                                  const std::vector<std::string>& path, int limit,
                                                  DivideResult& above) {
  above = {};
  for (int depth = 1; depth <= limit; ++depth) {
    try {
      DivideResult answer = source.divide(fen, path, depth);
      above = std::move(answer);
    } catch (const ExternalError& e) {
      return FailedQuery{depth, e.what(), source.last_sent(), e.stderr_tail()};
    }
  }
  return std::nullopt;
}

std::vector<std::string> sorted_moves(const DivideResult& r) {
  std::vector<std::string> moves;
  for (const auto& [move, count] : r.moves) moves.push_back(move);
  std::sort(moves.begin(), moves.end());
  moves.erase(std::unique(moves.begin(), moves.end()), moves.end());
  return moves;
}

}  // namespace

std::optional<Failure> locate_failure(RestartingSource& source, const std::string& side, const std::string& fen,
                                      const std::vector<std::string>& moves, int depth, Notation notation) {
  DivideResult above;
  const auto first = smallest_failing_depth(source, fen, moves, depth, above);
  if (!first) return std::nullopt;
  Failure f{side, source.name(), fen, moves, first->depth, "", first->sent, first->error, first->stderr_text};
  // Below a move of the divide one ply less deep, the program fails one ply less deep if the failure lies
  // there; the first such move (in text order) leads on. If none does, it fails only from here.
  for (bool deeper = true; deeper && f.depth > 1;) {
    deeper = false;
    // An engine that prints only totals lists no moves: ours lead on.
    for (const std::string& move : above.listed ? sorted_moves(above) : our_legal_moves(fen, f.path, notation)) {
      if (!is_uci_move_text(move)) continue;  // an engine's text that names no move of ours: nothing to play
      std::vector<std::string> path = f.path;
      path.push_back(move);
      DivideResult below;
      if (auto found = smallest_failing_depth(source, fen, path, f.depth - 1, below)) {
        f.path = std::move(path), f.depth = found->depth, f.error = found->error, f.sent = found->sent;
        f.stderr_text = found->stderr_text;
        above = std::move(below);
        deeper = true;
        break;
      }
    }
  }
  f.fen = fen_after(fen, f.path, notation);
  return f;
}

std::string failure_line(const Failure& f, bool with_error) {
  return fmt::format("{} fails at depth {} {}: {}", f.side, f.depth,
                     f.path.empty() ? "at the root" : fmt::format("after {}", fmt::join(f.path, " ")),
                     with_error ? f.error : f.cause());
}

void print_failure(std::ostream& out, const Failure& f, const std::string& a_name, const std::string& b_name) {
  fmt::print(out, "A:          {}\nB:          {}\n", a_name, b_name);
  fmt::print(out, "root FEN:   {}\n", f.root_fen);
  fmt::print(out, "{} fails:    at depth {} (the smallest at which it fails there)\n", f.side, f.depth);
  fmt::print(out, "move path:  {}\n",
             f.path.empty() ? "(none: the root position)" : fmt::format("{}", fmt::join(f.path, " ")));
  fmt::print(out, "FEN there:  {}\n", f.fen);
  for (std::size_t i = 0; i < f.sent.size(); ++i) fmt::print(out, "{:<12}{}\n", i ? "" : "sent:", f.sent[i]);
  fmt::print(out, "error:      {}\n", f.error);
  if (const std::string own = error_line(f.stderr_text, false); !own.empty())
    fmt::print(out, "its error:  {}\n", escape_output(own).substr(1, escape_output(own).size() - 2));
}

nlohmann::json failure_json(const Failure& f) {
  return {{"side", f.side}, {"program", f.program}, {"root_fen", f.root_fen}, {"path", f.path},    {"depth", f.depth},
          {"fen", f.fen},   {"sent", f.sent},       {"error", f.error},       {"cause", f.cause()}};
}

}  // namespace movegen::harness
