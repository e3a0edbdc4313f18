// The positions the benchmarks run on, each with its perft counts so that a benchmark that computes a
// wrong count fails instead of reporting a speed.
//
//   for (const BenchPosition& p : PERFT_POSITIONS) if (p.perft[5] != 0) ... perft(pos, 5) == p.perft[5] ...
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace movegen::bench {

/// A named position and its perft counts: perft[d] is the number of leaf nodes at depth d (perft[0] = 1),
/// 0 where no count is listed.
struct BenchPosition {
  std::string_view name;
  std::string_view fen;
  std::array<std::uint64_t, 8> perft;
};

/// The deepest depth listed for `p`.
constexpr int max_depth(const BenchPosition& p) {
  int d = 0;
  while (d + 1 < int(p.perft.size()) && p.perft[d + 1] != 0) ++d;
  return d;
}

/// Positions for move generation, make/unmake and attack queries, one per kind of work. Counts of the
/// first three: chessprogramming wiki, "Perft Results"; of the last two: tests/data/perft.epd (Stockfish).
inline constexpr std::array<BenchPosition, 5> MOVEGEN_POSITIONS = {{
    {"opening", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", {1, 20, 400, 8902}},
    // Position 6 (Steven Edwards): a quiet middlegame with every piece still developed.
    {"middlegame", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", {1, 46, 2079, 89890}},
    // Position 3: rooks, kings and pawns.
    {"endgame", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", {1, 14, 191, 2812}},
    // The queen checks from a4; pawn, knight, bishop and queen can interpose.
    {"in_check", "rnbqkbnr/ppp2ppp/8/3pp3/Q7/2P5/PP1PPPPP/RNB1KBNR b KQkq - 1 3", {1, 7, 242, 7936}},
    // Three pawns a move from promoting on each side, with captures onto knights.
    {"promotions", "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", {1, 24, 496, 9483}},
}};

/// The standard perft positions with the counts published on the chessprogramming wiki, "Perft Results"
/// (the same as tests/data/standard.epd), up to about 200 million nodes, and position 4 to its depth 6
/// (706 million), where the benchmark report compares the tuned pair with Stockfish.
inline constexpr std::array<BenchPosition, 6> PERFT_POSITIONS = {{
    {"start",
     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     {1, 20, 400, 8902, 197281, 4865609, 119060324}},
    {"kiwipete",
     "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
     {1, 48, 2039, 97862, 4085603, 193690690}},
    {"position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", {1, 14, 191, 2812, 43238, 674624, 11030083, 178633661}},
    {"position4",
     "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
     {1, 6, 264, 9467, 422333, 15833292, 706045033}},
    {"position5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", {1, 44, 1486, 62379, 2103487, 89941194}},
    {"position6",
     "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
     {1, 46, 2079, 89890, 3894594, 164075551}},
}};

}  // namespace movegen::bench
