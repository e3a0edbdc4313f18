// Castling in classical chess and Chess960: the squares of a castling move, and the castling rules of one
// game, found from its FEN.
//
//   Move m(SQ_E1, SQ_H1, CASTLING);                 // castling is encoded king-takes-rook
//   CastlingMove c = castling_move(m);              // king e1 -> g1, rook h1 -> f1
//   CastlingRules rules = CastlingRules::of(parse_fen(START_FEN));
//   rules.rights_kept_after_touching(SQ_H1);        // every right but K
//
// In both games the king lands on the g-file (king side) or c-file (queen side) and the rook beside it on
// the f- or d-file; in Chess960 king and rook may start on any files of their back rank, either may already
// stand on its destination, and a destination may be the other's start (FIDE Laws of Chess, the Chess960
// rules' castling article).
#pragma once

#include <array>

#include "common/fen.hpp"
#include "common/move.hpp"

namespace movegen {

/// The four squares of a castling move: where king and rook start and where they land.
struct CastlingMove {
  Square king_from, king_to, rook_from, rook_to;
};

/// The castling move of the king on `king_from` with the rook on `rook_from` (same rank): king side if the
/// rook stands on a higher file, the king then landing on the g-file and the rook on the f-file; queen side
/// otherwise, on the c- and d-files.
constexpr CastlingMove castling_move(Square king_from, Square rook_from) {
  const Rank r = rank_of(king_from);
  const bool king_side = rook_from > king_from;
  return {king_from, make_square(king_side ? FILE_G : FILE_C, r), rook_from,
          make_square(king_side ? FILE_F : FILE_D, r)};
}

/// The squares of castling move m, which is encoded king-takes-rook: Move(king_from, rook_from, CASTLING).
constexpr CastlingMove castling_move(Move m) { return castling_move(m.from(), m.to()); }

/// What one castling right needs, for the rook it was granted with: the castling move's squares, the
/// squares that must be empty, and the squares the king must not be attacked on.
struct CastlingRule {
  CastlingRights right = NO_CASTLING;
  Color color = WHITE;
  Square king_from = SQ_NONE, king_to = SQ_NONE, rook_from = SQ_NONE, rook_to = SQ_NONE;
  /// Every square the king or the rook crosses or lands on, their own start squares excepted: all empty.
  Bitboard path = 0;
  /// The squares the king passes through and lands on, king_from excepted: none attacked.
  Bitboard king_path = 0;
  /// True if the rook stands off the corner, so that it may shield king_to from a slider along the back
  /// rank: then king_to must be tested without the rook (never in classical chess).
  bool rook_may_shield = false;

  /// The move that castles by this rule, king-takes-rook.
  constexpr Move move() const { return Move(king_from, rook_from, CASTLING); }
};

/// The first condition of the castling rule that a castling move breaks, in the order check_castling tests
/// them, or NONE if it breaks none.
enum class CastlingFault {
  NONE,
  NO_RIGHT,          // the right is not held
  PATH_OCCUPIED,     // a square king or rook crosses or lands on holds another piece
  IN_CHECK,          // the king stands attacked
  CROSSES_ATTACKED,  // a square the king passes through is attacked
  LANDS_ATTACKED,    // the square the king lands on is attacked
  ROOK_SHIELDS,      // Chess960: the king's square is attacked once the rook has left its own
};

/// check_castling's verdict: the fault found and the square it concerns (SQ_NONE for NONE and NO_RIGHT).
struct CastlingCheck {
  CastlingFault fault = CastlingFault::NONE;
  Square square = SQ_NONE;
  /// True if castling is legal.
  constexpr bool legal() const { return fault == CastlingFault::NONE; }
};

/// The castling rule, written once for every generator and the move judge (FIDE Laws of Chess, art. 3.8.2,
/// and the Chess960 rules): castling by `rule` is legal if its right is in `rights`, every square of
/// rule.path is empty (`is_empty(Square)`), the king is not in check, no square the king passes through or
/// lands on is attacked (`is_attacked(Square, Bitboard lifted)` with nothing lifted), and, for a rook off
/// the corner, the king's square is still not attacked with king and rook lifted off their start squares: such a
/// rook may stand between that square and an enemy slider on the back rank, and shields it only until it
/// moves. `is_attacked(s, lifted)` answers for the enemy of rule.color, with the pieces on `lifted` taken
/// off the board. Returns the first fault found.
template <class IsEmpty, class IsAttacked>
constexpr CastlingCheck check_castling(const CastlingRule& rule, CastlingRights rights, IsEmpty&& is_empty,
                                       IsAttacked&& is_attacked) {
  if (!(rights & rule.right)) return {CastlingFault::NO_RIGHT, SQ_NONE};
  for (Bitboard path = rule.path; path;)
    if (const Square s = pop_lsb(path); !is_empty(s)) return {CastlingFault::PATH_OCCUPIED, s};
  if (is_attacked(rule.king_from, Bitboard(0))) return {CastlingFault::IN_CHECK, rule.king_from};
  for (Bitboard path = rule.king_path & ~square_bb(rule.king_to); path;)
    if (const Square s = pop_lsb(path); is_attacked(s, Bitboard(0))) return {CastlingFault::CROSSES_ATTACKED, s};
  if (is_attacked(rule.king_to, Bitboard(0))) return {CastlingFault::LANDS_ATTACKED, rule.king_to};
  if (rule.rook_may_shield && is_attacked(rule.king_to, square_bb(rule.king_from) | square_bb(rule.rook_from)))
    return {CastlingFault::ROOK_SHIELDS, rule.king_to};
  return {};
}

/// The castling rules of one game, found from the rook squares of its FEN: one CastlingRule per right K, Q,
/// k, q (on the classical squares for a right the FEN does not hold, which the game cannot regain), and for
/// each square the
/// rights that survive a move from or onto it (FIDE Laws of Chess, art. 3.8.2.1: a king or rook that has
/// moved, or a rook that is taken, castles no more).
class CastlingRules {
 public:
  /// The rules for the rights of `s`; s must satisfy check_board_state.
  static CastlingRules of(const BoardState& s);

  /// The rule of the right with castling_index i (0..3: K, Q, k, q).
  const CastlingRule& rule(int i) const { return rules_[i]; }
  /// The rights that survive a move touching square s (a1 = 0 .. h8 = 63).
  CastlingRights rights_kept_after_touching(Square s) const { return kept_[s]; }
  /// True if the rule of every right held stands on the classical squares (king on e1/e8, rooks in the
  /// corners).
  bool classical() const { return classical_; }
  /// The rook squares of the rights in `rights`, for BoardState::castling_rooks (SQ_NONE elsewhere).
  std::array<Square, 4> rook_squares(CastlingRights rights) const;

 private:
  std::array<CastlingRule, 4> rules_{};
  std::array<CastlingRights, SQUARE_NB> kept_{};
  bool classical_ = true;
};

/// Appends to `moves` the castling move (king-takes-rook) of each rule of colour `us` in `rules` that
/// check_castling finds legal with `rights`, in the order K, Q, k, q: the castling generator of every
/// reference representation, over that representation's `is_empty` and `is_attacked`.
template <class IsEmpty, class IsAttacked>
void add_legal_castling_moves(const CastlingRules& rules, CastlingRights rights, Color us, IsEmpty&& is_empty,
                              IsAttacked&& is_attacked, MoveList& moves) {
  for (int i = 0; i < 4; ++i) {
    const CastlingRule& rule = rules.rule(i);
    if (rule.color == us && check_castling(rule, rights, is_empty, is_attacked).legal()) moves.push_back(rule.move());
  }
}

/// Castling, encoded king-takes-rook, by every rule of the side to move in reference position `pos` that
/// check_castling finds legal: generated legal, written once over the representation's primitives, an empty
/// square (pos.empty(s)) and is_square_attacked_without(pos, s, by, lifted), the attack test with
/// the pieces on `lifted` off the board, found by argument-dependent lookup.
template <class P>
requires requires(const P& pos, Square s, Bitboard lifted) {
  pos.empty(s);
  is_square_attacked_without(pos, s, WHITE, lifted);
}
void generate_castling_moves(const P& pos, MoveList& moves) {
  const Color us = pos.side_to_move();
  auto empty = [&](Square s) { return pos.empty(s); };
  auto attacked = [&](Square s, Bitboard lifted) { return is_square_attacked_without(pos, s, ~us, lifted); };
  add_legal_castling_moves(pos.castling_rules(), pos.castling_rights(), us, empty, attacked, moves);
}

}  // namespace movegen
