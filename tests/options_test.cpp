// Numeric command-line options: read in decimal whatever their leading zeros, never as octal or hex, and
// refused with one line naming the option when they are not a number the command can use.
#include <boost/test/unit_test.hpp>
#include <string>
#include <vector>

#include "tests/run_cli.hpp"

using namespace movegen::test;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

BOOST_AUTO_TEST_CASE(leading_zeros_are_decimal_not_octal) {
  // Two bare kings: a depth-8 tree that counts in a moment. "08" used to fail to convert (no octal
  // digit 8). (Depth 10 would show "010" read as 8 too, but takes minutes under the sanitizers: --games
  // and --depth below show it.)
  const std::string kings = "k7/8/8/8/8/8/8/7K w - - 0 1";
  const Run padded = run_cli({"perft", "--fen", kings, "08"}), plain = run_cli({"perft", "--fen", kings, "8"});
  BOOST_TEST(padded.code == 0, padded.err);
  BOOST_TEST(plain.code == 0, plain.err);
  BOOST_TEST(padded.out == plain.out);

  // --games 010 plays ten games, not eight.
  const Run fuzz = run_cli({"fuzz", "--games", "010", "--plies", "2", "--flip-depth", "0"});
  BOOST_TEST(fuzz.code == 0, fuzz.err);
  BOOST_TEST(contains(fuzz.out, "in 10 games"), fuzz.out);

  // 016 is sixteen (not fourteen), outside 1..15.
  expect_bad_input({"diff", "mailbox", "bitboard-tuned", "--depth", "016"}, "--depth: 16 is outside 1..15");
  expect_bad_input({"suite", "--max-depth", "00", "x.epd"}, "--max-depth: 0 is outside 1..15");
}

BOOST_AUTO_TEST_CASE(seeds_are_plain_unsigned_decimal_numbers) {
  expect_bad_input({"fuzz", "--seed", "0x10"}, "--seed: '0x10' is not a whole number");
  expect_bad_input({"fuzz", "--seed", "-1"}, "--seed: '-1' is not a whole number");
  expect_bad_input({"fuzz", "--seed", ""}, "--seed: '' is not a whole number");
  expect_bad_input({"fuzz", "--seed", "1e3"}, "--seed: '1e3' is not a whole number");
  expect_bad_input({"fuzz", "--seed", "18446744073709551616"}, "--seed: '18446744073709551616' is far too large");
  const Run max = run_cli({"fuzz", "--games", "1", "--plies", "1", "--seed", "18446744073709551615"});
  BOOST_TEST(max.code == 0, max.err);
  BOOST_TEST(contains(max.out, "seed 18446744073709551615"), max.out);
  const Run zeros = run_cli({"fuzz", "--games", "1", "--plies", "1", "--seed", "017"});
  BOOST_TEST(zeros.code == 0, zeros.err);
  BOOST_TEST(contains(zeros.out, "seed 17\n"), zeros.out);
}

BOOST_AUTO_TEST_CASE(timeouts_are_positive_decimal_seconds_within_a_day) {
  for (const std::string command : {"diff", "fuzz"}) {
    const std::vector<std::string> head = command == "diff"
                                              ? std::vector<std::string>{"diff", "mailbox", "bitboard-tuned"}
                                              : std::vector<std::string>{"fuzz"};
    auto with = [&](const std::string& value) {
      std::vector<std::string> args = head;
      args.insert(args.end(), {"--timeout", value});
      return args;
    };
    expect_bad_input(with("inf"), "--timeout: 'inf' is not a decimal number of seconds");
    expect_bad_input(with("nan"), "--timeout: 'nan' is not a decimal number of seconds");
    expect_bad_input(with("1e300"), "--timeout: '1e300' is not a decimal number of seconds");
    expect_bad_input(with("0x2"), "--timeout: '0x2' is not a decimal number of seconds");
    expect_bad_input(with(""), "--timeout: '' is not a decimal number of seconds");
    expect_bad_input(with("-1"), "--timeout: '-1' is not a decimal number of seconds");
    expect_bad_input(with("10000000000"), "--timeout: 10000000000 is outside 0.001..86400 seconds");
    expect_bad_input(with("0.0004"), "--timeout: 0.0004 is outside 0.001..86400 seconds");
    expect_bad_input(with("0"), "--timeout: 0 is outside 0.001..86400 seconds");
  }
  const Run ok = run_cli({"diff", "--timeout", "0.5", "--depth", "1", "mailbox", "bitboard-tuned"});
  BOOST_TEST(ok.code == 0, ok.err);
}
