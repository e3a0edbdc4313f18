// The built-in generators by name, and a way to run code templated on their Position type.
//
//   with_generator(parse_generator("mailbox"), [&]<ChessPosition P>() { auto pos = P::from_fen(fen); });
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "bitboard/mtu_position.hpp"
#include "bitboard/position.hpp"
#include "common/position_concept.hpp"
#include "mailbox/masks_position.hpp"
#include "mailbox/position.hpp"

namespace movegen::harness {

/// A command-line argument that cannot be used: what() names the argument and the problem. The CLI
/// prints it on one line and exits with code 2.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// The four built-in generators: each representation (mailbox, bitboard) with each legality strategy
/// (make-test-unmake, masks).
enum class Generator { MAILBOX, MAILBOX_MASKS, BITBOARD, BITBOARD_MTU };

/// The generator called `name` ("mailbox", "mailbox-masks", "bitboard" or "bitboard-mtu"); throws
/// UsageError naming `option` (e.g. "--generator") for any other name.
Generator parse_generator(std::string_view name, std::string_view option = "--generator");
/// The generators of a comma-separated list of names ("mailbox,bitboard"), in the order given; throws
/// UsageError naming `option` for an unknown or repeated name or an empty list.
std::vector<Generator> parse_generator_list(std::string_view names, std::string_view option);
/// The generator's name as the command line spells it.
std::string generator_name(Generator g);
/// One line in words: the representation and the legality strategy of `g`.
std::string generator_description(Generator g);
/// Every built-in generator, in the order the harness reports them: mailbox, mailbox-masks, bitboard,
/// bitboard-mtu.
std::vector<Generator> all_generators();
/// The names of every built-in generator, separated by `separator`.
std::string generator_names(std::string_view separator = ", ");

/// The representation of a generator, and its legality strategy.
enum class Representation { MAILBOX, BITBOARD };
enum class Strategy { MAKE_TEST_UNMAKE, MASKS };
Representation representation_of(Generator g);
Strategy strategy_of(Generator g);

/// Calls `f.template operator()<P>()` with P the Position type of generator `g`, and returns its result.
template <class F>
decltype(auto) with_generator(Generator g, F&& f) {
  switch (g) {
    case Generator::MAILBOX_MASKS: return f.template operator()<mailbox::MasksPosition>();
    case Generator::BITBOARD: return f.template operator()<bitboard::Position>();
    case Generator::BITBOARD_MTU: return f.template operator()<bitboard::MtuPosition>();
    case Generator::MAILBOX: break;
  }
  return f.template operator()<mailbox::Position>();
}

static_assert(ChessPosition<mailbox::Position> && ChessPosition<mailbox::MasksPosition> &&
              ChessPosition<bitboard::Position> && ChessPosition<bitboard::MtuPosition>);

}  // namespace movegen::harness
