// The cost of the legality strategy apart from the representation, both on the bitboard position:
//   PinMasks:        bitboard::Position::generate_legal, legal moves from checkers and pin masks, none made;
//   MakeTestUnmake:  pseudo-legal moves, each made, the king tested with is_square_attacked, and unmade,
//                    as the mailbox does it.
// BM_LegalGeneration_<Strategy>/<position> (counter moves_per_second) and
// BM_LegalityPerft_<Strategy>/<position>/<depth> (counters nodes, nodes_per_second; both strategies count
// the last ply by the size of its move list, so that only the legality test differs).
#include <fmt/format.h>

#include "bench/bench.hpp"
#include "bench/positions.hpp"
#include "bitboard/movegen.hpp"
#include "bitboard/position.hpp"

namespace movegen::bench {
namespace {

using bitboard::Position;

/// Side Us's pseudo-legal moves: the per-piece generators given masks that restrict nothing (no checkers,
/// no pins, every square a target, no danger squares), and castling as the mailbox generates it: not out
/// of check, not across an attacked square, the landing square left to the legality test. (En passant
/// keeps its own test for the rank pin: generate_pawn_moves has it built in.)
template <Color Us>
void generate_pseudo_legal(const Position& pos, MoveList& list) {
  const bitboard::LegalityMasks open{
      .king = pos.king_square(Us), .checkers = 0, .pinned = 0, .check_mask = ALL_SQUARES, .danger = 0};
  bitboard::MoveWriter sink(list);
  bitboard::generate_pawn_moves<Us>(pos, open, sink);
  bitboard::generate_knight_moves<Us>(pos, open, sink);
  bitboard::generate_slider_moves<Us, BISHOP>(pos, open, sink);
  bitboard::generate_slider_moves<Us, ROOK>(pos, open, sink);
  bitboard::generate_king_moves<Us>(pos, open, sink);
  if (pos.is_square_attacked(open.king, ~Us)) return;
  MoveList castling;
  bitboard::MoveWriter castling_sink(castling);
  bitboard::generate_castling_moves<Us>(pos, open, castling_sink);
  for (Move m : castling)
    if (!pos.is_square_attacked(Square((m.from() + m.to()) / 2), ~Us)) list.push_back(m);
}

/// Legal moves by make, test, unmake: the mailbox's strategy on the bitboard position.
void generate_by_make_test_unmake(Position& pos, MoveList& list) {
  const Color us = pos.side_to_move();
  MoveList pseudo;
  if (us == WHITE)
    generate_pseudo_legal<WHITE>(pos, pseudo);
  else
    generate_pseudo_legal<BLACK>(pos, pseudo);
  for (Move m : pseudo) {
    pos.make_move(m);
    if (!pos.is_square_attacked(pos.king_square(us), ~us)) list.push_back(m);
    pos.unmake_move(m);
  }
}

void generate_by_pin_masks(Position& pos, MoveList& list) { pos.generate_legal(list); }

using Strategy = void (*)(Position&, MoveList&);

/// Lists the legal moves of `p` over and over with `generate`. Fails unless the count is the published one.
template <Strategy generate>
void BM_LegalGeneration(benchmark::State& state, const BenchPosition& p) {
  Position pos = Position::from_fen(p.fen);
  measure_generation(state, pos, generate, p.perft[1], p.name);
}

/// perft with `generate` at every node, the last ply counted by the size of its move list.
template <Strategy generate>
std::uint64_t perft_with(Position& pos, int depth) {
  MoveList moves;
  generate(pos, moves);
  if (depth <= 1) return moves.size();
  std::uint64_t nodes = 0;
  for (Move m : moves) {
    pos.make_move(m);
    nodes += perft_with<generate>(pos, depth - 1);
    pos.unmake_move(m);
  }
  return nodes;
}

/// perft(depth) of `p` with `generate`, over and over. Fails if the count differs from the published one.
template <Strategy generate>
void BM_LegalityPerft(benchmark::State& state, const BenchPosition& p, int depth) {
  Position pos = Position::from_fen(p.fen);
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    nodes = perft_with<generate>(pos, depth);
    if (nodes != p.perft[depth]) {
      fail(state, fmt::format("{} depth {}: {} nodes, published {}", p.name, depth, nodes, p.perft[depth]));
      break;
    }
  }
  state.counters["nodes"] = double(nodes);
  state.counters["nodes_per_second"] =
      benchmark::Counter(double(nodes) * double(state.iterations()), benchmark::Counter::kIsRate);
}

template <Strategy generate>
void register_strategy(const Options& options, const std::string& strategy) {
  for (const BenchPosition& p : MOVEGEN_POSITIONS)
    benchmark::RegisterBenchmark(fmt::format("BM_LegalGeneration_{}/{}", strategy, p.name).c_str(),
                                 BM_LegalGeneration<generate>, p);
  for (const BenchPosition& p : PERFT_POSITIONS)
    for (int depth = 1; depth <= max_depth(p); ++depth)
      if (p.perft[depth] >= options.perft_min_nodes && p.perft[depth] <= options.perft_max_nodes)
        benchmark::RegisterBenchmark(fmt::format("BM_LegalityPerft_{}/{}/{}", strategy, p.name, depth).c_str(),
                                     BM_LegalityPerft<generate>, p, depth)
            ->Unit(benchmark::kMillisecond);
}

void register_legality(const Options& options) {
  register_strategy<generate_by_pin_masks>(options, "PinMasks");
  register_strategy<generate_by_make_test_unmake>(options, "MakeTestUnmake");
}

const bool registered = add_registrar(register_legality);

}  // namespace
}  // namespace movegen::bench
