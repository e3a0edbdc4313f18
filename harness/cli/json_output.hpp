// Machine-readable output: `--json` on perft, suite, compare, diff and fuzz prints one JSON document on
// stdout instead of the text report, with the same exit code. Field names are documented in docs/json.md.
//
//   nlohmann::json doc = {{"command", "perft"}, {"nodes", 8902}};
//   print_json(out, doc);                  // one document, two-space indent, ending with a newline
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>

namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace movegen::harness {

/// Writes `doc` to `out` as one JSON document (two-space indent) followed by a newline.
inline void print_json(std::ostream& out, const nlohmann::json& doc) { out << doc.dump(2) << '\n'; }

/// Adds the `--json` flag to a subcommand: "print one JSON document on stdout instead of the report".
CLI::Option* add_json_flag(CLI::App& app, bool& json);

}  // namespace movegen::harness
