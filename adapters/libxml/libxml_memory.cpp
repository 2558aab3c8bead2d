// SPDX-License-Identifier: MIT
#include "adapters/libxml/libxml_memory.h"

#include <libxml/parser.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlmemory.h>

#include <cstdlib>
#include <cstring>
#include <mutex>

namespace winnow {
namespace {

// The budget libxml2 allocations are charged to on this thread.
thread_local MemoryBudget* current_budget = nullptr;

struct alignas(16) BlockHeader {
  std::size_t size : 63;
  std::size_t in_arena : 1;    // carved from the budget's arena, not from malloc
  const MemoryBudget* budget;  // compared, never dereferenced
};
static_assert(sizeof(BlockHeader) == 16, "the header keeps malloc's 16-byte alignment");

void* hooked_malloc(std::size_t size) {
  MemoryBudget* budget = current_budget;
  // The parser's memory is required: optional held text gives way first.
  if (budget != nullptr) budget->make_room(sizeof(BlockHeader) + size);
  bool in_arena = budget != nullptr && budget->uses_arena();
  void* memory = in_arena ? budget->allocate(sizeof(BlockHeader) + size) : nullptr;
  if (memory == nullptr && in_arena) {
    // The arena, reserve included, is full within one parser call. libxml2
    // 2.9.14's push parser can spin forever on a failed allocation, so this
    // block comes from the heap instead, and the budget ends the document
    // (BudgetExceeded) when the call returns.
    budget->mark_exceeded();
    in_arena = false;
  }
  if (memory == nullptr) memory = std::malloc(sizeof(BlockHeader) + size);
  if (memory == nullptr) return nullptr;
  auto* header = static_cast<BlockHeader*>(memory);
  header->size = size;
  header->in_arena = in_arena;
  header->budget = budget;
  if (budget) budget->charge(sizeof(BlockHeader) + size);
  return header + 1;
}

void hooked_free(void* block) {
  if (block == nullptr) return;
  BlockHeader* header = static_cast<BlockHeader*>(block) - 1;
  const bool owned_here = header->budget != nullptr && header->budget == current_budget;
  if (owned_here) current_budget->release(sizeof(BlockHeader) + header->size);
  if (!header->in_arena) {
    std::free(header);
  } else if (owned_here && current_budget->uses_arena()) {
    // (An arena block's budget always uses its arena; saying so also keeps
    // GCC from seeing a path where realloc'ed memory reaches operator delete.)
    current_budget->deallocate(header);
  }
  // An arena block freed outside its extractor's scope is left alone: the
  // arena is the caller's memory, and its budget may no longer exist.
}

void* hooked_realloc(void* block, std::size_t size) {
  if (block == nullptr) return hooked_malloc(size);
  BlockHeader* header = static_cast<BlockHeader*>(block) - 1;
  const std::size_t old_size = header->size;
  if (header->in_arena || (current_budget != nullptr && current_budget->uses_arena())) {
    // An arena has no realloc in place: move the block.
    void* moved = hooked_malloc(size);
    if (moved == nullptr) return nullptr;
    std::memcpy(moved, block, old_size < size ? old_size : size);
    hooked_free(block);
    return moved;
  }
  const MemoryBudget* owner = header->budget;
  if (current_budget != nullptr) {
    // What the charge below adds: the growth, or the whole block if it was
    // not this budget's.
    if (owner != current_budget) {
      current_budget->make_room(sizeof(BlockHeader) + size);
    } else if (size > old_size) {
      current_budget->make_room(size - old_size);
    }
  }
  auto* moved = static_cast<BlockHeader*>(std::realloc(header, sizeof(BlockHeader) + size));
  if (moved == nullptr) return nullptr;
  moved->size = size;
  if (owner != nullptr && owner == current_budget) {
    current_budget->release(sizeof(BlockHeader) + old_size);
    current_budget->charge(sizeof(BlockHeader) + size);
  } else {
    moved->budget = current_budget;
    if (current_budget) current_budget->charge(sizeof(BlockHeader) + size);
  }
  return moved + 1;
}

char* hooked_strdup(const char* text) {
  const std::size_t size = std::strlen(text) + 1;
  auto* copy = static_cast<char*>(hooked_malloc(size));
  if (copy) std::memcpy(copy, text, size);
  return copy;
}

void ignore_generic_error(void*, const char*, ...) {}
void ignore_structured_error(void*, xmlErrorPtr) {}

}  // namespace

bool install_libxml_allocator() {
  static std::once_flag once;
  static bool installed = false;
  std::call_once(once, [] {
    xmlFreeFunc free_fn = nullptr;
    xmlMallocFunc malloc_fn = nullptr;
    xmlReallocFunc realloc_fn = nullptr;
    xmlStrdupFunc strdup_fn = nullptr;
    xmlMemGet(&free_fn, &malloc_fn, &realloc_fn, &strdup_fn);
    // Only replace libxml2's defaults; someone else's hook stays in place.
    if (free_fn == free && malloc_fn == malloc) {
      installed = xmlMemSetup(hooked_free, hooked_malloc, hooked_realloc, hooked_strdup) == 0;
    }
    xmlInitParser();
  });
  return installed;
}

LibxmlScope::LibxmlScope(MemoryBudget& budget)
    : previous_(current_budget),
      previous_error_context_(xmlGenericErrorContext),
      previous_error_handler_(reinterpret_cast<void*>(xmlGenericError)),
      previous_structured_context_(xmlStructuredErrorContext),
      previous_structured_handler_(reinterpret_cast<void*>(xmlStructuredError)) {
  current_budget = &budget;
  xmlSetGenericErrorFunc(nullptr, &ignore_generic_error);
  xmlSetStructuredErrorFunc(nullptr, &ignore_structured_error);
}

LibxmlScope::~LibxmlScope() {
  // libxml2 keeps a copy of the last error per thread, outside any parser
  // context; its strings were allocated in this scope (in the arena, if the
  // budget has one) and must not outlive it: the next error would free them
  // after the arena is gone.
  xmlResetLastError();
  xmlSetGenericErrorFunc(previous_error_context_,
                         reinterpret_cast<xmlGenericErrorFunc>(previous_error_handler_));
  xmlSetStructuredErrorFunc(previous_structured_context_,
                            reinterpret_cast<xmlStructuredErrorFunc>(previous_structured_handler_));
  current_budget = previous_;
}

}  // namespace winnow
