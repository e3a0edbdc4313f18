#include "harness/generators.hpp"

#include <algorithm>

#include "common/fen.hpp"

namespace movegen::harness {

Generator parse_generator(std::string_view name, std::string_view option) {
  for (Generator g : all_generators())
    if (generator_name(g) == name) return g;
  throw UsageError("bad " + std::string(option) + " " + quote_for_error(name) + ": expected one of " +
                   generator_names());
}

std::vector<Generator> parse_generator_list(std::string_view names, std::string_view option) {
  std::vector<Generator> list;
  for (std::size_t start = 0;;) {
    const std::size_t comma = std::min(names.find(',', start), names.size());
    const Generator g = parse_generator(names.substr(start, comma - start), option);
    if (std::find(list.begin(), list.end(), g) != list.end())
      throw UsageError("bad " + std::string(option) + ": " + generator_name(g) + " is named twice");
    list.push_back(g);
    if (comma == names.size()) return list;
    start = comma + 1;
  }
}

std::string generator_name(Generator g) {
  switch (g) {
    case Generator::MAILBOX: return "mailbox";
    case Generator::MAILBOX_MASKS: return "mailbox-masks";
    case Generator::X88: return "x88";
    case Generator::X88_MASKS: return "x88-masks";
    case Generator::BITBOARD_MTU: return "bitboard-mtu";
    case Generator::BITBOARD_MASKS: return "bitboard-masks";
    case Generator::MAILBOX_TUNED: return "mailbox-tuned";
    case Generator::BITBOARD_TUNED: return "bitboard-tuned";
  }
  return "?";
}

std::string generator_description(Generator g) {
  switch (g) {
    case Generator::MAILBOX:
      return "mailbox board string, make-test-unmake: every pseudo-legal move made, the king tested, unmade";
    case Generator::MAILBOX_MASKS:
      return "mailbox board string, masks: checkers and pins found once per node, moves generated inside "
             "them; king steps tested with the king lifted, en passant made and tested";
    case Generator::X88:
      return "0x88 board with piece lists, make-test-unmake: every pseudo-legal move made, the king tested, "
             "unmade";
    case Generator::X88_MASKS:
      return "0x88 board with piece lists, masks: checkers and pins found once per node, moves generated "
             "inside them; king steps tested with the king lifted, en passant made and tested";
    case Generator::BITBOARD_MTU:
      return "bitboards, make-test-unmake: every pseudo-legal move made, the king tested, unmade";
    case Generator::BITBOARD_MASKS:
      return "bitboards, masks: checkers and pins found once per node, moves generated inside them; king "
             "steps tested with the king lifted, en passant made and tested";
    case Generator::MAILBOX_TUNED:
      return "mailbox board string, masks, tuned: letter counts and slider lines, board scan eight letters "
             "at a time, king lifted once, moves counted without a list";
    case Generator::BITBOARD_TUNED:
      return "bitboards, masks, tuned: copy-make records, set-wise legal generation, the replies to a leaf "
             "parent's moves counted in one call";
  }
  return "?";
}

std::vector<Generator> all_generators() {
  return {Generator::MAILBOX,      Generator::MAILBOX_MASKS,  Generator::X88,           Generator::X88_MASKS,
          Generator::BITBOARD_MTU, Generator::BITBOARD_MASKS, Generator::MAILBOX_TUNED, Generator::BITBOARD_TUNED};
}

std::string generator_names(std::string_view separator) {
  std::string names;
  for (Generator g : all_generators()) names += (names.empty() ? "" : std::string(separator)) + generator_name(g);
  return names;
}

Representation representation_of(Generator g) {
  switch (g) {
    case Generator::MAILBOX:
    case Generator::MAILBOX_MASKS:
    case Generator::MAILBOX_TUNED: return Representation::MAILBOX;
    case Generator::X88:
    case Generator::X88_MASKS: return Representation::X88;
    default: return Representation::BITBOARD;
  }
}

Strategy strategy_of(Generator g) {
  return g == Generator::MAILBOX || g == Generator::X88 || g == Generator::BITBOARD_MTU ? Strategy::MAKE_TEST_UNMAKE
                                                                                        : Strategy::MASKS;
}

Tier tier_of(Generator g) {
  return g == Generator::MAILBOX_TUNED || g == Generator::BITBOARD_TUNED ? Tier::TUNED : Tier::REFERENCE;
}

std::string tier_name(Tier t) { return t == Tier::TUNED ? "tuned" : "reference"; }

}  // namespace movegen::harness
