// SPDX-License-Identifier: MIT
// Helpers shared by the tests: fixtures, chunk patterns, a recording sink and
// a one-call run of the whole pipeline with chosen chunk boundaries.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "adapters/libxml/html_extractor.h"
#include "engine/block_labeler.h"
#include "engine/content_sink.h"
#include "engine/page_metadata.h"
#include "engine/token.h"

namespace winnow::test {

std::string fixture_dir();
std::vector<std::string> fixture_names();  // every *.html in fixture_dir(), sorted
// Every *.html in fixture_dir()/folder, sorted (read them as "folder/" + name).
std::vector<std::string> fixture_names(const std::string& folder);
std::string read_file(const std::string& path);
std::string read_fixture(const std::string& name);

// A block's shape in a few characters: ">" if quoted (">>" in a quote inside
// a quote), the kind ("p", "li",
// "ol", "dt", "dd", "td", "cap", "pre"), then "+" if it continues an item,
// "*" if it starts a list or a table row,
// "^" and the list nesting if it is nested, and "#" and the level for a
// heading: ">li+", "li^2", "p#2".
std::string describe(const BlockShape& shape);
// The fields a page declared, one "name=value" line each, in MetadataField's
// order; empty fields left out.
std::string describe(const PageMetadata& metadata);

// The words of a text: what lies between spaces, tabs and newlines.
std::vector<std::string> words_of(std::string_view text);

class RecordingSink final : public ContentSink {
 public:
  void on_text(std::string_view text) override {
    text_.append(text.data(), text.size());
    block_.append(text.data(), text.size());
  }
  void on_block_end() override {
    text_.push_back('\n');
    ++blocks_;
    block_texts_.push_back(std::move(block_));
    block_.clear();
  }
  void on_span(SourceSpan span) override { spans_.push_back(span); }
  void on_metadata(const PageMetadata& metadata) override {
    ++metadata_calls_;
    metadata_before_content_ = text_.empty() && shapes_.empty() && spans_.empty() && decisions_.empty();
    metadata_ = describe(metadata);
  }
  void on_block_start(const BlockShape& shape) override {
    if (shape.heading_level) headings_ += static_cast<char>('0' + shape.heading_level);
    if (!shapes_.empty()) shapes_ += ' ';
    shapes_ += describe(shape);
  }
  struct Decision {
    SourceSpan span;
    bool kept;
    float score;
    std::size_t blocks_before;  // content lines written before it
  };
  void on_block_decision(SourceSpan span, bool kept, float score) override {
    decisions_.push_back(Decision{span, kept, score, blocks_});
  }
  void on_verdict(PageVerdict verdict, std::uint64_t net) override {
    verdict_ = verdict;
    net_text_length_ = net;
    ++verdicts_;
  }

  const std::string& text() const { return text_; }
  const std::string& headings() const { return headings_; }  // one digit per heading block
  // Each block's shape, as describe() writes it, separated by spaces.
  const std::string& shapes() const { return shapes_; }
  // Each block's text, in order (as shapes()).
  const std::vector<std::string>& block_texts() const { return block_texts_; }
  PageVerdict verdict() const { return verdict_; }
  std::uint64_t net_text_length() const { return net_text_length_; }
  int verdicts() const { return verdicts_; }
  const std::vector<SourceSpan>& spans() const { return spans_; }
  std::size_t blocks() const { return blocks_; }
  const std::vector<Decision>& decisions() const { return decisions_; }
  const std::string& metadata() const { return metadata_; }  // describe() of on_metadata()'s
  int metadata_calls() const { return metadata_calls_; }
  // No text, shape, span or decision came before on_metadata().
  bool metadata_before_content() const { return metadata_before_content_; }

 private:
  std::string text_;
  std::vector<SourceSpan> spans_;
  std::vector<Decision> decisions_;
  std::size_t blocks_ = 0;
  std::string headings_;
  std::string shapes_;
  std::string block_;
  std::vector<std::string> block_texts_;
  PageVerdict verdict_ = PageVerdict::Article;
  std::uint64_t net_text_length_ = 0;
  int verdicts_ = 0;
  std::string metadata_;
  int metadata_calls_ = 0;
  bool metadata_before_content_ = false;
};

struct RunResult {
  std::string text;
  std::string headings;
  std::string shapes;  // RecordingSink::shapes()
  std::vector<std::string> block_texts;
  PageVerdict verdict = PageVerdict::Article;
  std::uint64_t net_text_length = 0;
  std::vector<SourceSpan> spans;
  Status status = Status::Ok;
  ExtractorStats stats;
  bool title_known = false;  // HtmlExtractor::title() was not null at the end
  std::string title;
  std::string metadata;      // RecordingSink::metadata()
  int metadata_calls = 0;
  bool metadata_before_content = false;
  bool metadata_known = false;  // HtmlExtractor::metadata() was not null at the end
  std::string metadata_at_end;  // describe() of HtmlExtractor::metadata() at the end
};

// Feeds the input cut at the given sizes (cycled until the input ends; none:
// the whole input in one final feed), to config.algorithm or, when given, to
// `algorithm` (one made for a test). A chunk_size of 0 is the whole input.
RunResult run_pipeline(std::string_view html, const ExtractorConfig& config,
                       const std::vector<std::size_t>& chunk_sizes, const AlgorithmInfo* algorithm = nullptr);
RunResult run_pipeline(std::string_view html, const ExtractorConfig& config, std::size_t chunk_size,
                       const AlgorithmInfo* algorithm = nullptr);

// What a streaming extraction had written after the first half of a page
// (more to come) and after the rest: how the tests check that content goes
// out while the page is still arriving.
struct HalfwayText {
  std::string after_first_half;
  std::string at_end;
};
HalfwayText feed_in_two_halves(std::string_view page, const ExtractorConfig& config);

// A configuration that runs `algorithm` within `memory_budget` (by default
// the library's own default budget), all else as the library's defaults.
ExtractorConfig config_for(std::string_view algorithm, std::size_t memory_budget = ExtractorConfig{}.memory_budget);

// Chunk sizes drawn from a fixed-seed generator (never rand()).
std::vector<std::size_t> random_chunk_sizes(std::uint32_t seed, std::size_t count, std::size_t max_size);

// A token as the pipeline hands it to the algorithms, every field kept (the
// token dump of token_dump.h leaves out the semantics bits), with its text.
struct PipelineToken {
  Token token;
  std::string text;
};

// Every token of the page, run through the whole pipeline in one feed at the
// default settings: what an algorithm's offline definition starts from.
std::vector<PipelineToken> pipeline_tokens(std::string_view html);

// The labels a BlockLabeler with this model, lag and no bias gives the
// probabilities, every block decided (the last ones by flush()).
std::vector<bool> fixed_lag_labels(const BlockModel& model, const std::vector<float>& p, std::size_t lag);

// The spans rendered as "begin-end" for readable failure messages.
std::string describe(const std::vector<SourceSpan>& spans);

}  // namespace winnow::test
