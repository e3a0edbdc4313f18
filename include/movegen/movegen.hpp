// movegen-lab as a library: the one public header. A thin facade over common/perft.hpp, common/uci.hpp,
// harness/generators/generators.hpp, harness/engines/divide_source.hpp and harness/debugging/divergence.hpp; everything it does not
// name here is internal and may change between versions.
//
//   find_package(movegen 0.2 REQUIRED)
//   target_link_libraries(my_tests movegen::mailbox movegen::bitboard movegen::tuned)   // + movegen::harness for specs
//
//   #include <movegen/movegen.hpp>
//   auto pos = movegen::position_from_fen<movegen::BitboardPosition>(movegen::START_FEN);
//   movegen::perft(pos, 5);                                  // 4865609 leaf nodes
//   movegen::legal_moves_uci(pos);                           // {"a2a3", "a2a4", ..., "h2h4"}, 20 texts
//   movegen::Move m = movegen::make_uci_move(pos, "e2e4");   // MoveError if not legal here
//   pos.unmake_move(m);
//   auto engine = movegen::open_generator("uci:/usr/games/stockfish");        // needs movegen::harness
//   auto ours = movegen::open_generator("bitboard-tuned");
//   if (auto d = movegen::find_divergence(*ours, *engine, fen, {}, 4)) movegen::print_divergence(std::cout, *d);
//
// Chess960: every position type plays it (FEN castling fields KQkq, Shredder-FEN HAha or X-FEN); pass
// movegen::Notation::CHESS960 to write and read castling as king takes own rook ("e1h1", as Stockfish does
// with UCI_Chess960), and to tell a UCI engine opened with open_generator to play Chess960.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "common/castling.hpp"
#include "common/chess960.hpp"
#include "common/epd.hpp"
#include "common/fen.hpp"
#include "common/move.hpp"
#include "common/parallel_perft.hpp"
#include "common/perft.hpp"
#include "common/position_concept.hpp"
#include "common/uci.hpp"
#include "harness/debugging/divergence.hpp"
#include "harness/engines/child_process.hpp"
#include "harness/engines/divide_source.hpp"
#include "harness/generators/generators.hpp"
#include "harness/generators/setup.hpp"
#include "harness/perft/perft_nodes.hpp"

namespace movegen {

// Already in namespace movegen and part of the public API: Move (16 bits: from, to, flag), MoveList (at most
// 256 moves, no allocation), to_uci(Move, Notation), Notation (CLASSICAL "e1g1", CHESS960 "e1h1"),
// castling_move(Move) (common/castling.hpp: castling is encoded king-takes-rook, Move(king, rook, CASTLING)),
// chess960_start_fen(number), START_FEN, FenError (field() names the FEN field), MoveError,
// EpdEntry and load_epd(path) (throws EpdError), the ChessPosition concept, Counting, and
// perft(pos, depth, counting) and divide(pos, depth, counting) from common/perft.hpp; Key, pos.key() (the
// Polyglot Zobrist key) and zobrist_key(BoardState) from common/zobrist.hpp; PerftTable, perft(pos, depth,
// counting, table) and parallel_divide(pos, depth, counting, table, threads) from common/parallel_perft.hpp.

/// Every generator's position type, from the generator table (harness/generators/generator_table.hpp): the reference
/// tier (representation x legality strategy) and the tuned tier. Each offers from_fen, fen, make_move,
/// unmake_move, generate_legal, checkers, side_to_move, ... (the ChessPosition concept). All of them, in table
/// order, for templated tests (BOOST_AUTO_TEST_CASE_TEMPLATE, TYPED_TEST):
using harness::AllPositions;
/// The position type of the generator called Name: GeneratorPosition<"x88-masks">.
using harness::GeneratorPosition;
/// Short names for the generators of version 0.2, each the table's type of that name.
using MailboxPosition = GeneratorPosition<"mailbox">;               // board string, make-test-unmake
using MailboxMasksPosition = GeneratorPosition<"mailbox-masks">;    // board string, check and pin masks
using X88Position = GeneratorPosition<"x88">;                       // 0x88 board with piece lists, make-test-unmake
using X88MasksPosition = GeneratorPosition<"x88-masks">;            // 0x88 board with piece lists, masks
using BitboardMtuPosition = GeneratorPosition<"bitboard-mtu">;      // bitboards, make-test-unmake
using BitboardMasksPosition = GeneratorPosition<"bitboard-masks">;  // bitboards, check and pin masks
using MailboxTunedPosition = GeneratorPosition<"mailbox-tuned">;    // board string, the fastest we have
using BitboardPosition = GeneratorPosition<"bitboard-tuned">;       // bitboards, the fastest we have

/// The position of `fen` after the UCI `moves` (e.g. {"e2e4", "e7e5"}; castling written as `notation` says)
/// are played in order. Throws FenError naming the FEN field at fault, or MoveError naming the first move that
/// is not legal where it is played.
template <ChessPosition P>
P position_from_fen(std::string_view fen, const std::vector<std::string>& moves = {},
                    Notation notation = Notation::CLASSICAL) {
  return harness::position_after<P>(fen, moves, notation);
}

/// The legal moves of `pos`, in the generator's own order (pos is left as it was).
template <ChessPosition P>
MoveList legal_moves(P& pos) {
  MoveList moves;
  pos.generate_legal(moves);
  return moves;
}

/// The legal moves of `pos` as UCI text ("e2e4", "e7e8q", castling "e1g1", or "e1h1" in Chess960 notation),
/// sorted and with duplicates kept, so that the lists of two generators compare with == and a move generated
/// twice shows.
template <ChessPosition P>
std::vector<std::string> legal_moves_uci(P& pos, Notation notation = Notation::CLASSICAL) {
  std::vector<std::string> texts;
  for (Move m : legal_moves(pos)) texts.push_back(to_uci(m, notation));
  std::sort(texts.begin(), texts.end());
  return texts;
}

/// Plays the legal move whose UCI text in `notation` is `text` and returns it, for pos.unmake_move. Throws
/// MoveError (pos unchanged) if the text is not UCI move text or not a legal move of `pos`.
template <ChessPosition P>
Move make_uci_move(P& pos, std::string_view text, Notation notation = Notation::CLASSICAL) {
  const Move m = parse_uci_move(pos, text, notation);
  pos.make_move(m);
  return m;
}

// Generators named at run time by a spec string, and outside engines: these need movegen::harness.
using harness::all_generators;    // every built-in Generator, in table order
using harness::Divergence;        // where two sources first disagree: path, FEN, moves only one generates
using harness::DivideResult;      // (UCI text, leaf nodes) per move, in the source's order, and the total
using harness::DivideSource;      // divide(fen, moves, depth) and legal_moves(fen, moves) of one spec
using harness::ExternalError;     // an outside program failed, hung, or broke its protocol
using harness::find_divergence;   // two sources' divides compared, descending to the first differing list
using harness::Generator;         // a built-in generator: its place in the table
using harness::generator_name;    // "mailbox", "mailbox-masks", "x88", ..., "bitboard-tuned"
using harness::GENERATOR_NAMES;   // every built-in name, in table order
using harness::named_generator;   // named_generator("x88"): the Generator of a name, checked at compile time
using harness::parse_generator;   // the inverse of generator_name; UsageError for another name
using harness::perft_nodes;       // perft of a FEN by a Generator with a hash table and threads
using harness::PerftSettings;     // bulk, hash_mb, threads for perft_nodes
using harness::print_divergence;  // the report `movegen diff` prints
using harness::UsageError;        // a malformed spec or an unknown generator name
using harness::with_generator;    // runs f.template operator()<P>() with P the position type of a Generator

/// The generator a spec names: one of the built-in names ("mailbox", ..., "bitboard-tuned"; computed in
/// this process), "uci:COMMAND" (a UCI engine answering `go perft` like Stockfish, started once and kept until
/// the source is destroyed) or "perftree:COMMAND" (run as `COMMAND DEPTH FEN [MOVES]` per query). COMMAND
/// is split into words as a shell splits them. Every reply from a program must arrive within `timeout`.
/// With Notation::CHESS960 its move texts write castling as king takes own rook and a UCI engine is sent
/// `setoption name UCI_Chess960 value true`. Throws UsageError for a malformed spec, ExternalError if a UCI
/// engine cannot be started or fails its handshake. divide() on the source throws FenError, MoveError, or
/// ExternalError.
inline std::unique_ptr<DivideSource> open_generator(std::string_view spec,
                                                    std::chrono::milliseconds timeout = std::chrono::seconds(30),
                                                    Notation notation = Notation::CLASSICAL) {
  return harness::make_divide_source(spec, timeout, notation);
}

}  // namespace movegen
