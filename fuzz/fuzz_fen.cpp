// Fuzz target: FEN and EPD line parsing. Any bytes in; out comes either a position or a clear error.
// - parse_fen: a BoardState whose FEN text parses back to the same state and prints as the same text, or
//   a FenError naming one of the six FEN fields (or "fields") in one printable line.
// - Every generator's from_fen: all accept or all refuse the text, refusing only what parse_fen refuses
//   plus "the side not to move is in check"; an accepted position is consistent, and every legal move
//   from it makes and unmakes cleanly, with all generators listing the same moves.
// - parse_epd_line: nothing, an entry with a valid FEN and counts at distinct depths 1..64, or an EpdError
//   naming the line in one printable line.
#include <cstddef>
#include <cstdint>
#include <set>

#include "common/epd.hpp"
#include "fuzz_support.hpp"

using namespace movegen;
using namespace movegen::fuzz;

namespace {

void fuzz_parse_fen(std::string_view text) {
  BoardState state;
  try {
    state = parse_fen(text);
  } catch (const FenError& e) {
    static const std::set<std::string> FIELDS = {"fields",         "piece placement", "side to move", "castling",
                                                 "halfmove clock", "fullmove number", "en passant"};
    require(FIELDS.count(e.field()) == 1, "FenError names no FEN field: " + e.field(), text);
    require(e.what() == "bad FEN " + e.field() + ": " + e.problem(), "FenError::what() is not field: problem", text);
    require_one_line(e.what(), text);
    return;
  }
  const std::string fen = to_fen(state);
  try {
    require(parse_fen(fen) == state, "to_fen(parse_fen(text)) parses to another state: " + fen, text);
  } catch (const FenError& e) {
    fail("parse_fen refuses to_fen's own output " + fen + ": " + e.what(), text);
  }
  require(to_fen(parse_fen(fen)) == fen, "FEN text does not round-trip: " + fen, text);
}

void fuzz_positions(std::string_view text) {
  bool parsed = true;
  try {
    parse_fen(text);
  } catch (const FenError&) {
    parsed = false;
  }
  try {
    Lockstep pos = Lockstep::from_fen(text);
    require(parsed, "from_fen accepts what parse_fen refuses", text);
    require(pos.state() == parse_fen(text), "from_fen's state differs from parse_fen's", text);
    const std::string fen = pos.fen();
    const BoardState state = pos.state();
    for (Move m : pos.legal_moves()) {
      pos.make_move(m);
      pos.legal_moves();  // compares the generators one ply deeper
      pos.unmake_move(m, fen, state);
    }
  } catch (const FenError& e) {
    require(!parsed || e.field() == "side to move", std::string("from_fen refuses a parsed FEN: ") + e.what(), text);
  }
}

void fuzz_epd_line(std::string_view text) {
  constexpr int LINE = 7;
  try {
    const std::optional<EpdEntry> entry = parse_epd_line(text, LINE);
    if (!entry) return;
    require(entry->line == LINE && !entry->counts.empty(), "EPD entry without line number or counts", text);
    parse_fen(entry->fen);  // a FenError escaping here is a crash: the entry's FEN must be valid
    std::set<int> depths;
    for (const PerftCount& c : entry->counts) {
      require(c.depth >= 1 && c.depth <= 64, "EPD depth outside 1..64", text);
      require(depths.insert(c.depth).second, "EPD depth given twice", text);
    }
  } catch (const EpdError& e) {
    require(std::string_view(e.what()).starts_with("line 7: "), "EpdError does not name the line", text);
    require_one_line(e.what(), text);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  fuzz_parse_fen(text);
  fuzz_positions(text);
  fuzz_epd_line(text);
  return 0;
}
