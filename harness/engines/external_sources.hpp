// The external generators behind `uci:COMMAND` and `perftree:COMMAND` specs (see divide_source.hpp).
#pragma once

#include <chrono>
#include <memory>
#include <string>
#include <string_view>

#include "harness/engines/divide_source.hpp"

namespace movegen::harness {

/// The most lines an external program may print in one reply: more than any honest divide, a bound on garbage.
inline constexpr int MAX_REPLY_LINES = 10000;

/// A UCI engine started once from `command` and kept alive: after the `uci`/`uciok` handshake each divide
/// sends `position fen F [moves ...]` and `go perft N` and reads Stockfish's divide format (`e2e4: 20`
/// lines, a blank line, `Nodes searched: N`); `info` lines are skipped. With Notation::CHESS960 it is sent
/// `setoption name UCI_Chess960 value true` after the handshake. Throws ExternalError if the engine cannot
/// be started or does not answer `uci` with `uciok` within `timeout`.
std::unique_ptr<DivideSource> make_uci_engine(std::string spec, std::string_view command,
                                              std::chrono::milliseconds timeout, Notation notation);

/// A program run once per divide as `COMMAND DEPTH FEN [MOVES]` (MOVES space-separated, left out when
/// there are none), which must print `e2e4 20` lines, a blank line and the total, and exit with code 0:
/// the protocol of the perftree debugging tool (github.com/agausmann/perftree). MOVES are passed and read
/// in `notation`.
std::unique_ptr<DivideSource> make_perftree_program(std::string spec, std::string_view command,
                                                    std::chrono::milliseconds timeout, Notation notation);

}  // namespace movegen::harness
