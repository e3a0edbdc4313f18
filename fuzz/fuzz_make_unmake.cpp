// Fuzz target: make/unmake sequences. The first byte picks a position from FUZZ_POSITIONS; each further
// byte b plays legal move number b % (number of legal moves), or, when b >= 0xF0 or no move is left, takes
// the last move back. After every make each generator's position is consistent (check_position, FEN round
// trip) and all generators agree on FEN, state and sorted legal moves; after every unmake each position
// equals, in FEN and state, the one before the move. At the end every move is taken back the same way.
#include <cstddef>
#include <cstdint>

#include "fuzz_support.hpp"

using namespace movegen;
using namespace movegen::fuzz;

namespace {

struct Played {
  Move move;
  std::string fen;  // before the move
  BoardState state;
};

constexpr int MAX_PLIES = 1000;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  Lockstep pos = Lockstep::from_fen(FUZZ_POSITIONS[data[0] % FUZZ_POSITIONS.size()]);
  std::vector<Played> played;
  auto unmake_last = [&] {
    pos.unmake_move(played.back().move, played.back().fen, played.back().state);
    played.pop_back();
  };

  for (std::size_t i = 1; i < size && played.size() < MAX_PLIES; ++i) {
    const std::vector<Move> moves = pos.legal_moves();
    if (data[i] >= 0xF0 || moves.empty()) {
      if (played.empty()) continue;
      unmake_last();
      continue;
    }
    const Move m = moves[data[i] % moves.size()];
    played.push_back({m, pos.fen(), pos.state()});
    pos.make_move(m);
  }
  while (!played.empty()) unmake_last();
  return 0;
}
