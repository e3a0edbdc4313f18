// The 10x12 board's own machinery against the plain way: the offsets against stepping by (row, col) with
// common/steps.hpp from every square, the sentinel border and the square conversions, perft of both
// strategies against the bundled suites (tests/data/perft.epd, tests/data/chess960.epd), and the moves,
// attacks and legality masks against the mailbox's on the suite's positions and random games from them.
#include <boost/test/unit_test.hpp>
#include <string>
#include <vector>

#include "board10x12/attacks.hpp"
#include "board10x12/legal_masks.hpp"
#include "board10x12/movegen.hpp"
#include "common/epd.hpp"
#include "common/perft.hpp"
#include "mailbox/legal_masks.hpp"
#include "mailbox/movegen.hpp"
#include "tests/generators.hpp"
#include "tests/quick.hpp"

using namespace movegen;
using namespace movegen::board10x12;

namespace {

// The suite's positions and, from each, the positions of one random game of up to `plies` moves.
std::vector<std::string> positions(int plies) { return testing::suite_positions_and_random_games(plies, 20261210); }

// The squares reached from `from` by repeating `s` (once only if not `slides`), found by (row, col) stepping
// with on_board, and found by 10x12 offsets until a sentinel.
std::vector<Square> reached_by_stepping(Square from, Step s, bool slides) {
  std::vector<Square> reached;
  for (int r = rank_of(from) + s.row, c = file_of(from) + s.col; on_board(r, c); r += s.row, c += s.col) {
    reached.push_back(square_at(r, c));
    if (!slides) break;
  }
  return reached;
}
std::vector<Square> reached_by_offsets(Square from, Step s, bool slides) {
  std::vector<Square> reached;
  for (Square120 to = to_120(from) + offset(s); !is_sentinel(EMPTY_BOARD.at(std::size_t(to))); to += offset(s)) {
    reached.push_back(from_120(to));
    if (!slides) break;
  }
  return reached;
}

// Every perft count of the suite at `path` up to `max_depth` and within the node budget, for generator P;
// returns how many were checked.
template <class P>
int check_suite(const std::string& path, int max_depth) {
  int checked = 0;
  for (const EpdEntry& e : load_epd(std::string(MOVEGEN_SOURCE_DIR) + path)) {
    P pos = P::from_fen(e.fen);
    for (const PerftCount& c : e.counts) {
      if (c.depth > max_depth || c.nodes > test::perft_node_budget()) break;
      BOOST_TEST(perft(pos, c.depth) == c.nodes, path << " line " << e.line << " D" << c.depth << " " << e.fen);
      ++checked;
    }
    BOOST_TEST(pos.fen() == P::from_fen(e.fen).fen());  // perft leaves the position as it found it
  }
  return checked;
}

using Both = std::tuple<MtuPosition<Position>, MasksPosition<Position>>;

}  // namespace

BOOST_AUTO_TEST_CASE(offsets_agree_with_row_and_column_steps_from_every_square) {
  // Every step of the leapers once, every slider direction to the edge: the same squares in the same order,
  // each walk ending on a sentinel within the 120 entries (EMPTY_BOARD.at would throw past them).
  int walks = 0;
  for (Square sq = SQ_A1; sq <= SQ_H8; ++sq) {
    auto check = [&](const auto& steps, bool slides) {
      for (Step s : steps) {
        BOOST_TEST(reached_by_offsets(sq, s, slides) == reached_by_stepping(sq, s, slides),
                   square_name(sq) << " + (" << s.row << ", " << s.col << ")");
        ++walks;
      }
    };
    check(KNIGHT_STEPS, false);
    check(KING_STEPS, false);
    check(pawn_attack_steps(WHITE), false);
    check(pawn_attack_steps(BLACK), false);
    check(BISHOP_DIRECTIONS, true);
    check(ROOK_DIRECTIONS, true);
  }
  BOOST_TEST(walks == 64 * (8 + 8 + 2 + 2 + 4 + 4));
  // The offsets by name, as TSCP and VICE write them.
  BOOST_TEST(offset({1, 0}) == 10);
  BOOST_TEST(offset({0, 1}) == 1);
  BOOST_TEST((KNIGHT_OFFSETS == std::array<int, 8>{21, 12, -8, -19, -21, -12, 8, 19}));
  BOOST_TEST((KING_OFFSETS == std::array<int, 8>{10, 11, 1, -9, -10, -11, -1, 9}));
  BOOST_TEST(pawn_push_offset(WHITE) == 10);
  BOOST_TEST(pawn_push_offset(BLACK) == -10);
}

BOOST_AUTO_TEST_CASE(the_border_is_sentinels_and_the_squares_convert_both_ways) {
  int sentinels = 0;
  for (Square120 s = 0; s < BOARD120_SIZE; ++s) {
    const int row = s / 10, col = s % 10;
    const bool border = row < 2 || row > 9 || col == 0 || col == 9;
    BOOST_TEST(is_sentinel(EMPTY_BOARD[s]) == border, "entry " << s);
    sentinels += border;
    if (!border) {
      BOOST_TEST(is_empty(EMPTY_BOARD[s]));
      BOOST_TEST(to_120(from_120(s)) == s);
    }
  }
  BOOST_TEST(sentinels == 120 - 64);
  for (Square sq = SQ_A1; sq <= SQ_H8; ++sq) BOOST_TEST(from_120(to_120(sq)) == sq);
  BOOST_TEST(to_120(SQ_A1) == 21);
  BOOST_TEST(to_120(SQ_H1) == 28);
  BOOST_TEST(to_120(SQ_A8) == 91);
  BOOST_TEST(to_120(SQ_H8) == 98);
  // A sentinel is neither empty nor a piece of either side.
  BOOST_TEST(!is_empty(SENTINEL));
  BOOST_TEST(!is_color(SENTINEL, WHITE));
  BOOST_TEST(!is_color(SENTINEL, BLACK));
}

BOOST_AUTO_TEST_CASE(the_start_position_reads_as_text_between_its_sentinels) {
  const Position pos = Position::from_fen(START_FEN);
  const std::string_view board = pos.board_string();
  BOOST_TEST(board.size() == 120u);
  BOOST_TEST(board.substr(0, 20) == std::string(20, SENTINEL));
  BOOST_TEST(board.substr(20, 10) == "#RNBQKBNR#");
  BOOST_TEST(board.substr(30, 10) == "#PPPPPPPP#");
  BOOST_TEST(board.substr(40, 10) == "#--------#");
  BOOST_TEST(board.substr(80, 10) == "#pppppppp#");
  BOOST_TEST(board.substr(90, 10) == "#rnbqkbnr#");
  BOOST_TEST(board.substr(100, 20) == std::string(20, SENTINEL));
  BOOST_TEST(pos.check_position() == "");
}

BOOST_AUTO_TEST_CASE_TEMPLATE(start_position_perft, P, Both) {
  // Start-position perft (chessprogramming wiki, "Perft Results"): 4865609 at depth 5, 197281 at depth 4.
  P pos = P::from_fen(START_FEN);
  if (test::quick_tests())
    BOOST_TEST(perft(pos, 4) == 197281u);
  else
    BOOST_TEST(perft(pos, 5) == 4865609u);
  BOOST_TEST(pos.fen() == START_FEN);
}

BOOST_AUTO_TEST_CASE_TEMPLATE(bundled_suite_perft, P, Both) {
  // At least three depths of most positions: under MOVEGEN_TEST_QUICK the smaller node budget drops some
  // (it keeps 658 counts: D1 and D2 of all 184 positions, D3 of 158, and a few D4).
  BOOST_TEST(check_suite<P>("/tests/data/perft.epd", 64) > (test::quick_tests() ? 650 : 750));
}

BOOST_AUTO_TEST_CASE_TEMPLATE(chess960_suite_perft, P, Both) {
  const int depth = test::quick_tests() ? 2 : 3;
  const std::size_t positions = load_epd(std::string(MOVEGEN_SOURCE_DIR) + "/tests/data/chess960.epd").size();
  BOOST_TEST(check_suite<P>("/tests/data/chess960.epd", depth) == static_cast<int>(positions) * depth);  // every line has D1..D4
}

BOOST_AUTO_TEST_CASE(make_and_unmake_keep_the_board_and_its_border) {
  // After every move made and taken back, check_position (the sentinels, the letters, the king squares, the
  // rules of the game) holds and the board string is the one before the move.
  for (const std::string& fen : positions(test::quick_tests() ? 10 : 40)) {
    BOOST_TEST_CONTEXT(fen) {
      MtuPosition<Position> pos = MtuPosition<Position>::from_fen(fen);
      BOOST_TEST(pos.check_position() == "");
      const std::string before(pos.board_string());
      MoveList moves;
      pos.generate_legal(moves);
      for (Move m : moves) {
        pos.make_move(m);
        BOOST_TEST(pos.check_position() == "", to_uci(m, Notation::CLASSICAL));
        pos.unmake_move(m);
        BOOST_TEST(std::string(pos.board_string()) == before);
        BOOST_TEST(pos.fen() == fen);
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(moves_attacks_and_masks_match_the_mailbox) {
  // The same moves in the same order (both scan a1 to h8 and step the same tables), the same attacked squares
  // and attackers, the same masks.
  for (const std::string& fen : positions(test::quick_tests() ? 10 : 40)) {
    BOOST_TEST_CONTEXT(fen) {
      MtuPosition<Position> mtu = MtuPosition<Position>::from_fen(fen);
      MasksPosition<Position> masks = MasksPosition<Position>::from_fen(fen);
      MtuPosition<mailbox::Position> mailbox_mtu = MtuPosition<mailbox::Position>::from_fen(fen);
      MasksPosition<mailbox::Position> mailbox_masks = MasksPosition<mailbox::Position>::from_fen(fen);
      auto moves_of = [](auto& pos) {
        MoveList list;
        pos.generate_legal(list);
        return std::vector<Move>(list.begin(), list.end());
      };
      BOOST_TEST((moves_of(mtu) == moves_of(mailbox_mtu)));
      BOOST_TEST((moves_of(masks) == moves_of(mailbox_masks)));
      BOOST_TEST((board10x12::check_and_pin_masks(masks) == mailbox::check_and_pin_masks(mailbox_masks)));
      BOOST_TEST(safe_king_squares(masks) == safe_king_squares(mailbox_masks));
      BOOST_TEST(mtu.checkers() == mailbox_mtu.checkers());
      for (Color by : {WHITE, BLACK})
        for (Square sq = SQ_A1; sq <= SQ_H8; ++sq) {
          BOOST_TEST(mtu.is_square_attacked(sq, by) == mailbox_mtu.is_square_attacked(sq, by));
          BOOST_TEST(attackers_to(mtu.board(), sq, by, mtu.king_square(by)) ==
                     mailbox::attackers_to(mailbox_mtu.board(), sq, by, mailbox_mtu.king_square(by)));
        }
    }
  }
}
