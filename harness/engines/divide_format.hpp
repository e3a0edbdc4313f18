// Reading a divide as engines print it, a line at a time: a move and its count per line in UCI, long
// algebraic or SAN (harness/moves/san.hpp), after an optional move number, with any usual separator, then
// optionally a total. Every place the harness reads a divide (a perftree program, a UCI engine) reads it here.
// Lines that are no divide line (a banner, a board, `info`) are set aside, unless the reader is strict; a
// line that starts with a move but fits no format is refused either way.
//
//   e2e4 20   e2e4: 20   e2e4 = 20   e2-e4 20   Nf3: 20   1. e2e4 moves = 20   move 7 : e2e4 : 20   O-O-O 5
//   | e2e4 | 20 |   (a table's rows: its column bars are read as blanks)
//   Nodes searched: 400   Total: 400   Moves: 20   400   Depth 3: 400 nodes searched.   (the total, if any:
//   Test Complete : 400 nodes visited in 3ms   Number of nodes: 400                      the reply ends there)
//   Total positions to depth 3: 400                                         (a total before the move lines)
//
//   DivideReader reader(fen, moves, Notation::CLASSICAL);
//   while (auto line = process.read_line()) if (reader.read(*line)) break;   // throws DivideFormatError
//   DivideResult r = reader.result();
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "harness/engines/divide_source.hpp"
#include "mailbox/movegen.hpp"

namespace movegen::harness {

/// The text of the formats a divide line may take, for error messages.
inline constexpr std::string_view DIVIDE_FORMATS =
    "a move and a count per line ('e2e4 20', 'e2e4: 20', 'e2-e4 20', 'Nf3: 20', '1. e2e4 moves = 20', "
    "'move 1 : e2e4 : 20', a table's '| e2e4 | 20 |'), then optionally a total ('Nodes searched: N', 'Total: N', "
    "'Moves: N', 'Number of nodes: N', 'N nodes' or the bare number; 'Total positions to depth D: N' before the moves)";

/// A divide line that fits no format, or counts that do not add up; what() says so with the line quoted.
class DivideFormatError : public std::runtime_error {
 public:
  explicit DivideFormatError(const std::string& what, bool bad_line = false)
      : std::runtime_error(what), bad_line_(bad_line) {}
  /// The message with `context` (the query) after it, and for a line that fits no format the formats.
  std::string with(const std::string& context) const {
    return what() + context + (bad_line_ ? " (expected " + std::string(DIVIDE_FORMATS) + ")" : "");
  }

 private:
  bool bad_line_;
};

/// One line of a divide: a move with its count, or a total.
struct DivideLine {
  bool total = false;       // a total line ("Nodes searched: 400", "Total: 400", "Moves: 20", "400")
  bool move_count = false;  // the total is "Moves: N": the number of moves, not of nodes, at depth 2 and more
  std::string move;         // the move text as printed, check marks included ("" for a total)
  std::uint64_t count = 0;
  bool leading = false;  // a total printed before the move lines ("Total positions to depth 3: 400", Delocto)
  bool bare = false;     // the total is a bare number ("400"), a total only where DivideReader::read allows it
};

/// `line` read as a move line or a total, std::nullopt if it fits no format (a blank line fits none); a table's
/// column bars (`| e2e4 | 20 |`) are read as blanks.
/// Only the move's shape is checked here (is_move_notation), not the position.
std::optional<DivideLine> parse_divide_line(std::string_view line);

/// Reads one divide of the position reached from `fen` by the UCI `moves`: each move text is read against
/// that position (read_move), so that SAN names our move's UCI text; a text that names no legal move of
/// ours is kept as printed (the engine's bug: judge_move gives the reason).
class DivideReader {
 public:
  /// With `strict`, every line that is not blank must be a divide line.
  DivideReader(std::string fen, std::vector<std::string> moves, Notation notation, bool strict = false);
  /// Reads one line; true once a total is read (the divide ends there), except a total printed before the move
  /// lines (DivideLine::leading), after which the move lines are read and checked against it. A bare number is a
  /// total only first, or after a blank line or a move line: after another line (`Time taken (ms):`) it is part
  /// of that output, a line that is no divide line. Blank lines are skipped,
  /// and so are other lines that are no divide line unless strict (set_aside keeps them). Throws DivideFormatError for
  /// a line that fits no format (quoted) and starts with a move or is read strictly, or counts whose sum
  /// overflows 64 bits.
  bool read(std::string_view line);
  /// True once a move line or a total was read.
  bool started() const { return started_; }
  /// The lines skipped as no divide line, the first few (MAX_SET_ASIDE), as printed.
  const std::vector<std::string>& set_aside() const { return set_aside_; }
  /// set_aside(), emptied.
  std::vector<std::string> take_set_aside() { return std::exchange(set_aside_, {}); }
  /// True once a promotion was printed without its piece (`b7b8`): such a text is read, the first to fourth
  /// time it is printed, as the promotion to a queen, rook, bishop and knight, in that order.
  bool dropped_promotion_piece() const { return dropped_promotion_piece_; }
  /// The divide read: the total given, or the sum of the counts if none was; a total with no move line is
  /// a divide not `listed`. Throws DivideFormatError if a total disagrees with the counts it follows.
  DivideResult result() const;

  /// The format recognised, from the reply's own first move line and total line: "move lines like
  /// 'e2e4: 20' (UCI moves) and a total like 'Nodes searched: 400'", or "... and no total line".
  std::string format() const;

  /// The most lines set_aside keeps.
  static constexpr std::size_t MAX_SET_ASIDE = 8;

 private:
  std::string fen_;
  std::vector<std::string> moves_;
  Notation notation_;
  std::optional<MtuPosition<mailbox::Position>> pos_;  // built at the first move text that is not UCI
  bool unplayable_ = false;                            // the moves cannot be played on our board
  DivideResult result_;
  std::uint64_t sum_ = 0;
  std::optional<DivideLine> total_;
  bool started_ = false;
  bool strict_ = false;
  bool bare_total_allowed_ = true;  // the last line was none, blank or a move line: a bare number is a total
  std::vector<std::string> set_aside_;
  std::string first_move_line_, total_line_;             // as printed, trimmed, for format()
  std::map<std::string, int> promotions_without_piece_;  // times each from-to of a promotion was printed bare
  bool dropped_promotion_piece_ = false;

  // `move` with the promotion piece it stands for, if it is a promotion printed without one.
  std::string with_promotion_piece(std::string move);
};

}  // namespace movegen::harness
