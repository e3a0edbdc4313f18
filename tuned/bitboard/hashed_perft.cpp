#include "tuned/bitboard/hashed_perft.hpp"

#include <array>

#include "tuned/bitboard/movegen.hpp"
#include "tuned/bitboard/perft.hpp"

namespace movegen::bitboard_tuned {

namespace {

// A node of the recursion: its sets, its piece array (the sibling count and the keys read it) and its key and lock.
struct Node {
  PieceSets sets;
  std::array<Piece, SQUARE_NB> board;
  Key key;
  Key lock;
};

// What key_change (common/zobrist.hpp) reads of a position, read from a Node.
struct NodeView {
  const Node& node;
  Color side_to_move() const { return node.sets.side_to_move(); }
  Piece piece_on(Square s) const { return node.board[s]; }
  CastlingRights castling_rights() const { return node.sets.castling_rights(); }
  const CastlingRules& castling_rules() const { return node.sets.castling_rules(); }
  Square ep_square() const { return node.sets.ep_square(); }
};

// How the leaf parents under the table are counted: as `--bulk node` counts them for `--bulk siblings` too (the
// counts are the same). There the siblings' shared count took 24% more user time than the node count (start
// position, `--hash 128 8`, one thread, alternated: 5.73 s against 4.63 s), though it counts fewer instructions.
constexpr Counting leaf_parent_counting(Counting counting) {
  return counting == Counting::BULK_SIBLINGS ? Counting::BULK_NODE : counting;
}

// The leaves `depth` plies below `node`, which the table did not hold; stores the count.
std::uint64_t count_subtree(const Node& node, int depth, Counting counting, PerftTable& table) {
  std::uint64_t nodes = 0;
  if (depth == PerftTable::MIN_DEPTH) {  // the children are not looked up: counted as perft counts them
    nodes = nested_perft(node.sets, depth, leaf_parent_counting(counting));
  } else {
    MoveList moves;
    generate_legal(node.sets, moves);
    // Every child's key and lock first, and its bucket asked for, so that the children's cache misses overlap;
    // a child is built only if the table does not hold it.
    std::array<Key, MoveList::CAPACITY> keys, locks;
    const NodeView view{node};
    for (std::size_t i = 0; i < moves.size(); ++i) {
      keys[i] = node.key ^ key_change(view, moves[i]);
      locks[i] = node.lock ^ key_change(view, moves[i], LOCK_NUMBERS);
      table.prefetch(keys[i], depth - 1);
    }
    const Color us = node.sets.side_to_move();
    for (std::size_t i = 0; i < moves.size(); ++i) {
      if (const auto stored = table.probe(keys[i], locks[i], depth - 1)) {
        nodes += *stored;
        continue;
      }
      const Move m = moves[i];
      // A child at MIN_DEPTH is counted by perft from its sets alone: no piece array is built for it (0.3% to
      // 1.3% fewer instructions a leaf with --hash 16).
      if (depth - 1 == PerftTable::MIN_DEPTH) {
        PieceSets child = node.sets;
        child.play(m, node.board[m.from()], node.board[m.to()]);
        const std::uint64_t count = nested_perft(child, PerftTable::MIN_DEPTH, leaf_parent_counting(counting));
        table.store(keys[i], locks[i], PerftTable::MIN_DEPTH, count);
        nodes += count;
        continue;
      }
      Node child{node.sets, node.board, keys[i], locks[i]};
      child.sets.play(m, node.board[m.from()], node.board[m.to()]);
      play_on_piece_array(child.board.data(), m, us);
      nodes += count_subtree(child, depth - 1, counting, table);
    }
  }
  table.store(node.key, node.lock, depth, nodes);
  return nodes;
}

}  // namespace

std::uint64_t hashed_perft(const PieceSets& sets, const Piece* board, Key key, Key lock, int depth, Counting counting,
                           PerftTable& table) {
  if (const auto stored = table.probe(key, lock, depth)) return *stored;
  Node root{sets, {}, key, lock};
  for (int s = 0; s < SQUARE_NB; ++s) root.board[s] = board[s];
  return count_subtree(root, depth, counting, table);
}

}  // namespace movegen::bitboard_tuned
