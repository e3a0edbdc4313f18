// Chess960: the castling field's three forms and its errors, the castling rules from positions where they
// bite (each run against every generator), the move notation, and the start position numbering.
#include "common/chess960.hpp"

#include <boost/test/unit_test.hpp>
#include <set>

#include "common/perft.hpp"
#include "tests/generators.hpp"

using namespace movegen;
using namespace movegen::testing;

namespace {

constexpr Notation C960 = Notation::CHESS960;

// The field a FEN is rejected for and the error text, or two empty strings if it is accepted.
std::pair<std::string, std::string> rejection(const std::string& fen) {
  try {
    parse_fen(fen);
  } catch (const FenError& e) {
    return {e.field(), e.what()};
  }
  return {};
}

// The king on b1 with rooks on a1 (queen side) and e1 (king side), black the same.
const std::string KING_ON_B1 = "rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w KQkq - 0 1";
// Two white rooks right of the king: K names the outermost (h1), G the inner one.
const std::string TWO_ROOKS = "2r1k1rr/pppppppp/8/8/8/8/PPPPPPPP/2R1K1RR w GCgc - 0 1";

}  // namespace

BOOST_AUTO_TEST_SUITE(castling_field)

BOOST_AUTO_TEST_CASE(classical_shredder_and_x_fen_name_the_same_rooks) {
  const BoardState classical = parse_fen(START_FEN);
  BOOST_TEST((parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1") == classical));
  BOOST_TEST(classical.castling_rooks[0] == SQ_H1);
  BOOST_TEST(classical.castling_rooks[3] == SQ_A8);
  BOOST_TEST(!needs_chess960(classical));

  const BoardState b1 = parse_fen(KING_ON_B1);
  BOOST_TEST((parse_fen("rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w EAea - 0 1") == b1));
  BOOST_TEST(b1.castling_rooks[0] == SQ_E1);  // K: the outermost rook right of the king
  BOOST_TEST(b1.castling_rooks[1] == SQ_A1);
  BOOST_TEST(needs_chess960(b1));

  // X-FEN: a file letter only for a rook that is not the outermost on its side.
  const BoardState two = parse_fen(TWO_ROOKS);
  BOOST_TEST(two.castling_rooks[0] == SQ_G1);
  BOOST_TEST(two.castling_rooks[1] == SQ_C1);
  BOOST_TEST((parse_fen("2r1k1rr/pppppppp/8/8/8/8/PPPPPPPP/2R1K1RR w GQgq - 0 1") == two));
}

BOOST_AUTO_TEST_CASE(written_back_in_x_fen) {
  BOOST_TEST(to_fen(parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1")) == START_FEN);
  BOOST_TEST(to_fen(parse_fen("rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w EAea - 0 1")) == KING_ON_B1);
  BOOST_TEST(to_fen(parse_fen(TWO_ROOKS)) == "2r1k1rr/pppppppp/8/8/8/8/PPPPPPPP/2R1K1RR w GQgq - 0 1");
  for (const std::string& fen : {KING_ON_B1, TWO_ROOKS, std::string("4k3/8/8/8/8/8/8/rR2K3 w B - 0 1")}) {
    const BoardState s = parse_fen(fen);
    BOOST_TEST((parse_fen(to_fen(s)) == s), fen);
    BOOST_TEST((MtuPosition<mailbox::Position>::from_fen(fen).state() == s), fen);
    BOOST_TEST((bitboard_tuned::Position::from_fen(fen).state() == s), fen);
  }
}

BOOST_AUTO_TEST_CASE(errors_name_the_castling_field_and_the_problem) {
  BOOST_TEST(rejection("4k3/8/8/8/8/8/8/R3K3 w X - 0 1").second ==
             "bad FEN castling: bad letter 'X', expected K, Q, k, q, a rook's file A-H or a-h, or '-'");
  BOOST_TEST(rejection("4k3/8/8/8/8/8/8/R3K3 w B - 0 1").second == "bad FEN castling: 'B' needs a white rook on b1");
  BOOST_TEST(rejection("4k3/8/8/8/8/8/8/R3K3 w E - 0 1").second == "bad FEN castling: 'E' needs a white rook on e1");
  BOOST_TEST(rejection("4k3/8/8/8/8/8/8/R3K2R w HK - 0 1").second ==
             "bad FEN castling: repeated letter 'K': the white king-side right is already given");
  BOOST_TEST(rejection("4k3/8/8/8/8/8/4K3/R6R w A - 0 1").second ==
             "bad FEN castling: 'A' needs the white king on rank 1");
  BOOST_TEST(rejection("r3k3/8/8/8/8/8/8/4K3 w k - 0 1").second ==
             "bad FEN castling: 'k' needs a black rook on rank 8 on the king side of the king on e8");
  BOOST_TEST(rejection("r3k3/8/8/8/8/8/8/4K3 w h - 0 1").first == "castling");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(chess960_castling)

BOOST_AUTO_TEST_CASE_TEMPLATE(king_on_b1_castles_either_way, P, Generators) {
  BOOST_TEST(is_legal<P>(KING_ON_B1, "b1a1", C960));  // queen side: king to c1, rook a1 to d1
  BOOST_TEST(is_legal<P>(KING_ON_B1, "b1e1", C960));  // king side: king to g1, rook e1 to f1
  P pos = P::from_fen(KING_ON_B1);
  pos.make_move(parse_uci_move(pos, "b1a1", C960));
  BOOST_TEST(pos.fen() == "rk2r3/pppppppp/8/8/8/8/PPPPPPPP/2KRR3 b kq - 1 1");
  P before = P::from_fen(KING_ON_B1);
  pos.unmake_move(parse_uci_move(before, "b1a1", C960));
  BOOST_TEST(pos.fen() == KING_ON_B1);
}

BOOST_AUTO_TEST_CASE_TEMPLATE(the_kings_destination_must_not_be_attacked_the_rooks_may_be, P, Generators) {
  BOOST_TEST(!is_legal<P>("2r3k1/8/8/8/8/8/8/RK6 w Q - 0 1", "b1a1", C960));  // c1 attacked
  BOOST_TEST(is_legal<P>("3r2k1/8/8/8/8/8/8/RK6 w Q - 0 1", "b1a1", C960));   // only d1 attacked
}

BOOST_AUTO_TEST_CASE_TEMPLATE(king_and_rook_on_each_others_or_their_own_destinations, P, Generators) {
  const auto after = [](const std::string& fen, const std::string& move) {
    P pos = P::from_fen(fen);
    pos.make_move(parse_uci_move(pos, move, C960));
    return pos.fen();
  };
  BOOST_TEST(after("4k3/8/8/8/8/8/8/5KR1 w K - 0 1", "f1g1") == "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");  // swap
  BOOST_TEST(after("3k4/8/8/8/8/8/8/2RK4 w Q - 0 1", "d1c1") == "3k4/8/8/8/8/8/8/2KR4 b - - 1 1");  // swap
  BOOST_TEST(after("6k1/8/8/8/8/8/8/6KR w K - 0 1", "g1h1") == "6k1/8/8/8/8/8/8/5RK1 b - - 1 1");   // rook only
  BOOST_TEST(after("2k5/8/8/8/8/8/8/1RK5 w Q - 0 1", "c1b1") == "2k5/8/8/8/8/8/8/2KR4 b - - 1 1");  // rook only
  BOOST_TEST(is_legal<P>("5rk1/8/8/8/8/8/8/6KR w K - 0 1", "g1h1", C960));  // f1 attacked: only the rook's
}

BOOST_AUTO_TEST_CASE_TEMPLATE(the_castling_rook_may_not_shield_the_kings_destination, P, Generators) {
  // The rook on b1 stands between the enemy slider on a1 and c1: once it has gone to d1, c1 is attacked.
  BOOST_TEST(!is_legal<P>("4k3/8/8/8/8/8/8/rR2K3 w Q - 0 1", "e1b1", C960));
  BOOST_TEST(!is_legal<P>("7k/8/8/8/8/8/8/qR1K4 w Q - 0 1", "d1b1", C960));
  BOOST_TEST(!is_legal<P>("Rr2k3/8/8/8/8/8/8/4K3 b q - 0 1", "e8b8", C960));
  // With nothing beyond the rook, the same castling is legal.
  BOOST_TEST(is_legal<P>("4k3/8/8/8/8/8/8/1R2K3 w Q - 0 1", "e1b1", C960));
}

BOOST_AUTO_TEST_CASE_TEMPLATE(every_square_the_king_and_rook_cross_must_be_empty_and_the_kings_safe, P, Generators) {
  BOOST_TEST(is_legal<P>(TWO_ROOKS, "e1g1", C960));                            // the inner rook castles
  BOOST_TEST(is_legal<P>(TWO_ROOKS, "e1c1", C960));                            // c1 rook to d1, king to c1
  BOOST_TEST(!is_legal<P>("4k3/8/8/8/8/8/8/1KR3R1 w G - 0 1", "b1g1", C960));  // c1 rook in the path
  BOOST_TEST(!is_legal<P>("4r2k/8/8/8/8/8/8/1K4R1 w K - 0 1", "b1g1", C960));  // e1 attacked
  BOOST_TEST(!is_legal<P>("4k3/8/8/8/8/8/8/RK3r2 w Q - 0 1", "b1a1", C960));   // in check
}

BOOST_AUTO_TEST_CASE_TEMPLATE(castling_rights_follow_the_rooks_squares, P, Generators) {
  // Moving the g1 rook (the K rook) clears K only; capturing the black c8 rook clears c (q).
  P pos = P::from_fen(TWO_ROOKS);
  pos.make_move(parse_uci_move(pos, "g1f1", C960));
  BOOST_TEST(pos.castling_rights() == (WHITE_OOO | BLACK_OO | BLACK_OOO));
  P other = P::from_fen("2r1k1rr/pp1ppppp/8/8/8/8/PP1PPPPP/2R1K1RR w GCgc - 0 1");
  other.make_move(parse_uci_move(other, "c1c8", C960));
  BOOST_TEST(other.castling_rights() == (WHITE_OO | BLACK_OO));  // white's C right gone too: its rook moved
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_CASE(castling_is_written_king_takes_rook_in_chess960_notation) {
  BOOST_TEST(to_uci(Move(SQ_E1, SQ_H1, CASTLING), C960) == "e1h1");
  BOOST_TEST(to_uci(Move(SQ_E1, SQ_H1, CASTLING)) == "e1g1");
  BOOST_TEST(to_uci(Move(SQ_B1, SQ_A1, CASTLING)) == "b1c1");
  BOOST_TEST(to_uci(Move(SQ_E2, SQ_E4, DOUBLE_PUSH), C960) == "e2e4");
  MtuPosition<mailbox::Position> start =
      MtuPosition<mailbox::Position>::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  BOOST_TEST((parse_uci_move(start, "e1h1", C960) == Move(SQ_E1, SQ_H1, CASTLING)));
  BOOST_TEST((parse_uci_move(start, "e1g1") == Move(SQ_E1, SQ_H1, CASTLING)));
  BOOST_CHECK_THROW(parse_uci_move(start, "e1g1", C960), MoveError);  // a king step of two is not a move
}

BOOST_AUTO_TEST_CASE(start_positions_are_numbered_as_published) {
  BOOST_TEST(chess960_start_fen(518) == START_FEN);
  BOOST_TEST(chess960_start_fen(0) == "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
  BOOST_TEST(chess960_start_fen(740) == "rbbknnqr/pppppppp/8/8/8/8/PPPPPPPP/RBBKNNQR w KQkq - 0 1");
  BOOST_TEST(chess960_start_fen(959) == "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1");
  std::set<std::string> seen;
  for (int n = 0; n < CHESS960_POSITIONS; ++n) {
    const std::string fen = chess960_start_fen(n);
    const BoardState s = parse_fen(fen);  // king between the rooks, or the castling field is refused
    BOOST_TEST((s.castling == ANY_CASTLING));
    // The bishops on squares of both colours: one on an odd file index, one on an even.
    int bishop_colours = 0;
    for (File f = FILE_A; f <= FILE_H; f = File(f + 1))
      if (s.board[make_square(f, RANK_1)] == W_BISHOP) bishop_colours |= 1 << (f % 2);
    BOOST_TEST(bishop_colours == 3);
    seen.insert(fen);
  }
  BOOST_TEST(seen.size() == 960u);
  BOOST_CHECK_THROW(chess960_start_fen(960), std::out_of_range);
  BOOST_CHECK_THROW(chess960_start_fen(-1), std::out_of_range);
}
