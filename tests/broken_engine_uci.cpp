// The UCI front end of broken_engine_uci.hpp.
#include "tests/broken_engine_uci.hpp"

#include <chrono>
#include <iostream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <thread>
#include <utility>

#include "common/make_test_unmake.hpp"
#include "harness/generators/setup.hpp"
#include "mailbox/position.hpp"

namespace movegen::testing {

bool has_x_fen_castling(const std::string& fen) {
  const std::size_t field = fen.find(' ', fen.find(' ') + 1);
  return field != std::string::npos && fen.find_first_of("KQkq", field) < fen.find(' ', field + 1);
}

namespace {

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
void answer_perft(const Divide& divide, const Quirks& q, const std::string& fen, const std::vector<std::string>& moves,
                  int depth) {
  std::this_thread::sleep_for(std::chrono::milliseconds(q.delay_ms));
  harness::DivideResult r;
  if (q.hash) {
    const std::string reached = harness::position_after<MtuPosition<mailbox::Position>>(fen, moves, q.notation).fen();
    const auto key = std::pair{reached.substr(0, reached.find(' ') + 2), depth};  // "pieces w"
    const auto found = divide_hash.try_emplace(key, divide(fen, moves, depth, q.notation)).first;
    r = found->second;
  } else {
    r = divide(fen, moves, depth, q.notation);
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
void answer_captures(const Divide& divide, const Quirks& q, const std::string& fen,
                     const std::vector<std::string>& moves) {
  auto pos = harness::position_after<MtuPosition<mailbox::Position>>(fen, moves, q.notation);
  MoveList legal;
  pos.generate_legal(legal);
  std::cout << "captures:";
  for (const auto& [text, count] : divide(fen, moves, 1, q.notation).moves) {
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

}  // namespace

int answer_uci(std::string_view bug, Quirks q, const Divide& divide) {
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
    if (command == "captures") answer_captures(divide, q, fen, moves);
    if (line.starts_with(q.perft_word + " ") && q.stderr_trace) return die_with_stack_trace();
    if (line.starts_with(q.perft_word + " ")) {
      std::istringstream depth_text(line.substr(q.perft_word.size()));
      int depth = 0;
      if (!(depth_text >> depth)) throw std::invalid_argument("bad perft command: " + line);
      if (bug == "queen-capture-keeps-side")
        answer_perft(divide, q, position_keeping_side_after_queen_captures(fen, moves), {}, depth);
      else if (q.moves_flip_side && !moves.empty())
        answer_perft(divide, q, position_with_side_flipped_after(fen, moves, q.notation), {}, depth);
      else
        answer_perft(divide, q, fen, moves, depth);
    } else if (command == "go") {
      throw std::invalid_argument("bad go command: " + line);
    }
  }
  return 0;
}

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
}  // namespace movegen::testing
