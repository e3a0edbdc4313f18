#include "harness/debugging/node_check.hpp"

#include <fmt/format.h>

namespace movegen::harness {

bool nodes_agree(AnyPosition& a, AnyPosition& b, Divergence& d) {
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

bool trees_agree(AnyPosition& a, AnyPosition& b, int depth, Divergence& d) {
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
