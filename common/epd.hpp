// EPD perft suites: one position a line, its FEN followed by expected perft counts.
//
//   rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902
//
//   for (const EpdEntry& e : load_epd("tests/data/perft.epd")) ... e.fen, e.counts ...
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

/// One suite line: the position's FEN (validated), its counts in the order given, and its line number.
struct EpdEntry {
  std::string fen;
  std::vector<PerftCount> counts;
  int line = 0;
};

/// Parses one line. Blank lines and lines starting with '#' give std::nullopt. Throws EpdError (with
/// `line_number`) for a bad FEN, a count entry that is not `;D<depth> <nodes>`, a depth outside 1..64,
/// a repeated depth, or a line with no counts.
std::optional<EpdEntry> parse_epd_line(std::string_view line, int line_number);

/// The longest line an EPD file may have, in bytes (without its newline): far more than a FEN and its counts.
inline constexpr std::size_t MAX_EPD_LINE_BYTES = 4096;

/// Every entry of the EPD file at `path`, read line by line. Throws EpdError, naming the file as `shown`
/// (the path itself by default), if it is missing, not a regular file (a directory, /dev/zero, a pipe),
/// unreadable, or has a line longer than MAX_EPD_LINE_BYTES; or naming `shown: line N` for the first bad
/// line.
std::vector<EpdEntry> load_epd(const std::string& path, const std::string& shown);
std::vector<EpdEntry> load_epd(const std::string& path);

}  // namespace movegen
