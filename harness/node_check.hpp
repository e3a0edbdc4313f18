// Comparing two in-process generators node by node: more than their counts, everything they say about a
// position (its FEN, checkers, legal moves as a multiset, the FEN after each move, and unmake restoring it).
//
//   mailbox::MtuPosition a = ...; bitboard_tuned::Position b = ...;
//   Divergence d("mailbox", "bitboard", fen);
//   if (!nodes_agree(a, b, d)) print_divergence(std::cout, d);
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <vector>

#include "harness/divergence.hpp"

namespace movegen::harness {

/// The legal moves of `pos` as UCI texts in `notation`, duplicates kept.
template <ChessPosition P>
std::vector<std::string> legal_move_texts(P& pos, Notation notation = Notation::CLASSICAL) {
  MoveList list;
  pos.generate_legal(list);
  std::vector<std::string> texts;
  for (Move m : list) texts.push_back(to_uci(m, notation));
  return texts;
}

/// True if `a` and `b` (the same position in two generators) agree on FEN, checkers, legal moves
/// (as multisets) and the FEN after each move, and each unmake restores the position. Otherwise fills in
/// `d`'s fen, only_a, only_b and detail (`d.root_fen` and `d.path` are the caller's) and returns false.
template <ChessPosition P, ChessPosition Q>
bool nodes_agree(P& a, Q& b, Divergence& d) {
  d.fen = a.fen();
  if (a.state() != b.state()) {
    d.detail = fmt::format("the positions differ: {} has FEN {}, {} has FEN {}", d.a_name, d.fen, d.b_name, b.fen());
    return false;
  }
  if (a.checkers() != b.checkers()) {
    d.detail = fmt::format("checkers differ: {} {}, {} {}", d.a_name, squares_text(a.checkers()), d.b_name,
                           squares_text(b.checkers()));
    return false;
  }
  const std::vector<std::string> la = legal_move_texts(a, d.notation), lb = legal_move_texts(b, d.notation);
  d.only_a = multiset_minus(la, lb);
  d.only_b = multiset_minus(lb, la);
  if (!d.only_a.empty() || !d.only_b.empty()) return false;

  const BoardState before = a.state();
  MoveList moves;
  a.generate_legal(moves);
  for (Move m : moves) {
    a.make_move(m);
    b.make_move(m);
    const BoardState sa = a.state(), sb = b.state();  // compared as states, printed as FEN only on a mismatch
    a.unmake_move(m);
    b.unmake_move(m);
    if (sa != sb)
      d.detail = fmt::format("after {}: {} gives FEN {}, {} gives FEN {}", to_uci(m, d.notation), d.a_name, to_fen(sa),
                             d.b_name, to_fen(sb));
    else if (a.state() != before)
      d.detail = fmt::format("{}'s unmake of {} gives FEN {}", d.a_name, to_uci(m, d.notation), a.fen());
    else if (b.state() != before)
      d.detail = fmt::format("{}'s unmake of {} gives FEN {}", d.b_name, to_uci(m, d.notation), b.fen());
    if (!d.detail.empty()) return false;
  }
  return true;
}

/// nodes_agree at every node of the tree from `a`/`b` down to `depth` - 1 plies (so that every move of
/// a `depth`-ply perft is checked once), depth first; on the first disagreement fills in `d` (with the
/// moves from the root appended to `d.path`) and returns false.
template <ChessPosition P, ChessPosition Q>
bool trees_agree(P& a, Q& b, int depth, Divergence& d) {
  if (depth <= 0) return true;
  if (!nodes_agree(a, b, d)) return false;
  if (depth == 1) return true;
  MoveList moves;
  a.generate_legal(moves);
  for (Move m : moves) {
    a.make_move(m);
    b.make_move(m);
    d.path.push_back(to_uci(m, d.notation));
    const bool agree = trees_agree(a, b, depth - 1, d);
    if (!agree) return false;
    d.path.pop_back();
    a.unmake_move(m);
    b.unmake_move(m);
  }
  return true;
}

}  // namespace movegen::harness
