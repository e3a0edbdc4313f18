// FEN parsing and emission: round trips, and one case for each rejection the parser promises.
#include "common/fen.hpp"

#include <boost/test/unit_test.hpp>

#include "mailbox/movegen.hpp"

using namespace movegen;

namespace {

// The field a FEN is rejected for, or "" if it is accepted by the full position loader.
std::string rejected_field(const std::string& fen) {
  try {
    MtuPosition<mailbox::Position>::from_fen(fen);
  } catch (const FenError& e) {
    BOOST_TEST_MESSAGE(fen << " -> " << e.what());
    return e.field();
  }
  return "";
}

}  // namespace

BOOST_AUTO_TEST_CASE(round_trips_keep_every_field) {
  for (const char* fen : {
           "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
           "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
           "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
           "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
           "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
           "4k3/8/8/8/8/8/8/4K2R w K - 49 120",
       }) {
    BOOST_TEST(to_fen(parse_fen(fen)) == fen);
    BOOST_TEST(MtuPosition<mailbox::Position>::from_fen(fen).fen() == fen);
  }
}

BOOST_AUTO_TEST_CASE(clocks_may_be_left_out) {
  BoardState s = parse_fen("4k3/8/8/8/8/8/8/4K3 b - -");
  BOOST_TEST(s.halfmove_clock == 0);
  BOOST_TEST(s.fullmove_number == 1);
  BOOST_TEST(s.side_to_move == BLACK);
  BOOST_TEST(to_fen(s) == "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
}

BOOST_AUTO_TEST_CASE(parse_places_pieces_on_a1_zero_squares) {
  BoardState s = parse_fen(START_FEN);
  BOOST_TEST(s.board[SQ_A1] == W_ROOK);
  BOOST_TEST(s.board[SQ_E1] == W_KING);
  BOOST_TEST(s.board[SQ_D8] == B_QUEEN);
  BOOST_TEST(s.board[SQ_H7] == B_PAWN);
  BOOST_TEST(s.board[SQ_E4] == NO_PIECE);
  BOOST_TEST(s.castling == ANY_CASTLING);
}

BOOST_AUTO_TEST_CASE(wrong_number_of_fields_ranks_or_squares) {
  BOOST_TEST(rejected_field("") == "fields");
  BOOST_TEST(rejected_field("4k3/8/8/8/8/8/8/4K3 w") == "fields");
  BOOST_TEST(rejected_field("4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra") == "fields");
  BOOST_TEST(rejected_field("4k3/8/8/8/8/8/4K3 w - - 0 1") == "piece placement");      // 7 ranks
  BOOST_TEST(rejected_field("4k3/8/8/8/8/8/8/8/4K3 w - - 0 1") == "piece placement");  // 9 ranks
  BOOST_TEST(rejected_field("4k3/8/8/8/8/8/8/4K4 w - - 0 1") == "piece placement");    // 9 squares
  BOOST_TEST(rejected_field("4k3/8/8/8/8/8/8/4K2 w - - 0 1") == "piece placement");    // 7 squares
}

BOOST_AUTO_TEST_CASE(bad_piece_letters_and_digits) {
  BOOST_TEST(rejected_field("4k3/8/8/8/8/8/8/4K2X w - - 0 1") == "piece placement");
  BOOST_TEST(rejected_field("4k3/8/8/8/8/8/8/4K0003 w - - 0 1") == "piece placement");
  BOOST_TEST(rejected_field("4k3/9/8/8/8/8/8/4K3 w - - 0 1") == "piece placement");
  BOOST_TEST(rejected_field("4k3/44/8/8/8/8/8/4K3 w - - 0 1") == "piece placement");  // digit after digit
  BOOST_TEST(rejected_field("4k3/8/8/8/8/8/8/4K2- w - - 0 1") == "piece placement");
}

BOOST_AUTO_TEST_CASE(bad_side_to_move) {
  BOOST_TEST(rejected_field("4k3/8/8/8/8/8/8/4K3 x - - 0 1") == "side to move");
  BOOST_TEST(rejected_field("4k3/8/8/8/8/8/8/4K3 W - - 0 1") == "side to move");
}

BOOST_AUTO_TEST_CASE(bad_or_repeated_castling_letters) {
  BOOST_TEST(rejected_field("r3k2r/8/8/8/8/8/8/R3K2R w KX - 0 1") == "castling");
  BOOST_TEST(rejected_field("r3k2r/8/8/8/8/8/8/R3K2R w KK - 0 1") == "castling");
  BOOST_TEST(rejected_field("r3k2r/8/8/8/8/8/8/R3K2R w KQkq- - 0 1") == "castling");
}

BOOST_AUTO_TEST_CASE(castling_rights_the_placement_cannot_have) {
  // K and Q name the outermost rook on that side of the king (X-FEN), so a king off e1 or a rook off the
  // corner is Chess960, not an error (tests/chess960_test.cpp); no rook on that side is.
  BOOST_TEST(rejected_field("r3k2r/8/8/8/8/8/8/R3K3 w K - 0 1") == "castling");   // no rook right of e1
  BOOST_TEST(rejected_field("r3k2r/8/8/8/8/8/8/4K2R w Q - 0 1") == "castling");   // no rook left of e1
  BOOST_TEST(rejected_field("4k2r/8/8/8/8/8/8/R3K2R w q - 0 1") == "castling");   // no rook left of e8
  BOOST_TEST(rejected_field("r3k2r/8/8/8/8/8/4K3/R6R w K - 0 1") == "castling");  // no king on rank 1
  BOOST_TEST(rejected_field("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").empty());
}

BOOST_AUTO_TEST_CASE(castling_rights_need_a_king_a_chess960_start_can_have) {
  // No Chess960 start has its king on the a- or h-file, so no right is held with it there, whichever
  // letter names the rook.
  BOOST_TEST(rejected_field("4k3/8/8/8/8/8/8/K6R w K - 0 1") == "castling");
  BOOST_TEST(rejected_field("4k3/8/8/8/8/8/8/K6R w H - 0 1") == "castling");
  BOOST_TEST(rejected_field("r6k/8/8/8/8/8/8/4K3 w q - 0 1") == "castling");
  BOOST_TEST(rejected_field("r2r3k/p7/3p4/8/8/P6P/8/R3K2R b KQq - 0 1") == "castling");
  try {
    parse_fen("4k3/8/8/8/8/8/8/K6R w K - 0 1");
    BOOST_FAIL("accepted a right with the king on a1");
  } catch (const FenError& e) {
    BOOST_TEST(e.what() == std::string("bad FEN castling: right 'K' needs the white king on a file b to g, not on a1"));
  }
  BOOST_TEST(rejected_field("4k3/8/8/8/8/8/8/1K5R w K - 0 1").empty());  // b1 and g1 are the ends
  BOOST_TEST(rejected_field("4k3/8/8/8/8/8/8/R5K1 w Q - 0 1").empty());
}

BOOST_AUTO_TEST_CASE(en_passant_square_checks) {
  // Off the board, and not a square at all.
  BOOST_TEST(rejected_field("4k3/8/8/3pP3/8/8/8/4K3 w - d9 0 1") == "en passant");
  BOOST_TEST(rejected_field("4k3/8/8/3pP3/8/8/8/4K3 w - i6 0 1") == "en passant");
  // On the wrong rank for the side to move.
  BOOST_TEST(rejected_field("4k3/8/8/3pP3/8/8/8/4K3 w - d3 0 1") == "en passant");
  // No pawn that could just have pushed two.
  BOOST_TEST(rejected_field("4k3/8/8/4P3/8/8/8/4K3 w - d6 0 1") == "en passant");
  // The crossed square, or the pawn's starting square, is occupied.
  BOOST_TEST(rejected_field("4k3/8/3n4/3pP3/8/8/8/4K3 w - d6 0 1") == "en passant");
  BOOST_TEST(rejected_field("4k3/3n4/8/3pP3/8/8/8/4K3 w - d6 0 1") == "en passant");
  // Accepted: a double push that just happened, even if no capture is possible.
  BOOST_TEST(rejected_field("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1").empty());
  BOOST_TEST(rejected_field("4k3/8/8/3p4/8/8/8/4K3 w - d6 0 1").empty());
  BOOST_TEST(rejected_field("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1").empty());
}

BOOST_AUTO_TEST_CASE(clocks_must_be_non_negative_numbers) {
  BOOST_TEST(rejected_field("4k3/8/8/8/8/8/8/4K3 w - - -1 1") == "halfmove clock");
  BOOST_TEST(rejected_field("4k3/8/8/8/8/8/8/4K3 w - - x 1") == "halfmove clock");
  BOOST_TEST(rejected_field("4k3/8/8/8/8/8/8/4K3 w - - 0 1.5") == "fullmove number");
  BOOST_TEST(rejected_field("4k3/8/8/8/8/8/8/4K3 w - - 0 99999999999999999999") == "fullmove number");
}

BOOST_AUTO_TEST_CASE(kings_pawns_and_material) {
  BOOST_TEST(rejected_field("8/8/8/8/8/8/8/4K3 w - - 0 1") == "piece placement");                  // no black king
  BOOST_TEST(rejected_field("4k3/8/8/8/8/8/8/3KK3 w - - 0 1") == "piece placement");               // two white kings
  BOOST_TEST(rejected_field("4k2P/8/8/8/8/8/8/4K3 w - - 0 1") == "piece placement");               // pawn on rank 8
  BOOST_TEST(rejected_field("4k3/8/8/8/8/8/8/p3K3 w - - 0 1") == "piece placement");               // pawn on rank 1
  BOOST_TEST(rejected_field("4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1") == "piece placement");        // 9 pawns
  BOOST_TEST(rejected_field("4k3/8/8/NNNNNNNN/NNNNNNNN/8/8/4K3 w - - 0 1") == "piece placement");  // 17
}

BOOST_AUTO_TEST_CASE(side_not_to_move_in_check) {
  BOOST_TEST(rejected_field("4k3/8/8/8/8/8/8/4K2r b - - 0 1") == "side to move");  // white king attacked
  BOOST_TEST(rejected_field("4k3/8/8/8/8/8/8/4K2r w - - 0 1").empty());            // side to move in check is fine
}

BOOST_AUTO_TEST_CASE(any_bytes_give_an_error_not_a_crash) {
  const std::string garbage[] = {std::string("\0\xff\x80 w - -", 9), std::string(100000, '/'), std::string(5000, ' '),
                                 "8/8/8/8/8/8/8/8/////// w", "\xc3\xa9\xc3\xa9"};
  for (const std::string& text : garbage) BOOST_CHECK_THROW(parse_fen(text), FenError);
}

BOOST_AUTO_TEST_CASE(error_text_names_field_and_problem) {
  try {
    parse_fen("r3k2r/8/8/8/8/8/8/R3K2R w KK - 0 1");
    BOOST_FAIL("accepted a repeated castling letter");
  } catch (const FenError& e) {
    BOOST_TEST(std::string(e.what()) ==
               "bad FEN castling: repeated letter 'K': the white king-side right is already given");
  }
}

namespace {

// The problem parse_fen gives for a FEN, or "" if it accepts it.
std::string parse_problem(const std::string& fen) {
  try {
    parse_fen(fen);
  } catch (const FenError& e) {
    return e.what();
  }
  return "";
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

// Checks that no legal last move can give, as python-chess's Board.status() finds them
// (STATUS_TOO_MANY_CHECKERS, STATUS_IMPOSSIBLE_CHECK), each next to a possible twin that is accepted.
BOOST_AUTO_TEST_CASE(checks_no_last_move_could_give) {
  // d2-d4 was the last move, but it cannot have given the knight's check: with d3 set, impossible.
  BOOST_TEST(contains(parse_problem("4k3/8/5N2/8/2pP4/8/8/4K3 b - d3 0 1"),
                      "bad FEN en passant: d3: the double push to d4 cannot have given the check from f6"));
  BOOST_TEST(parse_problem("4k3/8/5N2/8/2pP4/8/8/4K3 b - - 0 1") == "");
  // The pushed pawn gives the check itself, or uncovers the rook's check along rank 2: possible.
  BOOST_TEST(parse_problem("8/8/8/3k4/4P3/8/8/4K3 b - e3 0 1") == "");
  BOOST_TEST(parse_problem("8/8/8/8/3P4/8/R6k/4K3 b - d3 0 1") == "");
  // Two checkers after a double push: no pawn push gives two checks.
  BOOST_TEST(contains(parse_problem("4k3/8/3N4/1B6/6P1/8/8/4K3 b - g3 0 1"),
                      "bad FEN en passant: g3: the double push to g4 cannot have given two checks"));

  // Three checkers (two knights and a rook): one move gives at most two checks.
  BOOST_TEST(contains(parse_problem("4k3/8/3N1N2/8/8/8/4R3/4K3 b - - 0 1"),
                      "bad FEN piece placement: the black king on e8 has 3 checkers (e2, d6, f6), at most 2 possible"));
  // Two checkers on one line with the king, one each side: no move gives both.
  BOOST_TEST(contains(parse_problem("4R3/8/8/4k3/8/8/8/K3R3 b - - 0 1"),
                      "bad FEN piece placement: the black king on e5 is checked from e1 and e8, on one line with it"));
  BOOST_TEST(contains(parse_problem("7Q/8/8/4k3/8/8/8/B3K3 b - - 0 1"), "checked from a1 and h8, on one line"));
  // A double check by a discovery (the knight left e4): possible.
  BOOST_TEST(parse_problem("4k3/8/3N4/8/8/8/8/4RK2 b - - 0 1") == "");
  // The same for white to move.
  BOOST_TEST(contains(parse_problem("4k3/8/8/8/8/3n1n2/4r3/4K3 w - - 0 1"), "the white king on e1 has 3 checkers"));
  BOOST_TEST(parse_problem("4k3/4r3/8/8/8/3n4/8/4K3 w - - 0 1") == "");
}
