// SPDX-License-Identifier: MIT
// See alloc_counter.h. glibc supports replacing malloc this way: its own
// internal allocations and every shared library's go through the symbols
// defined here, and __libc_malloc & co. are the real allocator.
#include "alloc_counter.h"

#include <malloc.h>

#include <cerrno>
#include <cstddef>
#include <cstdlib>
#include <new>

extern "C" {
void* __libc_malloc(std::size_t);
void* __libc_calloc(std::size_t, std::size_t);
void* __libc_realloc(void*, std::size_t);
void __libc_free(void*);
void* __libc_memalign(std::size_t, std::size_t);
void* __libc_valloc(std::size_t);
void* __libc_pvalloc(std::size_t);
}

namespace bench {
namespace {

// Constant-initialised, so it is valid before any constructor runs (the
// loader and libstdc++ allocate before main).
HeapCounters counters;

inline void on_alloc(void* p) {
  if (p == nullptr) return;
  ++counters.calls;
  counters.live += static_cast<std::int64_t>(malloc_usable_size(p));
  if (counters.live > counters.peak) counters.peak = counters.live;
}

inline void on_free(void* p) {
  if (p != nullptr) counters.live -= static_cast<std::int64_t>(malloc_usable_size(p));
}

}  // namespace

HeapCounters& heap() { return counters; }

}  // namespace bench

extern "C" {

void* malloc(std::size_t size) noexcept {
  void* p = __libc_malloc(size);
  bench::on_alloc(p);
  return p;
}

void* calloc(std::size_t n, std::size_t size) noexcept {
  void* p = __libc_calloc(n, size);
  bench::on_alloc(p);
  return p;
}

void* realloc(void* old, std::size_t size) noexcept {
  const std::int64_t old_size = old ? static_cast<std::int64_t>(malloc_usable_size(old)) : 0;
  void* p = __libc_realloc(old, size);
  if (p != nullptr) {
    bench::counters.live -= old_size;
    bench::on_alloc(p);
  } else if (old != nullptr && size == 0) {
    bench::counters.live -= old_size;  // realloc(p, 0) freed p
  }
  return p;
}

void* reallocarray(void* old, std::size_t n, std::size_t size) noexcept {
  if (size != 0 && n > static_cast<std::size_t>(-1) / size) {
    errno = ENOMEM;
    return nullptr;
  }
  return realloc(old, n * size);
}

void free(void* p) noexcept {
  bench::on_free(p);
  __libc_free(p);
}

void* memalign(std::size_t alignment, std::size_t size) noexcept {
  void* p = __libc_memalign(alignment, size);
  bench::on_alloc(p);
  return p;
}

void* aligned_alloc(std::size_t alignment, std::size_t size) noexcept { return memalign(alignment, size); }

int posix_memalign(void** out, std::size_t alignment, std::size_t size) noexcept {
  if (alignment % sizeof(void*) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
  void* p = memalign(alignment, size);
  if (p == nullptr) return ENOMEM;
  *out = p;
  return 0;
}

void* valloc(std::size_t size) noexcept {
  void* p = __libc_valloc(size);
  bench::on_alloc(p);
  return p;
}

void* pvalloc(std::size_t size) noexcept {
  void* p = __libc_pvalloc(size);
  bench::on_alloc(p);
  return p;
}

}  // extern "C"

// C++ allocations: counted separately, then through malloc above.
namespace {

void* cxx_alloc(std::size_t size) {
  ++bench::counters.cxx_calls;
  void* p = std::malloc(size ? size : 1);
  if (p == nullptr) throw std::bad_alloc();
  return p;
}

void* cxx_alloc_aligned(std::size_t size, std::align_val_t alignment) {
  ++bench::counters.cxx_calls;
  std::size_t a = static_cast<std::size_t>(alignment);
  if (a < sizeof(void*)) a = sizeof(void*);
  void* p = memalign(a, size ? size : 1);
  if (p == nullptr) throw std::bad_alloc();
  return p;
}

}  // namespace

void* operator new(std::size_t size) { return cxx_alloc(size); }
void* operator new[](std::size_t size) { return cxx_alloc(size); }
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  try { return cxx_alloc(size); } catch (...) { return nullptr; }
}
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept {
  try { return cxx_alloc(size); } catch (...) { return nullptr; }
}
void* operator new(std::size_t size, std::align_val_t a) { return cxx_alloc_aligned(size, a); }
void* operator new[](std::size_t size, std::align_val_t a) { return cxx_alloc_aligned(size, a); }
void* operator new(std::size_t size, std::align_val_t a, const std::nothrow_t&) noexcept {
  try { return cxx_alloc_aligned(size, a); } catch (...) { return nullptr; }
}
void* operator new[](std::size_t size, std::align_val_t a, const std::nothrow_t&) noexcept {
  try { return cxx_alloc_aligned(size, a); } catch (...) { return nullptr; }
}

void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { std::free(p); }
