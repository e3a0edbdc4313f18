// The built-in generators by name, and a way to run code templated on their Position type.
//
//   with_generator(parse_generator("mailbox"), [&]<ChessPosition P>() { auto pos = P::from_fen(fen); });
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "bitboard/position.hpp"
#include "common/position_concept.hpp"
#include "mailbox/position.hpp"

namespace movegen::harness {

/// A command-line argument that cannot be used: what() names the argument and the problem. The CLI
/// prints it on one line and exits with code 2.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

enum class Generator { MAILBOX, BITBOARD };

/// The generator called `name` ("mailbox" or "bitboard"); throws UsageError for any other name.
Generator parse_generator(std::string_view name);
/// The generator's name as the command line spells it.
std::string generator_name(Generator g);
/// Every built-in generator, in the order the harness reports them.
std::vector<Generator> all_generators();

/// Calls `f.template operator()<P>()` with P the Position type of generator `g`, and returns its result.
template <class F>
decltype(auto) with_generator(Generator g, F&& f) {
  if (g == Generator::BITBOARD) return f.template operator()<bitboard::Position>();
  return f.template operator()<mailbox::Position>();
}

static_assert(ChessPosition<mailbox::Position> && ChessPosition<bitboard::Position>);

}  // namespace movegen::harness
