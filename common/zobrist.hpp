// Zobrist keys with Polyglot's random numbers, so that our keys equal the keys of Polyglot opening books:
// one 64-bit number per (piece, square), castling right, en passant file and side, xored together.
//
//   Key k = zobrist_key(parse_fen(START_FEN));   // 0x463B96181691FC9C, Polyglot's start position key
//   Key next = k ^ key_change(pos, m);          // the key after m, computed before m is made
//   Key lock = zobrist_key(state, LOCK_NUMBERS); // a second key from numbers of our own (hash perft's lock)
#pragma once

#include <array>
#include <cstdint>

#include "common/castling.hpp"
#include "common/fen.hpp"
#include "common/move.hpp"
#include "common/polyglot_random.hpp"
#include "common/types.hpp"

namespace movegen {

/// A 64-bit Zobrist key: equal positions have equal keys; different ones almost always differ.
using Key = std::uint64_t;

/// One set of Zobrist numbers: a 64-bit number per (piece, square), per set of castling rights (the xor of
/// its rights' numbers), per en passant file, and one xored in when white is to move. A position's key is
/// the xor of the numbers of what it holds (zobrist_key); two sets drawn independently give two keys that
/// collide independently.
struct ZobristNumbers {
  std::array<std::array<Key, SQUARE_NB>, PIECE_NB> piece_square{};  // NO_PIECE's row holds zeros
  std::array<Key, ANY_CASTLING + 1> castling_sets{};                // indexed by the rights' four bits
  std::array<Key, 8> en_passant_files{};                            // files a..h
  Key white_to_move = 0;
};

namespace detail {
// A set built from 781 numbers laid out as Polyglot's (common/polyglot_random.hpp): pieces 0..767 by kind
// (black pawn 0, white pawn 1, black knight 2, ..., white king 11) and square, rights K, Q, k, q at
// 768..771, en passant files at 772..779, white to move at 780; rearranged so that each look-up is one load.
template <class Numbers>
constexpr ZobristNumbers numbers_in_polyglot_layout(const Numbers& random64) {
  ZobristNumbers n;
  for (int p = 0; p < PIECE_NB; ++p) {
    const PieceType pt = type_of(Piece(p));
    if (pt < PAWN || pt > KING) continue;
    const int kind = 2 * (int(pt) - 1) + (color_of(Piece(p)) == WHITE ? 1 : 0);
    for (int s = 0; s < SQUARE_NB; ++s) n.piece_square[p][s] = random64[64 * kind + s];
  }
  for (int rights = 0; rights <= ANY_CASTLING; ++rights)
    for (int i = 0; i < 4; ++i)
      if (rights & (1 << i)) n.castling_sets[rights] ^= random64[768 + i];
  for (int f = 0; f < 8; ++f) n.en_passant_files[f] = random64[772 + f];
  n.white_to_move = random64[780];
  return n;
}
// 781 numbers from SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators",
// OOPSLA 2014) seeded with `seed`: numbers unrelated to Polyglot's.
constexpr std::array<std::uint64_t, 781> splitmix64_numbers(std::uint64_t seed) {
  std::array<std::uint64_t, 781> out{};
  for (std::uint64_t& x : out) {
    seed += 0x9E3779B97F4A7C15;
    std::uint64_t z = seed;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EB;
    x = z ^ (z >> 31);
  }
  return out;
}
}  // namespace detail

/// Polyglot's numbers (common/polyglot_random.hpp): the set of every position's key(), equal to the keys
/// of Polyglot opening books.
inline constexpr ZobristNumbers POLYGLOT_NUMBERS = detail::numbers_in_polyglot_layout(detail::POLYGLOT_RANDOM64);

/// A second set, drawn apart from Polyglot's (SplitMix64, seed 0x6D6F766567656E): the numbers of the
/// *lock*, a second key that hash perft (common/parallel_perft.hpp) keeps beside key() so that a table entry
/// must match both. Not part of any published format.
inline constexpr ZobristNumbers LOCK_NUMBERS =
    detail::numbers_in_polyglot_layout(detail::splitmix64_numbers(0x6D6F766567656E));

namespace zobrist {

/// The number of piece p on square s (Polyglot's number of its kind on s unless `n` says otherwise), or 0
/// for NO_PIECE.
constexpr Key piece(Piece p, Square s, const ZobristNumbers& n = POLYGLOT_NUMBERS) { return n.piece_square[p][s]; }

/// The xor of the numbers of the castling rights held in `rights` (Polyglot: K, Q, k, q at 768..771), 0 for
/// none: one look-up, so that a move xors the rights it took away (old ^ new) in one step.
constexpr Key castling(CastlingRights rights, const ZobristNumbers& n = POLYGLOT_NUMBERS) {
  return n.castling_sets[rights];
}

/// The number of an en passant square's file (Polyglot: files a..h at 772..779).
constexpr Key en_passant_file(Square ep, const ZobristNumbers& n = POLYGLOT_NUMBERS) {
  return n.en_passant_files[file_of(ep)];
}

/// Xored in when white is to move (Polyglot's "turn", 780).
inline constexpr Key WHITE_TO_MOVE = POLYGLOT_NUMBERS.white_to_move;

/// The en passant part of a key: the file of `ep` if `side` (to move) has a pawn beside the pawn that just
/// made the double push, else 0. Polyglot's rule: the capture need not be legal, only the pawn be there.
/// `piece_on(Square)` reads the board.
template <class PieceOn>
constexpr Key en_passant(Square ep, Color side, PieceOn&& piece_on, const ZobristNumbers& n = POLYGLOT_NUMBERS) {
  if (ep == SQ_NONE) return 0;
  const Square pushed = ep - pawn_push(side);  // the pawn that crossed ep
  const Piece capturer = make_piece(side, PAWN);
  const bool beside = (file_of(pushed) > FILE_A && piece_on(pushed + WEST) == capturer) ||
                      (file_of(pushed) < FILE_H && piece_on(pushed + EAST) == capturer);
  return beside ? en_passant_file(ep, n) : 0;
}

/// The piece part of a castling move's key change: king and rook from their start squares to their
/// destinations (common/castling.hpp; in Chess960 a square may be both, and its numbers then cancel).
constexpr Key castling_pieces(Move m, Color us, const ZobristNumbers& n = POLYGLOT_NUMBERS) {
  const CastlingMove c = castling_move(m);
  return piece(make_piece(us, KING), c.king_from, n) ^ piece(make_piece(us, KING), c.king_to, n) ^
         piece(make_piece(us, ROOK), c.rook_from, n) ^ piece(make_piece(us, ROOK), c.rook_to, n);
}

}  // namespace zobrist

/// The Polyglot key of a position (or its key with numbers `n`, e.g. LOCK_NUMBERS), computed from scratch:
/// its pieces, castling rights, en passant file (only when a pawn of the side to move stands beside the
/// pushed pawn) and side to move.
Key zobrist_key(const BoardState& s, const ZobristNumbers& n = POLYGLOT_NUMBERS);

/// What move `m` (legal in `pos`, not yet made) xors into pos's key (or into its key with numbers `n`):
/// the moving piece off `from` and on `to` (as the promoted piece), the piece it takes, castling's rook,
/// the rights lost, the en passant file cleared and set, and the side. `pos` is any ChessPosition; read
/// before the move is made.
template <class P>
inline Key key_change(const P& pos, Move m, const ZobristNumbers& n = POLYGLOT_NUMBERS) {
  const Color us = pos.side_to_move();
  const Square from = m.from(), to = m.to();
  const auto piece_on = [&pos](Square s) { return pos.piece_on(s); };
  Key k = n.white_to_move;
  if (m.flag() == CASTLING) {
    k ^= zobrist::castling_pieces(m, us, n);
  } else {
    const Piece moving = pos.piece_on(from);
    k ^= zobrist::piece(moving, from, n) ^
         zobrist::piece(m.is_promotion() ? make_piece(us, m.promotion_type()) : moving, to, n);
    if (m.flag() == EN_PASSANT)
      k ^= zobrist::piece(make_piece(~us, PAWN), to - pawn_push(us), n);
    else
      k ^= zobrist::piece(pos.piece_on(to), to, n);  // 0 if `to` is empty
  }
  // The rights lost: a right's number is in the key before the move and not after it. Most moves lose none.
  const CastlingRights before = pos.castling_rights();
  const CastlingRights after = before & pos.castling_rules().rights_kept_after_touching(from) &
                               pos.castling_rules().rights_kept_after_touching(to);
  if (before != after) k ^= zobrist::castling(CastlingRights(before ^ after), n);
  k ^= zobrist::en_passant(pos.ep_square(), us, piece_on, n);
  // The squares beside `to` are not touched by a double push: the board before the move answers for after.
  if (m.flag() == DOUBLE_PUSH) k ^= zobrist::en_passant(from + pawn_push(us), ~us, piece_on, n);
  return k;
}

}  // namespace movegen
