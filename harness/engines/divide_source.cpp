#include "harness/engines/divide_source.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "common/uci.hpp"
#include "harness/engines/child_process.hpp"
#include "harness/engines/external_sources.hpp"
#include "harness/usage/usage_error.hpp"

namespace movegen::harness {

DivideResult DivideSource::divide(const std::string& fen, const std::vector<std::string>& moves, int depth) {
  require_depth(depth, "divide depth");
  parse_fen(fen);  // throws FenError: nothing malformed reaches an external program
  for (const std::string& text : moves)
    if (!is_uci_move_text(text))
      throw MoveError("bad move " + quote_for_error(text) + ": not UCI move text such as e2e4 or e7e8q");
  return run_divide(fen, moves, depth);
}

std::vector<std::string> DivideSource::commands_sent(const std::string&, const std::vector<std::string>&,
                                                     int depth) const {
  return {"(in process: " + name() + "'s divide at depth " + std::to_string(depth) + ")"};
}

std::vector<std::string> DivideSource::legal_moves(const std::string& fen, const std::vector<std::string>& moves) {
  std::vector<std::string> texts;
  for (const auto& [move, count] : divide(fen, moves, 1).moves)  // a move list holds at most 256 moves
    texts.insert(texts.end(), std::min<std::uint64_t>(count, MoveList::CAPACITY), move);
  return texts;
}

namespace {

// A built-in generator of the table, computing in this process through its own translation unit's divide.
class GeneratorSource : public DivideSource {
 public:
  GeneratorSource(Generator g, Notation notation) : DivideSource(generator_name(g), notation), generator_(g) {}
  std::optional<Generator> builtin() const override { return generator_; }

 protected:
  DivideResult run_divide(const std::string& fen, const std::vector<std::string>& moves, int depth) override {
    DivideResult result;
    result.moves = generator_ops(generator_).divide(fen, moves, depth, Counting::BULK, notation());
    for (const auto& [move, nodes] : result.moves) result.total += nodes;
    if (depth == 0) result.total = 1;
    return result;
  }

 private:
  Generator generator_;
};

}  // namespace

std::unique_ptr<DivideSource> make_divide_source(std::string_view spec, std::chrono::milliseconds timeout,
                                                 Notation notation) {
  for (Generator g : all_generators())
    if (spec == generator_name(g)) return std::make_unique<GeneratorSource>(g, notation);
  for (std::string_view prefix : {"uci:", "perftree:"}) {
    if (!spec.starts_with(prefix)) continue;
    const std::string_view command = spec.substr(prefix.size());
    if (split_command(command).empty())
      throw UsageError("bad generator " + quote_for_error(spec) + ": no command after '" + std::string(prefix) + "'");
    return prefix == "uci:" ? make_uci_engine(std::string(spec), command, timeout, notation)
                            : make_perftree_program(std::string(spec), command, timeout, notation);
  }
  std::string names;
  for (Generator g : all_generators()) names += generator_name(g) + ", ";
  throw UsageError("bad generator " + quote_for_error(spec) + ": expected " + names +
                   "uci:COMMAND or perftree:COMMAND");
}

}  // namespace movegen::harness
