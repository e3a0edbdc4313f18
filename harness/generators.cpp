#include "harness/generators.hpp"

#include "common/fen.hpp"

namespace movegen::harness {

Generator parse_generator(std::string_view name) {
  for (Generator g : all_generators())
    if (generator_name(g) == name) return g;
  throw UsageError("bad --generator " + quote_for_error(name) + ": expected mailbox or bitboard");
}

std::string generator_name(Generator g) {
  switch (g) {
    case Generator::MAILBOX: return "mailbox";
    case Generator::BITBOARD: return "bitboard";
  }
  return "?";
}

std::vector<Generator> all_generators() { return {Generator::MAILBOX, Generator::BITBOARD}; }

}  // namespace movegen::harness
