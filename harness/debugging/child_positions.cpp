#include "harness/debugging/child_positions.hpp"

#include <algorithm>
#include <array>

#include "harness/generators/setup.hpp"
#include "harness/moves/move_texts.hpp"
#include "mailbox/movegen.hpp"

namespace movegen::harness {

namespace {

// The kinds of move compare_through_moves plays, in the order it plays them.
constexpr std::array<const char*, 6> KINDS = {"quiet move", "double push", "capture",
                                              "en passant", "castling",    "promotion"};

// The kind of the legal move `m` of `pos` (an index into KINDS).
template <ChessPosition P>
std::size_t kind_of(const P& pos, Move m) {
  if (m.is_promotion()) return 5;
  if (m.flag() == CASTLING) return 4;
  if (m.flag() == EN_PASSANT) return 3;
  if (pos.piece_on(m.to()) != NO_PIECE) return 2;
  return m.flag() == DOUBLE_PUSH ? 1 : 0;  // the generator marks a pawn's two-square move
}

}  // namespace

std::vector<KindOfMove> one_move_of_each_kind(const std::string& fen, const std::vector<std::string>& moves,
                                              Notation notation) {
  std::array<std::string, KINDS.size()> first;  // per kind, its first move in UCI text order
  try {
    auto pos = position_after<MtuPosition<mailbox::Position>>(fen, moves, notation);
    MoveList legal;
    pos.generate_legal(legal);
    for (Move m : legal) {
      const std::string text = to_uci(m, notation);
      std::string& kept = first[kind_of(pos, m)];
      if (kept.empty() || text < kept) kept = text;
    }
  } catch (const std::exception&) {
    return {};
  }
  std::vector<KindOfMove> picked;
  for (std::size_t k = 0; k < KINDS.size(); ++k)
    if (!first[k].empty()) picked.push_back({first[k], KINDS[k]});
  return picked;
}

std::vector<std::string> our_legal_moves(const std::string& fen, const std::vector<std::string>& moves,
                                         Notation notation) {
  try {
    auto pos = position_after<MtuPosition<mailbox::Position>>(fen, moves, notation);
    std::vector<std::string> texts = legal_move_texts(pos, notation);
    std::sort(texts.begin(), texts.end());
    return texts;
  } catch (const std::exception&) {
    return {};
  }
}

std::optional<Divergence> compare_through_moves(DivideSource& a, DivideSource& b, const std::string& fen,
                                                const std::vector<std::string>& moves, int depth) {
  const int below = std::min(depth - 1, MAX_THROUGH_DEPTH);
  if (below < 1 || (!a.plays_moves() && !b.plays_moves())) return std::nullopt;
  for (const auto& [move, kind] : one_move_of_each_kind(fen, moves, a.notation())) {
    std::vector<std::string> played = moves;
    played.push_back(move);
    std::optional<Divergence> d = find_divergence(a, b, fen, played, below);
    if (!d) continue;
    d->through_move = move, d->through_kind = kind, d->through_depth = below;
    return d;
  }
  return std::nullopt;
}

DivideResult divide_from_child_totals(DivideSource& x, DivideResult r, const std::string& fen,
                                      const std::vector<std::string>& moves, int depth) {
  if (r.listed || depth < 2) return r;
  const std::vector<std::string> ours = our_legal_moves(fen, moves, x.notation());
  if (ours.empty()) return r;  // our board cannot play the path, or has no move: none to ask about
  std::vector<std::string> child = moves;
  child.emplace_back();
  for (const std::string& move : ours) {
    child.back() = move;
    r.moves.emplace_back(move, x.divide(fen, child, depth - 1).total);
  }
  r.listed = true;
  return r;
}

}  // namespace movegen::harness
