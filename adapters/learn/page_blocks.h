// SPDX-License-Identifier: MIT
// What the training programs share: running a collecting algorithm over a
// whole page through the real pipeline, and labelling the blocks it found
// against the gold text.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "adapters/eval/normalize.h"
#include "adapters/libxml/html_extractor.h"
#include "engine/algorithm_registry.h"
#include "engine/content_sink.h"

namespace winnow::learn {

// Runs `collector` (an algorithm that records the blocks it sees) over the
// whole page, with a budget large enough that training sees every block of
// every page.
inline void run_collector(const std::string& html, const AlgorithmInfo& collector) {
  class NullSink final : public ContentSink {
   public:
    void on_text(std::string_view) override {}
    void on_block_end() override {}
  };
  ExtractorConfig config;
  config.memory_budget = 64u << 20;
  NullSink sink;
  HtmlExtractor extractor(config, collector, sink);
  extractor.feed(html.data(), html.size(), true);
}

// Labels by the bag match winnow-eval measures with: blocks are taken
// longest first (words_of(i)), each gold word is used once, and block i is
// content when at least half of its words (text_of(i), split as winnow-eval
// splits) are found in what is left of the gold.
template <typename WordsOf, typename TextOf>
std::vector<std::uint8_t> label_by_gold(const std::string& gold_text, std::size_t count, WordsOf words_of,
                                        TextOf text_of) {
  std::unordered_map<std::string, int> gold;
  for (std::string& w : eval::split_words(gold_text)) ++gold[w];
  std::vector<std::size_t> order(count);
  for (std::size_t i = 0; i < count; ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return words_of(a) > words_of(b); });
  std::vector<std::uint8_t> labels(count, 0);
  for (std::size_t i : order) {
    const std::vector<std::string> words = eval::split_words(text_of(i));
    std::size_t found = 0;
    for (const std::string& w : words) {
      auto it = gold.find(w);
      if (it != gold.end() && it->second > 0) {
        --it->second;
        ++found;
      }
    }
    labels[i] = !words.empty() && 2 * found >= words.size();
  }
  return labels;
}

}  // namespace winnow::learn
