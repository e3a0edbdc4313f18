// The built-in generators by name, and a way to run code templated on their Position type.
//
//   with_generator(parse_generator("mailbox"), [&]<ChessPosition P>() { auto pos = P::from_fen(fen); });
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "bitboard/legal_masks.hpp"
#include "bitboard/legal_mtu.hpp"
#include "common/position_concept.hpp"
#include "mailbox/legal_masks.hpp"
#include "mailbox/legal_mtu.hpp"
#include "tuned/bitboard/position.hpp"
#include "tuned/mailbox/position.hpp"
#include "x88/legal_masks.hpp"
#include "x88/legal_mtu.hpp"

namespace movegen::harness {

/// A command-line argument that cannot be used: what() names the argument and the problem. The CLI
/// prints it on one line and exits with code 2.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// The eight built-in generators. The reference tier: each representation (mailbox, 0x88, bitboard) with
/// each legality strategy (make-test-unmake, masks), the two of a representation calling the same per-piece
/// functions. The tuned tier: the fastest generator of the mailbox and of the bitboard.
enum class Generator {
  MAILBOX,
  MAILBOX_MASKS,
  X88,
  X88_MASKS,
  BITBOARD_MTU,
  BITBOARD_MASKS,
  MAILBOX_TUNED,
  BITBOARD_TUNED
};

/// The generator perft, diff and perftree use when none is named: the fastest, bitboard-tuned.
inline constexpr Generator DEFAULT_GENERATOR = Generator::BITBOARD_TUNED;

/// The generator called `name` ("mailbox", "mailbox-masks", "x88", "x88-masks", "bitboard-mtu",
/// "bitboard-masks", "mailbox-tuned" or "bitboard-tuned"); throws UsageError naming `option` (e.g.
/// "--generator") and listing the eight for any other name.
Generator parse_generator(std::string_view name, std::string_view option = "--generator");
/// The generators of a comma-separated list of names ("mailbox,bitboard"), in the order given; throws
/// UsageError naming `option` for an unknown or repeated name or an empty list.
std::vector<Generator> parse_generator_list(std::string_view names, std::string_view option);
/// The generator's name as the command line spells it.
std::string generator_name(Generator g);
/// One line in words: the tier, the representation and the legality strategy of `g`.
std::string generator_description(Generator g);
/// Every built-in generator, in the order the harness reports them: mailbox, mailbox-masks, x88, x88-masks,
/// bitboard-mtu, bitboard-masks (the reference 3x2), then mailbox-tuned and bitboard-tuned.
std::vector<Generator> all_generators();
/// The names of every built-in generator, separated by `separator`.
std::string generator_names(std::string_view separator = ", ");

/// The representation of a generator, its legality strategy and its tier.
enum class Representation { MAILBOX, X88, BITBOARD };
enum class Strategy { MAKE_TEST_UNMAKE, MASKS };
enum class Tier { REFERENCE, TUNED };
Representation representation_of(Generator g);
/// The legality strategy; a tuned generator's is masks (both find checkers and pins once per node).
Strategy strategy_of(Generator g);
Tier tier_of(Generator g);
/// The tier's name as `movegen generators` prints it: "reference" or "tuned".
std::string tier_name(Tier t);

/// Calls `f.template operator()<P>()` with P the Position type of generator `g`, and returns its result.
template <class F>
decltype(auto) with_generator(Generator g, F&& f) {
  switch (g) {
    case Generator::MAILBOX_MASKS: return f.template operator()<mailbox::MasksPosition>();
    case Generator::X88: return f.template operator()<x88::MtuPosition>();
    case Generator::X88_MASKS: return f.template operator()<x88::MasksPosition>();
    case Generator::BITBOARD_MTU: return f.template operator()<bitboard::MtuPosition>();
    case Generator::BITBOARD_MASKS: return f.template operator()<bitboard::MasksPosition>();
    case Generator::MAILBOX_TUNED: return f.template operator()<mailbox_tuned::Position>();
    case Generator::BITBOARD_TUNED: return f.template operator()<bitboard_tuned::Position>();
    case Generator::MAILBOX: break;
  }
  return f.template operator()<mailbox::MtuPosition>();
}

/// The Position types of every built-in generator, in the order of all_generators().
using AllPositions =
    std::tuple<mailbox::MtuPosition, mailbox::MasksPosition, x88::MtuPosition, x88::MasksPosition,
               bitboard::MtuPosition, bitboard::MasksPosition, mailbox_tuned::Position, bitboard_tuned::Position>;

/// Calls `f.template operator()<P...>()` with the types of AllPositions, in order, and returns its result.
template <class F>
decltype(auto) with_all_generators(F&& f) {
  return [&]<class... Ps>(std::tuple<Ps...>*) -> decltype(auto) {
    return f.template operator()<Ps...>();
  }(static_cast<AllPositions*>(nullptr));
}

static_assert(ChessPosition<mailbox::MtuPosition> && ChessPosition<mailbox::MasksPosition> &&
              ChessPosition<x88::MtuPosition> && ChessPosition<x88::MasksPosition> &&
              ChessPosition<bitboard::MtuPosition> && ChessPosition<bitboard::MasksPosition> &&
              ChessPosition<mailbox_tuned::Position> && ChessPosition<bitboard_tuned::Position>);

}  // namespace movegen::harness
