// The castling field of a FEN in its three forms (classical KQkq, Shredder-FEN HAha, X-FEN), for
// common/fen.cpp: parsed into BoardState's rights and rook squares, checked against the board, written back.
//
//   BoardState s = ...;                          // pieces placed
//   parse_castling_field("HAha", s);             // s.castling_rooks == {h1, a1, h8, a8}
//   castling_field(s);                           // "KQkq"
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "common/fen.hpp"

namespace movegen {

/// Reads the castling field into s.castling and s.castling_rooks; s.board must be placed. K/Q (k/q) name the
/// outermost rook of that colour on that side of its king on the back rank, A..H (a..h) the rook on that
/// file. Throws FenError("castling", ...) for a bad letter, a right given twice, no king on the back rank,
/// or no rook where the letter needs one.
void parse_castling_field(std::string_view field, BoardState& s);

/// The castling field in X-FEN: K, Q, k, q where the rook is the outermost on its side, else its file
/// letter (capital for white); "-" for no rights.
std::string castling_field(const BoardState& s);

/// The first castling right of s without its king on the back rank, on a file b..g (where a Chess960 start
/// can have it), and its rook on the square castling_rooks names, on the right's side of the king; or nothing.
std::optional<BoardProblem> check_castling_rights(const BoardState& s);

}  // namespace movegen
