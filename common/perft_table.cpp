#include "common/perft_table.hpp"

#include <bit>

namespace movegen {

PerftTable::PerftTable(std::size_t megabytes) {
  if (megabytes == 0) return;
  const std::size_t wanted = megabytes * (std::size_t(1) << 20) / sizeof(Entry);
  const std::size_t entries = std::bit_floor(wanted);
  entries_ = std::make_unique<Entry[]>(entries);
  mask_ = entries - 1;
}

}  // namespace movegen
