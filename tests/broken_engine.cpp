// A deliberately broken engine for tests and for the tutorial: the mailbox generator with one rule broken
// (tests/broken_generators.hpp lists the zoo: `pin`, `en-passant`, `ep-rank-pin`, `castle-through-check`...).
//
//   broken_engine BUG DEPTH FEN [MOVES]   the perftree protocol: `e2e4 20` lines, an empty line, the total
//   broken_engine --uci BUG [--delay MS]  UCI on stdin/stdout, each `go perft` answered MS ms late: uci, isready,
//   position fen F [moves ...]
//                                         (or startpos), go perft N (Stockfish's divide format), quit
//   broken_engine --list                  the bug names, one a line
//
// Besides the zoo's bugs, `crash-seventh` dies (SIGABRT, printing nothing) when the side to move has a
// pawn on its seventh rank, as one real engine did: a crash for diff to localise, not a wrong count; and
// `castle-landing-only` castles through attacked squares and out of check: two causes for diff to tell apart.
//
// Bad arguments or a bad command: one line on stderr, exit 2.
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "harness/child_process.hpp"
#include "harness/divide_source.hpp"
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
    pos.mailbox::MtuPosition::generate_legal(list);
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
  static void generate_legal(BrokenBase& pos, MoveList& list) { pos.mailbox::MtuPosition::generate_legal(list); }
};

/// with_bug, and `crash-seventh`, `castle-landing-only`, `none`.
template <class F>
int with_engine_bug(std::string_view name, F&& f) {
  if (name == "crash-seventh") return f.template operator()<CrashOnSeventhRankPawn>();
  if (name == "castle-landing-only") return f.template operator()<CastleTestsLandingOnly>();
  if (name == "none") return f.template operator()<NoBug>();
  return with_bug(name, std::forward<F>(f));
}

template <class Bug>
harness::DivideResult broken_divide(const std::string& fen, const std::vector<std::string>& moves, int depth) {
  harness::BuiltinSource<BrokenPosition<Bug>> engine("broken");
  return engine.divide(fen, moves, depth);
}

template <class Bug>
int perftree(int depth, const std::string& fen, const std::string& moves) {
  const harness::DivideResult r = broken_divide<Bug>(fen, harness::split_command(moves), depth);
  for (const auto& [move, count] : r.moves) std::cout << move << ' ' << count << '\n';
  std::cout << '\n' << r.total << '\n';
  return 0;
}

// Answers UCI commands until `quit` or the end of input; `go perft N` as Stockfish prints it.
template <class Bug>
int uci(std::string_view bug, int delay_ms) {
  std::string fen(START_FEN), line;
  std::vector<std::string> moves;
  while (std::getline(std::cin, line)) {
    std::istringstream words(line);
    std::string command, word;
    words >> command;
    if (command == "quit") return 0;
    if (command == "uci") std::cout << "id name broken_engine " << bug << "\nuciok" << std::endl;
    if (command == "isready") std::cout << "readyok" << std::endl;
    if (command == "position") {
      words >> word;
      fen = std::string(START_FEN), moves.clear();
      if (word == "fen") {
        fen.clear();
        while (words >> word && word != "moves") fen += (fen.empty() ? "" : " ") + word;
      } else if (word != "startpos" || (words >> word && word != "moves")) {
        throw std::invalid_argument("bad position command: " + line);
      }
      while (words >> word) moves.push_back(word);
    }
    if (command == "go") {
      int depth = 0;
      if (!(words >> word >> depth) || word != "perft") throw std::invalid_argument("bad go command: " + line);
      std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
      const harness::DivideResult r = broken_divide<Bug>(fen, moves, depth);
      for (const auto& [move, count] : r.moves) std::cout << move << ": " << count << '\n';
      std::cout << "\nNodes searched: " << r.total << "\n" << std::endl;
    }
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  try {
    if (args.size() == 1 && args[0] == "--list") {
      for (const std::string& name : bug_names()) std::cout << name << '\n';
      return 0;
    }
    if ((args.size() == 2 || (args.size() == 4 && args[2] == "--delay")) && args[0] == "--uci") {
      const int delay_ms = args.size() == 4 ? std::stoi(args[3]) : 0;
      return with_engine_bug(args[1], [&]<class Bug>() { return uci<Bug>(args[1], delay_ms); });
    }
    if (args.size() == 3 || args.size() == 4) {
      const int depth = std::stoi(args[1]);
      const std::string moves = args.size() == 4 ? args[3] : "";
      return with_engine_bug(args[0], [&]<class Bug>() { return perftree<Bug>(depth, args[2], moves); });
    }
    std::cerr << "usage: broken_engine BUG DEPTH FEN [MOVES] | --uci BUG | --list\n";
  } catch (const std::exception& e) {
    std::cerr << "broken_engine: " << e.what() << '\n';
  }
  return 2;
}
