// broken_engine behind `--uci`: a UCI front end over a divide function, with the quirks of real engines
// (Quirks) that the harness copes with, each behind a flag of its own.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "common/move.hpp"
#include "harness/engines/divide_source.hpp"

namespace movegen::testing {

/// How the engine behind `--uci` departs from Stockfish's console, each as real engines do.
struct Quirks {
  int delay_ms = 0;                     // --delay MS: each divide answered MS ms late
  bool late_options = false;            // --late-options: option lines and an `info string` after uciok
  bool no_total = false;                // --no-total: a divide ends after its last move line
  std::string perft_word = "go perft";  // --perft-command WORDS: the divide is `WORDS N` (perftsplit, divide)
  bool banner = false;                  // --banner: a banner first, the board and a book message around a divide
  bool setboard = false;                // --setboard: the position is set by `setboard FEN`, `position` unknown
  bool no_depth_1_list = false;         // --no-depth-1-list: at depth 1 only the total, no move lines
  bool letterless = false;              // --letterless-promotions: `b7b8` once per promotion piece
  bool hash = false;          // --hash-across-queries: a divide answered from a hash kept across queries, keyed by the
                              // pieces, the side to move and the depth, not the castling rights or en passant square:
                              // right in a fresh process, wrong after a position with other rights was asked
  bool say_position = false;  // --say-position: `info string position: FEN` (the FEN it counts) before a divide
  Notation notation = Notation::CLASSICAL;  // CHESS960 after `setoption name UCI_Chess960 value true`
  bool shredder_only = false;    // --shredder-only: a position whose castling rights are KQkq letters is refused
                                 // with an error line, and the divide after it answered by nothing
  bool trailing_space = false;   // --trailing-space: every line ends with a blank (`uciok `), as Lozza prints
  bool number_of_nodes = false;  // --number-of-nodes: the total as `Number of nodes: N`, then a time and a speed
                                 // (chessplusplus)
  bool total_first = false;      // --total-first: `Total positions to depth D: N` before the move lines (Delocto)
  bool stderr_trace = false;     // --stderr-trace: a perft command dies as Node does: its error on stderr, then a
                                 // long stack trace, exit code 1
  bool time_after = false;       // --time-after: after each divide, its time as a label and a bare number on a line of
                                 // its own (`Time taken (ms):`, `3`), which is no total
  bool searches = false;  // --searches: `go perft N` taken for `go`, searched in a thread of its own: `readyok` at
                          // once, then `info depth 1 ... pv e2e4` and `bestmove e2e4`
  bool captures_without_en_passant = false;  // --captures-without-en-passant: `captures` leaves en passant out
  bool quiet_among_captures = false;         // --quiet-among-captures: `captures` adds its first quiet move
  bool moves_flip_side = false;  // --moves-flip-side: after `position ... moves` with a move, the other side moves
                                 // (and no en passant square), as one real engine's front end did; its perft is right
  bool totals_only = false;      // --totals-only: a perft prints its total alone, never a move line (qperft, weiss)
};

/// The divide the engine answers with: of `depth` after `moves` from `fen`, moves read in `notation`.
using Divide = std::function<harness::DivideResult(const std::string& fen, const std::vector<std::string>& moves,
                                                   int depth, Notation notation)>;

/// The quirks of `--uci BUG [QUIRK...]`, read from args[2] on; throws std::invalid_argument naming an unknown one.
Quirks read_quirks(const std::vector<std::string>& args);

/// Answers UCI commands on stdin until `quit` or the end of input, with `divide`'s counts printed as Stockfish
/// prints its divide unless quirks say otherwise; `bug` names the engine. Returns the exit code.
int answer_uci(std::string_view bug, Quirks q, const Divide& divide);

/// True if `fen`'s castling field holds X-FEN letters (KQkq), which an engine reading only Shredder-FEN refuses.
bool has_x_fen_castling(const std::string& fen);

}  // namespace movegen::testing
