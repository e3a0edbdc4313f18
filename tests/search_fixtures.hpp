// What the search tests share (tests/search_test.cpp, tests/transposition_table_test.cpp): the positions every
// generator must search alike, the mates from published games, and one search of a FEN.
//
//   for (const std::string& fen : SEARCH_FENS) search_fen<P>(fen, 4);     // without a transposition table
//   for (const Mate& mate : MATES) search_fen<P>(mate.fen, 2 * mate.moves, &table);
#pragma once

#include <boost/test/unit_test.hpp>
#include <string>
#include <vector>

#include "common/fen.hpp"
#include "common/position_concept.hpp"
#include "search/search.hpp"
#include "search/transposition_table.hpp"

namespace movegen::testing {

/// The start, "kiwipete", an endgame with en passant and promotions, a position with promotions both ways, and a
/// Chess960 position with castling rights (from tests/data/perft.epd and tests/data/chess960.epd).
inline const std::vector<std::string> SEARCH_FENS = {
    std::string(START_FEN),
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
};

/// A mate from a published game: its FEN, the one mating first move (UCI) and the moves to mate.
struct Mate {
  std::string fen, first_move;
  int moves;
};

/// Mates with one mating first move each (Stockfish 15 agrees): Morphy against the Duke of Brunswick and Count
/// Isouard, Paris 1858 ("the Opera game"), 16.Qb8+ Nxb8 17.Rd8#; Anderssen against Kieseritzky, London 1851 ("the
/// Immortal game"), 22.Qf6+ Nxf6 23.Be7# and, a move earlier, 21.Nxg7+ Kd8 22.Qf6+ Nxf6 23.Be7#.
inline const std::vector<Mate> MATES = {
    {"4kb1r/p2n1ppp/4q3/4p1B1/4P3/1Q6/PPP2PPP/2KR4 w k - 1 16", "b3b8", 2},
    {"r1bk2nr/p2p1pNp/n2B4/1p1NP2P/6P1/3P1Q2/P1P1K3/q5b1 w - - 1 22", "f3f6", 2},
    {"r1b1k1nr/p2p1ppp/n2B4/1p1NPN1P/6P1/3P1Q2/P1P1K3/q5b1 w kq - 2 21", "f5g7", 3},
};

/// The search of `fen` to `depth` by generator P, with `table` if given; checks that it leaves the position as it
/// found it.
template <ChessPosition P>
search::SearchResult search_fen(const std::string& fen, int depth, search::TranspositionTable* table = nullptr) {
  P pos = P::from_fen(fen);
  const search::SearchResult result = search::search_to_depth(pos, depth, table);
  BOOST_TEST(pos.fen() == P::from_fen(fen).fen());  // the search leaves the position as it found it
  return result;
}

}  // namespace movegen::testing
