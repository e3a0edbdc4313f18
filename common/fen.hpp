// FEN (Forsyth-Edwards Notation) parsing and emission, strict, shared by all generators.
//
//   BoardState s = parse_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
//   std::string text = to_fen(s);            // the same text back
//
// A FEN has six space-separated fields (PGN standard, section 16.1): piece placement from rank 8 down to
// rank 1, each rank from the a-file to the h-file, digits counting empty squares; side to move `w`/`b`;
// castling rights (below) or `-`; the en passant target square (the square a pawn just crossed with a
// double push) or `-`; the halfmove clock; the fullmove number. The two clocks may be left out.
//
// The castling field takes three forms, for classical chess and Chess960 alike: `KQkq`, where K (Q) names
// the outermost rook of that colour on the king's (queen's) side of its king on the back rank; Shredder-FEN,
// the rook's file letter (`HAha`, capitals for white); and X-FEN, which mixes the two, a file letter only
// where K or Q would name another rook. to_fen writes X-FEN: `KQkq` for every classical position and every
// Chess960 start position, a file letter only for a rook that is not the outermost on its side.
#pragma once

#include <array>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "common/types.hpp"

namespace movegen {

/// The standard starting position.
inline constexpr std::string_view START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A rejected FEN: `field()` names the FEN field at fault ("piece placement", "side to move", "castling",
/// "en passant", "halfmove clock", "fullmove number", or "fields" for their count); what() says the
/// field and the problem in one line.
class FenError : public std::runtime_error {
 public:
  FenError(std::string field, const std::string& problem);
  const std::string& field() const { return field_; }
  const std::string& problem() const { return problem_; }

 private:
  std::string field_;
  std::string problem_;
};

/// Everything a FEN says, in a form either generator can load. board is indexed a1 = 0 .. h8 = 63.
struct BoardState {
  std::array<Piece, SQUARE_NB> board{};
  Color side_to_move = WHITE;
  CastlingRights castling = NO_CASTLING;
  /// The rook square of each castling right, by castling_index (K, Q, k, q); SQ_NONE where it is not held.
  std::array<Square, 4> castling_rooks = {SQ_NONE, SQ_NONE, SQ_NONE, SQ_NONE};
  Square ep_square = SQ_NONE;
  int halfmove_clock = 0;
  int fullmove_number = 1;

  bool operator==(const BoardState&) const = default;
};

/// Parses and validates a FEN. Throws FenError naming the field for: a wrong number of fields, ranks or
/// squares in a rank; a bad piece letter or digit; a bad side to move; bad or repeated castling letters
/// (two letters for one right), or rights that the king and rook placement cannot have; an en passant square off the
/// board, on the wrong rank, with no pawn that could just have pushed two, or with the squares it crossed occupied;
/// clocks that are not non-negative numbers; not exactly one king a side; pawns on rank 1 or 8; more
/// than 8 pawns or 16 pieces a side; a check no legal last move could give (see check_board_state).
/// Whether the side not to move is in check needs attack tests, so each Position::from_fen checks that
/// itself (see `require_side_not_to_move_safe`).
BoardState parse_fen(std::string_view fen);

/// The fields of a FEN read without the rules of check_board_state: throws FenError, naming the field, for
/// malformed text only (a wrong number of fields, ranks or squares, a bad letter, digit or clock, castling
/// letters no rook of the back rank fits). parse_fen is this, then check_board_state.
BoardState read_fen_fields(std::string_view fen);

/// While an AllowImpossibleCheck lives, check_board_state (so parse_fen and every from_fen) accepts, on the
/// thread that made it, a check no legal last move could give: `--allow-impossible-check`, for suites made
/// with such positions. Every other rule still holds. Guards nest.
class AllowImpossibleCheck {
 public:
  AllowImpossibleCheck();
  ~AllowImpossibleCheck();
  AllowImpossibleCheck(const AllowImpossibleCheck&) = delete;
  AllowImpossibleCheck& operator=(const AllowImpossibleCheck&) = delete;

 private:
  bool previous_;
};

/// A rule of the game a BoardState breaks: the FEN field it lies in and what is wrong, in FenError's words.
struct BoardProblem {
  std::string field;
  std::string problem;
};

/// The first rule `s` breaks, or nothing: not exactly one king a side; pawns on rank 1 or 8; more than 8
/// pawns or 16 pieces a side; a castling right without its king on the back rank (files b..g) and its rook on the
/// square castling_rooks names, on the right's side of the king; an en
/// passant square off rank 6 (3 for black to move), without the pawn that pushed two in front of it, or
/// with the squares it crossed occupied; a check on the side to move that no legal last move could give,
/// as python-chess's Board.status() rejects it: more than two checkers, two checkers on one line with the
/// king, or with an en passant square two checkers or one that the double push neither gave nor
/// uncovered; negative clocks. parse_fen throws it as a FenError, and every generator's check_position()
/// reports it. Whether a king is attacked needs attack tests: see
/// check_game_rules in common/position_concept.hpp.
std::optional<BoardProblem> check_board_state(const BoardState& s);

/// The FEN of a state, all six fields, its castling field in X-FEN (see the top of this file).
std::string to_fen(const BoardState& state);

/// True if a castling right of `s` is held with its king off the e-file or its rook off the corner: a
/// position that only Chess960 can have, whose castling moves are written king-takes-rook.
bool needs_chess960(const BoardState& s);

/// Throws FenError("side to move", ...) if `in_check` says the side not to move is in check: used by
/// both Position::from_fen after loading a state.
void require_side_not_to_move_safe(bool in_check);

/// Text safe to quote in an error message: at most 40 characters, bytes outside printable ASCII as \xNN.
std::string quote_for_error(std::string_view text);

}  // namespace movegen
