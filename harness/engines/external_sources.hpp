// The external generators behind `uci:COMMAND`, `perftree:COMMAND` and `cmd:COMMAND` specs (see divide_source.hpp).
#pragma once

#include <chrono>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "harness/engines/divide_source.hpp"

namespace movegen::harness {

/// The most lines an external program may print in one reply: more than any honest divide, a bound on garbage.
inline constexpr int MAX_REPLY_LINES = 10000;

/// The note of an engine whose promotions are printed without their piece (DivideReader::dropped_promotion_piece).
inline constexpr const char* DROPPED_PROMOTION_PIECE =
    "drops the promotion piece from its moves (b7b8 for each of b7b8q, b7b8r, b7b8b, b7b8n): read in that order";

/// The number of legal moves our mailbox generator finds after the UCI `moves` from `fen`, 0 if it cannot play
/// them: what a divide must list, and none for a checkmate or stalemate, where an engine may print nothing.
std::size_t legal_move_count(const std::string& fen, const std::vector<std::string>& moves, Notation notation);

/// The outside engines' specs, for help texts and errors.
inline constexpr std::string_view EXTERNAL_SPECS =
    "uci:COMMAND (a UCI or console engine), perftree:COMMAND or cmd:COMMAND (a program run per query, its "
    "arguments a template with {fen} {depth} {moves})";

/// A UCI engine started once from `command` and kept alive: after the `uci`/`uciok` handshake and an
/// `isready`/`readyok`, each divide sends options.position_command and options.perft_command (by default
/// `position fen F [moves ...]` and `go perft N`) and `isready`, and reads any divide format DivideReader
/// reads; its reply ends at a total line or, without one, at the `readyok`. Lines that are no divide lines
/// (`info`, banners, boards) are set aside and quoted in an error; a search's line (`bestmove`, `info` with a
/// score or a pv: the engine took the perft command for `go`) is an ExternalError at once. With Notation::CHESS960 it
/// is sent `setoption name UCI_Chess960 value true` after the handshake. Throws ExternalError if the engine cannot be
/// started or does not answer `uci` with `uciok`, and `isready` with `readyok`, within `timeout`.
std::unique_ptr<DivideSource> make_uci_engine(std::string spec, std::string_view command,
                                              std::chrono::milliseconds timeout, Notation notation,
                                              const EngineOptions& options);

/// A program run once per divide, which must print a divide and exit with code 0. With `perftree` it is
/// run as `COMMAND DEPTH FEN [MOVES]` (MOVES space-separated, left out when there are none): the protocol
/// of the perftree debugging tool (github.com/agausmann/perftree). Otherwise COMMAND's words are a template
/// (expand_argv: {fen}, {depth}, {moves}), e.g. `./perft {fen} {depth}`. Moves are passed and read in
/// `notation`.
std::unique_ptr<DivideSource> make_program_per_query(std::string spec, std::string_view command, bool perftree,
                                                     std::chrono::milliseconds timeout, Notation notation,
                                                     const EngineOptions& options);

}  // namespace movegen::harness
