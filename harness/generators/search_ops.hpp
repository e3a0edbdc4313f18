// The fixed search (search/search.hpp) run by each built-in generator, compiled in a translation unit of its own
// per generator (generated from harness/generators/search_instance.cpp.in, as generator_instance.cpp.in is for
// perft), so that no generator's code changes another's inlining; called through a function pointer.
//
//   const search::SearchResult r = search_function(parse_generator("x88"))(START_FEN, 4, nullptr);   // r.nodes
//   search::TranspositionTable table(16);
//   const search::SearchResult h = search_function(parse_generator("x88"))(START_FEN, 4, &table);   // cleared first
#pragma once

#include <string_view>

#include "harness/generators/generators.hpp"
#include "search/search_result.hpp"
#include "search/transposition_table.hpp"

namespace movegen::harness {

/// A generator's fixed search of `fen` to `depth` plies (1..search::MAX_SEARCH_DEPTH), with `table` (cleared
/// first) if not null. Throws FenError.
using SearchFunction = search::SearchResult (*)(std::string_view fen, int depth, search::TranspositionTable* table);

/// The search of generator `g`, compiled in its own translation unit.
SearchFunction search_function(Generator g);

/// The search of the generator with Position type P: declared here, defined and instantiated only in P's own
/// translation unit (search_instance.cpp.in).
template <class P>
search::SearchResult search_position(std::string_view fen, int depth, search::TranspositionTable* table);

}  // namespace movegen::harness
