#include "harness/engines/command_template.hpp"

#include "common/fen.hpp"

namespace movegen::harness {

namespace {

void replace_all(std::string& text, std::string_view from, std::string_view to) {
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
}

bool has_moves(std::string_view pattern) { return pattern.find("{moves}") != std::string_view::npos; }

bool has_fen(std::string_view pattern) { return pattern.find("{fen}") != std::string_view::npos; }

// The FEN {fen} stands for: the root with {moves} in the pattern, else the FEN of the position reached.
std::string fen_for(bool with_moves, const CommandQuery& q) {
  std::string fen = with_moves || q.moves.empty()
                        ? q.fen
                        : position_after<MtuPosition<mailbox::Position>>(q.fen, q.moves, q.notation).fen();
  return q.shredder_fen ? shredder_fen(fen) : fen;
}

std::string joined_moves(const std::vector<std::string>& moves) {
  std::string text;
  for (const std::string& m : moves) text += (text.empty() ? "" : " ") + m;
  return text;
}

std::string expand_word(std::string text, const std::string& fen, const CommandQuery& q) {
  replace_all(text, "{depth}", std::to_string(q.depth));
  replace_all(text, "{moves}", joined_moves(q.moves));
  replace_all(text, "{fen}", fen);
  return text;
}

}  // namespace

std::string shredder_fen(const std::string& fen) {
  const BoardState s = parse_fen(fen);
  std::string field;
  for (int i = 0; i < 4; ++i) {  // K, Q, k, q: white's rights first, each as its rook's file
    const Square rook = s.castling_rooks[std::size_t(i)];
    if (!(s.castling >> i & 1) || rook == SQ_NONE) continue;
    const char file = char('a' + file_of(rook));
    field += i < 2 ? char(file - 'a' + 'A') : file;
  }
  const std::size_t start = fen.find(' ', fen.find(' ') + 1) + 1, end = fen.find(' ', start);
  return fen.substr(0, start) + (field.empty() ? "-" : field) + fen.substr(end);
}

std::string expand_command(std::string_view pattern, const CommandQuery& q) {
  std::string text(pattern);
  if (q.moves.empty()) replace_all(text, " moves {moves}", "");
  return expand_word(std::move(text), has_fen(pattern) ? fen_for(has_moves(pattern), q) : "", q);
}

std::vector<std::string> expand_argv(const std::vector<std::string>& words, const CommandQuery& q) {
  bool with_moves = false, with_fen = false;
  for (const std::string& w : words) with_moves |= has_moves(w), with_fen |= has_fen(w);
  const std::string fen = with_fen ? fen_for(with_moves, q) : "";
  std::vector<std::string> argv;
  for (const std::string& w : words)
    if (!(w == "{moves}" && q.moves.empty())) argv.push_back(expand_word(w, fen, q));
  return argv;
}

}  // namespace movegen::harness
