// A deliberately broken engine for tests and for the tutorial: the mailbox generator with one rule broken
// (tests/broken_generators.hpp lists the zoo: `pin`, `en-passant`, `ep-rank-pin`, `castle-through-check`...).
//
//   broken_engine BUG DEPTH FEN [MOVES]   the perftree protocol: `e2e4 20` lines, an empty line, the total
//   broken_engine --format F BUG DEPTH FEN [MOVES]   the same divide printed as engines print theirs:
//                                         stockfish `e2e4: 20` + `Nodes searched: N`; long `e2-e4 20`,
//                                         `e5xf7`, `e7-e8=Q` + `Moves: N` (the number of moves); san
//                                         `Nf3: 20`, `exd6`, `O-O-O`, `e8=Q+` + `Total: N`; numbered
//                                         `1. e2e4 moves = 20`, no total; junk: a line no format fits
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
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "harness/engines/child_process.hpp"
#include "harness/engines/divide_source.hpp"
#include "harness/generators/setup.hpp"
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

// `text` (UCI) in SAN in `pos`, with its check mark: written against the correct generator's legal moves.
std::string san_of(mailbox::MtuPosition& pos, const std::string& text) {
  const Move m = parse_uci_move(pos, text);
  if (m.flag() == CASTLING) return m.to() > m.from() ? "O-O" : "O-O-O";
  const PieceType type = type_of(pos.piece_on(m.from()));
  const bool capture = pos.piece_on(m.to()) != NO_PIECE || m.flag() == EN_PASSANT;
  const std::string from = square_name(m.from()), to = square_name(m.to());
  std::string san;
  if (type == PAWN) {
    san = (capture ? from.substr(0, 1) + "x" : "") + to;
    if (m.is_promotion()) san += std::string("=") + piece_to_char(make_piece(WHITE, m.promotion_type()));
  } else {
    bool same_file = false, same_rank = false, other = false;
    MoveList legal;
    pos.generate_legal(legal);
    for (Move o : legal)
      if (o.to() == m.to() && o.from() != m.from() && pos.piece_on(o.from()) == pos.piece_on(m.from()) &&
          o.flag() != CASTLING) {
        other = true, same_file |= file_of(o.from()) == file_of(m.from()),
        same_rank |= rank_of(o.from()) == rank_of(m.from());
      }
    san = std::string(1, piece_to_char(make_piece(WHITE, type)));
    if (other) san += !same_file ? from.substr(0, 1) : !same_rank ? from.substr(1, 1) : from;
    san += (capture ? "x" : "") + to;
  }
  pos.make_move(m);
  MoveList replies;
  pos.generate_legal(replies);
  if (pos.checkers()) san += replies.size() ? "+" : "#";
  pos.unmake_move(m);
  return san;
}

// `e2-e4`, `e5xf7`, `e7-e8=Q`, castling `O-O`.
std::string long_algebraic(mailbox::MtuPosition& pos, const std::string& text) {
  const Move m = parse_uci_move(pos, text);
  if (m.flag() == CASTLING) return m.to() > m.from() ? "O-O" : "O-O-O";
  const bool capture = pos.piece_on(m.to()) != NO_PIECE || m.flag() == EN_PASSANT;
  std::string out = text.substr(0, 2) + (capture ? "x" : "-") + text.substr(2, 2);
  if (m.is_promotion()) out += std::string("=") + piece_to_char(make_piece(WHITE, m.promotion_type()));
  return out;
}

template <class Bug>
int perftree(int depth, const std::string& fen, const std::string& moves, const std::string& format) {
  const std::vector<std::string> played = harness::split_command(moves);
  const harness::DivideResult r = broken_divide<Bug>(fen, played, depth);
  mailbox::MtuPosition pos = harness::position_after<mailbox::MtuPosition>(fen, played);
  int number = 0;
  for (const auto& [move, count] : r.moves) {
    if (format == "stockfish")
      std::cout << move << ": " << count << '\n';
    else if (format == "long")
      std::cout << long_algebraic(pos, move) << ' ' << count << '\n';
    else if (format == "san")
      std::cout << san_of(pos, move) << ": " << count << '\n';
    else if (format == "numbered")
      std::cout << ++number << ". " << move << " moves = " << count << '\n';
    else
      std::cout << move << ' ' << count << '\n';
    if (format == "junk" && ++number == 2) std::cout << "searching " << move << "... done\n";
  }
  if (format == "stockfish")
    std::cout << "\nNodes searched: " << r.total << '\n';
  else if (format == "long")
    std::cout << "\nMoves: " << r.moves.size() << '\n';
  else if (format == "san")
    std::cout << "\nTotal: " << r.total << '\n';
  else if (format != "numbered")
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
  std::vector<std::string> args(argv + 1, argv + argc);
  std::string format = "perftree";
  try {
    if (args.size() >= 2 && args[0] == "--format") {
      format = args[1];
      args.erase(args.begin(), args.begin() + 2);
      const std::vector<std::string> formats = {"perftree", "stockfish", "long", "san", "numbered", "junk"};
      if (std::find(formats.begin(), formats.end(), format) == formats.end())
        throw std::invalid_argument("bad --format '" + format +
                                    "': expected perftree, stockfish, long, san, numbered or junk");
    }
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
      return with_engine_bug(args[0], [&]<class Bug>() { return perftree<Bug>(depth, args[2], moves, format); });
    }
    std::cerr << "usage: broken_engine [--format F] BUG DEPTH FEN [MOVES] | --uci BUG | --list\n";
  } catch (const std::exception& e) {
    std::cerr << "broken_engine: " << e.what() << '\n';
  }
  return 2;
}
