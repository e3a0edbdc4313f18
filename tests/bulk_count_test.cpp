// The bitboard's bulk counting against the plain mailbox's make-test-unmake: count_legal, and
// count_legal_after(m) for every legal move m, from positions where one of the counting shortcuts bites
// (a check or pin looked for only when an enemy slider stands on the king's lines, a discovered check, a
// double check, en passant uncovering a check, castling through an attacked square) and along random games
// from every suite position.
#include <boost/test/unit_test.hpp>
#include <random>
#include <string>
#include <vector>

#include "bitboard/position.hpp"
#include "common/epd.hpp"
#include "mailbox/position.hpp"
#include "tests/quick.hpp"

using namespace movegen;

namespace {

// Each position's count and the count after each of its moves, bitboard against mailbox. Returns the
// number of counts compared.
int compare_counts(const std::string& fen) {
  mailbox::Position reference = mailbox::Position::from_fen(fen);
  bitboard::Position pos = bitboard::Position::from_fen(fen);
  MoveList moves;
  reference.generate_legal(moves);
  BOOST_TEST(pos.count_legal() == moves.size(), fen);
  int compared = 1;
  for (Move m : moves) {
    reference.make_move(m);
    MoveList replies;
    reference.generate_legal(replies);
    reference.unmake_move(m);
    BOOST_TEST(pos.count_legal_after(m) == replies.size(), fen << " after " << to_uci(m));
    ++compared;
  }
  return compared;
}

}  // namespace

BOOST_AUTO_TEST_CASE(counts_where_a_shortcut_bites) {
  const std::vector<std::string> fens = {
      "4k3/8/8/8/4N3/8/8/K3R3 w - - 0 1",    // the knight uncovers the rook's check; to d6 or f6, double check
      "7k/8/8/8/3P4/8/1B6/K7 w - - 0 1",     // d4d5 uncovers the bishop's check along the long diagonal
      "8/8/8/k2pP2R/8/8/8/4K3 w - d6 0 1",   // e5xd6 en passant empties the rank between rook and king
      "8/8/8/8/k2p3R/8/4P3/4K3 w - - 0 1",   // after e2e4, d4xe3 would uncover the rook: not counted
      "3k4/8/3n4/8/8/8/8/4K2R w - - 0 1",    // Rd1 pins the knight, Rh8 checks along the rank
      "7k/8/8/4n3/8/8/8/2B1K3 w - - 0 1",    // Bb2 pins the knight on the long diagonal
      "r3k2r/8/8/8/8/8/8/4K1R1 w kq - 0 1",  // Rf1 and Rd1 forbid castling through f8 and d8, Rg8 checks
      "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",      // Ra8: the king may not step along the checking rank
      "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1",     // b8=Q and b8=R check along the rank
      "5k2/8/8/8/8/8/8/4K2R w K - 0 1",      // castling puts the rook on f1: check on the f-file
      "4k3/8/8/8/1b6/8/3P4/4K3 w - - 0 1",   // the d2 pawn is pinned by a bishop no own piece shields
      "4k3/8/8/8/8/b7/3P4/4K3 b - - 0 1",    // Bb4 pins d2: a slider newly on the king's diagonal
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",  // Kiwipete
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",                             // position 3
  };
  int compared = 0;
  for (const std::string& fen : fens) compared += compare_counts(fen);
  BOOST_TEST(compared > 150);
}

BOOST_AUTO_TEST_CASE(counts_along_random_games_from_every_suite_position) {
  std::mt19937 random(20261124);
  const int plies = test::quick_tests() ? 6 : 30;
  int compared = 0;
  for (const EpdEntry& e : load_epd(std::string(MOVEGEN_SOURCE_DIR) + "/tests/data/perft.epd")) {
    mailbox::Position pos = mailbox::Position::from_fen(e.fen);
    for (int ply = 0; ply <= plies; ++ply) {
      compared += compare_counts(pos.fen());
      MoveList moves;
      pos.generate_legal(moves);
      if (moves.size() == 0) break;
      pos.make_move(moves[random() % moves.size()]);
    }
  }
  BOOST_TEST(compared > 10000);
}
