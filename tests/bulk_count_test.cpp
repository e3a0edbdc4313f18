// The bitboard's bulk counting against the plain mailbox's make-test-unmake: count_legal, count_legal_after(m)
// and count_legal_after_each({m}) for every legal move m, and count_legal_after_each of the whole list, from
// positions where one of the counting shortcuts bites (a check or pin looked for only when an enemy slider
// stands on the king's lines, a discovered check, a double check, en passant uncovering a check, castling
// through an attacked square; for the siblings' shared count: a quiet move that opens or closes a slider's
// line, pins or unpins, lands beside the king or in a castling path) and along random games from every
// suite position. And perft's three counting modes (siblings, node, every leaf made) against the suite's counts,
// for every generator.
#include <boost/test/unit_test.hpp>
#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "common/epd.hpp"
#include "common/perft.hpp"
#include "mailbox/movegen.hpp"
#include "tests/generators.hpp"
#include "tests/quick.hpp"
#include "tuned/bitboard/count.hpp"
#include "tuned/bitboard/direction_fills.hpp"
#include "tuned/bitboard/position.hpp"

using namespace movegen;

namespace {

// Each position's count and the count after each of its moves, bitboard against mailbox. Returns the
// number of counts compared.
int compare_counts(const std::string& fen) {
  MtuPosition<mailbox::Position> reference = MtuPosition<mailbox::Position>::from_fen(fen);
  bitboard_tuned::Position pos = bitboard_tuned::Position::from_fen(fen);
  const std::string before = pos.fen();
  MoveList moves;
  reference.generate_legal(moves);
  BOOST_TEST(pos.count_legal() == moves.size(), fen);
  int compared = 1;
  std::uint64_t total = 0;
  for (Move m : moves) {
    reference.make_move(m);
    MoveList replies;
    reference.generate_legal(replies);
    reference.unmake_move(m);
    BOOST_TEST(pos.count_legal_after(m) == replies.size(), fen << " after " << to_uci(m));
    MoveList only_m;
    only_m.push_back(m);
    BOOST_TEST(pos.count_legal_after_each(only_m) == replies.size(), fen << " after " << to_uci(m) << " alone");
    total += replies.size();
    ++compared;
  }
  BOOST_TEST(pos.count_legal_after_each(moves) == total, fen << ": every move");
  BOOST_TEST(pos.fen() == before, fen << ": the position is as it was");
  return compared;
}

// bitboard-tuned's own recursion (perft on copies of the sets) with and without bulk counting, against the
// mailbox's make-test-unmake perft `depth` plies below the FEN.
void compare_tuned_recursion(const std::string& fen, int depth) {
  MtuPosition<mailbox::Position> reference = MtuPosition<mailbox::Position>::from_fen(fen);
  const bitboard_tuned::Position tuned = bitboard_tuned::Position::from_fen(fen);
  const std::uint64_t expected = perft(reference, depth, Counting::MAKE_EVERY_LEAF);
  BOOST_TEST(bitboard_tuned::perft(tuned.sets(), depth, Counting::MAKE_EVERY_LEAF) == expected, fen);
  BOOST_TEST(bitboard_tuned::perft(tuned.sets(), depth, Counting::BULK_NODE) == expected, fen);
  BOOST_TEST(bitboard_tuned::perft(tuned.sets(), depth, Counting::BULK_SIBLINGS) == expected, fen);
}

// Calls visit(fen) for each position of a random game of up to `plies` moves from every suite position, the
// suite position first, the moves drawn by `random`. Returns the number of positions visited.
template <class Visit>
int for_each_random_game_position(std::mt19937& random, int plies, Visit visit) {
  int visited = 0;
  for (const EpdEntry& e : load_epd(std::string(MOVEGEN_SOURCE_DIR) + "/tests/data/perft.epd")) {
    MtuPosition<mailbox::Position> pos = MtuPosition<mailbox::Position>::from_fen(e.fen);
    for (int ply = 0; ply <= plies; ++ply) {
      visit(pos.fen());
      ++visited;
      MoveList moves;
      pos.generate_legal(moves);
      if (moves.size() == 0) break;
      pos.make_move(moves[random() % moves.size()]);
    }
  }
  return visited;
}

}  // namespace

BOOST_AUTO_TEST_CASE(counts_where_a_shortcut_bites) {
  const std::vector<std::string> fens = {
      "4k3/8/8/8/4N3/8/8/K3R3 w - - 0 1",         // the knight uncovers the rook's check; to d6 or f6, double check
      "7k/8/8/8/3P4/8/1B6/K7 w - - 0 1",          // d4d5 uncovers the bishop's check along the long diagonal
      "8/8/8/k2pP2R/8/8/8/4K3 w - d6 0 1",        // e5xd6 en passant empties the rank between rook and king
      "8/8/8/8/k2p3R/8/4P3/4K3 w - - 0 1",        // after e2e4, d4xe3 would uncover the rook: not counted
      "3k4/8/3n4/8/8/8/8/4K2R w - - 0 1",         // Rd1 pins the knight, Rh8 checks along the rank
      "7k/8/8/4n3/8/8/8/2B1K3 w - - 0 1",         // Bb2 pins the knight on the long diagonal
      "r3k2r/8/8/8/8/8/8/4K1R1 w kq - 0 1",       // Rf1 and Rd1 forbid castling through f8 and d8, Rg8 checks
      "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",           // Ra8: the king may not step along the checking rank
      "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1",          // b8=Q and b8=R check along the rank
      "5k2/8/8/8/8/8/8/4K2R w K - 0 1",           // castling puts the rook on f1: check on the f-file
      "4k3/8/8/8/1b6/8/3P4/4K3 w - - 0 1",        // the d2 pawn is pinned by a bishop no own piece shields
      "4k3/8/8/8/8/b7/3P4/4K3 b - - 0 1",         // Bb4 pins d2: a slider newly on the king's diagonal
      "1r2k3/8/8/3q4/8/8/1P4B1/4K3 w - - 0 1",    // b2b3/b4 shorten the rook's file, Bg2 moves close the queen's lines
      "4k3/8/8/3q4/8/8/1N6/4K3 w - - 0 1",        // the knight lands on the queen's rays: new look-ups, or none
      "3k4/3n4/8/8/8/3B4/8/3RK3 w - - 0 1",       // the bishop leaves the file: the knight is pinned
      "3k4/3n4/8/8/3R4/8/8/4K3 w - - 0 1",        // the rook leaves the file: the knight is free again
      "4k3/3p4/8/1B3N2/8/8/8/4K3 w - - 0 1",      // the d7 pawn stays pinned while the knight moves around it
      "4k3/4r3/8/8/8/8/8/4R1K1 w - - 0 1",        // the e7 rook is pinned to its file; the king's moves change nothing
      "8/8/8/3k4/8/8/2N5/4K3 w - - 0 1",          // the knight lands beside the king or checks it
      "8/8/3k4/8/3K4/8/8/8 w - - 0 1",            // the white king's steps take squares from the black king
      "8/8/8/8/8/3k4/8/3K4 w - - 0 1",            // the same one square further
      "r3k2r/8/1N6/8/8/8/8/4K3 w kq - 0 1",       // Nc8 fills a castling path, Nd7 and Ne6 attack it
      "rN2k2r/8/8/8/8/8/8/4K3 w kq - 0 1",        // the knight leaves b8 and opens the long castling path
      "r3k2r/8/8/8/8/8/8/1R2K1R1 w kq - 0 1",     // the rooks' moves along the first rank keep b8 and g8 attacked
      "r3k2r/8/8/8/8/8/6B1/R3K2R w KQkq - 0 1",   // the bishop's moves see b7 to a8, the king's path stays free
      "4k3/8/8/8/3p4/8/2P1P3/4K3 w - - 0 1",      // c2c4 and e2e4 give d4 an en passant capture, c2c3 does not
      "3k4/8/8/8/3p4/8/4P3/3RK3 w - - 0 1",       // after e2e4, d4xe3 would leave the rook's file: not counted
      "4k3/8/8/8/8/8/5N2/3RK3 w - - 0 1",         // Nd3 shields d7 and d8 from the rook: the king may go there
      "4k3/8/8/8/3N4/8/8/3RK3 w - - 0 1",         // the knight leaves the d-file: d7 and d8 are attacked again
      "4k3/3n4/1N6/1B6/8/8/8/4K3 w - - 0 1",      // Nxd7 takes a pinned knight and stands pinned in its place
      "4k3/3p4/8/1B2N3/8/8/8/4K3 w - - 0 1",      // Nxd7 takes a pinned pawn
      "4k3/8/8/3n4/8/2N5/8/4K3 w - - 0 1",        // Nxd5 takes a knight
      "4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1",         // Rxd5 takes the queen
      "4k3/8/2b5/3n4/8/8/6B1/4K3 w - - 0 1",      // Bxd5 takes a knight the bishop defends: Bxd5 in reply
      "4k3/4p3/8/5N2/8/8/8/4K3 w - - 0 1",        // Nxe7: the king may take back
      "r3k2r/8/6N1/8/8/8/8/4K3 w kq - 0 1",       // Nxh8 takes a castling rook: no short castling after it
      "2r1kr2/8/8/8/8/8/8/1R2K1R1 w GBfc - 0 1",  // Chess960: the rooks' moves decide which castling is safe
      "4k3/8/8/2p5/8/8/3P4/4K3 b - - 0 1",        // black to move: c5c4 and the white d2d4 that follows
      "1b2k3/2P5/8/4K3/8/8/8/8 w - - 0 1",        // the pinned c7 pawn takes its pinner, promoting: 4 moves
      "4k3/4r3/8/8/8/8/4P3/4K3 w - - 0 1",        // the e2 pawn, pinned along the file, pushes along it
      "4k3/1b6/8/2pP4/8/5K2/8/8 w - c6 0 1",      // the pinned d5 pawn takes en passant along its pin
      "4k3/8/8/1b6/8/3P4/8/5K2 w - - 0 1",        // a pinned pawn that may not push: nothing pinned after Kg1
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",              // start
      "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",        // the king may step to e7
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",  // Kiwipete
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",                             // position 3
  };
  int compared = 0;
  for (const std::string& fen : fens) compared += compare_counts(fen);
  BOOST_TEST(compared > 400);
}

// A king whose every neighbouring square holds a piece of its own may still castle in Chess960, where king and
// rook may trade squares with no square between them to clear: king_may_move (tuned/bitboard/generate.hpp)
// skips the castling test of such a king only under classical rules, whose paths hold the squares beside it.
BOOST_AUTO_TEST_CASE(counts_a_hemmed_in_king_that_castles_in_chess960) {
  struct Case {
    std::string fen;
    bool castles;
  };
  const std::vector<Case> cases = {
      {"k7/8/8/8/8/8/4PPP1/4BKR1 w G - 0 1", true},   // king f1, rook g1: castling trades them
      {"k7/8/8/8/8/8/2PPP3/2RKB3 w C - 0 1", true},   // king d1, rook c1: the same on the queen's side
      {"2rkb3/2ppp3/8/8/8/8/8/K7 b c - 0 1", true},   // the same for black
      {"k7/8/8/8/8/8/3PPP2/3QKB1R w K - 0 1", false},  // classical: hemmed in, and no castling
  };
  for (const Case& c : cases) {
    MoveList moves;
    MtuPosition<mailbox::Position>::from_fen(c.fen).generate_legal(moves);
    BOOST_TEST(std::any_of(moves.begin(), moves.end(), [](Move m) { return m.flag() == CASTLING; }) == c.castles,
               c.fen << ": castling among the legal moves");
    compare_counts(c.fen);
    for (int depth = 1; depth <= 3; ++depth) compare_tuned_recursion(c.fen, depth);
  }
}

// The count for rook and pawn endings (count.hpp's ROOKS_ONLY, which leaves out knights, bishops and queens):
// perft two plies deep, whose leaf parents are counted by the version picked for their parent
// (kinds_of_children). A promotion brings a kind the parent lacks, and the new piece checks or pins at once.
BOOST_AUTO_TEST_CASE(counts_where_a_promotion_brings_a_new_kind) {
  const std::vector<std::string> fens = {
      "7r/1P1k4/8/8/8/8/8/R3K3 w - - 0 1",   // b8=N checks the king on d7
      "3k4/5P2/8/8/8/8/8/4K3 w - - 0 1",     // pawns and kings alone: f8=Q and f8=R check along the rank
      "8/8/8/8/8/2k5/p7/4K2R b - - 0 1",     // black: a1=Q and a1=R check along the first rank
      "4k3/8/8/8/8/8/6p1/4K2R b K - 0 1",    // g1=Q and g1=R check; gxh1 takes the castling rook
      "8/1P6/3r4/4k3/8/8/8/4K2R w - - 0 1",  // b8=Q and b8=B pin the d6 rook to the king on e5
  };
  for (const std::string& fen : fens)
    for (int depth = 1; depth <= 3; ++depth) compare_tuned_recursion(fen, depth);
}

// The rook-ending count (ROOKS_ONLY) leaves out castling and the upkeep of castling rights: it is picked only for
// a parent that holds no castling right, and a rook ending that holds some is counted by the version for every
// kind. Rook endings with rights, where castling bites at the leaves and a rook's or king's move loses a right.
BOOST_AUTO_TEST_CASE(counts_rook_endings_that_may_castle) {
  const std::vector<std::string> fens = {
      "r3k2r/p6p/8/8/8/8/P6P/R3K2R w KQkq - 0 1",  // both sides castle either way
      "r3k2r/p6p/8/8/8/8/P6P/R3K2R b KQkq - 0 1",  // the same, black to move
      "4k2r/6p1/8/8/8/8/1P6/R3K3 w Qk - 0 1",      // one right a side
  };
  for (const std::string& fen : fens)
    for (int depth = 1; depth <= 3; ++depth) compare_tuned_recursion(fen, depth);
}

// The kinds of piece a position holds (PieceSets::kinds) and the sets read for a set of kinds known at compile
// time (pieces_of_kinds), on which the rook-ending count relies.
BOOST_AUTO_TEST_CASE(piece_kinds_name_what_stands_on_the_board) {
  using namespace bitboard_tuned;
  auto kinds_of = [](const std::string& fen) { return bitboard_tuned::Position::from_fen(fen).sets().kinds(); };
  BOOST_TEST(kinds_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") == ALL_KINDS);
  BOOST_TEST(kinds_of("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1") == ROOKS_ONLY);
  BOOST_TEST(kinds_of("8/8/3k4/8/3K4/3P4/8/8 w - - 0 1") == 0u);
  const bitboard_tuned::Position position = bitboard_tuned::Position::from_fen("4k3/8/8/8/8/8/8/QN2K3 w - - 0 1");
  const PieceSets& queen_and_knight = position.sets();
  BOOST_TEST(queen_and_knight.kinds() == (kind(KNIGHT) | kind(QUEEN)));
  BOOST_TEST((queen_and_knight.pieces_of_kinds<ALL_KINDS, ROOK, QUEEN>(WHITE)) == square_bb(SQ_A1));
  BOOST_TEST((queen_and_knight.pieces_of_kinds<ROOKS_ONLY, ROOK, QUEEN>(WHITE)) == 0u);
  BOOST_TEST((queen_and_knight.pieces_of_kinds<kind(QUEEN), BISHOP, QUEEN>(WHITE)) == square_bb(SQ_A1));
  BOOST_TEST((queen_and_knight.pieces_of_kinds<ALL_KINDS, KNIGHT>(WHITE)) == square_bb(SQ_B1));
  BOOST_TEST((queen_and_knight.pieces_of_kinds<ALL_KINDS, KNIGHT>(BLACK)) == 0u);
}

// The count by direction fills (tuned/bitboard/direction_fills.hpp, used with more than two sliders on the
// board where the build has AVX2): sliders and knights on the edge files, whose steps must not wrap round to the
// other side of the board, for the side to move's moves and for the enemy's danger squares; a pinned slider
// among them.
BOOST_AUTO_TEST_CASE(counts_where_the_direction_fills_bite) {
  const std::vector<std::string> fens = {
      "3k4/8/8/7B/R6N/8/Q7/7K w - - 0 1",     // Bh5 and Nh4 on the h-file, Ra4 and Qa2 on the a-file
      "q6k/8/8/n7/r6b/8/7K/8 w - - 0 1",      // the king on the h-file beside the enemy's a-file and h-file pieces
      "k7/8/8/N6Q/7R/8/8/B1K5 b - - 0 1",     // the same for black, the enemy on the edges
      "4k3/4r3/8/8/8/8/4R3/B3K2Q w - - 0 1",  // the e2 rook pinned to its file, Ba1 and Qh1 in the corners
  };
  for (const std::string& fen : fens) compare_counts(fen);
}

#if defined(__AVX2__)
// The direction fills against the attack tables piece by piece on random sets of pieces and occupancies:
// the count of moves, the union of attacks, and the popcount by half-bytes used where AVX-512 is missing.
BOOST_AUTO_TEST_CASE(direction_fills_agree_with_the_attack_tables) {
  using namespace bitboard_tuned;
  std::mt19937_64 random(20261128);
  auto sparse = [&] { return random() & random() & random(); };  // about one square in eight
  for (int trial = 0; trial < 20000; ++trial) {
    const Bitboard knights = sparse(), diagonal = sparse(), straight = sparse();
    const Bitboard occupied = knights | diagonal | straight | sparse(), target = ~(knights | diagonal | straight);
    std::size_t moves = 0;
    Bitboard attacked = 0;
    auto add = [&](Bitboard attacks) {
      moves += popcount(attacks & target);
      attacked |= attacks;
    };
    for (Bitboard b = knights; b;) add(attacks_bb<KNIGHT>(pop_lsb(b)));
    for (Bitboard b = diagonal; b;) add(attacks_bb<BISHOP>(pop_lsb(b), occupied));
    for (Bitboard b = straight; b;) add(attacks_bb<ROOK>(pop_lsb(b), occupied));
    BOOST_TEST(count_knight_and_slider_moves(knights, diagonal, straight, occupied, target) == moves);
    BOOST_TEST(knight_and_slider_attacks(knights, diagonal, straight, occupied) == attacked);
    const fills::Lanes lanes = _mm256_setr_epi64x(knights, diagonal, occupied, ~target);
    const fills::Lanes counts = fills::popcount_lanes_by_half_bytes(lanes);
    alignas(32) std::uint64_t got[4];
    _mm256_store_si256(reinterpret_cast<__m256i*>(got), counts);
    const Bitboard sets[4] = {knights, diagonal, occupied, ~target};
    for (int i = 0; i < 4; ++i) BOOST_TEST(got[i] == std::uint64_t(popcount(sets[i])));
  }
}
#endif

BOOST_AUTO_TEST_CASE(counts_along_random_games_from_every_suite_position) {
  std::mt19937 random(20261124);
  const int plies = test::quick_tests() ? 6 : 30;
  int compared = 0;
  for_each_random_game_position(random, plies, [&](const std::string& fen) { compared += compare_counts(fen); });
  BOOST_TEST(compared > 10000);
}

// bitboard-tuned's own recursion (tuned/bitboard/perft.hpp: moves played on copies of the sets, the captured
// piece cleared from every set, promotions, castling rights lost to a capture on a rook's square) against the
// mailbox's make-test-unmake at depth 2, both modes, along random games from every suite position.
BOOST_AUTO_TEST_CASE(tuned_recursion_agrees_with_make_test_unmake_along_random_games) {
  std::mt19937 random(20261127);
  const int plies = test::quick_tests() ? 8 : 30;
  const int compared =
      for_each_random_game_position(random, plies, [](const std::string& fen) { compare_tuned_recursion(fen, 2); });
  BOOST_TEST(compared > 1000);
}

// The recursion's quiet moves (PieceSets::move_quiet: nothing cleared, castling rights touched only by a king
// or rook leaving its square) against make-test-unmake at depth 3, from positions where rights are lost by a
// quiet rook or king move, kept by every other quiet move, and lost by a capture on a rook's square.
BOOST_AUTO_TEST_CASE(tuned_recursion_keeps_castling_rights_through_quiet_moves) {
  const std::vector<std::string> fens = {
      "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",         // Ra1-b1 loses Q, Ke1-f1 both, Rh1xh8 takes k
      "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",         // the same for black
      "rn2k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1",       // the knights' quiet moves keep every right
      "2r1kr2/8/8/8/8/8/8/1R2K1R1 w GBfc - 0 1",      // Chess960: rooks off the corners
  };
  for (const std::string& fen : fens) compare_tuned_recursion(fen, 3);
}

// The recursion's children of a leaf parent's parent played in place (ChildMaker: a quiet move of any piece
// xored into one copy of the node, counted and xored out again) against make-test-unmake at
// depths 2 and 3, from positions where a field left over from a sibling would change the count: a double
// push's en passant square (an enemy pawn beside it may take it; the siblings played after it may not), the
// castling rights a quiet queen or bishop move keeps and a king or rook move loses.
BOOST_AUTO_TEST_CASE(tuned_recursion_takes_back_each_child_played_in_place) {
  const std::vector<std::string> fens = {
      "4k3/8/8/8/1p1p4/8/P1P1P3/4K3 w - - 0 1",        // a2a4, c2c4, e2e4 beside black pawns; single pushes not
      "4k3/p1p1p3/8/1P1P4/8/8/8/4K3 b - - 0 1",        // the same for black
      "4k3/8/8/8/3p4/8/2P1P1N1/4K3 w - - 0 1",         // the knight's moves after the double pushes: no en passant
      "r3k2r/8/8/8/8/8/8/R2QKB1R w KQkq - 0 1",        // the queen and bishop keep the rights, king and rooks not
      "r2qkb1r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",        // the same for black
  };
  for (const std::string& fen : fens)
    for (int depth : {2, 3}) compare_tuned_recursion(fen, depth);
}

// The recursion's siblings count (count_siblings: each quiet move counted from what its siblings share, the
// moved piece's type known at compile time) against make-test-unmake, from positions where a quiet move opens a
// line to the enemy king (a discovered check), pins or unpins, or a double push leaves an en passant capture that
// uncovers the king along the rank.
BOOST_AUTO_TEST_CASE(tuned_recursion_counts_siblings_from_what_they_share) {
  const std::vector<std::string> fens = {
      "4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1",          // the knight's moves uncover the rook: check
      "4k3/4p3/8/8/4N3/8/8/4R1K1 w - - 0 1",        // the same with a pawn between: the knight's moves pin it
      "4k3/8/4n3/8/8/4B3/8/4R1K1 w - - 0 1",        // the bishop leaves the file: the knight is pinned
      "8/8/8/K7/5p1k/8/4P3/8 w - - 0 1",            // e2e4: f4xe3 en passant, legal
      "8/8/8/8/k4p1R/8/4P3/4K3 w - - 0 1",          // e2e4: f4xe3 would uncover the king along the rank
      "4k3/8/8/8/8/8/3P4/r3K2R w K - 0 1",          // d2d3, d2d4 and the king beside a rook; castling
      "r3k2r/8/8/8/8/8/8/R3K1NR b KQkq - 0 1",      // black's quiet moves before white's castling and knight
  };
  for (const std::string& fen : fens)
    for (int depth : {2, 3, 4}) compare_tuned_recursion(fen, depth);
}

// Each mode's count of every bundled suite position up to the node budget equals the suite's count: the
// sibling sharing, the leaf parent built and counted, and every leaf made are three ways to one number.
BOOST_AUTO_TEST_CASE_TEMPLATE(three_counting_modes_agree_on_the_bundled_suite, P, testing::Generators) {
  const std::uint64_t budget = test::quick_tests() ? 2'000 : 200'000;  // quick: D1 and most D2
  int checked = 0;
  for (const EpdEntry& e : load_epd(std::string(MOVEGEN_SOURCE_DIR) + "/tests/data/perft.epd")) {
    P pos = P::from_fen(e.fen);
    for (const PerftCount& c : e.counts) {
      if (c.nodes > budget) continue;
      for (Counting mode : {Counting::BULK_SIBLINGS, Counting::BULK_NODE, Counting::MAKE_EVERY_LEAF})
        BOOST_TEST(perft(pos, c.depth, mode) == c.nodes,
                   "line " << e.line << " D" << c.depth << " --bulk " << counting_name(mode) << " " << e.fen);
      ++checked;
    }
  }
  BOOST_TEST(checked > 184);
}

// Which hooks the modes use: node never calls the sibling count, siblings is node for a type without it.
BOOST_AUTO_TEST_CASE(effective_counting_names_the_mode_used) {
  static_assert(SiblingCountHook<bitboard_tuned::Position> && !SiblingCountHook<MtuPosition<mailbox::Position>>);
  BOOST_TEST(counting_name(effective_counting<bitboard_tuned::Position>(Counting::BULK_SIBLINGS)) == "siblings");
  BOOST_TEST(counting_name(effective_counting<MtuPosition<mailbox::Position>>(Counting::BULK_SIBLINGS)) == "node");
  BOOST_TEST(counting_name(effective_counting<MtuPosition<mailbox::Position>>(Counting::MAKE_EVERY_LEAF)) == "none");
}
