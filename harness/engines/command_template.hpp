// The commands an outside engine is sent, written as templates with {depth}, {fen} and {moves} in them, so
// that the harness speaks each engine's own language (docs/harness.md, "Connecting your engine").
//
//   expand_command("perftsplit {depth}", q)                         // "perftsplit 3"
//   expand_command("position fen {fen} moves {moves}", q)           // "position fen F moves e2e4 e7e5"
//   expand_command("setboard {fen}", q)                              // "setboard F2": the FEN reached
//   expand_argv({"./perft", "{fen}", "{depth}"}, q)                  // {"./perft", "F2", "3"}
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "harness/generators/setup.hpp"
#include "mailbox/movegen.hpp"

namespace movegen::harness {

/// How to talk to an outside engine, beyond its command: the commands it takes, how strictly its replies
/// are read, how its FENs are written. One set serves every outside engine of a run.
struct EngineOptions {
  /// The divide command of a UCI or console engine; {depth} is the depth.
  std::string perft_command = "go perft {depth}";
  /// Its position command: {fen} and {moves} (UCI, space-separated); without {moves}, {fen} is the FEN
  /// of the position reached, which the harness computes. " moves {moves}" is left out when none are played.
  std::string position_command = "position fen {fen} moves {moves}";
  /// Its command that lists its captures stage (every legal move that takes a piece, en passant included) of the
  /// position last set, sent after the position command and read up to the `readyok` of an `isready` sent after
  /// it: UCI move texts, separated by blanks, commas or lines. Empty (the default): the engine cannot list them.
  std::string captures_command;
  /// Chess960 castling rights written as the rooks' files (Shredder-FEN `HAha`) in every FEN sent, not X-FEN.
  bool shredder_fen = false;
  /// A reply's line that is no divide line is refused (DivideFormatError), not set aside.
  bool strict = false;
};

/// One query for a template: the divide `depth` deep of the position reached from `fen` by the UCI `moves`.
struct CommandQuery {
  const std::string& fen;
  const std::vector<std::string>& moves;
  int depth;
  Notation notation = Notation::CLASSICAL;
  bool shredder_fen = false;
};

/// `fen` with its castling field written as the rooks' files, capitals for white (`HAha`, `BGbg`): the
/// Shredder-FEN form some Chess960 engines alone read. Throws FenError for a bad FEN.
std::string shredder_fen(const std::string& fen);

/// True if `pattern` sends the moves played ({moves}); false if it sends only the FEN reached, which the harness
/// computes.
inline bool sends_moves(std::string_view pattern) { return pattern.find("{moves}") != std::string_view::npos; }

/// `pattern` with {depth}, {fen} and {moves} replaced for `q` (see EngineOptions::position_command).
/// Throws what position_after throws when {fen} must be computed from moves our board cannot play.
std::string expand_command(std::string_view pattern, const CommandQuery& q);

/// Each word of `words` expanded as expand_command does, one argument each however many blanks it then
/// holds; a word that is exactly {moves} is left out when no moves are played.
std::vector<std::string> expand_argv(const std::vector<std::string>& words, const CommandQuery& q);

}  // namespace movegen::harness
