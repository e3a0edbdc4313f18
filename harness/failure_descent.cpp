#include "harness/failure_descent.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <ostream>
#include <regex>

#include "harness/child_process.hpp"
#include "harness/divergence.hpp"

namespace movegen::harness {

RestartingSource::RestartingSource(std::string spec, std::function<std::unique_ptr<DivideSource>()> start)
    : DivideSource(std::move(spec)), start_(std::move(start)), source_(start_()) {}

std::vector<std::string> RestartingSource::commands_sent(const std::string& fen, const std::vector<std::string>& moves,
                                                         int depth) const {
  return source_ ? source_->commands_sent(fen, moves, depth) : DivideSource::commands_sent(fen, moves, depth);
}

void RestartingSource::restart_if_failed() {
  if (!source_) source_ = start_();
}

DivideResult RestartingSource::run_divide(const std::string& fen, const std::vector<std::string>& moves, int depth) {
  restart_if_failed();
  last_sent_ = source_->commands_sent(fen, moves, depth);
  try {
    return source_->divide(fen, moves, depth);
  } catch (const ExternalError&) {
    source_.reset();
    throw;
  }
}

std::string Failure::cause() const {
  static const std::regex status(R"(killed by signal \d+ \([^)]*\)|exit code \d+)");
  if (std::smatch m; std::regex_search(error, m, status)) return m.str();
  if (error.find("no complete reply within") != std::string::npos) return "no reply in time";
  return "broke the protocol";
}

namespace {

// A query that failed: its depth, the program's error and what it was sent.
struct FailedQuery {
  int depth;
  std::string error;
  std::vector<std::string> sent;
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
      return FailedQuery{depth, e.what(), source.last_sent()};
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
  Failure f{side, source.name(), fen, moves, first->depth, "", first->sent, first->error};
  // Below a move of the divide one ply less deep, the program fails one ply less deep if the failure lies
  // there; the first such move (in text order) leads on. If none does, it fails only from here.
  for (bool deeper = true; deeper && f.depth > 1;) {
    deeper = false;
    for (const std::string& move : sorted_moves(above)) {
      std::vector<std::string> path = f.path;
      path.push_back(move);
      DivideResult below;
      if (auto found = smallest_failing_depth(source, fen, path, f.depth - 1, below)) {
        f.path = std::move(path), f.depth = found->depth, f.error = found->error, f.sent = found->sent;
        above = std::move(below);
        deeper = true;
        break;
      }
    }
  }
  f.fen = fen_after(fen, f.path, notation);
  return f;
}

std::string failure_line(const Failure& f) {
  return fmt::format("{} fails at depth {} {}: {}", f.side, f.depth,
                     f.path.empty() ? "at the root" : fmt::format("after {}", fmt::join(f.path, " ")), f.error);
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
}

nlohmann::json failure_json(const Failure& f) {
  return {{"side", f.side}, {"program", f.program}, {"root_fen", f.root_fen}, {"path", f.path},    {"depth", f.depth},
          {"fen", f.fen},   {"sent", f.sent},       {"error", f.error},       {"cause", f.cause()}};
}

}  // namespace movegen::harness
