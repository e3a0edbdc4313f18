#include "tuned/bitboard/perft.hpp"

#include <array>
#include <new>

#include "tuned/bitboard/child_maker.hpp"
#include "tuned/bitboard/count.hpp"
#include "tuned/bitboard/page_offset.hpp"
#include "tuned/bitboard/rook_ending.hpp"
#include "tuned/bitboard/sibling_perft.hpp"

namespace movegen::bitboard_tuned {

namespace {

// Tells the compiler a leaf's sets are read: each leaf without bulk counting is built in memory, as a search's is.
[[gnu::always_inline]] inline void keep(const PieceSets& leaf) { asm volatile("" : : "m"(leaf)); }

template <Color Us, PieceKinds Kinds = ALL_KINDS>
std::uint64_t perft(const PieceSets& node, int depth, Counting counting);

// Room for one child left unset: StoreChild and MakeLeaf build each child in a slot as its move is played.
union ChildSlot {
  ChildSlot() {}
  PieceSets sets;
};
// The four things perft does with a child, each a ChildMaker's Visit (child_maker.hpp), so that each loop over the moves
// holds only its own work. A leaf (no bulk counting at depth 1): built and kept. CastlingRights false where the
// parent holds no castling right (the rook-ending version, perft<Us, ROOKS_ONLY>): ChildMaker then keeps none up.
template <bool CastlingRights>
struct MakeLeaf {
  static constexpr bool IN_PLACE = false;        // each leaf a copy of its parent (see ChildMaker)
  static constexpr bool STORES_CHILDREN = true;  // or written into next_slot() by ChildMaker, then kept (written)
  static constexpr bool CASTLING_RIGHTS = CastlingRights;
  static constexpr bool PROMOTIONS = true;
  std::uint64_t nodes = 0;
  [[gnu::always_inline]] void operator()(const PieceSets& leaf) {
    keep(leaf);
    ++nodes;
  }
  ChildSlot* slot;  // the one slot every leaf is written into: outside the sink, so that keep() reads it alone
  // The slot, the leaf counted as built.
  [[gnu::always_inline]] void* next_slot() {
    ++nodes;
    return &slot->sets;
  }
  // The leaf ChildMaker wrote into next_slot(), complete: kept.
  [[gnu::always_inline]] void written(const PieceSets& leaf) { keep(leaf); }
};
// A leaf parent (bulk counting at depth 2) counted without direction fills, by the version picked for its parent
// (with_count_version, count.hpp), inlined into the loop over the parent's moves so that the sets the siblings share
// stay in registers. Them's king square is found once, from the parent, not in each child (five sets read there),
// which took 2-8% of bulk-counted perft's instructions.
template <Color Them, PieceKinds Kinds>
struct CountReplies {
  static constexpr bool IN_PLACE = true;  // the count reads the child and keeps no reference to it
  static constexpr bool STORES_CHILDREN = false;
  // False in the rook-ending version, which with_count_version picks only where the parent holds no castling right
  // and no pawn that can promote (kinds_of_children): ChildMaker then keeps no rights up and plays no promotion.
  static constexpr bool CASTLING_RIGHTS = Kinds != ROOKS_ONLY;
  static constexpr bool PROMOTIONS = Kinds != ROOKS_ONLY;
  Square king;        // Them's, which Us's moves leave where it stands
  Square mover_king;  // Us's in the parent: where it stands after every move but its own
  std::uint64_t nodes = 0;
  void operator()(const PieceSets& child) {
    if constexpr (Kinds == ROOKS_ONLY)
      nodes += count_rook_ending_moves<Them>(child, king, child.king_square(~Them));
    else
      nodes += count_legal_moves_of<Them, false, Kinds>(child, king);
  }
  // The child after a move of Us's Pt to `to`: in a rook ending, counted with Us's king square known (rook_ending.hpp).
  template <PieceType Pt>
  [[gnu::always_inline]] void after_move(const PieceSets& child, Square to) {
    if constexpr (Kinds == ROOKS_ONLY)
      nodes += count_rook_ending_moves<Them>(child, king, Pt == KING ? to : mover_king);
    else
      (*this)(child);
  }
};
// A leaf parent counted with direction fills: built into the next slot, to be counted once all its siblings
// are built (count_children_with_fills).
struct StoreChild {
  static constexpr bool IN_PLACE = false;        // each child a slot of its own
  static constexpr bool STORES_CHILDREN = true;  // ChildMaker may write a child into next_slot() itself
  static constexpr bool CASTLING_RIGHTS = true;
  static constexpr bool PROMOTIONS = true;
  ChildSlot* slots;
  std::uint64_t nodes = 0;  // the children built so far
  [[gnu::always_inline]] void operator()(const PieceSets& child) { new (&slots[nodes++].sets) PieceSets(child); }
  // The next slot's storage, counted as built: the caller writes a whole PieceSets into it.
  [[gnu::always_inline]] void* next_slot() { return &slots[nodes++].sets; }
  // The child ChildMaker wrote into next_slot(), complete: counted later.
  void written(const PieceSets&) {}
};
// Any other child: perft `depth` plies below it, generating only the kinds of Kinds (perft<Them, Kinds>).
template <Color Them, PieceKinds Kinds>
// Written by ChildMaker as vectors into one slot, as a leaf is: the child's first reads are the three vectors of
// its own ChildVectors, which a copy changed by narrow stores could not forward to.
struct Recurse {
  static constexpr bool IN_PLACE = false;
  static constexpr bool STORES_CHILDREN = true;
  static constexpr bool CASTLING_RIGHTS = true;
  static constexpr bool PROMOTIONS = true;
  int depth;
  Counting counting;
  ChildSlot* slot;  // the one slot every child is written into, in recurse's frame
  std::uint64_t nodes = 0;
  void operator()(const PieceSets& child) { nodes += perft<Them, Kinds>(child, depth, counting); }
  // The slot, for ChildMaker to write the next child into.
  [[gnu::always_inline]] void* next_slot() { return &slot->sets; }
  // The child ChildMaker wrote into next_slot(), complete: perft below it.
  void written(const PieceSets& child) { (*this)(child); }
};

// The leaves below `node` through `visit`: each legal move of Us handed to it, looked for among the kinds of Kinds.
template <Color Us, PieceKinds Kinds = ALL_KINDS, class Visit>
std::uint64_t visit_children(const PieceSets& node, Visit visit) {
  ChildMaker<Us, Visit> maker(node, visit);
  if constexpr (Kinds == ALL_KINDS)
    generate_all<Us>(node, maker);
  else
    generate_all<Us, Kinds>(node, check_and_pin_masks<Us, Kinds>(node, lsb(node.pieces_of_kinds<Kinds, KING>(Us))),
                            maker);
  return maker.visit().nodes;
}

// gnu::flatten on the two functions below, except in a sanitizer build (MOVEGEN_SANITIZE): instrumented, the whole
// count inlined into each version took this file 70 s to compile, against 10 s called. Where it was inlined is moot.
#ifdef MOVEGEN_SANITIZE
#define MOVEGEN_FLATTEN
#else
#define MOVEGEN_FLATTEN [[gnu::flatten]]
#endif

// The leaves two plies below `node`, with its children counted by one version of the count without fills
// (CountReplies<~Us, Kinds>). One function per version, everything inlined into it (flatten): with three versions
// inlined into perft, GCC left the generators of `node`'s moves out of line (the start position 2% more
// instructions). `node`'s own moves are looked for among the kinds of Kinds too: the rook-ending version, with the
// count inlined at each generator of every kind, filled 72 KB; now 38 KB (position 3: 11.54 to 11.12 Ir a leaf).
template <Color Us, PieceKinds Kinds>
[[gnu::noinline]] MOVEGEN_FLATTEN std::uint64_t count_grandchildren(const PieceSets& node) {
  const Square mover_king = Kinds == ROOKS_ONLY ? node.king_square(Us) : SQ_NONE;  // read only in a rook ending
  return visit_children<Us, Kinds>(node, CountReplies<~Us, Kinds>{node.king_square(~Us), mover_king});
}

// The leaves two plies below `node`, its children counted with direction fills: every child built first, into
// an array, then each counted in one loop that holds nothing else, the count inlined into it. The count with
// fills needs more registers than the loop over the moves leaves it: inlined there it made Kiwipete and
// position 4 about 10% slower, and called once per child it spent about 20 instructions on the call, and its
// branches were predicted worse (docs/benchmarks.md).
template <Color Us>
[[gnu::noinline]] MOVEGEN_FLATTEN std::uint64_t count_children_with_fills(const PieceSets& node) {
  ChildSlot children[MoveList::CAPACITY];  // no position has more legal moves (MoveList, common/move.hpp)
  const std::uint64_t n = visit_children<Us>(node, StoreChild{children});
  const Square king = node.king_square(~Us);
  FillTally tally;
  for (std::uint64_t i = 0; i < n; ++i) count_moves_by_fills<~Us>(children[i].sets, king, tally);
  return tally.total();
}

// The leaves below `node`, each built and kept (MakeLeaf), with only the kinds of Kinds looked for. One function
// per version with every generator inlined into it (flatten): left to itself, GCC kept the pawns' or the bishops'
// generators out of line, and which ones changed with the code around them.
template <Color Us, PieceKinds Kinds>
[[gnu::noinline]] MOVEGEN_FLATTEN std::uint64_t make_leaves(const PieceSets& node) {
  ChildSlot leaf;
  return visit_children<Us, Kinds>(node, MakeLeaf<Kinds != ROOKS_ONLY>{0, &leaf});
}

// perft `depth` - 1 plies below each child of `node`, its moves among the kinds of Kinds, the children's of ChildKinds.
// Out of line: inlined into perft (two versions in a rook ending), the start position took 0.9 Ir a leaf more.
template <Color Us, PieceKinds Kinds, PieceKinds ChildKinds>
[[gnu::noinline]] std::uint64_t recurse(const PieceSets& node, int depth, Counting counting) {
  ChildSlot child;
  return visit_children<Us, Kinds>(node, Recurse<~Us, ChildKinds>{depth - 1, counting, &child});
}

// perft with Us, the side to move, known at compile time; depth >= 1. Kinds holds every kind on the board: ALL_KINDS,
// or ROOKS_ONLY (count.hpp) in a rook and pawn ending without castling rights, generated without the other kinds'
// look-ups and castling-rights upkeep (position 3 without bulk counting: 39.5 to 35.6 Ir a leaf); only a promotion
// brings another kind back. With BULK_SIBLINGS, the siblings' shared count (count_siblings, sibling_perft.hpp).
template <Color Us, PieceKinds Kinds>
std::uint64_t perft(const PieceSets& node, int depth, Counting counting) {
  const bool bulk = counting != Counting::MAKE_EVERY_LEAF;
  if (depth == 1) return bulk ? count_legal_moves<Us>(node) : make_leaves<Us, Kinds>(node);
  if (depth == 2 && counting == Counting::BULK_SIBLINGS)
    return with_count_version(node, kinds_of_children<Us>(node), [&]<bool Fills, PieceKinds ChildKinds>() {
      // In rook endings the king nearly always may move and checks are many: the shared count took position 3
      // 14.9 instructions a leaf against 11.5 for the node count, which is kept there.
      if constexpr (!Fills && ChildKinds == ROOKS_ONLY)
        return count_grandchildren<Us, ChildKinds>(node);
      else
        return count_siblings<Us, Fills, ChildKinds>(node);
    });
  if (depth == 2 && bulk)
    return with_count_version(node, kinds_of_children<Us>(node), [&]<bool Fills, PieceKinds ChildKinds>() {
      if constexpr (Fills)
        return count_children_with_fills<Us>(node);
      else
        return count_grandchildren<Us, ChildKinds>(node);
    });
  if constexpr (Kinds == ROOKS_ONLY)
    if (node.pieces(Us, PAWN) & rank_bb(relative_rank(Us, RANK_7)))  // a child may hold a promoted piece
      return recurse<Us, Kinds, ALL_KINDS>(node, depth, counting);
  return recurse<Us, Kinds, Kinds>(node, depth, counting);
}

// The recursion for the side to move, with only rooks and pawns generated in a rook ending without castling rights.
std::uint64_t perft_of_side(const PieceSets& sets, int depth, Counting counting) {
  if (!(sets.kinds() & ~ROOKS_ONLY) && !sets.castling_rights())
    return sets.side_to_move() == WHITE ? perft<WHITE, ROOKS_ONLY>(sets, depth, counting)
                                        : perft<BLACK, ROOKS_ONLY>(sets, depth, counting);
  return sets.side_to_move() == WHITE ? perft<WHITE>(sets, depth, counting) : perft<BLACK>(sets, depth, counting);
}

}  // namespace

std::uint64_t perft(const PieceSets& sets, int depth, Counting counting) {
  if (depth <= 0) return 1;
  return at_page_offset([&] { return perft_of_side(sets, depth, counting); });
}

std::uint64_t nested_perft(const PieceSets& sets, int depth, Counting counting) {
  return depth <= 0 ? 1 : perft_of_side(sets, depth, counting);
}

}  // namespace movegen::bitboard_tuned
