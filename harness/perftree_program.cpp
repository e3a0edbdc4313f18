// `perftree:COMMAND`: a program run as `COMMAND DEPTH FEN [MOVES]` for each divide.
#include <fmt/format.h>

#include <string>

#include "harness/child_process.hpp"
#include "harness/external_sources.hpp"

namespace movegen::harness {

namespace {

class PerftreeProgram : public DivideSource {
 public:
  PerftreeProgram(std::string spec, std::string_view command, std::chrono::milliseconds timeout)
      : DivideSource(std::move(spec)), argv_(split_command(command)), timeout_(timeout) {}

 protected:
  DivideResult run_divide(const std::string& fen, const std::vector<std::string>& moves, int depth) override {
    std::vector<std::string> argv = argv_;
    argv.push_back(std::to_string(depth));
    argv.push_back(fen);
    std::string joined;
    for (const std::string& m : moves) joined += (joined.empty() ? "" : " ") + m;
    if (!joined.empty()) argv.push_back(joined);
    const std::string call = join_command(argv);  // pasteable as it is
    ChildProcess process(argv, timeout_, join_command(argv_));
    process.start_reply(call);
    process.close_stdin();

    std::vector<std::string> lines;
    bool blank = false, whole = false;  // a blank line seen; the total after it seen: the reply is whole
    while (std::optional<std::string> line = process.read_line()) {
      whole = whole || blank;
      blank = blank || line->empty();
      lines.push_back(std::move(*line));
      if (lines.size() > std::size_t(MAX_REPLY_LINES))
        throw process.error("over " + std::to_string(MAX_REPLY_LINES) + " lines of output");
      if (whole) break;  // later lines are ignored; a program that then lingers is told apart below
    }
    std::string status;
    try {
      status = process.wait_exit();
    } catch (const ExternalError&) {
      if (!whole) throw;
      throw process.error(fmt::format("it printed its whole reply but did not exit within {:g} s when called as {}",
                                      timeout_.count() / 1000.0, call));
    }
    if (!process.exited_cleanly()) throw process.error("it ended with " + status + " when called as " + call);
    return parse_reply(process, lines, call);
  }

 private:
  // Move lines up to the first blank line, then the total on the next line; later lines are ignored,
  // as the perftree tool ignores them.
  static DivideResult parse_reply(const ChildProcess& process, const std::vector<std::string>& lines,
                                  const std::string& call) {
    DivideResult result;
    std::uint64_t sum = 0;
    std::size_t i = 0;
    for (; i < lines.size() && !lines[i].empty(); ++i) {
      auto entry = parse_divide_line(lines[i]);
      if (!entry)
        throw process.error("unexpected line " + escape_output(lines[i]) + " from " + call +
                            " (expected 'e2e4 20' lines, a blank line and the total)");
      if (__builtin_add_overflow(sum, entry->second, &sum))
        throw process.error("its move counts add up to more than " + std::to_string(UINT64_MAX));
      result.moves.push_back(std::move(*entry));
    }
    if (i + 1 >= lines.size()) throw process.error("no blank line and total after the move lines from " + call);
    const auto total = parse_divide_line("a1a1 " + lines[i + 1]);
    if (!total) throw process.error("bad total line " + escape_output(lines[i + 1]) + " from " + call);
    result.total = total->second;
    const bool depth_zero = result.moves.empty() && result.total == 1;
    if (result.total != sum && !depth_zero)
      throw process.error("its move counts add up to " + std::to_string(sum) + " but its total is " +
                          std::to_string(result.total) + " for " + call);
    return result;
  }

  std::vector<std::string> argv_;
  std::chrono::milliseconds timeout_;
};

}  // namespace

std::unique_ptr<DivideSource> make_perftree_program(std::string spec, std::string_view command,
                                                    std::chrono::milliseconds timeout) {
  return std::make_unique<PerftreeProgram>(std::move(spec), command, timeout);
}

}  // namespace movegen::harness
