// SPDX-License-Identifier: MIT
// What the corpus tools under adapters/train/ share: the token stream of a
// page exactly as the real pipeline (decoder, guard, libxml2, tokenizer)
// produces it, captured by a pass-through algorithm, and a run of any
// algorithm factory over a page in memory.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "adapters/eval/package.h"
#include "engine/algorithm.h"
#include "engine/memory_budget.h"
#include "engine/status.h"
#include "engine/token.h"

namespace winnow::train {

struct CapturedToken {
  Token token;
  std::string text;
};

// The page's tokens (budget 64 MiB, so no page of the corpus is cut short).
std::vector<CapturedToken> capture_tokens(std::string_view html);

// Runs an algorithm made by `make` over the page through the whole pipeline,
// fed in 4 KiB chunks, with the given budget.
struct OnlineResult {
  std::string text;
  Status status = Status::Ok;
  std::size_t peak_memory = 0;
};
// A factory may carry the parameters the program was given.
using AlgorithmFactory = std::function<std::unique_ptr<Algorithm>(MemoryBudget&)>;
OnlineResult run_online(std::string_view html, const AlgorithmFactory& make, std::size_t memory_budget);

// The immediate subfolders of root holding a PACKAGE.json, sorted; empty (and
// a message on stderr naming root) when there are none.
std::vector<std::string> corpus_packages(const std::string& root);

// One page of a package, as the tools go through them.
struct CorpusPage {
  std::string package;
  eval::DocumentRef doc;
};

// The pages of the packages in `dirs` (corpus_packages()), at most `limit`
// of each (0: all), of the packages named in the comma-separated `only`
// (empty: all); `names` (if given) receives the packages taken. False, with a
// message on stderr, when a package cannot be read.
bool corpus_pages(const std::vector<std::string>& dirs, std::size_t limit, const std::string& only,
                  std::vector<CorpusPage>* pages, std::vector<std::string>* names = nullptr);

}  // namespace winnow::train
