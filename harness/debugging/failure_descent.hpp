// When an outside program fails (dies, exits non-zero, breaks its protocol, misses the deadline), the
// smallest position and depth at which it fails: asked again at depth 1, 2, ... and then along the path,
// as diff descends for a count that differs.
//
//   RestartingSource engine("uci:./engine", [&] { return make_divide_source("uci:./engine", timeout); });
//   try { find_divergence(ours, engine, fen, {}, 4); }
//   catch (const ExternalError&) { if (auto f = locate_failure(engine, "B", fen, {}, 4)) print_failure(out, *f); }
#pragma once

#include <functional>
#include <iosfwd>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "harness/engines/divide_source.hpp"

namespace movegen::harness {

/// A generator started afresh after it failed (a crashed program has nothing left to ask), which remembers
/// whether its last query failed. Starts its source at once: `start` may throw ExternalError.
class RestartingSource : public DivideSource {
 public:
  RestartingSource(std::string spec, std::function<std::unique_ptr<DivideSource>()> start);
  std::optional<Generator> builtin() const override { return source_ ? source_->builtin() : std::nullopt; }
  bool plays_moves() const override { return plays_moves_; }
  std::vector<std::string> commands_sent(const std::string& fen, const std::vector<std::string>& moves,
                                         int depth) const override;
  /// Starts the source again now if its last query failed; throws ExternalError if it cannot start.
  void restart_if_failed();
  /// True if the last query failed.
  bool failed() const { return !source_; }
  /// What the last query sent (commands_sent of its source).
  const std::vector<std::string>& last_sent() const { return last_sent_; }
  /// The queries its running process has been asked, oldest first; emptied when it is started afresh.
  const std::vector<Query>& queries() const { return queries_; }
  /// Another process of the same source, started now beside the running one, which has been asked nothing (what the
  /// running one learnt of the engine passed on: DivideSource::learn_from). Throws ExternalError if it cannot start.
  std::unique_ptr<DivideSource> start_fresh() const {
    std::unique_ptr<DivideSource> fresh = start_();
    fresh->learn_from(*this);
    return fresh;
  }

 protected:
  DivideResult run_divide(const std::string& fen, const std::vector<std::string>& moves, int depth) override;
  std::optional<std::vector<std::string>> run_captures(const std::string& fen,
                                                       const std::vector<std::string>& moves) override;

 private:
  // Around `first`, the source `start` started: its notation (how its moves write castling) is the source's.
  RestartingSource(std::string spec, std::function<std::unique_ptr<DivideSource>()> start,
                   std::unique_ptr<DivideSource> first);

  std::function<std::unique_ptr<DivideSource>()> start_;
  std::unique_ptr<DivideSource> source_;  // null after a failure, until the next query or restart
  std::vector<std::string> last_sent_;
  std::vector<Query> queries_;
  bool plays_moves_ = false;  // its source's, kept while the source is down
};

/// Where an outside program fails: the position `path` leads to from `root_fen`, the smallest divide depth
/// at which it fails there, what it was sent and its error (exit status and what it printed).
struct Failure {
  std::string side;     // "A" or "B"
  std::string program;  // its generator spec
  std::string root_fen;
  std::vector<std::string> path;  // from root_fen, --moves included
  int depth = 0;
  std::string fen;                // the FEN there, as our mailbox generator plays the path
  std::vector<std::string> sent;  // DivideSource::commands_sent for that query
  std::string error;
  std::string stderr_text;  // the end of what it printed on stderr (ExternalError::stderr_tail)
  /// What kind of failure it is, for grouping: the exit status or signal ("killed by signal 6 (Aborted)",
  /// "exit code 3"), "no reply in time" or "broke the protocol", then the program's own error: the last
  /// meaningful line of its stderr (error_line), "exit code 3: TypeError: Cannot read properties of null
  /// (reading 'type') at _Board.move".
  std::string cause() const;
};

/// The program's own error in `stderr_text`, normalised so that one bug gives one text wherever it
/// strikes: the last line that is not blank, a stack frame ("    at f (file:1:2)"), a caret line or a
/// runtime's version banner ("Node.js v20.1.0"), followed by the first stack frame's function if frames
/// follow it ("at _Board.move"); FENs, move texts (UCI, SAN) and squares become <fen>, <move>, <square>, paths and
/// URLs <path>, addresses <addr>, other numbers <n> (not with `normalise` false: the line as printed). ""
/// if stderr says nothing.
std::string error_line(const std::string& stderr_text, bool normalise = true);

/// The smallest depth 1..`depth` at which `source` fails on (fen, moves), and from there the first move (in
/// UCI text order) below which it fails one ply less deep, and so on: the shortest path and depth that
/// make it fail. Every query that fails costs a restart (and a --timeout if it hangs). std::nullopt if it
/// answers every query (a failure that does not come back).
std::optional<Failure> locate_failure(RestartingSource& source, const std::string& side, const std::string& fen,
                                      const std::vector<std::string>& moves, int depth, Notation notation);

/// The report: A's and B's names, root FEN, the failing side and depth, move path, FEN there, what was
/// sent, the error, and the program's own error as it printed it (error_line, not normalised).
void print_failure(std::ostream& out, const Failure& f, const std::string& a_name, const std::string& b_name);

/// One line: "B fails at depth 1 after e2e4 e7e5: ERROR" (or "at the root"); without `with_error`, its
/// cause (Failure::cause) instead of the whole error, for a line beside a report that holds the error.
std::string failure_line(const Failure& f, bool with_error = true);

/// The failure as JSON (docs/json.md, "## diff").
nlohmann::json failure_json(const Failure& f);

}  // namespace movegen::harness
