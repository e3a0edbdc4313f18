#include "harness/moves/san.hpp"

#include <fmt/format.h>

#include <cctype>
#include <regex>
#include <vector>

#include "common/uci.hpp"
#include "harness/moves/move_kind.hpp"

namespace movegen::harness {

namespace {

// The shapes, check marks and annotations (+ # ! ?) taken off first.
const std::regex& long_algebraic() {  // e2-e4, e5xf7, e7-e8=Q, Ng1-f3
  static const std::regex shape(R"(([KQRBN])?([a-h][1-8])[-x]([a-h][1-8])(?:=?([QRBNqrbn]))?)");
  return shape;
}
const std::regex& san() {  // Nf3, Nbd2, R1e2, exd6, e4, e8=Q, e8Q, Ng1f3
  static const std::regex shape(R"(([KQRBN])?([a-h])?([1-8])?(x)?([a-h][1-8])(?:=?([QRBNqrbn]))?)");
  return shape;
}

std::string_view without_marks(std::string_view text) {
  while (!text.empty() && std::string_view("+#!?").find(text.back()) != std::string_view::npos) text.remove_suffix(1);
  return text;
}

bool is_castling(std::string_view t) { return t == "O-O" || t == "0-0" || t == "O-O-O" || t == "0-0-0"; }

char lower(char c) { return char(std::tolower(static_cast<unsigned char>(c))); }

// The UCI text of castling on the side the SAN names, by the castling rule of the side to move (one exists
// for every right, held or not): judge_move then says why it is not legal, if it is not.
MoveReading read_castling(MtuPosition<mailbox::Position>& pos, std::string_view text, Notation notation) {
  const bool king_side = text.size() == 3;
  const Color us = pos.side_to_move();
  for (int i = 0; i < 4; ++i) {
    const CastlingRule& r = pos.castling_rules().rule(i);
    if (r.color == us && (r.rook_from > r.king_from) == king_side) return {to_uci(r.move(), notation), "", ""};
  }
  return {"", fmt::format("no castling {} side for the side to move", king_side ? "king" : "queen"),
          "a SAN move no piece makes"};
}

}  // namespace

bool is_move_notation(std::string_view text) {
  const std::string t(without_marks(text));
  return is_uci_move_text(t) || is_castling(t) || std::regex_match(t, long_algebraic()) || std::regex_match(t, san());
}

MoveReading read_move(MtuPosition<mailbox::Position>& pos, std::string_view text, Notation notation) {
  const std::string t(without_marks(text));
  std::smatch m;
  if (t.size() == 5 && is_uci_move_text(t.substr(0, 4) + lower(t[4]))) return {t.substr(0, 4) + lower(t[4]), "", ""};
  if (is_uci_move_text(t)) return {t, "", ""};
  if (is_castling(t)) return read_castling(pos, t, notation);
  if (std::regex_match(t, m, long_algebraic()))
    return {m.str(2) + m.str(3) + (m[4].matched ? std::string(1, lower(m.str(4)[0])) : ""), "", ""};
  if (!std::regex_match(t, m, san())) return {"", "not move text", "not move text"};

  // SAN: the piece (a pawn without a letter), the from-square's file and rank if given, the target square.
  const PieceType type = m[1].matched ? type_of(char_to_piece(m.str(1)[0])) : PAWN;
  const Square to = parse_square(m.str(5));
  const int file = m[2].matched ? m.str(2)[0] - 'a' : type == PAWN && !m[4].matched ? file_of(to) : -1;
  const int rank = m[3].matched ? m.str(3)[0] - '1' : -1;
  const char promotion = m[6].matched ? lower(m.str(6)[0]) : '\0';
  const Color us = pos.side_to_move();
  const auto fits = [&](Square from) {
    return pos.piece_on(from) == make_piece(us, type) && (file < 0 || file_of(from) == file) &&
           (rank < 0 || rank_of(from) == rank);
  };
  MoveList list;
  pos.generate_legal(list);
  std::vector<std::string> legal;
  for (Move move : list)
    if (move.flag() != CASTLING && move.to() == to && fits(move.from()) &&
        (promotion ? move.is_promotion() && piece_to_char(make_piece(BLACK, move.promotion_type())) == promotion
                   : !move.is_promotion()))
      legal.push_back(to_uci(move, notation));
  if (legal.size() == 1) return {legal.front(), "", ""};
  const std::string piece(piece_type_name(type)), target = square_name(to);
  if (legal.size() > 1)
    return {"", fmt::format("ambiguous: {} {}s of the side to move reach {}", legal.size(), piece, target),
            "an ambiguous SAN move"};
  // No legal move of ours: the pieces that could make it by their own rule, judged as moves (a pinned
  // piece's move is then reported as such).
  std::vector<std::string> by_rule;
  const std::string fen = pos.fen();
  for (Square from = SQ_A1; from <= SQ_H8; from = Square(from + 1)) {
    if (!fits(from)) continue;
    const std::string uci = square_name(from) + target + (promotion ? std::string(1, promotion) : "");
    if (judge_move(fen, uci, notation).follows_piece_rule) by_rule.push_back(uci);
  }
  if (by_rule.size() == 1) return {by_rule.front(), "", ""};
  if (by_rule.size() > 1)
    return {"", fmt::format("ambiguous: {} {}s of the side to move reach {}", by_rule.size(), piece, target),
            "an ambiguous SAN move"};
  return {"",
          fmt::format("no {} of the side to move reaches {}{}", piece, target,
                      promotion ? fmt::format(" promoting to {}", promotion) : ""),
          "a SAN move no piece makes"};
}

}  // namespace movegen::harness
