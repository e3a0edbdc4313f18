// Deliberately wrong generators, for testing that the harness finds bugs: each is the mailbox generator
// with one rule broken, a few lines on top of the correct one, through BrokenPosition<Bug>. The helpers
// here serve the zoo of classic bugs (tests/bug_zoo.hpp) too. Shared by tests/diff_test.cpp,
// tests/fuzz_test.cpp, tests/zoo_test.cpp and tests/broken_engine.cpp.
//
//   BrokenPosition<DropEnPassant> pos = BrokenPosition<DropEnPassant>::from_fen(fen);   // never plays e.p.
#pragma once

#include <algorithm>
#include <string_view>
#include <vector>

#include "common/make_test_unmake.hpp"
#include "common/staged_generation.hpp"
#include "mailbox/movegen.hpp"

namespace movegen::testing {

/// What a buggy make_move keeps that the correct one clears: castling rights and an en passant square.
struct Ghost {
  CastlingRights castling = NO_CASTLING;
  Square ep = SQ_NONE;
};

/// The mailbox position, plus what a broken generator needs: a legality test it can call on any move,
/// and the ghost rights a buggy make_move kept.
class BrokenBase : public MtuPosition<mailbox::Position> {
 public:
  /// True if playing `m` (legal or not by the rules) leaves the mover's king unattacked.
  bool king_safe_after(Move m) { return keeps_king_safe(*this, m); }
  /// The rights and en passant square the buggy make_move kept beyond the correct ones.
  const Ghost& ghost() const { return ghost_; }

 protected:
  Ghost ghost_;
  std::vector<Ghost> ghosts_;
  std::vector<mailbox::Undo> undos_;  // what unmake_board_move needs for each move made, last move last
};

/// The mailbox position with generate_legal replaced by Bug::generate_legal and, if Bug has one,
/// Bug::ghost_after updating the ghost on every move, and Bug::played(pos, m) the move make_move plays
/// instead of m (a make-move bug; unmake_move takes back what was played). Moves are played without the invariant check
/// of checked builds: a broken generator's moves may leave its king in check. They are played with make_board_move(),
/// so key() stays the key of the FEN: no hash perft runs on these.
template <class Bug>
class BrokenPosition : public BrokenBase {
 public:
  static BrokenPosition from_fen(std::string_view fen) {
    BrokenPosition pos;
    static_cast<MtuPosition<mailbox::Position>&>(pos) = MtuPosition<mailbox::Position>::from_fen(fen);
    return pos;
  }
  void generate_legal(MoveList& list) { Bug::generate_legal(*this, list); }
  /// The stages of the broken generator, filtered from its own legal moves (not the mailbox's generate_stage,
  /// which it would otherwise inherit), so that they agree with generate_legal and only the planted bug differs.
  void generate_captures(MoveList& list) { generate_legal_where_capture_is(*this, list, true); }
  void generate_quiets(MoveList& list) { generate_legal_where_capture_is(*this, list, false); }
  void make_move(Move m) {
    ghosts_.push_back(ghost_);
    if constexpr (requires { Bug::ghost_after(*this, m, ghost_); }) ghost_ = Bug::ghost_after(*this, m, ghost_);
    if constexpr (requires { Bug::played(*this, m); }) m = Bug::played(*this, m);
    played_.push_back(m);
    undos_.push_back(make_board_move(m));
  }
  void unmake_move(Move) {
    unmake_board_move(played_.back(), undos_.back());
    played_.pop_back();
    undos_.pop_back();
    ghost_ = ghosts_.back();
    ghosts_.pop_back();
  }

 private:
  std::vector<Move> played_;  // the moves make_move played, last move last
};

/// The correct generator's legal moves for which keep(move) is true.
template <class Keep>
void legal_moves_where(BrokenBase& pos, MoveList& list, Keep keep) {
  MoveList legal;
  pos.MtuPosition<mailbox::Position>::generate_legal(legal);
  for (Move m : legal)
    if (keep(m)) list.push_back(m);
}

/// The correct generator's legal moves, plus each pseudo-legal move it rejects for which add(move) is true.
template <class Add>
void legal_moves_plus(BrokenBase& pos, MoveList& list, Add add) {
  pos.MtuPosition<mailbox::Position>::generate_legal(list);
  MoveList pseudo;
  mailbox::generate_pseudo_legal(pos, pseudo);
  for (Move m : pseudo)
    if (!list.contains(m) && add(m)) list.push_back(m);
}

/// Castling for the side to move's `rights`, tested for attack by safe(rule) instead of the rule.
template <class Safe>
void castling_where(BrokenBase& pos, MoveList& list, CastlingRights rights, Safe safe) {
  for (int i = 0; i < 4; ++i) {
    const CastlingRule& rule = pos.castling_rules().rule(i);
    if (rule.color != pos.side_to_move() || !(rights & rule.right)) continue;
    bool empty_between = true;
    for (Bitboard path = rule.path; path;) empty_between &= pos.piece_on(pop_lsb(path)) == NO_PIECE;
    if (empty_between && safe(rule)) list.push_back(rule.move());
  }
}

/// True if a piece of the side not to move attacks `s`.
inline bool attacked(const BrokenBase& pos, int s) { return pos.is_square_attacked(Square(s), ~pos.side_to_move()); }

/// Forgets en passant captures.
struct DropEnPassant {
  static void generate_legal(BrokenBase& pos, MoveList& list) {
    legal_moves_where(pos, list, [](Move m) { return m.flag() != EN_PASSANT; });
  }
};

/// Lets a pinned piece leave its pin line when the king is not in check: the legality test is skipped
/// for every move that is not a king move or en passant.
struct PinnedMayMove {
  static void generate_legal(BrokenBase& pos, MoveList& list) {
    legal_moves_plus(pos, list, [&](Move m) {
      return !pos.in_check() && m.from() != pos.king_square(pos.side_to_move()) && m.flag() != EN_PASSANT;
    });
  }
};

/// Generates every double push twice.
struct DuplicateDoublePush {
  static void generate_legal(BrokenBase& pos, MoveList& list) {
    pos.MtuPosition<mailbox::Position>::generate_legal(list);
    MoveList copy = list;
    for (Move m : copy)
      if (m.flag() == DOUBLE_PUSH) list.push_back(m);
  }
};

}  // namespace movegen::testing
