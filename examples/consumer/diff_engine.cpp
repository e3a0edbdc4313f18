// diff_engine SPEC EPD_FILE [DEPTH]
//
// An outside generator, named by a movegen-lab generator spec (uci:COMMAND, perftree:COMMAND, or one of
// our six names), diffed in process against our bitboard-tuned generator on every position of an EPD suite at
// DEPTH plies (default 3): one line per position, the report of the first disagreement, then a summary.
// Exit 0 if they agree everywhere, 1 on a divergence, 2 on bad input or a failing program.
#include <iostream>
#include <movegen/movegen.hpp>
#include <string>

int main(int argc, char** argv) {
  if (argc < 3 || argc > 4) {
    std::cerr << "usage: diff_engine SPEC EPD_FILE [DEPTH]\n";
    return 2;
  }
  const std::string depth_text = argc == 4 ? argv[3] : "3";
  if (depth_text.size() != 1 || depth_text[0] < '1' || depth_text[0] > '6') {
    std::cerr << "diff_engine: bad DEPTH '" << depth_text << "': expected a number from 1 to 6\n";
    return 2;
  }
  const int depth = depth_text[0] - '0';
  try {
    const auto entries = movegen::load_epd(argv[2]);
    auto ours = movegen::open_generator("bitboard-tuned");
    auto theirs = movegen::open_generator(argv[1]);
    for (const movegen::EpdEntry& entry : entries) {
      if (auto d = movegen::find_divergence(*ours, *theirs, entry.fen, {}, depth)) {
        std::cout << "line " << entry.line << " differs:\n";
        movegen::print_divergence(std::cout, *d);
        return 1;
      }
      std::cout << "agree  line " << entry.line << "  " << entry.fen << "\n";
    }
    std::cout << entries.size() << " positions at depth " << depth << ": bitboard and " << theirs->name() << " agree\n";
    return 0;
  } catch (const std::exception& e) {  // EpdError, UsageError, ExternalError, FenError, MoveError
    std::cerr << "diff_engine: " << e.what() << "\n";
    return 2;
  }
}
