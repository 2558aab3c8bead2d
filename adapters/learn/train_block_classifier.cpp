// SPDX-License-Identifier: MIT
// train_block_classifier: learns the `blocks` algorithm's model (seed 003)
// from the development corpus and writes it as
// engine/block_classifier_model.cpp.
//
//   train_block_classifier [--corpus ROOT] [--out FILE] [--threads N] [--no-write] [--no-cv]
//
// 1. Every page runs through the real pipeline with an algorithm that keeps
//    each block's ClassifierBlock statistics and text, so training sees what
//    runs.
// 2. Labels: a block is content when at least half of its words are found in
//    the gold text (words matched as a multiset, larger blocks first).
// 3. Token indicators: the 10 semantics bits with the highest Naive Bayes
//    score for boilerplate (seed 003's formula) on the training documents.
// 4. Logistic regression on classifier_features(), standardised, L2
//    (lambda 1), Newton's method; each block weighted by the square root of
//    its word count (the measures count words).
// 5. 5-fold cross-validation over documents (seed 003's protocol; a
//    document's fold is a hash of its package and id), reported per package
//    with winnow-eval's measures, for seed 003's feature sets: text features
//    only, + relative position, + id/class tokens; relative position both as
//    seed 003 defines it (n / N, known only offline) and as the streaming
//    algorithm computes it (log bins of the words before the block). The
//    shipped model is then trained on every document.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "adapters/eval/metrics.h"
#include "adapters/eval/normalize.h"
#include "adapters/eval/package.h"
#include "adapters/eval/parallel.h"
#include "adapters/learn/figures.h"
#include "adapters/learn/generated_source.h"
#include "adapters/learn/logistic.h"
#include "adapters/learn/page_blocks.h"
#include "adapters/libxml/html_extractor.h"
#include "engine/algorithm.h"
#include "engine/block_classifier.h"
#include "engine/semantics.h"

#ifndef WINNOW_DEFAULT_CORPUS
#define WINNOW_DEFAULT_CORPUS "build/corpus"
#endif

namespace {

using Figures = winnow::learn::PageFigures;
using winnow::ClassifierBlock;
using winnow::kClassifierFeatureCount;
constexpr std::size_t F = kClassifierFeatureCount;

const char* const kSemanticNames[winnow::kSemCount] = {
    "navigation", "footer", "header", "sidebar", "comment", "share", "related", "advert", "subscribe",
    "article",    "content", "byline", "caption", "teaser", "title", "hidden",  "tags",   "form", "noscript",
    "main",       "declared_body"};

struct Block {
  ClassifierBlock stats;
  std::string text;

  void start(const winnow::learn::BlockStart& at) { stats.words_before = at.words_before; }
  void add_word(const winnow::Token& token, std::string_view word, const winnow::TokenStream&) {
    stats.add_word(token, word);
  }
};

struct Document {
  std::size_t package = 0;
  std::size_t fold = 0;
  std::string gold;
  std::vector<Block> blocks;
  std::vector<std::uint8_t> labels;
};

void label_blocks(Document* doc) {
  doc->labels = winnow::learn::label_by_gold(
      doc->gold, doc->blocks.size(), [&](std::size_t i) { return doc->blocks[i].stats.words; },
      [&](std::size_t i) -> const std::string& { return doc->blocks[i].text; });
}

// Which features a variant uses.
enum class Position { None, Relative, Streaming };
struct Variant {
  const char* name;
  Position position;
  bool tokens;
};

struct Model {
  winnow::BlockClassifierModel m{};
  Variant variant{};
};

void features_of(const Document& d, std::size_t i, const Model& model, float* x) {
  static const ClassifierBlock none{};
  const std::size_t n = d.blocks.size();
  const bool has_prev = i > 0, has_next = i + 1 < n;
  std::size_t bin = 0;
  if (model.variant.position == Position::Relative) bin = i * winnow::kPositionBins / n;
  else if (model.variant.position == Position::Streaming) bin = winnow::streaming_position_bin(d.blocks[i].stats.words_before);
  winnow::classifier_features(model.m.selected, has_prev ? d.blocks[i - 1].stats : none, has_prev, d.blocks[i].stats,
                              has_next ? d.blocks[i + 1].stats : none, has_next, bin, x);
  if (model.variant.position == Position::None)
    for (std::size_t k = 0; k < winnow::kPositionBins; ++k) x[winnow::kBaseFeatureCount + k] = 0;
  if (!model.variant.tokens)
    for (std::size_t k = 0; k < winnow::kSelectedTokens; ++k) x[winnow::kBaseFeatureCount + winnow::kPositionBins + k] = 0;
}

// Seed 003's Naive Bayes score per token (here: semantics bit), top 10.
void select_tokens(const std::vector<const Document*>& docs, std::uint8_t* selected, bool print) {
  const std::size_t V = winnow::kSemCount;
  std::vector<double> count[2] = {std::vector<double>(V, 0), std::vector<double>(V, 0)};
  std::vector<double> with(V, 0);
  double total[2] = {0, 0};
  for (const Document* d : docs)
    for (std::size_t i = 0; i < d->blocks.size(); ++i) {
      const std::uint32_t s = d->blocks[i].stats.semantics;
      const int y = d->labels[i];
      for (std::size_t k = 0; k < V; ++k)
        if ((s >> k) & 1u) count[y][k] += 1, total[y] += 1, with[k] += 1;
    }
  std::vector<std::pair<double, std::size_t>> scores;
  for (std::size_t k = 0; k < V; ++k) {
    const double phi0 = (count[0][k] + 1) / (total[0] + V), phi1 = (count[1][k] + 1) / (total[1] + V);
    scores.push_back({std::log(phi0 / phi1) * with[k], k});
  }
  std::stable_sort(scores.begin(), scores.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  for (std::size_t j = 0; j < winnow::kSelectedTokens; ++j) selected[j] = static_cast<std::uint8_t>(scores[j].second);
  if (print) {
    std::printf("\nNaive Bayes scores of the semantics bits (boilerplate indicators first; top %zu selected):\n",
                winnow::kSelectedTokens);
    for (std::size_t j = 0; j < scores.size(); ++j)
      std::printf("  %s%-11s %12.1f\n", j < winnow::kSelectedTokens ? "*" : " ", kSemanticNames[scores[j].second],
                  scores[j].first);
  }
}

Model train(const std::vector<const Document*>& docs, const Variant& variant, bool print = false) {
  Model model;
  model.variant = variant;
  select_tokens(docs, model.m.selected, print);
  std::vector<std::pair<const Document*, std::size_t>> blocks;
  for (const Document* d : docs)
    for (std::size_t i = 0; i < d->blocks.size(); ++i) blocks.emplace_back(d, i);
  // Each block weighted by the square root of its words.
  winnow::learn::fit_logistic(
      blocks.size(), F, 15, [&](std::size_t r, float* x) { features_of(*blocks[r].first, blocks[r].second, model, x); },
      [&](std::size_t r) { return static_cast<int>(blocks[r].first->labels[blocks[r].second]); },
      [&](std::size_t r) {
        return std::sqrt(static_cast<double>(blocks[r].first->blocks[blocks[r].second].stats.words));
      },
      model.m.weights, model.m.mean, model.m.scale);
  return model;
}

// What the `blocks` algorithm would write for this document.
std::string extract_with(const Model& model, const Document& d) {
  std::string out;
  float x[F];
  for (std::size_t i = 0; i < d.blocks.size(); ++i) {
    features_of(d, i, model, x);
    if (winnow::classifier_probability(model.m, x) >= 0.5f) out += d.blocks[i].text + "\n";
  }
  return out;
}


std::uint64_t fnv1a(const std::string& s) {
  std::uint64_t h = 1469598103934665603ull;
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
  return h;
}

// 5-fold cross-validation: per package figures of each document scored by
// the model trained on the folds it is not in.
std::vector<Figures> cross_validate(const std::vector<Document>& docs, std::size_t packages, const Variant& variant,
                                    unsigned threads) {
  constexpr std::size_t kFolds = 5;
  std::vector<std::vector<Figures>> by_fold(kFolds, std::vector<Figures>(packages));
  winnow::eval::parallel_for(kFolds, threads, [&](std::size_t fold, unsigned) {
    std::vector<const Document*> train_set;
    for (const Document& d : docs)
      if (d.fold != fold) train_set.push_back(&d);
    const Model model = train(train_set, variant);
    for (const Document& d : docs) {
      if (d.fold != fold) continue;
      by_fold[fold][d.package].add(winnow::eval::score_document(winnow::eval::prepare_text(d.gold),
                                                                winnow::eval::prepare_text(extract_with(model, d))));
    }
  });
  std::vector<Figures> figures(packages);
  for (const auto& fold : by_fold)
    for (std::size_t p = 0; p < packages; ++p) figures[p].add(fold[p]);
  return figures;
}

void write_model(const Model& model, const std::string& path, const std::vector<std::string>& packages,
                 std::size_t docs, std::size_t blocks) {
  FILE* out =
      winnow::learn::open_generated_source(path, {"adapters/learn/train_block_classifier.cpp", packages, docs, blocks});
  if (!out) {
    std::fprintf(stderr, "train_block_classifier: cannot write %s\n", path.c_str());
    std::exit(2);
  }
  std::fprintf(out, "#include \"engine/block_classifier.h\"\n\nnamespace winnow {\nnamespace {\n\n");
  std::fprintf(out, "constexpr BlockClassifierModel kModel = {\n    // selected semantics bits:");
  for (std::size_t j = 0; j < winnow::kSelectedTokens; ++j) std::fprintf(out, " %s", kSemanticNames[model.m.selected[j]]);
  std::fprintf(out, "\n    {");
  for (std::size_t j = 0; j < winnow::kSelectedTokens; ++j) std::fprintf(out, "%s%u", j ? ", " : "", model.m.selected[j]);
  std::fprintf(out, "},\n");
  winnow::learn::write_float_row(out, "weights", model.m.weights, F, 6);
  winnow::learn::write_float_row(out, "mean", model.m.mean, F, 6);
  winnow::learn::write_float_row(out, "scale", model.m.scale, F, 6);
  std::fprintf(out, "};\n\n}  // namespace\n\nconst BlockClassifierModel& block_classifier_model() { return kModel; }\n\n}  // namespace winnow\n");
  std::fclose(out);
}

void print_table(const char* title, const std::vector<std::string>& names, const std::vector<Figures>& figures) {
  std::printf("\n%s\n", title);
  winnow::learn::print_figures_header();
  Figures all;
  for (std::size_t p = 0; p < names.size(); ++p) {
    const Figures& f = figures[p];
    all.add(f);
    if (f.docs) winnow::learn::print_figures_row(names[p].c_str(), f);
  }
  if (all.docs) winnow::learn::print_figures_row("ALL", all);
}

}  // namespace

int main(int argc, char** argv) {
  std::string corpus = WINNOW_DEFAULT_CORPUS, out_path = "engine/block_classifier_model.cpp";
  unsigned threads = 2;
  bool write = true, cv = true;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--corpus" && i + 1 < argc) corpus = argv[++i];
    else if (a == "--out" && i + 1 < argc) out_path = argv[++i];
    else if (a == "--threads" && i + 1 < argc) threads = static_cast<unsigned>(std::max(1, std::atoi(argv[++i])));
    else if (a == "--no-write") write = false;
    else if (a == "--no-cv") cv = false;
    else {
      std::fprintf(stderr, "usage: train_block_classifier [--corpus ROOT] [--out FILE] [--threads N] [--no-write] [--no-cv]\n");
      return 1;
    }
  }
  std::vector<std::string> names;
  const std::vector<winnow::learn::CorpusPage> pages = winnow::learn::list_pages(corpus, &names);
  if (pages.empty()) {
    std::fprintf(stderr, "train_block_classifier: no test packages under %s (run `make corpus`)\n", corpus.c_str());
    return 2;
  }
  std::vector<Document> docs(pages.size());
  winnow::eval::parallel_for(pages.size(), threads, [&](std::size_t i, unsigned) {
    Document& d = docs[i];
    d.package = pages[i].package;
    d.fold = fnv1a(names[d.package] + "/" + pages[i].id) % 5;
    std::string html;
    if (!winnow::learn::read_page(pages[i], &html, &d.gold)) return;
    d.blocks = winnow::learn::collect_blocks<Block>(html);
    label_blocks(&d);
  });
  std::size_t blocks = 0, content = 0;
  for (const Document& d : docs) {
    blocks += d.blocks.size();
    for (auto l : d.labels) content += l;
  }
  std::printf("%zu documents, %zu blocks, %.1f%% labelled content\n", docs.size(), blocks,
              blocks ? 100.0 * content / blocks : 0.0);

  const Variant shipped{"text + streaming position + tokens", Position::Streaming, true};
  if (cv) {
    const Variant variants[] = {
        {"text features only", Position::None, false},
        {"text + relative position (offline n/N)", Position::Relative, false},
        {"text + streaming position (log bins)", Position::Streaming, false},
        {"text + relative position (offline n/N) + tokens", Position::Relative, true},
        shipped,
    };
    for (const Variant& v : variants) {
      const std::string title = std::string("5-fold cross-validation, ") + v.name + ":";
      print_table(title.c_str(), names, cross_validate(docs, names.size(), v, threads));
      std::fflush(stdout);
    }
  }
  std::vector<const Document*> all;
  for (const Document& d : docs) all.push_back(&d);
  const Model model = train(all, shipped, true);
  std::printf("\nWeights of the shipped model (standardised features):\n");
  for (std::size_t j = 0; j < F; ++j) {
    const char* name = winnow::classifier_feature_name(j);
    if (j >= winnow::kBaseFeatureCount + winnow::kPositionBins)
      name = kSemanticNames[model.m.selected[j - winnow::kBaseFeatureCount - winnow::kPositionBins]];
    std::printf("  %-26s %9.4f\n", name, static_cast<double>(model.m.weights[j]));
  }
  std::vector<Figures> in_sample(names.size());
  for (const Document& d : docs)
    in_sample[d.package].add(winnow::eval::score_document(winnow::eval::prepare_text(d.gold),
                                                          winnow::eval::prepare_text(extract_with(model, d))));
  print_table("In-sample (trained on every document):", names, in_sample);
  if (write) {
    write_model(model, out_path, names, docs.size(), blocks);
    std::printf("\nwrote %s\n", out_path.c_str());
  }
  return 0;
}
