#include <fmt/format.h>
#include <fmt/ostream.h>

#include <chrono>
#include <memory>
#include <ostream>

#include "common/epd.hpp"
#include "harness/cli.hpp"
#include "harness/commands.hpp"
#include "harness/debug_commands.hpp"
#include "harness/divergence.hpp"
#include "harness/node_check.hpp"
#include "harness/options.hpp"

namespace movegen::harness {

namespace {

// Between two built-in generators: every node of the tree compared, not only the counts.
std::optional<Divergence> compare_builtin_trees(Generator ga, Generator gb, const std::string& fen,
                                                const std::vector<std::string>& moves, int depth) {
  return with_generator(ga, [&]<ChessPosition P>() {
    return with_generator(gb, [&]<ChessPosition Q>() -> std::optional<Divergence> {
      P a = position_after<P>(fen, moves);
      Q b = position_after<Q>(fen, moves);
      Divergence d(generator_name(ga), generator_name(gb), fen, moves);
      if (trees_agree(a, b, depth, d)) return std::nullopt;
      return d;
    });
  });
}

std::optional<Divergence> compare(DivideSource& a, DivideSource& b, const std::string& fen,
                                  const std::vector<std::string>& moves, int depth) {
  if (auto d = find_divergence(a, b, fen, moves, depth)) return d;
  if (a.builtin() && b.builtin()) return compare_builtin_trees(*a.builtin(), *b.builtin(), fen, moves, depth);
  return std::nullopt;
}

}  // namespace

int run_diff(const DiffOptions& options, std::ostream& out, std::ostream& err) {
  require_depth(options.depth, "--depth", 1);
  if (!options.epd.empty() && (!options.fen.empty() || !options.moves.empty()))
    throw UsageError("bad --epd: it cannot be combined with --fen or --moves");
  const std::chrono::milliseconds timeout = timeout_from_seconds(options.timeout_seconds);

  struct Root {
    std::string fen;
    int depth;
    int line;
  };
  std::vector<Root> roots;
  if (options.epd.empty()) {
    roots.push_back({options.fen.empty() ? std::string(START_FEN) : options.fen, options.depth, 0});
  } else {
    for (const EpdEntry& e : load_suite(options.epd)) {
      int deepest = 1;
      for (const PerftCount& c : e.counts) deepest = std::max(deepest, c.depth);
      roots.push_back({e.fen, std::min(options.depth, deepest), e.line});
    }
  }
  // Checked in process whatever the generators are: an external engine may silently drop an illegal move
  // or count a position that cannot arise, and two such engines would "agree".
  for (const Root& root : roots)
    for (Generator g : all_generators())
      with_generator(g, [&]<ChessPosition P>() { (void)position_after<P>(root.fen, options.moves); });
  const std::unique_ptr<DivideSource> a = make_divide_source(options.a, timeout);
  const std::unique_ptr<DivideSource> b = make_divide_source(options.b, timeout);

  const auto start = std::chrono::steady_clock::now();
  int divergences = 0;
  for (const Root& root : roots) {
    const std::optional<Divergence> d = compare(*a, *b, root.fen, options.moves, root.depth);
    divergences += d.has_value();
    if (options.epd.empty()) {
      if (d)
        print_divergence(out, *d);
      else
        fmt::print(out, "{} and {} agree at depth {} from {}\n", a->name(), b->name(), root.depth, root.fen);
    } else {
      fmt::print(out, "{:<10} line {:>3}  depth {}  {}\n", d ? "DIVERGENCE" : "ok", root.line, root.depth, root.fen);
      if (d) print_divergence(out, *d), fmt::print(out, "\n");
    }
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!options.epd.empty())
    fmt::print(out, "\n{} positions, {} with a divergence between {} and {}\n", roots.size(), divergences, a->name(),
               b->name());
  fmt::print(err, "diff: {:.2f} s\n", seconds);
  return divergences == 0 ? 0 : 1;
}

Subcommand add_diff_command(CLI::App& app) {
  auto options = std::make_shared<DiffOptions>();
  CLI::App* cmd = app.add_subcommand("diff", "find the first position where two generators disagree");
  CLI::Option* fen = cmd->add_option("--fen", options->fen, "root position (default: the start position)");
  cmd->add_option("--epd", options->epd, "check every position of an EPD file instead")->excludes(fen);
  cmd->add_option("--moves", options->moves, "UCI moves played from the FEN first")->expected(1, -1);
  add_count_option(*cmd, "--depth", options->depth, 1, MAX_DEPTH, "divide depth, 1..15");
  add_timeout_option(*cmd, options->timeout_seconds, "seconds an external program may take for one reply");
  cmd->add_option("a", options->a,
                  "generator: mailbox, mailbox-masks, bitboard or bitboard-mtu, uci:COMMAND or perftree:COMMAND")
      ->required();
  cmd->add_option("b", options->b, "the generator to compare with")->required();
  return {cmd, [options](std::ostream& out, std::ostream& err) { return run_diff(*options, out, err); }};
}

}  // namespace movegen::harness
