// SPDX-License-Identifier: MIT
#include "adapters/train/corpus_tokens.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "adapters/libxml/html_extractor.h"
#include "engine/algorithm_registry.h"

namespace winnow::train {
namespace {

class Capture final : public Algorithm {
 public:
  explicit Capture(std::vector<CapturedToken>& tokens) : tokens_(tokens) {}
  void on_token(const Token& token, std::string_view text, const TokenStream&, ContentWriter&) override {
    tokens_.push_back(CapturedToken{token, std::string(text)});
  }
  void finish(ContentWriter&) override {}

 private:
  std::vector<CapturedToken>& tokens_;
};

std::unique_ptr<Algorithm> create_capture(MemoryBudget&, void* tokens) {
  return std::make_unique<Capture>(*static_cast<std::vector<CapturedToken>*>(tokens));
}

class TextSink final : public ContentSink {
 public:
  void on_text(std::string_view text) override { text_.append(text.data(), text.size()); }
  void on_block_end() override { text_.push_back('\n'); }
  std::string text_;
};

}  // namespace

std::vector<CapturedToken> capture_tokens(std::string_view html) {
  std::vector<CapturedToken> tokens;
  TextSink sink;
  ExtractorConfig config;
  config.memory_budget = std::size_t{64} << 20;
  AlgorithmInfo info{"capture", "every token, to memory", nullptr};
  info.create_with = &create_capture;
  info.context = &tokens;
  {
    HtmlExtractor extractor(config, info, sink);
    extractor.feed(html.data(), html.size(), true);
  }
  return tokens;
}

OnlineResult run_online(std::string_view html, const AlgorithmFactory& make, std::size_t memory_budget) {
  TextSink sink;
  ExtractorConfig config;
  config.memory_budget = memory_budget;
  AlgorithmInfo info{"online", "the algorithm under test", nullptr};
  info.create_with = [](MemoryBudget& budget, void* factory) {
    return (*static_cast<const AlgorithmFactory*>(factory))(budget);
  };
  info.context = const_cast<AlgorithmFactory*>(&make);
  OnlineResult result;
  HtmlExtractor extractor(config, info, sink);
  std::size_t at = 0;
  constexpr std::size_t kChunk = 4096;
  while (at < html.size()) {
    const std::size_t size = std::min(kChunk, html.size() - at);
    extractor.feed(html.data() + at, size, false);
    at += size;
  }
  result.status = extractor.feed(nullptr, 0, true);
  result.peak_memory = extractor.stats().peak_memory;
  result.text = std::move(sink.text_);
  return result;
}

std::vector<std::string> corpus_packages(const std::string& root) {
  std::vector<std::string> packages;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(root, error))
    if (entry.is_directory() && std::filesystem::exists(entry.path() / "PACKAGE.json"))
      packages.push_back(entry.path().string());
  std::sort(packages.begin(), packages.end());
  if (packages.empty())
    std::fprintf(stderr, "no test packages under %s (run `make corpus`, or pass --corpus DIR); nothing to do\n",
                 root.c_str());
  return packages;
}

bool corpus_pages(const std::vector<std::string>& dirs, std::size_t limit, const std::string& only,
                  std::vector<CorpusPage>* pages, std::vector<std::string>* names) {
  for (const std::string& dir : dirs) {
    std::string error;
    const auto package = eval::load_package(dir, &error);
    if (!package) {
      std::fprintf(stderr, "%s\n", error.c_str());
      return false;
    }
    if (!only.empty() && ("," + only + ",").find("," + package->name + ",") == std::string::npos) continue;
    if (names) names->push_back(package->name);
    std::size_t taken = 0;
    for (const eval::DocumentRef& doc : package->documents) {
      if (limit != 0 && taken++ >= limit) break;
      pages->push_back({package->name, doc});
    }
  }
  return true;
}

}  // namespace winnow::train
