// What `movegen fuzz` is asked: how many random games, from where, how they are played and what is checked.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "harness/engines/command_template.hpp"

namespace movegen::harness {

/// The options of a fuzz run (harness/debugging/fuzz.hpp plays it; `movegen fuzz` sets it from the command line).
struct FuzzOptions {
  int games = 100;
  int plies = 200;          // at most this many random moves a game
  std::uint64_t seed = 1;   // game g plays with std::mt19937_64(game_seed(seed, g))
  int first_game = 0;       // the number of the first game played: a replay plays one game of a run
  double time_seconds = 0;  // stop when this many seconds have passed (checked at every ply), 0: no limit
  std::string fen;          // games start here; empty: from `epd`, or the start position
  std::string epd;          // games start from this file's positions in turn (game g from position g % N);
                            // with `against` and neither given, the bundled suite
  int bias = 50;            // percent of plies that pick among captures, checks, castling, en passant,
                            // promotions and double pushes (when there are any), 0: uniform play
  int flip_depth = 2;       // perft depth compared between a position and its colour-flipped twin, 0: off
  int flip_every = 4;       // positions between two colour-flip checks
  std::string against;      // an extra generator spec checked at sampled positions, or empty
  int sample_every = 1;     // positions between two checks of `against` (--against-every)
  int against_depth = 2;    // divide depth for `against`
  double timeout_seconds = 60;
  EngineOptions engine;             // how `against` is spoken to, if it is an outside engine
  bool json = false;                // one JSON document on stdout instead of the report
  bool chess960 = false;            // games from random Chess960 start positions (unless fen or epd), 960 notation
  bool from_start = false;          // check every position of each game (--from): no random opening
  bool keep_going = false;          // go on past a mismatch, each cause (FuzzCause::cause) reported once (--keep-going)
  std::vector<std::string> ignore;  // causes set aside: their mismatches are counted, not reported (--ignore)
};

/// The most random plies a game plays before its first check (without --from): game g plays
/// std::mt19937_64(game_seed(seed, g))() % (OPENING_PLIES + 1) of them, so that games reach varied positions.
inline constexpr int OPENING_PLIES = 8;

}  // namespace movegen::harness
