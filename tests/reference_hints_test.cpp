// The reference tier is a controlled experiment: two of its cells may differ only in the choice they
// measure, so no cell may carry a compiler hint that another lacks. This test finds every hint in the
// reference folders (each top-level folder with the mirrored files position/attacks/movegen/
// legal_masks) and in common/, which they all build on: a `#pragma` other than `once`, `__attribute__`,
// a `[[gnu::...]]` or `[[clang::...]]` attribute, `[[likely]]`/`[[unlikely]]`, `__builtin_expect`,
// `__builtin_assume`, `always_inline` or `__forceinline`. The tuned tier (tuned/) may use any of them.
// It shows that it can fail: a hint planted in a copy of each reference folder is found.
#include <boost/test/unit_test.hpp>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

const fs::path ROOT = MOVEGEN_SOURCE_DIR;

/// One hint found: "file:line: text".
using Finding = std::string;

/// The hints in one source text, with comments taken out (a comment may name a hint to say why there is none).
std::vector<Finding> hints_in(const std::string& name, const std::string& text) {
  static const std::regex hint(
      R"(#\s*pragma\s+(?!once\b)\w|__attribute__|\[\[\s*(gnu|clang)\s*::|\[\[\s*(likely|unlikely)\s*\]\]|)"
      R"(__builtin_expect|__builtin_assume|always_inline|__forceinline)");
  std::vector<Finding> found;
  std::istringstream in(text);
  std::string line;
  bool in_block_comment = false;
  for (int number = 1; std::getline(in, line); ++number) {
    std::string code;
    for (std::size_t i = 0; i < line.size(); ++i) {
      if (in_block_comment) {
        if (line.compare(i, 2, "*/") == 0) in_block_comment = false, ++i;
      } else if (line.compare(i, 2, "/*") == 0) {
        in_block_comment = true, ++i;
      } else if (line.compare(i, 2, "//") == 0) {
        break;
      } else {
        code += line[i];
      }
    }
    if (std::regex_search(code, hint)) found.push_back(name + ":" + std::to_string(number) + ": " + line);
  }
  return found;
}

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

/// The hints in every .hpp and .cpp below `folder`, named relative to `base`.
std::vector<Finding> hints_below(const fs::path& folder, const fs::path& base) {
  std::vector<Finding> found;
  for (const auto& entry : fs::recursive_directory_iterator(folder)) {
    const std::string ext = entry.path().extension().string();
    if (!entry.is_regular_file() || (ext != ".hpp" && ext != ".cpp")) continue;
    for (Finding& f : hints_in(fs::relative(entry.path(), base).generic_string(), read_text(entry.path())))
      found.push_back(std::move(f));
  }
  return found;
}

/// The reference folders: every top-level folder of the source tree holding the four mirrored files.
std::vector<fs::path> reference_folders() {
  std::vector<fs::path> folders;
  for (const auto& entry : fs::directory_iterator(ROOT)) {
    const fs::path& d = entry.path();
    if (!entry.is_directory() || d.filename() == "tuned") continue;
    static const std::vector<std::string> stems = {"position", "attacks", "movegen", "legal_masks"};
    const bool mirrored = std::all_of(stems.begin(), stems.end(),
                                      [&](const std::string& stem) { return fs::exists(d / (stem + ".hpp")); });
    if (mirrored) folders.push_back(d);
  }
  std::sort(folders.begin(), folders.end());
  return folders;
}

std::string joined(const std::vector<Finding>& findings) {
  std::string text;
  for (const Finding& f : findings) text += "\n  " + f;
  return text;
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_reference_folders_are_found) {
  // mailbox/, x88/ and bitboard/ at least; a wrong root would find none and the next test would pass idly.
  const std::vector<fs::path> folders = reference_folders();
  BOOST_TEST_MESSAGE("reference folders: " << folders.size());
  BOOST_TEST(folders.size() >= 3u);
  for (const char* name : {"mailbox", "x88", "bitboard"})
    BOOST_TEST((std::find(folders.begin(), folders.end(), ROOT / name) != folders.end()), name);
}

BOOST_AUTO_TEST_CASE(the_reference_tier_and_common_carry_no_compiler_hint) {
  std::vector<fs::path> folders = reference_folders();
  folders.push_back(ROOT / "common");
  for (const fs::path& folder : folders) {
    const std::vector<Finding> found = hints_below(folder, ROOT);
    BOOST_TEST(found.empty(), folder.filename().string() << " has compiler hints:" << joined(found));
  }
}

BOOST_AUTO_TEST_CASE(a_planted_hint_is_found_in_every_reference_folder) {
  const fs::path scratch = fs::temp_directory_path() / ("movegen-hints-" + std::to_string(::getpid()));
  for (const fs::path& folder : reference_folders()) {
    const fs::path copy = scratch / folder.filename();
    fs::remove_all(scratch);
    fs::create_directories(scratch);
    fs::copy(folder, copy, fs::copy_options::recursive);
    BOOST_TEST(hints_below(copy, scratch).empty());
    // One hint of each kind, each in a file of its own role.
    const std::vector<std::pair<std::string, std::string>> plants = {
        {"attacks.cpp", "#pragma GCC unroll 4"},
        {"movegen.cpp", "[[gnu::always_inline]] inline int planted() { return 0; }"},
        {"position.cpp", "static int planted_too() __attribute__((noinline));"},
        {"legal_masks.cpp", "int planted_branch(int x) { return __builtin_expect(x, 0); }"},
        {"legal_masks.hpp", "inline int planted_likely(int x) { if (x) [[likely]] return 1; return 0; }"}};
    for (const auto& [file, line] : plants) {
      std::ofstream(copy / file, std::ios::app) << "\n" << line << "\n";
      const std::vector<Finding> found = hints_below(copy, scratch);
      // The bindings captured by name: clang 14 cannot capture a structured binding otherwise.
      const bool names_it = std::any_of(found.begin(), found.end(), [&, &file = file, &line = line](const Finding& f) {
        return f.find(folder.filename().string() + "/" + file) == 0 && f.find(line) != std::string::npos;
      });
      BOOST_TEST(names_it, "not found: " << line << " in " << folder.filename().string() << "/" << file);
    }
    BOOST_TEST(hints_below(copy, scratch).size() == plants.size());
  }
  fs::remove_all(scratch);
}

BOOST_AUTO_TEST_CASE(comments_and_pragma_once_are_not_hints) {
  BOOST_TEST(hints_in("x.hpp", "#pragma once\n// no #pragma GCC unroll here\n/* nor always_inline */\n").empty());
  BOOST_TEST(hints_in("x.hpp", "#  pragma  GCC optimize(\"O3\")\n").size() == 1u);
  BOOST_TEST(hints_in("x.hpp", "#pragma onceler\n").size() == 1u);
}
