// The generators every rule and perft test runs against, and small helpers shared by those tests.
#pragma once

#include <algorithm>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "common/epd.hpp"
#include "common/uci.hpp"
#include "harness/generators/generators.hpp"

namespace movegen::testing {

/// Each BOOST_AUTO_TEST_CASE_TEMPLATE over this list runs once per generator of the table.
using Generators = harness::AllPositions;

/// The legal moves of `fen` as sorted UCI text in `notation` (duplicates kept, so a doubled move shows).
template <ChessPosition P>
std::vector<std::string> legal_moves(const std::string& fen, Notation notation = Notation::CLASSICAL) {
  P pos = P::from_fen(fen);
  MoveList list;
  pos.generate_legal(list);
  std::vector<std::string> text;
  for (Move m : list) text.push_back(to_uci(m, notation));
  std::sort(text.begin(), text.end());
  return text;
}

/// The legal moves of `fen` that start on square `from` (e.g. "e2"), sorted UCI text.
template <ChessPosition P>
std::vector<std::string> moves_from(const std::string& fen, const std::string& from) {
  std::vector<std::string> all = legal_moves<P>(fen), picked;
  for (const std::string& m : all)
    if (m.compare(0, 2, from) == 0) picked.push_back(m);
  return picked;
}

/// True if the UCI move `text` (castling written as `notation` says) is legal in `fen`.
template <ChessPosition P>
bool is_legal(const std::string& fen, const std::string& text, Notation notation = Notation::CLASSICAL) {
  auto all = legal_moves<P>(fen, notation);
  return std::find(all.begin(), all.end(), text) != all.end();
}

using Moves = std::vector<std::string>;

/// The bundled suite's positions (tests/data/perft.epd) and, from each, the positions of one random game of
/// up to `plies` moves played by the plain mailbox with moves drawn by a generator seeded with `seed`, as FEN.
inline std::vector<std::string> suite_positions_and_random_games(int plies, unsigned seed) {
  std::mt19937 random(seed);
  std::vector<std::string> fens;
  for (const EpdEntry& e : load_epd(std::string(MOVEGEN_SOURCE_DIR) + "/tests/data/perft.epd")) {
    MtuPosition<mailbox::Position> pos = MtuPosition<mailbox::Position>::from_fen(e.fen);
    fens.push_back(pos.fen());
    for (int ply = 0; ply < plies; ++ply) {
      MoveList moves;
      pos.generate_legal(moves);
      if (moves.size() == 0) break;
      pos.make_move(moves[random() % moves.size()]);
      fens.push_back(pos.fen());
    }
  }
  return fens;
}

}  // namespace movegen::testing
