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
  std::size_t size;
  const MemoryBudget* budget;  // compared, never dereferenced
};
static_assert(sizeof(BlockHeader) == 16, "the header keeps malloc's 16-byte alignment");

void* hooked_malloc(std::size_t size) {
  auto* header = static_cast<BlockHeader*>(std::malloc(sizeof(BlockHeader) + size));
  if (header == nullptr) return nullptr;
  header->size = size;
  header->budget = current_budget;
  if (current_budget) current_budget->charge(sizeof(BlockHeader) + size);
  return header + 1;
}

void hooked_free(void* block) {
  if (block == nullptr) return;
  BlockHeader* header = static_cast<BlockHeader*>(block) - 1;
  if (header->budget != nullptr && header->budget == current_budget)
    current_budget->release(sizeof(BlockHeader) + header->size);
  std::free(header);
}

void* hooked_realloc(void* block, std::size_t size) {
  if (block == nullptr) return hooked_malloc(size);
  BlockHeader* header = static_cast<BlockHeader*>(block) - 1;
  const std::size_t old_size = header->size;
  const MemoryBudget* owner = header->budget;
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
  xmlSetGenericErrorFunc(previous_error_context_,
                         reinterpret_cast<xmlGenericErrorFunc>(previous_error_handler_));
  xmlSetStructuredErrorFunc(previous_structured_context_,
                            reinterpret_cast<xmlStructuredErrorFunc>(previous_structured_handler_));
  current_budget = previous_;
}

}  // namespace winnow
