#include "harness/debugging/stage_divergence.hpp"

#include <fmt/format.h>

#include "common/staged_generation.hpp"
#include "harness/generators/setup.hpp"

namespace movegen::harness {

namespace {

// True if `text` is a legal move of `pos` that takes no piece (common/staged_generation.hpp's is_capture).
template <ChessPosition P>
bool takes_nothing(P& pos, const std::string& text, Notation notation) {
  MoveList legal;
  pos.generate_legal(legal);
  for (Move m : legal)
    if (to_uci(m, notation) == text) return !is_capture(pos, m);
  return false;
}

}  // namespace

std::optional<Divergence> compare_captures(DivideSource& a, DivideSource& b, const std::string& fen,
                                           const std::vector<std::string>& moves) {
  const std::optional<std::vector<std::string>> in_b = b.captures(fen, moves);  // B first: in fuzz, the outside engine
  if (!in_b) return std::nullopt;
  const std::optional<std::vector<std::string>> in_a = a.captures(fen, moves);
  if (!in_a) return std::nullopt;
  Divergence d(a.name(), b.name(), fen, moves, a.notation());
  d.only_a = multiset_minus(*in_a, *in_b), d.only_b = multiset_minus(*in_b, *in_a);
  if (d.only_a.empty() && d.only_b.empty()) return std::nullopt;
  d.stage = "captures";
  d.fen = fen_after(fen, moves, d.notation);
  judge_differing_moves(d, move_times(*in_a), move_times(*in_b));
  auto pos = position_after<MtuPosition<mailbox::Position>>(fen, moves, d.notation);
  for (MoveVerdict& v : d.verdicts)
    if (takes_nothing(pos, v.move, d.notation)) v.why = v.move + " takes nothing, so it is no capture; " + v.why;
  d.detail = fmt::format("{} lists {} capture{}, {} lists {}", a.name(), in_a->size(), in_a->size() == 1 ? "" : "s",
                         b.name(), in_b->size());
  return d;
}

}  // namespace movegen::harness
