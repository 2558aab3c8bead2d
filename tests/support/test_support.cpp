// SPDX-License-Identifier: MIT
#include "support/test_support.h"

#include <algorithm>
#include <dirent.h>
#include <fstream>
#include <memory>
#include <random>
#include <sstream>

#include "engine/algorithm.h"
#include "engine/algorithm_registry.h"

#ifndef WINNOW_FIXTURE_DIR
#error "WINNOW_FIXTURE_DIR must name tests/fixtures"
#endif

namespace winnow::test {

std::string fixture_dir() { return WINNOW_FIXTURE_DIR; }

std::vector<std::string> fixture_names() { return fixture_names(""); }

std::vector<std::string> fixture_names(const std::string& folder) {
  std::vector<std::string> names;
  const std::string path = folder.empty() ? fixture_dir() : fixture_dir() + "/" + folder;
  if (DIR* dir = opendir(path.c_str())) {
    while (const dirent* entry = readdir(dir)) {
      const std::string name = entry->d_name;
      if (name.size() > 5 && name.compare(name.size() - 5, 5, ".html") == 0) names.push_back(name);
    }
    closedir(dir);
  }
  std::sort(names.begin(), names.end());
  return names;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

std::string read_fixture(const std::string& name) { return read_file(fixture_dir() + "/" + name); }

std::vector<std::string> words_of(std::string_view text) {
  std::vector<std::string> words;
  std::string word;
  for (const char c : text) {
    if (c == ' ' || c == '\n' || c == '\t') {
      if (!word.empty()) words.push_back(word);
      word.clear();
    } else {
      word += c;
    }
  }
  if (!word.empty()) words.push_back(word);
  return words;
}

std::string describe(const BlockShape& shape) {
  static const char* const kKinds[] = {"p", "li", "ol", "dt", "dd", "td", "cap", "pre"};
  std::string out = shape.quote_nesting ? ">>" : shape.quoted ? ">" : "";
  out += kKinds[static_cast<int>(shape.kind) & 7];
  if (shape.continues_item) out += '+';
  if (shape.starts_group) out += '*';
  if (shape.list_nesting) out += "^" + std::to_string(shape.list_nesting);
  if (shape.heading_level) out += "#" + std::to_string(shape.heading_level);
  return out;
}

RunResult run_pipeline(std::string_view html, const ExtractorConfig& config,
                       const std::vector<std::size_t>& chunk_sizes, const AlgorithmInfo* algorithm) {
  RecordingSink sink;
  RunResult result;
  {
    HtmlExtractor extractor = algorithm ? HtmlExtractor(config, *algorithm, sink) : HtmlExtractor(config, sink);
    result.status = extractor.status();
    std::size_t at = 0;
    std::size_t k = 0;
    while (!is_fatal(result.status)) {
      const std::size_t want =
          chunk_sizes.empty() ? html.size() : std::max<std::size_t>(chunk_sizes[k++ % chunk_sizes.size()], 1);
      const std::size_t n = std::min(want, html.size() - at);
      const bool last = at + n == html.size();
      result.status = extractor.feed(html.data() + at, n, last);
      at += n;
      if (last) break;
      // Stopped early: finishing delivers everything decided so far.
      if (is_fatal(result.status)) result.status = extractor.feed(nullptr, 0, true);
    }
    result.stats = extractor.stats();
    result.title_known = extractor.title() != nullptr;
    if (result.title_known) result.title = extractor.title();
    result.metadata_known = extractor.metadata() != nullptr;
    if (result.metadata_known) result.metadata_at_end = describe(*extractor.metadata());
  }
  result.text = sink.text();
  result.spans = sink.spans();
  result.headings = sink.headings();
  result.shapes = sink.shapes();
  result.metadata = sink.metadata();
  result.metadata_calls = sink.metadata_calls();
  result.metadata_before_content = sink.metadata_before_content();
  result.block_texts = sink.block_texts();
  result.verdict = sink.verdict();
  result.net_text_length = sink.net_text_length();
  return result;
}

RunResult run_pipeline(std::string_view html, const ExtractorConfig& config, std::size_t chunk_size,
                       const AlgorithmInfo* algorithm) {
  // 0: the whole input in one final feed (an empty list of sizes).
  return run_pipeline(html, config, chunk_size == 0 ? std::vector<std::size_t>{} : std::vector<std::size_t>{chunk_size},
                      algorithm);
}

HalfwayText feed_in_two_halves(std::string_view page, const ExtractorConfig& config) {
  RecordingSink sink;
  HtmlExtractor extractor(config, sink);
  const std::size_t half = page.size() / 2;
  HalfwayText text;
  extractor.feed(page.data(), half, false);
  text.after_first_half = sink.text();
  extractor.feed(page.data() + half, page.size() - half, true);
  text.at_end = sink.text();
  return text;
}

ExtractorConfig config_for(std::string_view algorithm, std::size_t memory_budget) {
  ExtractorConfig config;
  config.algorithm = std::string(algorithm);
  config.memory_budget = memory_budget;
  return config;
}

std::vector<std::size_t> random_chunk_sizes(std::uint32_t seed, std::size_t count, std::size_t max_size) {
  std::mt19937 generator(seed);
  std::uniform_int_distribution<std::size_t> size(1, max_size);
  std::vector<std::size_t> sizes(count);
  for (std::size_t& s : sizes) s = size(generator);
  return sizes;
}

std::string describe(const PageMetadata& metadata) {
  std::string out;
  for (std::size_t i = 0; i < PageMetadata::kFieldCount; ++i) {
    const auto field = static_cast<MetadataField>(i);
    if (metadata.get(field).empty()) continue;
    out += std::string(metadata_field_name(field)) + "=" + std::string(metadata.get(field)) + "\n";
  }
  return out;
}

std::string describe(const std::vector<SourceSpan>& spans) {
  std::string out;
  for (const SourceSpan& s : spans) out += std::to_string(s.begin) + "-" + std::to_string(s.end) + " ";
  return out;
}

namespace {

class TokenRecorder final : public Algorithm {
 public:
  explicit TokenRecorder(std::vector<PipelineToken>& tokens) : tokens_(tokens) {}
  void on_token(const Token& token, std::string_view text, const TokenStream&, ContentWriter&) override {
    tokens_.push_back(PipelineToken{token, std::string(text)});
  }
  void finish(ContentWriter&) override {}

 private:
  std::vector<PipelineToken>& tokens_;
};

std::unique_ptr<Algorithm> create_recorder(MemoryBudget&, void* tokens) {
  return std::make_unique<TokenRecorder>(*static_cast<std::vector<PipelineToken>*>(tokens));
}

}  // namespace

std::vector<PipelineToken> pipeline_tokens(std::string_view html) {
  std::vector<PipelineToken> tokens;
  AlgorithmInfo recorder{"recorder", "test only", nullptr};
  recorder.create_with = &create_recorder;
  recorder.context = &tokens;
  RecordingSink sink;
  ExtractorConfig config;
  HtmlExtractor extractor(config, recorder, sink);
  extractor.feed(html.data(), html.size(), true);
  return tokens;
}

std::vector<bool> fixed_lag_labels(const BlockModel& model, const std::vector<float>& p, std::size_t lag) {
  MemoryBudget budget(1 << 20);
  BlockLabeler labeler(budget, model, lag, 0.0f);
  std::vector<bool> labels;
  for (float x : p)
    if (labeler.push(x)) labels.push_back(labeler.decided_label());
  bool label = false;
  while (labeler.flush(&label)) labels.push_back(label);
  return labels;
}

}  // namespace winnow::test
