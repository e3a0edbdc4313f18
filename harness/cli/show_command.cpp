// `movegen show`: a position laid out for study, printed (the data it lays out: study/show_view.hpp).
#include <fmt/format.h>
#include <fmt/ostream.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <map>
#include <memory>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "bitboard/attacks.hpp"
#include "bitboard/legal_masks.hpp"
#include "harness/cli/cli.hpp"
#include "harness/cli/debug_commands.hpp"
#include "harness/cli/json_output.hpp"
#include "harness/cli/options.hpp"
#include "harness/debugging/node_check.hpp"
#include "harness/engines/divide_source.hpp"
#include "harness/generators/generators.hpp"
#include "harness/study/show_view.hpp"
#include "mailbox/attacks.hpp"

namespace movegen::harness {


namespace {

// Each representation's own board, drawn by its folder (board_views, from the generator table).
void print_board_views(std::ostream& out, const std::vector<std::pair<std::string_view, BoardView>>& views) {
  for (const auto& [representation, view] : views) {
    fmt::print(out, "{}\n", view.caption);
    for (const std::string& line : view.lines) fmt::print(out, "{}\n", line);
    fmt::print(out, "\n");
  }
}

// Grids four to a row, rank 8 on top, 'x' for a square in the set.
void print_grids(std::ostream& out, const std::vector<Grid>& grids) {
  constexpr std::size_t PER_ROW = 4;
  for (std::size_t first = 0; first < grids.size(); first += PER_ROW) {
    const std::size_t last = std::min(grids.size(), first + PER_ROW);
    for (std::size_t g = first; g < last; ++g) fmt::print(out, "  {:<19}", grids[g].title);
    fmt::print(out, "\n");
    for (int r = RANK_8; r >= RANK_1; --r) {
      for (std::size_t g = first; g < last; ++g) {
        std::string row = fmt::format("  {} ", r + 1);
        for (int f = FILE_A; f <= FILE_H; ++f)
          row += (grids[g].squares & square_bb(make_square(File(f), Rank(r)))) ? "x " : ". ";
        fmt::print(out, "{:<21}", row);
      }
      fmt::print(out, "\n");
    }
    for (std::size_t g = first; g < last; ++g) fmt::print(out, "{:<21}", "    a b c d e f g h");
    fmt::print(out, "\n\n");
  }
}


// The legal moves side by side, one column per list, each move on its own row, sorted, and its mark.
// Returns how many rows got each mark.
std::map<std::string, int> print_move_lists(std::ostream& out, const std::vector<std::string>& names,
                                            const std::vector<std::vector<std::string>>& lists, bool theirs) {
  constexpr std::size_t COLUMN = 20;
  std::vector<std::size_t> widths;
  std::string row = "legal moves:";
  const auto print_row = [&] {  // without the padding at its end
    row.erase(row.find_last_not_of(' ') + 1);
    fmt::print(out, "{}\n", row);
  };
  for (std::size_t i = 0; i < names.size(); ++i) {
    const std::string header = fmt::format("{} ({})", names[i], lists[i].size());
    widths.push_back(std::max(COLUMN, header.size()));
    row += fmt::format("  {:<{}}", header, widths[i]);
  }
  print_row();
  std::map<std::string, int> marks;
  for (const std::string& move : distinct_moves(lists, lists.size())) {
    row = fmt::format("{:12}", "");
    for (std::size_t i = 0; i < lists.size(); ++i) {
      const auto n = std::count(lists[i].begin(), lists[i].end(), move);
      row += fmt::format("  {:<{}}", n == 0 ? "" : n == 1 ? move : fmt::format("{} x{}", move, n), widths[i]);
    }
    const std::string mark = mark_of(move, lists, theirs);
    if (!mark.empty()) ++marks[mark], row += "  <- " + mark;
    print_row();
  }
  return marks;
}

// The stages under the move lists: the first generator's captures and how many quiet moves, then each problem
// stage_problems finds. Returns true if there is none.
bool print_stages(std::ostream& out, const MoveLists& lists) {
  const std::vector<std::string> problems = stage_problems(lists);
  const std::vector<std::string>& captures = lists.captures[0];
  const std::string captures_text =
      captures.empty() ? "no captures"
                       : fmt::format("{} capture{} ({})", captures.size(), captures.size() == 1 ? "" : "s",
                                     fmt::join(captures, " "));
  fmt::print(out, "stages: {}, {} quiet move{}{}\n", captures_text, lists.quiets[0].size(),
             lists.quiets[0].size() == 1 ? "" : "s", problems.empty() ? ", the same in every generator" : "");
  for (const std::string& problem : problems) fmt::print(out, "stages differ: {}\n", problem);
  return problems.empty();
}

}  // namespace


int run_show(const ShowOptions& options, std::ostream& out, std::ostream& err) {
  (void)err;
  if (options.json) {
    const nlohmann::json doc = show_json(options);
    print_json(out, doc);
    return doc["agree"] ? 0 : 1;
  }
  const BoardState state = parse_fen(options.fen);
  const MoveLists all_lists = move_lists(options, notation_for(options.fen, options.chess960));
  const auto& [names, lists, theirs, captures, quiets] = all_lists;

  fmt::print(out, "    a b c d e f g h\n");
  for (int r = RANK_8; r >= RANK_1; --r) {
    fmt::print(out, "  {} ", r + 1);
    for (int f = FILE_A; f <= FILE_H; ++f) {
      const Piece p = state.board[make_square(File(f), Rank(r))];
      fmt::print(out, "{} ", p == NO_PIECE ? '.' : piece_to_char(p));
    }
    fmt::print(out, "{}\n", r + 1);
  }
  fmt::print(out, "    a b c d e f g h\n\n{}\n{} to move\n\n", to_fen(state),
             state.side_to_move == WHITE ? "white" : "black");
  print_board_views(out, board_views(options.fen));

  std::map<std::string, int> marks = print_move_lists(out, names, lists, theirs);
  bool differ = !marks.empty();
  if (theirs)
    fmt::print(out, "{}: {} move{} only ours, {} only theirs\n", names.back(), marks["only ours"],
               marks["only ours"] == 1 ? "" : "s", marks["only theirs"]);
  differ = !print_stages(out, all_lists) || differ;
  fmt::print(out, "\n");
  const std::vector<Grid> grids = bitboard_grids(state), check = mailbox_grids(state);
  print_grids(out, grids);
  for (std::size_t i = 0; i < grids.size(); ++i) {
    if (grids[i].squares == check[i].squares) continue;
    fmt::print(out, "{}: the bitboard generator has {} but the mailbox's square-by-square view {}\n", grids[i].title,
               squares_text(grids[i].squares), squares_text(check[i].squares));
    differ = true;
  }
  return differ ? 1 : 0;
}

Subcommand add_show_command(CLI::App& app) {
  auto options = std::make_shared<ShowOptions>();
  CLI::App* cmd = app.add_subcommand(
      "show", "the board (8x8 and each representation's own), every generator's moves and the bitboard sets");
  cmd->add_option("--fen", options->fen, "position (default: the start position)");
  cmd->add_option("--against", options->against,
                  "also list this generator's legal moves (uci:COMMAND, perftree:COMMAND, ...), marking the "
                  "moves only ours or only theirs");
  add_timeout_option(*cmd, options->timeout_seconds, "seconds --against may take for one reply");
  add_chess960_flag(*cmd, options->chess960);
  add_json_flag(*cmd, options->json);
  return {cmd, [options](std::ostream& out, std::ostream& err) { return run_show(*options, out, err); }};
}

}  // namespace movegen::harness
