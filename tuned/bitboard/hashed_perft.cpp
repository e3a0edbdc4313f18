#include "tuned/bitboard/hashed_perft.hpp"

#include <array>

#include "tuned/bitboard/movegen.hpp"
#include "tuned/bitboard/perft.hpp"
#include "tuned/bitboard/sibling_count.hpp"

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

// Plays m, a move of colour `us`, on the piece array `board`.
void play_on_board(std::array<Piece, SQUARE_NB>& board, Move m, Color us) {
  const Square from = m.from(), to = m.to();
  if (m.flag() == CASTLING) {
    const CastlingMove c = castling_move(m);
    board[c.king_from] = board[c.rook_from] = NO_PIECE;  // first, for a Chess960 square that is both
    board[c.king_to] = make_piece(us, KING);
    board[c.rook_to] = make_piece(us, ROOK);
    return;
  }
  if (m.flag() == EN_PASSANT) board[to - pawn_push(us)] = NO_PIECE;
  board[to] = m.is_promotion() ? make_piece(us, m.promotion_type()) : board[from];
  board[from] = NO_PIECE;
}

// The leaves `depth` plies below `node`, which the table did not hold; stores the count.
std::uint64_t count_subtree(const Node& node, int depth, Counting counting, PerftTable& table) {
  std::uint64_t nodes = 0;
  if (depth == PerftTable::MIN_DEPTH) {  // the children are not looked up: counted as perft counts them
    if (counting == Counting::BULK_SIBLINGS) {
      MoveList moves;
      generate_legal(node.sets, moves);
      nodes = count_legal_after_each(node.sets, node.board.data(), moves);
    } else {
      nodes = perft(node.sets, depth, counting);
    }
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
      Node child{node.sets, node.board, keys[i], locks[i]};
      child.sets.play(m, node.board[m.from()], node.board[m.to()]);
      play_on_board(child.board, m, us);
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
