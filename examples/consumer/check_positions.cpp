// check_positions EPD_FILE [DEPTH]
//
// For every position of an EPD suite (`FEN ;D1 20 ;D2 400 ...`), with two of movegen-lab's generators:
// the mailbox and the bitboard list the same legal moves, at the root and after each root move, and
// their perft counts up to DEPTH (default 3) equal the suite's. One line per position, then a summary.
// Exit 0 if everything agrees, 1 on a mismatch, 2 on bad input (one line on stderr).
#include <charconv>
#include <cstdint>
#include <iostream>
#include <movegen/movegen.hpp>
#include <string>
#include <string_view>

namespace {

// The number in `text` if it is a whole decimal number within min..max, else -1.
int parse_int(std::string_view text, int min, int max) {
  int value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  return error == std::errc() && end == text.data() + text.size() && value >= min && value <= max ? value : -1;
}

// Problems found in one position: root and child move lists compared, then perft against the suite.
int check(const movegen::EpdEntry& entry, int max_depth) {
  auto mailbox = movegen::position_from_fen<movegen::MailboxPosition>(entry.fen);
  auto bitboard = movegen::position_from_fen<movegen::BitboardPosition>(entry.fen);
  int problems = 0;
  const auto compare_lists = [&](const std::string& where) {
    if (movegen::legal_moves_uci(mailbox) == movegen::legal_moves_uci(bitboard)) return;
    std::cout << "  move lists differ " << where << ": " << mailbox.fen() << "\n";
    ++problems;
  };
  compare_lists("at the root");
  for (const std::string& text : movegen::legal_moves_uci(mailbox)) {
    const movegen::Move a = movegen::make_uci_move(mailbox, text), b = movegen::make_uci_move(bitboard, text);
    compare_lists("after " + text);
    mailbox.unmake_move(a);
    bitboard.unmake_move(b);
  }
  for (const movegen::PerftCount& c : entry.counts) {
    if (c.depth > max_depth) continue;
    const std::uint64_t m = movegen::perft(mailbox, c.depth), b = movegen::perft(bitboard, c.depth);
    if (m == c.nodes && b == c.nodes) continue;
    std::cout << "  D" << c.depth << ": expected " << c.nodes << ", mailbox " << m << ", bitboard " << b << "\n";
    ++problems;
  }
  return problems;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || argc > 3) {
    std::cerr << "usage: check_positions EPD_FILE [DEPTH]\n";
    return 2;
  }
  const int max_depth = argc == 3 ? parse_int(argv[2], 1, 6) : 3;
  if (max_depth < 0) {
    std::cerr << "check_positions: bad DEPTH '" << argv[2] << "': expected a number from 1 to 6\n";
    return 2;
  }
  try {
    int positions = 0, failed = 0;
    for (const movegen::EpdEntry& entry : movegen::load_epd(argv[1])) {
      const int problems = check(entry, max_depth);
      std::cout << (problems == 0 ? "ok    " : "FAIL  ") << "line " << entry.line << "  " << entry.fen << "\n";
      ++positions, failed += problems != 0;
    }
    std::cout << positions << " positions, mailbox and bitboard to depth " << max_depth << ": "
              << (failed == 0 ? "all agree" : std::to_string(failed) + " with mismatches") << "\n";
    return failed == 0 ? 0 : 1;
  } catch (const std::exception& e) {  // EpdError (file, line), FenError (field)
    std::cerr << "check_positions: " << e.what() << "\n";
    return 2;
  }
}
