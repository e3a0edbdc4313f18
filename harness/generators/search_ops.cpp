#include "harness/generators/search_ops.hpp"

#include <array>
#include <cstddef>
#include <tuple>
#include <utility>

namespace movegen::harness {

SearchFunction search_function(Generator g) {
  static constexpr auto functions = []<std::size_t... I>(std::index_sequence<I...>) {
    return std::array<SearchFunction, GENERATOR_COUNT>{&search_position<std::tuple_element_t<I, AllPositions>>...};
  }
  (std::make_index_sequence<GENERATOR_COUNT>());
  return functions[g.index];
}

}  // namespace movegen::harness
