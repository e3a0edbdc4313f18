// The templates behind movegen.hpp's generation, in a header so that each caller instantiates them with its
// own sink: movegen.cpp with MoveWriter and MoveCounter, perft.cpp with a sink that plays each move on a copy
// of the sets (tuned/bitboard/perft.hpp). generate_all is one node's legal moves, piece kind by piece kind.
//
//   MoveCounter counter;
//   generate_all<WHITE>(sets, counter);        // counter.count: the legal moves of white in `sets`
#pragma once

#include "tuned/bitboard/direction_fills.hpp"
#include "tuned/bitboard/movegen.hpp"
#include "tuned/bitboard/slider_rays.hpp"

namespace movegen::bitboard_tuned {

/// Hands `sink` the moves of a Pt of the side to move from `from` to each square of `targets`: with Pt
/// known at compile time to a sink that takes it (perft's, tuned/bitboard/perft.cpp, which plays each move
/// without looking up the piece), as add_moves(from, targets) to one that does not (MoveWriter, MoveCounter).
template <PieceType Pt, class Sink>
[[gnu::always_inline]] inline void add_piece_moves(Sink& sink, Square from, Bitboard targets) {
  if constexpr (KnowsMover<Sink, FastPath::PIECE_SET, WHITE, Pt>)  // Us unused: the side to move
    sink.template add_moves<Pt>(from, targets);
  else
    sink.add_moves(from, targets);
}

// Every square a piece of colour By attacks with `occupied` standing on the board, with only the kinds of
// Kinds looked for (PieceKinds); with Fills, the knights' and sliders' squares found by direction fills
// (direction_fills.hpp), otherwise piece by piece. This and add_pawn_moves (movegen.hpp) are forced inline:
// GCC keeps them out of line, and the calls cost 4-5% of bulk-counted perft.
template <Color By, bool Fills = false, PieceKinds Kinds = ALL_KINDS>
[[gnu::always_inline]] inline Bitboard attacked_squares(const PieceSets& pos, Bitboard occupied) {
  Bitboard attacked =
      pawn_attacks_bb<By>(pos.pieces(By, PAWN)) | attacks_bb<KING>(lsb(pos.pieces_of_kinds<Kinds, KING>(By)));
  const Bitboard knights = pos.pieces_of_kinds<Kinds, KNIGHT>(By);
  const Bitboard diagonal = pos.pieces_of_kinds<Kinds, BISHOP, QUEEN>(By);
  const Bitboard straight = pos.pieces_of_kinds<Kinds, ROOK, QUEEN>(By);
  if constexpr (Fills) return attacked | knight_and_slider_attacks(knights, diagonal, straight, occupied);
  for (Bitboard b = knights; b;) attacked |= attacks_bb<KNIGHT>(pop_lsb(b));
  for (Bitboard b = diagonal; b;) attacked |= attacks_bb<BISHOP>(pop_lsb(b), occupied);
  for (Bitboard b = straight; b;) attacked |= attacks_bb<ROOK>(pop_lsb(b), occupied);
  return attacked;
}

/// check_and_pin_masks (movegen.hpp) with the side to move, Us, known at compile time, `king` its king's square (given,
/// not found: perft's leaf parents share it with their siblings), and only the enemy kinds of Kinds looked for.
template <Color Us, PieceKinds Kinds = ALL_KINDS>
inline CheckAndPinMasks check_and_pin_masks(const PieceSets& pos, Square king) {
  constexpr Color Them = ~Us;
  CheckAndPinMasks masks;
  masks.king = king;
  const Bitboard occupied = pos.pieces();
  masks.checkers = (pawn_attacks_bb(Us, masks.king) & pos.pieces(Them, PAWN)) |
                   (attacks_bb<KNIGHT>(masks.king) & pos.pieces_of_kinds<Kinds, KNIGHT>(Them));
  // Enemy sliders that would see the king if our own pieces were not there (their pieces still block):
  // with nothing between, a slider gives check; with exactly one (own) piece between, it pins that piece.
  // Looked for only if one of their sliders stands on the king's lines of an empty board (often none).
  const Bitboard diagonal = pos.pieces_of_kinds<Kinds, BISHOP, QUEEN>(Them);
  const Bitboard straight = pos.pieces_of_kinds<Kinds, ROOK, QUEEN>(Them);
  if constexpr (!(Kinds & (kind(BISHOP) | kind(QUEEN)))) {
    // Rook endings: each enemy rook on the king's lines of an empty board tested through the squares between
    // (between_bb), with no look-up of the king's lines among their pieces first: with one or two rooks on the
    // board the loop is as short, and one load fewer stands before its branches. A single blocker is pinned if ours.
    for (Bitboard snipers = rays_bb<ROOK>(masks.king) & straight; snipers;) {
      const Square sniper = pop_lsb(snipers);
      const Bitboard blockers = between_bb(masks.king, sniper) & occupied;
      if (!blockers)
        masks.checkers |= square_bb(sniper);
      else if (!more_than_one(blockers))
        masks.pinned |= blockers & pos.pieces(Us);
    }
  } else if ((rays_bb<BISHOP>(masks.king) & diagonal) | (rays_bb<ROOK>(masks.king) & straight)) {
    const Bitboard theirs = pos.pieces(Them);
    Bitboard snipers =
        (attacks_bb<BISHOP>(masks.king, theirs) & diagonal) | (attacks_bb<ROOK>(masks.king, theirs) & straight);
    while (snipers) {
      const Square sniper = pop_lsb(snipers);
      const Bitboard blockers = between_bb(masks.king, sniper) & occupied;
      if (!blockers)
        masks.checkers |= square_bb(sniper);
      else if (!more_than_one(blockers))
        masks.pinned |= blockers;
    }
  }
  if (masks.checkers)
    masks.check_mask = more_than_one(masks.checkers) ? 0 : masks.checkers | between_bb(masks.king, lsb(masks.checkers));
  return masks;
}

/// king_danger (movegen.hpp) with the side to move, Us, known at compile time, and only the enemy kinds of
/// Kinds looked for; with Fills (only where HAS_DIRECTION_FILLS), the enemy knights and sliders found by
/// direction fills.
template <Color Us, bool Fills = false, PieceKinds Kinds = ALL_KINDS>
inline Bitboard king_danger(const PieceSets& pos) {
  return attacked_squares<~Us, Fills, Kinds>(pos, pos.pieces() ^ pos.pieces(Us, KING));
}

// En passant: legal if it captures the checker or blocks the check, and if no enemy slider sees the
// king once the capturing pawn has moved and the captured pawn is gone. That one test covers pins of
// the capturer and the rank pin through both pawns (e.g. 8/8/8/K1pP3r/8/8/8/7k w - c6: d5xc6 is illegal).
template <Color Us, class Sink>
inline void add_en_passant(const PieceSets& pos, const CheckAndPinMasks& masks, Sink& sink) {
  constexpr Color Them = ~Us;
  const Square to = pos.ep_square();
  if (to == SQ_NONE) return;
  const Square captured = to - pawn_push(Us);
  if (!(masks.check_mask & (square_bb(to) | square_bb(captured)))) return;
  for (Bitboard b = pawn_attacks_bb(Them, to) & pos.pieces(Us, PAWN); b;) {
    const Square from = pop_lsb(b);
    const Bitboard occupied = (pos.pieces() ^ square_bb(from) ^ square_bb(captured)) | square_bb(to);
    // Without a king to guard (pseudo-legal moves) nothing is tested.
    if (masks.king != SQ_NONE &&
        sliders_see(masks.king, occupied, pos.pieces(Them, BISHOP, QUEEN), pos.pieces(Them, ROOK, QUEEN)))
      continue;
    sink.add(Move(from, to, EN_PASSANT));
  }
}

/// False if the king of Us, on `king`, has no square to step to and no castling right with nothing between
/// king and rook: then it has no move, and its danger squares need not be found (in the opening it often
/// has neither).
template <Color Us>
[[gnu::always_inline]] inline bool king_may_move(const PieceSets& pos, Square king) {
  if (attacks_bb<KING>(king) & ~pos.pieces(Us)) return true;
  // Each classical castling path holds a square next to the king (f1 and d1, or f8 and d8), so a king hemmed
  // in by its own pieces cannot castle either; in Chess960 a path may hold no such square.
  if (pos.castling_rules().classical()) return false;
  for (int i = Us == WHITE ? 0 : 2; i < (Us == WHITE ? 2 : 4); ++i)  // the rules of K, Q, k, q
    if ((pos.castling_rights() & (1 << i)) && !(pos.castling_rules().rule(i).path & pos.pieces())) return true;
  return false;
}

/// Every legal move of Us, the side to move, into `sink`, with `masks` its check_and_pin_masks<Us>(pos); only the kinds
/// of Kinds looked for, which must hold every kind on the board.
template <Color Us, PieceKinds Kinds = ALL_KINDS, class Sink>
inline void generate_all(const PieceSets& pos, const CheckAndPinMasks& masks, Sink& sink) {
  if (!more_than_one(masks.checkers)) {  // in double check only the king can move
    generate_pawn_moves<Us>(pos, masks, sink);
    if constexpr (Kinds & kind(KNIGHT)) generate_knight_moves<Us>(pos, masks, sink);
    if constexpr (Kinds & kind(BISHOP)) generate_slider_moves<Us, BISHOP>(pos, masks, sink);
    if constexpr (Kinds & kind(ROOK)) generate_slider_moves<Us, ROOK>(pos, masks, sink);
    if constexpr (Kinds & kind(QUEEN)) generate_slider_moves<Us, QUEEN>(pos, masks, sink);
  }
  if (!king_may_move<Us>(pos, masks.king)) return;  // the danger squares cost a look at every enemy piece
  const Bitboard danger = king_danger<Us, false, Kinds>(pos);
  generate_king_moves<Us>(pos, masks.king, danger, sink);
  generate_castling_moves<Us>(pos, masks, danger, sink);
}

/// Every legal move of Us, the side to move, into `sink`.
template <Color Us, class Sink>
inline void generate_all(const PieceSets& pos, Sink& sink) {
  generate_all<Us>(pos, check_and_pin_masks<Us>(pos, pos.king_square(Us)), sink);
}

/// The legal moves of stage S (Stage::CAPTURES or Stage::QUIETS, common/staged_generation.hpp) of Us, the side
/// to move, into `sink`: generate_all's steps with the check mask and the king's steps narrowed to the stage's
/// targets, the enemy's pieces or the empty squares; en passant among the captures, castling among the quiet
/// moves. The king's danger squares are found only if the stage leaves the king a step to take or a castling.
template <Color Us, Stage S, class Sink>
inline void generate_stage_moves(const PieceSets& pos, Sink& sink) {
  static_assert(S == Stage::CAPTURES || S == Stage::QUIETS);
  const CheckAndPinMasks masks = check_and_pin_masks<Us>(pos, pos.king_square(Us));
  const Bitboard targets = S == Stage::CAPTURES ? pos.pieces(~Us) : ~pos.pieces();
  if (!more_than_one(masks.checkers)) {  // in double check only the king can move
    CheckAndPinMasks staged = masks;
    staged.check_mask &= targets;
    generate_pawn_moves_but_en_passant<Us>(pos, staged, sink);
    if constexpr (S == Stage::CAPTURES) add_en_passant<Us>(pos, masks, sink);
    generate_knight_moves<Us>(pos, staged, sink);
    generate_slider_moves<Us, BISHOP>(pos, staged, sink);
    generate_slider_moves<Us, ROOK>(pos, staged, sink);
    generate_slider_moves<Us, QUEEN>(pos, staged, sink);
  }
  if constexpr (S == Stage::CAPTURES) {
    if (!(attacks_bb<KING>(masks.king) & targets)) return;
  } else if (!king_may_move<Us>(pos, masks.king)) {
    return;
  }
  const Bitboard danger = king_danger<Us>(pos);
  generate_king_moves<Us>(pos, masks.king, danger | ~targets, sink);
  if constexpr (S == Stage::QUIETS) generate_castling_moves<Us>(pos, masks, danger, sink);
}

/// generate_pawn_moves but en passant: the pawns' moves that land on the check mask of `masks`, a pinned pawn's
/// along the line through its king. The stages (generate_stage_moves) give it a check mask narrowed to theirs.
template <Color Us, class Sink>
inline void generate_pawn_moves_but_en_passant(const PieceSets& pos, const CheckAndPinMasks& masks, Sink& sink) {
  const Bitboard pawns = pos.pieces(Us, PAWN);
  const Bitboard empty = ~pos.pieces(), enemies = pos.pieces(~Us);
  add_pawn_moves<Us>(pawns & ~masks.pinned, empty, enemies, masks.check_mask, sink);
  for (Bitboard pinned = pawns & masks.pinned; pinned;) {
    const Square from = pop_lsb(pinned);
    add_pawn_moves<Us>(square_bb(from), empty, enemies, masks.check_mask & line_bb(masks.king, from), sink);
  }
}

template <Color Us, class Sink>
inline void generate_pawn_moves(const PieceSets& pos, const CheckAndPinMasks& masks, Sink& sink) {
  generate_pawn_moves_but_en_passant<Us>(pos, masks, sink);
  add_en_passant<Us>(pos, masks, sink);
}

template <Color Us, class Sink>
inline void generate_knight_moves(const PieceSets& pos, const CheckAndPinMasks& masks, Sink& sink) {
  const Bitboard target = ~pos.pieces(Us) & masks.check_mask;
  for (Bitboard b = pos.pieces(Us, KNIGHT) & ~masks.pinned; b;) {
    const Square from = pop_lsb(b);
    add_piece_moves<KNIGHT>(sink, from, attacks_bb<KNIGHT>(from) & target);
  }
}

template <Color Us, PieceType Pt, class Sink>
inline void generate_slider_moves(const PieceSets& pos, const CheckAndPinMasks& masks, Sink& sink) {
  static_assert(Pt == BISHOP || Pt == ROOK || Pt == QUEEN);
  const Bitboard target = ~pos.pieces(Us) & masks.check_mask;
  const Bitboard occupied = pos.pieces();
  const Bitboard sliders = pos.pieces(Us, Pt);
  for (Bitboard b = sliders & ~masks.pinned; b;) {
    const Square from = pop_lsb(b);
    add_piece_moves<Pt>(sink, from, attacks_bb<Pt>(from, occupied) & target);
  }
  generate_pinned_slider_moves<Us, Pt>(pos, masks, sink);
}

template <Color Us, PieceType Pt, class Sink>
inline void generate_pinned_slider_moves(const PieceSets& pos, const CheckAndPinMasks& masks, Sink& sink) {
  const Bitboard target = ~pos.pieces(Us) & masks.check_mask;
  for (Bitboard pinned = pos.pieces(Us, Pt) & masks.pinned; pinned;) {
    const Square from = pop_lsb(pinned);
    add_piece_moves<Pt>(sink, from, attacks_bb<Pt>(from, pos.pieces()) & target & line_bb(masks.king, from));
  }
}

template <Color Us, class Sink>
inline void generate_king_moves(const PieceSets& pos, Square king, Bitboard danger, Sink& sink) {
  add_piece_moves<KING>(sink, king, attacks_bb<KING>(king) & ~pos.pieces(Us) & ~danger);
}

template <Color Us, class Sink>
inline void generate_castling_moves(const PieceSets& pos, const CheckAndPinMasks& masks, Bitboard danger, Sink& sink) {
  constexpr int first = Us == WHITE ? 0 : 2;  // the rules of K, Q, k, q
  constexpr CastlingRights ours = CastlingRights(3 << first);
  if (masks.checkers || !(pos.castling_rights() & ours)) return;
  for (int i = first; i < first + 2; ++i) {
    const CastlingRule& rule = pos.castling_rules().rule(i);
    if ((pos.castling_rights() & rule.right) &&
        castling_is_legal(rule, pos.pieces(), danger, pos.pieces(~Us, ROOK, QUEEN)))
      sink.add(rule.move());
  }
}

}  // namespace movegen::bitboard_tuned
