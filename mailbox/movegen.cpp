#include "mailbox/movegen.hpp"

#include <bit>
#include <cstdint>
#include <cstring>

namespace movegen::mailbox {

namespace {

// Calls visit(square) for each square that holds a piece of colour `us`, a1 first. The board string is
// read a rank (eight letters) at a time: in ASCII every letter has bit 6 (0x40) set and '-' (0x2d) has
// not, and the small letters (black) have bit 5 (0x20) set where the capitals (white) have not.
template <class Visit>
void for_each_piece(const Board& board, Color us, Visit visit) {
  static_assert(std::endian::native == std::endian::little, "byte i of a rank's word must be file i");
  constexpr std::uint64_t BIT6 = 0x4040404040404040;  // bit 6 of each of the eight letters
  for (int row = 0; row < 8; ++row) {
    std::uint64_t letters;
    std::memcpy(&letters, &board[square_at(row, 0)], sizeof letters);
    const std::uint64_t pieces = letters & BIT6, black = (letters << 1) & BIT6;  // bit 5 moved to bit 6
    for (std::uint64_t own = us == WHITE ? pieces & ~black : pieces & black; own; own &= own - 1)
      visit(square_at(row, std::countr_zero(own) / 8));
  }
}

// Adds from -> (row, col) if that square is on the board and not occupied by the mover's own piece.
// Returns true if the square was empty, so that a slider may go on.
template <Color Us, class Sink>
bool add_step(const Board& board, Square from, int row, int col, Sink& out) {
  if (!on_board(row, col)) return false;
  const char target = letter_at(board, row, col);
  if (!is_color(target, Us)) out.push_back(Move(from, square_at(row, col)));
  return is_empty(target);
}

}  // namespace

template <Color Us, class Sink>
inline void generate_pawn_moves(const Position& pos, Square from, Sink& out) {
  constexpr int forward = Us == WHITE ? 1 : -1, start_row = Us == WHITE ? 1 : 6, last_row = Us == WHITE ? 7 : 0;
  const Board& board = pos.board();
  const int row = rank_of(from), col = file_of(from);
  const int ahead = row + forward;  // always on the board: no pawn stands on its last rank
  const bool promotes = ahead == last_row;
  auto add = [&](Square to) {
    if (promotes) {
      for (PieceType pt : {QUEEN, ROOK, BISHOP, KNIGHT}) out.push_back(Move(from, to, promotion_flag(pt)));
    } else {
      out.push_back(Move(from, to));
    }
  };

  // Single push, and the double push from the pawn's starting rank through an empty square.
  const Square push = square_at(ahead, col);
  if (is_empty(board[push])) {
    add(push);
    if (row == start_row && is_empty(letter_at(board, ahead + forward, col)))
      out.push_back(Move(from, square_at(ahead + forward, col), DOUBLE_PUSH));
  }
  // Pawn attacks one row ahead and one column aside, on an enemy piece (en passant is add_en_passant's).
  for (int c : {col - 1, col + 1})
    if (on_board(ahead, c) && is_color(letter_at(board, ahead, c), ~Us)) add(square_at(ahead, c));
}

template <Color Us, class Sink>
inline void generate_knight_moves(const Position& pos, Square from, Sink& out) {
  const int row = rank_of(from), col = file_of(from);
  for (Step s : KNIGHT_STEPS) add_step<Us>(pos.board(), from, row + s.row, col + s.col, out);
}

template <Color Us, class Sink>
inline void generate_slider_moves(const Position& pos, Square from, std::span<const Step> directions, Sink& out) {
  const Board& board = pos.board();
#pragma GCC unroll 4  // each direction's step becomes a constant
  for (Step s : directions)
    for (int r = rank_of(from) + s.row, c = file_of(from) + s.col; add_step<Us>(board, from, r, c, out);
         r += s.row, c += s.col) {
    }
}

template <Color Us, class Sink>
inline void generate_king_moves(const Position& pos, Square from, Sink& out) {
  const int row = rank_of(from), col = file_of(from);
  for (Step s : KING_STEPS) add_step<Us>(pos.board(), from, row + s.row, col + s.col, out);
}

template <Color Us, class Sink>
inline void generate_castling_moves(const Position& pos, const KingSafety& safety, Bitboard safe_steps, Sink& out) {
  constexpr Color us = Us;
  const Board& board = pos.board();
  auto empty = [&](Square s) { return is_empty(board[relative_square(us, s)]); };
  auto safe = [&](Square s) { return !pos.is_square_attacked(relative_square(us, s), ~us); };
  // The cheap tests (the right, empty squares) come first; attack tests only when they pass.
  const bool king_side = (pos.castling_rights() & (us == WHITE ? WHITE_OO : BLACK_OO)) && empty(SQ_F1) && empty(SQ_G1);
  const bool queen_side =
      (pos.castling_rights() & (us == WHITE ? WHITE_OOO : BLACK_OOO)) && empty(SQ_D1) && empty(SQ_C1) && empty(SQ_B1);
  if (!(king_side || queen_side) || safety.checkers) return;
  const Square king = relative_square(us, SQ_E1);
  auto crosses_safely = [&](Square s) { return safe_steps >> relative_square(us, s) & 1; };
  if (king_side && crosses_safely(SQ_F1) && safe(SQ_G1))
    out.push_back(Move(king, relative_square(us, SQ_G1), CASTLING));
  if (queen_side && crosses_safely(SQ_D1) && safe(SQ_C1))
    out.push_back(Move(king, relative_square(us, SQ_C1), CASTLING));
}

template <Color Us, class Sink>
inline void generate_piece_moves(const Position& pos, Square from, char piece, Sink& out) {
  switch (piece) {
    case 'P': generate_pawn_moves<Us>(pos, from, out); break;
    case 'N': generate_knight_moves<Us>(pos, from, out); break;
    case 'B': generate_slider_moves<Us>(pos, from, BISHOP_DIRECTIONS, out); break;
    case 'R': generate_slider_moves<Us>(pos, from, ROOK_DIRECTIONS, out); break;
    case 'Q':
      generate_slider_moves<Us>(pos, from, BISHOP_DIRECTIONS, out);
      generate_slider_moves<Us>(pos, from, ROOK_DIRECTIONS, out);
      break;
    case 'K': generate_king_moves<Us>(pos, from, out); break;
    default: break;  // an empty square or an enemy piece
  }
}

namespace {

// En passant: the pawns of Us beside the pawn that has just made a double push (one row behind the
// en passant square, one column aside) take it. The one move that can expose the king along a rank.
template <Color Us, class Sink>
void add_en_passant(const Position& pos, Sink& out) {
  const Square to = pos.ep_square();
  if (to == SQ_NONE) return;
  const Square double_pushed = to - pawn_push(Us);
  const int row = rank_of(double_pushed), col = file_of(double_pushed);
  for (int c : {col - 1, col + 1})
    if (on_board(row, c) && letter_at(pos.board(), row, c) == letter(Us, PAWN))
      out.push_back(Move(square_at(row, c), to, EN_PASSANT));
}

template <Color Us>
void generate_pseudo_legal(const Position& pos, MoveList& list) {
  const Board& board = pos.board();
  for_each_piece(board, Us,
                 [&](Square from) { generate_piece_moves<Us>(pos, from, own_letter(board[from], Us), list); });
  add_en_passant<Us>(pos, list);
  // The king's steps castling crosses, tested here as generate_all's king moves test them.
  Bitboard safe_steps = 0;
  for (Square s : {relative_square(Us, SQ_F1), relative_square(Us, SQ_D1)})
    if (!pos.is_square_attacked(s, ~Us)) safe_steps |= square_bb(s);
  generate_castling_moves<Us>(pos, pos.king_safety(), safe_steps, list);
}

// Every legal move of Us into `out`. Each piece's moves go to the sink their legality calls for: the
// king's into `king_moves`, a pinned piece's and en passant into `tested`, every other piece's into
// `untested`: straight to `out` out of check (every square is then on the check mask), through the check
// mask in check. In double check only the king moves.
template <Color Us, class Out>
void generate_all(Position& pos, Out& out) {
  const Board& board = pos.board();
  const Square king = pos.king_square(Us);
  const KingSafety safety = pos.king_safety();
  const bool double_check = more_than_one(safety.checkers);
  LegalMoves<Out, true> tested{pos, out, safety.check_mask};
  LegalMoves<Out, true> king_moves{pos, out, ALL_SQUARES};
  auto generate = [&](auto& untested) {
    for_each_piece(board, Us, [&](Square from) {
      if (from == king)
        generate_king_moves<Us>(pos, from, king_moves);
      else if (double_check)
        return;
      else if (safety.pinned >> from & 1)
        generate_piece_moves<Us>(pos, from, own_letter(board[from], Us), tested);
      else
        generate_piece_moves<Us>(pos, from, own_letter(board[from], Us), untested);
    });
    if (!double_check) add_en_passant<Us>(pos, tested);
    // Castling moves are legal as generated; the king's steps have just been tested.
    generate_castling_moves<Us>(pos, safety, king_moves.passed, untested);
  };
  if (!safety.checkers) {
    generate(out);
  } else {
    LegalMoves<Out, false> on_check_mask{pos, out, safety.check_mask};
    generate(on_check_mask);
  }
}

}  // namespace

void generate_pseudo_legal(const Position& pos, MoveList& list) {
  if (pos.side_to_move() == WHITE)
    generate_pseudo_legal<WHITE>(pos, list);
  else
    generate_pseudo_legal<BLACK>(pos, list);
}

template <class Out>
void generate_all(Position& pos, Out& out) {
  if (pos.side_to_move() == WHITE)
    generate_all<WHITE>(pos, out);
  else
    generate_all<BLACK>(pos, out);
}

// Every side's and every sink's version of every per-piece generator.
#define MOVEGEN_INSTANTIATE(Us, ...)                                                                     \
  template void generate_pawn_moves<Us>(const Position&, Square, __VA_ARGS__&);                          \
  template void generate_knight_moves<Us>(const Position&, Square, __VA_ARGS__&);                        \
  template void generate_slider_moves<Us>(const Position&, Square, std::span<const Step>, __VA_ARGS__&); \
  template void generate_king_moves<Us>(const Position&, Square, __VA_ARGS__&);                          \
  template void generate_castling_moves<Us>(const Position&, const KingSafety&, Bitboard, __VA_ARGS__&); \
  template void generate_piece_moves<Us>(const Position&, Square, char, __VA_ARGS__&);
#define MOVEGEN_INSTANTIATE_BOTH(...)     \
  MOVEGEN_INSTANTIATE(WHITE, __VA_ARGS__) \
  MOVEGEN_INSTANTIATE(BLACK, __VA_ARGS__)
MOVEGEN_INSTANTIATE_BOTH(MoveList)
MOVEGEN_INSTANTIATE_BOTH(MoveCounter)
MOVEGEN_INSTANTIATE_BOTH(LegalMoves<MoveList, false>)
MOVEGEN_INSTANTIATE_BOTH(LegalMoves<MoveList, true>)
MOVEGEN_INSTANTIATE_BOTH(LegalMoves<MoveCounter, false>)
MOVEGEN_INSTANTIATE_BOTH(LegalMoves<MoveCounter, true>)
#undef MOVEGEN_INSTANTIATE_BOTH
#undef MOVEGEN_INSTANTIATE
template void generate_all(Position&, MoveList&);
template void generate_all(Position&, MoveCounter&);

}  // namespace movegen::mailbox
