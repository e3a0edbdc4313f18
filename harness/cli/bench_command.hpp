// `movegen bench` (bench_command.cpp): the fixed search of a list of positions by every generator, checked for
// agreement and timed (docs/search.md).
//
//   Subcommand bench = add_bench_command(app);
//   // movegen bench [--generators G,...] [--depth D] [--hash MB] [--fen F | --epd FILE] [--json]
#pragma once

#include "harness/cli/cli.hpp"

namespace movegen::harness {

/// Adds `movegen bench` to `app`: exit 0 if every generator searched the same tree on every position, 1 naming
/// the first position and generator that differ, 2 for bad input.
Subcommand add_bench_command(CLI::App& app);

}  // namespace movegen::harness
