// Staged generation (common/staged_generation.hpp) in every generator of the table: on every position of the
// bundled suites (tests/data/perft.epd, tests/data/chess960.epd), and in full runs on every position one legal move
// after each of perft.epd's, the captures and the quiet moves are disjoint and together are the legal moves; every
// capture takes an enemy piece (or is en passant) and no quiet move does; and in check, the evasions are the legal
// moves.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <string_view>
#include <utility>
#include <string>
#include <vector>

#include "common/epd.hpp"
#include "common/staged_generation.hpp"
#include "common/uci.hpp"
#include "mailbox/legal_masks.hpp"
#include "mailbox/movegen.hpp"
#include "tests/generators.hpp"
#include "tests/quick.hpp"

using namespace movegen;
using namespace movegen::testing;

namespace {

// The moves of `list`, sorted: two lists compared as multisets.
std::vector<Move> sorted(const MoveList& list) {
  std::vector<Move> moves(list.begin(), list.end());
  std::sort(moves.begin(), moves.end());
  return moves;
}

// True if `m` lands on an enemy piece or is en passant, read off the board alone.
template <ChessPosition P>
bool takes_enemy_piece(const P& pos, Move m) {
  const Piece target = pos.piece_on(m.to());
  return m.flag() == EN_PASSANT || (target != NO_PIECE && color_of(target) != pos.side_to_move());
}

// Checks the stages of `pos` against its legal moves; returns the number of moves checked.
template <ChessPosition P>
std::size_t check_stages(P& pos) {
  MoveList legal, captures, quiets, both;
  pos.generate_legal(legal);
  generate_captures(pos, captures);
  generate_quiets(pos, quiets);
  for (Move m : captures) both.push_back(m);
  for (Move m : quiets) both.push_back(m);
  BOOST_TEST((sorted(both) == sorted(legal)), "captures + quiets are not the legal moves of " << pos.fen());
  for (Move m : captures) BOOST_TEST(takes_enemy_piece(pos, m), to_uci(m) << " is no capture in " << pos.fen());
  for (Move m : quiets) BOOST_TEST(!takes_enemy_piece(pos, m), to_uci(m) << " is a capture in " << pos.fen());
  return legal.size();
}

// Checks every position of the suite `file` and, if `children` and not quick, every position one move after it.
template <ChessPosition P>
std::size_t check_suite(const std::string& file, bool children) {
  std::size_t moves = 0;
  for (const EpdEntry& e : load_epd(std::string(MOVEGEN_SOURCE_DIR) + file)) {
    P pos = P::from_fen(e.fen);
    moves += check_stages(pos);
    if (!children || test::quick_tests()) continue;
    MoveList legal;
    pos.generate_legal(legal);
    for (Move m : legal) {
      pos.make_move(m);
      moves += check_stages(pos);
      pos.unmake_move(m);
    }
  }
  return moves;
}

}  // namespace

BOOST_AUTO_TEST_CASE_TEMPLATE(captures_and_quiets_partition_the_legal_moves, P, Generators) {
  BOOST_TEST(check_suite<P>("/tests/data/perft.epd", true) > 1000u);
  BOOST_TEST(check_suite<P>("/tests/data/chess960.epd", true) > 500u);
}

// The stages of a position where each kind of move is found: en passant, capturing and quiet promotions to each
// piece, and castling on both sides (the bundled suite's "kiwipete" and promotion positions).
BOOST_AUTO_TEST_CASE_TEMPLATE(each_kind_of_move_in_its_stage, P, Generators) {
  P ep = P::from_fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
  MoveList captures, quiets;
  generate_captures(ep, captures);
  generate_quiets(ep, quiets);
  BOOST_TEST(captures.contains(Move(SQ_E5, SQ_F6, EN_PASSANT)));
  BOOST_TEST(captures.size() == 1u);
  P promotions = P::from_fen("r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1");
  captures.clear(), quiets.clear();
  generate_captures(promotions, captures);
  generate_quiets(promotions, quiets);
  for (PieceType pt : {QUEEN, ROOK, BISHOP, KNIGHT}) {
    BOOST_TEST(captures.contains(Move(SQ_B7, SQ_A8, promotion_flag(pt))));
    BOOST_TEST(quiets.contains(Move(SQ_B7, SQ_B8, promotion_flag(pt))));
  }
  BOOST_TEST(quiets.contains(Move(SQ_E1, SQ_H1, CASTLING)));  // castling, encoded king takes own rook
  BOOST_TEST(quiets.contains(Move(SQ_E1, SQ_A1, CASTLING)));
  BOOST_TEST(captures.contains(Move(SQ_A1, SQ_A8)));
}

namespace {

// The moves of `pos` that stage `generate` appends, as sorted UCI text.
template <ChessPosition P, class Generate>
std::vector<std::string> stage_text(P& pos, Generate generate) {
  MoveList list;
  generate(pos, list);
  std::vector<std::string> text;
  for (Move m : list) text.push_back(to_uci(m));
  std::sort(text.begin(), text.end());
  return text;
}

// A position where a stage must apply a rule of legality or of its split, with its captures and quiet moves.
struct StageCase {
  const char* rule;
  const char* fen;
  std::vector<std::string> captures, quiets;
};

const std::vector<StageCase> STAGE_CASES = {
    {"en passant that uncovers a rank pin: not a legal capture", "8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1", {},
     {"a5a4", "a5a6", "a5b6", "b5b6"}},
    {"en passant that takes the checking pawn", "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1", {"c5d4", "e4d3"},
     {"c5b4", "c5b5", "c5b6", "c5c4", "c5c6", "c5d5", "c5d6"}},
    {"a capturing promotion, four pieces, and a quiet one", "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1",
     {"a7b8b", "a7b8n", "a7b8q", "a7b8r"},
     {"a7a8b", "a7a8n", "a7a8q", "a7a8r", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"}},
    {"castling both ways, a quiet move", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", {},
     {"a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1a8", "a1b1", "a1c1", "a1d1", "e1c1", "e1d1", "e1d2",
      "e1e2", "e1f1", "e1f2", "e1g1", "h1f1", "h1g1", "h1h2", "h1h3", "h1h4", "h1h5", "h1h6", "h1h7", "h1h8"}},
    {"double check: only the king moves, and it may take", "4r2k/8/8/8/8/R2n4/8/3QKn2 w - - 0 1", {"e1f1"}, {}},
    {"a pinned rook takes its pinner and keeps to the pin line", "4r2k/8/8/8/4R3/8/8/4K3 w - - 0 1", {"e4e8"},
     {"e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e4e2", "e4e3", "e4e5", "e4e6", "e4e7"}},
    {"a pinned bishop takes its pinner", "7k/8/8/8/8/2b5/3B4/4K3 w - - 0 1", {"d2c3"},
     {"e1d1", "e1e2", "e1f1", "e1f2"}},
};

// The rules of STAGE_CASES whose captures or quiet moves `P` gets wrong, each once.
template <ChessPosition P>
std::vector<std::string> failing_rules() {
  std::vector<std::string> failing;
  for (const StageCase& c : STAGE_CASES) {
    P pos = P::from_fen(c.fen);
    if (stage_text(pos, [](P& p, MoveList& l) { generate_captures(p, l); }) != c.captures ||
        stage_text(pos, [](P& p, MoveList& l) { generate_quiets(p, l); }) != c.quiets)
      failing.push_back(c.rule);
  }
  return failing;
}

// A deliberately wrong stage on top of mailbox-masks: its correct stages, then Bug::rewrite(pos, captures, quiets).
template <class Bug>
struct WrongStages : MasksPosition<mailbox::Position> {
  static WrongStages from_fen(std::string_view fen) { return {MasksPosition<mailbox::Position>::from_fen(fen)}; }
  void generate_captures(MoveList& list) { list = stages().first; }
  void generate_quiets(MoveList& list) { list = stages().second; }
  std::pair<MoveList, MoveList> stages() {
    MoveList captures, quiets;
    generate_stage(static_cast<MasksPosition<mailbox::Position>&>(*this), captures, Stage::CAPTURES);
    generate_stage(static_cast<MasksPosition<mailbox::Position>&>(*this), quiets, Stage::QUIETS);
    Bug::rewrite(*this, captures, quiets);
    return {captures, quiets};
  }
};

// Moves the moves of `from` for which `pick(m)` holds to the end of `to`.
template <class Pick>
void move_where(MoveList& from, MoveList& to, Pick pick) {
  MoveList kept;
  for (Move m : from) (pick(m) ? to : kept).push_back(m);
  from = kept;
}

// The wrong stages: en passant among the captures untested, en passant among the quiet moves, captures not
// tested for the king's safety, pinned pieces that never capture, castling among the captures, and queen
// promotions without capture among the captures (Stockfish's split, not ours).
struct EnPassantUntested {
  static void rewrite(mailbox::Position& pos, MoveList& captures, MoveList&) {
    MoveList pseudo;
    mailbox::generate_pseudo_legal(pos, pseudo);
    for (Move m : pseudo)
      if (m.flag() == EN_PASSANT && !captures.contains(m)) captures.push_back(m);
  }
};
struct EnPassantQuiet {
  static void rewrite(mailbox::Position&, MoveList& captures, MoveList& quiets) {
    move_where(captures, quiets, [](Move m) { return m.flag() == EN_PASSANT; });
  }
};
struct CapturesUntested {
  static void rewrite(mailbox::Position& pos, MoveList& captures, MoveList&) {
    captures.clear();
    mailbox::generate_moves_onto(pos, stage_targets<Stage::CAPTURES>(pos), captures);
  }
};
struct PinnedNeverCapture {
  static void rewrite(mailbox::Position& pos, MoveList& captures, MoveList&) {
    MoveList dropped;
    const Bitboard pinned = check_and_pin_masks(pos).pinned;
    move_where(captures, dropped, [&](Move m) { return pinned >> m.from() & 1; });
  }
};
struct CastlingCaptures {
  static void rewrite(mailbox::Position&, MoveList& captures, MoveList& quiets) {
    move_where(quiets, captures, [](Move m) { return m.flag() == CASTLING; });
  }
};
struct QueenPromotionsCapture {
  static void rewrite(mailbox::Position&, MoveList& captures, MoveList& quiets) {
    move_where(quiets, captures, [](Move m) { return m.flag() == promotion_flag(QUEEN); });
  }
};

// True if `rules` holds a rule that starts with `start`.
bool has_rule(const std::vector<std::string>& rules, std::string_view start) {
  return std::any_of(rules.begin(), rules.end(), [&](const std::string& r) { return r.starts_with(start); });
}

}  // namespace

// Positions where a stage bites: en passant illegal through a rank pin or legal as the answer to a pawn's check,
// capturing and quiet promotions, castling, double check, pinned pieces that take their pinner. Each stage is
// compared with its expected moves (checked against Stockfish's legal moves) in every generator.
BOOST_AUTO_TEST_CASE_TEMPLATE(stages_where_a_rule_bites, P, Generators) {
  for (const StageCase& c : STAGE_CASES) {
    P pos = P::from_fen(c.fen);
    const auto captures = stage_text(pos, [](P& p, MoveList& l) { generate_captures(p, l); });
    const auto quiets = stage_text(pos, [](P& p, MoveList& l) { generate_quiets(p, l); });
    BOOST_TEST(captures == c.captures, c.rule << ": captures of " << c.fen);
    BOOST_TEST(quiets == c.quiets, c.rule << ": quiet moves of " << c.fen);
    BOOST_TEST(pos.fen() == P::from_fen(c.fen).fen(), "the stages changed " << c.fen);
  }
}

// The cases above catch each deliberately wrong stage, at the rule it breaks; the correct stages break none.
BOOST_AUTO_TEST_CASE(the_stage_cases_catch_wrong_stages) {
  BOOST_TEST(failing_rules<MasksPosition<mailbox::Position>>().empty());
  BOOST_TEST(has_rule(failing_rules<WrongStages<EnPassantUntested>>(), "en passant that uncovers a rank pin"));
  BOOST_TEST(has_rule(failing_rules<WrongStages<EnPassantQuiet>>(), "en passant that takes the checking pawn"));
  BOOST_TEST(has_rule(failing_rules<WrongStages<CapturesUntested>>(), "double check"));
  BOOST_TEST(has_rule(failing_rules<WrongStages<PinnedNeverCapture>>(), "a pinned rook takes its pinner"));
  BOOST_TEST(has_rule(failing_rules<WrongStages<PinnedNeverCapture>>(), "a pinned bishop takes its pinner"));
  BOOST_TEST(has_rule(failing_rules<WrongStages<CastlingCaptures>>(), "castling both ways"));
  BOOST_TEST(has_rule(failing_rules<WrongStages<QueenPromotionsCapture>>(), "a capturing promotion"));
}

namespace {

// True if the evasions of `pos`, whose side to move is in check, are its legal moves (as multisets).
template <ChessPosition P>
bool evasions_are_legal_moves(P& pos) {
  MoveList legal, evasions;
  pos.generate_legal(legal);
  generate_evasions(pos, evasions);
  return sorted(evasions) == sorted(legal);
}

// The positions in check of the suite `file` and, if not quick, of every position one move after each of its
// positions: for each, whether its evasions are its legal moves. Returns {positions in check, mismatches}.
template <ChessPosition P>
std::pair<std::size_t, std::size_t> check_evasions(const std::string& file) {
  std::size_t in_check = 0, wrong = 0;
  const auto check = [&](P& pos) {
    if (!pos.checkers()) return;
    ++in_check;
    if (!evasions_are_legal_moves(pos)) ++wrong, BOOST_TEST_MESSAGE("evasions differ in " << pos.fen());
  };
  for (const EpdEntry& e : load_epd(std::string(MOVEGEN_SOURCE_DIR) + file)) {
    P pos = P::from_fen(e.fen);
    check(pos);
    if (test::quick_tests()) continue;
    MoveList legal;
    pos.generate_legal(legal);
    for (Move m : legal) {
      pos.make_move(m);
      check(pos);
      pos.unmake_move(m);
    }
  }
  return {in_check, wrong};
}

// Positions in check with their evasions, from Stockfish's legal moves: a block by a knight, a capture of a knight
// by the queen, a block by a pawn with castling rights that check forbids, then the STAGE_CASES in check.
const std::vector<std::pair<std::string, std::vector<std::string>>> EVASION_CASES = {
    {"4r1k1/8/8/8/8/8/3N4/R3K2R w KQ - 0 1", {"d2e4", "e1d1", "e1f1", "e1f2"}},
    {"4k3/8/8/8/8/3n4/8/3QK3 w - - 0 1", {"d1d3", "e1d2", "e1e2", "e1f1"}},
    {"3k4/8/8/8/1b6/8/2P1PP2/R3K2R w KQ - 0 1", {"c2c3", "e1d1", "e1f1"}},
};

// A generator whose evasions forget the king's captures: the check must catch it.
struct EvasionsWithoutKingCaptures : MasksPosition<mailbox::Position> {
  static EvasionsWithoutKingCaptures from_fen(std::string_view fen) {
    return {MasksPosition<mailbox::Position>::from_fen(fen)};
  }
  void generate_evasions(MoveList& list) {
    MoveList legal;
    generate_legal(legal);
    for (Move m : legal)
      if (m.from() != king_square(side_to_move()) || piece_on(m.to()) == NO_PIECE) list.push_back(m);
  }
};

}  // namespace

BOOST_AUTO_TEST_CASE_TEMPLATE(evasions_are_the_legal_moves_in_check, P, Generators) {
  const auto [in_check, wrong] = check_evasions<P>("/tests/data/perft.epd");
  BOOST_TEST(wrong == 0u);
  BOOST_TEST(in_check >= (test::quick_tests() ? 10u : 300u));
  BOOST_TEST(check_evasions<P>("/tests/data/chess960.epd").second == 0u);
  for (const auto& [fen, expected] : EVASION_CASES) {
    P pos = P::from_fen(fen);
    BOOST_TEST(stage_text(pos, [](P& p, MoveList& l) { generate_evasions(p, l); }) == expected, fen);
  }
  for (const StageCase& c : STAGE_CASES) {
    P pos = P::from_fen(c.fen);
    if (!pos.checkers()) continue;
    std::vector<std::string> expected = c.captures;
    expected.insert(expected.end(), c.quiets.begin(), c.quiets.end());
    std::sort(expected.begin(), expected.end());
    BOOST_TEST(stage_text(pos, [](P& p, MoveList& l) { generate_evasions(p, l); }) == expected, c.rule);
  }
}

BOOST_AUTO_TEST_CASE(the_evasion_check_catches_a_wrong_hook) {
  auto pos = EvasionsWithoutKingCaptures::from_fen("4r2k/8/8/8/8/R2n4/8/3QKn2 w - - 0 1");  // double check: Kxf1
  BOOST_TEST(!evasions_are_legal_moves(pos));
  if (!test::quick_tests())
    BOOST_TEST(check_evasions<EvasionsWithoutKingCaptures>("/tests/data/perft.epd").second > 0u);
}
