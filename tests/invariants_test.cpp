// check_position(): each generator's invariant checker, and the checks make_move and unmake_move run in
// checked builds (MOVEGEN_CHECK_INVARIANTS: Debug and sanitizer builds).
//
// Consistent positions: every position of tests/data/perft.epd, and every position of random playouts from
// them, passes the checker after each make and each unmake, survives a FEN round trip, and unmake restores
// it exactly. Generating moves, which makes and unmakes moves inside to test them, leaves every field and
// the history unmake_move needs as they were.
// Inconsistent positions: the positions offer no way to set their board, so these tests break one the only
// way the public interface allows: make_move or unmake_move with a move the generator never produces (a pawn
// moved to the last rank without promoting, a king captured, ...). Each case runs in a forked child. In a
// checked build make_move or unmake_move itself must stop the child with "invariant broken: <problem>"; in
// an unchecked build the child prints check_position(), which must name the problem.
#include <sys/wait.h>
#include <unistd.h>

#include <boost/test/unit_test.hpp>
#include <csignal>
#include <cstdio>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "common/epd.hpp"
#include "common/move.hpp"
#include "common/uci.hpp"
#include "mailbox/movegen.hpp"
#include "tests/generators.hpp"
#include "tests/quick.hpp"

using namespace movegen;

namespace {

std::vector<EpdEntry> suite() { return load_epd(MOVEGEN_SOURCE_DIR "/tests/data/perft.epd"); }

// What became of a child that broke a position: whether it aborted, and what it wrote on stderr.
struct Outcome {
  bool aborted = false;
  std::string message;
};

// Loads `fen` in a forked child, applies `corrupt` to it, and writes check_position() to stderr.
template <class P>
Outcome run_in_child(const std::string& fen, const std::function<void(P&)>& corrupt) {
  int pipe_fds[2];
  BOOST_REQUIRE(pipe(pipe_fds) == 0);
  std::fflush(nullptr);
  const pid_t pid = fork();
  BOOST_REQUIRE(pid >= 0);
  if (pid == 0) {
    std::signal(SIGABRT, SIG_DFL);  // let abort() end the child instead of Boost.Test's handler
    dup2(pipe_fds[1], STDERR_FILENO);
    close(pipe_fds[0]);
    P pos = P::from_fen(fen);
    corrupt(pos);
    const std::string problem = pos.check_position();
    (void)!write(STDERR_FILENO, problem.data(), problem.size());
    _exit(0);
  }
  close(pipe_fds[1]);
  Outcome outcome;
  char buffer[512];
  for (ssize_t n; (n = read(pipe_fds[0], buffer, sizeof buffer)) > 0;) outcome.message.append(buffer, n);
  close(pipe_fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  outcome.aborted = WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT;
  BOOST_TEST_REQUIRE((outcome.aborted || (WIFEXITED(status) && WEXITSTATUS(status) == 0)),
                     "child neither aborted nor exited cleanly: " << outcome.message);
  return outcome;
}

// The checker must find `expected` (a fragment of its message) in the position `corrupt` leaves behind.
template <class P>
void expect_problem(const std::string& fen, const std::function<void(P&)>& corrupt, const std::string& expected) {
  const Outcome outcome = run_in_child<P>(fen, corrupt);
  BOOST_TEST_INFO("FEN " << fen << ", child wrote: " << outcome.message);
  BOOST_TEST(outcome.aborted == test::CHECKED_BUILD);
  if (test::CHECKED_BUILD) BOOST_TEST(outcome.message.find("invariant broken: ") != std::string::npos);
  BOOST_TEST(outcome.message.find(expected) != std::string::npos);
}

// Plays `plies` random legal moves from `pos`, checking every position on the way, then takes them all back,
// checking that each unmake restores the position before the move exactly.
template <class P>
void random_playout(P& pos, int plies, std::mt19937& random) {
  struct Step {
    Move move;
    std::string fen;
    BoardState state;
  };
  std::vector<Step> played;
  for (int i = 0; i < plies; ++i) {
    MoveList moves;
    pos.generate_legal(moves);
    if (moves.empty()) break;
    const Move m = moves[random() % moves.size()];
    played.push_back({m, pos.fen(), pos.state()});
    pos.make_move(m);
    BOOST_TEST_INFO("after " << to_uci(m) << " from " << played.back().fen);
    BOOST_TEST_REQUIRE(pos.check_position() == "");
    BOOST_TEST_REQUIRE((P::from_fen(pos.fen()).state() == pos.state()));
  }
  while (!played.empty()) {
    pos.unmake_move(played.back().move);
    BOOST_TEST_INFO("after unmaking " << to_uci(played.back().move));
    BOOST_TEST_REQUIRE(pos.check_position() == "");
    BOOST_TEST_REQUIRE(pos.fen() == played.back().fen);
    BOOST_TEST_REQUIRE((pos.state() == played.back().state));
    played.pop_back();
  }
}

}  // namespace

BOOST_AUTO_TEST_CASE_TEMPLATE(every_suite_position_is_consistent, P, testing::Generators) {
  for (const EpdEntry& entry : suite()) {
    BOOST_TEST_INFO("line " << entry.line << ": " << entry.fen);
    const auto pos = P::from_fen(entry.fen);
    BOOST_TEST(pos.check_position() == "");
  }
}

BOOST_AUTO_TEST_CASE_TEMPLATE(random_playouts_stay_consistent_and_unmake_restores_every_field, P, testing::Generators) {
  std::mt19937 random(20240611);
  const int plies = test::quick_tests() ? 40 : 200;
  int games = 0;
  for (const EpdEntry& entry : suite()) {
    auto pos = P::from_fen(entry.fen);
    random_playout(pos, plies, random);
    ++games;
  }
  BOOST_TEST(games > 100);
}

BOOST_AUTO_TEST_CASE_TEMPLATE(a_game_longer_than_the_first_history_allocation_unmakes_to_its_start, P,
                              testing::Generators) {
  // The positions set room aside for 256 moves of history when loaded; a longer game must grow it and
  // still take every move back. Two kings alone: a random game of them goes on for as long as asked,
  // whatever order a generator lists its moves in.
  std::mt19937 random(7);
  const std::string start = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
  auto pos = P::from_fen(start);
  std::vector<Move> played;
  while (played.size() < 700) {
    MoveList moves;
    pos.generate_legal(moves);
    if (moves.empty()) break;
    played.push_back(moves[random() % moves.size()]);
    pos.make_move(played.back());
  }
  BOOST_TEST(played.size() > 600);
  for (auto m = played.rbegin(); m != played.rend(); ++m) pos.unmake_move(*m);
  BOOST_TEST(pos.fen() == start);
  BOOST_TEST(pos.check_position() == "");
}

BOOST_AUTO_TEST_CASE_TEMPLATE(a_copy_made_mid_game_takes_its_moves_back_on_its_own, P, testing::Generators) {
  // A copy (or an assignment) of a position with moves made is a position of its own: the original may
  // take its moves back, play another line over the same plies and be destroyed, and the copy still holds
  // its position and takes its moves back to the start. The bitboard positions keep each ply's sets in a
  // history, which a copy must not share with the original.
  std::mt19937 random(11);
  const std::string start = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
  auto play_line = [&random](P& pos, int plies) {
    std::vector<Move> played;
    for (MoveList moves; int(played.size()) < plies; moves.clear()) {
      pos.generate_legal(moves);
      if (moves.empty()) break;
      played.push_back(moves[random() % moves.size()]);
      pos.make_move(played.back());
    }
    return played;
  };
  auto original = std::make_unique<P>(P::from_fen(start));
  const std::vector<Move> played = play_line(*original, 8);
  const std::string then = original->fen();
  P copy = *original;
  P assigned = P::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  assigned = *original;
  for (auto m = played.rbegin(); m != played.rend(); ++m) original->unmake_move(*m);
  play_line(*original, 8);
  for (P* pos : {&copy, &assigned}) {
    BOOST_TEST(pos->fen() == then);
    BOOST_TEST(pos->check_position() == "");
  }
  original.reset();
  for (P* pos : {&copy, &assigned}) {
    for (auto m = played.rbegin(); m != played.rend(); ++m) pos->unmake_move(*m);
    BOOST_TEST(pos->fen() == start);
    BOOST_TEST(pos->check_position() == "");
  }
}

BOOST_AUTO_TEST_CASE_TEMPLATE(generating_moves_leaves_every_field_as_it_was, P, testing::Generators) {
  // The legality tests play pseudo-legal moves and take them back with their own undo records: after
  // generate_legal (and count_legal, where offered) every field must be as before, one ply down too, and
  // the history that unmake_move reads untouched. The suite holds castling, en passant, promotions and
  // captures of castling rooks, each of which overwrites a field that must come back.
  auto generated = [](P& pos) {
    MoveList moves;
    pos.generate_legal(moves);
    if constexpr (requires { pos.count_legal(); }) BOOST_TEST(pos.count_legal() == moves.size());
    return moves;
  };
  for (const EpdEntry& entry : suite()) {
    BOOST_TEST_INFO("line " << entry.line << ": " << entry.fen);
    auto pos = P::from_fen(entry.fen);
    const BoardState before = pos.state();
    const MoveList moves = generated(pos);
    BOOST_TEST_REQUIRE((pos.state() == before));
    for (Move m : moves) {
      BOOST_TEST_INFO("after " << to_uci(m));
      // count_legal_after plays m without the key and history and takes it back: all must be as before,
      // what the position keeps beside the board too (check_position), and the count the one after m.
      std::optional<std::size_t> counted_after;
      if constexpr (requires { pos.count_legal_after(m); }) {
        const Key key = pos.key();
        counted_after = pos.count_legal_after(m);
        BOOST_TEST_REQUIRE((pos.state() == before));
        BOOST_TEST_REQUIRE(pos.key() == key);
        BOOST_TEST_REQUIRE(pos.check_position() == "");
      }
      pos.make_move(m);
      const BoardState after = pos.state();
      const MoveList replies = generated(pos);
      if (counted_after) BOOST_TEST(*counted_after == replies.size());
      BOOST_TEST_REQUIRE((pos.state() == after));
      pos.unmake_move(m);
      BOOST_TEST_REQUIRE((pos.state() == before));
    }
  }
}

BOOST_AUTO_TEST_CASE_TEMPLATE(every_move_two_plies_deep_keeps_the_position_consistent, P, testing::Generators) {
  // Each kind of move (quiet, capture, double push, en passant, castling, promotion with and without a
  // capture) keeps what the position holds beside the board its own way: mailbox-masks, for one, carries a
  // moving piece's slider lines and retracks every changed square only for castling and promotions. The
  // checker must pass after every make and every unmake, two plies deep from every suite position (one in
  // quick runs), where the suite's castling, en passant and promotion positions put each kind in play.
  const int depth = test::quick_tests() ? 1 : 2;
  std::function<void(P&, int)> walk = [&](P& pos, int plies) {
    MoveList moves;
    pos.generate_legal(moves);
    for (Move m : moves) {
      const std::string fen = pos.fen();
      pos.make_move(m);
      BOOST_TEST_INFO("after " << to_uci(m) << " from " << fen);
      BOOST_TEST_REQUIRE(pos.check_position() == "");
      if (plies > 1) walk(pos, plies - 1);
      pos.unmake_move(m);
      BOOST_TEST_INFO("after unmaking " << to_uci(m) << " from " << fen);
      BOOST_TEST_REQUIRE(pos.check_position() == "");
    }
  };
  for (const EpdEntry& entry : suite()) {
    auto pos = P::from_fen(entry.fen);
    walk(pos, depth);
  }
}

BOOST_AUTO_TEST_CASE_TEMPLATE(checker_reports_a_pawn_on_the_last_rank, P, testing::Generators) {
  expect_problem<P>(
      "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", [](auto& pos) { pos.make_move(Move(SQ_A7, SQ_A8)); }, "pawn on a8");
}

BOOST_AUTO_TEST_CASE_TEMPLATE(checker_reports_a_missing_king, P, testing::Generators) {
  expect_problem<P>(
      "4k3/8/8/8/8/8/8/4K2R w - - 0 1", [](auto& pos) { pos.make_move(Move(SQ_H1, SQ_E8)); }, "black has 0 kings");
}

BOOST_AUTO_TEST_CASE(checker_reports_a_king_square_out_of_date) {
  // A knight "castles": the rook step moves the king from h1 to f1 behind the position's back.
  expect_problem<MtuPosition<mailbox::Position>>(
      "4k3/8/8/8/8/8/8/4N2K w - - 0 1", [](auto& pos) { pos.make_move(Move(SQ_E1, SQ_G1, CASTLING)); }, "king square");
}

// True for bitboard-tuned, which takes a move back by stepping back to the piece sets of the ply before and
// restores only the squares of the move named in the piece array: a different move taken back than the one
// made leaves the two disagreeing, which its checker reports before any rule of the game.
template <class P>
constexpr bool STEPS_SETS_BACK = std::is_same_v<P, bitboard_tuned::Position>;

BOOST_AUTO_TEST_CASE_TEMPLATE(checker_reports_too_many_pawns, P, testing::Generators) {
  // Unmaking a different move than the one made: the queen's move to h5 is taken back as a queen
  // promotion from h4, which turns the queen into a ninth white pawn there in the reference positions.
  // bitboard-tuned steps back to the sets with the queen on d1, which their piece array left empty.
  expect_problem<P>(
      "4k3/8/PPPPPPPP/8/8/8/8/3QK3 w - - 0 1",
      [](auto& pos) {
        pos.make_move(Move(SQ_D1, SQ_H5));
        pos.unmake_move(Move(SQ_H4, SQ_H5, PROMOTION_QUEEN));
      },
      STEPS_SETS_BACK<P> ? "the piece array and the bitboards disagree on d1" : "white has 9 pawns");
}

BOOST_AUTO_TEST_CASE_TEMPLATE(checker_reports_a_castling_right_without_its_rook, P, testing::Generators) {
  // The rook's move h1-h2 taken back as h3-h2: the rook ends on h3, and the right K, which the move lost,
  // comes back with its undo record. bitboard-tuned steps back to the sets with the rook on h1, where its
  // piece array holds none.
  expect_problem<P>(
      "4k3/8/8/8/8/8/6P1/4K2R w K - 0 1",
      [](auto& pos) {
        pos.make_move(Move(SQ_H1, SQ_H2));
        pos.unmake_move(Move(SQ_H3, SQ_H2));
      },
      STEPS_SETS_BACK<P> ? "the piece array and the bitboards disagree on h1"
                         : "castling: right 'K' needs a white rook on h1, on the king side of the king on e1");
}

BOOST_AUTO_TEST_CASE_TEMPLATE(checker_reports_an_en_passant_square_that_does_not_fit, P, testing::Generators) {
  expect_problem<P>(
      std::string(START_FEN), [](auto& pos) { pos.make_move(Move(SQ_G1, SQ_G3, DOUBLE_PUSH)); },
      "en passant: g2 is on the wrong rank");
}

BOOST_AUTO_TEST_CASE_TEMPLATE(checker_reports_the_side_not_to_move_in_check, P, testing::Generators) {
  // The pinned rook on e2 leaves the file: white's king stands in check with black to move.
  expect_problem<P>(
      "k3r3/8/8/8/8/8/4R3/4K3 w - - 0 1", [](auto& pos) { pos.make_move(Move(SQ_E2, SQ_A2)); },
      "white king is in check with black to move");
}

BOOST_AUTO_TEST_CASE(bitboard_checker_reports_bitboards_that_disagree) {
  // A move from the empty e3 to e4 "moves" no piece: the xors of its squares land in the white pieces' set
  // alone, where the king set (the pieces in no other set) then holds three squares.
  expect_problem<bitboard_tuned::Position>(
      std::string(START_FEN), [](auto& pos) { pos.make_move(Move(SQ_E3, SQ_E4)); }, "more than one king");
}
