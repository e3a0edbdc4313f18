#include "common/castling_fen.hpp"

#include "common/fen.hpp"

namespace movegen {

namespace {

// The square of colour c's king on its back rank, or SQ_NONE.
Square back_rank_king(const BoardState& s, Color c) {
  for (File f = FILE_A; f <= FILE_H; f = File(f + 1))
    if (const Square sq = make_square(f, relative_rank(c, RANK_1)); s.board[sq] == make_piece(c, KING)) return sq;
  return SQ_NONE;
}

// The outermost rook of colour c on the back rank beside its king on `king`, toward the h-file on the king
// side, the a-file on the queen side; SQ_NONE if there is none.
Square outermost_rook(const BoardState& s, Square king, bool king_side) {
  const Color c = color_of(s.board[king]);
  const Direction inward = king_side ? WEST : EAST;
  for (Square sq = make_square(king_side ? FILE_H : FILE_A, rank_of(king)); sq != king; sq = sq + inward)
    if (s.board[sq] == make_piece(c, ROOK)) return sq;
  return SQ_NONE;
}

// One letter of the castling field: K, Q, k, q (the outermost rook on that side) or a rook's file A..H,
// a..h (Shredder-FEN and X-FEN). The king and rook must stand where the right needs them.
void parse_castling_letter(char c, BoardState& s) {
  const std::string name = "castling", quoted = quote_for_error({&c, 1});
  const bool white = c >= 'A' && c <= 'Z';
  const char lower = white ? char(c - 'A' + 'a') : c;
  if (lower != 'k' && lower != 'q' && (lower < 'a' || lower > 'h'))
    throw FenError(name, "bad letter " + quoted + ", expected K, Q, k, q, a rook's file A-H or a-h, or '-'");
  const Color color = white ? WHITE : BLACK;
  const std::string side = white ? "white" : "black", rank = white ? "1" : "8";
  const Square king = back_rank_king(s, color);
  if (king == SQ_NONE) throw FenError(name, quoted + " needs the " + side + " king on rank " + rank);
  Square rook;
  if (lower == 'k' || lower == 'q') {
    rook = outermost_rook(s, king, lower == 'k');
    if (rook == SQ_NONE)
      throw FenError(name, quoted + " needs a " + side + " rook on rank " + rank + " on the " +
                               (lower == 'k' ? "king" : "queen") + " side of the king on " + square_name(king));
  } else {
    rook = make_square(File(lower - 'a'), rank_of(king));
    if (s.board[rook] != make_piece(color, ROOK))
      throw FenError(name, quoted + " needs a " + side + " rook on " + square_name(rook));
  }
  const CastlingRights right = castling_right(color, rook > king);
  if (s.castling & right)
    throw FenError(name, "repeated letter " + quoted + ": the " + side + " " + (rook > king ? "king" : "queen") +
                             "-side right is already given");
  s.castling |= right;
  s.castling_rooks[castling_index(right)] = rook;
}

}  // namespace

void parse_castling_field(std::string_view field, BoardState& s) {
  if (field == "-") return;
  if (field.empty()) throw FenError("castling", "empty; use '-' for no castling rights");
  for (char c : field) parse_castling_letter(c, s);
}

// The castling field in X-FEN: K, Q, k, q for the outermost rook on its side, else the rook's file.
std::string castling_field(const BoardState& s) {
  std::string field;
  for (int i = 0; i < 4; ++i) {
    if (!(s.castling >> i & 1)) continue;
    const Color c = Color(i / 2);
    const Square rook = s.castling_rooks[i];
    const Square king = back_rank_king(s, c);
    const bool outermost = rook == SQ_NONE || (king != SQ_NONE && rook == outermost_rook(s, king, i % 2 == 0));
    const char letter = outermost ? CASTLING_LETTERS[i] : char('a' + file_of(rook));
    field += c == WHITE ? char(letter & ~0x20) : letter;
  }
  return field.empty() ? "-" : field;
}

std::optional<BoardProblem> check_castling_rights(const BoardState& s) {
  auto problem = [](std::string text) { return BoardProblem{"castling", std::move(text)}; };
  for (int i = 0; i < 4; ++i) {
    if (!(s.castling >> i & 1)) continue;
    const Color c = Color(i / 2);
    const bool king_side = i % 2 == 0;
    const std::string right = std::string("right '") + CASTLING_LETTERS[i] + "'", side = c == WHITE ? "white" : "black";
    const Square king = back_rank_king(s, c), rook = s.castling_rooks[i];
    if (king == SQ_NONE) return problem(right + " needs the " + side + " king on rank " + (c == WHITE ? "1" : "8"));
    if (file_of(king) == FILE_A || file_of(king) == FILE_H)  // no Chess960 start has its king there
      return problem(right + " needs the " + side + " king on a file b to g, not on " + square_name(king));
    if (!is_ok(rook) || rank_of(rook) != rank_of(king) || s.board[rook] != make_piece(c, ROOK) ||
        (rook > king) != king_side)
      return problem(right + " needs a " + side + " rook on " +
                     (is_ok(rook) ? square_name(rook) + ", " : std::string()) + "on the " +
                     (king_side ? "king" : "queen") + " side of the king on " + square_name(king));
  }
  return std::nullopt;
}

bool needs_chess960(const BoardState& s) {
  for (int i = 0; i < 4; ++i) {
    const Square rook = s.castling_rooks[i];
    if (!(s.castling >> i & 1) || rook == SQ_NONE) continue;
    const Square king = back_rank_king(s, Color(i / 2));
    if (file_of(king) != FILE_E || (file_of(rook) != FILE_A && file_of(rook) != FILE_H)) return true;
  }
  return false;
}

}  // namespace movegen
