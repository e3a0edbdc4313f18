#include <chrono>
#include <ostream>

#include <fmt/format.h>
#include <fmt/ostream.h>

#include "common/perft.hpp"
#include "harness/commands.hpp"
#include "harness/generators.hpp"
#include "harness/setup.hpp"

namespace movegen::harness {

void require_depth(int depth, const std::string& what, int min) {
  if (depth < min || depth > MAX_DEPTH)
    throw UsageError(fmt::format("bad {}: {} is outside {}..{}", what, depth, min, MAX_DEPTH));
}

int run_perft(const PerftOptions& options, std::ostream& out, std::ostream& err) {
  require_depth(options.depth, "depth");
  const Generator generator = parse_generator(options.generator);
  return with_generator(generator, [&]<ChessPosition P>() {
    P pos = position_after<P>(options.fen, options.moves);
    const Counting counting = options.bulk ? Counting::BULK : Counting::MAKE_EVERY_LEAF;
    const auto start = std::chrono::steady_clock::now();
    std::uint64_t total = 0;
    for (auto [move, nodes] : divide(pos, options.depth, counting)) {
      fmt::print(out, "{}: {}\n", to_uci(move), nodes);
      total += nodes;
    }
    if (options.depth == 0) total = 1;
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    fmt::print(out, "\nNodes searched: {}\n", total);
    fmt::print(err, "{}: {:.3f} s, {:.2f} Mnps\n", generator_name(generator), seconds,
               seconds > 0 ? total / seconds / 1e6 : 0.0);
    return 0;
  });
}

}  // namespace movegen::harness
