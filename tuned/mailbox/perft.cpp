// mailbox-tuned's own perft recursion (tuned/mailbox/perft.hpp), and the generic perft over Position,
// compiled once here in a unit of its own (tuned/mailbox/position.hpp declares it `extern template`). In
// the harness's unit, which builds perft for all four generators, GCC reached its limit on how much a unit
// may grow by inlining and kept parts of make and unmake out of line: a call each per leaf of a perft
// without bulk counting. Here make and unmake (tuned/mailbox/make_move.hpp) are inlined into the loops.
#include "tuned/mailbox/perft.hpp"

#include "tuned/mailbox/generate.hpp"
#include "tuned/mailbox/position.hpp"

namespace movegen {

template std::uint64_t perft<mailbox_tuned::Position>(mailbox_tuned::Position& pos, int depth, Counting counting);

}  // namespace movegen

namespace movegen::mailbox_tuned {

namespace {

// Tells the compiler that a leaf, every field of it, is read, so that each leaf of perft without bulk counting is
// played on the board, as a search plays the move it goes on to evaluate, and not left out as unused.
[[gnu::always_inline]] inline void keep(const Position& leaf) { asm volatile("" : : "m"(leaf)); }

// A generator sink (generate.hpp) that plays each move it is handed (without the key), passes the
// position after it to its Visit (MakeLeaf, CountReplies or Recurse below), and takes the move back.
template <class Visit>
class ChildMaker {
 public:
  ChildMaker(Position& pos, Visit visit) : pos_(pos), visit_(visit) {}
  // The visitor, with the leaves it counted.
  const Visit& visit() const { return visit_; }

  [[gnu::always_inline]] void add(Move m) {
    // Castling in line (Position::play_castling); the generator's castling call passes a constant flag.
    if (m.flag() == CASTLING) {
      if (pos_.side_to_move() == WHITE)
        pos_.play_castling<WHITE>(m, visit_);
      else
        pos_.play_castling<BLACK>(m, visit_);
      return;
    }
    Position::Undo undo;
    pos_.make_move_unchecked<false>(m, undo);
    visit_(pos_);
    pos_.unmake_move_unchecked<false>(m, undo);
  }
  // A quiet move of the piece of type Pt of Us, the side to move, played knowing both
  // (Position::make_quiet_move).
  template <Color Us, PieceType Pt>
  [[gnu::always_inline]] void add_quiet(Square from, Square to) {
    Position::Undo undo;
    pos_.make_quiet_move<Us, Pt>(from, to, undo);
    visit_(pos_);
    pos_.unmake_quiet_move<Us, Pt>(from, to, undo);
  }
  // A capture of the piece of type Pt of Us, played knowing both (Position::make_capture).
  template <Color Us, PieceType Pt>
  [[gnu::always_inline]] void add_capture(Square from, Square to) {
    Position::Undo undo;
    pos_.make_capture<Us, Pt>(from, to, undo);
    visit_(pos_);
    pos_.unmake_capture<Us, Pt>(from, to, undo);
  }
  // A promotion of a pawn of Us to a piece of type Pt, played knowing both (Position::make_promotion).
  template <Color Us, PieceType Pt>
  [[gnu::always_inline]] void add_promotion(Square from, Square to) {
    Position::Undo undo;
    pos_.make_promotion<Us, Pt>(from, to, undo);
    visit_(pos_);
    pos_.unmake_promotion<Us, Pt>(from, to, undo);
  }
  // The quiet moves of the piece of type Pt of Us from `from` to each square of `targets`, played as one set
  // (Position::play_quiet_moves).
  template <Color Us, PieceType Pt>
  [[gnu::always_inline]] void add_quiets(Square from, Bitboard targets) {
    pos_.play_quiet_moves<Us, Pt>(from, targets, visit_);
  }
  // The captures of the piece of type Pt of Us from `from` onto each square of `targets`, played as one set
  // (Position::play_captures).
  template <Color Us, PieceType Pt>
  [[gnu::always_inline]] void add_captures(Square from, Bitboard targets) {
    pos_.play_captures<Us, Pt>(from, targets, visit_);
  }
  // The pushes of the pawns of Us onto each square of `targets`, from `back` squares behind each, played as
  // one set (Position::play_pawn_pushes).
  template <Color Us, MoveFlag Flag>
  [[gnu::always_inline]] void add_pawn_pushes(Bitboard targets, int back) {
    pos_.play_pawn_pushes<Us, Flag>(targets, back, visit_);
  }
  // A move from `from` to each square of `targets`: the king's steps, played as quiet moves or captures
  // of the side to move, found once for the whole set.
  void add_moves(Square from, Bitboard targets) {
    if (pos_.side_to_move() == WHITE)
      add_king_steps<WHITE>(from, targets);
    else
      add_king_steps<BLACK>(from, targets);
  }

 private:
  template <Color Us>
  void add_king_steps(Square from, Bitboard targets) {
    const Bitboard quiet = targets & ~occupied_squares_bb(pos_.board());
    add_quiets<Us, KING>(from, quiet);
    add_captures<Us, KING>(from, targets & ~quiet);
  }

  Position& pos_;
  Visit visit_;
};

// The legal moves of Us, the side to move, counted. Kept out of line: it is called from every move of a
// leaf parent's parent.
template <Color Us>
[[gnu::noinline]] std::uint64_t count_moves(Position& pos) {
  MoveCounter counter;
  generate_all<Us>(pos, counter);
  return counter.count;
}

template <Color Us>
std::uint64_t perft(Position& pos, int depth, bool bulk);

// The three things perft does with a child, each a ChildMaker's Visit. A leaf (no bulk counting at
// depth 1): played and kept.
struct MakeLeaf {
  std::uint64_t nodes = 0;
  [[gnu::always_inline]] void operator()(const Position& leaf) {
    keep(leaf);
    ++nodes;
  }
};
// A leaf parent with bulk counting: its legal moves counted.
template <Color Them>
struct CountReplies {
  std::uint64_t nodes = 0;
  void operator()(Position& child) { nodes += count_moves<Them>(child); }
};
// Any other child: perft `depth` plies below it.
template <Color Them>
struct Recurse {
  int depth;
  bool bulk;
  std::uint64_t nodes = 0;
  void operator()(Position& child) { nodes += perft<Them>(child, depth, bulk); }
};

// The leaves below `pos` through `visit`: every legal move of Us played and handed to it.
template <Color Us, class Visit>
std::uint64_t visit_children(Position& pos, Visit visit) {
  ChildMaker<Visit> maker(pos, visit);
  generate_all<Us>(pos, maker);
  return maker.visit().nodes;
}

// perft with Us, the side to move, known at compile time; depth >= 1.
template <Color Us>
std::uint64_t perft(Position& pos, int depth, bool bulk) {
  if (depth == 1) return bulk ? count_moves<Us>(pos) : visit_children<Us>(pos, MakeLeaf{});
  if (depth == 2 && bulk) return visit_children<Us>(pos, CountReplies<~Us>{});
  return visit_children<Us>(pos, Recurse<~Us>{depth - 1, bulk});
}

}  // namespace

std::uint64_t perft(Position& pos, int depth, Counting counting) {
  if (depth <= 0) return 1;
  const bool bulk = counting != Counting::MAKE_EVERY_LEAF;
  return pos.side_to_move() == WHITE ? perft<WHITE>(pos, depth, bulk) : perft<BLACK>(pos, depth, bulk);
}

std::uint64_t Position::perft(int depth, Counting counting) const {
  Position copy = *this;
  return mailbox_tuned::perft(copy, depth, counting);
}

}  // namespace movegen::mailbox_tuned
