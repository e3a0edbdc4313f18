// Options that several subcommands share, declared once with their validators: depths, counts, seeds,
// timeouts. Numbers are read in decimal only: CLI11 on its own reads "" as 0, "0x5" as 5 and "010" as 8.
//
//   int depth = 3;
//   add_count_option(cmd, "--depth", depth, 1, MAX_DEPTH, "divide depth");   // "--depth 016" is refused as 16
#pragma once

#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdint>
#include <string>

#include "harness/cli/commands.hpp"
#include "harness/engines/command_template.hpp"

namespace movegen::harness {

/// A validator for an integer written in decimal digits (a '-' first for signed T) within min..max; it
/// rewrites the text without leading zeros, so that CLI11 converts exactly the number it checked.
template <class T>
CLI::Validator decimal_in(T min, T max);

/// Adds option `name` (or a positional, without dashes) for an integer in min..max, in decimal; a
/// transform, not a check, because CLI11 passes checks a copy of the text.
CLI::Option* add_count_option(CLI::App& app, const std::string& name, int& value, int min, int max,
                              const std::string& description);

/// Adds `--seed`, an unsigned 64-bit decimal number.
CLI::Option* add_seed_option(CLI::App& app, std::uint64_t& seed, const std::string& description);

/// Adds option `name` for a number of seconds: a decimal number ("2", "0.5") within
/// MIN_TIMEOUT_SECONDS..MAX_TIMEOUT_SECONDS.
CLI::Option* add_seconds_option(CLI::App& app, const std::string& name, double& seconds,
                                const std::string& description);

/// Adds `--timeout`, in seconds: a decimal number ("2", "0.5") within MIN_TIMEOUT_SECONDS..MAX_TIMEOUT_SECONDS.
CLI::Option* add_timeout_option(CLI::App& app, double& seconds, const std::string& description);

/// Adds `--chess960`: castling moves written as king takes own rook ("e1h1", as Stockfish writes them with
/// UCI_Chess960), and UCI engines told so; a FEN whose castling rights only Chess960 allows implies it.
CLI::Option* add_chess960_flag(CLI::App& app, bool& chess960);

/// Adds the options that say how outside engines are spoken to (docs/harness.md, "Connecting your engine"):
/// `--perft-command`, `--position-command`, `--strict`, `--shredder-fen`.
void add_engine_options(CLI::App& app, EngineOptions& options);

/// Adds `--allow-impossible-check`: a suite's positions with a check no legal last move could give are
/// counted instead of refused (for suites made with such positions; see AllowImpossibleCheck).
CLI::Option* add_allow_impossible_check_flag(CLI::App& app, bool& allow);

}  // namespace movegen::harness
