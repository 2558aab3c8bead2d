// SPDX-License-Identifier: MIT
// winnow_bench: throughput of each pipeline stage against libxml2's bare
// push parser, allocations per MB, and peak heap for streams of any size.
// See bench/README.md for what each row means.
//
// Own options (everything else goes to Google Benchmark):
//   --corpus=DIR        development corpus (default: WINNOW_BENCH_CORPUS, else
//                       the directory configured at build time)
//   --no-corpus         synthetic inputs only
//   --corpus-mb=N       HTML sampled from the corpus, in MB (default 30)
//   --synthetic-mb=N    HTML per synthetic set, in MB (default 4)
// Defaults added unless given: --benchmark_repetitions=5
//   --benchmark_enable_random_interleaving=true
#include <benchmark/benchmark.h>

#include <algorithm>
#include <ctime>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "alloc_counter.h"
#include "engine/algorithm_registry.h"
#include "engine/extractor_config.h"
#include "engine/status.h"
#include "inputs.h"
#include "stages.h"

#ifndef WINNOW_CORPUS_DIR
#define WINNOW_CORPUS_DIR ""
#endif

namespace bench {
namespace {

constexpr double kMB = 1e6;
constexpr std::uint64_t KiB = 1024, MiB = 1024 * KiB, GiB = 1024 * MiB;
constexpr std::size_t kDefaultBudget = 256 * 1024;
constexpr std::size_t kEngineShare = 16 * 1024;
constexpr std::uint64_t kWarmupBytes = 1 * MiB;
constexpr std::uint64_t kSteadyStreamBytes = 16 * MiB;
constexpr int kStatusCount = 8;

// CPU time of this thread: other load on a shared machine does not count.
double cpu_seconds() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + ts.tv_nsec * 1e-9;
}

std::string default_algorithm() { return winnow::ExtractorConfig{}.algorithm; }

std::string human_bytes(double bytes) {
  char buf[32];
  if (bytes >= GiB) std::snprintf(buf, sizeof buf, "%.3g GiB", bytes / GiB);
  else if (bytes >= MiB) std::snprintf(buf, sizeof buf, "%.3g MiB", bytes / MiB);
  else if (bytes >= KiB) std::snprintf(buf, sizeof buf, "%.3g KiB", bytes / KiB);
  else std::snprintf(buf, sizeof buf, "%.0f B", bytes);
  return buf;
}

std::string size_label(std::uint64_t bytes) {
  if (bytes >= GiB) return std::to_string(bytes / GiB) + "GiB";
  if (bytes >= MiB) return std::to_string(bytes / MiB) + "MiB";
  return std::to_string(bytes / KiB) + "KiB";
}

std::string thousands(double value) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.0f", value);
  std::string digits = buf, out;
  const bool negative = !digits.empty() && digits[0] == '-';
  if (negative) digits.erase(0, 1);
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return negative ? "-" + out : out;
}

std::string per_mb(std::uint64_t count, std::uint64_t bytes) {
  if (bytes == 0) return "-";
  char buf[32];
  const double v = count * kMB / bytes;
  std::snprintf(buf, sizeof buf, v < 10 ? "%.2f" : "%.0f", v);
  return buf;
}

// ----------------------------------------------------------- results --

struct Throughput {  // one (input, stage) benchmark, its last invocation
  std::uint64_t bytes = 0, calls = 0, cxx_calls = 0, docs = 0;
  std::size_t budget_peak = 0;
  std::int64_t heap_peak = 0;
  std::uint64_t statuses[kStatusCount] = {};
};

struct SingleRun {  // one stream through one stage
  RunResult result;
  double seconds = 0;
  std::size_t budget = 0;
};

struct Rate {
  double median = 0;  // bytes per second
  double cv = 0;      // coefficient of variation over repetitions
  double best = 0;    // the fastest repetition's bytes per second (0: one run only)
};

std::map<std::string, Throughput> g_throughput;
std::map<std::string, SingleRun> g_single;
std::map<std::string, Rate> g_rates;  // from the reporter, by benchmark name

std::vector<InputSet> g_inputs;
// Inputs for the decoder's encoding guess: through the decoder and the
// default extractor only (libxml2's floor reads UTF-8), outside the tables.
std::vector<InputSet> g_encoding_inputs;
std::vector<StageSpec> g_stages;       // throughput rows, in order
struct MemoryRow {
  std::string key;
  Shape shape;
  std::uint64_t size;
  std::string stage;   // stage label
  std::string budget;  // budget label
};
std::vector<MemoryRow> g_memory_rows;

// ------------------------------------------------------------ reporter --

// Shows only the medians (and single runs) and keeps every median rate for
// the summary tables.
class Reporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    std::vector<Run> shown;
    for (const Run& run : runs) {
      if (run.error_occurred) {
        shown.push_back(run);
        continue;
      }
      const std::string name = run.run_name.function_name;
      auto rate = run.counters.find("bytes_per_second");
      const double value = rate == run.counters.end() ? 0 : static_cast<double>(rate->second);
      if (run.run_type == Run::RT_Aggregate) {
        if (run.aggregate_name == "median") {
          g_rates[name].median = value;
          shown.push_back(run);
        } else if (run.aggregate_name == "cv") {
          g_rates[name].cv = value;
        }
      } else if (run.repetitions <= 1) {
        g_rates[name].median = value;
        shown.push_back(run);
      } else {
        g_rates[name].best = std::max(g_rates[name].best, value);
      }
    }
    if (!shown.empty()) ConsoleReporter::ReportRuns(shown);
  }
};

// ---------------------------------------------------------- benchmarks --

std::string stage_key(const StageSpec& spec) {
  switch (spec.kind) {
    case StageKind::Floor: return "floor";
    case StageKind::Decoder: return "decoder";
    case StageKind::Guard: return "guard";
    case StageKind::Parser: return "parser";
    case StageKind::Tokens: return "tokens";
    case StageKind::Extractor: return "algo:" + spec.algorithm;
  }
  return "?";
}

void register_throughput(const InputSet& set, const StageSpec& spec) {
  const std::string key = "tp/" + set.name + "/" + stage_key(spec);
  const InputSet* input = &set;
  benchmark::RegisterBenchmark(key.c_str(), [input, spec, key](benchmark::State& state) {
    Throughput t;
    HeapCounters& heap = bench::heap();
    const std::uint64_t calls0 = heap.calls, cxx0 = heap.cxx_calls;
    for (auto _ : state) {
      std::fill(std::begin(t.statuses), std::end(t.statuses), 0);
      for (const std::string& doc : input->docs) {
        DocumentSource source(doc);
        const RunResult r = run_stage(spec, source);
        t.budget_peak = std::max(t.budget_peak, r.budget_peak);
        t.heap_peak = std::max(t.heap_peak, r.heap_peak);
        ++t.statuses[static_cast<int>(r.status) % kStatusCount];
      }
    }
    t.calls = heap.calls - calls0;
    t.cxx_calls = heap.cxx_calls - cxx0;
    t.bytes = static_cast<std::uint64_t>(state.iterations()) * input->bytes;
    t.docs = static_cast<std::uint64_t>(state.iterations()) * input->docs.size();
    state.SetBytesProcessed(static_cast<std::int64_t>(t.bytes));
    g_throughput[key] = t;
  })->Unit(benchmark::kMillisecond);
}

// One long article-like document per stage: allocations after the first MiB.
void register_steady(const StageSpec& spec) {
  const std::string key = "steady/" + stage_key(spec);
  benchmark::RegisterBenchmark(key.c_str(), [spec, key](benchmark::State& state) {
    SingleRun run;
    for (auto _ : state) {
      StreamGenerator stream = make_stream(Shape::Article, kSteadyStreamBytes);
      std::vector<char> buffer(kChunkBytes);
      struct Source final : ChunkSource {
        StreamGenerator& g;
        std::vector<char>& b;
        Source(StreamGenerator& g_, std::vector<char>& b_) : g(g_), b(b_) {}
        void next(const char*& data, std::size_t& size, bool& last) override {
          size = g.read(b.data(), b.size());
          data = b.data();
          last = g.remaining() == 0;
        }
      } source(stream, buffer);
      const double t0 = cpu_seconds();
      run.result = run_stage(spec, source, kWarmupBytes);
      run.seconds = cpu_seconds() - t0;
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(run.result.bytes_read));
    g_single[key] = run;
  })->Iterations(1)->Repetitions(1)->Unit(benchmark::kMillisecond);
}

class StreamSource final : public ChunkSource {
 public:
  explicit StreamSource(StreamGenerator stream) : stream_(std::move(stream)), buffer_(kChunkBytes) {}
  void next(const char*& data, std::size_t& size, bool& last) override {
    size = stream_.read(buffer_.data(), buffer_.size());
    data = buffer_.data();
    last = stream_.remaining() == 0;
  }

 private:
  StreamGenerator stream_;
  std::vector<char> buffer_;
};

// Allocations are counted after the first MiB (a quarter of a 1 MiB input);
// smaller inputs have no steady state to speak of.
std::uint64_t warmup_for(std::uint64_t size) {
  return size < MiB ? UINT64_MAX : std::min<std::uint64_t>(kWarmupBytes, size / 4);
}

enum class BudgetMode { Default, EngineShare, TotalShare };

void register_memory(Shape shape, std::uint64_t size, const StageSpec& base, BudgetMode mode) {
  std::string budget_label = "-";
  if (base.kind != StageKind::Floor) {
    budget_label = mode == BudgetMode::Default      ? "256KiB"
                   : mode == BudgetMode::EngineShare ? "engine16KiB"
                                                     : "16KiB-total";
  }
  const std::string stage = base.kind == StageKind::Floor ? "floor" : base.algorithm;
  const std::string key = "mem/" + std::string(shape_name(shape)) + "/" + size_label(size) + "/" +
                          stage + (base.kind == StageKind::Floor ? "" : "/" + budget_label);
  g_memory_rows.push_back({key, shape, size, stage, budget_label});
  benchmark::RegisterBenchmark(key.c_str(), [shape, size, base, mode, key](benchmark::State& state) {
    StageSpec spec = base;
    if (mode == BudgetMode::EngineShare) {
      // The adapter's own peak on this shape (first MiB), plus 16 KiB for the engine.
      StreamSource probe(make_stream(shape, std::min<std::uint64_t>(size, MiB)));
      spec.budget = adapter_budget_peak(probe) + kEngineShare;
    } else if (mode == BudgetMode::TotalShare) {
      spec.budget = kEngineShare;
    }
    SingleRun run;
    run.budget = spec.budget;
    for (auto _ : state) {
      StreamSource source(make_stream(shape, size));
      const double t0 = cpu_seconds();
      run.result = run_stage(spec, source, warmup_for(size));
      run.seconds = cpu_seconds() - t0;
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(run.result.bytes_read));
    g_single[key] = run;
  })->Iterations(1)->Repetitions(1)->Unit(benchmark::kMillisecond);
}

// -------------------------------------------------------------- tables --

std::string cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("model name", 0) == 0) {
      const auto colon = line.find(':');
      if (colon != std::string::npos) return line.substr(colon + 2);
    }
  }
  return "unknown CPU";
}

const char* status_name(winnow::Status status) {
  switch (status) {
    case winnow::Status::Ok: return "ok";
    case winnow::Status::BudgetExceeded: return "BudgetExceeded";
    case winnow::Status::BudgetTooSmall: return "BudgetTooSmall";
    case winnow::Status::NestingFlattened: return "NestingFlattened";
    case winnow::Status::AlreadyFinished: return "AlreadyFinished";
    case winnow::Status::InvalidArgument: return "InvalidArgument";
    case winnow::Status::ParserError: return "ParserError";
  }
  return "?";
}

std::string row_label(const StageSpec& spec) {
  switch (spec.kind) {
    case StageKind::Floor: return "floor: libxml2 push parser, empty SAX";
    case StageKind::Decoder: return "decoder";
    case StageKind::Guard: return "decoder + guard";
    case StageKind::Parser: return "+ libxml2 (events, spans)";
    case StageKind::Tokens: return "+ tokenizer (tokens)";
    case StageKind::Extractor: return "extractor " + spec.algorithm;
  }
  return "?";
}

void print_throughput_table() {
  std::vector<const InputSet*> inputs;
  for (const InputSet& set : g_inputs)
    if (g_rates.count("tp/" + set.name + "/floor")) inputs.push_back(&set);
  bool any = false;
  for (const StageSpec& spec : g_stages)
    for (const InputSet* set : inputs) any = any || g_rates.count("tp/" + set->name + "/" + stage_key(spec));
  if (!any) return;

  const InputSet* first = inputs.empty() ? nullptr : inputs.front();
  std::printf("\n## Throughput: MB/s of HTML (10^6 B/s), median of the repetitions, and ratio to the floor\n\n");
  std::printf("| stage |");
  for (const InputSet* set : inputs) std::printf(" %s MB/s (× floor) |", set->name.c_str());
  std::printf(" CPU ms/MB, added by the stage (%s) | allocs/MB (%s) | C++ allocs/MB | steady allocs/MB (all / C++) | peak budget | peak heap |\n",
              first ? first->name.c_str() : "-", first ? first->name.c_str() : "-");
  std::printf("|---|");
  for (std::size_t i = 0; i < inputs.size(); ++i) std::printf("---|");
  std::printf("---|---|---|---|---|---|\n");
  // The stage each row builds on, for the cost it adds.
  auto previous_stage = [](const StageSpec& spec) -> std::string {
    switch (spec.kind) {
      case StageKind::Floor: return "";
      case StageKind::Decoder: return "";
      case StageKind::Guard: return "decoder";
      case StageKind::Parser: return "guard";
      case StageKind::Tokens: return "parser";
      case StageKind::Extractor: return "tokens";
    }
    return "";
  };

  auto print_row = [&](const std::string& label, const StageSpec& spec) {
    const std::string stage = stage_key(spec);
    bool ran = false;
    for (const InputSet* set : inputs) ran = ran || g_rates.count("tp/" + set->name + "/" + stage);
    if (!ran) return;
    std::printf("| %s |", label.c_str());
    std::size_t budget_peak = 0;
    std::int64_t heap_peak = 0;
    for (const InputSet* set : inputs) {
      const std::string key = "tp/" + set->name + "/" + stage;
      auto rate = g_rates.find(key);
      auto floor = g_rates.find("tp/" + set->name + "/floor");
      if (rate == g_rates.end()) {
        std::printf(" - |");
        continue;
      }
      const double ratio = floor != g_rates.end() && floor->second.median > 0
                               ? rate->second.median / floor->second.median : 0;
      std::printf(" %.1f ±%.0f%% (%.2f) |", rate->second.median / kMB, rate->second.cv * 100, ratio);
      const Throughput& t = g_throughput[key];
      budget_peak = std::max(budget_peak, t.budget_peak);
      heap_peak = std::max(heap_peak, t.heap_peak);
    }
    if (first) {
      auto rate = g_rates.find("tp/" + first->name + "/" + stage);
      auto before = g_rates.find("tp/" + first->name + "/" + previous_stage(spec));
      if (rate != g_rates.end() && rate->second.median > 0) {
        const double ms = 1000 * kMB / rate->second.median;
        if (before != g_rates.end() && before->second.median > 0)
          std::printf(" %.2f (+%.2f) |", ms, ms - 1000 * kMB / before->second.median);
        else
          std::printf(" %.2f |", ms);
      } else {
        std::printf(" - |");
      }
    } else {
      std::printf(" - |");
    }
    const Throughput* t = first ? &g_throughput["tp/" + first->name + "/" + stage] : nullptr;
    std::printf(" %s | %s |", t ? per_mb(t->calls, t->bytes).c_str() : "-",
                t ? per_mb(t->cxx_calls, t->bytes).c_str() : "-");
    auto steady = g_single.find("steady/" + stage);
    if (steady != g_single.end())
      std::printf(" %s / %s |", per_mb(steady->second.result.steady_calls, steady->second.result.steady_bytes).c_str(),
                  per_mb(steady->second.result.steady_cxx_calls, steady->second.result.steady_bytes).c_str());
    else
      std::printf(" - |");
    std::printf(" %s | %s |\n", thousands(static_cast<double>(budget_peak)).c_str(),
                thousands(static_cast<double>(heap_peak)).c_str());
  };
  for (const StageSpec& spec : g_stages) print_row(row_label(spec), spec);
  for (const StageSpec& spec : g_stages)
    if (spec.kind == StageKind::Extractor && spec.algorithm == default_algorithm())
      print_row("**default extractor (" + spec.algorithm + ")**", spec);

  // Statuses other than ok, per stage and input.
  bool header = false;
  for (const InputSet* set : inputs) {
    for (const StageSpec& spec : g_stages) {
      auto it = g_throughput.find("tp/" + set->name + "/" + stage_key(spec));
      if (it == g_throughput.end()) continue;
      std::string notes;
      for (int s = 1; s < kStatusCount; ++s) {
        if (it->second.statuses[s] == 0) continue;
        if (!notes.empty()) notes += ", ";
        notes += std::to_string(it->second.statuses[s]) + " " +
                 (spec.kind == StageKind::Floor && s == static_cast<int>(winnow::Status::ParserError)
                      ? std::string("halted by libxml2 before the end")
                      : std::string(status_name(static_cast<winnow::Status>(s))));
      }
      if (notes.empty()) continue;
      if (!header) std::printf("\nDocuments not ending ok (of each input's documents):\n");
      header = true;
      std::printf("- %s / %s: %s of %zu\n", set->name.c_str(), row_label(spec).c_str(), notes.c_str(),
                  set->docs.size());
    }
  }

  // Targets of issue 7.
  if (first) {
    // With repetitions, the fastest of each (the least disturbed by other
    // work on the machine; the median's ratio moves by several percent when
    // the floor's repetitions do), else the single run.
    auto fastest = [](const Rate& r) { return r.best > 0 ? r.best : r.median; };
    auto ratio = [&](const std::string& stage) {
      auto rate = g_rates.find("tp/" + first->name + "/" + stage);
      auto floor = g_rates.find("tp/" + first->name + "/floor");
      if (rate == g_rates.end() || floor == g_rates.end() || fastest(floor->second) <= 0) return -1.0;
      return fastest(rate->second) / fastest(floor->second);
    };
    const bool repeated = g_rates.count("tp/" + first->name + "/floor") && g_rates["tp/" + first->name + "/floor"].best > 0;
    std::printf("\nTargets on %s (%s): ", first->name.c_str(),
                repeated ? "fastest repetition of each stage" : "one run of each stage");
    const char* separator = "";
    const double d = ratio("algo:" + default_algorithm());
    if (d >= 0) {
      std::printf("default extractor %.2f× floor (target ≥ 0.80: %s)", d, d >= 0.8 ? "met" : "NOT met");
      separator = "; ";
    }
    // The 0.9× target is for the single algorithms; the default extractor
    // (and its --favor variants) runs several of them and has its own 0.8×.
    const std::string extractor = default_algorithm();
    for (const StageSpec& spec : g_stages) {
      if (spec.kind != StageKind::Extractor) continue;
      if (spec.algorithm == extractor || spec.algorithm.rfind(extractor + "-", 0) == 0) continue;
      const double r = ratio(stage_key(spec));
      if (r < 0) continue;
      std::printf("%s%s %.2f× (target ≥ 0.90: %s)", separator, spec.algorithm.c_str(), r, r >= 0.9 ? "met" : "NOT met");
      separator = "; ";
    }
    std::printf("\n");
  }
}

void print_memory_table() {
  bool any = false;
  for (const MemoryRow& row : g_memory_rows) any = any || g_single.count(row.key);
  if (!any) return;
  std::printf("\n## Memory: streams generated on the fly, fed in 4 KiB chunks through one extraction\n\n");
  std::printf("| input | size | stage | budget | status | input read | peak budget | peak heap | "
              "allocs/MB after warm-up (all / C++) | MB/s (CPU) |\n");
  std::printf("|---|---|---|---|---|---|---|---|---|---|\n");
  for (const MemoryRow& row : g_memory_rows) {
    auto it = g_single.find(row.key);
    if (it == g_single.end()) continue;
    const SingleRun& run = it->second;
    const RunResult& r = run.result;
    std::string budget = row.stage == "floor" ? "unbounded" : thousands(static_cast<double>(run.budget));
    if (row.budget == "engine16KiB") budget += " (adapter + 16 KiB)";
    std::string status = status_name(r.status);
    if (row.stage == "floor") status = r.status == winnow::Status::Ok ? "ok" : "halted early";
    std::printf("| %s | %s | %s | %s | %s | %s | %s | %s | %s / %s | %.1f |\n",
                std::string(shape_name(row.shape)).c_str(), human_bytes(static_cast<double>(row.size)).c_str(),
                row.stage.c_str(), budget.c_str(), status.c_str(),
                human_bytes(static_cast<double>(r.bytes_read)).c_str(),
                thousands(static_cast<double>(r.budget_peak)).c_str(),
                thousands(static_cast<double>(r.heap_peak)).c_str(), per_mb(r.steady_calls, r.steady_bytes).c_str(),
                per_mb(r.steady_cxx_calls, r.steady_bytes).c_str(),
                run.seconds > 0 ? r.bytes_read / run.seconds / kMB : 0.0);
  }
  std::printf("\nShapes:");
  for (Shape s : {Shape::Article, Shape::TextNode, Shape::Attribute, Shape::Comment, Shape::Nesting})
    std::printf(" %s = %s;", std::string(shape_name(s)).c_str(), std::string(shape_description(s)).c_str());
  std::printf("\n");
}

// ---------------------------------------------------------------- main --

bool take_option(std::vector<char*>& args, const char* name, std::string* value) {
  const std::size_t n = std::strlen(name);
  for (auto it = args.begin() + 1; it != args.end(); ++it) {
    if (std::strncmp(*it, name, n) != 0) continue;
    if ((*it)[n] == '=' && value) {
      *value = *it + n + 1;
    } else if ((*it)[n] != '\0') {
      continue;
    }
    args.erase(it);
    return true;
  }
  return false;
}

bool has_prefix_arg(const std::vector<char*>& args, const char* prefix) {
  for (std::size_t i = 1; i < args.size(); ++i)
    if (std::strncmp(args[i], prefix, std::strlen(prefix)) == 0) return true;
  return false;
}

int run(int argc, char** argv) {
  std::vector<char*> args(argv, argv + argc);
  std::string corpus_dir = WINNOW_CORPUS_DIR, corpus_mb = "30", synthetic_mb = "4";
  if (const char* env = std::getenv("WINNOW_BENCH_CORPUS")) corpus_dir = env;
  take_option(args, "--corpus", &corpus_dir);
  const bool no_corpus = take_option(args, "--no-corpus", nullptr);
  take_option(args, "--corpus-mb", &corpus_mb);
  take_option(args, "--synthetic-mb", &synthetic_mb);

  static char repetitions[] = "--benchmark_repetitions=5";
  static char interleave[] = "--benchmark_enable_random_interleaving=true";
  if (!has_prefix_arg(args, "--benchmark_repetitions")) args.push_back(repetitions);
  if (!has_prefix_arg(args, "--benchmark_enable_random_interleaving")) args.push_back(interleave);
  int gb_argc = static_cast<int>(args.size());
  args.push_back(nullptr);
  benchmark::Initialize(&gb_argc, args.data());
  if (benchmark::ReportUnrecognizedArguments(gb_argc, args.data())) return 1;

  init_libxml();

  if (no_corpus) {
    std::fprintf(stderr, "winnow_bench: --no-corpus: synthetic inputs only\n");
  } else {
    std::string why;
    InputSet corpus = load_corpus(corpus_dir, static_cast<std::uint64_t>(std::atof(corpus_mb.c_str()) * kMB), &why);
    if (corpus.docs.empty()) {
      std::fprintf(stderr,
                   "winnow_bench: NO CORPUS (%s): running the synthetic inputs only. "
                   "Set --corpus=DIR or WINNOW_BENCH_CORPUS, or run `make corpus`.\n",
                   why.c_str());
    } else {
      benchmark::AddCustomContext("corpus", corpus.description + ", " + human_bytes(static_cast<double>(corpus.bytes)));
      g_inputs.push_back(std::move(corpus));
    }
  }
  const auto synthetic = static_cast<std::uint64_t>(std::atof(synthetic_mb.c_str()) * kMB);
  g_inputs.push_back(make_article_pages(synthetic));
  g_inputs.push_back(make_navigation_pages(synthetic));
  g_inputs.push_back(make_table_pages(synthetic));
  for (const InputSet& set : g_inputs)
    if (set.name != "corpus") benchmark::AddCustomContext(set.name, set.description);
  benchmark::AddCustomContext("chunk", "4096 bytes per feed; every document is its own extraction");

  // Throughput rows.
  for (StageKind kind : {StageKind::Floor, StageKind::Decoder, StageKind::Guard, StageKind::Parser,
                         StageKind::Tokens}) {
    StageSpec spec;
    spec.kind = kind;
    spec.budget = kDefaultBudget;
    g_stages.push_back(spec);
  }
  for (const winnow::AlgorithmInfo& info : winnow::algorithm_registry()) {
    StageSpec spec;
    spec.kind = StageKind::Extractor;
    spec.algorithm = std::string(info.name);
    spec.budget = kDefaultBudget;
    g_stages.push_back(spec);
  }
  for (const InputSet& set : g_inputs)
    for (const StageSpec& spec : g_stages) register_throughput(set, spec);
  for (const StageSpec& spec : g_stages) register_steady(spec);
  g_encoding_inputs.push_back(make_cyrillic_pages(synthetic, true));
  g_encoding_inputs.push_back(make_cyrillic_pages(synthetic, false));
  for (const InputSet& set : g_encoding_inputs) {
    benchmark::AddCustomContext(set.name, set.description);
    for (const StageSpec& spec : g_stages)
      if (spec.kind == StageKind::Decoder || (spec.kind == StageKind::Extractor && spec.algorithm == default_algorithm()))
        register_throughput(set, spec);
  }

  // Memory rows.
  StageSpec floor;
  floor.kind = StageKind::Floor;
  std::vector<StageSpec> algorithms;
  for (const StageSpec& spec : g_stages)
    if (spec.kind == StageKind::Extractor) algorithms.push_back(spec);
  // Every algorithm at the default budget; the engine-share budget for every
  // algorithm at 1 MiB and for the default one on the 64 MiB streams (keeps
  // the run to a few minutes however many algorithms the registry has).
  for (std::uint64_t size : {1 * KiB, 1 * MiB, 64 * MiB}) {
    register_memory(Shape::Article, size, floor, BudgetMode::Default);
    for (const StageSpec& spec : algorithms) {
      const bool is_default = spec.algorithm == default_algorithm();
      register_memory(Shape::Article, size, spec, BudgetMode::Default);
      if (size == 1 * MiB || (size == 64 * MiB && is_default))
        register_memory(Shape::Article, size, spec, BudgetMode::EngineShare);
      if (size == 1 * MiB && is_default) register_memory(Shape::Article, size, spec, BudgetMode::TotalShare);
    }
  }
  for (Shape shape : {Shape::TextNode, Shape::Attribute, Shape::Comment, Shape::Nesting}) {
    register_memory(shape, 64 * MiB, floor, BudgetMode::Default);
    for (const StageSpec& spec : algorithms) {
      register_memory(shape, 64 * MiB, spec, BudgetMode::Default);
      if (spec.algorithm == default_algorithm())
        register_memory(shape, 64 * MiB, spec, BudgetMode::EngineShare);
    }
  }
  // The long one (the default extractor only); filter it out with --benchmark_filter=-1GiB.
  for (const StageSpec& spec : algorithms)
    if (spec.algorithm == default_algorithm()) register_memory(Shape::Article, 1 * GiB, spec, BudgetMode::Default);

  Reporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);

  std::printf("\n# winnow bench summary\n\nMachine: %s, %u CPUs (%s). Budget %zu KiB, 4 KiB chunks.\n",
              cpu_model().c_str(), benchmark::CPUInfo::Get().num_cpus,
              benchmark::CPUInfo::Get().scaling == benchmark::CPUInfo::ENABLED ? "frequency scaling on" : "no scaling info",
              kDefaultBudget / 1024);
  for (const InputSet& set : g_inputs)
    std::printf("Input %s: %s, %zu documents, %s.\n", set.name.c_str(), set.description.c_str(), set.docs.size(),
                human_bytes(static_cast<double>(set.bytes)).c_str());
  print_throughput_table();
  print_memory_table();
  std::fflush(stdout);
  benchmark::Shutdown();
  return 0;
}

}  // namespace
}  // namespace bench

int main(int argc, char** argv) { return bench::run(argc, argv); }
