// The make-test-unmake strategy, written once for every reference representation: a pseudo-legal move is legal
// if, once made, the mover's king is not attacked (keeps_king_safe). The strategy asks it of every move
// (generate_made_and_tested, for every stage) and makes a generator of a representation's position
// (MtuPosition); the masks strategy (common/masks_strategy.hpp) asks it only of en passant.
//
//   auto pos = MtuPosition<mailbox::Position>::from_fen(START_FEN);   // the generator `mailbox`
//   MoveList moves;
//   pos.generate_legal(moves);              // 20 moves, each made and unmade once to test it
//   if (keeps_king_safe(pos, m)) list.push_back(m);   // m made with pos.make_board_move, tested, taken back
#pragma once

#include <cstddef>
#include <string_view>

#include "common/move.hpp"
#include "common/staged_generation.hpp"
#include "common/types.hpp"

namespace movegen {

/// True if pseudo-legal move `m` leaves the mover's king unattacked: made with pos.make_board_move(m), the king tested
/// with pos.is_square_attacked, taken back with pos.unmake_board_move. `pos` is left as it was.
template <class P>
bool keeps_king_safe(P& pos, Move m) {
  const Color us = pos.side_to_move();
  const auto undo = pos.make_board_move(m);
  const bool safe = !pos.is_square_attacked(pos.king_square(us), ~us);
  pos.unmake_board_move(m, undo);
  return safe;
}

/// The make-test-unmake strategy, written once for every reference representation and every stage: appends to
/// `list` each pseudo-legal move of stage S of the side to move that keeps_king_safe keeps, in generation order,
/// and leaves `pos` as it was. LEGAL: every pseudo-legal move (the representation's generate_pseudo_legal).
/// CAPTURES: the pieces' moves onto stage_targets, the enemy's squares, and en passant, which the pawns'
/// generator adds whatever its targets. QUIETS: the pieces' moves onto every other square, then castling; en
/// passant is dropped untested. The representation's functions are found by argument-dependent lookup.
template <Stage S, class P>
void generate_made_and_tested(P& pos, MoveList& list) {
  MoveList pseudo;
  if constexpr (S == Stage::LEGAL) {
    generate_pseudo_legal(pos, pseudo);
  } else {
    generate_moves_onto(pos, stage_targets<S>(pos), pseudo);
    if constexpr (S == Stage::QUIETS) generate_castling_moves(pos, pseudo);
  }
  for (Move m : pseudo)
    if ((S != Stage::QUIETS || m.flag() != EN_PASSANT) && keeps_king_safe(pos, m)) list.push_back(m);
}

/// The generator of make-test-unmake on representation position `Board` (mailbox::Position, ...): the generators
/// `mailbox`, `board10x12`, `x88` and `bitboard-mtu` of the generator table. Satisfies movegen::ChessPosition.
template <class Board>
struct MtuPosition : Board {
  /// The position of a FEN. Throws FenError naming the field for any malformed or impossible FEN.
  static MtuPosition from_fen(std::string_view fen) { return {Board::from_fen(fen)}; }
  /// Appends every legal move to `list`: generate_made_and_tested<Stage::LEGAL>.
  void generate_legal(MoveList& list) { generate_made_and_tested<Stage::LEGAL>(static_cast<Board&>(*this), list); }
};

/// Appends the legal moves of `stage` (common/staged_generation.hpp) of the side to move in `pos` to `list`: each
/// pseudo-legal move of the stage made and tested. What generate_captures and generate_quiets call for this
/// generator.
template <class Board>
void generate_stage(MtuPosition<Board>& pos, MoveList& list, Stage stage) {
  with_stage(stage, [&]<Stage S>() { generate_made_and_tested<S>(static_cast<Board&>(pos), list); });
}

/// Removes from list[first..] each en passant capture for which `keep(m)` is false; keeps the order of the
/// others.
template <class Keep>
void keep_en_passant_if(MoveList& list, std::size_t first, Keep keep) {
  std::size_t kept = first;
  for (std::size_t i = first; i < list.size(); ++i)
    if (list[i].flag() != EN_PASSANT || keep(list[i])) list.set(kept++, list[i]);
  list.resize(kept);
}

/// Removes from list[first..] each en passant capture that keeps_king_safe rejects; keeps the order of the
/// others.
template <class P>
void drop_unsafe_en_passant(P& pos, MoveList& list, std::size_t first) {
  keep_en_passant_if(list, first, [&](Move m) { return keeps_king_safe(pos, m); });
}

}  // namespace movegen
