// SPDX-License-Identifier: MIT
// train_ncleaner: learns the models of the `ncleaner` and `ncleaner-nonlex`
// algorithms (engine/ncleaner.h, Evert 2008) from the development corpus and
// writes them as engine/ncleaner_model.cpp.
//
//   train_ncleaner [--corpus ROOT] [--out FILE] [--threads N] [--no-write] [--no-cv]
//                  [--lex-order N] [--nonlex-order N] [--q Q] [--min-count C]
//                  [--only lexical|nonlexical] [--extra-bits B]
//
// --only and --extra-bits (B more bits for every table, i.e. 2^B times the
// shipped size) are for experiments; with either, nothing is written.
//
// 1. Every page runs through the real pipeline with an algorithm that keeps
//    each block's rendered text, so training sees what runs.
// 2. Labels: a block is content when at least half of its words are found in
//    the gold text (words matched as a multiset, larger blocks first), as
//    train_block_classifier does.
// 3. Counts, per order k = 1..n, of every k-gram of the normalised block
//    texts (n-1 start markers, the characters, the end marker), separately
//    for content and boilerplate blocks, and of their histories. The
//    maximum-likelihood P_k = count(h c) / count(h) (add-one at k = 1) of
//    both models is quantised into the hashed tables engine/ncleaner.h
//    describes; each table takes the k-grams seen at least --min-count times
//    in order of frequency, a k-gram whose bucket is taken is dropped.
//    The engine's own NCleanerScorer then scores blocks from these tables,
//    so every figure below is of the model exactly as shipped.
// 4. Cross-validation by package: for each package, models trained on the
//    other five score its blocks (held-out scores). The bias (threshold in
//    bits per character) of a fold is the one that maximises the pooled
//    word-weighted F1 of the content blocks over the held-out scores of the
//    other packages; the figures of the package are winnow-eval's measures.
//    The shipped bias maximises that F1 over all held-out scores (with
//    --no-cv: over the in-sample scores, which favours the models that saw
//    the blocks). The shipped tables are trained on every package.
#include <algorithm>
#include <array>
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
#include "adapters/learn/page_blocks.h"
#include "adapters/libxml/html_extractor.h"
#include "engine/algorithm.h"
#include "engine/ncleaner.h"

#ifndef WINNOW_DEFAULT_CORPUS
#define WINNOW_DEFAULT_CORPUS "build/corpus"
#endif

namespace {

using winnow::kNCleanerMaxOrder;

struct Block {
  std::string text;  // words as the ContentWriter renders them
  std::uint32_t words = 0;

  void start(const winnow::learn::BlockStart&) {}
  void add_word(const winnow::Token&, std::string_view, const winnow::TokenStream&) { ++words; }
};

struct Document {
  std::size_t package = 0;
  std::string gold;
  std::vector<Block> blocks;
  std::vector<std::uint8_t> labels;
};

void label_blocks(Document* doc) {
  doc->labels = winnow::learn::label_by_gold(
      doc->gold, doc->blocks.size(), [&](std::size_t i) { return doc->blocks[i].words; },
      [&](std::size_t i) -> const std::string& { return doc->blocks[i].text; });
}

// A model configuration.
struct Config {
  const char* name;
  bool nonlexical;
  std::size_t order;
  std::array<std::uint8_t, kNCleanerMaxOrder> bits;
};

// Counts of one configuration over a set of documents.
struct GramCount {
  std::uint64_t history = 0;
  std::uint32_t count[2] = {0, 0};
};
struct Counts {
  std::vector<std::unordered_map<std::uint64_t, GramCount>> grams;
  std::vector<std::unordered_map<std::uint64_t, std::array<std::uint64_t, 2>>> histories;
};

std::uint32_t history_salt(std::size_t k) { return static_cast<std::uint32_t>(100 + k); }

void normalized_sequence(const Block& block, const Config& config, std::vector<std::uint32_t>* seq) {
  seq->assign(config.order - 1, winnow::kNCleanerStart);
  winnow::for_each_code_point(block.text, [&](std::uint32_t c) {
    seq->push_back(winnow::ncleaner_normalize(c, config.nonlexical));
  });
  seq->push_back(winnow::kNCleanerEnd);
}

// Counts the blocks of the documents of `package` (all when package is -1).
Counts count_grams(const std::vector<Document>& docs, const Config& config, std::size_t package) {
  Counts counts;
  counts.grams.resize(config.order);
  counts.histories.resize(config.order);
  std::vector<std::uint32_t> seq;
  for (const Document& d : docs) {
    if (package != static_cast<std::size_t>(-1) && d.package != package) continue;
    for (std::size_t b = 0; b < d.blocks.size(); ++b) {
      const int m = d.labels[b] ? 0 : 1;
      normalized_sequence(d.blocks[b], config, &seq);
      for (std::size_t i = config.order - 1; i < seq.size(); ++i) {
        for (std::size_t k = 1; k <= config.order; ++k) {
          const std::uint32_t* gram = seq.data() + i + 1 - k;
          const std::uint64_t key = winnow::ncleaner_hash(gram, k, static_cast<std::uint32_t>(k));
          const std::uint64_t history = winnow::ncleaner_hash(gram, k - 1, history_salt(k));
          GramCount& g = counts.grams[k - 1][key];
          g.history = history;
          ++g.count[m];
          ++counts.histories[k - 1][history][m];
        }
      }
    }
  }
  return counts;
}

// The tables of a trained model, and the NCleanerModel pointing at them.
struct Trained {
  std::array<std::string, kNCleanerMaxOrder> tables;
  winnow::NCleanerModel model{};
  std::array<std::size_t, kNCleanerMaxOrder> kept{}, candidates{};
};

// Builds the tables from total minus held (held may be null).
std::unique_ptr<Trained> build(const Config& config, const Counts& total, const Counts* held, float q,
                               std::uint32_t min_count) {
  auto t = std::make_unique<Trained>();
  t->model.name = config.name;
  t->model.nonlexical = config.nonlexical;
  t->model.order = static_cast<std::uint8_t>(config.order);
  t->model.q = q;
  t->model.bias = 0;
  struct Candidate {
    std::uint64_t key;
    std::uint64_t total;
    std::uint8_t level[2];
  };
  for (std::size_t k = 1; k <= config.order; ++k) {
    const auto& grams = total.grams[k - 1];
    const auto& histories = total.histories[k - 1];
    auto held_gram = [&](std::uint64_t key) -> GramCount {
      if (!held) return {};
      auto it = held->grams[k - 1].find(key);
      return it == held->grams[k - 1].end() ? GramCount{} : it->second;
    };
    auto history_total = [&](std::uint64_t key, int m) -> std::uint64_t {
      auto it = histories.find(key);
      std::uint64_t n = it == histories.end() ? 0 : it->second[m];
      if (held) {
        auto h = held->histories[k - 1].find(key);
        if (h != held->histories[k - 1].end()) n -= h->second[m];
      }
      return n;
    };
    // Add-one at the unigram level: V = characters seen (by either model) + 1.
    double vocabulary = 1, unigram_total[2] = {0, 0};
    if (k == 1) {
      for (const auto& [key, g] : grams) {
        const GramCount h = held_gram(key);
        if (g.count[0] + g.count[1] > h.count[0] + h.count[1]) vocabulary += 1;
      }
      for (int m = 0; m < 2; ++m) {
        unigram_total[m] = static_cast<double>(history_total(grams.empty() ? 0 : grams.begin()->second.history, m));
        t->model.floor[m] = static_cast<float>(1.0 / (unigram_total[m] + vocabulary));
      }
    }
    std::vector<Candidate> candidates;
    for (const auto& [key, g] : grams) {
      const GramCount h = held_gram(key);
      const std::uint32_t c[2] = {g.count[0] - h.count[0], g.count[1] - h.count[1]};
      if (c[0] + c[1] < min_count) continue;
      Candidate cand{key, c[0] + c[1], {0, 0}};
      for (int m = 0; m < 2; ++m) {
        if (k == 1) {
          cand.level[m] = static_cast<std::uint8_t>(
              c[m] ? winnow::ncleaner_level((c[m] + 1.0) / (unigram_total[m] + vocabulary)) : 0);
        } else if (c[m]) {
          const double n = static_cast<double>(history_total(g.history, m));
          cand.level[m] = static_cast<std::uint8_t>(winnow::ncleaner_level(n > 0 ? c[m] / n : 0));
        }
      }
      candidates.push_back(cand);
    }
    std::sort(candidates.begin(), candidates.end(), [](const Candidate& a, const Candidate& b) {
      return a.total != b.total ? a.total > b.total : a.key < b.key;
    });
    const std::size_t buckets = std::size_t{1} << config.bits[k - 1];
    std::string& table = t->tables[k - 1];
    table.assign(3 * buckets, winnow::ncleaner_encode(0));
    std::vector<bool> used(buckets, false);
    for (const Candidate& cand : candidates) {
      const std::size_t b = static_cast<std::size_t>(cand.key & (buckets - 1));
      if (used[b]) continue;
      used[b] = true;
      table[3 * b] = winnow::ncleaner_encode(static_cast<int>(cand.key >> 58));
      table[3 * b + 1] = winnow::ncleaner_encode(cand.level[0]);
      table[3 * b + 2] = winnow::ncleaner_encode(cand.level[1]);
      ++t->kept[k - 1];
    }
    t->candidates[k - 1] = candidates.size();
    t->model.bits[k - 1] = config.bits[k - 1];
    t->model.tables[k - 1] = table.c_str();
  }
  return t;
}

double score_block(const winnow::NCleanerModel& model, const Block& block) {
  winnow::NCleanerScorer scorer(model);
  scorer.add_text(block.text);
  return scorer.finish();
}

// Scores of the blocks of the documents of `package` (all when -1), in
// document order.
void score_blocks(const winnow::NCleanerModel& model, const std::vector<Document>& docs, std::size_t package,
                  std::vector<std::vector<double>>* scores, unsigned threads) {
  winnow::eval::parallel_for(docs.size(), threads, [&](std::size_t i, unsigned) {
    if (package != static_cast<std::size_t>(-1) && docs[i].package != package) return;
    (*scores)[i].resize(docs[i].blocks.size());
    for (std::size_t b = 0; b < docs[i].blocks.size(); ++b) (*scores)[i][b] = score_block(model, docs[i].blocks[b]);
  });
}

// The bias maximising the word-weighted F1 of content blocks over the
// documents for which use(doc) holds; *f1 gets that F1.
template <typename Use>
double best_bias(const std::vector<Document>& docs, const std::vector<std::vector<double>>& scores, Use use,
                 double* f1) {
  std::vector<std::pair<double, std::pair<std::uint32_t, bool>>> items;
  double content = 0;
  for (std::size_t i = 0; i < docs.size(); ++i) {
    if (!use(docs[i])) continue;
    for (std::size_t b = 0; b < docs[i].blocks.size(); ++b) {
      items.push_back({scores[i][b], {docs[i].blocks[b].words, docs[i].labels[b] != 0}});
      if (docs[i].labels[b]) content += docs[i].blocks[b].words;
    }
  }
  std::sort(items.begin(), items.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  double selected = 0, hit = 0, best = -1, bias = 0;
  for (std::size_t j = 0; j < items.size(); ++j) {
    selected += items[j].second.first;
    if (items[j].second.second) hit += items[j].second.first;
    if (j + 1 < items.size() && items[j + 1].first == items[j].first) continue;
    const double p = selected > 0 ? hit / selected : 0, r = content > 0 ? hit / content : 0;
    const double f = p + r > 0 ? 2 * p * r / (p + r) : 0;
    if (f > best) {
      best = f;
      bias = j + 1 < items.size() ? (items[j].first + items[j + 1].first) / 2 : items[j].first - 1e-3;
    }
  }
  if (f1) *f1 = best;
  return bias;
}

// The pages' figures and the word-weighted accuracy of the block decisions.
struct Figures : winnow::learn::PageFigures {
  double words = 0, words_correct = 0;
  using PageFigures::add;
  void add(const Figures& o) {
    PageFigures::add(o);
    words += o.words, words_correct += o.words_correct;
  }
};

// winnow-eval's figures of the documents of `package` at `bias`.
Figures evaluate(const std::vector<Document>& docs, const std::vector<std::vector<double>>& scores, std::size_t package,
                 double bias, unsigned threads) {
  std::vector<Figures> per_thread(threads);
  winnow::eval::parallel_for(docs.size(), threads, [&](std::size_t i, unsigned t) {
    const Document& d = docs[i];
    if (d.package != package) return;
    std::string out;
    for (std::size_t b = 0; b < d.blocks.size(); ++b) {
      const bool keep = scores[i][b] >= bias;
      if (keep) out += d.blocks[b].text + "\n";
      per_thread[t].words += d.blocks[b].words;
      if (keep == (d.labels[b] != 0)) per_thread[t].words_correct += d.blocks[b].words;
    }
    per_thread[t].add(winnow::eval::score_document(winnow::eval::prepare_text(d.gold), winnow::eval::prepare_text(out)));
  });
  Figures f;
  for (const Figures& p : per_thread) f.add(p);
  return f;
}

void print_table(const std::string& title, const std::vector<std::string>& names, const std::vector<Figures>& figures,
                 const std::vector<double>* biases) {
  std::printf("\n%s\n%-24s %6s %8s %8s %8s %10s%s\n", title.c_str(), "package", "docs", "word acc", "seq F1", "bag F1",
              "shingle F1", biases ? "   bias" : "");
  Figures all;
  for (std::size_t p = 0; p < names.size(); ++p) {
    const Figures& f = figures[p];
    all.add(f);
    if (!f.docs) continue;
    std::printf("%-24s %6zu %8.3f %8.3f %8.3f %10.3f", names[p].c_str(), f.docs, f.words_correct / f.words,
                f.mean_seq_f1(), f.mean_bag_f1(), f.shingle_f1());
    if (biases) std::printf(" %+7.3f", (*biases)[p]);
    std::printf("\n");
  }
  if (all.docs)
    std::printf("%-24s %6zu %8.3f %8.3f %8.3f %10.3f\n", "ALL", all.docs, all.words_correct / all.words,
                all.mean_seq_f1(), all.mean_bag_f1(), all.shingle_f1());
  std::fflush(stdout);
}

struct Result {
  std::unique_ptr<Trained> trained;
  std::string summary;  // for the generated file's comment
};

Result train_config(const Config& config, const std::vector<Document>& docs, const std::vector<std::string>& names,
                    float q, std::uint32_t min_count, bool cv, unsigned threads) {
  std::printf("\n=== %s: order %zu, %s, q = %.2f, table bits", config.name, config.order,
              config.nonlexical ? "non-lexical" : "lexical", static_cast<double>(q));
  for (std::size_t k = 0; k < config.order; ++k) std::printf(" %u", config.bits[k]);
  std::printf("\n");
  std::fflush(stdout);
  const Counts total = count_grams(docs, config, static_cast<std::size_t>(-1));
  for (std::size_t k = 0; k < config.order; ++k)
    std::printf("  order %zu: %zu distinct %zu-grams\n", k + 1, total.grams[k].size(), k + 1);
  std::vector<std::vector<double>> held_out(docs.size());
  double bias = 0;
  char summary[512];
  if (cv) {
    for (std::size_t p = 0; p < names.size(); ++p) {
      const Counts held = count_grams(docs, config, p);
      const auto trained = build(config, total, &held, q, min_count);
      score_blocks(trained->model, docs, p, &held_out, threads);
    }
    std::vector<Figures> figures(names.size());
    std::vector<double> biases(names.size());
    for (std::size_t p = 0; p < names.size(); ++p) {
      biases[p] = best_bias(docs, held_out, [&](const Document& d) { return d.package != p; }, nullptr);
      figures[p] = evaluate(docs, held_out, p, biases[p], threads);
    }
    print_table(std::string("Cross-validated by package (models trained on the other packages; bias chosen on the "
                            "other packages' held-out scores), ") + config.name + ":",
                names, figures, &biases);
    double f1 = 0;
    bias = best_bias(docs, held_out, [](const Document&) { return true; }, &f1);
    Figures all;
    for (const Figures& f : figures) all.add(f);
    std::snprintf(summary, sizeof summary,
                  "cross-validated by package: word accuracy %.3f, mean bag F1 %.3f, shingle F1 %.3f; bias %.3f "
                  "(pooled held-out word F1 %.3f)",
                  all.words_correct / all.words, all.mean_bag_f1(), all.shingle_f1(), bias, f1);
    std::printf("bias from all held-out scores: %+.4f bits/char (pooled word F1 %.4f)\n", bias, f1);
  }
  Result result;
  result.trained = build(config, total, nullptr, q, min_count);
  std::vector<std::vector<double>> in_sample(docs.size());
  score_blocks(result.trained->model, docs, static_cast<std::size_t>(-1), &in_sample, threads);
  double f1 = 0;
  const double in_sample_bias = best_bias(docs, in_sample, [](const Document&) { return true; }, &f1);
  std::printf("in-sample optimal bias: %+.4f bits/char (pooled word F1 %.4f)\n", in_sample_bias, f1);
  if (!cv) {
    bias = in_sample_bias;
    std::snprintf(summary, sizeof summary, "bias chosen in sample (no cross-validation run): %.3f", bias);
  }
  result.trained->model.bias = static_cast<float>(bias);
  std::vector<Figures> figures(names.size());
  for (std::size_t p = 0; p < names.size(); ++p) figures[p] = evaluate(docs, in_sample, p, bias, threads);
  print_table(std::string("In-sample (trained on every package, shipped bias), ") + config.name + ":", names, figures,
              nullptr);
  for (std::size_t k = 0; k < config.order; ++k)
    std::printf("  table %zu: %zu of %zu %zu-grams (seen >= %u times) kept in %zu buckets\n", k + 1,
                result.trained->kept[k], result.trained->candidates[k], k + 1, min_count,
                std::size_t{1} << config.bits[k]);
  result.summary = summary;
  return result;
}

void write_tables(FILE* out, const char* prefix, const Trained& t) {
  for (std::size_t k = 0; k < t.model.order; ++k) {
    std::fprintf(out, "const char %s%zu[] =", prefix, k + 1);
    const std::string& s = t.tables[k];
    for (std::size_t i = 0; i < s.size(); i += 114) std::fprintf(out, "\n    \"%s\"", s.substr(i, 114).c_str());
    std::fprintf(out, ";\n\n");
  }
}

void write_model_struct(FILE* out, const char* var, const char* prefix, const Trained& t) {
  const winnow::NCleanerModel& m = t.model;
  std::fprintf(out, "constexpr NCleanerModel %s = {\n    \"%s\", %s, %u, %.3ff, %.6ef,\n    {%.9ef, %.9ef},\n    {", var,
               m.name, m.nonlexical ? "true" : "false", m.order, static_cast<double>(m.q), static_cast<double>(m.bias),
               static_cast<double>(m.floor[0]), static_cast<double>(m.floor[1]));
  for (std::size_t k = 0; k < kNCleanerMaxOrder; ++k) std::fprintf(out, "%s%u", k ? ", " : "", static_cast<unsigned>(k < m.order ? m.bits[k] : 0));
  std::fprintf(out, "},\n    {");
  for (std::size_t k = 0; k < m.order; ++k) std::fprintf(out, "%s%s%zu", k ? ", " : "", prefix, k + 1);
  std::fprintf(out, "}};\n\n");
}

void write_model(const std::string& path, const std::vector<std::string>& packages, std::size_t docs,
                 std::size_t blocks, const Result& lexical, const Result& nonlexical) {
  FILE* out = winnow::learn::open_generated_source(path, {"adapters/learn/train_ncleaner.cpp", packages, docs, blocks});
  if (!out) {
    std::fprintf(stderr, "train_ncleaner: cannot write %s\n", path.c_str());
    std::exit(2);
  }
  for (const Result* r : {&lexical, &nonlexical}) {
    const winnow::NCleanerModel& m = r->trained->model;
    std::fprintf(out, "// %s: order %u, q %.2f, bias %.3f bits/char; %s.\n", m.name, m.order, static_cast<double>(m.q),
                 static_cast<double>(m.bias), r->summary.c_str());
  }
  std::fprintf(out, "// Tables: 3 base64 characters per bucket (check, content level, boilerplate level), engine/ncleaner.h.\n");
  std::fprintf(out, "#include \"engine/ncleaner.h\"\n\nnamespace winnow {\nnamespace {\n\n");
  write_tables(out, "kLexical", *lexical.trained);
  write_tables(out, "kNonlexical", *nonlexical.trained);
  write_model_struct(out, "kLexical", "kLexical", *lexical.trained);
  write_model_struct(out, "kNonlexical", "kNonlexical", *nonlexical.trained);
  std::fprintf(out, "}  // namespace\n\nconst NCleanerModel& ncleaner_lexical_model() { return kLexical; }\n"
                    "const NCleanerModel& ncleaner_nonlexical_model() { return kNonlexical; }\n\n}  // namespace winnow\n");
  std::fclose(out);
}

}  // namespace

int main(int argc, char** argv) {
  std::string corpus = WINNOW_DEFAULT_CORPUS, out_path = "engine/ncleaner_model.cpp";
  unsigned threads = 1;
  bool write = true, cv = true;
  std::size_t lex_order = 4, nonlex_order = 4;  // the shipped orders (engine/ncleaner.h)
  float q = 0.6f;
  std::uint32_t min_count = 2;
  std::string only;
  int extra_bits = 0;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--corpus" && i + 1 < argc) corpus = argv[++i];
    else if (a == "--out" && i + 1 < argc) out_path = argv[++i];
    else if (a == "--threads" && i + 1 < argc) threads = static_cast<unsigned>(std::max(1, std::atoi(argv[++i])));
    else if (a == "--lex-order" && i + 1 < argc) lex_order = static_cast<std::size_t>(std::atoi(argv[++i]));
    else if (a == "--nonlex-order" && i + 1 < argc) nonlex_order = static_cast<std::size_t>(std::atoi(argv[++i]));
    else if (a == "--q" && i + 1 < argc) q = static_cast<float>(std::atof(argv[++i]));
    else if (a == "--min-count" && i + 1 < argc) min_count = static_cast<std::uint32_t>(std::max(1, std::atoi(argv[++i])));
    else if (a == "--only" && i + 1 < argc) only = argv[++i], write = false;
    else if (a == "--extra-bits" && i + 1 < argc) extra_bits = std::atoi(argv[++i]), write = false;
    else if (a == "--no-write") write = false;
    else if (a == "--no-cv") cv = false;
    else {
      std::fprintf(stderr,
                   "usage: train_ncleaner [--corpus ROOT] [--out FILE] [--threads N] [--no-write] [--no-cv]\n"
                   "                      [--lex-order N] [--nonlex-order N] [--q Q] [--min-count C]\n"
                   "                      [--only lexical|nonlexical] [--extra-bits B]\n");
      return 1;
    }
  }
  if (lex_order < 1 || lex_order > kNCleanerMaxOrder || nonlex_order < 1 || nonlex_order > kNCleanerMaxOrder ||
      !(q > 0 && q < 1)) {
    std::fprintf(stderr, "train_ncleaner: orders must be 1..%zu and 0 < q < 1\n", kNCleanerMaxOrder);
    return 1;
  }
  std::vector<std::string> names;
  const std::vector<winnow::learn::CorpusPage> pages = winnow::learn::list_pages(corpus, &names);
  if (pages.empty()) {
    std::fprintf(stderr, "train_ncleaner: no test packages under %s (run `make corpus`); nothing trained\n",
                 corpus.c_str());
    return 2;
  }
  std::vector<Document> docs(pages.size());
  winnow::eval::parallel_for(pages.size(), threads, [&](std::size_t i, unsigned) {
    docs[i].package = pages[i].package;
    std::string html;
    if (!winnow::learn::read_page(pages[i], &html, &docs[i].gold)) return;
    docs[i].blocks = winnow::learn::collect_blocks<Block>(html);
    label_blocks(&docs[i]);
  });
  std::size_t blocks = 0, content = 0, chars = 0;
  for (const Document& d : docs) {
    blocks += d.blocks.size();
    for (auto l : d.labels) content += l;
    for (const Block& b : d.blocks) chars += b.text.size();
  }
  std::printf("%zu documents, %zu blocks (%.1f MB of text), %.1f%% labelled content\n", docs.size(), blocks,
              chars / 1e6, blocks ? 100.0 * content / blocks : 0.0);

  // Table sizes: about 60k buckets for the lexical model and 16k for the
  // non-lexical one keep the generated file near 240 KB.
  static const std::array<std::uint8_t, kNCleanerMaxOrder> kLexicalBits[kNCleanerMaxOrder + 1] = {
      {}, {12}, {12, 14}, {12, 14, 15}, {12, 13, 14, 15}, {12, 13, 14, 14, 14}, {12, 13, 13, 14, 14, 14}};
  static const std::array<std::uint8_t, kNCleanerMaxOrder> kNonlexicalBits[kNCleanerMaxOrder + 1] = {
      {}, {8}, {8, 11}, {8, 11, 13}, {8, 11, 12, 13}, {8, 10, 12, 12, 13}, {8, 10, 11, 12, 12, 12}};
  Config lexical{"ncleaner", false, lex_order, kLexicalBits[lex_order]};
  Config nonlexical{"ncleaner-nonlex", true, nonlex_order, kNonlexicalBits[nonlex_order]};
  for (std::size_t k = 0; k < kNCleanerMaxOrder; ++k) {
    lexical.bits[k] = static_cast<std::uint8_t>(std::clamp(lexical.bits[k] + extra_bits, 0, 26));
    nonlexical.bits[k] = static_cast<std::uint8_t>(std::clamp(nonlexical.bits[k] + extra_bits, 0, 26));
  }
  Result lex, nonlex;
  if (only != "nonlexical") lex = train_config(lexical, docs, names, q, min_count, cv, threads);
  if (only != "lexical") nonlex = train_config(nonlexical, docs, names, q, min_count, cv, threads);
  if (write) {
    write_model(out_path, names, docs.size(), blocks, lex, nonlex);
    std::printf("\nwrote %s\n", out_path.c_str());
  }
  return 0;
}
