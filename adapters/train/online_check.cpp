// SPDX-License-Identifier: MIT
// winnow-online-check: how far each online algorithm (the engine's, through
// the whole pipeline, 4 KiB chunks, the default 256 KiB budget) is from its
// offline reference (tests/reference/, the whole token sequence in memory)
// over every document of the development corpus. The figure is the
// word-sequence F1 of the online output against the offline one (words as
// winnow-eval normalises them, intersection = LCS), per document and pooled.
//
//   winnow-online-check [--algo dsc,cetr,cetr-km,mss] [--corpus DIR] [--limit N]
//                       [--threads N] [--tsv FILE] [--memory-budget N]
//                       [--dsc-window L] [--dsc-lookahead W] [--cetr-lookahead W] ...
//
// DSC and CETR approximate their offline versions (global statistics
// estimated with a look-ahead): "long_docs" counts the documents longer than
// the look-ahead, where the estimate is used, and "long_f1" is their mean F1.
// MSS is exact: every document must be identical, except where the budget
// cut it short (status column of --tsv).
//
// Exit status 0 also when the corpus is absent (a message says so): the
// check is skipped, not failed.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include "adapters/eval/metrics.h"
#include "adapters/eval/normalize.h"
#include "adapters/eval/package.h"
#include "adapters/eval/parallel.h"
#include "adapters/train/corpus_tokens.h"
#include "engine/cetr.h"
#include "engine/dsc.h"
#include "engine/mss.h"
#include "reference/cetr_offline.h"
#include "reference/dsc_offline.h"
#include "reference/mss_offline.h"
#include "reference/offline_common.h"

namespace winnow::train {
namespace {

// The online algorithms' parameters, as the command line set them.
struct Settings {
  DscParams dsc;
  CetrParams cetr;
};

AlgorithmFactory cetr_factory(CetrParams p, CetrParams::Clustering clustering) {
  p.clustering = clustering;
  return [p](MemoryBudget& budget) { return create_cetr(budget, p); };
}

reference::CetrOfflineParams cetr_offline_params(const CetrParams& online, bool kmeans) {
  reference::CetrOfflineParams p;
  p.kmeans = kmeans;
  p.max_line_tokens = online.max_line_tokens;
  p.sigma = online.smoothing_sigma;
  p.radius = online.smoothing_radius;
  p.derivative_lines = online.derivative_lines;
  p.lambda = online.lambda;
  return p;
}

struct Checked {
  std::string name;
  AlgorithmFactory make;
  std::function<std::vector<bool>(const std::vector<CapturedToken>&)> offline;
  std::size_t exact_below_tokens;  // documents this short must match exactly
};

std::vector<Checked> all_checks(const Settings& s) {
  std::vector<Checked> checks;
  const DscParams dsc = s.dsc;
  checks.push_back({"dsc", [dsc](MemoryBudget& budget) { return create_dsc(budget, dsc); },
                    [dsc](const std::vector<CapturedToken>& t) {
                      reference::DscOfflineParams p;
                      p.window = dsc.window;
                      return reference::dsc_offline(t, p);
                    },
                    std::size_t{dsc.lookahead} + dsc.window});
  const reference::CetrOfflineParams cetr = cetr_offline_params(s.cetr, false);
  checks.push_back({"cetr", cetr_factory(s.cetr, CetrParams::Clustering::Threshold),
                    [cetr](const std::vector<CapturedToken>& t) { return reference::cetr_offline(t, cetr); },
                    std::size_t{s.cetr.lookahead}});
  const reference::CetrOfflineParams cetr_km = cetr_offline_params(s.cetr, true);
  checks.push_back({"cetr-km", cetr_factory(s.cetr, CetrParams::Clustering::KMeans),
                    [cetr_km](const std::vector<CapturedToken>& t) { return reference::cetr_offline(t, cetr_km); },
                    std::size_t{s.cetr.lookahead}});
  checks.push_back({"mss", [](MemoryBudget& budget) { return create_mss(budget); },
                    [](const std::vector<CapturedToken>& t) { return reference::mss_offline(t); },
                    std::numeric_limits<std::size_t>::max()});
  return checks;
}

struct DocResult {
  std::string package;
  std::string id;
  std::size_t tokens = 0;
  std::size_t overlap = 0;
  std::size_t online_words = 0;
  std::size_t offline_words = 0;
  bool identical = false;
  Status status = Status::Ok;
  std::size_t peak = 0;
  double f1() const {
    const std::size_t d = online_words + offline_words;
    return d == 0 ? 1.0 : 2.0 * static_cast<double>(overlap) / static_cast<double>(d);
  }
};

int usage() {
  std::fprintf(stderr,
               "usage: winnow-online-check [--algo dsc,cetr,cetr-km,mss] [--corpus DIR] [--limit N]\n"
               "                           [--threads N] [--tsv FILE] [--memory-budget N]\n"
               "                           [--dsc-window L] [--dsc-lookahead W] [--dsc-max-words N]\n"
               "                           [--dsc-text-bytes N] [--cetr-line-tokens N] [--cetr-lookahead W]\n"
               "                           [--cetr-lambda X] [--cetr-max-lines N] [--cetr-max-words N]\n"
               "                           [--cetr-text-bytes N]\n");
  return 1;
}

int run(int argc, char** argv) {
  std::string corpus = WINNOW_TRAIN_DEFAULT_CORPUS;
  std::string algos = "dsc,cetr,cetr-km,mss";
  std::string tsv;
  std::size_t limit = 0;
  unsigned threads = 2;
  std::size_t budget = 256 * 1024;
  Settings settings;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) std::exit(usage());
      return argv[++i];
    };
    if (arg == "--corpus") corpus = value();
    else if (arg == "--algo") algos = value();
    else if (arg == "--limit") limit = std::stoul(value());
    else if (arg == "--threads") threads = static_cast<unsigned>(std::stoul(value()));
    else if (arg == "--tsv") tsv = value();
    else if (arg == "--memory-budget") budget = std::stoul(value());
    else if (arg == "--dsc-window") settings.dsc.window = static_cast<std::uint32_t>(std::stoul(value()));
    else if (arg == "--dsc-lookahead") settings.dsc.lookahead = static_cast<std::uint32_t>(std::stoul(value()));
    else if (arg == "--cetr-line-tokens") settings.cetr.max_line_tokens = static_cast<std::uint32_t>(std::stoul(value()));
    else if (arg == "--cetr-lookahead") settings.cetr.lookahead = static_cast<std::uint32_t>(std::stoul(value()));
    else if (arg == "--cetr-lambda") settings.cetr.lambda = std::stod(value());
    else if (arg == "--cetr-max-lines") settings.cetr.max_lines = static_cast<std::uint32_t>(std::stoul(value()));
    else if (arg == "--cetr-max-words") settings.cetr.max_words = static_cast<std::uint32_t>(std::stoul(value()));
    else if (arg == "--cetr-text-bytes") settings.cetr.text_bytes = static_cast<std::uint32_t>(std::stoul(value()));
    else if (arg == "--dsc-max-words") settings.dsc.max_words = static_cast<std::uint32_t>(std::stoul(value()));
    else if (arg == "--dsc-text-bytes") settings.dsc.text_bytes = static_cast<std::uint32_t>(std::stoul(value()));
    else if (arg == "-h" || arg == "--help") return usage(), 0;
    else return usage();
  }
  const std::vector<std::string> packages = corpus_packages(corpus);
  if (packages.empty()) return 0;

  std::vector<CorpusPage> jobs;
  if (!corpus_pages(packages, limit, "", &jobs)) return 2;

  std::vector<Checked> checks;
  for (const Checked& c : all_checks(settings)) {
    if (("," + algos + ",").find("," + c.name + ",") != std::string::npos) checks.push_back(c);
  }
  if (checks.empty()) return usage();

  std::vector<std::vector<DocResult>> results(checks.size(), std::vector<DocResult>(jobs.size()));
  eval::parallel_for(jobs.size(), threads, [&](std::size_t j, unsigned) {
    const auto html = eval::read_file_bytes(jobs[j].doc.html);
    if (!html) return;
    const auto tokens = capture_tokens(*html);
    for (std::size_t c = 0; c < checks.size(); ++c) {
      const std::string offline = reference::render(tokens, checks[c].offline(tokens));
      const OnlineResult online = run_online(*html, checks[c].make, budget);
      DocResult& r = results[c][j];
      r.package = jobs[j].package;
      r.id = jobs[j].doc.id;
      r.tokens = tokens.size();
      r.identical = online.text == offline;
      r.status = online.status;
      r.peak = online.peak_memory;
      const auto a = eval::split_words(online.text);
      const auto b = eval::split_words(offline);
      r.online_words = a.size();
      r.offline_words = b.size();
      r.overlap = r.identical ? a.size() : eval::sequence_overlap(b, a);
  }
  });

  std::printf("%-8s %-22s %6s %9s %10s %10s %7s %12s %10s %9s\n", "algo", "package", "docs", "identical",
              "mean_f1", "pooled_f1", "min_f1", "long_docs", "long_f1", "peak_max");
  std::FILE* out_tsv = tsv.empty() ? nullptr : std::fopen(tsv.c_str(), "w");
  if (out_tsv) std::fprintf(out_tsv, "algo\tpackage\tdocument\ttokens\tonline_words\toffline_words\toverlap\tf1\tidentical\tstatus\tpeak\n");
  for (std::size_t c = 0; c < checks.size(); ++c) {
    std::map<std::string, std::vector<const DocResult*>> groups;
    for (const DocResult& r : results[c]) {
      if (r.package.empty()) continue;
      groups[r.package].push_back(&r);
      groups["ALL"].push_back(&r);
      if (out_tsv)
        std::fprintf(out_tsv, "%s\t%s\t%s\t%zu\t%zu\t%zu\t%zu\t%.6f\t%d\t%s\t%zu\n", checks[c].name.c_str(),
                     r.package.c_str(), r.id.c_str(), r.tokens, r.online_words, r.offline_words, r.overlap,
                     r.f1(), r.identical ? 1 : 0, status_string(r.status), r.peak);
    }
    for (const auto& [name, docs] : groups) {
      std::size_t identical = 0, overlap = 0, words = 0, long_docs = 0, peak = 0;
      double sum = 0, min_f1 = 1, long_sum = 0;
      for (const DocResult* r : docs) {
        identical += r->identical;
        overlap += r->overlap;
        words += r->online_words + r->offline_words;
        sum += r->f1();
        min_f1 = std::min(min_f1, r->f1());
        peak = std::max(peak, r->peak);
        if (r->tokens > checks[c].exact_below_tokens) ++long_docs, long_sum += r->f1();
      }
      const double pooled = words ? 2.0 * static_cast<double>(overlap) / static_cast<double>(words) : 1.0;
      std::printf("%-8s %-22s %6zu %9zu %10.4f %10.4f %7.3f %12zu %10.4f %9zu\n", checks[c].name.c_str(),
                  name.c_str(), docs.size(), identical, sum / static_cast<double>(docs.size()), pooled, min_f1,
                  long_docs, long_docs ? long_sum / static_cast<double>(long_docs) : 1.0, peak);
    }
  }
  if (out_tsv) std::fclose(out_tsv);
  return 0;
}

}  // namespace
}  // namespace winnow::train

int main(int argc, char** argv) { return winnow::train::run(argc, argv); }
