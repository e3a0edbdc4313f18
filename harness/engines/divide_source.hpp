// Anything that can answer "divide at depth d of the position (fen, moves)": a built-in generator, a UCI or
// console engine, a program speaking the perftree protocol, or a program run per query with its own arguments.
// The harness names them with generator specs (COMMAND is split into words as a shell would; no shell runs):
//
//   mailbox | bitboard | uci:COMMAND | perftree:COMMAND | cmd:COMMAND with {fen} {depth} {moves}
//
//   auto engine = make_divide_source("uci:/usr/games/stockfish", std::chrono::seconds(30));
//   DivideResult r = engine->divide(std::string(START_FEN), {"e2e4"}, 2);   // r.total == 600
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/perft.hpp"
#include "harness/engines/command_template.hpp"
#include "harness/generators/generators.hpp"
#include "harness/generators/setup.hpp"

namespace movegen::harness {

/// One divide: (UCI move text, leaf nodes below it) per move in the order the generator gave them, and
/// the total it reported (1 at depth 0, with no moves).
struct DivideResult {
  std::vector<std::pair<std::string, std::uint64_t>> moves;
  std::uint64_t total = 0;
  bool listed = true;             // false for a reply that gave a total and no move line (some engines at depth 1)
  std::vector<std::string> said;  // the reply's lines besides the divide (`info string ...`), as printed, the first few
};

/// The note of an engine that prints only totals, never a move line (qperft, weiss): said once, and the way it is
/// localised.
inline constexpr const char* TOTALS_ONLY =
    "prints only totals, no move lines: where its total differs from the other side's, it is asked the total after "
    "each of our legal moves one ply less deep, and diff descends into a move whose totals differ, down to depth 1, "
    "where only the numbers of moves can be compared";

/// One divide asked of a source: `depth` plies deep from the position reached from `fen` by the UCI `moves`.
struct Query {
  std::string fen;
  std::vector<std::string> moves;
  int depth = 0;
};

class DivideSource {
 public:
  virtual ~DivideSource() = default;
  /// The generator spec it answers for ("mailbox", "uci:/usr/games/stockfish"), for reports.
  const std::string& name() const { return name_; }
  /// The divide `depth` plies deep (1..MAX_DEPTH) of the position reached from `fen` by the UCI `moves`.
  /// A depth-1 reply with a total and no move line takes its moves from the divide 2 deep (and notes so). A total
  /// alone 2 or more deep, or at depth 1 when the divide 2 deep is one too, is returned as it is (DivideResult::listed
  /// false), with the note TOTALS_ONLY: find_divergence localises such an engine by its totals after each move.
  /// Throws FenError or MoveError for a bad FEN or move text (checked before anything is sent to an
  /// external program), ExternalError when an external program fails or breaks its protocol.
  DivideResult divide(const std::string& fen, const std::vector<std::string>& moves, int depth);
  /// The move texts of divide(fen, moves, 1), one per generated move (duplicates kept). Throws ExternalError for an
  /// engine that prints only totals.
  std::vector<std::string> legal_moves(const std::string& fen, const std::vector<std::string>& moves);
  /// Its captures stage in the position reached from `fen` by the UCI `moves` (common/staged_generation.hpp: every
  /// legal move that takes a piece, en passant included), one move text per move listed (duplicates kept), or
  /// std::nullopt if it cannot list them (an outside engine without EngineOptions::captures_command). Throws as
  /// divide does.
  std::optional<std::vector<std::string>> captures(const std::string& fen, const std::vector<std::string>& moves);
  /// The built-in generator behind it, or std::nullopt for an external program or a test generator.
  virtual std::optional<Generator> builtin() const { return std::nullopt; }
  /// True if a query's moves reach it as moves to play ({moves} in its position command or arguments), so that its
  /// own make move is asked; false if it is sent the FEN reached, which the harness computes, or runs in process.
  virtual bool plays_moves() const { return false; }
  /// How its move texts write castling: as the king's move, or (Chess960) as king takes own rook.
  Notation notation() const { return notation_; }
  /// What divide(fen, moves, depth) sends, for a report: a UCI engine's `position ...` and `go perft N`
  /// lines, a perftree program's command line (shell-quoted); in process, a note saying so.
  virtual std::vector<std::string> commands_sent(const std::string& fen, const std::vector<std::string>& moves,
                                                 int depth) const;
  /// What the harness does differently for this engine, each said once ("prints no move list at depth 1:
  /// its moves are read from its divide 2 deep"), for a report.
  const std::vector<std::string>& notes() const { return notes_; }
  /// Takes on the notes of `earlier`, another process of the same engine (restarted after a failure, or started
  /// fresh), and what they say of it: that it prints only totals, so that its depth-1 replies are not asked again 2
  /// deep.
  void learn_from(const DivideSource& earlier) {
    for (const std::string& text : earlier.notes()) note(text);
  }

 protected:
  explicit DivideSource(std::string name, Notation notation = Notation::CLASSICAL)
      : name_(std::move(name)), notation_(notation) {}
  virtual DivideResult run_divide(const std::string& fen, const std::vector<std::string>& moves, int depth) = 0;
  /// What captures() answers once its arguments are checked; by default std::nullopt (it cannot list them).
  virtual std::optional<std::vector<std::string>> run_captures(const std::string&, const std::vector<std::string>&) {
    return std::nullopt;
  }
  /// Adds `text` to notes() unless it is there.
  void note(const std::string& text);
  /// Notes the divide format its first reply was read in (DivideReader::format), once.
  void note_divide_format(const std::string& format);

 private:
  // The divide 1 deep of an engine that gave only its total there (`at_depth_1`): the moves of its divide 2 deep,
  // or `at_depth_1` itself if that is a total alone too.
  DivideResult moves_from_deeper(const std::string& fen, const std::vector<std::string>& moves,
                                 const DivideResult& at_depth_1);

  std::string name_;
  Notation notation_;
  std::vector<std::string> notes_;
  bool format_noted_ = false;
  bool totals_only_ = false;  // it prints totals and no move lines, at every depth
};

/// A DivideSource computing with the Position type P in this process, for test generators (make_divide_source
/// gives the built-in generators a source calling their own translation unit's divide); `generator` names
/// the built-in generator it stands for, if any.
template <ChessPosition P>
class BuiltinSource : public DivideSource {
 public:
  explicit BuiltinSource(std::string name, std::optional<Generator> generator = std::nullopt,
                         Notation notation = Notation::CLASSICAL)
      : DivideSource(std::move(name), notation), generator_(generator) {}
  std::optional<Generator> builtin() const override { return generator_; }

 protected:
  DivideResult run_divide(const std::string& fen, const std::vector<std::string>& moves, int depth) override {
    P pos = position_after<P>(fen, moves, notation());
    DivideResult result;
    for (auto [move, nodes] : movegen::divide(pos, depth)) {
      result.moves.emplace_back(to_uci(move, notation()), nodes);
      result.total += nodes;
    }
    if (depth == 0) result.total = 1;
    return result;
  }

  std::optional<std::vector<std::string>> run_captures(const std::string& fen,
                                                       const std::vector<std::string>& moves) override {
    P pos = position_after<P>(fen, moves, notation());
    MoveList list;
    generate_captures(pos, list);
    std::vector<std::string> texts;
    for (Move m : list) texts.push_back(to_uci(m, notation()));
    return texts;
  }

 private:
  std::optional<Generator> generator_;
};

/// The source a generator spec names. External programs are started here (a UCI engine once, kept alive;
/// a perftree or cmd: program once per query), spoken to as `options` say, and every reply from them times
/// out after `timeout`. With Notation::CHESS960 every move text, given or answered, writes castling as king
/// takes own rook, and a UCI engine is sent `setoption name UCI_Chess960 value true`; then, unless
/// options.shredder_fen, an engine that fails on a FEN whose castling rights are X-FEN letters is started again
/// and asked in Shredder-FEN, which it is sent from then on if it answers (a note says so). Throws UsageError for a
/// malformed spec, ExternalError if a UCI engine cannot be started or fails its handshake.
std::unique_ptr<DivideSource> make_divide_source(std::string_view spec, std::chrono::milliseconds timeout,
                                                 Notation notation = Notation::CLASSICAL,
                                                 const EngineOptions& options = {});

}  // namespace movegen::harness
