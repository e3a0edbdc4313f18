#include <fmt/format.h>
#include <fmt/ostream.h>

#include <cctype>
#include <memory>
#include <ostream>

#include "common/perft.hpp"
#include "harness/cli/cli.hpp"
#include "harness/cli/commands.hpp"
#include "harness/cli/debug_commands.hpp"
#include "harness/cli/options.hpp"
#include "harness/engines/child_process.hpp"
#include "harness/generators/generators.hpp"
#include "harness/generators/setup.hpp"

namespace movegen::harness {

int run_perftree(const PerftreeOptions& options, std::ostream& out, std::ostream& err) {
  (void)err;
  require_depth(options.depth, "depth");
  std::vector<std::string> moves = split_command(options.moves);
  for (std::string& m : moves)  // perftree writes promotions upper-case ("a7b8Q"); UCI uses lower case
    if (m.size() == 5) m[4] = char(std::tolower(static_cast<unsigned char>(m[4])));
  const GeneratorOps& ops = generator_ops(parse_generator(options.generator));
  const Notation notation = notation_for(options.fen, options.chess960);
  std::uint64_t total = 0;
  for (const auto& [move, nodes] : ops.divide(options.fen, moves, options.depth, Counting::BULK, notation)) {
    fmt::print(out, "{} {}\n", move, nodes);
    total += nodes;
  }
  fmt::print(out, "\n{}\n", options.depth == 0 ? 1 : total);
  return 0;
}

Subcommand add_perftree_command(CLI::App& app) {
  auto options = std::make_shared<PerftreeOptions>();
  CLI::App* cmd = app.add_subcommand("perftree", "divide in the perftree tool's script protocol");
  cmd->add_option("--generator", options->generator, generator_names())->capture_default_str();
  add_count_option(*cmd, "depth", options->depth, 0, MAX_DEPTH, "plies, 0..15")->required();
  cmd->add_option("fen", options->fen, "position")->required();
  cmd->add_option("moves", options->moves, "space-separated UCI moves played first");
  add_chess960_flag(*cmd, options->chess960);
  return {cmd, [options](std::ostream& out, std::ostream& err) { return run_perftree(*options, out, err); }};
}

}  // namespace movegen::harness
