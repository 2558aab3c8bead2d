// SPDX-License-Identifier: MIT
// The one interface every extraction algorithm implements (boilerpipe's
// filter idea, made streaming): it sees each token once, in order, and writes
// the words it keeps to the ContentWriter as soon as it has decided them.
#pragma once

#include <cstddef>
#include <memory>
#include <string_view>
#include <type_traits>
#include <utility>

#include "engine/budget_buffer.h"
#include "engine/content_writer.h"
#include "engine/token.h"
#include "engine/token_stream.h"

namespace winnow {

// How far back into the token stream an algorithm reads.
struct StreamWindow {
  std::size_t tokens = 1;
  std::size_t text_bytes = 0;
};

// Algorithms are BudgetAllocated: the factories create them with
// make_algorithm(), in the budget's memory (the caller's arena when there is
// one), and the object itself is charged to the budget. The memory bound in
// each algorithm's header is what it reserves and grows beyond that object,
// whose size is fixed (24 bytes for plain to 3.5 KiB for the default
// extractor's pending-block table, with its 16-byte origin).
class Algorithm : public BudgetAllocated {
 public:
  virtual ~Algorithm() = default;
  virtual StreamWindow window() const { return {}; }
  // text is the word's text (empty for tags).
  virtual void on_token(const Token& token, std::string_view text, const TokenStream& stream,
                        ContentWriter& out) = 0;
  // End of the document (or of the part examined before the budget ran out):
  // write everything still undecided.
  virtual void finish(ContentWriter& out) = 0;
};

namespace detail {
template <typename T, typename = void>
struct HasOk : std::false_type {};
template <typename T>
struct HasOk<T, std::void_t<decltype(std::declval<const T&>().ok())>> : std::true_type {};
}  // namespace detail

// Creates T in the budget's memory; nullptr when there is no room, for the
// object or, when T has ok(), for the fixed buffers its constructor takes
// from the budget (the object then goes back to it too).
template <typename T, typename... Args>
std::unique_ptr<T> make_algorithm(MemoryBudget& budget, Args&&... args) {
  std::unique_ptr<T> algorithm(new (budget) T(std::forward<Args>(args)...));
  if constexpr (detail::HasOk<T>::value) {
    if (algorithm && !algorithm->ok()) return nullptr;
  }
  return algorithm;
}

}  // namespace winnow
