// The divide formats of broken_engine_formats.hpp.
#include "tests/broken_engine_formats.hpp"

#include <iostream>

#include "common/make_test_unmake.hpp"
#include "harness/generators/setup.hpp"
#include "mailbox/position.hpp"

namespace movegen::testing {

namespace {

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

}  // namespace

const std::vector<std::string>& divide_format_names() {
  static const std::vector<std::string> names = {"perftree", "stockfish", "long",  "san", "numbered",
                                                 "vice",     "equals",    "table", "junk"};
  return names;
}

void print_divide(const harness::DivideResult& r, int depth, const std::string& fen,
                  const std::vector<std::string>& played, Notation notation, const std::string& format) {
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
}

}  // namespace movegen::testing
