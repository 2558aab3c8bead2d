// SPDX-License-Identifier: MIT
// A test-only algorithm that writes every token it sees as one line, so tests
// can recover the exact token stream the real pipeline produced and run
// offline reference implementations over it.
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "engine/algorithm.h"
#include "engine/algorithm_registry.h"
#include "engine/memory_budget.h"
#include "engine/token.h"

namespace winnow::test {

struct DumpedToken {
  Token token;
  std::string text;
};

const AlgorithmInfo& token_dump_algorithm();
std::vector<DumpedToken> parse_token_dump(const std::string& dump);
// The token stream of a document as the pipeline produces it.
std::vector<DumpedToken> tokens_of(const std::string& html);
// Feeds `tokens` to `algorithm` as the engine does (a token stream of its own,
// then finish()) and returns the text it wrote: how the tests run an online
// algorithm over a recorded or generated stream.
std::string run_tokens(Algorithm& algorithm, const std::vector<DumpedToken>& tokens);

// What a filter with a bounded queue of words wrote, and how many words it
// had to decide early (before their element ended) because the queue was full.
struct EarlyRun {
  std::string text;
  std::uint64_t early = 0;
};

// Makes a `Filter` (Crunch, Lqf: anything with ok() and early_decisions())
// with `params` in a budget of `budget_bytes` and runs it over `tokens`.
template <typename Filter, typename Params>
EarlyRun run_with_early_decisions(const std::vector<DumpedToken>& tokens, const Params& params,
                                  std::size_t budget_bytes) {
  MemoryBudget budget(budget_bytes);
  Filter filter(budget, params);
  EXPECT_TRUE(filter.ok());
  std::string text = run_tokens(filter, tokens);
  return {std::move(text), filter.early_decisions()};
}

}  // namespace winnow::test
