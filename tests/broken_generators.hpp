// Deliberately wrong generators, for testing that the harness finds bugs: each is the mailbox generator
// with one rule broken. Shared by tests/diff_test.cpp, tests/fuzz_test.cpp and tests/broken_engine.cpp.
//
//   BrokenPosition<DropEnPassant> pos = BrokenPosition<DropEnPassant>::from_fen(fen);   // never plays e.p.
#pragma once

#include <string_view>

#include "mailbox/movegen.hpp"
#include "mailbox/position.hpp"

namespace movegen::testing {

/// The mailbox position with generate_legal replaced by Bug::generate_legal.
template <class Bug>
class BrokenPosition : public mailbox::Position {
 public:
  static BrokenPosition from_fen(std::string_view fen) {
    BrokenPosition pos;
    static_cast<mailbox::Position&>(pos) = mailbox::Position::from_fen(fen);
    return pos;
  }
  void generate_legal(MoveList& list) { Bug::generate_legal(*this, list); }
};

/// Forgets en passant captures.
struct DropEnPassant {
  static void generate_legal(mailbox::Position& pos, MoveList& list) {
    MoveList legal;
    pos.generate_legal(legal);
    for (Move m : legal)
      if (m.flag() != EN_PASSANT) list.push_back(m);
  }
};

/// Lets a pinned piece leave its pin line when the king is not in check: the legality test is skipped
/// for every move that is not a king move or en passant.
struct PinnedMayMove {
  static void generate_legal(mailbox::Position& pos, MoveList& list) {
    pos.generate_legal(list);
    if (pos.in_check()) return;
    MoveList pseudo;
    mailbox::generate_pseudo_legal(pos, pseudo);
    for (Move m : pseudo)
      if (m.from() != pos.king_square(pos.side_to_move()) && m.flag() != EN_PASSANT && !list.contains(m))
        list.push_back(m);
  }
};

/// Generates every double push twice.
struct DuplicateDoublePush {
  static void generate_legal(mailbox::Position& pos, MoveList& list) {
    pos.generate_legal(list);
    MoveList copy = list;
    for (Move m : copy)
      if (m.flag() == DOUBLE_PUSH) list.push_back(m);
  }
};

}  // namespace movegen::testing
