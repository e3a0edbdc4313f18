// What `movegen show` lays out, as data: the bitboard's sets, each representation's own board, and the
// whole report as one JSON document (`show --json`), which the study view (`movegen lab`) serves as it is.
//
//   nlohmann::json doc = show_json({.fen = std::string(START_FEN)});
//   doc["generators"][0]["moves"].size();   // 20
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "common/fen.hpp"
#include "common/uci.hpp"
#include "harness/study/show_options.hpp"

namespace movegen::harness {

/// One named set of squares (a1 = 0 .. h8 = 63) that a generator works with.
struct Grid {
  std::string title;
  Bitboard squares;
};

/// The sets the bitboard generator works with, from its own helpers and legality masks: occupancy (all,
/// white, black), the side to move's pawn pushes, double pushes and pawn attacks, checkers, pinned, and
/// the squares its king may not enter.
std::vector<Grid> bitboard_grids(const BoardState& s);
/// The same sets found square by square with the mailbox's outward-looking attack test: an independent
/// view of the same rules, to check the bitboard's against.
std::vector<Grid> mailbox_grids(const BoardState& s);

/// Each representation's own board, one entry per representation of the generator list, in its order:
/// {"representation", "title", "note"} and either "cells" (rows of {"index", "label", "text", "off"},
/// the top rank first: the mailbox's 64 letters, the 0x88 board's 128 entries with the off-board half
/// marked) with "text" (the board string, where there is one), or "grids" (the bitboard's sets, each
/// {"title", "squares": [names], "hex"}). docs/json.md lists the fields.
nlohmann::json representation_views(const BoardState& s);

/// Every generator's legal moves (its divide at depth 1, sorted), with `against` that generator's last; and each
/// of our generators' two stages (common/staged_generation.hpp), sorted, in the order of `names`.
struct MoveLists {
  std::vector<std::string> names;
  std::vector<std::vector<std::string>> lists;
  bool theirs = false;  // the last list is the outside generator's
  std::vector<std::vector<std::string>> captures, quiets;  // ours only: no outside engine prints its stages
};
/// The move lists of `options.fen` in `notation`. Throws what the generators' from_fen throw, or the outside
/// engine's ExternalError, before anything is printed.
MoveLists move_lists(const ShowOptions& options, Notation notation);

/// The mark of `move` in the side-by-side lists: "" when every list has it once; with an outside engine (the
/// last list, `theirs`) "only ours" when each of our lists has it once and the engine has not, "only theirs"
/// for the converse; "differs" for anything else (our generators disagree, or a list has it twice).
std::string mark_of(const std::string& move, const std::vector<std::vector<std::string>>& lists, bool theirs);

/// Every move of the first `count` lists, sorted, each once.
std::vector<std::string> distinct_moves(const std::vector<std::vector<std::string>>& lists, std::size_t count);

/// The stage every one of our generators puts `move` in: "captures" or "quiets"; "" when one of them has it in
/// neither, in both, or in another stage than the others.
std::string stage_of(const std::string& move, const MoveLists& lists);

/// What is wrong with our generators' stages, one sentence each, empty when each generator's captures and quiet
/// moves are its legal moves, each once, and every generator puts each move in the same stage.
std::vector<std::string> stage_problems(const MoveLists& lists);

/// The document `show --json` prints: the position, every generator's legal moves and stages with each
/// move's mark and stage, the bitboard's grids and whether the mailbox finds the same, and representation_views. Throws
/// FenError, UsageError or ExternalError (with `against`).
nlohmann::json show_json(const ShowOptions& options);

}  // namespace movegen::harness
