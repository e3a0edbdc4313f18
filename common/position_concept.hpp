// The interface every generator offers, as one C++20 concept, so that perft, divide, the harness and the
// tests are written once for all four.
//
//   template <ChessPosition P> void show(P& pos) { MoveList l; pos.generate_legal(l); ... }
//   static_assert(ChessPosition<mailbox::Position> && ChessPosition<bitboard::Position>);
#pragma once

#include <concepts>
#include <string>
#include <string_view>

#include "common/fen.hpp"
#include "common/move.hpp"
#include "common/types.hpp"
#include "common/zobrist.hpp"

namespace movegen {

/// A chess position that can load and write FEN, generate its legal moves and make and unmake them.
/// make_move takes a legal move of the position; unmake_move takes the last move made and restores
/// every field exactly (board, side, castling rights, en passant square, clocks).
template <class P>
concept ChessPosition = requires(P pos, const P cpos, Move m, MoveList& list, Square sq, Color c) {
  { P::from_fen(std::string_view{}) } -> std::same_as<P>;  // throws FenError
  { cpos.fen() } -> std::same_as<std::string>;
  { cpos.state() } -> std::same_as<BoardState>;
  { cpos.piece_on(sq) } -> std::same_as<Piece>;
  { cpos.side_to_move() } -> std::same_as<Color>;
  { cpos.castling_rights() } -> std::same_as<CastlingRights>;
  { cpos.ep_square() } -> std::same_as<Square>;
  { cpos.key() } -> std::same_as<Key>;  // the Polyglot Zobrist key, common/zobrist.hpp
  { cpos.king_square(c) } -> std::same_as<Square>;
  { cpos.is_square_attacked(sq, c) } -> std::same_as<bool>;
  { cpos.checkers() } -> std::same_as<Bitboard>;
  { cpos.check_position() } -> std::same_as<std::string>;
  { pos.generate_legal(list) } -> std::same_as<void>;
  { pos.make_move(m) } -> std::same_as<void>;
  { pos.unmake_move(m) } -> std::same_as<void>;
};

/// The first rule of the game `pos` breaks, as "<FEN field>: <problem>", or an empty string: the rules
/// of check_board_state, and the side not to move may not be in check; and a key kept by make and unmake
/// that differs from the key computed from scratch. Every generator's check_position()
/// calls this after checking its own representation.
template <class P>
std::string check_game_rules(const P& pos) {
  if (std::optional<BoardProblem> p = check_board_state(pos.state())) return p->field + ": " + p->problem;
  const Color moved = ~pos.side_to_move();
  if (pos.is_square_attacked(pos.king_square(moved), ~moved))
    return std::string("side to move: the ") + (moved == WHITE ? "white" : "black") + " king is in check with " +
           (moved == WHITE ? "black" : "white") + " to move";
  if (pos.key() != zobrist_key(pos.state())) return "key: the Zobrist key is out of date";
  return {};
}

/// Stops the program with `problem` and the FEN on stderr if `problem` is not empty: the invariant
/// check every generator runs after every make and unmake in checked builds (MOVEGEN_CHECK_INVARIANTS).
void require_consistent(const std::string& problem, const std::string& fen);

}  // namespace movegen
