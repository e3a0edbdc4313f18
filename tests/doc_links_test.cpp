// The docs' links into the repository: every link to a file of the repository reaches a file that exists,
// and a link whose text names code (`generate_knight_moves`, `bitboard::Position`, `make_board_move()`) reaches a
// file in which that name occurs as a whole word. Docs link code by name, never by line number: a
// `#L<digits>` anchor anywhere in a doc fails. Checked: README.md and every docs/*.md.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "tests/docs.hpp"

namespace fs = std::filesystem;

namespace {

const fs::path ROOT = movegen::test::SOURCE_ROOT;
using movegen::test::docs;
using movegen::test::read_text;

/// One broken link: the doc and line it is on, the link as written, and what is wrong with it.
struct LinkProblem {
  std::string where;  // "docs/study.md:12"
  std::string link;   // "[`generate_knight_moves`](../mailbox/movegen.cpp)"
  std::string problem;
};

/// What check_doc found in one doc.
struct LinkReport {
  int file_links = 0;  // links to a file of the repository
  int name_links = 0;  // of those, links whose text names code, checked against the file
  std::vector<LinkProblem> problems;
};

bool is_word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

/// True if `word` occurs in `text` with no letter, digit or underscore on either side.
bool contains_word(const std::string& text, const std::string& word) {
  for (std::size_t at = text.find(word); at != std::string::npos; at = text.find(word, at + 1)) {
    const bool starts = at == 0 || !is_word_char(text[at - 1]);
    const bool ends = at + word.size() == text.size() || !is_word_char(text[at + word.size()]);
    if (starts && ends) return true;
  }
  return false;
}

/// The anchor GitHub gives a markdown heading: lower case, spaces as hyphens, other punctuation dropped.
std::string heading_anchor(const std::string& heading) {
  std::string anchor;
  for (char c : heading) {
    if (c == ' ')
      anchor += '-';
    else if (is_word_char(c) || c == '-')
      anchor += char(std::tolower(static_cast<unsigned char>(c)));
  }
  return anchor;
}

/// The text of a doc with every fenced code block blanked out (newlines kept, so that line numbers stay).
std::string without_code_blocks(const std::string& text) {
  std::string out;
  bool in_fence = false;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    const bool fence =
        line.find_first_not_of(' ') != std::string::npos && line.compare(line.find_first_not_of(' '), 3, "```") == 0;
    if (fence) in_fence = !in_fence;
    out += (fence || in_fence) ? std::string() : line;
    out += '\n';
  }
  return out;
}

/// The anchors of the headings of markdown file `text`.
std::vector<std::string> heading_anchors(const std::string& text) {
  std::vector<std::string> anchors;
  std::istringstream lines(without_code_blocks(text));
  for (std::string line; std::getline(lines, line);)
    if (!line.empty() && line[0] == '#') anchors.push_back(heading_anchor(line.substr(line.find_first_not_of('#'))));
  for (std::string& a : anchors)
    if (!a.empty() && a[0] == '-') a.erase(0, 1);
  return anchors;
}

int line_of(const std::string& text, std::size_t offset) {
  return 1 + int(std::count(text.begin(), text.begin() + std::ptrdiff_t(offset), '\n'));
}

/// Checks the links of one doc: `doc` is its path relative to `root` (links are relative to its folder),
/// `text` its contents. Links to http(s) and mailto addresses and to a heading of the same doc are not
/// followed; links inside code (fenced blocks, `code spans`) are not links.
LinkReport check_doc(const fs::path& root, const std::string& doc, const std::string& text) {
  LinkReport report;
  auto problem = [&](std::size_t offset, std::string link, std::string what) {
    report.problems.push_back({doc + ":" + std::to_string(line_of(text, offset)), std::move(link), std::move(what)});
  };

  // Line anchors, in a link or anywhere else: a name says where code is, a line number only says where it was.
  static const std::regex line_anchor(R"(#L[0-9]+)");
  for (auto m = std::sregex_iterator(text.begin(), text.end(), line_anchor); m != std::sregex_iterator(); ++m)
    problem(std::size_t(m->position()), m->str(), "a line-number anchor: link the function by name instead");

  // [text](target), the text possibly holding `code` and one level of [brackets] (at most 300 characters, so
  // that a stray bracket cannot send the search through the whole doc), the target without spaces.
  static const std::regex link(R"(\[((?:[^\[\]]|\[[^\[\]]*\]){0,300})\]\(([^()\s]+)\))");
  // A name of code: identifiers joined by ::, optionally ending in (), all in backticks.
  static const std::regex code_name(R"(`((?:[A-Za-z_][A-Za-z0-9_]*::)*(~?[A-Za-z_][A-Za-z0-9_]*))(?:\(\))?`)");
  static std::map<fs::path, std::string> files;  // the files linked, read once
  const std::string prose = without_code_blocks(text);
  const fs::path folder = fs::path(doc).parent_path();
  for (auto m = std::sregex_iterator(prose.begin(), prose.end(), link); m != std::sregex_iterator(); ++m) {
    const std::size_t at = std::size_t(m->position());
    // Inside a code span if an odd number of backticks precede it in its paragraph.
    const std::size_t paragraph = prose.rfind("\n\n", at);
    const auto ticks = std::count(prose.begin() + std::ptrdiff_t(paragraph == std::string::npos ? 0 : paragraph),
                                  prose.begin() + std::ptrdiff_t(at), '`');
    if (ticks % 2 == 1) continue;
    const std::string written = m->str(), label = (*m)[1], target = (*m)[2];
    if (target.rfind("http://", 0) == 0 || target.rfind("https://", 0) == 0 || target.rfind("mailto:", 0) == 0 ||
        target[0] == '#')
      continue;
    if (target[0] == '/') {
      problem(at, written, "an absolute path: link relative to the doc");
      continue;
    }
    const std::size_t hash = target.find('#');
    const std::string file_part = target.substr(0, hash),
                      anchor = hash == std::string::npos ? "" : target.substr(hash + 1);
    const fs::path path = (root / folder / file_part).lexically_normal();
    const std::string shown = (folder / file_part).lexically_normal().generic_string();  // from the root
    ++report.file_links;
    if (!fs::exists(path)) {
      problem(at, written, "no such file: " + shown);
      continue;
    }
    const bool regular = fs::is_regular_file(path);
    if (regular && !files.contains(path)) files[path] = read_text(path);
    if (!anchor.empty() && anchor[0] != 'L') {
      if (path.extension() != ".md")
        problem(at, written, "an anchor into a code file: name the function in the link text instead");
      else if (const auto anchors = heading_anchors(files[path]);
               std::find(anchors.begin(), anchors.end(), anchor) == anchors.end())
        problem(at, written, "no heading #" + anchor + " in " + shown);
    }
    std::smatch name;
    if (!std::regex_match(label, name, code_name)) continue;
    ++report.name_links;
    if (!regular)
      problem(at, written, "names `" + name[1].str() + "` but links a folder, not the file that defines it");
    else if (!contains_word(files[path], name[2]))
      problem(at, written, "`" + name[2].str() + "` does not occur as a word in " + shown);
  }
  return report;
}

// A doc in docs/, as the checker sees an inline text: its links resolve against the real repository.
LinkReport check_inline(const std::string& text) { return check_doc(ROOT, "docs/example.md", text); }

}  // namespace

BOOST_AUTO_TEST_CASE(every_link_of_the_docs_reaches_its_file_and_name) {
  int file_links = 0, name_links = 0;
  for (const std::string& doc : docs()) {
    const LinkReport report = check_doc(ROOT, doc, read_text(ROOT / doc));
    file_links += report.file_links;
    name_links += report.name_links;
    for (const LinkProblem& p : report.problems) BOOST_ERROR(p.where << ": " << p.link << ": " << p.problem);
  }
  BOOST_TEST_MESSAGE(file_links << " links to repository files, " << name_links << " of them to a name");
  // The guide alone links dozens of functions: a checker that finds few links has stopped finding them.
  BOOST_TEST(name_links > 40);
  BOOST_TEST(file_links > name_links);
}

BOOST_AUTO_TEST_CASE(a_name_not_in_its_file_is_reported) {
  // generate_knight_moves is in mailbox/movegen.cpp; generate_knight_move, a part of that name, is not a word
  // there, and generate_slider_moves left the reference mailbox when it got one function per slider.
  const LinkReport report = check_inline(
      "Knights: [`generate_knight_moves`](../mailbox/movegen.cpp), with "
      "[`mailbox::Position`](../mailbox/position.hpp)\n"
      "and [`make_board_move()`](../mailbox/position.hpp).\n"
      "\n"
      "Not there: [`generate_knight_move`](../mailbox/movegen.cpp) and\n"
      "[`generate_slider_moves`](../mailbox/movegen.cpp). In code, not a link: `[x](../nowhere.cpp)`.\n"
      "```\n"
      "[`also_not_a_link`](../nowhere.cpp)\n"
      "```\n");
  BOOST_TEST(report.file_links == 5);
  BOOST_TEST(report.name_links == 5);
  BOOST_REQUIRE(report.problems.size() == 2u);
  BOOST_TEST(report.problems[0].where == "docs/example.md:4");
  BOOST_TEST(report.problems[0].link == "[`generate_knight_move`](../mailbox/movegen.cpp)");
  BOOST_TEST(report.problems[0].problem == "`generate_knight_move` does not occur as a word in mailbox/movegen.cpp");
  BOOST_TEST(report.problems[1].where == "docs/example.md:5");
  BOOST_TEST(report.problems[1].link == "[`generate_slider_moves`](../mailbox/movegen.cpp)");
}

BOOST_AUTO_TEST_CASE(a_missing_file_is_reported) {
  const LinkReport report =
      check_inline("See [the old masks generator](../mailbox/masks_movegen.cpp) and [perft](perft.md).\n");
  BOOST_TEST(report.file_links == 2);
  BOOST_REQUIRE(report.problems.size() == 1u);
  BOOST_TEST(report.problems[0].link == "[the old masks generator](../mailbox/masks_movegen.cpp)");
  BOOST_TEST(report.problems[0].problem == "no such file: mailbox/masks_movegen.cpp");
}

BOOST_AUTO_TEST_CASE(a_line_number_anchor_is_reported_wherever_it_is) {
  const LinkReport report = check_inline(
      "[`is_square_attacked`](../mailbox/attacks.cpp#L65) and, outside a link, bitboard/movegen.cpp#L12.\n");
  BOOST_REQUIRE(report.problems.size() == 2u);
  BOOST_TEST(report.problems[0].link == "#L65");
  BOOST_TEST(report.problems[1].link == "#L12");
  BOOST_TEST(report.problems[0].problem.find("line-number anchor") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_heading_anchor_must_exist_and_code_takes_none) {
  const LinkReport report = check_inline(
      "[fuzz](json.md#fuzz), [nothing](json.md#no-such-heading), [a function](../mailbox/movegen.cpp#generate)\n");
  BOOST_REQUIRE(report.problems.size() == 2u);
  BOOST_TEST(report.problems[0].link == "[nothing](json.md#no-such-heading)");
  BOOST_TEST(report.problems[1].link == "[a function](../mailbox/movegen.cpp#generate)");
}

BOOST_AUTO_TEST_CASE(a_name_must_link_a_file_not_a_folder) {
  const LinkReport report = check_inline("[`mailbox`](../mailbox/) and [the tuned tier](../tuned/)\n");
  BOOST_TEST(report.file_links == 2);
  BOOST_REQUIRE(report.problems.size() == 1u);
  BOOST_TEST(report.problems[0].link == "[`mailbox`](../mailbox/)");
}
