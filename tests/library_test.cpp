// The public header <movegen/movegen.hpp>, used as a consumer uses it: nothing else is included, every
// count comes from tests/data/standard.epd (checked against Stockfish by scripts/verify_epd.py).
#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <filesystem>
#include <movegen/movegen.hpp>

namespace {

const std::string KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
constexpr auto TIMEOUT = std::chrono::seconds(20);

std::vector<movegen::EpdEntry> standard_positions() {
  return movegen::load_epd(std::string(MOVEGEN_SOURCE_DIR) + "/tests/data/standard.epd");
}

// The suite's count at `depth` for an entry, or 0 if it has none.
std::uint64_t count_at(const movegen::EpdEntry& e, int depth) {
  for (const movegen::PerftCount& c : e.counts)
    if (c.depth == depth) return c.nodes;
  return 0;
}

}  // namespace

BOOST_AUTO_TEST_CASE_TEMPLATE(a_fen_loads_into_every_position_type_and_comes_back, P, movegen::AllPositions) {
  for (const movegen::EpdEntry& e : standard_positions())
    BOOST_TEST(movegen::position_from_fen<P>(e.fen).fen() == e.fen);
  const P after = movegen::position_from_fen<P>(KIWIPETE, {"e1g1", "e8c8"});
  BOOST_TEST(after.side_to_move() == movegen::WHITE);
  BOOST_TEST(after.castling_rights() == movegen::NO_CASTLING);
}

BOOST_AUTO_TEST_CASE_TEMPLATE(a_bad_fen_or_move_throws_an_error_naming_it, P, movegen::AllPositions) {
  try {
    movegen::position_from_fen<P>("8/8/8/8/8/8/8/8 w - - 0 1");
    BOOST_FAIL("a board without kings was accepted");
  } catch (const movegen::FenError& e) {
    BOOST_TEST(e.field() == "piece placement");
  }
  BOOST_CHECK_THROW(movegen::position_from_fen<P>(KIWIPETE, {"e1c1", "e2e5"}), movegen::MoveError);
  P pos = movegen::position_from_fen<P>(KIWIPETE);
  BOOST_CHECK_THROW(movegen::make_uci_move(pos, "e2e5"), movegen::MoveError);
  BOOST_CHECK_THROW(movegen::make_uci_move(pos, "castle"), movegen::MoveError);
  BOOST_TEST(pos.fen() == KIWIPETE);
}

BOOST_AUTO_TEST_CASE_TEMPLATE(legal_moves_match_the_suite_and_the_plain_mailbox, P, movegen::AllPositions) {
  for (const movegen::EpdEntry& e : standard_positions()) {
    P pos = movegen::position_from_fen<P>(e.fen);
    auto reference = movegen::position_from_fen<movegen::MailboxPosition>(e.fen);
    const std::vector<std::string> texts = movegen::legal_moves_uci(pos);
    BOOST_TEST(texts.size() == count_at(e, 1), e.fen);
    BOOST_TEST(std::is_sorted(texts.begin(), texts.end()));
    BOOST_TEST(texts == movegen::legal_moves_uci(reference), e.fen);
    BOOST_TEST(movegen::legal_moves(pos).size() == texts.size());
  }
}

BOOST_AUTO_TEST_CASE_TEMPLATE(every_move_made_and_unmade_restores_the_position, P, movegen::AllPositions) {
  P pos = movegen::position_from_fen<P>(KIWIPETE);
  for (const std::string& text : movegen::legal_moves_uci(pos)) {
    const movegen::Move m = movegen::make_uci_move(pos, text);
    BOOST_TEST(movegen::to_uci(m) == text);
    BOOST_TEST(pos.side_to_move() == movegen::BLACK);
    pos.unmake_move(m);
    BOOST_TEST(pos.fen() == KIWIPETE);
  }
}

BOOST_AUTO_TEST_CASE_TEMPLATE(perft_and_divide_match_the_suite, P, movegen::AllPositions) {
  for (const movegen::EpdEntry& e : standard_positions()) {
    P pos = movegen::position_from_fen<P>(e.fen);
    for (int depth = 1; depth <= 3; ++depth) {
      BOOST_TEST(movegen::perft(pos, depth) == count_at(e, depth), e.fen << " D" << depth);
      std::uint64_t sum = 0;
      for (auto [move, nodes] : movegen::divide(pos, depth)) sum += nodes;
      BOOST_TEST(sum == count_at(e, depth), e.fen << " D" << depth);
    }
  }
}

BOOST_AUTO_TEST_CASE(a_generator_spec_names_a_built_in_generator_or_an_outside_program) {
  for (const movegen::EpdEntry& e : standard_positions()) {
    auto bitboard = movegen::open_generator("bitboard-tuned", TIMEOUT);
    BOOST_TEST(bitboard->divide(e.fen, {}, 2).total == count_at(e, 2), e.fen);
    BOOST_TEST(bitboard->legal_moves(e.fen, {}).size() == count_at(e, 1), e.fen);
  }
  BOOST_CHECK_THROW(movegen::open_generator("no-such-generator", TIMEOUT), movegen::UsageError);
  BOOST_CHECK_THROW(movegen::open_generator("uci:/nonexistent/engine", TIMEOUT), movegen::ExternalError);
}

BOOST_AUTO_TEST_CASE(an_outside_engine_is_diffed_in_process) {
  auto ours = movegen::open_generator("mailbox", TIMEOUT);
  auto broken = movegen::open_generator(std::string("perftree:") + BROKEN_ENGINE + " en-passant", TIMEOUT);
  // After a2a4 a7a6 a4a5 b7b5 white may take en passant on b6; the broken engine never does.
  const std::optional<movegen::Divergence> d =
      movegen::find_divergence(*ours, *broken, std::string(movegen::START_FEN), {"a2a4", "a7a6"}, 3);
  BOOST_REQUIRE(d.has_value());
  BOOST_TEST(d->path == (std::vector<std::string>{"a2a4", "a7a6", "a4a5", "b7b5"}));  // from the root FEN
  BOOST_TEST(d->fen == "rnbqkbnr/2pppppp/p7/Pp6/8/8/1PPPPPPP/RNBQKBNR w KQkq b6 0 3");
  BOOST_TEST(d->only_a == (std::vector<std::string>{"a5b6"}));
  BOOST_TEST(d->only_b.empty());

  BOOST_REQUIRE_MESSAGE(std::filesystem::exists("/usr/games/stockfish"), "Stockfish is needed (package stockfish)");
  auto stockfish = movegen::open_generator("uci:/usr/games/stockfish", TIMEOUT);
  BOOST_TEST(!movegen::find_divergence(*ours, *stockfish, KIWIPETE, {}, 2).has_value());
}
