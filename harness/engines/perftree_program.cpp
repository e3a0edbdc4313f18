// `perftree:COMMAND`: a program run as `COMMAND DEPTH FEN [MOVES]` for each divide.
#include <fmt/format.h>

#include <string>

#include "harness/engines/child_process.hpp"
#include "harness/engines/divide_format.hpp"
#include "harness/engines/external_sources.hpp"

namespace movegen::harness {

namespace {

class PerftreeProgram : public DivideSource {
 public:
  PerftreeProgram(std::string spec, std::string_view command, std::chrono::milliseconds timeout, Notation notation)
      : DivideSource(std::move(spec), notation), argv_(split_command(command)), timeout_(timeout) {}

 protected:
  std::vector<std::string> commands_sent(const std::string& fen, const std::vector<std::string>& moves,
                                         int depth) const override {
    return {join_command(argv_for(fen, moves, depth))};
  }

  DivideResult run_divide(const std::string& fen, const std::vector<std::string>& moves, int depth) override {
    const std::vector<std::string> argv = argv_for(fen, moves, depth);
    const std::string call = join_command(argv);  // pasteable as it is
    ChildProcess process(argv, timeout_, join_command(argv_));
    process.start_reply(call);
    process.close_stdin();

    const std::optional<DivideResult> result = read_reply(process, call, DivideReader(fen, moves, notation()));
    std::string status;
    try {
      status = process.wait_exit();
    } catch (const ExternalError&) {
      if (!result) throw;
      throw process.error(fmt::format("it printed its whole reply but did not exit within {:g} s when called as {}",
                                      timeout_.count() / 1000.0, call));
    }
    if (!process.exited_cleanly()) throw process.error("it ended with " + status + " when called as " + call);
    if (!result) throw process.error("no move line and no total from " + call);
    return *result;
  }

 private:
  // Reads the reply a line at a time with `reader` (harness/engines/divide_format.hpp) and checks each line as it
  // arrives, up to a total or the end of the output. Stops after the total (later lines are ignored, as the
  // perftree tool ignores them), or throws at the first line that fits no divide format without reading on.
  // std::nullopt if the output held no move line and no total.
  static std::optional<DivideResult> read_reply(ChildProcess& process, const std::string& call, DivideReader reader) {
    try {
      for (int count = 1; std::optional<std::string> line = process.read_line(); ++count) {
        if (count > MAX_REPLY_LINES)
          throw process.error("over " + std::to_string(MAX_REPLY_LINES) + " lines of output from " + call);
        if (reader.read(*line)) break;
      }
      if (!reader.started()) return std::nullopt;
      return reader.result();
    } catch (const DivideFormatError& e) {
      throw process.error(e.with(" from " + call));
    }
  }

  // The program's words, then DEPTH FEN [MOVES].
  std::vector<std::string> argv_for(const std::string& fen, const std::vector<std::string>& moves, int depth) const {
    std::vector<std::string> argv = argv_;
    argv.push_back(std::to_string(depth));
    argv.push_back(fen);
    std::string joined;
    for (const std::string& m : moves) joined += (joined.empty() ? "" : " ") + m;
    if (!joined.empty()) argv.push_back(joined);
    return argv;
  }

  std::vector<std::string> argv_;
  std::chrono::milliseconds timeout_;
};

}  // namespace

std::unique_ptr<DivideSource> make_perftree_program(std::string spec, std::string_view command,
                                                    std::chrono::milliseconds timeout, Notation notation) {
  return std::make_unique<PerftreeProgram>(std::move(spec), command, timeout, notation);
}

}  // namespace movegen::harness
