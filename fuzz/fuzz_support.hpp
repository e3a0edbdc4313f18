// What the fuzz targets share: the positions they start from, every generator kept in lockstep, and the
// checks made at each step. A failed check prints one line and aborts, so libFuzzer saves the input.
//
//   Lockstep pos = Lockstep::from_fen(FUZZ_POSITIONS[0]);   // every generator loads it, or all throw
//   for (Move m : pos.legal_moves()) ...                      // sorted; the same list in every generator
//   pos.make_move(m);                                         // then every position is checked
#pragma once

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "common/fen.hpp"
#include "common/move.hpp"
#include "common/position_concept.hpp"
#include "harness/generators/generators.hpp"

namespace movegen::fuzz {

/// Starting points for the move fuzzers, chosen by an input's first byte: the standard perft positions and
/// positions from tests/data/perft.epd with castling, en passant pins, promotions, mates and edge pawns.
inline constexpr std::array<std::string_view, 16> FUZZ_POSITIONS = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r3k2r/8/8/8/8/8/1p4p1/R3K2R w KQkq - 0 1",
    "r3k2r/8/8/8/8/8/8/RN2K1NR w KQkq - 0 1",
    "8/8/8/8/k1p4R/8/3P4/3K4 w - - 0 1",
    "4k3/8/8/8/3Pp3/8/2K5/8 b - d3 0 1",
    "3bk3/8/8/3Pp1K1/8/8/8/8 w - e6 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "8/PPP4k/8/8/8/8/ppp4K/8 w - - 0 1",
    "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
    "r3k2r/p6p/8/P6P/p6p/8/P6P/R3K2R b KQkq - 0 1",
};

/// Reports a broken property with the FEN where it broke, and aborts.
[[noreturn]] inline void fail(const std::string& what, std::string_view fen) {
  std::fprintf(stderr, "fuzz: %s (at %s)\n", what.c_str(), quote_for_error(fen).c_str());
  std::abort();
}

inline void require(bool ok, const std::string& what, std::string_view fen) {
  if (!ok) fail(what, fen);
}

/// An error message must be one line of printable text of modest length.
inline void require_one_line(std::string_view message, std::string_view input) {
  require(!message.empty() && message.size() < 400, "error message empty or too long", input);
  for (char c : message) require((unsigned char)c >= 0x20 && c != 0x7f, "error message has a control byte", input);
}

/// The legal moves of `pos`, sorted, so that two generators' lists compare with ==.
template <ChessPosition P>
std::vector<Move> sorted_legal_moves(P& pos) {
  MoveList list;
  pos.generate_legal(list);
  std::vector<Move> moves(list.begin(), list.end());
  std::sort(moves.begin(), moves.end());
  return moves;
}

/// One generator's position must be consistent: check_position() finds nothing, and its FEN parses back
/// to the same BoardState, loads into the same position and prints as the same text.
template <ChessPosition P>
void require_consistent_position(const P& pos) {
  const std::string fen = pos.fen();
  const std::string problem = pos.check_position();
  require(problem.empty(), "check_position: " + problem, fen);
  try {
    require(parse_fen(fen) == pos.state(), "FEN does not parse back to the same state", fen);
    require(P::from_fen(fen).fen() == fen, "FEN does not load back to the same text", fen);
  } catch (const FenError& e) {
    fail(std::string("a position's own FEN is refused: ") + e.what(), fen);
  }
}

/// The generators under test, in the order they are compared (the first is the reference for messages).
using Positions = harness::AllPositions;

/// The same position in every generator. Each operation is applied to all of them, and each checks that
/// they still agree: on whether a FEN is accepted, on FEN and state, and on the sorted legal move list.
class Lockstep {
 public:
  /// Loads `fen` into every generator. Throws FenError if all refuse it; fails if they disagree.
  static Lockstep from_fen(std::string_view fen) {
    std::vector<std::string> errors;
    std::exception_ptr first_error;
    auto load = [&]<ChessPosition P>(P& pos) {
      try {
        pos = P::from_fen(fen);
        errors.push_back("");
      } catch (const FenError& e) {
        errors.push_back(e.what());
        if (!first_error) first_error = std::current_exception();
      }
    };
    Lockstep lockstep;
    std::apply([&](auto&... pos) { (load(pos), ...); }, lockstep.positions_);
    for (const std::string& e : errors) require(e == errors[0], "generators disagree on the FEN: " + e, fen);
    if (first_error) std::rethrow_exception(first_error);
    lockstep.check();
    return lockstep;
  }

  /// The FEN, as every generator writes it.
  std::string fen() const { return std::get<0>(positions_).fen(); }
  /// The position's fields, as every generator reports them.
  BoardState state() const { return std::get<0>(positions_).state(); }

  /// The sorted legal moves; fails unless every generator lists the same moves.
  std::vector<Move> legal_moves() {
    std::vector<std::vector<Move>> lists;
    each([&](auto& pos) { lists.push_back(sorted_legal_moves(pos)); });
    for (const std::vector<Move>& list : lists) require(list == lists[0], "generators list different moves", fen());
    return lists[0];
  }

  /// Plays a legal move in every generator, then checks every position.
  void make_move(Move m) {
    each([&](auto& pos) { pos.make_move(m); });
    check();
  }

  /// Takes back `m` in every generator; each must then be exactly as it was, `fen` and `state` (a position
  /// already checked when it was reached), and pass its own check_position().
  void unmake_move(Move m, const std::string& fen, const BoardState& state) {
    each([&](auto& pos) {
      pos.unmake_move(m);
      require(pos.fen() == fen && pos.state() == state, "unmake " + to_uci(m) + " gave " + pos.fen(), fen);
      require(pos.check_position().empty(), "check_position after unmake: " + pos.check_position(), fen);
    });
  }

  /// Every generator's position is consistent, and all agree on FEN and state.
  void check() const {
    const std::string reference_fen = fen();
    const BoardState reference_state = state();
    each([&](const auto& pos) {
      require_consistent_position(pos);
      require(pos.fen() == reference_fen && pos.state() == reference_state, "generators disagree: " + pos.fen(),
              reference_fen);
    });
  }

  /// Calls f(pos) on each generator's position.
  template <class F>
  void each(F&& f) {
    std::apply([&](auto&... pos) { (f(pos), ...); }, positions_);
  }
  template <class F>
  void each(F&& f) const {
    std::apply([&](const auto&... pos) { (f(pos), ...); }, positions_);
  }

 private:
  Lockstep() = default;
  Positions positions_;
};

}  // namespace movegen::fuzz
