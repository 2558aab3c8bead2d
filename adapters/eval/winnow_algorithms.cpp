// SPDX-License-Identifier: MIT
// algorithms.h over the library: each registry entry becomes an Extractor
// that calls winnow::extract_html() and times that call alone (seed 000,
// section 3: seconds per kB, here measured in-process).
#include "adapters/eval/algorithms.h"

#include <chrono>

#include "adapters/libxml/html_extractor.h"
#include "engine/algorithm_registry.h"
#include "engine/extractor_config.h"
#include "engine/status.h"

namespace winnow::eval {
namespace {

class WinnowExtractor final : public Extractor {
 public:
  WinnowExtractor(std::string name, const AlgorithmSettings& settings)
      : name_(std::move(name)), chunk_size_(settings.chunk_size) {
    config_.algorithm = name_;
    config_.memory_budget = settings.memory_budget;
  }

  const std::string& name() const override { return name_; }

  Extraction extract(std::string_view html) const override { return extract_from(html, {}); }

  // The address goes to ExtractorConfig::url: what `winnow --url` gives.
  Extraction extract_from(std::string_view html, std::string_view url) const override {
    ExtractorConfig config = config_;
    config.url = url;
    const auto start = std::chrono::steady_clock::now();
    ExtractResult result = extract_html(html, config, chunk_size_);
    Extraction e;
    e.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    e.text = std::move(result.text);
    if (result.status != Status::Ok) e.status = status_string(result.status);
    // Any fatal status counts, BudgetExceeded included: its text is partial.
    e.failed = is_fatal(result.status);
    return e;
  }

 private:
  std::string name_;
  ExtractorConfig config_;
  std::size_t chunk_size_;
};

}  // namespace

std::vector<AlgorithmEntry> winnow_algorithms() {
  std::vector<AlgorithmEntry> entries;
  for (const AlgorithmInfo& info : algorithm_registry())
    entries.push_back({std::string(info.name), std::string(info.summary)});
  return entries;
}

std::unique_ptr<Extractor> make_winnow_extractor(const std::string& name,
                                                 const AlgorithmSettings& settings) {
  if (!find_algorithm(name)) return nullptr;
  return std::make_unique<WinnowExtractor>(name, settings);
}

}  // namespace winnow::eval
