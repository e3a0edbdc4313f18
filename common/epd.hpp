// Perft suites: one position a line, its FEN followed by expected perft counts, as EPD files give them.
//
//   rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902
//   rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id "start"; D1 20; D2 400;   # a comment
//
//   for (const EpdEntry& e : load_epd("tests/data/perft.epd")) ... e.fen, e.counts ...
//
// A line is a FEN (4 to 6 fields) and EPD operations separated by ';': `D<depth> <nodes>` is a count, any
// other opcode (`id`, `c0`, `bm`, ...) is read and ignored but for `id`. Tolerated as published: a ';'
// after the last operation, `# comments` (whole lines, or after the operations), CRLF line ends, NUL
// bytes at a line's end, a UTF-8 byte-order mark. A file whose first line with content starts with `id`,
// `epd` or `perft` is python-chess's .perft format instead: blocks of `id NAME`, `epd FEN`, then
// `perft <depth> <nodes>` lines.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace movegen {

/// An unreadable EPD file or a bad line; what() names the file, the line number and the problem.
class EpdError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// An expected perft count: `nodes` leaves at `depth` plies.
struct PerftCount {
  int depth;
  std::uint64_t nodes;
  bool operator==(const PerftCount&) const = default;
};

/// One suite position: its FEN (fields joined by single spaces), its counts in the order given, its line
/// number, the `id` the file gives it (empty if none) and, if the position breaks a rule of the game
/// (check_board_state, e.g. a check no legal move could give), why, as FenError's text (empty otherwise).
struct EpdEntry {
  std::string fen;
  std::vector<PerftCount> counts;
  int line = 0;
  std::string id;
  std::string refused;
};

/// What to do with a well-formed position that breaks a rule of the game: throw, or keep it with `refused` set.
enum class RefusedPositions { THROW, KEEP };

/// Parses one EPD line. Blank lines and lines starting with '#' give std::nullopt. Throws EpdError (with
/// `line_number`) for malformed FEN text, a bad operation, a count that is not `D<depth> <nodes>` with a
/// depth in 1..64, a repeated depth, or a line with no counts; and, unless `refused` is KEEP, for a
/// position that breaks a rule of the game.
std::optional<EpdEntry> parse_epd_line(std::string_view line, int line_number,
                                       RefusedPositions refused = RefusedPositions::THROW);

/// The longest line an EPD file may have, in bytes (without its newline): far more than a FEN and its counts.
inline constexpr std::size_t MAX_EPD_LINE_BYTES = 4096;

/// Every entry of the suite file at `path` (EPD or .perft, told apart by content). Throws EpdError, naming
/// the file as `shown` (the path itself by default), if it is missing, not a regular file (a directory,
/// /dev/zero, a pipe), unreadable, or has a line longer than MAX_EPD_LINE_BYTES; or naming `shown: line N`
/// for the first bad line, and with RefusedPositions::THROW for the first refused position.
std::vector<EpdEntry> load_epd(const std::string& path, const std::string& shown,
                               RefusedPositions refused = RefusedPositions::THROW);
std::vector<EpdEntry> load_epd(const std::string& path);

}  // namespace movegen
