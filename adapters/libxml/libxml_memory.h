// SPDX-License-Identifier: MIT
// Charges libxml2's own allocations to the extractor's MemoryBudget.
//
// libxml2 has one process-wide allocator (xmlMemSetup), so winnow installs
// functions that put a 16-byte header before each block (its size and the
// budget it was charged to) and charge the budget that the calling thread has
// made current with a LibxmlMemoryScope. Extractors in different threads each
// charge their own budget; a block freed under another budget, or under none,
// is freed without touching any budget, so no stale pointer is ever followed.
//
// The hook must be in place before libxml2 allocates anything: the first
// extractor installs it and initialises the parser. A program that also uses
// libxml2 directly must create its first winnow extractor (or call
// install_libxml_allocator()) before its own first libxml2 call.
#pragma once

#include "engine/memory_budget.h"

namespace winnow {

// Idempotent and thread-safe. Returns false if another allocator was already
// installed in libxml2, in which case libxml2's memory is not charged.
bool install_libxml_allocator();

class LibxmlMemoryScope {
 public:
  explicit LibxmlMemoryScope(MemoryBudget& budget);
  ~LibxmlMemoryScope();
  LibxmlMemoryScope(const LibxmlMemoryScope&) = delete;
  LibxmlMemoryScope& operator=(const LibxmlMemoryScope&) = delete;

 private:
  MemoryBudget* previous_;
};

}  // namespace winnow
