#include "harness/study/show_view.hpp"

#include <algorithm>
#include <functional>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "bitboard/attacks.hpp"
#include "bitboard/legal_masks.hpp"
#include "harness/engines/divide_source.hpp"
#include "harness/generators/generators.hpp"
#include "harness/generators/setup.hpp"
#include "harness/usage/usage_error.hpp"
#include "mailbox/attacks.hpp"

namespace movegen::harness {

// The sets the bitboard generator works with, from its own helpers and legality masks.
std::vector<Grid> bitboard_grids(const BoardState& s) {
  using namespace bitboard;
  const Position pos = Position::from_fen(to_fen(s));
  const Color us = pos.side_to_move();
  const Bitboard empty = ~pos.pieces(), pawns = pos.pieces(us, PAWN);
  const Direction up = pawn_push(us);
  const Bitboard pushes = (up == NORTH ? shift<NORTH>(pawns) : shift<SOUTH>(pawns)) & empty;
  const Bitboard from_third_rank = pushes & rank_bb(relative_rank(us, RANK_3));
  const Bitboard double_pushes = (up == NORTH ? shift<NORTH>(from_third_rank) : shift<SOUTH>(from_third_rank)) & empty;
  const Bitboard attacks = us == WHITE ? pawn_attacks_bb<WHITE>(pawns) : pawn_attacks_bb<BLACK>(pawns);
  const CheckAndPinMasks masks = check_and_pin_masks(pos);
  Bitboard danger = 0;  // attacked squares with our king lifted, so that sliders see through it
  for (Square sq = SQ_A1; sq <= SQ_H8; ++sq)
    if (is_square_attacked_without(pos, sq, ~us, pos.pieces(us, KING))) danger |= square_bb(sq);
  const std::string side = us == WHITE ? "white" : "black";
  return {{"occupied", pos.pieces()},
          {"white pieces", pos.pieces(WHITE)},
          {"black pieces", pos.pieces(BLACK)},
          {side + " pawn pushes", pushes},
          {side + " double pushes", double_pushes},
          {side + " pawn attacks", attacks},
          {"checkers", masks.checkers},
          {"pinned", masks.pinned},
          {"king danger", danger}};
}

// The same sets found square by square with the mailbox's outward-looking attack test: an independent
// view of the same rules, to check the bitboard's against.
std::vector<Grid> mailbox_grids(const BoardState& s) {
  mailbox::Board board;
  for (Square sq = SQ_A1; sq <= SQ_H8; ++sq) board[sq] = s.board[sq] == NO_PIECE ? '-' : piece_to_char(s.board[sq]);
  const Color us = s.side_to_move, them = ~us;
  Bitboard ours = 0, theirs = 0, pushes = 0, double_pushes = 0, pawn_attacks = 0;
  Square king = SQ_NONE, their_king = SQ_NONE;
  for (Square sq = SQ_A1; sq <= SQ_H8; ++sq) {
    const Piece p = s.board[sq];
    if (p == NO_PIECE) continue;
    (color_of(p) == us ? ours : theirs) |= square_bb(sq);
    if (p == make_piece(us, KING)) king = sq;
    if (p == make_piece(them, KING)) their_king = sq;
    if (p != make_piece(us, PAWN)) continue;
    const Square up = sq + pawn_push(us);
    if (s.board[up] == NO_PIECE) {
      pushes |= square_bb(up);
      const Square up2 = up + pawn_push(us);
      if (relative_rank(us, sq) == RANK_2 && s.board[up2] == NO_PIECE) double_pushes |= square_bb(up2);
    }
    if (file_of(sq) > FILE_A) pawn_attacks |= square_bb(up + WEST);
    if (file_of(sq) < FILE_H) pawn_attacks |= square_bb(up + EAST);
  }
  const Bitboard checkers = mailbox::attackers_to(board, king, them, their_king);
  Bitboard pinned = 0;  // our pieces whose removal lets an enemy slider see our king
  for (Square sq = SQ_A1; sq <= SQ_H8; ++sq) {
    if (!(ours & square_bb(sq)) || sq == king) continue;
    const char saved = std::exchange(board[sq], '-');
    if (mailbox::attackers_to(board, king, them, their_king) & ~checkers) pinned |= square_bb(sq);
    board[sq] = saved;
  }
  Bitboard danger = 0;  // attacked squares with our king taken off, so that sliders see through it
  board[king] = '-';
  for (Square sq = SQ_A1; sq <= SQ_H8; ++sq)
    if (mailbox::is_square_attacked(board, sq, them, their_king)) danger |= square_bb(sq);
  const std::string side = us == WHITE ? "white" : "black";
  return {{"occupied", ours | theirs},
          {"white pieces", us == WHITE ? ours : theirs},
          {"black pieces", us == WHITE ? theirs : ours},
          {side + " pawn pushes", pushes},
          {side + " double pushes", double_pushes},
          {side + " pawn attacks", pawn_attacks},
          {"checkers", checkers},
          {"pinned", pinned},
          {"king danger", danger}};
}

// The mark of `move` in the side-by-side list, from how often each list has it: "" when every list has
// it once. With an outside engine (the last list, `theirs`): "only ours" when each of our lists has it
// once and the engine has not, "only theirs" for the converse. "differs" for anything else (our
// generators disagree, or a list has it twice).
std::string mark_of(const std::string& move, const std::vector<std::vector<std::string>>& lists, bool theirs) {
  std::vector<long> counts;
  for (const auto& list : lists) counts.push_back(std::count(list.begin(), list.end(), move));
  const auto ours_end = theirs ? counts.end() - 1 : counts.end();
  const bool ours_once = std::all_of(counts.begin(), ours_end, [](long n) { return n == 1; });
  const bool ours_none = std::all_of(counts.begin(), ours_end, [](long n) { return n == 0; });
  if (ours_once && (!theirs || counts.back() == 1)) return "";
  if (theirs && ours_once && counts.back() == 0) return "only ours";
  if (theirs && ours_none && counts.back() == 1) return "only theirs";
  return "differs";
}

MoveLists move_lists(const ShowOptions& options, Notation notation) {
  for (Generator g : all_generators())  // every check a generator makes, before anything is printed
    generator_ops(g).check_fen(options.fen);
  MoveLists result;
  auto& [names, lists, theirs, captures, quiets] = result;
  for (Generator g : all_generators()) {
    names.push_back(generator_name(g));
    std::vector<std::string> texts;  // divide at depth 1: one entry per generated move
    for (const auto& [move, nodes] : generator_ops(g).divide(options.fen, {}, 1, Counting::BULK, notation))
      texts.push_back(move);
    std::sort(texts.begin(), texts.end());
    lists.push_back(std::move(texts));
    for (auto [stage, into] : {std::pair{Stage::CAPTURES, &captures}, std::pair{Stage::QUIETS, &quiets}}) {
      std::vector<std::string> moves = generator_ops(g).stage_moves(options.fen, stage, notation);
      std::sort(moves.begin(), moves.end());
      into->push_back(std::move(moves));
    }
  }
  theirs = !options.against.empty();
  if (theirs) {  // asked before anything is printed: a failing engine leaves stdout empty
    const auto engine = make_divide_source(options.against, timeout_from_seconds(options.timeout_seconds), notation);
    names.push_back(engine->name());
    lists.push_back(engine->legal_moves(options.fen, {}));
  }
  return result;
}

namespace {

// Where generator i puts `move`: "captures", "quiets", "both" or "neither".
std::string stage_name(const std::string& move, const MoveLists& lists, std::size_t i) {
  const bool capture = std::binary_search(lists.captures[i].begin(), lists.captures[i].end(), move);
  const bool quiet = std::binary_search(lists.quiets[i].begin(), lists.quiets[i].end(), move);
  return capture && quiet ? "both" : capture ? "captures" : quiet ? "quiets" : "neither";
}

}  // namespace

std::vector<std::string> distinct_moves(const std::vector<std::vector<std::string>>& lists, std::size_t count) {
  std::vector<std::string> all;
  for (std::size_t i = 0; i < count && i < lists.size(); ++i) all.insert(all.end(), lists[i].begin(), lists[i].end());
  std::sort(all.begin(), all.end());
  all.erase(std::unique(all.begin(), all.end()), all.end());
  return all;
}

std::string stage_of(const std::string& move, const MoveLists& lists) {
  if (lists.captures.empty()) return "";
  const std::string first = stage_name(move, lists, 0);
  for (std::size_t i = 1; i < lists.captures.size(); ++i)
    if (stage_name(move, lists, i) != first) return "";
  return first == "captures" || first == "quiets" ? first : "";
}

std::vector<std::string> stage_problems(const MoveLists& lists) {
  std::vector<std::string> problems;
  for (std::size_t i = 0; i < lists.captures.size(); ++i) {
    std::vector<std::string> staged;
    std::merge(lists.captures[i].begin(), lists.captures[i].end(), lists.quiets[i].begin(), lists.quiets[i].end(),
               std::back_inserter(staged));
    if (staged != lists.lists[i])
      problems.push_back(fmt::format("{}: its captures ({}) and quiet moves ({}) are not its legal moves ({})",
                                     lists.names[i], lists.captures[i].size(), lists.quiets[i].size(),
                                     lists.lists[i].size()));
  }
  for (const std::string& move : distinct_moves(lists.lists, lists.captures.size())) {
    std::vector<std::string> stages, where;  // "captures"; "mailbox: captures"; one per generator
    for (std::size_t i = 0; i < lists.captures.size(); ++i) {
      stages.push_back(stage_name(move, lists, i));
      where.push_back(fmt::format("{}: {}", lists.names[i], stages.back()));
    }
    if (std::adjacent_find(stages.begin(), stages.end(), std::not_equal_to<>()) != stages.end())
      problems.push_back(fmt::format("{} is not in the same stage everywhere ({})", move, fmt::join(where, ", ")));
  }
  return problems;
}

nlohmann::json show_json(const ShowOptions& options) {
  const BoardState state = parse_fen(options.fen);
  const MoveLists all_lists = move_lists(options, notation_for(options.fen, options.chess960));
  const auto& [names, lists, theirs, captures, quiets] = all_lists;
  nlohmann::json generators = nlohmann::json::array(), moves = nlohmann::json::array();
  for (std::size_t i = 0; i < names.size(); ++i) {
    const bool ours = i < captures.size();
    generators.push_back({{"generator", names[i]},
                          {"moves", lists[i]},
                          {"captures", ours ? nlohmann::json(captures[i]) : nlohmann::json(nullptr)},
                          {"quiets", ours ? nlohmann::json(quiets[i]) : nlohmann::json(nullptr)},
                          {"external", theirs && i + 1 == names.size()}});
  }
  bool agree = true;
  for (const std::string& move : distinct_moves(lists, lists.size())) {
    const std::string mark = mark_of(move, lists, theirs), stage = stage_of(move, all_lists);
    agree = agree && mark.empty();
    moves.push_back({{"move", move},
                     {"from", move.substr(0, 2)},
                     {"to", move.substr(2, 2)},
                     {"mark", mark.empty() ? nlohmann::json(nullptr) : nlohmann::json(mark)},
                     {"stage", stage.empty() ? nlohmann::json(nullptr) : nlohmann::json(stage)}});
  }
  const std::vector<std::string> problems = stage_problems(all_lists);
  agree = agree && problems.empty();
  const std::vector<Grid> bitboard = bitboard_grids(state), check = mailbox_grids(state);
  for (std::size_t i = 0; i < bitboard.size(); ++i) agree = agree && bitboard[i].squares == check[i].squares;
  nlohmann::json board = nlohmann::json::array();
  for (Piece p : state.board) board.push_back(p == NO_PIECE ? "" : std::string(1, piece_to_char(p)));
  return {{"command", "show"},
          {"fen", to_fen(state)},
          {"side_to_move", state.side_to_move == WHITE ? "white" : "black"},
          {"en_passant",
           state.ep_square == SQ_NONE ? nlohmann::json(nullptr) : nlohmann::json(square_name(state.ep_square))},
          {"board", board},
          {"generators", generators},
          {"moves", moves},
          {"stage_problems", problems},
          {"views", representation_views(state)},
          {"agree", agree}};
}

}  // namespace movegen::harness
