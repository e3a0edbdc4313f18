// What kind of move two generators disagree on, and why it is legal or not, told by our own generators:
// the plain mailbox decides legality, the mailbox masks name the checkers and the pinned pieces, and the
// reason is read off the board (a square in the way, the piece attacking a square the king crosses or
// is left on). Nothing is written per position: every sentence is derived.
//
//   MoveVerdict v = judge_move("r3k3/8/2N5/8/8/8/8/4K3 b q - 0 1", "e8c8");
//   v.kind == MoveKind::CASTLING;  *v.legal == false;
//   v.why == "e8c8 is not legal: it crosses d8, attacked by the knight on c6"
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "common/move.hpp"

namespace movegen::harness {

/// The kinds of move, tested in this order: a king's two-square castling step is castling before it is a
/// king move, a pinned piece's move is that before it is a check evasion, a check evasion before a double
/// push, a pawn move or a piece move. MAKE_MOVE and COUNT are kinds of divergence, not of move (a move
/// played wrongly, counts that contradict themselves); MOVE_TEXT is an engine's move text that names no
/// move (a SAN no piece makes); NO_PIECE a move from a square without a piece of the side to move (the
/// engine's board differs); OTHER a move in a position that cannot be read.
enum class MoveKind {
  CASTLING,
  EN_PASSANT,
  PROMOTION,
  KING_MOVE,
  PINNED_PIECE,
  CHECK_EVASION,
  DOUBLE_PUSH,
  PAWN_MOVE,
  PIECE_MOVE,
  MAKE_MOVE,
  COUNT,
  MOVE_TEXT,
  NO_PIECE,
  OTHER
};

/// The kind in words: "castling", "en passant", "promotion", "king move", "pinned piece", "check evasion",
/// "double push", "pawn move", "piece move", "make move", "count", "move text", "no piece to move", "other".
std::string_view kind_name(MoveKind kind);

/// The piece type in words: "pawn", "knight", "bishop", "rook", "queen", "king".
std::string_view piece_type_name(PieceType type);

/// What our generators say about one move of one position.
struct MoveVerdict {
  std::string move;                 // UCI text
  MoveKind kind = MoveKind::OTHER;  // a pawn's diagonal step onto an empty square counts as en passant
  std::optional<bool> legal;        // std::nullopt when the position or the move text cannot be read
  std::string why;                  // "legal: ..." or "MOVE is not legal: REASON"
  /// The rule `why` names, in words that do not depend on the position, for grouping: "legal en passant",
  /// "a double push off the starting rank", "castling through an attacked square", ...
  std::string rule;
  /// True if the move follows its piece's rule on this board (legal, or illegal only by the king it leaves
  /// attacked): read_move (harness/moves/san.hpp) turns a SAN that names no legal move into such a move.
  bool follows_piece_rule = false;
};

/// Classifies `move` (UCI text, or an engine's text that read_move could not turn into a move: then kind
/// MOVE_TEXT, legal false and the reason read_move gives) in the position `fen` and says why it is legal
/// or not. Never throws: a FEN that cannot be read gives kind OTHER, legal std::nullopt and a `why` saying so. Castling
/// may be written either way (e1g1 or e1h1); `notation` says which text our generators' moves are listed in.
MoveVerdict judge_move(const std::string& fen, const std::string& move, Notation notation = Notation::CLASSICAL);

}  // namespace movegen::harness
