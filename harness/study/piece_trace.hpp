// One piece's moves as each representation finds them, for the study view (`movegen lab`): the mailbox's
// (row, column) steps and its on_board test, the 0x88 board's index offsets and its `sq & 0x88` test, the
// bitboard's set operations; then the moves each representation's own per-piece function generates, and
// each generator's legal moves from the square.
//
//   nlohmann::json j = piece_study(START_FEN, SQ_E2);
//   j["traces"][0]["lines"][0]["text"];   // "single push: step (+1, +0) to (2, 4) e3: empty -> move"
#pragma once

#include <nlohmann/json.hpp>
#include <string_view>

#include "common/types.hpp"
#include "common/uci.hpp"

namespace movegen::harness {

/// The study of the piece on `from` in `fen`: {"square", "piece", "traces": one per representation of the
/// generator list, each {"representation", "title", "lines": [{"text", "squares": [names], "set"}],
/// "targets": [names the lines find], "pseudo_legal": [UCI texts of that representation's
/// generate_piece_moves and castling]}, "generators": [{"generator", "legal": [UCI texts]}]}. Throws
/// FenError for a bad FEN and UsageError naming `square` if no piece of the side to move stands there.
nlohmann::json piece_study(std::string_view fen, Square from, Notation notation = Notation::CLASSICAL);

}  // namespace movegen::harness
