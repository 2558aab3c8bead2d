// SPDX-License-Identifier: MIT
// winnow-eval: runs extraction algorithms over test packages and writes
// per-document and summary TSVs, a summary table on stdout and an HTML report
// (issue 4; measures from seed 000 sections 3-4 and seed 002).
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <functional>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "adapters/eval/algorithms.h"
#include "adapters/eval/command_extractor.h"
#include "adapters/eval/options.h"
#include "adapters/eval/package.h"
#include "adapters/eval/report.h"
#include "adapters/eval/runner.h"
#include "adapters/eval/summary.h"
#include "adapters/eval/tsv.h"

#ifndef WINNOW_EVAL_DEFAULT_CORPUS
#define WINNOW_EVAL_DEFAULT_CORPUS "corpus"
#endif
#ifndef WINNOW_EVAL_VERSION
#define WINNOW_EVAL_VERSION "0.0.0"
#endif

namespace fs = std::filesystem;
using namespace winnow::eval;

namespace {

int usage_error(const std::string& message) {
  std::cerr << "winnow-eval: " << message << "\nTry 'winnow-eval --help'.\n";
  return kExitUsage;
}

int io_error(const std::string& message) {
  std::cerr << "winnow-eval: " << message << '\n';
  return kExitInputOutput;
}

// The extractors the options ask for, or a usage error message.
std::string build_extractors(const Options& o, std::vector<std::unique_ptr<Extractor>>& out) {
  const std::vector<AlgorithmEntry> available = winnow_algorithms();
  std::vector<std::string> names;
  // Without --algo, run every algorithm unless only a command was given.
  const bool run_all = o.all_algorithms || (!o.algorithms_given && o.extractor_cmd.empty());
  if (run_all)
    for (const AlgorithmEntry& a : available) names.push_back(a.name);
  for (const std::string& n : o.algorithms)
    if (std::find(names.begin(), names.end(), n) == names.end()) names.push_back(n);
  const AlgorithmSettings settings{o.chunk_size, o.memory_budget};
  for (const std::string& n : names) {
    auto extractor = make_winnow_extractor(n, settings);
    if (!extractor) {
      std::string known;
      for (const AlgorithmEntry& a : available) known += (known.empty() ? "" : ", ") + a.name;
      return "unknown algorithm '" + n + "' (available: " + (known.empty() ? "none" : known) + ")";
    }
    out.push_back(std::move(extractor));
  }
  if (!o.extractor_cmd.empty()) {
    for (const auto& e : out)
      if (e->name() == o.extractor_name)
        return "--extractor-name '" + o.extractor_name + "' is also an algorithm name";
    out.push_back(std::make_unique<CommandExtractor>(o.extractor_cmd, o.extractor_name, o.extractor_output,
                                                     static_cast<double>(o.extractor_timeout)));
  }
  if (out.empty())
    return available.empty() ? "this build has no winnow algorithms; use --extractor-cmd"
                             : "nothing to evaluate";
  return "";
}

// Package folders from the options, or every package under the corpus root.
std::vector<fs::path> package_folders(const Options& o, std::string& root_used) {
  std::vector<fs::path> folders(o.packages.begin(), o.packages.end());
  if (folders.empty()) {
    root_used = o.corpus.empty() ? WINNOW_EVAL_DEFAULT_CORPUS : o.corpus;
    folders = find_packages(root_used);
  }
  return folders;
}

// A one-line bar redrawn in place, at most ten times a second.
class ProgressBar {
 public:
  void update(std::size_t done, std::size_t total) {
    const auto now = std::chrono::steady_clock::now();
    if (done != total && now - last_ < std::chrono::milliseconds(100)) return;
    last_ = now;
    constexpr int kWidth = 30;
    const int filled = total ? static_cast<int>(kWidth * done / total) : kWidth;
    const double elapsed = std::chrono::duration<double>(now - start_).count();
    std::cerr << "\r[" << std::string(filled, '#') << std::string(kWidth - filled, ' ') << "] "
              << done << '/' << total << " documents, " << static_cast<int>(elapsed) << " s"
              << (done == total ? "\n" : "") << std::flush;
  }

 private:
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  std::chrono::steady_clock::time_point last_{};
};

bool write_text_file(const fs::path& file, const std::string& what,
                     const std::function<void(std::ostream&)>& write) {
  std::ofstream out(file, std::ios::binary);
  if (out) write(out);
  out.flush();
  if (!out) {
    std::cerr << "winnow-eval: cannot write " << what << " " << file.string() << '\n';
    return false;
  }
  return true;
}

std::string now_text() {
  const std::time_t t = std::time(nullptr);
  char buffer[64];
  std::tm tm{};
  gmtime_r(&t, &tm);
  std::strftime(buffer, sizeof buffer, "%Y-%m-%d %H:%M UTC", &tm);
  return buffer;
}

std::string joined_command_line(int argc, char** argv) {
  std::string line = "winnow-eval";
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const bool plain = arg.find_first_of(" \t'\"$\\") == std::string::npos && !arg.empty();
    line += " " + (plain ? arg : "'" + arg + "'");
  }
  return line;
}

int run(int argc, char** argv) {
  const ParsedOptions parsed = parse_options(std::vector<std::string>(argv + 1, argv + argc));
  if (!parsed.error.empty()) return usage_error(parsed.error);
  const Options& o = parsed.options;
  if (o.help) {
    std::cout << usage_text(WINNOW_EVAL_DEFAULT_CORPUS);
    return kExitOk;
  }
  if (o.version) {
    std::cout << "winnow-eval " << WINNOW_EVAL_VERSION << '\n';
    return kExitOk;
  }
  if (o.list_algorithms) {
    for (const AlgorithmEntry& a : winnow_algorithms()) std::cout << a.name << '\t' << a.summary << '\n';
    return kExitOk;
  }

  std::vector<std::unique_ptr<Extractor>> extractors;
  if (const std::string why = build_extractors(o, extractors); !why.empty()) return usage_error(why);

  std::string root;
  const std::vector<fs::path> folders = package_folders(o, root);
  if (folders.empty())
    return io_error("no test packages found under " + root +
                    "; run `make corpus` to unpack the development corpus, or name package "
                    "folders (--packages DIR ...)");
  std::vector<Package> packages;
  std::set<std::string> names;
  for (const fs::path& folder : folders) {
    std::string error;
    auto package = load_package(folder, &error);
    if (!package) return io_error(error);
    if (!names.insert(package->name).second)
      return io_error("two packages are named '" + package->name + "'");
    for (const std::string& w : package->warnings)
      std::cerr << "winnow-eval: " << package->name << ": " << w << '\n';
    packages.push_back(std::move(*package));
  }

  std::error_code ec;
  fs::create_directories(o.out_dir, ec);
  if (!fs::is_directory(o.out_dir, ec)) return io_error("cannot create folder " + o.out_dir);

  RunOptions run_options;
  run_options.threads = o.threads ? o.threads : std::max(1u, std::thread::hardware_concurrency());
  run_options.limit_per_package = o.limit;
  run_options.resolve_gold_entities = o.resolve_gold_entities;
  run_options.known_address = o.known_address;
  ProgressBar bar;
  if (!o.quiet && ::isatty(STDERR_FILENO))
    run_options.on_progress = [&bar](std::size_t done, std::size_t total) { bar.update(done, total); };
  const auto start = std::chrono::steady_clock::now();
  const RunResult result = run_evaluation(packages, extractors, run_options);
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  for (const std::string& p : result.problems) std::cerr << "winnow-eval: " << p << '\n';

  const std::vector<SummaryRow> summary = summarize(result.documents);
  const fs::path out_dir(o.out_dir);
  bool written = write_text_file(out_dir / "documents.tsv", "per-document results",
                                 [&](std::ostream& s) { write_documents_tsv(s, result.documents); });
  written &= write_text_file(out_dir / "summary.tsv", "summary",
                             [&](std::ostream& s) { write_summary_tsv(s, summary); });
  fs::path report_path;
  if (o.write_report) {
    report_path = o.report.empty() ? out_dir / "report.html" : fs::path(o.report);
    ReportContext context{WINNOW_EVAL_VERSION, joined_command_line(argc, argv), now_text(), {}};
    for (const Package& p : packages) context.packages.push_back(&p);
    written &= write_text_file(report_path, "report", [&](std::ostream& s) {
      write_report(s, summary, result.documents, context);
    });
  }
  if (!o.quiet) {
    print_summary_table(std::cout, summary);
    std::cout << "\n" << result.documents.size() << " results in " << format_time(wall)
              << " s on " << run_options.threads << " threads; wrote "
              << (out_dir / "documents.tsv").string() << ", " << (out_dir / "summary.tsv").string();
    if (!report_path.empty()) std::cout << ", " << report_path.string();
    std::cout << '\n';
  }
  if (!written) return kExitInputOutput;
  if (!result.problems.empty())
    return io_error(std::to_string(result.problems.size()) + " document(s) could not be read");
  return kExitOk;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "winnow-eval: " << e.what() << '\n';
    return kExitInputOutput;
  }
}
