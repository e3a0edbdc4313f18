// Where bitboard-tuned's perft recursion stands on its stack: at_page_offset runs a function with the stack moved
// down to a fixed offset within its 4 KB page, so that the recursion's frames fall at the same place in their pages
// whatever the frames of its callers (perft.cpp; the measurements are in docs/benchmarks.md, 2026-12-08).
//
//   return at_page_offset([&] { return perft_of_side(sets, depth, counting); });
#pragma once

#include <cstdint>

namespace movegen::bitboard_tuned {

/// The offset within a 4 KB page at which the recursion's frames start (at_page_offset). A choice among many, and
/// found by trial: with this build's tables, position 3 ran 0.89x as fast at 0 as at 0x600 or 0xd00 (alternated
/// against f791f4a: 0.89, 0.99, 0.99). A change that moves the tables (bitboard/attack_tables.hpp) may move the bad
/// offsets; if position 3 drops without its instructions changing, try another.
constexpr std::uintptr_t RECURSION_PAGE_OFFSET = 0xd00;

/// f() run with the stack moved down to RECURSION_PAGE_OFFSET within its page, so that the recursion's frames stand
/// at the same place in their pages whatever the frames of the caller above. A merge that changed only those
/// (919ef5b, the harness's perft taking a Counting) left position 3 with --bulk node 0.83x as fast, alternated, on
/// the same instructions: the count's frames had moved 64 bytes up their page. Stack stores and table loads with
/// the same low 12 address bits are mistaken for a dependence (4K aliasing), which this VM has no counters to show;
/// an alloca that moved the frames back 64 bytes brought the speed back, and moved 40-100 bytes up it was lost again.
template <class F>
[[gnu::noinline]] std::uint64_t at_page_offset(F f) {
  const auto frame = reinterpret_cast<std::uintptr_t>(__builtin_frame_address(0));
  void* pad = __builtin_alloca((frame - RECURSION_PAGE_OFFSET) % 4096);
  asm volatile("" : : "r"(pad) : "memory");  // keeps the alloca, whose room nothing reads
  return f();
}

}  // namespace movegen::bitboard_tuned
