// A perft suite (EPD or .perft) loaded for the commands that run one (suite, compare, diff --epd, fuzz): every
// position checked by every generator of the table before anything is printed.
//
//   std::vector<EpdEntry> entries = load_suite(default_suite_path());
//   require_counts_within(entries, 4);   // throws UsageError if no count lies at depth 1..4
#pragma once

#include <string>
#include <vector>

#include "common/epd.hpp"

namespace movegen::harness {

/// The entries of a suite (EPD or .perft), each position already loaded by every generator, so that a bad
/// line stops a command before it prints anything; a position that breaks a rule of the game (a check no
/// legal last move gives, unless an AllowImpossibleCheck lives; the side not to move in check; ...) is
/// kept with `refused` saying why. Throws EpdError naming the file, and the line if there is one: a file
/// that cannot be read, a malformed line, no positions, every position refused.
std::vector<EpdEntry> load_suite(const std::string& path);

/// Throws UsageError naming --max-depth if no entry has a count at depth 1..max_depth: such a run would
/// check nothing.
void require_counts_within(const std::vector<EpdEntry>& entries, int max_depth);

/// The bundled default suite: tests/data/perft.epd below the working directory if it is there, else
/// in the source tree the program was built from.
std::string default_suite_path();

}  // namespace movegen::harness
