// `perftree:COMMAND` and `cmd:COMMAND`: a program run once per divide, `COMMAND DEPTH FEN [MOVES]` for the
// perftree protocol, or COMMAND's own words with {fen}, {depth} and {moves} filled in.
#include <fmt/format.h>

#include <algorithm>
#include <string>

#include "harness/engines/child_process.hpp"
#include "harness/engines/divide_format.hpp"
#include "harness/engines/external_sources.hpp"

namespace movegen::harness {

namespace {

class ProgramPerQuery : public DivideSource {
 public:
  ProgramPerQuery(std::string spec, std::string_view command, bool perftree, std::chrono::milliseconds timeout,
                  Notation notation, const EngineOptions& options)
      : DivideSource(std::move(spec), notation), words_(split_command(command)), timeout_(timeout), options_(options) {
    if (!perftree) return;  // a template's errors name the command as it ran (ChildProcess with no name)
    name_ = join_command(words_);
    words_.insert(words_.end(), {"{depth}", "{fen}", "{moves}"});
  }

  bool plays_moves() const override {
    return std::any_of(words_.begin(), words_.end(), [](const std::string& word) { return sends_moves(word); });
  }

 protected:
  std::vector<std::string> commands_sent(const std::string& fen, const std::vector<std::string>& moves,
                                         int depth) const override {
    return {join_command(argv_for(fen, moves, depth))};
  }

  DivideResult run_divide(const std::string& fen, const std::vector<std::string>& moves, int depth) override {
    const std::vector<std::string> argv = argv_for(fen, moves, depth);
    const std::string call = join_command(argv);  // pasteable as it is
    ChildProcess process(argv, timeout_, name_);
    process.start_reply(call);
    process.close_stdin();

    DivideReader reader(fen, moves, notation(), options_.strict);
    const std::optional<DivideResult> result = read_reply(process, call, reader);
    if (reader.dropped_promotion_piece()) note(DROPPED_PROMOTION_PIECE);
    std::string status;
    try {
      status = process.wait_exit();
    } catch (const ExternalError&) {
      if (!result) throw;
      throw process.error(fmt::format("it printed its whole reply but did not exit within {:g} s{}",
                                      timeout_.count() / 1000.0, as_called(call)));
    }
    if (!process.exited_cleanly()) throw process.error("it ended with " + status + as_called(call));
    if (!result) return without_divide(process, call, fen, moves);
    note_divide_format(reader.format());
    DivideResult answer = *result;
    answer.said = reader.set_aside();
    return answer;
  }

 private:
  // An output with no move line and no total: an empty divide if our board has no legal move either (a
  // checkmate or stalemate, for which the program printed nothing), else an error.
  DivideResult without_divide(const ChildProcess& process, const std::string& call, const std::string& fen,
                              const std::vector<std::string>& moves) const {
    const std::size_t ours = legal_move_count(fen, moves, notation());
    if (ours == 0) return {};
    throw process.error("no move line and no total from " + call + ", where our generator finds " +
                        std::to_string(ours) + " legal moves");
  }

  // " when called as CALL" after an error of a perftree program, named by its words as given; "" for a template,
  // whose errors are named by CALL.
  std::string as_called(const std::string& call) const { return name_.empty() ? "" : " when called as " + call; }

  // Reads the reply a line at a time with `reader` (harness/engines/divide_format.hpp) and checks each line as it
  // arrives, up to a total or the end of the output. Stops after the total (later lines are ignored, as the
  // perftree tool ignores them), or throws at the first line that fits no divide format without reading on.
  // std::nullopt if the output held no move line and no total.
  static std::optional<DivideResult> read_reply(ChildProcess& process, const std::string& call, DivideReader& reader) {
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

  std::vector<std::string> argv_for(const std::string& fen, const std::vector<std::string>& moves, int depth) const {
    return expand_argv(words_, {fen, moves, depth, notation(), options_.shredder_fen});
  }

  std::vector<std::string> words_;  // the program's words, for perftree with DEPTH FEN MOVES after them
  std::string name_;                // a perftree program for messages: its words as given ("" for a template)
  std::chrono::milliseconds timeout_;
  EngineOptions options_;
};

}  // namespace

std::unique_ptr<DivideSource> make_program_per_query(std::string spec, std::string_view command, bool perftree,
                                                     std::chrono::milliseconds timeout, Notation notation,
                                                     const EngineOptions& options) {
  return std::make_unique<ProgramPerQuery>(std::move(spec), command, perftree, timeout, notation, options);
}

}  // namespace movegen::harness
