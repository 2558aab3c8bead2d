// SPDX-License-Identifier: MIT
// Documents spread over threads (parallel.h), results written into pre-sized
// slots so no ordering work is needed later.
#include "adapters/eval/runner.h"

#include <algorithm>
#include <atomic>
#include <mutex>

#include "adapters/eval/markup.h"
#include "adapters/eval/parallel.h"

namespace winnow::eval {
namespace {

struct Task {
  const Package* package;
  const DocumentRef* document;
};

std::vector<Task> make_tasks(const std::vector<Package>& packages, std::size_t limit) {
  std::vector<Task> tasks;
  for (const Package& p : packages) {
    std::size_t taken = 0;
    for (const DocumentRef& d : p.documents) {
      if (limit != 0 && taken++ >= limit) break;
      tasks.push_back({&p, &d});
    }
  }
  return tasks;
}

// Scores one document with every extractor; false (and a message) if its
// files cannot be read.
bool evaluate_task(const Task& task, const std::vector<std::unique_ptr<Extractor>>& extractors,
                   const RunOptions& options, std::vector<DocumentResult>& out, std::string& problem) {
  const auto html = read_file_bytes(task.document->html);
  const auto gold_text = read_file_bytes(task.document->gold);
  if (!html || !gold_text) {
    problem = (html ? task.document->gold : task.document->html).string() + ": cannot be read";
    return false;
  }
  const PreparedText gold =
      prepare_text(options.resolve_gold_entities ? resolve_entities(*gold_text) : *gold_text);
  const std::string url = options.known_address ? load_meta(task.document->meta).url : std::string();
  for (const auto& extractor : extractors) {
    Extraction e = extractor->extract_from(*html, url);
    DocumentResult r;
    r.package = task.package->name;
    r.document = task.document->id;
    r.algorithm = extractor->name();
    r.html_bytes = html->size();
    r.seconds = e.seconds;
    r.scores = score_document(gold, prepare_text(e.text));
    r.status = std::move(e.status);
    r.failed = e.failed;
    out.push_back(std::move(r));
  }
  return true;
}

}  // namespace

RunResult run_evaluation(const std::vector<Package>& packages,
                         const std::vector<std::unique_ptr<Extractor>>& extractors,
                         const RunOptions& options) {
  const std::vector<Task> tasks = make_tasks(packages, options.limit_per_package);
  std::vector<std::vector<DocumentResult>> slots(tasks.size());
  std::vector<std::string> problems(tasks.size());
  std::atomic<std::size_t> done{0};
  std::mutex progress_mutex;
  const unsigned threads = static_cast<unsigned>(std::max<std::size_t>(1, std::min(options.threads, tasks.size())));
  parallel_for(tasks.size(), threads, [&](std::size_t i, unsigned) {
    evaluate_task(tasks[i], extractors, options, slots[i], problems[i]);
    const std::size_t finished = ++done;
    if (options.on_progress) {
      std::lock_guard<std::mutex> lock(progress_mutex);
      options.on_progress(finished, tasks.size());
    }
  });

  RunResult result;
  for (std::size_t i = 0; i < tasks.size(); ++i) {
    for (DocumentResult& r : slots[i]) result.documents.push_back(std::move(r));
    if (!problems[i].empty()) result.problems.push_back(std::move(problems[i]));
  }
  return result;
}

}  // namespace winnow::eval
