// A deliberately broken engine speaking the perftree protocol, for tests and for the README's example:
//
//   broken_engine en-passant|pin DEPTH FEN [MOVES]
//
// prints `e2e4 20` lines, an empty line and the total, as `movegen perftree` does, but from the mailbox
// generator with one rule broken (tests/broken_generators.hpp): `en-passant` never captures en passant,
// `pin` lets pinned pieces move. Exits 2 with a message for bad arguments.
#include <iostream>
#include <string>
#include <string_view>

#include "harness/child_process.hpp"
#include "harness/divide_source.hpp"
#include "tests/broken_generators.hpp"

using namespace movegen;
using namespace movegen::testing;

template <class Bug>
int print_divide(int depth, const std::string& fen, const std::string& moves) {
  harness::BuiltinSource<BrokenPosition<Bug>> engine("broken");
  const harness::DivideResult r = engine.divide(fen, harness::split_command(moves), depth);
  for (const auto& [move, count] : r.moves) std::cout << move << ' ' << count << '\n';
  std::cout << '\n' << r.total << '\n';
  return 0;
}

int main(int argc, char** argv) {
  if (argc < 4 || argc > 5) {
    std::cerr << "usage: broken_engine en-passant|pin DEPTH FEN [MOVES]\n";
    return 2;
  }
  const std::string_view bug = argv[1];
  const std::string fen = argv[3], moves = argc == 5 ? argv[4] : "";
  try {
    const int depth = std::stoi(argv[2]);
    if (bug == "en-passant") return print_divide<DropEnPassant>(depth, fen, moves);
    if (bug == "pin") return print_divide<PinnedMayMove>(depth, fen, moves);
    std::cerr << "broken_engine: unknown bug '" << bug << "'\n";
  } catch (const std::exception& e) {
    std::cerr << "broken_engine: " << e.what() << '\n';
  }
  return 2;
}
