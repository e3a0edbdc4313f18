// Board diagnosis of a divergence (board_diagnosis.hpp): a move the engine plays wrongly, told by its divides
// through the moves against its divides from the FEN reached.
#include "harness/debugging/board_diagnosis.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <iterator>
#include <optional>
#include <set>

#include "harness/debugging/child_positions.hpp"
#include "harness/debugging/node_check.hpp"
#include "mailbox/movegen.hpp"

namespace movegen::harness {

namespace {

// The divide's moves, each once.
std::set<std::string> move_set(const DivideResult& r) {
  std::set<std::string> moves;
  for (const auto& [move, count] : r.moves) moves.insert(move);
  return moves;
}

// The from-squares of the moves, as names.
std::set<std::string> from_squares(const std::set<std::string>& moves) {
  std::set<std::string> squares;
  for (const std::string& m : moves) squares.insert(m.substr(0, 2));
  return squares;
}

// True if `move` is a pawn's diagonal step in `fen` onto an empty square behind an enemy pawn: en passant's
// shape, whatever the FEN's en passant field says.
bool is_en_passant_shape(const std::string& fen, const std::string& move) {
  try {
    const MtuPosition<mailbox::Position> pos = MtuPosition<mailbox::Position>::from_fen(fen);
    const Square from = parse_square(move.substr(0, 2)), to = parse_square(move.substr(2, 2));
    const Color us = pos.side_to_move();
    return pos.piece_on(from) == make_piece(us, PAWN) && pos.piece_on(to) == NO_PIECE &&
           pos.piece_on(make_square(file_of(to), rank_of(from))) == make_piece(~us, PAWN);
  } catch (const std::exception&) {
    return false;
  }
}

// The colour whose pieces stand on every one of `squares` in `fen`, if one colour's do: a side that moves only
// from such squares, when ours has the other colour to move, has the wrong side to move.
std::optional<Color> owner_of_all(const std::string& fen, const std::set<std::string>& squares) {
  try {
    const MtuPosition<mailbox::Position> pos = MtuPosition<mailbox::Position>::from_fen(fen);
    std::optional<Color> owner;
    for (const std::string& name : squares) {
      const Piece p = pos.piece_on(parse_square(name));
      if (p == NO_PIECE || (owner && *owner != color_of(p))) return std::nullopt;
      owner = color_of(p);
    }
    return owner;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

// How board_difference starts when the side to move is what differs.
constexpr std::string_view SIDE_TO_MOVE_DIFFERS = "the side to move differs";

// What shows that `side`'s board at `fen` differs from ours: the side to move, when it moves only the other
// side's pieces; else the squares it moves from where ours has no piece to move (`extra`), those of ours it
// never moves (`missing`), or its moves only another board allows (`implying`).
std::string board_difference(const std::string& fen, const std::string& side, const std::set<std::string>& from,
                             const std::vector<std::string>& extra, const std::vector<std::string>& missing,
                             const std::vector<std::string>& implying) {
  const std::optional<Color> mover = owner_of_all(fen, from);
  if (mover && !from.empty() && *mover != MtuPosition<mailbox::Position>::from_fen(fen).side_to_move())
    return fmt::format("{}: {} moves {}'s pieces, where ours has {} to move", SIDE_TO_MOVE_DIFFERS, side,
                       *mover == WHITE ? "white" : "black", *mover == WHITE ? "black" : "white");
  std::string squares;
  if (!extra.empty())
    squares += fmt::format("{} moves from {}, where ours has no piece to move", side, fmt::join(extra, " "));
  if (!missing.empty())
    squares += fmt::format("{}{} never moves ours from {}", squares.empty() ? "" : "; ", side, fmt::join(missing, " "));
  if (squares.empty())
    squares = fmt::format("{} plays {}, which only another board allows", side, fmt::join(implying, " "));
  return squares;
}

}  // namespace

void diagnose_board(Divergence& d, DivideSource& x, const std::string& side, const DivideResult& rx) {
  if (x.builtin() || d.path.empty()) return;  // ours play every move right; no move to blame at the root
  std::set<std::string> ours;
  try {
    MtuPosition<mailbox::Position> pos = MtuPosition<mailbox::Position>::from_fen(d.fen);
    const std::vector<std::string> legal = legal_move_texts(pos, d.notation);
    ours.insert(legal.begin(), legal.end());
  } catch (const std::exception&) {
    return;  // the path cannot be played on our board: nothing to compare with
  }
  // Squares x moves from that are not ours to move from, and squares of ours with moves x never makes.
  const std::set<std::string> theirs = move_set(rx), ours_from = from_squares(ours), theirs_from = from_squares(theirs);
  std::vector<std::string> extra, missing;
  std::set_difference(theirs_from.begin(), theirs_from.end(), ours_from.begin(), ours_from.end(),
                      std::back_inserter(extra));
  std::set_difference(ours_from.begin(), ours_from.end(), theirs_from.begin(), theirs_from.end(),
                      std::back_inserter(missing));
  // Moves of x's own that only another board explains: a capture of nothing, a slide or push through a
  // piece, a move from an empty square (a capture of nothing onto an en passant square of a stale FEN
  // field is left out: an en passant bug, not a board).
  std::vector<std::string> implying;
  const std::vector<std::string>& only_x = side == "A" ? d.only_a : d.only_b;
  for (const MoveVerdict& v : d.verdicts) {
    if (std::find_if(only_x.begin(), only_x.end(), [&](const std::string& m) { return move_of(m) == v.move; }) ==
        only_x.end())
      continue;
    const bool board_rule = v.rule == "a slider jumping a piece" || v.rule == "a move from an empty square" ||
                            v.rule == "a pawn push through or onto a piece" ||
                            v.rule == "a pawn capture of nothing (no en passant there)";
    if (board_rule && !(v.rule.starts_with("a pawn capture") && is_en_passant_shape(d.fen, v.move)))
      implying.push_back(v.move);
  }
  if (extra.empty() && missing.empty() && implying.empty()) return;
  if (move_set(x.divide(d.fen, {}, 1)) == theirs) return;  // from the FEN it answers the same: generation
  for (std::size_t k = 1; k <= d.path.size(); ++k) {
    const std::vector<std::string> played(d.path.begin(), d.path.begin() + long(k));
    const DivideResult through = x.divide(d.root_fen, played, 2);
    const DivideResult direct = x.divide(fen_after(d.root_fen, played, d.notation), {}, 2);
    if (counts_by_move(through) == counts_by_move(direct)) continue;
    d.wrong_move = d.path[k - 1], d.wrong_side = side;
    const std::vector<std::string> before(d.path.begin(), d.path.begin() + long(k - 1));
    const std::string squares = board_difference(d.fen, side, theirs_from, extra, missing, implying);
    // A side to move that differs is one bug whatever the move: it groups as one cause, not one per move kind.
    d.wrong_rule = squares.starts_with(SIDE_TO_MOVE_DIFFERS)
                       ? "the side to move after it"
                       : judge_move(fen_after(d.root_fen, before, d.notation), d.wrong_move, d.notation).rule;
    if (d.wrong_rule.starts_with("legal ")) d.wrong_rule.erase(0, 6);
    d.board = fmt::format("{} plays {} wrongly: after it, {}'s board differs from ours (at the end of the path {})",
                          side, d.wrong_move, side, squares);
    return;
  }
}

}  // namespace movegen::harness
