// SPDX-License-Identifier: MIT
// train_mss: trains MSS's local classifier (engine/mss.h) on the development
// corpus and writes engine/mss_model.cpp.
//
//   winnow-train-mss [--corpus DIR] [--out FILE] [--train PKG,PKG,...]
//                    [--trigrams N] [--limit N] [--threads N] [--holdout]
//                    [--with-prior]
//
// 1. Tokens: every page through the real pipeline (corpus_tokens.h).
// 2. Labels: the page's word tokens, split into words as winnow-eval splits
//    them (lower case, at every non-letter/non-digit), are aligned with the
//    gold text's words by a longest common subsequence; a word token is
//    content when at least half of its words are in the alignment. A token
//    with no such word (punctuation) and every tag take the label
//    "content" only when the nearest labelled words before and after it are
//    both content, i.e. when it sits inside a content run.
// 3. Naive Bayes counts per class of every token trigram (mss_symbol,
//    hashed) and parent tag; the trigrams are pruned to the N most frequent
//    (default 15000), the rest pooled into one "other trigram" value;
//    log-likelihood ratios with add-one smoothing, in 1/1024 nats. Equal
//    class priors unless --with-prior (see engine/mss.h).
// 4. The model as C++ source, deterministic (sorted keys, no timestamp).
//
// --holdout instead trains one model per package on all the others and
// scores MSS with it on the package left out (word-sequence and bag-of-words
// F1 against the gold, the measures of winnow-eval): cross-package figures.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "adapters/eval/lcs.h"
#include "adapters/eval/normalize.h"
#include "adapters/eval/package.h"
#include "adapters/eval/parallel.h"
#include "adapters/train/corpus_tokens.h"
#include "engine/mss.h"
#include "engine/tag.h"

namespace winnow::train {
namespace {

// What training needs of one page, computed once.
struct Page {
  std::string package;
  std::vector<std::uint32_t> symbol;        // mss_symbol
  std::vector<std::uint8_t> parent;         // Tag
  std::vector<std::uint8_t> label;          // 1 content, 0 boilerplate
  // For scoring an extraction: the eval words of each token (ids local to
  // the page) and the gold's.
  std::vector<std::uint32_t> word_begin;  // token i: words [word_begin[i], word_begin[i+1])
  std::vector<std::uint32_t> words;
  std::vector<std::uint32_t> gold;
};

// Longest common subsequence of a and b: which elements of a it uses.
std::vector<bool> align(const std::vector<std::uint32_t>& a, const std::vector<std::uint32_t>& b) {
  const std::size_t n = a.size(), m = b.size();
  std::vector<bool> used(n, false);
  if (n == 0 || m == 0) return used;
  if (n * m > 200'000'000) {  // too large for the table: match by bag
    std::unordered_map<std::uint32_t, std::size_t> bag;
    for (std::uint32_t w : b) ++bag[w];
    for (std::size_t i = 0; i < n; ++i)
      if (bag[a[i]] > 0) --bag[a[i]], used[i] = true;
    return used;
  }
  // Lengths row by row, directions kept for the traceback (0 up, 1 left, 2 diagonal).
  std::vector<std::uint8_t> dir(n * m);
  std::vector<std::uint32_t> previous(m + 1, 0), current(m + 1, 0);
  for (std::size_t i = 0; i < n; ++i) {
    current[0] = 0;
    for (std::size_t j = 0; j < m; ++j) {
      if (a[i] == b[j]) {
        current[j + 1] = previous[j] + 1;
        dir[i * m + j] = 2;
      } else if (previous[j + 1] >= current[j]) {
        current[j + 1] = previous[j + 1];
        dir[i * m + j] = 0;
      } else {
        current[j + 1] = current[j];
        dir[i * m + j] = 1;
      }
    }
    std::swap(previous, current);
  }
  std::size_t i = n, j = m;
  while (i > 0 && j > 0) {
    const std::uint8_t d = dir[(i - 1) * m + (j - 1)];
    if (d == 2) used[i - 1] = true, --i, --j;
    else if (d == 0) --i;
    else --j;
  }
  return used;
}

Page make_page(const std::string& package, const std::string& html, const std::string& gold_text) {
  Page page;
  page.package = package;
  const std::vector<CapturedToken> tokens = capture_tokens(html);
  const std::size_t n = tokens.size();
  eval::WordIds ids;
  page.gold = ids.ids(eval::split_words(gold_text));
  MssParents parents;
  page.word_begin.push_back(0);
  for (const CapturedToken& t : tokens) {
    page.symbol.push_back(mss_symbol(t.token, t.text));
    page.parent.push_back(static_cast<std::uint8_t>(parents.parent_of(t.token)));
    if (t.token.is_word())
      for (std::uint32_t id : ids.ids(eval::split_words(t.text))) page.words.push_back(id);
    page.word_begin.push_back(static_cast<std::uint32_t>(page.words.size()));
  }
  // Labels: words by the alignment, the rest from their labelled neighbours.
  const std::vector<bool> used = align(page.words, page.gold);
  std::vector<int> label(n, -1);
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint32_t b = page.word_begin[i], e = page.word_begin[i + 1];
    if (e == b) continue;
    std::uint32_t matched = 0;
    for (std::uint32_t k = b; k < e; ++k) matched += used[k];
    label[i] = 2 * matched >= e - b ? 1 : 0;
  }
  std::vector<int> before(n, 0), after(n, 0);
  int last = 0;
  for (std::size_t i = 0; i < n; ++i) {
    before[i] = last;
    if (label[i] >= 0) last = label[i];
  }
  last = 0;
  for (std::size_t i = n; i-- > 0;) {
    after[i] = last;
    if (label[i] >= 0) last = label[i];
  }
  for (std::size_t i = 0; i < n; ++i)
    page.label.push_back(static_cast<std::uint8_t>(label[i] >= 0 ? label[i] : (before[i] && after[i])));
  return page;
}

struct TrainedModel {
  std::int32_t prior = 0;
  std::int32_t other = 0;
  std::vector<std::uint32_t> keys;
  std::vector<std::int16_t> llr;
  std::vector<std::int16_t> parents;
  std::string description;
  MssBucketIndex buckets{};  // of keys, once they are final
  MssModel view() const {
    return MssModel{prior,         other,         keys.data(), llr.data(), keys.size(), parents.data(),
                    parents.size(), description.c_str(), &buckets};
  }
};

std::int16_t fixed(double nats) {
  return static_cast<std::int16_t>(std::clamp(std::lround(nats * 1024), -32767l, 32767l));
}

// with_prior: the training pages' class proportion as the prior instead of
// equal priors.
TrainedModel train(const std::vector<const Page*>& pages, std::size_t trigram_count, bool with_prior) {
  TrainedModel model;
  std::unordered_map<std::uint32_t, std::array<std::uint64_t, 2>> trigrams;
  std::vector<std::array<std::uint64_t, 2>> parents(static_cast<std::size_t>(Tag::count), {0, 0});
  std::array<std::uint64_t, 2> total = {0, 0};
  for (const Page* page : pages) {
    const std::size_t n = page->label.size();
    std::vector<std::uint32_t> symbols(page->symbol);
    symbols.resize(n + 2, kMssEndSymbol);
    for (std::size_t i = 0; i < n; ++i) {
      const int c = page->label[i];
      ++trigrams[mss_trigram_key(symbols[i], symbols[i + 1], symbols[i + 2])][c];
      ++parents[page->parent[i]][c];
      ++total[c];
    }
  }
  std::vector<std::pair<std::uint64_t, std::uint32_t>> frequent;
  for (const auto& [key, counts] : trigrams) frequent.push_back({counts[0] + counts[1], key});
  std::sort(frequent.begin(), frequent.end(),
            [](const auto& a, const auto& b) { return a.first != b.first ? a.first > b.first : a.second < b.second; });
  if (frequent.size() > trigram_count) frequent.resize(trigram_count);
  std::set<std::uint32_t> kept;
  for (const auto& f : frequent) kept.insert(f.second);
  std::array<std::uint64_t, 2> other = {0, 0};
  for (const auto& [key, counts] : trigrams)
    if (!kept.count(key)) other[0] += counts[0], other[1] += counts[1];

  const double n0 = static_cast<double>(total[0]), n1 = static_cast<double>(total[1]);
  auto llr = [&](std::uint64_t c0, std::uint64_t c1, double values) {
    return std::log((static_cast<double>(c1) + 1) / (n1 + values)) -
           std::log((static_cast<double>(c0) + 1) / (n0 + values));
  };
  const double trigram_values = static_cast<double>(kept.size() + 1);
  model.prior = fixed(with_prior ? std::log((n1 + 1) / (n0 + 1)) : 0.0);
  model.other = fixed(llr(other[0], other[1], trigram_values));
  for (std::uint32_t key : kept) {  // std::set: sorted
    model.keys.push_back(key);
    model.llr.push_back(fixed(llr(trigrams[key][0], trigrams[key][1], trigram_values)));
  }
  for (const auto& counts : parents)
    model.parents.push_back(fixed(llr(counts[0], counts[1], static_cast<double>(Tag::count))));
  model.buckets = mss_bucket_index(model.keys.data(), model.keys.size());
  return model;
}

// The kept tokens of MSS over a cached page with a model (engine scoring,
// offline maximum run: the reference's rule).
std::vector<std::uint32_t> extract(const Page& page, const MssModel& model) {
  const std::size_t n = page.label.size();
  std::vector<std::uint32_t> symbols(page.symbol);
  symbols.resize(n + 2, kMssEndSymbol);
  std::int64_t prefix = 0, min_prefix = 0, best = 0;
  std::size_t min_at = 0, first = 0, last = 0;
  bool found = false;
  for (std::size_t j = 0; j < n; ++j) {
    if (prefix <= min_prefix) min_prefix = prefix, min_at = j;
    prefix += mss_score(model, mss_trigram_key(symbols[j], symbols[j + 1], symbols[j + 2]),
                        static_cast<Tag>(page.parent[j]));
    if (!found || prefix - min_prefix > best) best = prefix - min_prefix, first = min_at, last = j, found = true;
  }
  std::vector<std::uint32_t> words;
  if (found)
    for (std::size_t i = page.word_begin[first]; i < page.word_begin[last + 1]; ++i) words.push_back(page.words[i]);
  return words;
}

double f1(std::size_t overlap, std::size_t extracted, std::size_t gold) {
  if (extracted == 0 && gold == 0) return 1;
  if (extracted == 0 || gold == 0 || overlap == 0) return 0;
  const double p = static_cast<double>(overlap) / static_cast<double>(extracted);
  const double r = static_cast<double>(overlap) / static_cast<double>(gold);
  return 2 * p * r / (p + r);
}

void write_model(const TrainedModel& m, const std::string& path) {
  std::FILE* f = std::fopen(path.c_str(), "w");
  if (!f) {
    std::fprintf(stderr, "cannot write %s\n", path.c_str());
    std::exit(2);
  }
  std::fprintf(f,
               "// SPDX-License-Identifier: MIT\n"
               "// Generated by adapters/train/train_mss (winnow-train-mss) — do not edit; re-run it.\n"
               "// MSS's Naive Bayes model (engine/mss.h): %s;\n"
               "// %zu trigrams, %zu parent tags, log-likelihood ratios in 1/1024 nats.\n",
               m.description.c_str(), m.keys.size(), m.parents.size());
  std::fprintf(f, "#include \"engine/mss.h\"\n\nnamespace winnow {\nnamespace {\n\n");
  auto array = [f](const char* type, const char* name, const auto& values, int per_line) {
    const bool keys = std::string(name) == "kTrigramKeys";  // constexpr: the bucket index is computed from it
    std::fprintf(f, "%s %s %s[%zu] = {", keys ? "constexpr" : "const", type, name,
                 std::max<std::size_t>(values.size(), 1));
    for (std::size_t i = 0; i < values.size(); ++i)
      std::fprintf(f, "%s%lld,", i % per_line == 0 ? "\n" : "", static_cast<long long>(values[i]));
    if (values.empty()) std::fprintf(f, "0");
    std::fprintf(f, "\n};\n\n");
  };
  array("std::uint32_t", "kTrigramKeys", m.keys, 10);
  std::fprintf(f, "constexpr MssBucketIndex kTrigramBuckets = mss_bucket_index(kTrigramKeys, %zu);\n\n", m.keys.size());
  array("std::int16_t", "kTrigramLlr", m.llr, 16);
  array("std::int16_t", "kParentLlr", m.parents, 16);
  std::fprintf(f,
               "}  // namespace\n\nconst MssModel kMssModel = {%d, %d, kTrigramKeys, kTrigramLlr, %zu, kParentLlr, %zu,\n"
               "                             \"%s\", &kTrigramBuckets};\n\n}  // namespace winnow\n",
               m.prior, m.other, m.keys.size(), m.parents.size(), m.description.c_str());
  std::fclose(f);
}

int usage() {
  std::fprintf(stderr,
               "usage: winnow-train-mss [--corpus DIR] [--out FILE] [--train PKG,...] [--trigrams N]\n"
               "                        [--limit N] [--threads N] [--holdout] [--with-prior]\n");
  return 1;
}

int run(int argc, char** argv) {
  std::string corpus = WINNOW_TRAIN_DEFAULT_CORPUS;
  std::string out = "engine/mss_model.cpp";
  std::string only;
  std::size_t trigram_count = 15000, limit = 0;
  bool with_prior = false;
  unsigned threads = 2;
  bool holdout = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) std::exit(usage());
      return argv[++i];
    };
    if (arg == "--corpus") corpus = value();
    else if (arg == "--out") out = value();
    else if (arg == "--train") only = value();
    else if (arg == "--trigrams") trigram_count = std::stoul(value());
    else if (arg == "--limit") limit = std::stoul(value());
    else if (arg == "--threads") threads = static_cast<unsigned>(std::stoul(value()));
    else if (arg == "--holdout") holdout = true;
    else if (arg == "--with-prior") with_prior = true;
    else if (arg == "-h" || arg == "--help") return usage(), 0;
    else return usage();
  }
  const std::vector<std::string> dirs = corpus_packages(corpus);
  if (dirs.empty()) return 0;

  std::vector<CorpusPage> jobs;
  std::vector<std::string> names;
  if (!corpus_pages(dirs, limit, only, &jobs, &names)) return 2;

  // Pages, in parallel.
  std::vector<Page> pages(jobs.size());
  eval::parallel_for(jobs.size(), threads, [&](std::size_t j, unsigned) {
    const auto html = eval::read_file_bytes(jobs[j].doc.html);
    const auto gold = eval::read_file_bytes(jobs[j].doc.gold);
    if (html && gold) pages[j] = make_page(jobs[j].package, *html, *gold);
  });
  std::fprintf(stderr, "%zu pages read\n", pages.size());

  auto train_without = [&](const std::string& left_out) {
    std::vector<const Page*> training;
    std::string description = "trained on";
    for (const std::string& name : names)
      if (name != left_out) description += " " + name;
    for (const Page& p : pages)
      if (!p.package.empty() && p.package != left_out) training.push_back(&p);
    TrainedModel model = train(training, trigram_count, with_prior);
    model.description = description + " (" + std::to_string(training.size()) + " pages)";
    return model;
  };

  if (!holdout) {
    const TrainedModel model = train_without("");
    write_model(model, out);
    std::fprintf(stderr, "wrote %s: %s\n", out.c_str(), model.description.c_str());
    return 0;
  }
  std::printf("%-22s %6s %10s %10s   (MSS trained on the other packages)\n", "package", "docs", "seq_f1", "bag_f1");
  double all_seq = 0, all_bag = 0;
  std::size_t all_docs = 0;
  for (const std::string& name : names) {
    const TrainedModel model = train_without(name);
    const MssModel view = model.view();
    double seq = 0, bag = 0;
    std::size_t docs = 0;
    for (const Page& page : pages) {
      if (page.package != name) continue;
      const std::vector<std::uint32_t> words = extract(page, view);
      seq += f1(eval::lcs_length(words, page.gold), words.size(), page.gold.size());
      std::unordered_map<std::uint32_t, long> bag_counts;
      for (std::uint32_t w : page.gold) ++bag_counts[w];
      std::size_t overlap = 0;
      for (std::uint32_t w : words)
        if (bag_counts[w]-- > 0) ++overlap;
      bag += f1(overlap, words.size(), page.gold.size());
      ++docs;
    }
    std::printf("%-22s %6zu %10.3f %10.3f\n", name.c_str(), docs, seq / static_cast<double>(docs),
                bag / static_cast<double>(docs));
    all_seq += seq, all_bag += bag, all_docs += docs;
  }
  std::printf("%-22s %6zu %10.3f %10.3f\n", "ALL", all_docs, all_seq / static_cast<double>(all_docs),
              all_bag / static_cast<double>(all_docs));
  return 0;
}

}  // namespace
}  // namespace winnow::train

int main(int argc, char** argv) { return winnow::train::run(argc, argv); }
