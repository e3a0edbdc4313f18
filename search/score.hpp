// Scores of the fixed search (search/search.hpp), in centipawns from the side to move's view, and how mates are
// written among them: being checkmated `ply` plies from the root scores -MATE_SCORE + ply, so that a nearer mate
// scores higher for the winner.
//
//   score_text(35);                       // "cp 35"
//   score_text(MATE_SCORE - 3);           // "mate 2": the side to move mates with its second move
#pragma once

#include <string>

namespace movegen::search {

inline constexpr int MATE_SCORE = 32000;
/// Above every score: the window of the root.
inline constexpr int INFINITE_SCORE = MATE_SCORE + 1;
/// Stalemate.
inline constexpr int DRAW_SCORE = 0;
/// The deepest ply the search reaches; the quiescence search returns the evaluation there.
inline constexpr int MAX_PLY = 128;

/// The score of the side to move checkmated `ply` plies from the root.
constexpr int mated_score(int ply) { return -MATE_SCORE + ply; }
/// True if `score` says that one side mates.
constexpr bool is_mate_score(int score) { return score >= MATE_SCORE - MAX_PLY || score <= -MATE_SCORE + MAX_PLY; }
/// The moves to mate of a mate score: positive if the side to move mates, negative if it is mated (0: mated now).
constexpr int mate_in_moves(int score) { return score > 0 ? (MATE_SCORE - score + 1) / 2 : -(MATE_SCORE + score) / 2; }

/// A score as UCI writes it: "cp N" (centipawns), or "mate N" (moves to mate, negative if the side to move is
/// mated).
std::string score_text(int score);

}  // namespace movegen::search
