// `uci:COMMAND`: an engine that answers `go perft N` with a divide in any format DivideReader reads, ended
// by a total ('Nodes searched: N', as Stockfish prints it).
#include <string>

#include "harness/engines/child_process.hpp"
#include "harness/engines/divide_format.hpp"
#include "harness/engines/external_sources.hpp"

namespace movegen::harness {

namespace {

class UciEngine : public DivideSource {
 public:
  UciEngine(std::string spec, std::string_view command, std::chrono::milliseconds timeout, Notation notation)
      : DivideSource(std::move(spec), notation), process_(split_command(command), timeout) {
    process_.write("uci\n");
    for (int i = 0; i < MAX_REPLY_LINES; ++i) {
      const std::optional<std::string> line = process_.read_line();
      if (!line) throw ended("before answering 'uci' with 'uciok'");
      if (*line != "uciok") continue;
      if (notation == Notation::CHESS960) process_.write("setoption name UCI_Chess960 value true\n");
      return;
    }
    throw process_.error("no 'uciok' in its first " + std::to_string(MAX_REPLY_LINES) + " lines after 'uci'");
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
    return {position, "go perft " + std::to_string(depth)};
  }

  DivideResult run_divide(const std::string& fen, const std::vector<std::string>& moves, int depth) override {
    const std::vector<std::string> commands = commands_sent(fen, moves, depth);
    const std::string &position = commands[0], &go = commands[1];
    process_.clear_log();
    std::string query = "'" + go + "' from " + fen;
    for (std::size_t i = 0; i < moves.size() && i < 8; ++i) query += (i ? " " : " after moves ") + moves[i];
    if (moves.size() > 8) query += " ... (" + std::to_string(moves.size()) + " moves)";
    process_.start_reply(query);
    process_.write(position + "\n" + go + "\n");

    DivideReader reader(fen, moves, notation());
    try {
      for (int i = 0; i < MAX_REPLY_LINES; ++i) {
        const std::optional<std::string> line = process_.read_line();
        if (!line) throw ended("before finishing its reply to '" + go + "'");
        if (line->starts_with("info")) continue;
        if (reader.read(*line)) return reader.result();
      }
    } catch (const DivideFormatError& e) {
      throw process_.error(e.with(" in its reply to '" + go + "'"));
    }
    throw process_.error("no total line ('Nodes searched: N') within " + std::to_string(MAX_REPLY_LINES) + " lines");
  }

 private:
  ExternalError ended(const std::string& when) {
    const std::string status = process_.wait_exit();
    return process_.error("it stopped printing (" + status + ") " + when);
  }

  ChildProcess process_;
};

}  // namespace

std::unique_ptr<DivideSource> make_uci_engine(std::string spec, std::string_view command,
                                              std::chrono::milliseconds timeout, Notation notation) {
  return std::make_unique<UciEngine>(std::move(spec), command, timeout, notation);
}

}  // namespace movegen::harness
