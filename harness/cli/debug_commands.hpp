// The `movegen` subcommands for finding move generation bugs: diff, fuzz, perftree and show. Like the
// other run_* functions (commands.hpp) each writes its report to `out`, diagnostics to `err`, and returns
// the exit code: 0 agreement, 1 a divergence found, 2 bad input or a failing external program.
//
//   std::ostringstream out, err;
//   run_diff({.depth = 3, .a = "mailbox", .b = "uci:/usr/games/stockfish"}, out, err);   // 0
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "common/fen.hpp"
#include "harness/debugging/fuzz_options.hpp"
#include "harness/study/show_options.hpp"

namespace movegen::harness {

struct DiffOptions {
  std::string fen;                 // root position; empty: the start position (or --epd)
  std::string epd;                 // an EPD file: every position, depth capped by its deepest ;Dn count
  std::vector<std::string> moves;  // UCI moves played from `fen` first
  int depth = 3;
  std::string a = "bitboard-tuned";  // generator specs, see divide_source.hpp
  std::string b;
  double timeout_seconds = 60;          // longest wait for one line of an external program's output
  EngineOptions engine;                 // how outside engines are spoken to: their commands, strictness, FENs
  bool all = false;                     // every differing root move, not only the first divergence
  bool json = false;                    // one JSON document on stdout instead of the report
  bool chess960 = false;                // Chess960 notation for every move text (implied by a Chess960-only FEN)
  bool allow_impossible_check = false;  // with `epd`: check positions with an impossible check, not refuse them
  bool verbose = false;                 // list the move differences that follow from a move played wrongly
  bool through_moves = true;  // where the divides agree, also the positions after a move of each kind, sent as moves
                              // to an engine that plays them (compare_through_moves)
};

/// `movegen diff`: compares the divides of A and B and reports the divergence with the shortest move path
/// (root FEN, smallest differing depth, move path, FEN there, moves only A or only B generates, their kind
/// and why each is legal or not); between two built-in generators it also compares FENs after each move,
/// checkers and unmake at every node of the tree, depth - 1 plies deep. With `epd` one line per position,
/// an external program's failure counted against its position (the program restarted), and a summary
/// grouped by kind of differing move; exit 2 if any position failed. Throws UsageError, FenError,
/// MoveError, EpdError, and ExternalError without `epd`.
int run_diff(const DiffOptions& options, std::ostream& out, std::ostream& err);

/// `movegen fuzz`: random playouts cross-checking the built-in generators at every ply (move lists, FEN
/// after each move, checkers, unmake) and, every flip_every positions, perft of the colour-flipped
/// position; `against`, given the game's start FEN and moves, at every sample_every-th position. Prints
/// positions checked, the outside engine's positions and calls, and on a mismatch the diff report with
/// the command that replays it. Throws UsageError, EpdError, FenError, ExternalError.
int run_fuzz(const FuzzOptions& options, std::ostream& out, std::ostream& err);

struct PerftreeOptions {
  std::string generator = "bitboard-tuned";
  int depth = 1;
  std::string fen;
  std::string moves;      // space-separated UCI moves, promotion letters in either case ("a7b8Q")
  bool chess960 = false;  // Chess960 notation (implied by a Chess960-only FEN)
};

/// `movegen perftree DEPTH FEN [MOVES]`: the perftree tool's script protocol, `e2e4 20` lines sorted by
/// move text, an empty line and the total (just the empty line and `1` at depth 0). Throws UsageError,
/// FenError, MoveError.
int run_perftree(const PerftreeOptions& options, std::ostream& out, std::ostream& err);

/// `movegen show`: the board diagram, each representation's own board as its folder draws it (board_views),
/// every built-in generator's legal moves side by side, and the bitboard generator's sets as 8x8 grids (rank 8
/// on top): occupancy, pawn pushes, pawn attacks, checkers, pinned pieces and the squares the king may not
/// enter, each checked against the same set found square by square on the mailbox board. With `against`, that
/// generator's legal moves (its divide at depth 1) in a last column, a move only ours have marked "only ours",
/// one only it has "only theirs". With `json`, one JSON document of the same data. 1 if the move lists or a
/// set differ. Throws FenError, UsageError or ExternalError before printing anything.
int run_show(const ShowOptions& options, std::ostream& out, std::ostream& err);

}  // namespace movegen::harness
