#include "common/perft_table.hpp"

#include <sys/mman.h>

#include <bit>
#include <cstdint>
#include <new>

namespace movegen {

namespace {

// The size of a huge page on x86-64 Linux: the table is aligned to it so that all of it can be mapped so.
constexpr std::size_t HUGE_PAGE_BYTES = std::size_t(2) << 20;

}  // namespace

PerftTable::PerftTable(std::size_t megabytes) {
  if (megabytes == 0) return;
  const std::size_t wanted = megabytes * (std::size_t(1) << 20) / sizeof(Bucket);
  const std::size_t buckets = std::bit_floor(wanted);
  // Anonymous memory reads as zero (every entry empty) and is only backed when first written. With a
  // table of gigabytes, 4 KiB pages cost a TLB miss on most look-ups; 2 MiB pages (MADV_HUGEPAGE, where
  // transparent huge pages are on "madvise") cut that. Mapping a huge page more lets the start be aligned.
  const std::size_t bytes = buckets * sizeof(Bucket);
  const std::size_t mapped = bytes >= HUGE_PAGE_BYTES ? bytes + HUGE_PAGE_BYTES : bytes;
  void* memory = ::mmap(nullptr, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (memory == MAP_FAILED) throw std::bad_alloc();
  auto* start = static_cast<char*>(memory);
  if (mapped > bytes) {  // give back the unaligned head and the tail beyond the table
    const std::size_t head = (HUGE_PAGE_BYTES - std::uintptr_t(start) % HUGE_PAGE_BYTES) % HUGE_PAGE_BYTES;
    if (head > 0) ::munmap(start, head);
    if (mapped - head > bytes) ::munmap(start + head + bytes, mapped - head - bytes);
    start += head;
#ifdef MADV_HUGEPAGE
    ::madvise(start, bytes, MADV_HUGEPAGE);  // a request: a system without huge pages ignores it
#endif
  }
  // Bucket is an aggregate (an implicit-lifetime type): the zeroed pages hold empty buckets as they are.
  buckets_ = reinterpret_cast<Bucket*>(start);
  bytes_ = bytes;
  mask_ = buckets - 1;
}

PerftTable::~PerftTable() {
  if (buckets_) ::munmap(buckets_, bytes_);
}

}  // namespace movegen
