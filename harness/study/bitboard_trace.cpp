// The bitboard trace of bitboard_trace.hpp: the set operations of bitboard/movegen.cpp and the masks of
// bitboard/legal_masks.cpp, spelled out for one piece.
#include "harness/study/bitboard_trace.hpp"

#include <fmt/format.h>

#include <string>
#include <utility>

#include "bitboard/attack_tables.hpp"
#include "bitboard/bitboard.hpp"
#include "bitboard/legal_masks.hpp"

namespace movegen::harness {

// The bitboard's set operations for the piece, each line a set, then the masks that keep it legal.
Trace trace_bitboard(const bitboard::Position& pos, Square from) {
  using namespace bitboard;
  Trace t;
  const auto set = [&](std::string text, Bitboard b) { t.lines.push_back({std::move(text), b, true}); };
  const Color us = pos.side_to_move();
  const Bitboard ours = pos.pieces(us), theirs = pos.pieces(~us), empty = ~pos.pieces();
  const PieceType pt = type_of(pos.piece_on(from));
  const std::string f = square_name(from);
  if (pt == PAWN) {
    const bool north = pawn_push(us) == NORTH;
    const std::string dir = north ? "NORTH" : "SOUTH";
    const Bitboard b = square_bb(from);
    const Bitboard single = (north ? shift<NORTH>(b) : shift<SOUTH>(b)) & empty;
    const Bitboard third = single & rank_bb(relative_rank(us, RANK_3));
    const Bitboard dbl = (north ? shift<NORTH>(third) : shift<SOUTH>(third)) & empty;
    const Bitboard attacks = pawn_attacks_bb(us, from);
    const Bitboard ep = pos.ep_square() == SQ_NONE ? 0 : square_bb(pos.ep_square());
    set(fmt::format("single push = shift<{}>({{{}}}) & empty", dir, f), single);
    set(fmt::format("double push = shift<{}>(single push & rank {}) & empty", dir, us == WHITE ? 3 : 6), dbl);
    set(fmt::format("pawn_attacks_bb({}, {})", us == WHITE ? "WHITE" : "BLACK", f), attacks);
    set("captures = pawn attacks & enemy pieces", attacks & theirs);
    set("en passant = pawn attacks & the en passant square", attacks & ep);
    t.targets = single | dbl | (attacks & (theirs | ep));
  } else {
    const char* name = pt == KNIGHT   ? "KNIGHT"
                       : pt == BISHOP ? "BISHOP"
                       : pt == ROOK   ? "ROOK"
                       : pt == QUEEN  ? "QUEEN"
                                      : "KING";
    const Bitboard attacks = pt == KNIGHT   ? attacks_bb<KNIGHT>(from)
                             : pt == BISHOP ? attacks_bb<BISHOP>(from, pos.pieces())
                             : pt == ROOK   ? attacks_bb<ROOK>(from, pos.pieces())
                             : pt == QUEEN  ? attacks_bb<QUEEN>(from, pos.pieces())
                                            : attacks_bb<KING>(from);
    const bool slider = pt == BISHOP || pt == ROOK || pt == QUEEN;
    set(slider ? fmt::format("attacks_bb<{}>({}, occupied): each ray up to and including the first piece", name, f)
               : fmt::format("attacks_bb<{}>({})", name, f),
        attacks);
    set("moves = attacks & ~own pieces", attacks & ~ours);
    t.targets = attacks & ~ours;
  }
  const CheckAndPinMasks masks = check_and_pin_masks(pos);
  set("checkers (check_and_pin_masks)", masks.checkers);
  if (pt == KING) {
    set("safe_king_squares: not attacked with the king lifted", safe_king_squares(pos));
  } else {
    set("check_mask: where a move must land (every square when not in check)", masks.check_mask);
    if (masks.pinned & square_bb(from))
      set(fmt::format("pinned: {} may only move along line_bb(king, {})", f, f), line_bb(masks.king, from));
    else
      set(fmt::format("pinned ({} is not in it)", f), masks.pinned);
  }
  return t;
}

}  // namespace movegen::harness
