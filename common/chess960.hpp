// The 960 start positions of Chess960, by the standard numbering 0..959 (518 is the classical start).
//
//   chess960_start_fen(518);   // "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
//   chess960_start_fen(0);     // "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"
#pragma once

#include <string>

namespace movegen {

/// The number of Chess960 start positions.
inline constexpr int CHESS960_POSITIONS = 960;

/// The FEN of Chess960 start position `number` (0..959), castling field `KQkq`, in Reinhard Scharnagl's
/// numbering, the one FIDE's Chess960 rules and the chessprogramming wiki use: number % 4 places the
/// light-squared bishop (b, d, f, h), then % 4 the dark-squared one (a, c, e, g), then % 6 the queen on
/// the free squares, then the knights on the free squares by the ten patterns in order (NN---, N-N--,
/// ..., ---NN), and rook, king, rook take the last three. Throws std::out_of_range outside 0..959.
std::string chess960_start_fen(int number);

}  // namespace movegen
