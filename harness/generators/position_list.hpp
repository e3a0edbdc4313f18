// A list of positions to search (movegen bench): one FEN a line, as an EPD file gives it (any ';' operations after
// it ignored), '#' comment lines and blank lines skipped; every position checked by every generator of the table
// before anything runs.
//
//   for (const ListedPosition& p : load_positions(default_bench_path())) search(p.fen);   // Stockfish's bench list
#pragma once

#include <string>
#include <vector>

namespace movegen::harness {

/// A position of a list: its FEN and its line number in the file (0 for a FEN given on the command line).
struct ListedPosition {
  std::string fen;
  int line = 0;
};

/// The positions of the file at `path`, each checked by every generator (from_fen). Throws EpdError naming the
/// file for a file that cannot be read or holds no position, and naming the line for a FEN a generator refuses.
std::vector<ListedPosition> load_positions(const std::string& path);

/// The bundled bench positions, Stockfish's bench list: tests/data/bench.epd below the working directory if it is
/// there, else in the source tree the program was built from.
std::string default_bench_path();

}  // namespace movegen::harness
