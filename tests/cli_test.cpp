// The `movegen` command line on bad input: every malformed FEN field, EPD line, move, depth, missing file
// and unknown generator ends with exit code 2, exactly one line on stderr that names the problem, and
// nothing on stdout. Also the two good paths a script relies on: `perft 3` and a suite with a wrong count.
// Runs the built binary (MOVEGEN_BINARY, passed by tests/CMakeLists.txt). compare's report is tested in
// cli_compare_test.cpp, show's in cli_show_test.cpp.
#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "harness/generators/generators.hpp"
#include "tests/run_cli.hpp"

using namespace movegen::test;

namespace {

const std::string START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// A FEN given to `perft 1 --fen`.
void expect_bad_fen(const std::string& fen, const std::string& problem) {
  expect_bad_input({"perft", "1", "--fen", fen}, problem);
}

// One EPD file with `lines` given to `suite`.
void expect_bad_suite(const std::string& lines, const std::string& problem) {
  expect_bad_input({"suite", scratch().file("bad.epd", lines)}, problem);
}

}  // namespace

BOOST_AUTO_TEST_CASE(perft_3_counts_the_start_position) {
  const Run r = run_cli({"perft", "3"});
  BOOST_TEST(r.code == 0);
  const std::string last = "\nNodes searched: 8902\n";
  BOOST_TEST_REQUIRE(r.out.size() > last.size());
  BOOST_TEST(r.out.substr(r.out.size() - last.size()) == last);
}

BOOST_AUTO_TEST_CASE(every_command_takes_each_generator_of_the_table) {
  const Run list = run_cli({"generators"});
  BOOST_TEST(list.code == 0);
  // The name column fits the longest name, board10x12-masks (16 characters), with two spaces after it.
  const std::string lines = "\n" + list.out;
  for (const char* line :
       {"mailbox           reference  mailbox board string, make-test-unmake",
        "mailbox-masks     reference  mailbox board string, masks",
        "board10x12        reference  10x12 board with sentinels, make-test-unmake",
        "board10x12-masks  reference  10x12 board with sentinels, masks",
        "x88               reference  0x88 board with piece lists, make-test-unmake",
        "x88-masks         reference  0x88 board with piece lists, masks",
        "bitboard-mtu      reference  bitboards, make-test-unmake", "bitboard-masks    reference  bitboards, masks",
        "mailbox-tuned     tuned      mailbox board string, masks, tuned",
        "bitboard-tuned    tuned      bitboards, masks, tuned"})
    BOOST_TEST(lines.find("\n" + std::string(line)) != std::string::npos, line);
  BOOST_TEST(std::size_t(std::count(list.out.begin(), list.out.end(), '\n')) == movegen::harness::GENERATOR_COUNT);
  // Every line's tier starts in the same column, two spaces at least after its name.
  std::istringstream in(list.out);
  for (std::string line; std::getline(in, line);) {
    const std::size_t name_end = line.find(' '), tier = line.find_first_not_of(' ', name_end);
    BOOST_TEST(tier == movegen::harness::LONGEST_GENERATOR_NAME + 2, line);
    BOOST_TEST(tier - name_end >= 2u, line);
  }
  for (const std::string_view name : movegen::harness::GENERATOR_NAMES) {
    const std::string g(name);
    const Run perft = run_cli({"perft", "--generator", g, "--fen", "8/8/8/r2Pp2K/8/8/4k3/8 w - e6 0 1", "1"});
    BOOST_TEST(perft.code == 0, g);
    BOOST_TEST(perft.out.find("d5e6") == std::string::npos, g << " must not take en passant: the rank pin");
    BOOST_TEST(perft.out.find("Nodes searched: 6") != std::string::npos, g);
  }
  const std::string suite =
      scratch().file("kiwipete.epd", std::string("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/"
                                                 "PPPBBPPP/R3K2R w KQkq - 0 1 ;D1 48 ;D2 2039\n"));
  const Run all = run_cli({"suite", "--generator", "all", suite});
  BOOST_TEST(all.code == 0);
  BOOST_TEST(
      all.out.find(std::to_string(2 * movegen::harness::GENERATOR_COUNT) + " counts checked") != std::string::npos,
      all.out);
}

BOOST_AUTO_TEST_CASE(suite_with_a_wrong_count_fails_with_exit_1) {
  const Run r = run_cli({"suite", scratch().file("wrong.epd", "# a wrong D2\n" + START + " ;D1 20 ;D2 401\n")});
  BOOST_TEST(r.code == 1);
  BOOST_TEST(r.out.rfind("FAIL line   2", 0) == 0);
  BOOST_TEST(r.out.find("D2 mailbox expected 401 got 400") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(malformed_fen_fields) {
  expect_bad_fen("", "bad FEN fields");
  expect_bad_fen("8/8/8/8/8/8/8/8", "bad FEN fields");
  expect_bad_fen(START + " 7", "bad FEN fields");
  expect_bad_fen("rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "bad FEN piece placement: expected 8");
  expect_bad_fen("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "bad FEN piece placement: rank 6");
  expect_bad_fen("rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "two digits in a row");
  expect_bad_fen("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "more than 8 squares");
  expect_bad_fen("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 7 has 7 squares");
  expect_bad_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "bad piece letter or digit 'X'");
  expect_bad_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN\xff w KQkq - 0 1", "'\\xFF'");
  expect_bad_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", "white has 0 kings");
  expect_bad_fen("4k3/8/8/8/8/8/8/3KK3 w - - 0 1", "white has 2 kings");
  expect_bad_fen("P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "pawn on a8");
  expect_bad_fen("4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1", "white has 9 pawns");
  expect_bad_fen("4k3/8/8/8/NNNNNNNN/8/PPPPPPPP/4K3 w - - 0 1", "white has 17 pieces");
  expect_bad_fen("4k3/8/8/8/8/8/8/4K3 x - - 0 1", "bad FEN side to move: 'x'");
  expect_bad_fen("4k3/8/8/8/8/8/8/K3R3 w - - 0 1", "the side not to move is in check");
  expect_bad_fen("4k3/8/8/8/8/8/8/4K3 w X - 0 1", "bad FEN castling: bad letter 'X'");
  expect_bad_fen(START.substr(0, 46) + "KQkqK - 0 1", "bad FEN castling: repeated letter 'K'");
  expect_bad_fen("4k3/8/8/8/8/8/8/4K3 w K - 0 1",
                 "bad FEN castling: 'K' needs a white rook on rank 1 on the king side of the king on e1");
  expect_bad_fen("4k3/8/8/8/8/8/8/R3K3 w B - 0 1", "bad FEN castling: 'B' needs a white rook on b1");
  expect_bad_fen("4k3/8/8/8/8/8/8/4K3 w - e9 0 1", "bad FEN en passant: 'e9' is not a square");
  expect_bad_fen("4k3/8/8/8/4p3/8/8/4K3 w - e3 0 1", "bad FEN en passant: e3 is on the wrong rank");
  expect_bad_fen("4k3/8/8/8/8/8/8/4K3 w - e6 0 1", "no pawn on e5");
  expect_bad_fen("4k3/4n3/8/4p3/8/8/8/4K3 w - e6 0 1", "crossed an occupied square (e7)");
  expect_bad_fen("4k3/8/8/8/8/8/8/4K3 w - - -1 1", "bad FEN halfmove clock: '-1'");
  expect_bad_fen("4k3/8/8/8/8/8/8/4K3 w - - x 1", "bad FEN halfmove clock: 'x'");
  expect_bad_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1234567890", "bad FEN fullmove number: '1234567890'");
  expect_bad_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1.5", "bad FEN fullmove number: '1.5'");
  expect_bad_fen("4k3/8/8/8/8/8/8/4K3 w K\nQ - 0 1", "bad FEN castling");  // a newline stays on one line
}

BOOST_AUTO_TEST_CASE(malformed_epd_lines) {
  expect_bad_suite(START + "\n", "bad.epd': line 1: no perft counts");
  expect_bad_suite("# comment\n\n" + START + " ;D1 x\n", "bad.epd': line 3: node count in 'D1 x'");
  expect_bad_suite(START + " ;D1 99999999999999999999999\n", "node count in 'D1 99999999999999999999999'");
  expect_bad_suite(START + " ;D0 1\n", "depth in 'D0 1' is not a number from 1 to 64");
  expect_bad_suite(START + " ;D65 1\n", "depth in 'D65 1'");
  expect_bad_suite(START + " ;Dx 1\n", "depth in 'Dx 1'");
  expect_bad_suite(START + " ;D1 20 ;D1 20\n", "depth 1 given twice");
  expect_bad_suite(START + " ;D1 20 ;D2\n", "count entry 'D2' is not of the form");
  expect_bad_suite(START + " ;20\n", "count entry '20'");
  expect_bad_suite(START + " ;D1\n", "count entry 'D1'");
  expect_bad_suite("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1 ;D1 20\n",
                   "bad.epd': line 1: bad FEN piece placement");
  expect_bad_suite(std::string("\x00\xff\n", 3), "bad.epd': line 1: bad FEN fields");
  // Valid to parse_fen, refused by the positions: the side not to move is in check. A refused position
  // is reported and the run goes on (suites_test.cpp); a suite of refused positions only checks nothing.
  expect_bad_suite("4k3/8/8/8/8/8/8/K3R3 w - - 0 1 ;D1 5\n",
                   "bad.epd': every position is refused; line 1: bad FEN side to move");
  expect_bad_suite("", "bad.epd': no positions");
  expect_bad_suite("# only a comment\n\n", "bad.epd': no positions");
}

BOOST_AUTO_TEST_CASE(missing_or_unreadable_suite_file) {
  expect_bad_input({"suite", (scratch().dir / "no-such-file.epd").string()}, "no-such-file.epd': cannot open");
  expect_bad_input({"suite", scratch().dir.string()}, "is a directory");
}

BOOST_AUTO_TEST_CASE(malformed_or_illegal_moves) {
  expect_bad_input({"perft", "1", "--moves", "e2e5"}, "bad move 'e2e5': not a legal move in " + START);
  expect_bad_input({"perft", "1", "--moves", "zz"}, "bad move 'zz': not UCI move text");
  expect_bad_input({"perft", "1", "--moves", "e7e8k"}, "bad move 'e7e8k': not UCI move text");
  expect_bad_input({"perft", "1", "--moves", "e2e4", "e2e4"}, "bad move 'e2e4': not a legal move in");
  expect_bad_input({"perft", "1", "--moves", ""}, "bad move '': not UCI move text");
  expect_bad_input({"perft", "1", "--moves", "e2e4\n"}, "bad move 'e2e4\\x0A'");
  expect_bad_input({"perft", "1", "--moves"}, "--moves");
}

BOOST_AUTO_TEST_CASE(bad_depths) {
  expect_bad_input({"perft", "-1"}, "depth: -1 is outside 0..15");
  expect_bad_input({"perft", "16"}, "depth: 16 is outside 0..15");
  expect_bad_input({"perft", "99999999999"}, "depth: '99999999999' is far too large");
  expect_bad_input({"perft", "abc"}, "depth: 'abc' is not a whole number");
  expect_bad_input({"perft", "3x"}, "depth: '3x' is not a whole number");
  expect_bad_input({"perft", "1.5"}, "depth: '1.5' is not a whole number");
  expect_bad_input({"perft", "0x5"}, "depth: '0x5' is not a whole number");
  expect_bad_input({"perft", ""}, "depth: '' is not a whole number");
  expect_bad_input({"perft", "1\n2"}, "depth: '1\\x0A2' is not a whole number");  // still one line
  expect_bad_input({"perft"}, "depth is required");
  expect_bad_input({"suite", "--max-depth", "0", "x.epd"}, "--max-depth: 0 is outside 1..15");
  expect_bad_input({"suite", "--max-depth", "99", "x.epd"}, "--max-depth: 99 is outside 1..15");
  expect_bad_input({"suite", "--max-depth", "deep", "x.epd"}, "--max-depth: 'deep' is not a whole number");
}

BOOST_AUTO_TEST_CASE(bulk_modes_count_alike_and_bad_ones_are_refused) {
  for (const std::vector<std::string>& mode :
       {std::vector<std::string>{"--bulk", "siblings"}, {"--bulk", "node"}, {"--no-bulk"}})
    for (const std::string generator : {"bitboard-tuned", "mailbox-tuned", "x88"}) {
      std::vector<std::string> args{"perft", "--generator", generator, "4"};
      args.insert(args.begin() + 1, mode.begin(), mode.end());
      const Run r = run_cli(args);
      BOOST_TEST(r.code == 0);
      BOOST_TEST(r.out.find("Nodes searched: 197281\n") != std::string::npos, generator << " " << mode[0]);
    }
  expect_bad_input({"perft", "--bulk", "leaves", "3"}, "--bulk");
  expect_bad_input({"perft", "--bulk", "node", "--no-bulk", "3"}, "--no-bulk");
}

BOOST_AUTO_TEST_CASE(unknown_generator_and_arguments) {
  expect_bad_input({"perft", "1", "--generator", "foo"}, "bad --generator 'foo'");
  expect_bad_input({"suite", "--generator", "", "x.epd"}, "bad --generator ''");
  expect_bad_input({}, "A subcommand is required");
  expect_bad_input(
      {"frobnicate"},
      "unknown subcommand 'frobnicate': expected one of perft, suite, compare, diff, fuzz, perftree, show, "
      "generators");
  expect_bad_input({"compare", "--generators", "mailbox,foo"},
                   "bad --generators 'foo': expected one of mailbox, mailbox-masks, board10x12, "
                   "board10x12-masks, x88, x88-masks, bitboard-mtu, bitboard-masks, mailbox-tuned, bitboard-tuned");
  expect_bad_input({"compare", "--generators", "bitboard-tuned,bitboard-tuned"},
                   "bad --generators: bitboard-tuned is named twice");
  expect_bad_input({"suite", "--generator", "mailbox,"}, "bad --generator ''");
  expect_bad_input({"frob\nnicate"}, "unknown subcommand 'frob\\x0Anicate'");  // still one line
  expect_bad_input({"perft", "1", "--bogus"}, "--bogus");
  expect_bad_input({"perft", "1", "2"}, "not expected: 2");
  expect_bad_input({"perft", "1", "two\nlines"}, "not expected: two\\x0Alines");
}

BOOST_AUTO_TEST_CASE(compare_diff_fuzz_perftree_and_show_refuse_bad_input) {
  const std::string empty = scratch().file("empty.epd", "# nothing\n");
  // Its one position is refused (the side not to move is in check): nothing to check.
  const std::string in_check = scratch().file("check.epd", "# refused\n4k3/8/8/8/8/8/8/K3R3 w - - 0 1 ;D1 5\n");
  expect_bad_input({"compare", "--max-depth", "0"}, "--max-depth: 0 is outside 1..15");
  expect_bad_input({"compare", "--max-depth", ""}, "--max-depth: '' is not a whole number");
  expect_bad_input({"compare", (scratch().dir / "missing.epd").string()}, "missing.epd': cannot open");
  expect_bad_input({"compare", empty}, "empty.epd': no positions");
  expect_bad_input({"compare", in_check}, "check.epd': every position is refused; line 2: bad FEN side to move");

  expect_bad_input({"diff", "mailbox", "foo"}, "bad generator 'foo'");
  expect_bad_input({"diff", "mailbox", "bitboard-tuned", "--depth", "-1"}, "--depth: -1 is outside 1..15");
  expect_bad_input({"diff", "mailbox", "bitboard-tuned", "--depth", ""}, "--depth: '' is not a whole number");
  expect_bad_input({"diff", "mailbox", "bitboard-tuned", "--fen", "8/8 w"}, "bad FEN fields");
  expect_bad_input({"diff", "mailbox", "bitboard-tuned", "--moves", "e2e5"}, "bad move 'e2e5'");
  expect_bad_input({"diff", "mailbox", "bitboard-tuned", "--epd", in_check},
                   "check.epd': every position is refused; line 2: bad FEN side to move");
  expect_bad_input({"diff", "mailbox", "bitboard-tuned", "--epd", empty}, "empty.epd': no positions");

  expect_bad_input({"fuzz", "--games", "-1"}, "--games: -1 is outside 1..");
  expect_bad_input({"fuzz", "--games", "many"}, "--games: 'many' is not a whole number");
  expect_bad_input({"fuzz", "--plies", "-3"}, "--plies: -3 is outside 0..");
  expect_bad_input({"fuzz", "--flip-depth", "99"}, "--flip-depth: 99 is outside 0..4");
  expect_bad_input({"fuzz", "--games", "1", "--against", "foo"}, "bad generator 'foo'");

  expect_bad_input({"perftree", "99", START}, "depth: 99 is outside 0..15");
  expect_bad_input({"perftree", "", START}, "depth: '' is not a whole number");
  expect_bad_input({"perftree", "1", "xyz"}, "bad FEN fields");
  expect_bad_input({"perftree", "1", START, "e2e5"}, "bad move 'e2e5'");

  expect_bad_input({"show", "--fen", "4k3/8/8/8/8/8/8/4K3 x - - 0 1"}, "bad FEN side to move: 'x'");
}
