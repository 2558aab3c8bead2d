// SPDX-License-Identifier: MIT
// Runs every extractor over every document of the given packages on a few
// threads and collects the per-document results in a fixed order (package,
// document, extractor), whatever the thread count. One task is one document:
// its HTML is read and its gold normalised once, then every extractor runs.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "adapters/eval/extractor.h"
#include "adapters/eval/package.h"
#include "adapters/eval/summary.h"

namespace winnow::eval {

struct RunOptions {
  std::size_t threads = 1;
  std::size_t limit_per_package = 0;  // 0: every document
  // Resolve character references in the gold texts before scoring: some
  // packages' gold was cut from HTML without resolving them
  // (cleanportaleval: &#8217; in 64 of 71 files), so "don&#8217;t" counts
  // a word "8217" no extractor writes and breaks every shingle around it.
  bool resolve_gold_entities = false;
  // Give each extractor the page's address from its meta file (<id>.json's
  // url), as a caller that requested the page knows it (winnow --url).
  bool known_address = false;
  // Called now and then with (documents done, documents total) from one
  // thread at a time; may be empty.
  std::function<void(std::size_t, std::size_t)> on_progress;
};

struct RunResult {
  std::vector<DocumentResult> documents;
  std::vector<std::string> problems;  // documents that could not be read
};

RunResult run_evaluation(const std::vector<Package>& packages,
                         const std::vector<std::unique_ptr<Extractor>>& extractors,
                         const RunOptions& options);

}  // namespace winnow::eval
