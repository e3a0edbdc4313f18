// The docs the doc tests read (doc_links_test, doc_counts_test): README.md and every docs/*.md of the source tree.
//
//   for (const std::string& doc : test::docs()) check(doc, test::read_text(test::SOURCE_ROOT / doc));
#pragma once

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace movegen::test {

/// The repository's root, where the docs are.
inline const std::filesystem::path SOURCE_ROOT = MOVEGEN_SOURCE_DIR;

/// The whole file at `path`, bytes as they are; "" if it cannot be read.
inline std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

/// README.md and every docs/*.md, as paths relative to the repository's root, sorted.
inline std::vector<std::string> docs() {
  std::vector<std::string> paths = {"README.md"};
  for (const auto& entry : std::filesystem::directory_iterator(SOURCE_ROOT / "docs"))
    if (entry.is_regular_file() && entry.path().extension() == ".md")
      paths.push_back(std::filesystem::relative(entry.path(), SOURCE_ROOT).generic_string());
  std::sort(paths.begin(), paths.end());
  return paths;
}

}  // namespace movegen::test
