// The zoo of classic bugs (tests/bug_zoo.hpp), each served by `broken_engine --uci BUG`: `movegen
// diff` localises each to the move it gets wrong, and `movegen fuzz --against` finds each within seconds.
#include <boost/test/unit_test.hpp>
#include <cstdlib>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "harness/engines/child_process.hpp"
#include "tests/bug_zoo.hpp"
#include "tests/quick.hpp"
#include "tests/run_cli.hpp"

using namespace movegen;
using namespace movegen::testing;
using movegen::test::run_cli;

namespace {

/// The generator spec of the broken engine with `bug`, through its UCI mode.
std::string uci_spec(const std::string& bug) { return "uci:" + harness::shell_quote(BROKEN_ENGINE) + " --uci " + bug; }

/// The text after `label` on its line of a diff report ("only B:" -> "e1g1"), or "" if there is none.
std::string report_field(const std::string& report, const std::string& label) {
  std::istringstream lines(report);
  for (std::string line; std::getline(lines, line);)
    if (line.starts_with(label)) return line.substr(line.find_first_not_of(' ', label.size()));
  return "";
}

Square from_of(const std::string& move) { return parse_square(move.substr(0, 2)); }
Square to_of(const std::string& move) { return parse_square(move.substr(2, 2)); }
bool on_diagonal(Square a, Square b) { return std::abs(file_of(a) - file_of(b)) == std::abs(rank_of(a) - rank_of(b)); }

/// What a bug gets wrong: the side of the report its moves show up on (true: only A, the correct
/// generator, has them) and a test each such move must pass in the position where they differ.
struct Symptom {
  bool missing;
  std::function<bool(const MtuPosition<mailbox::Position>&, const std::string&)> fits;
  bool make_move = false;  // a make-move bug: the report blames a move of the path, in a `board:` line
};

bool is_castling(const MtuPosition<mailbox::Position>& pos, const std::string& m) {
  return from_of(m) == pos.king_square(pos.side_to_move()) && std::abs(file_of(from_of(m)) - file_of(to_of(m))) == 2;
}
bool is_pawn(const MtuPosition<mailbox::Position>& pos, const std::string& m) {
  return type_of(pos.piece_on(from_of(m))) == PAWN;
}

const std::map<std::string, Symptom>& symptoms() {
  using P = const MtuPosition<mailbox::Position>&;
  using S = const std::string&;
  static const std::map<std::string, Symptom> table{
      {"en-passant", {true, [](P p, S m) { return is_pawn(p, m) && to_of(m) == p.ep_square(); }}},
      {"pin", {false, [](P p, S m) { return from_of(m) != p.king_square(p.side_to_move()) && !p.in_check(); }}},
      {"castle-through-check",
       {false,
        [](P p, S m) {
          return is_castling(p, m) && p.is_square_attacked(Square((from_of(m) + to_of(m)) / 2), ~p.side_to_move());
        }}},
      {"castle-out-of-check", {false, [](P p, S m) { return is_castling(p, m) && p.in_check(); }}},
      {"castle-rook-path", {true, [](P p, S m) { return is_castling(p, m) && file_of(to_of(m)) == FILE_C; }}},
      {"castle-rights-capture",
       {false,
        [](P p, S m) {
          return is_castling(p, m) && !(p.castling_rights() & castling_right(p.side_to_move(), to_of(m) > from_of(m)));
        }}},
      {"ep-rank-pin",
       {false,
        [](P p, S m) {
          return is_pawn(p, m) && to_of(m) == p.ep_square() &&
                 rank_of(from_of(m)) == rank_of(p.king_square(p.side_to_move()));
        }}},
      {"ep-diagonal-pin",
       {false,
        [](P p, S m) {
          return is_pawn(p, m) && to_of(m) == p.ep_square() && on_diagonal(from_of(m), p.king_square(p.side_to_move()));
        }}},
      {"ep-stale",
       {false,
        [](P p, S m) {
          return is_pawn(p, m) && file_of(from_of(m)) != file_of(to_of(m)) && p.piece_on(to_of(m)) == NO_PIECE &&
                 to_of(m) != p.ep_square();
        }}},
      {"promo-capture", {true, [](P p, S m) { return m.size() == 5 && p.piece_on(to_of(m)) != NO_PIECE; }}},
      {"underpromotion", {true, [](P, S m) { return m.size() == 5 && m[4] != 'q'; }}},
      {"double-push-jump",
       {false,
        [](P p, S m) {
          return is_pawn(p, m) && std::abs(rank_of(from_of(m)) - rank_of(to_of(m))) == 2 &&
                 p.piece_on(Square((from_of(m) + to_of(m)) / 2)) != NO_PIECE;
        }}},
      {"pawn-wrap",
       {false, [](P p, S m) { return is_pawn(p, m) && std::abs(file_of(from_of(m)) - file_of(to_of(m))) == 7; }}},
      {"king-ray", {false, [](P p, S m) { return from_of(m) == p.king_square(p.side_to_move()) && p.in_check(); }}},
      {"double-push-any-rank",
       {false,
        [](P p, S m) {
          return is_pawn(p, m) && std::abs(rank_of(from_of(m)) - rank_of(to_of(m))) == 2 &&
                 relative_rank(p.side_to_move(), from_of(m)) != RANK_2;
        }}},
      {"knight-lands-mirrored",
       {false,
        [](P, S m) {  // the move blamed: a knight's step one file right, two up
          return file_of(to_of(m)) == file_of(from_of(m)) + 1 && rank_of(to_of(m)) == rank_of(from_of(m)) + 2;
        },
        true}},
  };
  return table;
}

/// Checks that a diff report shows `bug`'s symptom: its moves on its side, each fitting, nothing on the other.
void check_symptom(const std::string& bug, const std::string& report) {
  const Symptom& s = symptoms().at(bug);
  const std::string board = report_field(report, "board:");
  if (s.make_move) {  // "B plays g1h3 wrongly: after it, ..."
    BOOST_REQUIRE_MESSAGE(board.starts_with("B plays "), report);
    const std::string move = board.substr(8, board.find(' ', 8) - 8);
    BOOST_TEST(board.find(move + " wrongly: after it, B's board differs from ours") != std::string::npos, report);
    BOOST_TEST(s.fits(MtuPosition<mailbox::Position>::from_fen(std::string(START_FEN)), move),
               move << " in " << report);
    return;
  }
  BOOST_TEST(board == "", "a generation bug is not blamed on make move: " << report);
  const std::string there = report_field(report, "FEN there:");
  BOOST_REQUIRE_MESSAGE(!there.empty(), report);
  const auto pos = MtuPosition<mailbox::Position>::from_fen(there);
  const std::string moves = report_field(report, s.missing ? "only A:" : "only B:");
  BOOST_TEST(report_field(report, s.missing ? "only B:" : "only A:") == "-", report);
  BOOST_TEST(moves != "-", report);
  std::istringstream words(moves);
  for (std::string m; words >> m;) BOOST_TEST(s.fits(pos, m), m << " does not show " << bug << " in " << report);
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_zoo_holds_at_least_twelve_bugs_each_with_a_symptom) {
  BOOST_TEST(bug_names().size() >= 12u);
  for (const std::string& bug : bug_names()) BOOST_TEST(symptoms().count(bug) == 1u, bug);
}

BOOST_AUTO_TEST_CASE(diff_localises_each_bug_to_the_move_it_gets_wrong) {
  // From a position where the bug bites a ply or two below the root; the moves follow from the rule
  // (e1g1 crosses f1, which the rook on f7 attacks), checked against Stockfish's perft by hand.
  struct Case {
    std::string bug, fen;
    int depth;
    std::string only_a, only_b;
  };
  const std::vector<Case> cases{
      {"en-passant", "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1", 2, "d4e3", "-"},
      {"pin", "4k3/r7/8/8/8/8/4N3/4K3 b - - 0 1", 2, "-", "e2c1 e2c3 e2d4 e2f4 e2g1 e2g3"},
      {"castle-through-check", "4k3/r7/8/8/8/8/8/4K2R b K - 0 1", 2, "-", "e1g1"},
      {"castle-out-of-check", "4k3/8/3b4/8/8/8/8/4K2R b K - 0 1", 2, "-", "e1g1"},
      {"castle-rook-path", "4k3/8/8/1n6/8/8/8/R3K3 b Q - 0 1", 2, "e1c1", "-"},
      {"castle-rights-capture", "4k3/8/8/8/8/8/6b1/4K2R b K - 0 1", 2, "-", "e1g1"},
      {"ep-rank-pin", "8/8/8/8/k2p3R/8/4P3/4K3 w - - 0 1", 2, "-", "d4e3"},
      {"ep-diagonal-pin", "8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1", 2, "-", "c4d3"},
      {"ep-stale", "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1", 3, "-", "d4e3"},
      {"promo-capture", "r3k3/P7/8/8/8/8/8/4K3 b - - 0 1", 2, "a7b8b a7b8n a7b8q a7b8r", "-"},
      {"underpromotion", "8/P3k3/8/8/8/8/8/4K3 b - - 0 1", 2, "a7a8b a7a8n a7a8r", "-"},
      {"double-push-jump", "4k3/8/8/5n2/8/8/4P3/4K3 b - - 0 1", 2, "-", "e2e4"},
      {"pawn-wrap", "4k3/8/8/8/6n1/8/P7/4K3 b - - 0 1", 2, "-", "a2h2"},
      {"king-ray", "4k3/8/8/8/4K3/8/8/4r3 w - - 0 1", 1, "-", "e4e5"},
      {"double-push-any-rank", "4k3/8/8/8/8/4P3/8/4K3 w - - 0 1", 1, "-", "e3e5"},
      // b1c3 lands on a3: after it, the engine moves a knight from a3 and none from c3.
      {"knight-lands-mirrored", "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", 3, "c3a2 c3a4 c3b1 c3b5 c3d1 c3d5 c3e2 c3e4",
       "a3b1 a3b5 a3c2 a3c4"},
  };
  BOOST_TEST(cases.size() == bug_names().size());
  for (const Case& c : cases) {
    BOOST_TEST_CONTEXT(c.bug) {
      const auto r = run_cli(
          {"diff", "--verbose", "--depth", std::to_string(c.depth), "--fen", c.fen, "mailbox", uci_spec(c.bug)});
      BOOST_TEST(r.code == 1, r.out << r.err);
      BOOST_TEST(report_field(r.out, "only A:") == c.only_a, r.out);
      BOOST_TEST(report_field(r.out, "only B:") == c.only_b, r.out);
      check_symptom(c.bug, r.out);
    }
  }
}

BOOST_AUTO_TEST_CASE(a_make_move_report_leads_with_the_move_played_wrongly) {
  // Without --verbose the sixteen move differences that follow from b1c3 played wrongly are one count.
  const std::string fen = "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1";
  const auto r = run_cli({"diff", "--depth", "3", "--fen", fen, "mailbox", uci_spec("knight-lands-mirrored")});
  BOOST_TEST(r.code == 1, r.out << r.err);
  BOOST_TEST(r.out.starts_with("board:      B plays b1c3 wrongly: "), r.out);
  BOOST_TEST(report_field(r.out, "kind:") == "make move: knight move", r.out);
  BOOST_TEST(report_field(r.out, "follows:") == "and 12 move differences that follow from it (--verbose lists them)",
             r.out);
  BOOST_TEST(report_field(r.out, "only A:") == "", r.out);
  // JSON lists them: the 12 distinct moves, and its kind is the cause.
  const auto json =
      run_cli({"diff", "--json", "--depth", "3", "--fen", fen, "mailbox", uci_spec("knight-lands-mirrored")});
  const auto d = nlohmann::json::parse(json.out)["positions"][0]["divergences"][0];
  BOOST_TEST(d["moves"].size() == 12u);
  BOOST_TEST(d["kind"] == "make move: knight move");
  BOOST_TEST(d["cause"] == d["kind"]);
  BOOST_TEST(d["move_kind"] == "make move");
}

BOOST_AUTO_TEST_CASE(fuzz_against_finds_each_bug_within_seconds) {
  // The defaults with --against (games from the bundled suite, every position checked at depth 2, half
  // the moves drawn from the bug-prone ones) with a fixed seed, no colour-flip checks and games of 30
  // plies, which reach more start positions: all sixteen in a few seconds in Release. The seed is fixed, so
  // each bug is met at the same game in every build: ep-diagonal-pin, the last, at game 251 (1.5 s in
  // Release, about 30 s under the sanitizers, which MOVEGEN_TEST_QUICK marks); the time is only a bound.
  const std::string seconds = test::quick_tests() ? "120" : "25";
  for (const std::string& bug : bug_names()) {
    BOOST_TEST_CONTEXT(bug) {
      const auto r = run_cli(
          {"fuzz", "--against", uci_spec(bug), "--seed", "1", "--time", seconds, "--flip-depth", "0", "--plies", "30"});
      BOOST_TEST(r.code == 1, r.out << r.err);
      BOOST_TEST(r.out.find("MISMATCH") != std::string::npos, r.out);
      check_symptom(bug, r.out);
    }
  }
}

namespace {

// The JSON of `diff --depth 2 --epd` over the bundled suite against the zoo engine `bug`.
nlohmann::json diff_suite(const std::string& bug) {
  const auto r = run_cli({"diff", "--depth", "2", "--json", "--epd", MOVEGEN_SOURCE_DIR "/tests/data/perft.epd",
                          "mailbox", uci_spec(bug)});
  BOOST_TEST(r.code == 1, r.err);
  return nlohmann::json::parse(r.out);
}

// The kinds of the divergences' first differing moves; each divergence's kind must be its cause.
std::set<std::string> kinds_of_divergences(const nlohmann::json& doc) {
  std::set<std::string> kinds;
  for (const auto& position : doc["positions"])
    for (const auto& d : position["divergences"]) {
      BOOST_TEST(d["kind"] == d["cause"]);
      kinds.insert(d["move_kind"].get<std::string>());
    }
  return kinds;
}

}  // namespace

BOOST_AUTO_TEST_CASE(one_cause_is_one_group_though_its_moves_are_of_several_kinds) {
  // A double push from the third rank is a "double push", by a pinned pawn "pinned piece": grouped by
  // the kind of move, one bug made two groups; grouped by the rule its why names, one.
  const nlohmann::json doc = diff_suite("double-push-any-rank");
  BOOST_TEST(kinds_of_divergences(doc).size() >= 2u);
  BOOST_REQUIRE_EQUAL(doc["summary"]["groups"].size(), 1u);
  BOOST_TEST(doc["summary"]["groups"][0]["cause"] == "a double push off the starting rank");
}

BOOST_AUTO_TEST_CASE(two_causes_are_two_groups_though_their_moves_are_of_one_kind) {
  // Castling tested on its landing square only: through an attacked square and out of check, both
  // "castling" by kind, two groups by cause.
  const nlohmann::json doc = diff_suite("castle-landing-only");
  BOOST_TEST((kinds_of_divergences(doc) == std::set<std::string>{"castling"}));
  std::set<std::string> causes;
  for (const auto& group : doc["summary"]["groups"]) causes.insert(group["cause"].get<std::string>());
  BOOST_TEST((causes == std::set<std::string>{"castling out of check", "castling through an attacked square"}));
}
