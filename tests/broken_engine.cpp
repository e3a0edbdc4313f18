// A deliberately broken engine for tests and for the tutorial: the mailbox generator with one rule broken
// (tests/broken_generators.hpp lists the zoo: `pin`, `en-passant`, `ep-rank-pin`, `castle-through-check`...).
//
//   broken_engine BUG DEPTH FEN [MOVES]   the perftree protocol: `e2e4 20` lines, an empty line, the total
//   broken_engine --format F BUG DEPTH FEN [MOVES]   the same divide printed as engines print theirs:
//                                         stockfish `e2e4: 20` + `Nodes searched: N`; long `e2-e4 20`,
//                                         `e5xf7`, `e7-e8=Q` + `Moves: N` (the number of moves); san
//                                         `Nf3: 20`, `exd6`, `O-O-O`, `e8=Q+` + `Total: N`; numbered
//                                         `1. e2e4 moves = 20`, no total; vice `move 1 : e2e4 : 20` +
//                                         `Test Complete : N nodes visited`; equals `e2e4 = 20` +
//                                         `Depth D: N nodes searched.`; table `| e2e4 | 20 |` under a
//                                         header + `| total | N |`; junk: a line no format fits
//   broken_engine --uci BUG [QUIRK...]    UCI on stdin/stdout: uci, isready, position fen F [moves ...]
//                                         (or startpos), go perft N (Stockfish's divide format), quit;
//                                         each QUIRK mimics a real engine's (see Quirks):
//                                         --delay MS, --late-options, --no-total, --perft-command WORDS, --banner,
//                                         --setboard, --no-depth-1-list, --letterless-promotions,
//                                         --hash-across-queries, --shredder-only, --say-position,
//                                         --trailing-space, --number-of-nodes, --total-first, --searches,
//                                         --stderr-trace, --time-after, --captures-without-en-passant,
//                                         --quiet-among-captures (it answers `captures` with its captures),
//                                         --moves-flip-side, --totals-only
//   broken_engine --shredder-only ...     refuses a FEN whose castling field is not Shredder-FEN (HAha); with
//                                         --uci, as a quirk, it prints an error line and no divide for it
//   broken_engine --list                  the bug names, one a line
//
// Besides the zoo's bugs, `queen-capture-keeps-side` forgets to pass the move after a queen's capture
// (a side-to-move mix-up after `position fen ... moves ...`), `crash-seventh` dies (SIGABRT, printing nothing) when the
// side to move has a pawn on its seventh rank, as one real engine did: a crash for diff to localise, not a wrong count;
// and `castle-landing-only` castles through attacked squares and out of check: two causes for diff to tell apart.
//
// Bad arguments or a bad command: one line on stderr, exit 2.
#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "harness/engines/child_process.hpp"
#include "harness/engines/divide_source.hpp"
#include "harness/generators/setup.hpp"
#include "tests/broken_engine_formats.hpp"
#include "tests/broken_engine_uci.hpp"
#include "tests/bug_zoo.hpp"

using namespace movegen;
using namespace movegen::testing;

namespace {

/// Aborts when the side to move has a pawn on its seventh rank; the correct moves otherwise.
struct CrashOnSeventhRankPawn {
  static void generate_legal(BrokenBase& pos, MoveList& list) {
    const Color us = pos.side_to_move();
    for (File f = FILE_A; f <= FILE_H; f = File(f + 1))
      if (pos.piece_on(make_square(f, relative_rank(us, RANK_7))) == make_piece(us, PAWN)) std::abort();
    pos.MtuPosition<mailbox::Position>::generate_legal(list);
  }
};

/// Castles testing only the king's landing square: through an attacked square and out of check, two
/// causes from one bug.
struct CastleTestsLandingOnly {
  static void generate_legal(BrokenBase& pos, MoveList& list) {
    legal_moves_where(pos, list, [](Move m) { return m.flag() != CASTLING; });
    castling_where(pos, list, pos.castling_rights(), [&](const CastlingRule& r) { return !attacked(pos, r.king_to); });
  }
};

/// No bug: the correct moves (with --delay, a slow but right engine).
struct NoBug {
  static void generate_legal(BrokenBase& pos, MoveList& list) {
    pos.MtuPosition<mailbox::Position>::generate_legal(list);
  }
};

/// with_bug, and `crash-seventh`, `castle-landing-only`, `none`, `queen-capture-keeps-side`.
template <class F>
int with_engine_bug(std::string_view name, F&& f) {
  if (name == "crash-seventh") return f.template operator()<CrashOnSeventhRankPawn>();
  if (name == "castle-landing-only") return f.template operator()<CastleTestsLandingOnly>();
  if (name == "none" || name == "queen-capture-keeps-side") return f.template operator()<NoBug>();
  return with_bug(name, std::forward<F>(f));
}

template <class Bug>
harness::DivideResult broken_divide(const std::string& fen, const std::vector<std::string>& moves, int depth,
                                    Notation notation = Notation::CLASSICAL) {
  harness::BuiltinSource<BrokenPosition<Bug>> engine("broken", std::nullopt, notation);
  return engine.divide(fen, moves, depth);
}

// The perftree protocol, or the divide in `format` (broken_engine_formats.hpp).
template <class Bug>
int perftree(int depth, const std::string& fen, const std::string& moves, const std::string& format) {
  const std::vector<std::string> played = harness::split_command(moves);
  const Notation notation = harness::notation_for(fen, false);  // Chess960's for a FEN only Chess960 allows
  print_divide(broken_divide<Bug>(fen, played, depth, notation), depth, fen, played, notation, format);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  std::string format = "perftree";
  try {
    if (!args.empty() && args[0] == "--shredder-only") {  // as an engine that reads only Shredder-FEN
      args.erase(args.begin());
      if (args.size() >= 3 && has_x_fen_castling(args[2]))
        throw std::invalid_argument("castling rights must be rook files (HAha): " + args[2]);
    }
    if (args.size() >= 2 && args[0] == "--format") {
      format = args[1];
      args.erase(args.begin(), args.begin() + 2);
      const std::vector<std::string>& formats = divide_format_names();
      if (std::find(formats.begin(), formats.end(), format) == formats.end())
        throw std::invalid_argument(
            "bad --format '" + format +
            "': expected perftree, stockfish, long, san, numbered, vice, equals, table or junk");
    }
    if (args.size() == 1 && args[0] == "--list") {
      for (const std::string& name : bug_names()) std::cout << name << '\n';
      return 0;
    }
    if (args.size() >= 2 && args[0] == "--uci") {
      const Quirks quirks = read_quirks(args);
      return with_engine_bug(args[1], [&]<class Bug>() {
        return answer_uci(args[1], quirks,
                          [](const std::string& fen, const std::vector<std::string>& moves, int depth,
                             Notation notation) { return broken_divide<Bug>(fen, moves, depth, notation); });
      });
    }
    if (args.size() == 3 || args.size() == 4) {
      const int depth = std::stoi(args[1]);
      const std::string moves = args.size() == 4 ? args[3] : "";
      return with_engine_bug(args[0], [&]<class Bug>() { return perftree<Bug>(depth, args[2], moves, format); });
    }
    std::cerr << "usage: broken_engine [--format F] BUG DEPTH FEN [MOVES] | --uci BUG [QUIRK...] | --list\n";
  } catch (const std::exception& e) {
    std::cerr << "broken_engine: " << e.what() << '\n';
  }
  return 2;
}
