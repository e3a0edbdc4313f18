// `uci:COMMAND`: an engine that answers `go perft N` with a divide in any format DivideReader reads. The
// session syncs with `isready`: after the handshake (so that option lines or an `info string` printed after
// `uciok` are never read as a reply) and after each query, whose reply ends at its total line or, for a divide
// with none, at the `readyok` that follows it.
#include <string>

#include "harness/engines/child_process.hpp"
#include "harness/engines/divide_format.hpp"
#include "harness/engines/external_sources.hpp"

namespace movegen::harness {

namespace {

// The most lines an engine prints besides its divide that an error quotes.
constexpr std::size_t MAX_QUOTED_LINES = 8;

class UciEngine : public DivideSource {
 public:
  UciEngine(std::string spec, std::string_view command, std::chrono::milliseconds timeout, Notation notation)
      : DivideSource(std::move(spec), notation), process_(split_command(command), timeout) {
    process_.write("uci\n");
    wait_for("uciok", "'uci'");
    if (notation == Notation::CHESS960) process_.write("setoption name UCI_Chess960 value true\n");
    process_.start_reply("'isready' after 'uciok'");
    process_.write("isready\n");
    wait_for("readyok", "'isready'");
  }

  ~UciEngine() override {
    try {
      process_.write("quit\n");
    } catch (const ExternalError&) {
      // already gone; the ChildProcess destructor reaps it either way
    }
  }

 protected:
  std::vector<std::string> commands_sent(const std::string& fen, const std::vector<std::string>& moves,
                                         int depth) const override {
    std::string position = "position fen " + fen;
    if (!moves.empty()) position += " moves";
    for (const std::string& m : moves) position += " " + m;
    return {position, "go perft " + std::to_string(depth), "isready"};
  }

  DivideResult run_divide(const std::string& fen, const std::vector<std::string>& moves, int depth) override {
    const std::vector<std::string> commands = commands_sent(fen, moves, depth);
    const std::string& go = commands[1];
    process_.clear_log();
    aside_.clear();
    std::string query = "'" + go + "' from " + fen;
    for (std::size_t i = 0; i < moves.size() && i < 8; ++i) query += (i ? " " : " after moves ") + moves[i];
    if (moves.size() > 8) query += " ... (" + std::to_string(moves.size()) + " moves)";
    process_.start_reply(query);
    std::string text;
    for (const std::string& c : commands) text += c + "\n";
    process_.write(text);
    try {
      return read_reply(DivideReader(fen, moves, notation()), go);
    } catch (const DivideFormatError& e) {
      throw process_.error(e.with(" in its reply to '" + go + "'") + said());
    }
  }

 private:
  // The divide, read up to its total line and the `readyok` of the `isready` sent after the query. An engine
  // that searches in a thread of its own (Stockfish) says `readyok` at once, before its divide: a `readyok`
  // ends the reply only if a total was read, or if the engine has never printed a total and a divide was read
  // (a divide without a total); a `readyok` after lines of its own but no divide means it refused the query.
  DivideResult read_reply(DivideReader reader, const std::string& go) {
    bool total = false, ready = false;
    for (int i = 0; i < MAX_REPLY_LINES; ++i) {
      const std::optional<std::string> line = process_.read_line();
      if (!line) throw ended("before finishing its reply to '" + go + "'" + said());
      if (*line == "readyok") {
        ready = true;
        if (!reader.started() && !aside_.empty())
          throw process_.error("no divide in its reply to '" + go + "'" + said());
        if (!total && (prints_totals_ || !reader.started())) continue;  // the divide is still to come
      } else if (total || line->starts_with("info")) {
        set_aside(*line);
        continue;
      } else {
        total = reader.read(*line);
        prints_totals_ |= total;
        if (!total || !ready) continue;
      }
      return reader.result();
    }
    throw process_.error("no end of its reply to '" + go + "' within " + std::to_string(MAX_REPLY_LINES) + " lines" +
                         said());
  }

  // Reads lines until `expected`, setting the others aside; throws if the engine stops or never says it.
  void wait_for(const std::string& expected, const std::string& request) {
    for (int i = 0; i < MAX_REPLY_LINES; ++i) {
      const std::optional<std::string> line = process_.read_line();
      if (!line) throw ended("before answering " + request + " with '" + expected + "'");
      if (*line == expected) return;
    }
    throw process_.error("no '" + expected + "' in its first " + std::to_string(MAX_REPLY_LINES) + " lines after " +
                         request);
  }

  void set_aside(const std::string& line) {
    if (aside_.size() < MAX_QUOTED_LINES) aside_.push_back(line);
  }

  // "; it said "L1" "L2"": the engine's own lines that were no part of its divide, for an error.
  std::string said() const {
    if (aside_.empty()) return "";
    std::string text = " (besides, it said";
    for (const std::string& line : aside_) text += " " + escape_output(line);
    return text + ")";
  }

  ExternalError ended(const std::string& when) {
    const std::string status = process_.wait_exit();
    return process_.error("it stopped printing (" + status + ") " + when);
  }

  ChildProcess process_;
  std::vector<std::string> aside_;  // lines of the reply under way that were no part of its divide
  bool prints_totals_ = false;      // a reply of this engine ended with a total line
};

}  // namespace

std::unique_ptr<DivideSource> make_uci_engine(std::string spec, std::string_view command,
                                              std::chrono::milliseconds timeout, Notation notation) {
  return std::make_unique<UciEngine>(std::move(spec), command, timeout, notation);
}

}  // namespace movegen::harness
