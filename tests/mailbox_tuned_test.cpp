// mailbox-tuned's shortcuts against the reference mailbox's long way round: the attack test that skips what
// the letter counts, slider lines and king square say cannot attack, and legality_masks' checkers, pins and
// check mask, on every suite position and the positions random games reach from them (captures and
// promotions change the counts), checked against the plain look-everywhere attack test and against the
// LegalityMasks of both reference masks generators and the tuned bitboard.
#include <boost/test/unit_test.hpp>
#include <string>
#include <vector>

#include "bitboard/legal_masks.hpp"
#include "mailbox/legal_masks.hpp"
#include "mailbox/legal_mtu.hpp"
#include "tests/generators.hpp"
#include "tests/quick.hpp"
#include "tuned/bitboard/movegen.hpp"
#include "tuned/mailbox/position.hpp"

using namespace movegen;

namespace {

// The suite's positions and, from each, the positions of one random game of up to `plies` moves.
std::vector<std::string> positions(int plies) { return testing::suite_positions_and_random_games(plies, 20261121); }

}  // namespace

BOOST_AUTO_TEST_CASE(attack_test_skips_only_pieces_that_cannot_attack) {
  int compared = 0;
  for (const std::string& fen : positions(test::quick_tests() ? 10 : 40)) {
    const mailbox_tuned::Position pos = mailbox_tuned::Position::from_fen(fen);
    const bitboard_tuned::Position reference = bitboard_tuned::Position::from_fen(fen);
    for (Color c : {WHITE, BLACK}) {
      for (Square s = SQ_A1; s <= SQ_H8; ++s) {
        // Counts, king square and slider lines (pos.attackers) against the plain test: every step looked at.
        const Bitboard skipping = mailbox_tuned::attackers_to(pos.board(), s, pos.attackers(c));
        const Bitboard everywhere = mailbox::attackers_to(pos.board(), s, c, pos.king_square(c));
        BOOST_TEST_CONTEXT(fen << ", square " << square_name(s) << ", by " << (c == WHITE ? "white" : "black")) {
          BOOST_TEST(skipping == everywhere);
          BOOST_TEST(pos.is_square_attacked(s, c) == reference.is_square_attacked(s, c));
        }
        ++compared;
      }
    }
  }
  BOOST_TEST(compared > 100000);
}

BOOST_AUTO_TEST_CASE(legality_masks_agree_in_every_masks_generator) {
  int in_check = 0, with_pins = 0;
  for (const std::string& fen : positions(test::quick_tests() ? 10 : 40)) {
    const LegalityMasks expected = mailbox::legality_masks(mailbox::MasksPosition::from_fen(fen));
    const LegalityMasks masks = mailbox_tuned::Position::from_fen(fen).legality_masks();
    auto same = [&](const LegalityMasks& other, const char* whose) {
      BOOST_TEST_CONTEXT(fen << ", " << whose) {
        BOOST_TEST(other.king == expected.king);
        BOOST_TEST(other.checkers == expected.checkers);
        BOOST_TEST(other.pinned == expected.pinned);
        BOOST_TEST(other.check_mask == expected.check_mask);
      }
    };
    same(masks, "mailbox-tuned");
    same(bitboard::legality_masks(bitboard::MasksPosition::from_fen(fen)), "bitboard-masks");
    same(bitboard_tuned::legality_masks(bitboard_tuned::Position::from_fen(fen)), "bitboard-tuned");
    in_check += masks.checkers != 0;
    with_pins += masks.pinned != 0;
  }
  // The positions must include both kinds, or the test proves little.
  BOOST_TEST(in_check > 50);
  BOOST_TEST(with_pins > 50);
}

namespace {

// The king's legal steps, found as plain make-test-unmake finds them: the plain mailbox's legal king moves
// that are not castling.
Bitboard plain_king_steps(const std::string& fen) {
  mailbox::MtuPosition plain = mailbox::MtuPosition::from_fen(fen);
  const Square king = plain.king_square(plain.side_to_move());
  MoveList moves;
  plain.generate_legal(moves);
  Bitboard steps = 0;
  for (Move m : moves)
    if (m.from() == king && m.flag() != CASTLING) steps |= square_bb(m.to());
  return steps;
}

}  // namespace

BOOST_AUTO_TEST_CASE(safe_king_steps_are_the_steps_make_test_unmake_finds) {
  // The rook on a1 checks along the first rank: f1, behind the king on that rank, stays attacked once the
  // king has stepped there, although the king itself stands in the way while it is on e1.
  const std::string rank_check = "4k3/8/8/8/8/8/8/r3K3 w - - 0 1";
  mailbox_tuned::Position checked = mailbox_tuned::Position::from_fen(rank_check);
  BOOST_TEST(checked.safe_king_steps() == (square_bb(SQ_D2) | square_bb(SQ_E2) | square_bb(SQ_F2)));

  int in_check = 0;
  for (const std::string& fen : positions(test::quick_tests() ? 10 : 40)) {
    mailbox_tuned::Position pos = mailbox_tuned::Position::from_fen(fen);
    const std::string board_before(pos.board_string());
    BOOST_TEST_CONTEXT(fen) {
      BOOST_TEST(pos.safe_king_steps() == plain_king_steps(fen));
      BOOST_TEST(pos.board_string() == board_before);  // the king is put back
    }
    in_check += pos.in_check();
  }
  BOOST_TEST(in_check > 50);
}
