// SPDX-License-Identifier: MIT
// What the training programs share: the corpus's pages, running a
// collecting algorithm over a whole page through the real pipeline, and
// labelling the blocks it found against the gold text.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "adapters/eval/metrics.h"
#include "adapters/eval/normalize.h"
#include "adapters/eval/package.h"
#include "adapters/libxml/html_extractor.h"
#include "engine/algorithm.h"
#include "engine/algorithm_registry.h"
#include "engine/block_features.h"
#include "engine/block_labeler.h"
#include "engine/default_extractor.h"
#include "engine/content_sink.h"

namespace winnow::learn {

// A page of a test package (seed 000's layout, adapters/eval/package.h).
struct CorpusPage {
  std::size_t package = 0;  // index into the names list_pages() gives
  std::string id;
  std::filesystem::path html, gold;
};

// Every page of every test package under root, package after package, each
// package's pages sorted by id; *names gets the packages' names. Empty when
// root holds no package.
inline std::vector<CorpusPage> list_pages(const std::filesystem::path& root, std::vector<std::string>* names) {
  std::vector<CorpusPage> pages;
  for (const std::filesystem::path& dir : eval::find_packages(root)) {
    std::string error;
    const std::optional<eval::Package> package = eval::load_package(dir, &error);
    if (!package) continue;
    names->push_back(package->name);
    for (const eval::DocumentRef& ref : package->documents)
      pages.push_back(CorpusPage{names->size() - 1, ref.id, ref.html, ref.gold});
  }
  return pages;
}

// Reads a page's HTML and gold text; false when either cannot be read.
inline bool read_page(const CorpusPage& page, std::string* html, std::string* gold) {
  std::optional<std::string> h = eval::read_file_bytes(page.html), g = eval::read_file_bytes(page.gold);
  if (!h || !g) return false;
  *html = std::move(*h);
  *gold = std::move(*g);
  return true;
}

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

// Where a block starts: its number, and the words and tags before it.
struct BlockStart {
  std::uint64_t index = 0;
  std::uint64_t words_before = 0;
  std::uint32_t tags_before = 0;  // since the previous word
};

// A training-only algorithm that records every block of a page (a run of
// words with the same Token::block): its text, the words joined as the
// ContentWriter joins them, and what the program's Block gathers, which
// has `std::string text`, `void start(const BlockStart&)` and
// `void add_word(const Token&, std::string_view text, const TokenStream&)`.
template <typename Block>
class BlockCollector final : public Algorithm {
 public:
  explicit BlockCollector(std::vector<Block>& blocks) : blocks_(blocks) {}
  void on_token(const Token& token, std::string_view text, const TokenStream& stream, ContentWriter&) override {
    if (token.is_tag()) {
      ++tags_;
      return;
    }
    if (open_ && token.block != id_) open_ = false;
    if (!open_) {
      blocks_.emplace_back();
      blocks_.back().start(BlockStart{blocks_.size() - 1, words_, tags_});
      open_ = true;
      id_ = token.block;
    } else if (!token.has(kTokenGlued)) {
      blocks_.back().text.push_back(' ');
    }
    blocks_.back().text.append(text);
    blocks_.back().add_word(token, text, stream);
    tags_ = 0;
    ++words_;
  }
  void finish(ContentWriter&) override {}

 private:
  std::vector<Block>& blocks_;
  bool open_ = false;
  std::uint32_t id_ = 0;
  std::uint32_t tags_ = 0;
  std::uint64_t words_ = 0;
};

// The blocks of a page, as a BlockCollector<Block> records them running
// through the real pipeline.
template <typename Block>
std::vector<Block> collect_blocks(const std::string& html) {
  struct Factory {
    static std::unique_ptr<Algorithm> create(MemoryBudget&, void* blocks) {
      return std::make_unique<BlockCollector<Block>>(*static_cast<std::vector<Block>*>(blocks));
    }
  };
  std::vector<Block> blocks;
  AlgorithmInfo collector{"collector", "training only", nullptr};
  collector.create_with = &Factory::create;
  collector.context = &blocks;
  run_collector(html, collector);
  return blocks;
}

// A block as the default extractor sees it: its statistics, gathered word by
// word exactly as DefaultExtractor gathers them (engine/block_features.h),
// and its rendered text. What train_blocks learns from.
struct FeatureBlock {
  BlockStats stats;
  std::string text;
  // The block's latest letter, which DefaultExtractor keeps for its open
  // block: without it a Thai, Lao, Myanmar or Khmer letter would be looked
  // up in the title alone in training and in pairs when the model runs.
  LetterPair letters;

  void start(const BlockStart& at) {
    stats.index = at.index;
    stats.tags_before = at.tags_before;
  }
  void add_word(const Token& token, std::string_view word, const TokenStream& stream) {
    stats.add_word(token, word, stream.page_text(), &letters);
  }
};

// The blocks the extractor passes over (DefaultExtractor::
// passed_over_blocks(): an ad's label alone between two paragraphs, a lone
// link between two) are no blocks to it, in features, smoothing or
// containers; this leaves them out the same way. train_blocks does so only
// with --leave-out-passed-over: trained with them as neighbours, the model
// scores as well held out (learn README, stops 75 and 105).
inline void leave_out_passed_over(std::vector<FeatureBlock>* blocks, std::size_t lag) {
  std::vector<DefaultExtractor::PassOverFacts> facts(blocks->size());
  for (std::size_t i = 0; i < blocks->size(); ++i)
    facts[i] = DefaultExtractor::PassOverFacts::of((*blocks)[i].stats, (*blocks)[i].text);
  const std::vector<bool> passed = DefaultExtractor::passed_over_blocks(facts, lag);
  std::size_t kept = 0;
  for (std::size_t i = 0; i < blocks->size(); ++i) {
    if (passed[i]) continue;
    if (kept != i) (*blocks)[kept] = std::move((*blocks)[i]);
    ++kept;
  }
  blocks->resize(kept);
}

// Each block's first-stage features (block_features()) with the blocks
// before and after it as neighbours: row i at i * kBlockFeatureCount.
inline std::vector<float> feature_rows(const std::vector<FeatureBlock>& blocks) {
  const std::size_t n = blocks.size();
  std::vector<float> rows(n * kBlockFeatureCount, 0.0f);
  static const BlockStats none{};
  for (std::size_t i = 0; i < n; ++i) {
    const bool has_prev = i > 0, has_next = i + 1 < n;
    block_features(has_prev ? blocks[i - 1].stats : none, has_prev, blocks[i].stats,
                   has_next ? blocks[i + 1].stats : none, has_next, &rows[i * kBlockFeatureCount]);
  }
  return rows;
}

// Each block's second-stage context features (row i at i *
// kContextFeatureCount of `context`), computed in document order from the
// first-stage probabilities `model` gives the feature rows, as the
// extractor computes them (ContainerMemory).
inline void context_rows(const BlockModel& model, const std::vector<FeatureBlock>& blocks, const float* features,
                         float* context) {
  ContainerMemory memory;
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    const float p = content_probability(model, features + i * kBlockFeatureCount);
    memory.features(blocks[i].stats, p, context + i * kContextFeatureCount);
    memory.remember(blocks[i].stats, p);
  }
}

// Block indices, blocks with more words first (ties in document order).
template <typename WordsOf>
std::vector<std::size_t> longest_first(std::size_t count, WordsOf words_of) {
  std::vector<std::size_t> order(count);
  for (std::size_t i = 0; i < count; ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return words_of(a) > words_of(b); });
  return order;
}

// How many of a block's words are found in the gold text.
struct GoldMatch {
  std::size_t found = 0, words = 0;
  // At least half of them: the block's label.
  bool content() const { return words > 0 && 2 * found >= words; }
  float share() const { return words > 0 ? static_cast<float>(found) / static_cast<float>(words) : 0.0f; }
};

// Which blocks use up the gold words they find (match_gold).
enum class GoldClaims {
  // Every block, content or not: the labels the shipped models were trained
  // on. A long block that is not content (a comment thread, a footer) uses
  // up the common words it finds, so a short menu of them cannot pass, but
  // neither can an article's paragraphs whose words it took (dragnet 158:
  // no block of the article labelled content).
  EveryBlock,
  // Only a block labelled content: the paragraphs keep their words, and the
  // words left over go to short blocks later in the order. The perfect-labels
  // ceiling rises (dragnet 0.937 -> 0.977 bag F1), a model trained on it does
  // not (adapters/learn/README.md, stop 39).
  ContentOnly,
};

// Matches each block's words (text_of(i), split as winnow-eval splits)
// against the gold text as the bag measure does: blocks are taken longest
// first (words_of(i)) and each gold word is used once, by the blocks
// `claims` says.
template <typename WordsOf, typename TextOf>
std::vector<GoldMatch> match_gold(const std::string& gold_text, std::size_t count, WordsOf words_of, TextOf text_of,
                                  GoldClaims claims = GoldClaims::EveryBlock) {
  std::unordered_map<std::string, int> gold;
  for (std::string& w : eval::split_words(gold_text)) ++gold[w];
  std::vector<GoldMatch> matches(count);
  std::unordered_map<std::string, int> taken;  // the current block's finds
  for (std::size_t i : longest_first(count, words_of)) {
    const std::vector<std::string> words = eval::split_words(text_of(i));
    matches[i].words = words.size();
    taken.clear();
    for (const std::string& w : words) {
      auto it = gold.find(w);
      if (it == gold.end()) continue;
      int& found = taken[w];
      if (found < it->second) {
        ++found;
        ++matches[i].found;
      }
    }
    if (claims == GoldClaims::ContentOnly && !matches[i].content()) continue;
    for (const auto& [w, n] : taken) gold[w] -= n;
  }
  return matches;
}

// Labels by the bag match winnow-eval measures with: block i is content when
// at least half of its words are found in what is left of the gold
// (match_gold, with `claims`).
template <typename WordsOf, typename TextOf>
std::vector<std::uint8_t> label_by_gold(const std::string& gold_text, std::size_t count, WordsOf words_of,
                                        TextOf text_of, GoldClaims claims = GoldClaims::EveryBlock) {
  const std::vector<GoldMatch> matches = match_gold(gold_text, count, words_of, text_of, claims);
  std::vector<std::uint8_t> labels(count, 0);
  for (std::size_t i = 0; i < count; ++i) labels[i] = matches[i].content();
  return labels;
}

// Labels by the order of the words, as the shingle measure sees them: a
// block of two or more words is content when at least half of its n-grams
// (n = its word count, at most 4) occur in the gold text; a one-word block
// when its word is still left in the gold's bag after the words of the
// longer blocks labelled content were taken out. Unlike label_by_gold, a
// long block of common words (a menu of "news", "the", "and") does not pass
// by the bag alone nor use up the words an article's blocks need.
template <typename WordsOf, typename TextOf>
std::vector<std::uint8_t> label_by_gold_sequence(const std::string& gold_text, std::size_t count, WordsOf words_of,
                                                 TextOf text_of) {
  const std::vector<std::string> gold_words = eval::split_words(gold_text);
  const auto key = [](const std::vector<std::string>& words, std::size_t at, std::size_t n) {
    std::string k;
    for (std::size_t j = 0; j < n; ++j) {
      k += words[at + j];
      k += '\x1F';
    }
    return k;
  };
  std::unordered_map<std::string, int> grams[5];  // by n; n = 1 counts words
  for (std::size_t n = 1; n <= 4; ++n)
    for (std::size_t at = 0; at + n <= gold_words.size(); ++at) ++grams[n][key(gold_words, at, n)];
  std::vector<std::uint8_t> labels(count, 0);
  for (std::size_t i : longest_first(count, words_of)) {
    const std::vector<std::string> words = eval::split_words(text_of(i));
    if (words.size() == 1) {
      auto it = grams[1].find(key(words, 0, 1));
      labels[i] = it != grams[1].end() && it->second > 0;
      if (labels[i]) --it->second;
      continue;
    }
    const std::size_t n = std::min<std::size_t>(4, words.size());
    std::size_t found = 0, total = 0;
    for (std::size_t at = 0; at + n <= words.size(); ++at, ++total) found += grams[n].count(key(words, at, n));
    labels[i] = total > 0 && 2 * found >= total;
    if (!labels[i]) continue;
    for (std::size_t at = 0; at < words.size(); ++at) {
      auto it = grams[1].find(key(words, at, 1));
      if (it != grams[1].end() && it->second > 0) --it->second;
    }
  }
  return labels;
}

// What a perfect classifier under these labels writes: the text of every
// block labelled content, in document order, one line each.
template <typename TextOf>
std::string labelled_text(const std::vector<std::uint8_t>& labels, TextOf text_of) {
  std::string text;
  for (std::size_t i = 0; i < labels.size(); ++i) {
    if (!labels[i]) continue;
    text += text_of(i);
    text += '\n';
  }
  return text;
}

// The F1 of text against the gold on one measure, as winnow-eval scores it,
// its special cases included (adapters/eval/metrics.h).
inline double f1_against_gold(const std::string& gold_text, const std::string& text, eval::Measure measure) {
  const auto scores = eval::score_document(eval::prepare_text(gold_text), eval::prepare_text(text));
  return scores.by_measure[static_cast<std::size_t>(measure)].f1;
}

// The labelling that reads this page's gold best (train_blocks
// --best-labels): of the bag's (label_by_gold), the claims'
// (GoldClaims::ContentOnly) and the sequence's (label_by_gold_sequence), the
// one whose labelled_text() scores the highest bag plus shingle F1; ties go
// to the earlier. Each alone misreads some pages: the bag's and the claims'
// let a long Chinese sidebar match an article's common characters
// (readability-testpages' pixnet: 0.20 and 0.29 shingle F1, the sequence's
// 0.99); the sequence's labels every copy of a text the page repeats
// (dragnet 212: 0.50 bag F1, the bag's 1.00). A ceiling, not a better
// target: a model trained on it scores lower (adapters/learn/README.md,
// stop 97). A later labelling replaces the bag's only where it scores more
// than min_gain higher (the sum runs from 0 to 2), so a page the bag reads
// about right keeps the bag's labels.
template <typename WordsOf, typename TextOf>
std::vector<std::uint8_t> label_by_best_reading(const std::string& gold_text, std::size_t count, WordsOf words_of,
                                                TextOf text_of, double min_gain = 0) {
  const auto quality = [&](const std::vector<std::uint8_t>& labels) {
    const std::string text = labelled_text(labels, text_of);
    return f1_against_gold(gold_text, text, eval::Measure::BagOfWords) +
           f1_against_gold(gold_text, text, eval::Measure::Shingles);
  };
  std::vector<std::uint8_t> best = label_by_gold(gold_text, count, words_of, text_of);
  double best_quality = quality(best) + min_gain;
  for (auto candidate : {label_by_gold(gold_text, count, words_of, text_of, GoldClaims::ContentOnly),
                         label_by_gold_sequence(gold_text, count, words_of, text_of)}) {
    const double q = quality(candidate);
    if (q > best_quality) {
      best_quality = q;
      best = std::move(candidate);
    }
  }
  return best;
}

}  // namespace winnow::learn
