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
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
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

// `text` (UCI) in SAN in `pos`, with its check mark: written against the correct generator's legal moves.
std::string san_of(MtuPosition<mailbox::Position>& pos, const std::string& text) {
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
std::string long_algebraic(MtuPosition<mailbox::Position>& pos, const std::string& text) {
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
  const Notation notation = harness::notation_for(fen, false);  // Chess960's for a FEN only Chess960 allows
  const harness::DivideResult r = broken_divide<Bug>(fen, played, depth, notation);
  MtuPosition<mailbox::Position> pos = harness::position_after<MtuPosition<mailbox::Position>>(fen, played, notation);
  int number = 0;
  if (format == "table") std::cout << "| move | nodes |\n|------|-------|\n";
  for (const auto& [move, count] : r.moves) {
    if (format == "stockfish")
      std::cout << move << ": " << count << '\n';
    else if (format == "long")
      std::cout << long_algebraic(pos, move) << ' ' << count << '\n';
    else if (format == "san")
      std::cout << san_of(pos, move) << ": " << count << '\n';
    else if (format == "numbered")
      std::cout << ++number << ". " << move << " moves = " << count << '\n';
    else if (format == "vice")
      std::cout << "move " << ++number << " : " << move << " : " << count << '\n';
    else if (format == "equals")
      std::cout << move << " = " << count << '\n';
    else if (format == "table")
      std::cout << "| " << move << " | " << count << " |\n";
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
  else if (format == "vice")
    std::cout << "\nTest Complete : " << r.total << " nodes visited in 3ms\n";
  else if (format == "equals")
    std::cout << "Depth " << depth << ": " << r.total << " nodes searched.\n";
  else if (format == "table")
    std::cout << "| total | " << r.total << " |\n";
  else if (format != "numbered")
    std::cout << '\n' << r.total << '\n';
  return 0;
}

// How the engine behind `--uci` departs from Stockfish's console, each as real engines do.
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

// --trailing-space: a stream buffer that puts a blank before every newline it passes on.
class TrailingSpaceBuffer : public std::streambuf {
 public:
  explicit TrailingSpaceBuffer(std::streambuf* out) : out_(out) {}

 protected:
  int overflow(int c) override {
    if (c == traits_type::eof()) return 0;
    if (c == '\n' && out_->sputc(' ') == traits_type::eof()) return traits_type::eof();
    return out_->sputc(char(c));
  }
  int sync() override { return out_->pubsync(); }

 private:
  std::streambuf* out_;
};

// --stderr-trace: dies as Node does at an uncaught error: the error first on stderr, then its stack; exit code 1.
int die_with_stack_trace() {
  std::cerr << "Error: perft is broken here\n";
  for (int frame = 1; frame <= 30; ++frame) std::cerr << "    at perft_" << frame << " (engine.js:" << frame << ":1)\n";
  return 1;
}

// True if `fen`'s castling field holds X-FEN letters (KQkq), which an engine reading only Shredder-FEN refuses.
bool has_x_fen_castling(const std::string& fen) {
  const std::size_t field = fen.find(' ', fen.find(' ') + 1);
  return field != std::string::npos && fen.find_first_of("KQkq", field) < fen.find(' ', field + 1);
}

// A board of `fen` as console engines print theirs, then a line of chatter.
void print_board(const std::string& fen) {
  const MtuPosition<mailbox::Position> pos = MtuPosition<mailbox::Position>::from_fen(fen);
  for (int rank = 7; rank >= 0; --rank) {
    std::cout << rank + 1 << ' ';
    for (int file = 0; file < 8; ++file) {
      const Piece p = pos.piece_on(make_square(File(file), Rank(rank)));
      std::cout << ' ' << (p == NO_PIECE ? '.' : piece_to_char(p));
    }
    std::cout << '\n';
  }
  std::cout << "   a b c d e f g h\nFen: " << fen << "\nbook: no moves for this position\n";
}

// Reads `position fen F [moves ...]` or `position startpos [moves ...]` into fen and moves.
void read_position(std::istringstream& words, const std::string& line, std::string& fen,
                   std::vector<std::string>& moves) {
  std::string word;
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

// The hash of --hash-across-queries: the divide of (pieces and side to move, depth), kept for the process's life.
std::map<std::pair<std::string, int>, harness::DivideResult> divide_hash;

// The divide of `depth` as Stockfish prints it, with the quirks asked for.
template <class Bug>
void answer_perft(const Quirks& q, const std::string& fen, const std::vector<std::string>& moves, int depth) {
  std::this_thread::sleep_for(std::chrono::milliseconds(q.delay_ms));
  harness::DivideResult r;
  if (q.hash) {
    const std::string reached = harness::position_after<MtuPosition<mailbox::Position>>(fen, moves, q.notation).fen();
    const auto key = std::pair{reached.substr(0, reached.find(' ') + 2), depth};  // "pieces w"
    const auto found = divide_hash.try_emplace(key, broken_divide<Bug>(fen, moves, depth, q.notation)).first;
    r = found->second;
  } else {
    r = broken_divide<Bug>(fen, moves, depth, q.notation);
  }
  if (q.banner) print_board(harness::position_after<MtuPosition<mailbox::Position>>(fen, moves, q.notation).fen());
  if (q.say_position)
    std::cout << "info string position: "
              << harness::position_after<MtuPosition<mailbox::Position>>(fen, moves, q.notation).fen() << '\n';
  if (q.total_first) std::cout << "Total positions to depth " << depth << ": " << r.total << '\n';
  if (!(q.no_depth_1_list && depth == 1) && !q.totals_only)
    for (const auto& [move, count] : r.moves)
      std::cout << (q.letterless ? move.substr(0, 4) : move) << ": " << count << '\n';
  if (q.number_of_nodes)
    std::cout << "\nNumber of nodes: " << r.total << "\nTime: 0ms\nSpeed: 0nps\n";
  else if (!q.no_total && !q.total_first)
    std::cout << "\nNodes searched: " << r.total << "\n";
  if (q.time_after) std::cout << "Time taken (ms):\n3\n";
  std::cout << std::endl;
}

// `captures`: the moves of its divide 1 deep that take a piece on our board, on one line after `captures:`;
// with --captures-without-en-passant, en passant left out, with --quiet-among-captures its first quiet move added
// (staged-generation bugs, its divide right).
template <class Bug>
void answer_captures(const Quirks& q, const std::string& fen, const std::vector<std::string>& moves) {
  auto pos = harness::position_after<MtuPosition<mailbox::Position>>(fen, moves, q.notation);
  MoveList legal;
  pos.generate_legal(legal);
  std::cout << "captures:";
  for (const auto& [text, count] : broken_divide<Bug>(fen, moves, 1, q.notation).moves) {
    for (Move m : legal)
      if (to_uci(m, q.notation) == text && is_capture(pos, m) &&
          !(q.captures_without_en_passant && m.flag() == EN_PASSANT))
        std::cout << ' ' << text;
  }
  for (Move m : legal)
    if (q.quiet_among_captures && !is_capture(pos, m)) {
      std::cout << ' ' << to_uci(m, q.notation);
      break;
    }
  std::cout << std::endl;
}

// `fen` with the other side to move and no en passant square: a front end's side-to-move mix-up.
std::string other_side_to_move(const std::string& fen) {
  std::istringstream fields(fen);
  std::string board, side, castling, ep, rest;
  fields >> board >> side >> castling >> ep;
  std::getline(fields, rest);
  return board + (side == "w" ? " b " : " w ") + castling + " -" + rest;
}

// `queen-capture-keeps-side`, a make-move bug of the UCI front end: the position after `moves`, but a queen's
// capture leaves the side to move as it was (and clears the en passant square).
std::string position_keeping_side_after_queen_captures(std::string fen, const std::vector<std::string>& moves) {
  for (const std::string& text : moves) {
    MtuPosition<mailbox::Position> pos = MtuPosition<mailbox::Position>::from_fen(fen);
    const Move m = parse_uci_move(pos, text);
    const bool queen_capture = type_of(pos.piece_on(m.from())) == QUEEN && pos.piece_on(m.to()) != NO_PIECE;
    fen = harness::position_after<MtuPosition<mailbox::Position>>(fen, {text}).fen();
    if (queen_capture) fen = other_side_to_move(fen);
  }
  return fen;
}

// --moves-flip-side: the position after `moves` with the other side to move, where that is a position (the side
// then not to move is not in check); else the position after them, right.
std::string position_with_side_flipped_after(const std::string& fen, const std::vector<std::string>& moves,
                                             Notation notation) {
  const std::string reached = harness::position_after<MtuPosition<mailbox::Position>>(fen, moves, notation).fen();
  try {
    return MtuPosition<mailbox::Position>::from_fen(other_side_to_move(reached)).fen();
  } catch (const std::exception&) {
    return reached;
  }
}

// Answers UCI commands until `quit` or the end of input; the divide as Stockfish prints it, unless quirks.
template <class Bug>
int uci(std::string_view bug, Quirks q) {
  std::string fen(START_FEN), line;
  std::vector<std::string> moves;
  bool refused = false;    // --shredder-only: the last position was refused
  bool searching = false;  // --searches: a `go` came, its search lines are printed after the next `readyok`
  TrailingSpaceBuffer spaced(std::cout.rdbuf());
  std::streambuf* const plain = q.trailing_space ? std::cout.rdbuf(&spaced) : nullptr;
  struct Restore {  // std::cout gets its own buffer back before `spaced` goes
    std::streambuf* plain;
    ~Restore() {
      if (plain) std::cout.rdbuf(plain);
    }
  } restore{plain};
  if (q.banner) std::cout << "broken_engine " << bug << " by the movegen-lab tests\nType 'help' for help" << std::endl;
  while (std::getline(std::cin, line)) {
    std::istringstream words(line);
    std::string command;
    words >> command;
    if (command == "quit") return 0;
    if (command == "uci") std::cout << "id name broken_engine " << bug << "\nuciok" << std::endl;
    if (command == "uci" && q.late_options)
      std::cout << "option name Hash type spin default 16 min 1 max 1024\noption name Threads type spin default 1 "
                   "min 1 max 64\ninfo string broken_engine ready"
                << std::endl;
    if (command == "isready") std::cout << "readyok" << std::endl;
    if (command == "isready" && std::exchange(searching, false))
      std::cout << "info depth 1 seldepth 1 score cp 20 nodes 20 pv e2e4\nbestmove e2e4" << std::endl;
    if (command == "go" && q.searches) {
      searching = true;
      continue;
    }
    if (line == "setoption name UCI_Chess960 value true") q.notation = Notation::CHESS960;
    if (command == "position" && !q.setboard) read_position(words, line, fen, moves);
    if (command == "position" && q.shredder_only && (refused = has_x_fen_castling(fen)))
      std::cout << "error: castling rights must be rook files (HAha): " << fen << std::endl;
    if (command == "position" && q.setboard) std::cout << "Unknown command: " << line << std::endl;
    if (command == "setboard" && q.setboard) fen = line.substr(9), moves.clear();
    if (line.starts_with(q.perft_word + " ") && refused) continue;  // no position, no divide
    if (command == "captures") answer_captures<Bug>(q, fen, moves);
    if (line.starts_with(q.perft_word + " ") && q.stderr_trace) return die_with_stack_trace();
    if (line.starts_with(q.perft_word + " ")) {
      std::istringstream depth_text(line.substr(q.perft_word.size()));
      int depth = 0;
      if (!(depth_text >> depth)) throw std::invalid_argument("bad perft command: " + line);
      if (bug == "queen-capture-keeps-side")
        answer_perft<Bug>(q, position_keeping_side_after_queen_captures(fen, moves), {}, depth);
      else if (q.moves_flip_side && !moves.empty())
        answer_perft<Bug>(q, position_with_side_flipped_after(fen, moves, q.notation), {}, depth);
      else
        answer_perft<Bug>(q, fen, moves, depth);
    } else if (command == "go") {
      throw std::invalid_argument("bad go command: " + line);
    }
  }
  return 0;
}

// The quirks of `--uci BUG [QUIRK...]`: args from index 2 on.
Quirks read_quirks(const std::vector<std::string>& args) {
  Quirks q;
  for (std::size_t i = 2; i < args.size(); ++i) {
    const bool has_value = i + 1 < args.size();
    if (args[i] == "--delay" && has_value)
      q.delay_ms = std::stoi(args[++i]);
    else if (args[i] == "--perft-command" && has_value)
      q.perft_word = args[++i];
    else if (args[i] == "--late-options")
      q.late_options = true;
    else if (args[i] == "--no-total")
      q.no_total = true;
    else if (args[i] == "--banner")
      q.banner = true;
    else if (args[i] == "--setboard")
      q.setboard = true;
    else if (args[i] == "--captures-without-en-passant")
      q.captures_without_en_passant = true;
    else if (args[i] == "--quiet-among-captures")
      q.quiet_among_captures = true;
    else if (args[i] == "--no-depth-1-list")
      q.no_depth_1_list = true;
    else if (args[i] == "--letterless-promotions")
      q.letterless = true;
    else if (args[i] == "--hash-across-queries")
      q.hash = true;
    else if (args[i] == "--shredder-only")
      q.shredder_only = true;
    else if (args[i] == "--say-position")
      q.say_position = true;
    else if (args[i] == "--trailing-space")
      q.trailing_space = true;
    else if (args[i] == "--number-of-nodes")
      q.number_of_nodes = true;
    else if (args[i] == "--total-first")
      q.total_first = true;
    else if (args[i] == "--searches")
      q.searches = true;
    else if (args[i] == "--stderr-trace")
      q.stderr_trace = true;
    else if (args[i] == "--time-after")
      q.time_after = true;
    else if (args[i] == "--moves-flip-side")
      q.moves_flip_side = true;
    else if (args[i] == "--totals-only")
      q.totals_only = true;
    else
      throw std::invalid_argument("bad --uci option '" + args[i] + "'");
  }
  return q;
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
      const std::vector<std::string> formats = {"perftree", "stockfish", "long",  "san", "numbered",
                                                "vice",     "equals",    "table", "junk"};
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
      return with_engine_bug(args[1], [&]<class Bug>() { return uci<Bug>(args[1], quirks); });
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
