// SPDX-License-Identifier: MIT
// Heap accounting for the benchmark binary (and only for it).
//
// alloc_counter.cpp replaces the C allocator (malloc, calloc, realloc,
// free, the aligned variants) by thin wrappers around glibc's own
// __libc_* functions, and the global operator new/delete by functions
// that call those wrappers. So every heap block of the process is seen:
// winnow's C++ objects, libxml2's blocks (whose hook calls malloc), iconv's.
//
//  - calls:      malloc-family calls that allocate (malloc, calloc,
//                realloc, aligned), operator new included;
//  - cxx_calls:  operator new calls (a subset of calls);
//  - live:       bytes currently allocated (malloc_usable_size of each
//                block, so a little more than requested);
//  - peak:       the highest live since the last reset_peak().
//
// Single-threaded by design (the benchmark runs on one thread): plain
// counters, no atomics, so the cost per allocation is a few instructions.
#pragma once

#include <cstdint>

namespace bench {

struct HeapCounters {
  std::uint64_t calls = 0;
  std::uint64_t cxx_calls = 0;
  std::int64_t live = 0;
  std::int64_t peak = 0;
};

// The process-wide counters (never reset; take differences).
HeapCounters& heap();

// Starts a new peak window: peak = live. Returns live, the window's base.
inline std::int64_t reset_peak() {
  HeapCounters& h = heap();
  h.peak = h.live;
  return h.live;
}

}  // namespace bench
