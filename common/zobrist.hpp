// Zobrist keys with Polyglot's random numbers, so that our keys equal the keys of Polyglot opening books:
// one 64-bit number per (piece, square), castling right, en passant file and side, xored together.
//
//   Key k = zobrist_key(parse_fen(START_FEN));   // 0x463B96181691FC9C, Polyglot's start position key
//   Key next = k ^ key_change(pos, m);          // the key after m, computed before m is made
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

namespace detail {
// Polyglot's piece numbers rearranged by our Piece values, so that a look-up is one load. Polyglot numbers
// its kinds black pawn 0, white pawn 1, black knight 2, ..., white king 11; NO_PIECE's row holds zeros.
inline constexpr auto PIECE_SQUARE = [] {
  std::array<std::array<Key, SQUARE_NB>, PIECE_NB> numbers{};
  for (int p = 0; p < PIECE_NB; ++p) {
    const PieceType pt = type_of(Piece(p));
    if (pt < PAWN || pt > KING) continue;
    const int kind = 2 * (int(pt) - 1) + (color_of(Piece(p)) == WHITE ? 1 : 0);
    for (int s = 0; s < SQUARE_NB; ++s) numbers[p][s] = POLYGLOT_RANDOM64[64 * kind + s];
  }
  return numbers;
}();
// The xor of Polyglot's numbers of each set of castling rights, indexed by the set's four bits (0 for none).
inline constexpr auto CASTLING_SETS = [] {
  std::array<Key, ANY_CASTLING + 1> numbers{};
  for (int rights = 0; rights <= ANY_CASTLING; ++rights)
    for (int i = 0; i < 4; ++i)
      if (rights & (1 << i)) numbers[rights] ^= POLYGLOT_RANDOM64[768 + i];
  return numbers;
}();
}  // namespace detail

namespace zobrist {

/// The number of piece p on square s (Polyglot's number of its kind on s), or 0 for NO_PIECE.
constexpr Key piece(Piece p, Square s) { return detail::PIECE_SQUARE[p][s]; }

/// The xor of the numbers of the castling rights held in `rights` (Polyglot: K, Q, k, q at 768..771), 0 for
/// none: one look-up, so that a move xors the rights it took away (old ^ new) in one step.
constexpr Key castling(CastlingRights rights) { return detail::CASTLING_SETS[rights]; }

/// The number of an en passant square's file (Polyglot: files a..h at 772..779).
constexpr Key en_passant_file(Square ep) { return detail::POLYGLOT_RANDOM64[772 + file_of(ep)]; }

/// Xored in when white is to move (Polyglot's "turn", 780).
inline constexpr Key WHITE_TO_MOVE = detail::POLYGLOT_RANDOM64[780];

/// The en passant part of a key: the file of `ep` if `side` (to move) has a pawn beside the pawn that just
/// made the double push, else 0. Polyglot's rule: the capture need not be legal, only the pawn be there.
/// `piece_on(Square)` reads the board.
template <class PieceOn>
constexpr Key en_passant(Square ep, Color side, PieceOn&& piece_on) {
  if (ep == SQ_NONE) return 0;
  const Square pushed = ep - pawn_push(side);  // the pawn that crossed ep
  const Piece capturer = make_piece(side, PAWN);
  const bool beside = (file_of(pushed) > FILE_A && piece_on(pushed + WEST) == capturer) ||
                      (file_of(pushed) < FILE_H && piece_on(pushed + EAST) == capturer);
  return beside ? en_passant_file(ep) : 0;
}

/// The piece part of a castling move's key change: king and rook from their start squares to their
/// destinations (common/castling.hpp; in Chess960 a square may be both, and its numbers then cancel).
constexpr Key castling_pieces(Move m, Color us) {
  const CastlingMove c = castling_move(m);
  return piece(make_piece(us, KING), c.king_from) ^ piece(make_piece(us, KING), c.king_to) ^
         piece(make_piece(us, ROOK), c.rook_from) ^ piece(make_piece(us, ROOK), c.rook_to);
}

}  // namespace zobrist

/// The Polyglot key of a position, computed from scratch: its pieces, castling rights, en passant file (only
/// when a pawn of the side to move stands beside the pushed pawn) and side to move.
Key zobrist_key(const BoardState& s);

/// What move `m` (legal in `pos`, not yet made) xors into pos's key: the moving piece off `from` and on
/// `to` (as the promoted piece), the piece it takes, castling's rook, the rights lost, the en passant file
/// cleared and set, and the side. `pos` is any ChessPosition; read before the move is made.
template <class P>
inline Key key_change(const P& pos, Move m) {
  const Color us = pos.side_to_move();
  const Square from = m.from(), to = m.to();
  const auto piece_on = [&pos](Square s) { return pos.piece_on(s); };
  Key k = zobrist::WHITE_TO_MOVE;
  if (m.flag() == CASTLING) {
    k ^= zobrist::castling_pieces(m, us);
  } else {
    const Piece moving = pos.piece_on(from);
    k ^= zobrist::piece(moving, from) ^
         zobrist::piece(m.is_promotion() ? make_piece(us, m.promotion_type()) : moving, to);
    if (m.flag() == EN_PASSANT)
      k ^= zobrist::piece(make_piece(~us, PAWN), to - pawn_push(us));
    else
      k ^= zobrist::piece(pos.piece_on(to), to);  // 0 if `to` is empty
  }
  // The rights lost: a right's number is in the key before the move and not after it. Most moves lose none.
  const CastlingRights before = pos.castling_rights();
  const CastlingRights after = before & pos.castling_rules().rights_kept_after_touching(from) &
                               pos.castling_rules().rights_kept_after_touching(to);
  if (before != after) k ^= zobrist::castling(CastlingRights(before ^ after));
  k ^= zobrist::en_passant(pos.ep_square(), us, piece_on);
  // The squares beside `to` are not touched by a double push: the board before the move answers for after.
  if (m.flag() == DOUBLE_PUSH) k ^= zobrist::en_passant(from + pawn_push(us), ~us, piece_on);
  return k;
}

}  // namespace movegen
