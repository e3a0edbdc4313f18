#include "harness/engines/divide_source.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <functional>
#include <utility>

#include "common/uci.hpp"
#include "harness/engines/child_process.hpp"
#include "harness/engines/external_sources.hpp"
#include "harness/usage/usage_error.hpp"
#include "mailbox/movegen.hpp"

namespace movegen::harness {

namespace {

// Throws FenError or MoveError for a bad FEN or move text: nothing malformed reaches an external program.
void check_query(const std::string& fen, const std::vector<std::string>& moves) {
  parse_fen(fen);
  for (const std::string& text : moves)
    if (!is_uci_move_text(text))
      throw MoveError("bad move " + quote_for_error(text) + ": not UCI move text such as e2e4 or e7e8q");
}

}  // namespace

DivideResult DivideSource::divide(const std::string& fen, const std::vector<std::string>& moves, int depth) {
  require_depth(depth, "divide depth");
  check_query(fen, moves);
  DivideResult result = run_divide(fen, moves, depth);
  if (result.listed || depth == 0) return result;
  if (depth == 1 && !totals_only_) return moves_from_deeper(fen, moves, result);
  note(TOTALS_ONLY);  // a total alone 2 or more deep, or at depth 1 from an engine known to print only totals
  return result;
}

DivideResult DivideSource::moves_from_deeper(const std::string& fen, const std::vector<std::string>& moves,
                                             const DivideResult& at_depth_1) {
  const std::uint64_t total = at_depth_1.total;
  DivideResult deeper = run_divide(fen, moves, 2);
  if (!deeper.listed) {
    note(TOTALS_ONLY);
    return at_depth_1;
  }
  note("prints no move list at depth 1: its moves there are read from its divide 2 deep");
  if (deeper.moves.size() != total)
    throw ExternalError(fmt::format("{}: its total 1 deep is {} but its divide 2 deep lists {} moves", name(), total,
                                    deeper.moves.size()));
  DivideResult result;
  for (const auto& [move, count] : deeper.moves) result.moves.emplace_back(move, 1);
  result.total = total;
  return result;
}

void DivideSource::note_divide_format(const std::string& format) {
  if (!std::exchange(format_noted_, true)) note("its divide is read as " + format);
}

void DivideSource::note(const std::string& text) {
  totals_only_ = totals_only_ || text == TOTALS_ONLY;  // a wrapper learns it from its source's notes
  if (std::find(notes_.begin(), notes_.end(), text) == notes_.end()) notes_.push_back(text);
}

std::vector<std::string> DivideSource::commands_sent(const std::string&, const std::vector<std::string>&,
                                                     int depth) const {
  return {"(in process: " + name() + "'s divide at depth " + std::to_string(depth) + ")"};
}

std::vector<std::string> DivideSource::legal_moves(const std::string& fen, const std::vector<std::string>& moves) {
  const DivideResult r = divide(fen, moves, 1);
  if (!r.listed)
    throw ExternalError(fmt::format("{}: it prints only totals, no move lines: its legal moves cannot be listed (its "
                                    "count is {})",
                                    name(), r.total));
  std::vector<std::string> texts;
  for (const auto& [move, count] : r.moves)  // a move list holds at most 256 moves
    texts.insert(texts.end(), std::min<std::uint64_t>(count, MoveList::CAPACITY), move);
  return texts;
}

std::optional<std::vector<std::string>> DivideSource::captures(const std::string& fen,
                                                               const std::vector<std::string>& moves) {
  check_query(fen, moves);
  return run_captures(fen, moves);
}

std::size_t legal_move_count(const std::string& fen, const std::vector<std::string>& moves, Notation notation) {
  try {
    MoveList list;
    position_after<MtuPosition<mailbox::Position>>(fen, moves, notation).generate_legal(list);
    return list.size();
  } catch (const std::exception&) {
    return 0;
  }
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

  std::optional<std::vector<std::string>> run_captures(const std::string& fen,
                                                       const std::vector<std::string>& moves) override {
    const std::string there = position_after<MtuPosition<mailbox::Position>>(fen, moves, notation()).fen();
    return generator_ops(generator_).stage_moves(there, Stage::CAPTURES, notation());
  }

 private:
  Generator generator_;
};

// An outside engine spoken to in X-FEN until it refuses it, in a Chess960 run: a start (a UCI engine's first divide
// is of the start position) or a query that fails on a FEN whose castling rights Shredder-FEN writes otherwise is tried
// again with a fresh start sending Shredder-FEN; if that one answers, it stays (with a note saying so, once), else the
// first error stands.
class ShredderFenFallback : public DivideSource {
 public:
  using Start = std::function<std::unique_ptr<DivideSource>(bool shredder_fen)>;
  ShredderFenFallback(std::string spec, Notation notation, Start start)
      : DivideSource(std::move(spec), notation), start_(std::move(start)) {
    try {
      source_ = start_(false);
    } catch (const ExternalError& refusal) {
      if (notation != Notation::CHESS960) throw;
      fall_back(refusal, std::string(START_FEN), [](DivideSource&) {});
    }
  }
  std::vector<std::string> commands_sent(const std::string& fen, const std::vector<std::string>& moves,
                                         int depth) const override {
    return source_->commands_sent(fen, moves, depth);
  }
  bool plays_moves() const override { return source_->plays_moves(); }

 protected:
  DivideResult run_divide(const std::string& fen, const std::vector<std::string>& moves, int depth) override {
    try {
      return answer(*source_, fen, moves, depth);
    } catch (const ExternalError& refusal) {
      if (shredder_fen_ || notation() != Notation::CHESS960 || shredder_fen(fen) == fen) throw;
      DivideResult result;
      fall_back(refusal, fen, [&](DivideSource& retried) { result = answer(retried, fen, moves, depth); });
      return result;
    }
  }

  std::optional<std::vector<std::string>> run_captures(const std::string& fen,
                                                       const std::vector<std::string>& moves) override {
    return source_->captures(fen, moves);
  }

 private:
  // `source`'s divide, the notes passed on both ways (a source started afresh learns what the earlier one said).
  DivideResult answer(DivideSource& source, const std::string& fen, const std::vector<std::string>& moves, int depth) {
    source.learn_from(*this);
    DivideResult result = source.divide(fen, moves, depth);
    for (const std::string& text : source.notes()) note(text);
    return result;
  }

  // After `refusal` of `fen`: a fresh start in Shredder-FEN, asked `ask`, kept if it answers; else `refusal`.
  void fall_back(const ExternalError& refusal, const std::string& fen, const std::function<void(DivideSource&)>& ask) {
    std::unique_ptr<DivideSource> retried;
    try {
      retried = start_(true);
      ask(*retried);
    } catch (const ExternalError&) {
      throw refusal;  // not the FEN's form, then: its own error is the one to report
    }
    source_ = std::move(retried), shredder_fen_ = true;
    note("refused the X-FEN form of " + fen +
         ": castling rights are sent as Shredder-FEN rook files (HAha) from then on, as --shredder-fen does");
  }

  Start start_;
  std::unique_ptr<DivideSource> source_;
  bool shredder_fen_ = false;
};

}  // namespace

std::unique_ptr<DivideSource> make_divide_source(std::string_view spec, std::chrono::milliseconds timeout,
                                                 Notation notation, const EngineOptions& options) {
  for (Generator g : all_generators())
    if (spec == generator_name(g)) return std::make_unique<GeneratorSource>(g, notation);
  for (std::string_view prefix : {"uci:", "perftree:", "cmd:"}) {
    if (!spec.starts_with(prefix)) continue;
    const std::string_view command = spec.substr(prefix.size());
    if (split_command(command).empty())
      throw UsageError("bad generator " + quote_for_error(spec) + ": no command after '" + std::string(prefix) + "'");
    const auto start = [=, spec = std::string(spec), command = std::string(command)](bool shredder_fen) {
      EngineOptions chosen = options;
      chosen.shredder_fen = shredder_fen;
      if (prefix == "uci:") return make_uci_engine(spec, command, timeout, notation, chosen);
      return make_program_per_query(spec, command, prefix == "perftree:", timeout, notation, chosen);
    };
    if (options.shredder_fen) return start(true);
    return std::make_unique<ShredderFenFallback>(std::string(spec), notation, start);
  }
  throw UsageError("bad generator " + quote_for_error(spec) + ": expected " + generator_names() + ", " +
                   std::string(EXTERNAL_SPECS));
}

}  // namespace movegen::harness
