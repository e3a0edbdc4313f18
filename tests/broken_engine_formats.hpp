// broken_engine's divide printed as console engines print theirs (`broken_engine --format F`): the formats the
// harness reads (harness/engines/divide_format.hpp), each as one real engine prints it.
#pragma once

#include <string>
#include <vector>

#include "common/move.hpp"
#include "harness/engines/divide_source.hpp"

namespace movegen::testing {

/// The names `--format` takes: perftree (the default), stockfish, long, san, numbered, vice, equals, table, junk.
const std::vector<std::string>& divide_format_names();

/// Prints divide `r` of `depth` of the position after `played` from `fen` (read in `notation`) on stdout in
/// `format`, one of divide_format_names().
void print_divide(const harness::DivideResult& r, int depth, const std::string& fen,
                  const std::vector<std::string>& played, Notation notation, const std::string& format);

}  // namespace movegen::testing
