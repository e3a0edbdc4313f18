#include <fmt/format.h>
#include <fmt/ostream.h>

#include <cctype>
#include <ostream>

#include "common/perft.hpp"
#include "harness/child_process.hpp"
#include "harness/commands.hpp"
#include "harness/debug_commands.hpp"
#include "harness/generators.hpp"
#include "harness/setup.hpp"

namespace movegen::harness {

int run_perftree(const PerftreeOptions& options, std::ostream& out, std::ostream& err) {
  (void)err;
  require_depth(options.depth, "depth");
  std::vector<std::string> moves = split_command(options.moves);
  for (std::string& m : moves)  // perftree writes promotions upper-case ("a7b8Q"); UCI uses lower case
    if (m.size() == 5) m[4] = char(std::tolower(static_cast<unsigned char>(m[4])));
  return with_generator(parse_generator(options.generator), [&]<ChessPosition P>() {
    P pos = position_after<P>(options.fen, moves);
    std::uint64_t total = 0;
    for (auto [move, nodes] : divide(pos, options.depth)) {
      fmt::print(out, "{} {}\n", to_uci(move), nodes);
      total += nodes;
    }
    fmt::print(out, "\n{}\n", options.depth == 0 ? 1 : total);
    return 0;
  });
}

}  // namespace movegen::harness
