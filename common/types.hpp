// The vocabulary all generators share: squares, colours, pieces, directions and castling rights.
//
//   Square sq = make_square(FILE_E, RANK_2);      // e2 == 12
//   Piece p = make_piece(WHITE, PAWN);            // 'P' in FEN
//   Square up = sq + pawn_push(WHITE);            // e3
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace movegen {

/// A set of squares, one bit per square: bit 0 is a1, bit 63 is h8.
using Bitboard = std::uint64_t;

enum Color : std::uint8_t { WHITE, BLACK, COLOR_NB = 2 };

/// The opposite colour.
constexpr Color operator~(Color c) { return Color(c ^ 1); }

enum PieceType : std::uint8_t { NO_PIECE_TYPE, PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, PIECE_TYPE_NB = 7 };

/// A coloured piece: white pieces are 1..6, black pieces 9..14 (colour in bit 3), 0 is no piece.
enum Piece : std::uint8_t {
  NO_PIECE,
  W_PAWN = 1, W_KNIGHT, W_BISHOP, W_ROOK, W_QUEEN, W_KING,
  B_PAWN = 9, B_KNIGHT, B_BISHOP, B_ROOK, B_QUEEN, B_KING,
  PIECE_NB = 16
};

constexpr Piece make_piece(Color c, PieceType pt) { return Piece((c << 3) | pt); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 7); }
/// The colour of a piece; meaningless for NO_PIECE.
constexpr Color color_of(Piece p) { return Color(p >> 3); }

/// FEN letters indexed by Piece; '-' where no piece has that index.
inline constexpr std::string_view PIECE_LETTERS = "-PNBRQK--pnbrqk-";

/// The FEN letter of a piece ('P', 'n', ...), '-' for NO_PIECE.
constexpr char piece_to_char(Piece p) { return PIECE_LETTERS[p]; }

namespace detail {
inline constexpr std::array<Piece, 256> PIECE_OF_LETTER = [] {
  std::array<Piece, 256> t{};
  for (std::size_t i = 0; i < PIECE_LETTERS.size(); ++i)
    if (PIECE_LETTERS[i] != '-') t[static_cast<unsigned char>(PIECE_LETTERS[i])] = Piece(i);
  return t;
}();
}  // namespace detail

/// The piece for a FEN letter, or NO_PIECE if the letter names none (one table look-up).
constexpr Piece char_to_piece(char c) { return detail::PIECE_OF_LETTER[static_cast<unsigned char>(c)]; }

/// Squares a1 = 0, b1 = 1, ..., h1 = 7, a2 = 8, ..., h8 = 63: index rank * 8 + file.
enum Square : std::int8_t {
  SQ_A1, SQ_B1, SQ_C1, SQ_D1, SQ_E1, SQ_F1, SQ_G1, SQ_H1,
  SQ_A2, SQ_B2, SQ_C2, SQ_D2, SQ_E2, SQ_F2, SQ_G2, SQ_H2,
  SQ_A3, SQ_B3, SQ_C3, SQ_D3, SQ_E3, SQ_F3, SQ_G3, SQ_H3,
  SQ_A4, SQ_B4, SQ_C4, SQ_D4, SQ_E4, SQ_F4, SQ_G4, SQ_H4,
  SQ_A5, SQ_B5, SQ_C5, SQ_D5, SQ_E5, SQ_F5, SQ_G5, SQ_H5,
  SQ_A6, SQ_B6, SQ_C6, SQ_D6, SQ_E6, SQ_F6, SQ_G6, SQ_H6,
  SQ_A7, SQ_B7, SQ_C7, SQ_D7, SQ_E7, SQ_F7, SQ_G7, SQ_H7,
  SQ_A8, SQ_B8, SQ_C8, SQ_D8, SQ_E8, SQ_F8, SQ_G8, SQ_H8,
  SQ_NONE = 64,
  SQUARE_NB = 64
};

enum File : std::int8_t { FILE_A, FILE_B, FILE_C, FILE_D, FILE_E, FILE_F, FILE_G, FILE_H, FILE_NB };
enum Rank : std::int8_t { RANK_1, RANK_2, RANK_3, RANK_4, RANK_5, RANK_6, RANK_7, RANK_8, RANK_NB };

/// A step between squares as an index difference: NORTH = +8 is one rank up, EAST = +1 one file right.
enum Direction : std::int8_t {
  NORTH = 8,
  EAST = 1,
  SOUTH = -NORTH,
  WEST = -EAST,
  NORTH_EAST = NORTH + EAST,
  NORTH_WEST = NORTH + WEST,
  SOUTH_EAST = SOUTH + EAST,
  SOUTH_WEST = SOUTH + WEST,
};

constexpr Square make_square(File f, Rank r) { return Square(r * 8 + f); }
constexpr File file_of(Square s) { return File(s & 7); }
constexpr Rank rank_of(Square s) { return Rank(s >> 3); }
constexpr bool is_ok(Square s) { return s >= SQ_A1 && s <= SQ_H8; }

constexpr Square operator+(Square s, Direction d) { return Square(int(s) + int(d)); }
constexpr Square operator-(Square s, Direction d) { return Square(int(s) - int(d)); }
constexpr Square& operator++(Square& s) { return s = Square(int(s) + 1); }

/// The rank as seen from colour c's side: relative_rank(BLACK, RANK_7) == RANK_2.
constexpr Rank relative_rank(Color c, Rank r) { return Rank(r ^ (c * 7)); }
constexpr Rank relative_rank(Color c, Square s) { return relative_rank(c, rank_of(s)); }
/// The square as seen from colour c's side: mirrored top to bottom for black.
constexpr Square relative_square(Color c, Square s) { return Square(s ^ (c * 56)); }

/// Every square, as a set.
inline constexpr Bitboard ALL_SQUARES = ~Bitboard(0);
/// The set holding only square s (s in a1 = 0 .. h8 = 63).
constexpr Bitboard square_bb(Square s) { return Bitboard(1) << s; }
/// True if b holds two squares or more.
constexpr bool more_than_one(Bitboard b) { return (b & (b - 1)) != 0; }
/// The number of squares in b, 0..64.
constexpr int popcount(Bitboard b) { return std::popcount(b); }
/// The lowest square of b, which must not be empty.
constexpr Square lsb(Bitboard b) { return Square(std::countr_zero(b)); }
/// Removes the lowest square of b, which must not be empty, and returns it.
constexpr Square pop_lsb(Bitboard& b) {
  const Square s = lsb(b);
  b &= b - 1;
  return s;
}

/// The direction a pawn of colour c pushes: NORTH for white, SOUTH for black.
constexpr Direction pawn_push(Color c) { return c == WHITE ? NORTH : SOUTH; }

/// Algebraic name of a square, "a1".."h8"; "-" for SQ_NONE.
std::string square_name(Square s);

/// The names of the squares of b, a1 first, separated by ", " ("e2, f3"); "" for an empty set.
std::string square_names(Bitboard b);

/// The square named by two characters "a1".."h8", or SQ_NONE if the text names none.
Square parse_square(std::string_view text);

/// Castling rights as four bits, in FEN order K, Q, k, q.
enum CastlingRights : std::uint8_t {
  NO_CASTLING,
  WHITE_OO = 1,
  WHITE_OOO = 2,
  BLACK_OO = 4,
  BLACK_OOO = 8,
  ANY_CASTLING = 15,
};

constexpr CastlingRights operator|(CastlingRights a, CastlingRights b) { return CastlingRights(int(a) | int(b)); }
constexpr CastlingRights operator&(CastlingRights a, CastlingRights b) { return CastlingRights(int(a) & int(b)); }
constexpr CastlingRights operator~(CastlingRights a) { return CastlingRights(~int(a) & ANY_CASTLING); }
constexpr CastlingRights& operator|=(CastlingRights& a, CastlingRights b) { return a = a | b; }
constexpr CastlingRights& operator&=(CastlingRights& a, CastlingRights b) { return a = a & b; }

/// The index 0..3 of a single castling right in FEN order K, Q, k, q.
constexpr int castling_index(CastlingRights r) { return std::countr_zero(unsigned(r)); }

/// The castling right of colour c on the king side (its rook on a higher file than the king) or the queen
/// side.
constexpr CastlingRights castling_right(Color c, bool king_side) {
  return CastlingRights((king_side ? WHITE_OO : WHITE_OOO) << (2 * c));
}

/// The FEN letters of the four rights, indexed by castling_index: "KQkq".
inline constexpr std::string_view CASTLING_LETTERS = "KQkq";

}  // namespace movegen
