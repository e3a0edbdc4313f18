#include "tuned/bitboard/sibling_count.hpp"

#include <optional>

#include "tuned/bitboard/movegen.hpp"
#include "tuned/bitboard/slider_rays.hpp"

namespace movegen::bitboard_tuned {

namespace {

// One slider's attack set along one kind of line, with the occupancy of the leaf parent: a queen has two,
// one along the diagonals and one along the ranks and files.
struct SliderAttacks {
  Square square;
  bool diagonal;
  Bitboard attacks;
};

// The attack sets of colour C's sliders with `occupied` as the occupancy, into `out` (room for 32: 15
// pieces besides the king, queens counted twice); returns how many.
template <Color C>
int slider_attacks_of(const PieceSets& pos, Bitboard occupied, SliderAttacks* out) {
  int n = 0;
  for (Bitboard b = pos.pieces(C, BISHOP, QUEEN); b;) {
    const Square s = pop_lsb(b);
    out[n++] = {s, true, attacks_bb<BISHOP>(s, occupied)};
  }
  for (Bitboard b = pos.pieces(C, ROOK, QUEEN); b;) {
    const Square s = pop_lsb(b);
    out[n++] = {s, false, attacks_bb<ROOK>(s, occupied)};
  }
  return n;
}

// The attacks of slider `s` standing on `square` with `occupied` as the occupancy.
inline Bitboard attacks_from(const SliderAttacks& s, Square square, Bitboard occupied) {
  return s.diagonal ? attacks_bb<BISHOP>(square, occupied) : attacks_bb<ROOK>(square, occupied);
}

// The squares the pieces of A attack with B's king taken off the board (so that the king cannot step back
// along a slider's ray), kept per piece kind so that the attacks after one quiet move of A are found from
// those of the leaf parent: the moved piece's kind again, and the sliders whose attack set holds from or to.
template <Color A>
class Danger {
 public:
  Danger(const PieceSets& pos, Square their_king) : pos_(pos), king_(their_king) {
    knight_attacks_ = knight_attacks(pos.pieces(A, KNIGHT));
    slider_count_ = slider_attacks_of<A>(pos, pos.pieces() ^ square_bb(their_king), sliders_);
    for (int i = 0; i < slider_count_; ++i) slider_union_ |= sliders_[i].attacks;
  }

  // The squares B's king may not enter after quiet move `m` of a `type` piece; `occupied` is the occupancy after m.
  Bitboard after(Move m, PieceType type, Bitboard occupied) const {
    const Square from = m.from(), to = m.to();
    const Bitboard from_to = square_bb(from) | square_bb(to);
    Bitboard pawns = pos_.pieces(A, PAWN), knights = knight_attacks_;
    Square king = pos_.king_square(A);
    if (type == PAWN)
      pawns ^= from_to;
    else if (type == KNIGHT)
      knights = knight_attacks(pos_.pieces(A, KNIGHT) ^ from_to);
    else if (type == KING)
      king = to;
    Bitboard danger = pawn_attacks_bb<A>(pawns) | knights | attacks_bb<KING>(king);
    // A piece other than a slider moved, and no slider sees from or to: every slider attacks as before.
    if ((type < BISHOP || type > QUEEN) && !(slider_union_ & from_to)) return danger | slider_union_;
    occupied ^= square_bb(king_);
    for (int i = 0; i < slider_count_; ++i) {
      const SliderAttacks& s = sliders_[i];
      if (s.square == from)
        danger |= attacks_from(s, to, occupied);
      else if (s.attacks & from_to)
        danger |= attacks_from(s, s.square, occupied);
      else
        danger |= s.attacks;
    }
    return danger;
  }

 private:
  static Bitboard knight_attacks(Bitboard knights) {
    Bitboard attacked = 0;
    while (knights) attacked |= attacks_bb<KNIGHT>(pop_lsb(knights));
    return attacked;
  }

  const PieceSets& pos_;
  Square king_;  // B's
  Bitboard knight_attacks_;
  Bitboard slider_union_ = 0;
  int slider_count_;
  SliderAttacks sliders_[32];
};

// True if, after quiet move m of A (a `type` piece) with `occupied` the occupancy after it, no slider of A
// gives check to B's king and B's pinned pieces are `pinned`, the leaf parent's: the test for a move whose
// from or to is on the king's lines (knights' and pawns' checks are tested apart).
template <Color A>
bool same_pins(const PieceSets& pos, Move m, PieceType type, Square king, Bitboard pinned, Bitboard occupied) {
  const Bitboard from_to = square_bb(m.from()) | square_bb(m.to());
  Bitboard diagonal = pos.pieces(A, BISHOP, QUEEN), straight = pos.pieces(A, ROOK, QUEEN);
  if (type == BISHOP || type == QUEEN) diagonal ^= from_to;
  if (type == ROOK || type == QUEEN) straight ^= from_to;
  const Bitboard ours = pos.pieces(A) ^ from_to, theirs = pos.pieces(~A);
  // A's sliders that would see the king if B's pieces were not there, as check_and_pin_masks finds them.
  Bitboard snipers = (attacks_bb<BISHOP>(king, ours) & diagonal) | (attacks_bb<ROOK>(king, ours) & straight);
  Bitboard pinned_after = 0;
  while (snipers) {
    const Bitboard blockers = between_bb(king, pop_lsb(snipers)) & occupied;
    if (!blockers) return false;  // check
    if (!more_than_one(blockers)) pinned_after |= blockers;
  }
  return ((pinned_after ^ pinned) & theirs) == 0;
}

// B's en passant captures after double push m of A, with `occupied` the occupancy after it and B not in
// check: as add_en_passant (movegen.cpp) tests them, each is legal if no slider of A sees B's king once both
// pawns are gone from their squares, which covers a pin of the capturer and the rank pin through both pawns.
template <Color A>
int en_passant_count(const PieceSets& pos, Move m, Square king, Bitboard occupied) {
  const Square to = m.from() + pawn_push(A);
  const Bitboard diagonal = pos.pieces(A, BISHOP, QUEEN), straight = pos.pieces(A, ROOK, QUEEN);
  int count = 0;
  for (Bitboard b = pawn_attacks_bb(A, to) & pos.pieces(~A, PAWN); b;) {
    const Bitboard after = occupied ^ square_bb(pop_lsb(b)) ^ square_bb(m.to()) ^ square_bb(to);
    count += !sliders_see(king, after, diagonal, straight);
  }
  return count;
}

// count_legal_after_each with A, the side to move at the leaf parent, known at compile time; B replies.
template <Color A>
std::uint64_t count_after_each(const PieceSets& pos, const Piece* board, const MoveList& moves) {
  constexpr Color B = ~A;
  const Square king = pos.king_square(B);
  const Bitboard occupied = pos.pieces(), ours = pos.pieces(A), theirs = pos.pieces(B);
  const CheckAndPinMasks masks = check_and_pin_masks(pos, B);

  // A's moves counted in full: those that may give check or change B's pins (from or to on the king's
  // lines, a knight or pawn landing where it checks). And the squares B's pawns attack: a double push that
  // crosses one of them may be taken en passant.
  const Bitboard lines = rays_bb<QUEEN>(king);
  const Bitboard knight_checks = attacks_bb<KNIGHT>(king), pawn_checks = pawn_attacks_bb(B, king);
  const Bitboard en_passant_targets = pawn_attacks_bb<B>(pos.pieces(B, PAWN));

  // What stays the same for every quiet move counted here: the knights' moves and the sliders' attack sets.
  int shared = 0;
  for (Bitboard b = pos.pieces(B, KNIGHT) & ~masks.pinned; b;)
    shared += popcount(attacks_bb<KNIGHT>(pop_lsb(b)) & ~theirs);
  SliderAttacks sliders[32];
  Bitboard targets[32];
  int counts[32];
  const int slider_count = slider_attacks_of<B>(pos, occupied, sliders);
  Bitboard seen = 0;
  for (int i = 0; i < slider_count; ++i) {
    const Square s = sliders[i].square;
    targets[i] = masks.pinned & square_bb(s) ? ~theirs & line_bb(king, s) : ~theirs;
    counts[i] = popcount(sliders[i].attacks & targets[i]);
    shared += counts[i];
    seen |= sliders[i].attacks;
  }
  const Bitboard pawns = pos.pieces(B, PAWN), free_pawns = pawns & ~masks.pinned, pinned_pawns = pawns & masks.pinned;
  const Bitboard king_steps = attacks_bb<KING>(king) & ~theirs;
  constexpr int first_rule = B == WHITE ? 0 : 2;  // the castling rules of K, Q, k, q
  const CastlingRights rights = pos.castling_rights();

  std::uint64_t nodes = 0;
  std::optional<Danger<A>> danger_before;  // found for the first move after which B's king may move
  for (Move m : moves) {
    const Square from = m.from(), to = m.to();
    const Piece moved = board[from];
    const PieceType type = type_of(moved);
    const Bitboard from_to = square_bb(from) | square_bb(to);
    const Bitboard occupied_after = occupied ^ from_to;
    if (m.flag() > DOUBLE_PUSH || board[to] != NO_PIECE || masks.checkers ||
        (type == KNIGHT && (knight_checks & square_bb(to))) || (type == PAWN && (pawn_checks & square_bb(to))) ||
        ((from_to & lines) && !same_pins<A>(pos, m, type, king, masks.pinned, occupied_after))) {
      nodes += count_legal_after(pos, m, moved, board[to]);
      continue;
    }
    int count = shared;
    if (seen & from_to)
      for (int i = 0; i < slider_count; ++i)
        if (sliders[i].attacks & from_to)
          count += popcount(attacks_from(sliders[i], sliders[i].square, occupied_after) & targets[i]) - counts[i];

    MoveCounter pawn_moves;
    add_pawn_moves<B>(free_pawns, ~occupied_after, ours ^ from_to, ALL_SQUARES, pawn_moves);
    for (Bitboard b = pinned_pawns; b;) {
      const Square s = pop_lsb(b);
      add_pawn_moves<B>(square_bb(s), ~occupied_after, ours ^ from_to, line_bb(king, s), pawn_moves);
    }
    count += static_cast<int>(pawn_moves.count);
    if (m.flag() == DOUBLE_PUSH && (en_passant_targets & square_bb(from + pawn_push(A))))
      count += en_passant_count<A>(pos, m, king, occupied_after);

    // The king: its steps to free squares and castling with a free path, both only where A does not attack.
    bool may_castle = false;
    for (int i = first_rule; i < first_rule + 2; ++i) {
      const CastlingRule& rule = pos.castling_rules().rule(i);
      may_castle |= (rights & rule.right) && !(rule.path & occupied_after);
    }
    if (king_steps || may_castle) {
      if (!danger_before) danger_before.emplace(pos, king);
      const Bitboard danger = danger_before->after(m, type, occupied_after);
      count += popcount(king_steps & ~danger);
      for (int i = first_rule; i < first_rule + 2 && may_castle; ++i) {
        const CastlingRule& rule = pos.castling_rules().rule(i);
        const Bitboard their_straight = pos.pieces(A, ROOK, QUEEN) ^ (type == ROOK || type == QUEEN ? from_to : 0);
        count += (rights & rule.right) && castling_is_legal(rule, occupied_after, danger, their_straight);
      }
    }
    nodes += static_cast<std::uint64_t>(count);
  }
  return nodes;
}

}  // namespace

std::uint64_t count_legal_after_each(const PieceSets& pos, const Piece* board, const MoveList& moves) {
  return pos.side_to_move() == WHITE ? count_after_each<WHITE>(pos, board, moves)
                                     : count_after_each<BLACK>(pos, board, moves);
}

}  // namespace movegen::bitboard_tuned
