// The rules of move generation, each from a position where it bites, run against every generator.
#include <boost/test/unit_test.hpp>

#include "common/perft.hpp"
#include "tests/generators.hpp"

using namespace movegen;
using namespace movegen::testing;

BOOST_AUTO_TEST_SUITE(pawns)

BOOST_AUTO_TEST_CASE_TEMPLATE(single_and_double_push_for_both_colours, P, Generators) {
  BOOST_TEST(moves_from<P>("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "e2") == (Moves{"e2e3", "e2e4"}));
  BOOST_TEST(moves_from<P>("4k3/4p3/8/8/8/8/8/4K3 b - - 0 1", "e7") == (Moves{"e7e5", "e7e6"}));
  // Off its starting rank a pawn pushes one.
  BOOST_TEST(moves_from<P>("4k3/8/8/8/8/4P3/8/4K3 w - - 0 1", "e3") == (Moves{"e3e4"}));
  BOOST_TEST(moves_from<P>("4k3/8/4p3/8/8/8/8/4K3 b - - 0 1", "e6") == (Moves{"e6e5"}));
}

BOOST_AUTO_TEST_CASE_TEMPLATE(blocked_pushes, P, Generators) {
  // Blocked on the first square: no push at all; on the second: single push only.
  BOOST_TEST(moves_from<P>("4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1", "e2").empty());
  BOOST_TEST(moves_from<P>("4k3/8/8/8/4n3/8/4P3/4K3 w - - 0 1", "e2") == (Moves{"e2e3"}));
  BOOST_TEST(moves_from<P>("4k3/4p3/4N3/8/8/8/8/4K3 b - - 0 1", "e7").empty());
  BOOST_TEST(moves_from<P>("4k3/4p3/8/4N3/8/8/8/4K3 b - - 0 1", "e7") == (Moves{"e7e6"}));
}

BOOST_AUTO_TEST_CASE_TEMPLATE(captures_diagonally_forward_only, P, Generators) {
  BOOST_TEST(moves_from<P>("4k3/8/8/3n1n2/4P3/8/8/4K3 w - - 0 1", "e4") == (Moves{"e4d5", "e4e5", "e4f5"}));
  BOOST_TEST(moves_from<P>("4k3/8/8/4p3/3N1N2/8/8/4K3 b - - 0 1", "e5") == (Moves{"e5d4", "e5e4", "e5f4"}));
  // Own pieces and pieces behind are not captured.
  BOOST_TEST(moves_from<P>("4k3/8/8/3N1N2/4P3/3p1p2/8/4K3 w - - 0 1", "e4") == (Moves{"e4e5"}));
}

BOOST_AUTO_TEST_CASE_TEMPLATE(captures_never_wrap_around_the_board_edge, P, Generators) {
  // Enemy pieces stand on every square a wrapped capture would reach: a4 "west" is h4 by index (24 + 7),
  // and h4 "east" is a6 (31 + 9); likewise for black.
  BOOST_TEST(moves_from<P>("4k3/8/8/7n/P6n/8/8/4K3 w - - 0 1", "a4") == (Moves{"a4a5"}));
  BOOST_TEST(moves_from<P>("4k3/8/n7/n7/7P/8/8/4K3 w - - 0 1", "h4") == (Moves{"h4h5"}));
  BOOST_TEST(moves_from<P>("4k3/8/8/p7/7N/7N/8/4K3 b - - 0 1", "a5") == (Moves{"a5a4"}));
  BOOST_TEST(moves_from<P>("4k3/8/8/N6p/N7/8/8/4K3 b - - 0 1", "h5") == (Moves{"h5h4"}));
}

BOOST_AUTO_TEST_CASE_TEMPLATE(en_passant_both_colours, P, Generators) {
  BOOST_TEST(moves_from<P>("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5") == (Moves{"e5d6", "e5e6"}));
  BOOST_TEST(moves_from<P>("4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1", "e4") == (Moves{"e4d3", "e4e3"}));
  // Without the en passant square the same capture is not allowed.
  BOOST_TEST(moves_from<P>("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1", "e5") == (Moves{"e5e6"}));
  // En passant removes the pawn that passed.
  P pos = P::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
  pos.make_move(parse_uci_move(pos, "e5d6"));
  BOOST_TEST(pos.fen() == "4k3/8/3P4/8/8/8/8/4K3 b - - 0 1");
}

BOOST_AUTO_TEST_CASE_TEMPLATE(en_passant_horizontal_pin, P, Generators) {
  // Taking en passant would empty the fifth rank between the rook and the king.
  BOOST_TEST(!is_legal<P>("8/8/8/r2Pp2K/8/8/4k3/8 w - e6 0 1", "d5e6"));
  BOOST_TEST(is_legal<P>("8/8/8/r2Pp2K/8/8/4k3/8 w - e6 0 1", "d5d6"));
  BOOST_TEST(!is_legal<P>("8/8/4K3/8/k2pP2R/8/8/8 b - e3 0 1", "d4e3"));
  BOOST_TEST(is_legal<P>("8/8/4K3/8/k2pP2R/8/8/8 b - e3 0 1", "d4d3"));
}

BOOST_AUTO_TEST_CASE_TEMPLATE(en_passant_diagonal_pin_and_check_evasion, P, Generators) {
  // The capturing pawn is pinned on a diagonal that the capture leaves.
  BOOST_TEST(moves_from<P>("4k2b/8/8/3pP3/8/8/8/K7 w - d6 0 1", "e5").empty());                    // a1-h8 diagonal
  BOOST_TEST(moves_from<P>("4k3/8/8/3pP3/8/8/8/K7 w - d6 0 1", "e5") == (Moves{"e5d6", "e5e6"}));  // unpinned
  // The pawn that just pushed gives check; taking it en passant is the evasion.
  BOOST_TEST(is_legal<P>("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1", "e4d3"));
  BOOST_TEST(is_legal<P>("8/8/8/2k5/2pP4/8/8/4K3 b - d3 0 1", "c4d3"));
}

BOOST_AUTO_TEST_CASE_TEMPLATE(promotions_to_all_four_pieces_also_capturing, P, Generators) {
  BOOST_TEST(moves_from<P>("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7") ==
             (Moves{"a7a8b", "a7a8n", "a7a8q", "a7a8r", "a7b8b", "a7b8n", "a7b8q", "a7b8r"}));
  BOOST_TEST(moves_from<P>("4k3/8/8/8/8/8/7p/4K1N1 b - - 0 1", "h2") ==
             (Moves{"h2g1b", "h2g1n", "h2g1q", "h2g1r", "h2h1b", "h2h1n", "h2h1q", "h2h1r"}));
  // A promoted piece appears; unmake gives the pawn back.
  P pos = P::from_fen("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
  const Move m = parse_uci_move(pos, "a7b8n");
  pos.make_move(m);
  BOOST_TEST(pos.piece_on(SQ_B8) == W_KNIGHT);
  pos.unmake_move(m);
  BOOST_TEST(pos.fen() == "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(pieces)

BOOST_AUTO_TEST_CASE_TEMPLATE(knights_and_kings_stay_on_the_board, P, Generators) {
  BOOST_TEST(moves_from<P>("4k3/8/8/8/8/8/8/N3K3 w - - 0 1", "a1") == (Moves{"a1b3", "a1c2"}));
  BOOST_TEST(moves_from<P>("4k3/8/8/8/8/8/8/4K2N w - - 0 1", "h1") == (Moves{"h1f2", "h1g3"}));
  BOOST_TEST(moves_from<P>("k7/8/8/8/8/8/8/7K w - - 0 1", "h1") == (Moves{"h1g1", "h1g2", "h1h2"}));
}

BOOST_AUTO_TEST_CASE_TEMPLATE(sliders_stop_at_the_first_piece, P, Generators) {
  BOOST_TEST(moves_from<P>("4k3/8/8/8/8/8/1p6/R3K3 w - - 0 1", "a1") ==
             (Moves{"a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1a8", "a1b1", "a1c1", "a1d1"}));
  BOOST_TEST(moves_from<P>("4k3/8/8/8/8/2P5/8/B3K3 w - - 0 1", "a1") == (Moves{"a1b2"}));
  BOOST_TEST(moves_from<P>("4k3/8/8/8/8/8/6p1/4K2Q w - - 0 1", "h1") ==
             (Moves{"h1f1", "h1g1", "h1g2", "h1h2", "h1h3", "h1h4", "h1h5", "h1h6", "h1h7", "h1h8"}));
}

BOOST_AUTO_TEST_CASE_TEMPLATE(pinned_pieces_move_only_along_the_pin, P, Generators) {
  // Bishop pinned on the e-file cannot move; rook pinned on the e-file moves along it.
  BOOST_TEST(moves_from<P>("4r1k1/8/8/8/8/8/4B3/4K3 w - - 0 1", "e2").empty());
  BOOST_TEST(moves_from<P>("4r1k1/8/8/8/8/8/4R3/4K3 w - - 0 1", "e2") ==
             (Moves{"e2e3", "e2e4", "e2e5", "e2e6", "e2e7", "e2e8"}));
  // Knight pinned on a diagonal has no move.
  BOOST_TEST(moves_from<P>("6k1/8/8/8/b7/8/2N5/3K4 w - - 0 1", "c2").empty());
}

BOOST_AUTO_TEST_CASE_TEMPLATE(check_evasions, P, Generators) {
  // Single check by a rook: capture it, block, or step away.
  BOOST_TEST(legal_moves<P>("4k3/8/8/8/8/8/2N5/r3K3 w - - 0 1") == (Moves{"c2a1", "e1d2", "e1e2", "e1f2"}));
  // Double check (rook and bishop): only the king moves.
  for (const std::string& m : legal_moves<P>("4k3/8/8/8/8/2b5/8/R3K2r w - - 0 1"))
    BOOST_TEST(m.substr(0, 2) == "e1", m);
  // The king may not step back along the checking line.
  BOOST_TEST(!is_legal<P>("4k3/8/8/8/8/8/8/r3K3 w - - 0 1", "e1f1"));
  // A pinned piece may not capture the checker: the bishop on e2 is pinned by the rook on e8.
  BOOST_TEST(legal_moves<P>("4r1k1/8/8/8/8/3n4/4B3/4K3 w - - 0 1") == (Moves{"e1d1", "e1d2", "e1f1"}));
  // Nor block: the knight on d2 is pinned by the bishop on a5 when the rook on h1 checks along the rank.
  BOOST_TEST(legal_moves<P>("6k1/8/8/b7/8/8/3N4/4K2r w - - 0 1") == (Moves{"e1e2", "e1f2"}));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(castling)

constexpr const char* BOTH_SIDES = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";

BOOST_AUTO_TEST_CASE_TEMPLATE(both_sides_when_free, P, Generators) {
  BOOST_TEST(is_legal<P>(BOTH_SIDES, "e1g1"));
  BOOST_TEST(is_legal<P>(BOTH_SIDES, "e1c1"));
  BOOST_TEST(is_legal<P>("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8g8"));
  BOOST_TEST(is_legal<P>("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8"));
  // The rook moves too.
  P pos = P::from_fen(BOTH_SIDES);
  pos.make_move(parse_uci_move(pos, "e1c1"));
  BOOST_TEST(pos.fen() == "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1");
}

BOOST_AUTO_TEST_CASE_TEMPLATE(only_with_the_right_and_empty_squares, P, Generators) {
  BOOST_TEST(!is_legal<P>("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", "e1g1"));
  BOOST_TEST(!is_legal<P>("r3k2r/8/8/8/8/8/8/R3K1NR w KQkq - 0 1", "e1g1"));
  BOOST_TEST(!is_legal<P>("r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1", "e1c1"));  // b1 occupied
}

BOOST_AUTO_TEST_CASE_TEMPLATE(not_out_of_through_or_into_check, P, Generators) {
  BOOST_TEST(!is_legal<P>("r3k2r/8/8/8/8/8/4r3/R3K2R w KQ - 0 1", "e1g1"));  // out of check
  BOOST_TEST(!is_legal<P>("r3k2r/8/8/8/8/8/5r2/R3K2R w KQ - 0 1", "e1g1"));  // through f1
  BOOST_TEST(!is_legal<P>("r3k2r/8/8/8/8/8/6r1/R3K2R w KQ - 0 1", "e1g1"));  // into g1
  BOOST_TEST(!is_legal<P>("r3k2r/8/8/8/8/8/3r4/R3K2R w KQ - 0 1", "e1c1"));  // through d1
  // b1 may be attacked: the king does not pass it.
  BOOST_TEST(is_legal<P>("r3k2r/8/8/8/8/8/1r6/R3K2R w KQ - 0 1", "e1c1"));
}

BOOST_AUTO_TEST_CASE_TEMPLATE(rights_are_lost_by_king_rook_moves_and_rook_captures, P, Generators) {
  auto fen_after = [](const std::string& fen, const std::string& move) {
    P pos = P::from_fen(fen);
    pos.make_move(parse_uci_move(pos, move));
    return pos.fen();
  };
  BOOST_TEST(fen_after(BOTH_SIDES, "e1e2") == "r3k2r/8/8/8/8/8/4K3/R6R b kq - 1 1");
  BOOST_TEST(fen_after(BOTH_SIDES, "h1h5") == "r3k2r/8/8/7R/8/8/8/R3K3 b Qkq - 1 1");
  BOOST_TEST(fen_after(BOTH_SIDES, "a1a8") == "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1");  // captured on its home square
  // After the rook on h8 is captured, black cannot castle short.
  BOOST_TEST(!is_legal<P>("r3k2R/8/8/8/8/8/8/R3K3 b q - 0 1", "e8g8"));
  P pos = P::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  pos.make_move(parse_uci_move(pos, "h1h8"));
  BOOST_TEST(!is_legal<P>(pos.fen(), "e8g8"));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(game_end)

BOOST_AUTO_TEST_CASE_TEMPLATE(checkmate_and_stalemate_have_no_legal_moves, P, Generators) {
  const char* no_moves[] = {
      "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",  // fool's mate
      "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",                                 // stalemate
      "k7/1R6/2K5/8/8/8/8/8 b - - 0 1",                                 // stalemate, rook
      "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1",                              // back-rank mate
  };
  for (const char* fen : no_moves) {
    BOOST_TEST(legal_moves<P>(fen).empty(), fen);
    P pos = P::from_fen(fen);
    BOOST_TEST(perft(pos, 3) == 0u, fen);
  }
  P mate = P::from_fen(no_moves[0]);
  BOOST_TEST(mate.checkers() == (Bitboard(1) << SQ_H4));
  P stalemate = P::from_fen(no_moves[1]);
  BOOST_TEST(stalemate.checkers() == 0u);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_CASE_TEMPLATE(make_unmake_restores_every_field, P, Generators) {
  // Every legal move two plies deep from positions with castling, en passant, promotions and clocks.
  for (const char* fen : {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 7 30",
                          "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
                          "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"}) {
    P pos = P::from_fen(fen);
    const BoardState before = pos.state();
    MoveList moves;
    pos.generate_legal(moves);
    for (Move m : moves) {
      pos.make_move(m);
      const BoardState middle = pos.state();
      MoveList replies;
      pos.generate_legal(replies);
      for (Move r : replies) {
        pos.make_move(r);
        pos.unmake_move(r);
        BOOST_REQUIRE(pos.state() == middle);
      }
      pos.unmake_move(m);
      BOOST_REQUIRE(pos.state() == before);
      BOOST_TEST(pos.check_position().empty());
    }
  }
}
