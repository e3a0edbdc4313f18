// Each representation's own board as data (show_view.hpp: representation_views), for `show --json` and
// the study view.
#include <fmt/format.h>

#include <algorithm>

#include "bitboard/attacks.hpp"
#include "bitboard/legal_masks.hpp"
#include "harness/generators/generators.hpp"
#include "harness/study/show_view.hpp"
#include "mailbox/position.hpp"
#include "x88/position.hpp"

namespace movegen::harness {

namespace {

nlohmann::json square_list(Bitboard b) {
  nlohmann::json names = nlohmann::json::array();
  while (b) names.push_back(square_name(pop_lsb(b)));
  return names;
}

// The board string: 64 FEN letters, '-' for empty, index rank * 8 + file, drawn rank 8 on top.
nlohmann::json mailbox_view(const BoardState& s) {
  const mailbox::Position pos = mailbox::Position::from_fen(to_fen(s));
  nlohmann::json rows = nlohmann::json::array();
  for (int r = RANK_8; r >= RANK_1; --r) {
    nlohmann::json row = nlohmann::json::array();
    for (int f = FILE_A; f <= FILE_H; ++f) {
      const Square sq = make_square(File(f), Rank(r));
      row.push_back({{"index", int(sq)},
                     {"label", std::to_string(int(sq))},
                     {"text", std::string(1, pos.board()[sq])},
                     {"square", square_name(sq)},
                     {"off", false}});
    }
    rows.push_back(row);
  }
  return {{"representation", "mailbox"},
          {"title", "mailbox: the board string"},
          {"note", "64 FEN letters, '-' for an empty square, index rank * 8 + file (a1 = 0, h8 = 63)"},
          {"text", std::string(pos.board_string())},
          {"columns", 8},
          {"cells", rows}};
}

// The 0x88 board: 128 entries, index 16 * rank + file, the right half of each row off the board.
nlohmann::json x88_view(const BoardState& s) {
  const x88::Position pos = x88::Position::from_fen(to_fen(s));
  nlohmann::json rows = nlohmann::json::array();
  for (int r = RANK_8; r >= RANK_1; --r) {
    nlohmann::json row = nlohmann::json::array();
    for (x88::Square88 sq = 16 * r; sq < 16 * r + 16; ++sq) {
      const bool off = x88::off_board(sq);
      const Piece p = off ? NO_PIECE : pos.board()[sq];
      row.push_back({{"index", sq},
                     {"label", fmt::format("{:#04x}", sq)},
                     {"text", off             ? ""
                              : p == NO_PIECE ? "."
                                              : std::string(1, piece_to_char(p))},
                     {"square", off ? nlohmann::json(nullptr) : nlohmann::json(square_name(x88::from_x88(sq)))},
                     {"off", off}});
    }
    rows.push_back(row);
  }
  return {{"representation", "x88"},
          {"title", "0x88: 128 entries"},
          {"note", "index 16 * rank + file; shaded entries lie off the board, where sq & 0x88 is nonzero"},
          {"columns", 16},
          {"cells", rows}};
}

// The bitboard's sets: show's grids, then the side to move's attacks and the check mask.
nlohmann::json bitboard_view(const BoardState& s) {
  const bitboard::Position pos = bitboard::Position::from_fen(to_fen(s));
  const Color us = pos.side_to_move();
  std::vector<Grid> grids = bitboard_grids(s);
  Bitboard attacks = 0;
  for (Square sq = SQ_A1; sq <= SQ_H8; ++sq)
    if (bitboard::attackers_to(pos, sq, us, pos.pieces())) attacks |= square_bb(sq);
  grids.push_back({fmt::format("{} attacks", us == WHITE ? "white" : "black"), attacks});
  grids.push_back({"check mask", bitboard::check_and_pin_masks(pos).check_mask});
  nlohmann::json sets = nlohmann::json::array();
  for (const Grid& g : grids)
    sets.push_back(
        {{"title", g.title}, {"squares", square_list(g.squares)}, {"hex", fmt::format("{:#018x}", g.squares)}});
  return {{"representation", "bitboard"},
          {"title", "bitboard: 64-bit sets"},
          {"note", "bit s set for square s (a1 = 0, h8 = 63); each set drawn rank 8 on top"},
          {"grids", sets}};
}

}  // namespace

nlohmann::json representation_views(const BoardState& s) {
  nlohmann::json views = nlohmann::json::array();
  // One view per representation of the generator table, drawn by its folder (board_view); the three boards
  // this file knows are laid out as cells or grids too, any other is shown as its folder's drawing.
  for (const auto& [representation, view] : board_views(to_fen(s))) {
    nlohmann::json v = representation == "mailbox" ? mailbox_view(s)
                       : representation == "x88"   ? x88_view(s)
                       : representation == "bitboard"
                           ? bitboard_view(s)
                           : nlohmann::json{{"representation", representation}, {"title", view.caption}, {"note", ""}};
    nlohmann::json fields = nlohmann::json::object();
    for (const BoardField& f : view.fields) fields[f.name] = f.values;
    v["caption"] = view.caption;
    v["lines"] = view.lines;
    v["fields"] = fields;
    views.push_back(std::move(v));
  }
  return views;
}

}  // namespace movegen::harness
