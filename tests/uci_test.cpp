// UCI move notation both ways, and parsing moves against a position's legal moves.
#include "common/uci.hpp"

#include <boost/test/unit_test.hpp>

#include "mailbox/movegen.hpp"

using namespace movegen;

BOOST_AUTO_TEST_CASE(moves_print_as_uci_text) {
  BOOST_TEST(to_uci(Move(SQ_E2, SQ_E4, DOUBLE_PUSH)) == "e2e4");
  BOOST_TEST(to_uci(Move(SQ_E7, SQ_E8, PROMOTION_QUEEN)) == "e7e8q");
  BOOST_TEST(to_uci(Move(SQ_B2, SQ_A1, PROMOTION_KNIGHT)) == "b2a1n");
  // Castling is encoded king-takes-rook and written as the king's move in classical notation.
  BOOST_TEST(to_uci(Move(SQ_E1, SQ_H1, CASTLING)) == "e1g1");
  BOOST_TEST(to_uci(Move(SQ_E8, SQ_A8, CASTLING)) == "e8c8");
}

BOOST_AUTO_TEST_CASE(move_fields_round_trip_through_16_bits) {
  static_assert(sizeof(Move) == 2);
  Move m(SQ_H7, SQ_G8, PROMOTION_ROOK);
  BOOST_TEST(m.from() == SQ_H7);
  BOOST_TEST(m.to() == SQ_G8);
  BOOST_TEST(m.is_promotion());
  BOOST_TEST(m.promotion_type() == ROOK);
  BOOST_TEST(!Move(SQ_E5, SQ_D6, EN_PASSANT).is_promotion());
}

BOOST_AUTO_TEST_CASE(text_shape) {
  for (const char* good : {"e2e4", "a7a8q", "h2h1n", "a1h8"}) BOOST_TEST(is_uci_move_text(good));
  for (const char* bad : {"", "e2", "e2e9", "i2e4", "e2e4k", "e7e8Q", "e2-e4", "e2e4qq", "0000"})
    BOOST_TEST(!is_uci_move_text(bad));
}

BOOST_AUTO_TEST_CASE(parse_finds_the_legal_move_with_its_flag) {
  auto pos = MtuPosition<mailbox::Position>::from_fen(START_FEN);
  BOOST_TEST(parse_uci_move(pos, "e2e4").flag() == DOUBLE_PUSH);
  auto castle = MtuPosition<mailbox::Position>::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  BOOST_TEST(parse_uci_move(castle, "e1c1").flag() == CASTLING);
  auto ep = MtuPosition<mailbox::Position>::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
  BOOST_TEST(parse_uci_move(ep, "e5d6").flag() == EN_PASSANT);
  auto promo = MtuPosition<mailbox::Position>::from_fen("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
  BOOST_TEST(parse_uci_move(promo, "a7b8n").flag() == PROMOTION_KNIGHT);
}

BOOST_AUTO_TEST_CASE(unknown_or_illegal_moves_are_reported) {
  auto pos = MtuPosition<mailbox::Position>::from_fen(START_FEN);
  BOOST_CHECK_THROW(parse_uci_move(pos, "e2e5"), MoveError);   // not legal
  BOOST_CHECK_THROW(parse_uci_move(pos, "e1g1"), MoveError);   // castling through pieces
  BOOST_CHECK_THROW(parse_uci_move(pos, "e2e4q"), MoveError);  // promotion letter on a non-promotion
  BOOST_CHECK_THROW(parse_uci_move(pos, "xyz"), MoveError);    // not move text
  try {
    parse_uci_move(pos, "e2e5");
  } catch (const MoveError& e) {
    BOOST_TEST(std::string(e.what()).find("'e2e5'") != std::string::npos);
    BOOST_TEST(std::string(e.what()).find("not a legal move") != std::string::npos);
  }
  auto promo = MtuPosition<mailbox::Position>::from_fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
  BOOST_CHECK_THROW(parse_uci_move(promo, "a7a8"), MoveError);  // a promotion needs its piece
}
