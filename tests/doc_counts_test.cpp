// The docs cannot go stale by count: every number of generators stated in README.md or docs/*.md ("ten
// generators", "the 8 reference generators", "two tuned generators"), in prose or in a pasted output, is the
// generator table's (harness/generators/generator_table.hpp), and every generator named on a command line of a
// doc (`--generator X`, `--generators A,B`) is one of GENERATOR_NAMES. Prose that needs no number says "every
// generator" or "the generators of the table"; a pair of outside programs is "a pair of move generators".
#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "harness/generators/generators.hpp"
#include "tests/docs.hpp"

namespace fs = std::filesystem;
namespace mh = movegen::harness;

namespace {

const fs::path ROOT = movegen::test::SOURCE_ROOT;
using movegen::test::docs;
using movegen::test::read_text;

/// The generators of the table in the given tier.
int count_in_tier(mh::Tier tier) {
  const auto all = mh::all_generators();
  return int(std::count_if(all.begin(), all.end(), [&](mh::Generator g) { return mh::tier_of(g) == tier; }));
}

/// The value of a number written in digits or as an English word up to twenty ("Ten" = 10).
int number_value(std::string text) {
  static const char* const WORDS[] = {"zero",     "one",     "two",     "three",     "four",     "five",     "six",
                                      "seven",    "eight",   "nine",    "ten",       "eleven",   "twelve",   "thirteen",
                                      "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"};
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  for (int i = 0; i <= 20; ++i)
    if (text == WORDS[i]) return i;
  return std::stoi(text);
}

/// One stale statement: the doc and line it is on, what it says, and what the table says.
struct Problem {
  std::string where;  // "docs/perft.md:29"
  std::string text;   // "eight generators"
  std::string problem;
};

/// What check_doc found in one doc.
struct Report {
  int counts = 0;  // numbers of generators stated
  int names = 0;   // generator names on command lines
  std::vector<Problem> problems;
};

/// Checks the numbers of generators and the generator names on command lines of one doc, `doc` its name (for
/// the report), `text` its contents. Code blocks are checked as well as prose: a pasted output that states a
/// count states it to the reader too.
Report check_doc(const std::string& doc, const std::string& text) {
  // A number in words or digits, optionally a qualifier the table can count, then "generators".
  static const std::regex count(
      R"(\b(zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|)"
      R"(sixteen|seventeen|eighteen|nineteen|twenty|[0-9]+) (?:(built-in|reference|tuned) )?generators\b)",
      std::regex::icase);
  // A command line's generator option and its value: names separated by commas.
  static const std::regex option(R"(--generators?[ =]([A-Za-z0-9_.,\[\]|-]+))");
  static const std::regex name(R"([a-z0-9][a-z0-9-]*)");
  Report report;
  std::istringstream lines(text);
  int number = 0;
  for (std::string line; std::getline(lines, line);) {
    ++number;
    const std::string where = doc + ":" + std::to_string(number);
    for (auto m = std::sregex_iterator(line.begin(), line.end(), count); m != std::sregex_iterator(); ++m) {
      ++report.counts;
      const std::string qualifier = (*m)[2];
      const int stated = number_value((*m)[1]);
      const int actual = qualifier == "reference" ? count_in_tier(mh::Tier::REFERENCE)
                         : qualifier == "tuned"   ? count_in_tier(mh::Tier::TUNED)
                                                  : int(mh::GENERATOR_COUNT);
      if (stated != actual)
        report.problems.push_back({where, m->str(),
                                   "the generator table has " + std::to_string(actual) + " " +
                                       (qualifier.empty() ? "" : qualifier + " ") +
                                       "generators: say \"every generator\", or the table's number"});
    }
    for (auto m = std::sregex_iterator(line.begin(), line.end(), option); m != std::sregex_iterator(); ++m) {
      std::istringstream items((*m)[1].str());
      for (std::string item; std::getline(items, item, ',');) {
        // Placeholders (G, NAME, G[,G...]|all]) are not names; "all" is every generator.
        if (!std::regex_match(item, name) || item == "all") continue;
        ++report.names;
        if (std::find(mh::GENERATOR_NAMES.begin(), mh::GENERATOR_NAMES.end(), item) == mh::GENERATOR_NAMES.end())
          report.problems.push_back(
              {where, m->str(), "`" + item + "` is not a generator of the table: " + mh::generator_names()});
      }
    }
  }
  return report;
}

}  // namespace

BOOST_AUTO_TEST_CASE(every_number_of_generators_and_every_generator_name_in_the_docs_is_the_tables) {
  int counts = 0, names = 0;
  for (const std::string& doc : docs()) {
    const Report report = check_doc(doc, read_text(ROOT / doc));
    counts += report.counts;
    names += report.names;
    for (const Problem& p : report.problems) BOOST_ERROR(p.where << ": \"" << p.text << "\": " << p.problem);
  }
  BOOST_TEST_MESSAGE(counts << " numbers of generators and " << names << " generator names checked");
  // The README's compare output states the count and its commands name generators: a checker that finds
  // none has stopped looking.
  BOOST_TEST(counts > 0);
  BOOST_TEST(names > 5);
}

BOOST_AUTO_TEST_CASE(a_wrong_count_or_an_unknown_name_is_reported_with_its_line) {
  const std::string total = std::to_string(mh::GENERATOR_COUNT);
  const std::string wrong = std::to_string(mh::GENERATOR_COUNT + 1);
  const Report report =
      check_doc("docs/example.md", "All " + total +
                                       " generators agree.\n"
                                       "Each of the " +
                                       wrong +
                                       " generators keeps a key; Twenty built-in generators.\n"
                                       "`movegen perft --generator bitboard 7` and --generators mailbox,x88-masks\n"
                                       "`--generator NAME`, `--generator G[,G...]|all]`, " +
                                       std::to_string(count_in_tier(mh::Tier::TUNED)) + " tuned generators\n");
  BOOST_TEST(report.counts == 4);
  BOOST_TEST(report.names == 3);
  BOOST_REQUIRE(report.problems.size() == 3u);
  BOOST_TEST(report.problems[0].where == "docs/example.md:2");
  BOOST_TEST(report.problems[0].text == wrong + " generators");
  BOOST_TEST(report.problems[1].text == "Twenty built-in generators");
  BOOST_TEST(report.problems[2].where == "docs/example.md:3");
  BOOST_TEST(report.problems[2].problem.find("`bitboard` is not a generator") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(the_tiers_are_counted_from_the_table) {
  BOOST_TEST(count_in_tier(mh::Tier::REFERENCE) + count_in_tier(mh::Tier::TUNED) == int(mh::GENERATOR_COUNT));
  const Report report =
      check_doc("x.md", "the 1 reference generators and the " + std::to_string(count_in_tier(mh::Tier::REFERENCE)) +
                            " reference generators\n");
  BOOST_TEST(report.problems.size() == 1u);
}
