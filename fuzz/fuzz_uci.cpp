// Fuzz target: UCI move parsing against a position. The first byte picks a position from FUZZ_POSITIONS,
// the other bytes are the move text. parse_uci_move must return the legal move whose UCI text is exactly
// the input (which then makes and unmakes cleanly), or throw a MoveError in one printable line: "not UCI
// move text" exactly when is_uci_move_text is false, "not a legal move" when no legal move has that text.
// Every generator must give the same answer.
#include <cstddef>
#include <cstdint>

#include "common/uci.hpp"
#include "fuzz_support.hpp"

using namespace movegen;
using namespace movegen::fuzz;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view fen = FUZZ_POSITIONS[data[0] % FUZZ_POSITIONS.size()];
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);

  Lockstep pos = Lockstep::from_fen(fen);
  const BoardState state = pos.state();
  const std::vector<Move> moves = pos.legal_moves();
  Move listed = Move::none();
  for (Move m : moves)
    if (to_uci(m) == text) listed = m;

  pos.each([&](auto& p) {
    try {
      const Move m = parse_uci_move(p, text);
      require(m == listed && listed != Move::none(), "parse_uci_move returned " + to_uci(m), fen);
      p.make_move(m);
      require_consistent_position(p);
      p.unmake_move(m);
      require(p.state() == state, "unmake after a parsed move changed the position", fen);
    } catch (const MoveError& e) {
      const std::string_view what = e.what();
      require(listed == Move::none(), "MoveError for the legal move " + to_uci(listed), fen);
      require(what.starts_with("bad move "), "MoveError without 'bad move'", fen);
      const bool shape = what.find(": not UCI move text") != std::string_view::npos;
      require(shape != is_uci_move_text(text), "MoveError's reason does not fit the text's shape", fen);
      require(shape || what.find(": not a legal move in ") != std::string_view::npos, "MoveError names no reason", fen);
      require_one_line(what, fen);
    }
  });
  return 0;
}
