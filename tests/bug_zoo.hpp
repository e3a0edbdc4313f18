// A zoo of bugs engine authors really make in move generation, each a few lines on top of the correct
// mailbox generator (tests/broken_generators.hpp), and their names as `broken_engine` takes them.
//
//   with_bug("ep-rank-pin", [&]<class Bug>() { ... BrokenPosition<Bug> ... });   // by name
#pragma once

#include <algorithm>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "tests/broken_generators.hpp"

namespace movegen::testing {

/// Castles through an attacked square: only the king's start and end squares are tested.
struct CastleThroughAttack {
  static void generate_legal(BrokenBase& pos, MoveList& list) {
    legal_moves_where(pos, list, [](Move m) { return m.flag() != CASTLING; });
    castling_where(pos, list, pos.castling_rights(),
                   [&](const CastlingRule& r) { return !attacked(pos, r.king_from) && !attacked(pos, r.king_to); });
  }
};

/// Castles out of check: the king's start square is not tested.
struct CastleOutOfCheck {
  static void generate_legal(BrokenBase& pos, MoveList& list) {
    legal_moves_where(pos, list, [](Move m) { return m.flag() != CASTLING; });
    castling_where(pos, list, pos.castling_rights(), [&](const CastlingRule& r) {
      return !attacked(pos, (r.king_from + r.king_to) / 2) && !attacked(pos, r.king_to);
    });
  }
};

/// Tests the squares the rook crosses instead of the king's: queen-side castling is refused when b1
/// (b8) is attacked, though the king never goes there.
struct CastleTestsRookPath {
  static void generate_legal(BrokenBase& pos, MoveList& list) {
    legal_moves_where(pos, list, [](Move m) { return m.flag() != CASTLING; });
    castling_where(pos, list, pos.castling_rights(), [&](const CastlingRule& r) {
      bool safe = !attacked(pos, r.king_from);
      for (int s = std::min(r.rook_from, r.rook_to); s <= std::max(r.rook_from, r.rook_to); ++s)
        safe &= s == r.rook_from || !attacked(pos, s);
      return safe;
    });
  }
};

/// Keeps a castling right when the rook is captured on its corner: make_move clears rights only for the
/// square a piece leaves. The engine then castles with a rook that is not there.
struct CastlingRightsSurviveCapture {
  static Ghost ghost_after(const BrokenBase& pos, Move m, Ghost g) {
    const CastlingRules& rules = pos.castling_rules();
    g.castling = (g.castling | (pos.castling_rights() & ~rules.rights_kept_after_touching(m.to()))) &
                 rules.rights_kept_after_touching(m.from());
    return g;
  }
  static void generate_legal(BrokenBase& pos, MoveList& list) {
    pos.MtuPosition<mailbox::Position>::generate_legal(list);
    castling_where(pos, list, pos.ghost().castling & ~pos.castling_rights(), [&](const CastlingRule& r) {
      return !attacked(pos, r.king_from) && !attacked(pos, (r.king_from + r.king_to) / 2) && !attacked(pos, r.king_to);
    });
  }
};

/// Tests en passant only for a pin of the capturing pawn: both pawns leaving the king's rank is missed.
struct EnPassantRankPin {
  static void generate_legal(BrokenBase& pos, MoveList& list) {
    const Square king = pos.king_square(pos.side_to_move());
    legal_moves_plus(pos, list, [&](Move m) {
      return m.flag() == EN_PASSANT && !pos.in_check() && rank_of(m.from()) == rank_of(king);
    });
  }
};

/// Skips the pin test for en passant, as if the pawn taken were all that changed: a capturing pawn
/// pinned on a diagonal leaves it.
struct EnPassantDiagonalPin {
  static void generate_legal(BrokenBase& pos, MoveList& list) {
    const Square king = pos.king_square(pos.side_to_move());
    legal_moves_plus(pos, list, [&](Move m) {
      return m.flag() == EN_PASSANT && !pos.in_check() &&
             std::abs(file_of(m.from()) - file_of(king)) == std::abs(rank_of(m.from()) - rank_of(king));
    });
  }
};

/// Never clears the en passant square: only the next double push replaces it, so a pawn that passed
/// long ago can still be taken en passant.
struct EnPassantSquareNeverCleared {
  static Ghost ghost_after(const BrokenBase& pos, Move m, Ghost g) {
    if (m.flag() == DOUBLE_PUSH)
      g.ep = SQ_NONE;  // the correct position holds the new square
    else if (pos.ep_square() != SQ_NONE)
      g.ep = pos.ep_square();  // kept where the correct make_move clears it
    return g;
  }
  static void generate_legal(BrokenBase& pos, MoveList& list) {
    pos.MtuPosition<mailbox::Position>::generate_legal(list);
    const Color us = pos.side_to_move();
    const Square ep = pos.ghost().ep;
    if (ep == SQ_NONE || relative_rank(us, ep) != RANK_6 || pos.piece_on(ep) != NO_PIECE ||
        pos.piece_on(ep - pawn_push(us)) != make_piece(~us, PAWN))
      return;
    for (Step s : pawn_attack_steps(us)) {
      const int row = rank_of(ep) - s.row, col = file_of(ep) - s.col;
      if (!on_board(row, col) || pos.piece_on(square_at(row, col)) != make_piece(us, PAWN)) continue;
      const Move m(square_at(row, col), ep, EN_PASSANT);
      if (pos.king_safe_after(m)) list.push_back(m);
    }
  }
};

/// Forgets promotions that capture: only pushes promote.
struct NoPromotionCaptures {
  static void generate_legal(BrokenBase& pos, MoveList& list) {
    legal_moves_where(pos, list, [&](Move m) { return !m.is_promotion() || pos.piece_on(m.to()) == NO_PIECE; });
  }
};

/// Promotes to a queen only.
struct QueenPromotionsOnly {
  static void generate_legal(BrokenBase& pos, MoveList& list) {
    legal_moves_where(pos, list, [](Move m) { return !m.is_promotion() || m.promotion_type() == QUEEN; });
  }
};

/// Tests only the target square of a double push: the pawn jumps over a piece in front of it.
struct DoublePushThroughPiece {
  static void generate_legal(BrokenBase& pos, MoveList& list) {
    pos.MtuPosition<mailbox::Position>::generate_legal(list);
    const Color us = pos.side_to_move();
    for (Square from = SQ_A1; from <= SQ_H8; ++from) {
      if (pos.piece_on(from) != make_piece(us, PAWN) || relative_rank(us, from) != RANK_2) continue;
      const Square over = from + pawn_push(us), to = over + pawn_push(us);
      const Move m(from, to, DOUBLE_PUSH);
      if (pos.piece_on(over) != NO_PIECE && pos.piece_on(to) == NO_PIECE && pos.king_safe_after(m)) list.push_back(m);
    }
  }
};

/// Finds pawn captures by adding 7 and 9 to the square (white; black subtracts) with no file test: a
/// pawn on the a-file also "captures" onto the h-file, and one on the h-file onto the a-file.
struct PawnCapturesWrap {
  static void generate_legal(BrokenBase& pos, MoveList& list) {
    pos.MtuPosition<mailbox::Position>::generate_legal(list);
    const Color us = pos.side_to_move();
    for (Square from = SQ_A1; from <= SQ_H8; ++from) {
      if (pos.piece_on(from) != make_piece(us, PAWN)) continue;
      const int sign = us == WHITE ? 1 : -1;
      for (int offset : {7, 9}) {
        const int to = from + sign * offset;
        const bool wraps = std::abs(file_of(from) - (to & 7)) == 7;
        if (!wraps || to < 0 || to > 63) continue;
        const Piece target = pos.piece_on(Square(to));
        if (target == NO_PIECE || color_of(target) == us || type_of(target) == KING) continue;
        const bool promotes = relative_rank(us, Square(to)) == RANK_8;
        for (PieceType pt : {QUEEN, ROOK, BISHOP, KNIGHT}) {
          const Move m(from, Square(to), promotes ? promotion_flag(pt) : NORMAL);
          if (pos.king_safe_after(m)) list.push_back(m);
          if (!promotes) break;
        }
      }
    }
  }
};

/// Tests the king's target square with the king still on the board: stepping back along a checking
/// slider's ray looks safe, because the king itself blocks the ray.
struct KingStepsAlongCheckRay {
  static void generate_legal(BrokenBase& pos, MoveList& list) {
    legal_moves_plus(pos, list, [&](Move m) {
      return m.from() == pos.king_square(pos.side_to_move()) && m.flag() == NORMAL && !attacked(pos, m.to());
    });
  }
};

/// A make-move bug: a knight's quiet move one file right and two ranks up (g1h3, b1c3) lands one file
/// left instead (f3, a3) when that square is empty; the moves are generated right on the board it keeps.
struct KnightLandsMirrored {
  static void generate_legal(BrokenBase& pos, MoveList& list) {
    pos.MtuPosition<mailbox::Position>::generate_legal(list);
  }
  static Move played(const BrokenBase& pos, Move m) {
    const Square from = m.from(), to = m.to();
    if (type_of(pos.piece_on(from)) != KNIGHT || pos.piece_on(to) != NO_PIECE) return m;
    if (file_of(to) != file_of(from) + 1 || rank_of(to) != rank_of(from) + 2 || file_of(from) == FILE_A) return m;
    const Square mirrored = make_square(File(file_of(from) - 1), rank_of(to));
    return pos.piece_on(mirrored) == NO_PIECE ? Move(from, mirrored) : m;
  }
};

/// Double-pushes a pawn from any rank short of the last two, both squares ahead empty, as one real engine did.
struct DoublePushFromAnyRank {
  static void generate_legal(BrokenBase& pos, MoveList& list) {
    pos.MtuPosition<mailbox::Position>::generate_legal(list);
    const Color us = pos.side_to_move();
    const int forward = us == WHITE ? NORTH : SOUTH;
    for (Square s = SQ_A1; s <= SQ_H8; ++s) {
      const Rank rank = relative_rank(us, s);
      if (pos.piece_on(s) != make_piece(us, PAWN) || rank == RANK_2 || rank >= RANK_6) continue;
      const Square over = Square(s + forward), to = Square(s + 2 * forward);
      if (pos.piece_on(over) != NO_PIECE || pos.piece_on(to) != NO_PIECE) continue;
      if (pos.king_safe_after(Move(s, to))) list.push_back(Move(s, to));
    }
  }
};

/// The names of the zoo's bugs, as broken_engine takes them.
inline const std::vector<std::string>& bug_names() {
  static const std::vector<std::string> names{"en-passant",
                                              "pin",
                                              "castle-through-check",
                                              "castle-out-of-check",
                                              "castle-rook-path",
                                              "castle-rights-capture",
                                              "ep-rank-pin",
                                              "ep-diagonal-pin",
                                              "ep-stale",
                                              "promo-capture",
                                              "underpromotion",
                                              "double-push-jump",
                                              "pawn-wrap",
                                              "king-ray",
                                              "knight-lands-mirrored",
                                              "double-push-any-rank"};
  return names;
}

/// Calls f.template operator()<Bug>() for the bug named `name` (one of bug_names()) and returns what it
/// returns; throws std::invalid_argument for an unknown name.
template <class F>
auto with_bug(std::string_view name, F&& f) {
  if (name == "en-passant") return f.template operator()<DropEnPassant>();
  if (name == "pin") return f.template operator()<PinnedMayMove>();
  if (name == "castle-through-check") return f.template operator()<CastleThroughAttack>();
  if (name == "castle-out-of-check") return f.template operator()<CastleOutOfCheck>();
  if (name == "castle-rook-path") return f.template operator()<CastleTestsRookPath>();
  if (name == "castle-rights-capture") return f.template operator()<CastlingRightsSurviveCapture>();
  if (name == "ep-rank-pin") return f.template operator()<EnPassantRankPin>();
  if (name == "ep-diagonal-pin") return f.template operator()<EnPassantDiagonalPin>();
  if (name == "ep-stale") return f.template operator()<EnPassantSquareNeverCleared>();
  if (name == "promo-capture") return f.template operator()<NoPromotionCaptures>();
  if (name == "underpromotion") return f.template operator()<QueenPromotionsOnly>();
  if (name == "double-push-jump") return f.template operator()<DoublePushThroughPiece>();
  if (name == "pawn-wrap") return f.template operator()<PawnCapturesWrap>();
  if (name == "king-ray") return f.template operator()<KingStepsAlongCheckRay>();
  if (name == "knight-lands-mirrored") return f.template operator()<KnightLandsMirrored>();
  if (name == "double-push-any-rank") return f.template operator()<DoublePushFromAnyRank>();
  throw std::invalid_argument("unknown bug '" + std::string(name) + "'");
}

}  // namespace movegen::testing
