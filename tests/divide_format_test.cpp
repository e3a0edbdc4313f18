// Divides as engines print them (harness/engines/divide_format.hpp, harness/moves/san.hpp): every common format is
// read, SAN against the position; a SAN that names no legal move is the engine's bug, shown as "only B" with the
// reason; a line no format fits is refused with the line quoted. tests/broken_engine --format F prints its
// divide in each format, so that a move it leaves out is found and localised whatever the format.
#include "harness/engines/divide_format.hpp"

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>
#include <string>

#include "harness/moves/move_kind.hpp"
#include "harness/moves/san.hpp"
#include "tests/run_cli.hpp"

using namespace movegen;
using namespace movegen::harness;
using movegen::test::report_field;
using movegen::test::run_cli;
using movegen::test::scratch;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

const std::string KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

std::string read_one(const std::string& fen, const std::string& text) {
  MtuPosition<mailbox::Position> pos = MtuPosition<mailbox::Position>::from_fen(fen);
  const MoveReading r = read_move(pos, text);
  return r.uci.empty() ? "(" + r.reason + ")" : r.uci;
}

}  // namespace

BOOST_AUTO_TEST_CASE(each_line_format_gives_its_move_and_count) {
  struct Case {
    std::string line, move;
    std::uint64_t count;
  };
  for (const Case& c : std::vector<Case>{{"e2e4 20", "e2e4", 20},
                                         {"e2e4: 20", "e2e4", 20},
                                         {"e2e4:20", "e2e4", 20},
                                         {"  e7e8Q\t3  ", "e7e8Q", 3},
                                         {"e2-e4 20", "e2-e4", 20},
                                         {"e5xf7: 2", "e5xf7", 2},
                                         {"e7-e8=Q 3", "e7-e8=Q", 3},
                                         {"Nf3: 20", "Nf3", 20},
                                         {"exd6 4", "exd6", 4},
                                         {"O-O-O 5", "O-O-O", 5},
                                         {"e8=Q+ 1", "e8=Q+", 1},
                                         {"1. e2e4 moves = 20", "e2e4", 20},
                                         {"12. Nbd2: 7", "Nbd2", 7},
                                         {"e2e4 = 20", "e2e4", 20},
                                         {"e2e4   =   20", "e2e4", 20},
                                         {"move 7 : e2e4 : 20", "e2e4", 20},
                                         {"| e2e4 | 20 |", "e2e4", 20}}) {
    const auto line = parse_divide_line(c.line);
    BOOST_TEST_REQUIRE(line.has_value(), c.line);
    BOOST_TEST(!line->total, c.line);
    BOOST_TEST(line->move == c.move, c.line);
    BOOST_TEST(line->count == c.count, c.line);
  }
  for (const std::string total :
       {"Nodes searched: 400", "Total: 400", "total nodes = 400", "400", "Nodes: 400", "| total | 400 |"}) {
    const auto line = parse_divide_line(total);
    BOOST_TEST_REQUIRE(line.has_value(), total);
    BOOST_TEST((line->total && line->count == 400u && !line->move_count), total);
  }
  BOOST_TEST(parse_divide_line("Moves: 20")->move_count);
  for (const std::string total : {"Depth 5: 400 nodes searched.", "Test Complete : 400 nodes visited in 15ms",
                                  "400 nodes searched", "Perft 3: 400 leaf nodes", "Total nodes searched: 400"}) {
    const auto line = parse_divide_line(total);
    BOOST_TEST_REQUIRE(line.has_value(), total);
    BOOST_TEST((line->total && line->count == 400u && !line->move_count), total);
  }
}

BOOST_AUTO_TEST_CASE(lines_around_a_divide_are_set_aside_unless_strict) {
  DivideReader reader(std::string(START_FEN), {}, Notation::CLASSICAL);
  for (const std::string line :
       {"broken_engine 1.0 by someone", "8  r n b q k b n r", "book: no moves", "info depth 1"})
    BOOST_TEST(!reader.read(line), line);
  BOOST_TEST(!reader.started());
  BOOST_TEST(!reader.read("e2e4: 1"));
  BOOST_TEST(!reader.read("Time taken (ms):"));
  BOOST_TEST(!reader.read("3"));  // a bare number after another output's line belongs to it
  BOOST_TEST(reader.read("Nodes searched: 1"));
  BOOST_TEST(reader.set_aside().size() == 6u);
  BOOST_CHECK_THROW(reader.read("e2e4 twenty"), DivideFormatError);  // a move's line that fits no format
  DivideReader strict(std::string(START_FEN), {}, Notation::CLASSICAL, true);
  BOOST_CHECK_THROW(strict.read("book: no moves"), DivideFormatError);
}

BOOST_AUTO_TEST_CASE(lines_that_fit_no_format_are_refused) {
  for (const std::string bad : {"junk", "e2e4 twenty", "hello \x01 world", "e2e4", "e2e4 20 nodes", "Zf3: 20", "e9e4 1",
                                "Nodes searched:", "searching e2e4... done", "e2e4 -5", ""})
    BOOST_TEST(!parse_divide_line(bad), bad);
  DivideReader reader(std::string(START_FEN), {}, Notation::CLASSICAL, true);
  BOOST_TEST(!reader.read("e2e4 1"));
  try {
    reader.read("e2e4 twenty");
    BOOST_FAIL("no error");
  } catch (const DivideFormatError& e) {
    BOOST_TEST(e.what() == std::string("unexpected line \"e2e4 twenty\""));
    BOOST_TEST(
        contains(e.with(" from ./engine"), "\"e2e4 twenty\" from ./engine (expected a move and a count per line"),
        e.with(" from ./engine"));
  }
}

BOOST_AUTO_TEST_CASE(san_is_read_against_our_legal_moves) {
  BOOST_TEST(read_one(std::string(START_FEN), "Nf3") == "g1f3");
  BOOST_TEST(read_one(std::string(START_FEN), "e4") == "e2e4");
  BOOST_TEST(read_one(std::string(START_FEN), "e2-e4") == "e2e4");
  BOOST_TEST(read_one(std::string(START_FEN), "Ng1-f3") == "g1f3");
  BOOST_TEST(read_one(KIWIPETE, "O-O") == "e1g1");
  BOOST_TEST(read_one(KIWIPETE, "0-0-0") == "e1c1");
  BOOST_TEST(read_one(KIWIPETE, "Bxa6") == "e2a6");
  BOOST_TEST(read_one(KIWIPETE, "gxh3") == "g2h3");
  BOOST_TEST(read_one("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6") == "e5d6");  // en passant
  BOOST_TEST(read_one("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8=Q+") == "a7a8q");
  BOOST_TEST(read_one("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8N") == "a7a8n");
  BOOST_TEST(read_one("4k3/8/8/8/8/8/4K3/R6R w - - 0 1", "Rad1") == "a1d1");  // disambiguated by file
  BOOST_TEST(read_one("4k3/8/8/8/8/8/4K3/R6R w - - 0 1", "Rd1") == "(ambiguous: 2 rooks of the side to move reach d1)");
  BOOST_TEST(read_one(std::string(START_FEN), "Nd4") == "(no knight of the side to move reaches d4)");
  BOOST_TEST(read_one(std::string(START_FEN), "Qh5") == "(no queen of the side to move reaches h5)");
  // A pinned knight's move is not legal, but it is the one move the text names: judged as such.
  BOOST_TEST(read_one("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "Nc3") == "e2c3");
  // Castling without the right still names its move; the judge says why it is not legal.
  BOOST_TEST(read_one("4k3/8/8/8/8/8/8/4K2R w - - 0 1", "O-O") == "e1g1");
  BOOST_TEST(judge_move("4k3/8/8/8/8/8/8/4K2R w - - 0 1", "e1g1").rule == "castling without the right");
}

BOOST_AUTO_TEST_CASE(a_total_that_disagrees_is_refused_and_no_total_is_the_sum) {
  DivideReader reader(KIWIPETE, {}, Notation::CLASSICAL);
  BOOST_TEST(!reader.read("O-O: 3"));
  BOOST_TEST(!reader.read("Bxa6 4"));
  BOOST_TEST(reader.result().total == 7u);
  BOOST_TEST((reader.result().moves == std::vector<std::pair<std::string, std::uint64_t>>{{"e1g1", 3}, {"e2a6", 4}}));
  BOOST_TEST(reader.read("Moves: 2"));  // the number of moves, not of nodes
  BOOST_TEST(reader.result().total == 7u);
  DivideReader wrong(KIWIPETE, {}, Notation::CLASSICAL);
  wrong.read("O-O: 3");
  wrong.read("Total: 4");
  BOOST_CHECK_THROW(wrong.result(), DivideFormatError);
}

BOOST_AUTO_TEST_CASE(each_format_agrees_with_ours_and_a_move_left_out_is_localised) {
  // broken_engine without a bug agrees in every format; with `en-passant` it leaves b5c6 out two plies
  // down, and diff finds it there whatever the format.
  const std::string fen = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
  for (const std::string format : {"perftree", "stockfish", "long", "san", "numbered", "vice", "equals", "table"}) {
    BOOST_TEST_CONTEXT(format) {
      const std::string engine = std::string("perftree:") + BROKEN_ENGINE + " --format " + format;
      const auto ok = run_cli({"diff", "--depth", "3", "--fen", KIWIPETE, "mailbox", engine + " none"});
      BOOST_TEST(ok.code == 0, ok.out << ok.err);
      const auto r = run_cli({"diff", "--depth", "3", "--fen", fen, "mailbox", engine + " en-passant"});
      BOOST_TEST(r.code == 1, r.out << r.err);
      BOOST_TEST(report_field(r.out, "move path:") == "a5a4 c7c5", r.out);
      BOOST_TEST(report_field(r.out, "only A:") == "b5c6", r.out);
      BOOST_TEST(report_field(r.out, "only B:") == "-", r.out);
      BOOST_TEST(report_field(r.out, "kind:") == "legal en passant", r.out);
    }
  }
}

BOOST_AUTO_TEST_CASE(a_line_that_is_no_divide_line_is_skipped_or_with_strict_refused_with_exit_2_and_quoted) {
  const std::string engine = std::string("perftree:") + BROKEN_ENGINE + " --format junk none";
  const auto lenient = run_cli({"diff", "--depth", "2", "--fen", KIWIPETE, "mailbox", engine});
  BOOST_TEST(lenient.code == 0, lenient.out << lenient.err);
  const auto r = run_cli({"diff", "--depth", "2", "--strict", "--fen", KIWIPETE, "mailbox", engine});
  BOOST_TEST(r.code == 2, r.out << r.err);
  // The error quotes the line, in the failure report; the one line on stderr names the failure.
  BOOST_TEST(contains(report_field(r.out, "error:"), "unexpected line \"searching a1c1... done\""), r.out);
  BOOST_TEST(contains(r.err, "B fails at depth 1 at the root: broke the protocol"), r.err);
}

BOOST_AUTO_TEST_CASE(a_san_that_names_no_legal_move_is_the_engines_bug_with_the_reason) {
  // A perftree program that lists the start position's moves in SAN, and Qh5 besides.
  const std::string program = scratch().script(
      "san_engine",
      "[ \"$1\" = 1 ] || exit 9\n"
      "for m in a3 a4 b3 b4 c3 c4 d3 d4 e3 e4 f3 f4 g3 g4 h3 h4 Na3 Nc3 Nf3 Nh3 Qh5; do echo \"$m: 1\"; done\n"
      "echo; echo 'Nodes searched: 21'");
  const auto r = run_cli({"diff", "--depth", "1", "mailbox", "perftree:" + program});
  BOOST_TEST(r.code == 1, r.out << r.err);
  BOOST_TEST(report_field(r.out, "only A:") == "-", r.out);
  BOOST_TEST(report_field(r.out, "only B:") == "Qh5", r.out);
  BOOST_TEST(report_field(r.out, "why:") == "Qh5 is not legal: no queen of the side to move reaches h5", r.out);
  BOOST_TEST(report_field(r.out, "kind:") == "a SAN move no piece makes", r.out);
}

BOOST_AUTO_TEST_CASE(a_uci_engine_is_read_the_same_way) {
  // `go perft 1` answered in SAN with move numbers, ended by Stockfish's total line: every divide the
  // harness reads goes through one reader.
  const std::string engine =
      scratch().script("san_uci",
                       "while read -r command rest; do\n"
                       "  case \"$command\" in\n"
                       "    uci) echo uciok;;\n"
                       "    isready) echo readyok;;\n"
                       "    go) n=0; for m in a3 a4 b3 b4 c3 c4 d3 d4 e3 e4 f3 f4 g3 g4 h3 h4 Na3 Nc3 Nf3 Nh3; do\n"
                       "          n=$((n+1)); echo \"$n. $m moves = 1\"; done; echo 'Nodes searched: 20';;\n"
                       "    quit) exit 0;;\n"
                       "  esac\n"
                       "done");
  const auto r = run_cli({"diff", "--depth", "1", "mailbox", "uci:" + engine});
  BOOST_TEST(r.code == 0, r.out << r.err);
  BOOST_TEST(contains(r.out, "agree at depth 1"), r.out);
}
