#include "tuned/bitboard/perft.hpp"

#include "tuned/bitboard/generate.hpp"

namespace movegen::bitboard_tuned {

namespace {

// Tells the compiler that a leaf's sets are read, so that each leaf of perft without bulk counting is
// built in memory, as a search builds the node it goes on to evaluate, and not left out as unused.
[[gnu::always_inline]] inline void keep(const PieceSets& leaf) { asm volatile("" : : "r"(&leaf) : "memory"); }

// A generator sink (generate.hpp) that plays each move it is handed on a copy of the sets of colour Us's
// node and passes the copy, the node after the move, to `visit`.
template <Color Us, class Visit>
class ChildMaker {
 public:
  ChildMaker(const PieceSets& node, Visit& visit) : node_(node), visit_(visit) {}

  // The moves of the Pt on `from` to each square of `targets`.
  template <PieceType Pt>
  [[gnu::always_inline]] void add_moves(Square from, Bitboard targets) {
    while (targets) {
      PieceSets child = node_;
      child.move_piece<Us, Pt>(from, pop_lsb(targets));
      visit_(child);
    }
  }
  // Pawn moves to each square of `targets`, from one step `d` behind; a double push sets en passant.
  [[gnu::always_inline]] void add_pawn_moves(Bitboard targets, Direction d, MoveFlag flag = NORMAL) {
    while (targets) {
      const Square to = pop_lsb(targets);
      PieceSets child = node_;
      child.move_piece<Us, PAWN>(to - d, to);
      if (flag == DOUBLE_PUSH) child.set_en_passant<Us>(to - d);
      visit_(child);
    }
  }
  // The four promotions to each square of `targets`, from one step `d` behind.
  void add_promotions(Bitboard targets, Direction d) {
    while (targets) {
      const Square to = pop_lsb(targets);
      for (PieceType pt : {QUEEN, ROOK, BISHOP, KNIGHT}) {
        PieceSets child = node_;
        child.promote<Us>(to - d, to, pt);
        visit_(child);
      }
    }
  }
  // En passant or castling, played by PieceSets::play (which needs no captured piece for either).
  void add(Move m) {
    PieceSets child = node_;
    child.play(m, make_piece(Us, m.flag() == CASTLING ? KING : PAWN), NO_PIECE);
    visit_(child);
  }

 private:
  const PieceSets& node_;
  Visit& visit_;
};

// The legal moves of Us, the side to move, counted with popcounts. Kept out of line: it is called from
// every move of a leaf parent's parent.
template <Color Us>
[[gnu::noinline]] std::uint64_t count_moves(const PieceSets& node) {
  MoveCounter counter;
  generate_all<Us>(node, counter);
  return counter.count;
}

// perft with Us, the side to move, known at compile time; depth >= 1.
template <Color Us>
std::uint64_t perft(const PieceSets& node, int depth, bool bulk) {
  if (bulk && depth == 1) return count_moves<Us>(node);
  std::uint64_t nodes = 0;
  auto visit = [&](const PieceSets& child) {
    if (depth == 1) {
      keep(child);
      ++nodes;
    } else if (bulk && depth == 2) {
      nodes += count_moves<~Us>(child);
    } else {
      nodes += perft<~Us>(child, depth - 1, bulk);
    }
  };
  ChildMaker<Us, decltype(visit)> maker(node, visit);
  generate_all<Us>(node, maker);
  return nodes;
}

}  // namespace

std::uint64_t perft(const PieceSets& sets, int depth, Counting counting) {
  if (depth <= 0) return 1;
  const bool bulk = counting != Counting::MAKE_EVERY_LEAF;
  return sets.side_to_move() == WHITE ? perft<WHITE>(sets, depth, bulk) : perft<BLACK>(sets, depth, bulk);
}

}  // namespace movegen::bitboard_tuned
