// SPDX-License-Identifier: MIT
// Charges libxml2's own allocations to the extractor's MemoryBudget.
//
// libxml2 has one process-wide allocator (xmlMemSetup), so winnow installs
// functions that put a 16-byte header before each block (its size and the
// budget it was charged to) and charge the budget that the calling thread has
// made current with a LibxmlScope. Extractors in different threads each
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

// Brackets every call into libxml2: makes the budget current for this thread
// and silences libxml2's thread-global error output (its encoding errors
// would otherwise reach stderr); both are restored on exit. On exit it also
// clears the thread's last libxml2 error (xmlResetLastError), whose copy was
// allocated under this budget, so that nothing of libxml2's global state
// points into the budget's memory afterwards.
class LibxmlScope {
 public:
  explicit LibxmlScope(MemoryBudget& budget);
  ~LibxmlScope();
  LibxmlScope(const LibxmlScope&) = delete;
  LibxmlScope& operator=(const LibxmlScope&) = delete;

 private:
  MemoryBudget* previous_;
  void* previous_error_context_;
  void* previous_error_handler_;
  void* previous_structured_context_;
  void* previous_structured_handler_;
};

}  // namespace winnow
