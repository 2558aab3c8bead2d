// SPDX-License-Identifier: MIT
#include "support/token_dump.h"

#include <memory>
#include <sstream>

#include "adapters/libxml/html_extractor.h"
#include "engine/algorithm.h"
#include "engine/content_writer.h"
#include "engine/memory_budget.h"
#include "engine/token_stream.h"
#include "support/test_support.h"

namespace winnow::test {
namespace {

class TokenDump final : public Algorithm {
 public:
  void on_token(const Token& t, std::string_view text, const TokenStream&, ContentWriter& out) override {
    std::string line = std::to_string(static_cast<int>(t.kind)) + "\t" + std::to_string(static_cast<int>(t.tag)) +
                       "\t" + std::to_string(t.block) + "\t" + std::to_string(t.flags) + "\t" +
                       std::to_string(t.word_index) + "\t" + std::to_string(t.source_begin) + "\t" +
                       std::to_string(t.source_end) + "\t" + std::to_string(t.depth) + "\t" +
                       std::to_string(t.semantics) + "\t" + std::to_string(t.line_start) + "\t" +
                       std::string(text);
    out.write_rendered(line, SourceSpan{}, 0, 0);
  }
  void finish(ContentWriter&) override {}
};

std::unique_ptr<Algorithm> create_dump(MemoryBudget&) { return std::make_unique<TokenDump>(); }

}  // namespace

const AlgorithmInfo& token_dump_algorithm() {
  static const AlgorithmInfo info{"token-dump", "test only: every token as a line", &create_dump};
  return info;
}

std::vector<DumpedToken> parse_token_dump(const std::string& dump) {
  std::vector<DumpedToken> tokens;
  std::istringstream lines(dump);
  std::string line;
  while (std::getline(lines, line)) {
    std::istringstream fields(line);
    DumpedToken d;
    int kind = 0, tag = 0, flags = 0;
    unsigned long long block = 0, index = 0, begin = 0, end = 0, depth = 0, semantics = 0, line_start = 0;
    fields >> kind >> tag >> block >> flags >> index >> begin >> end >> depth >> semantics >> line_start;
    d.token.kind = static_cast<TokenKind>(kind);
    d.token.tag = static_cast<Tag>(tag);
    d.token.block = static_cast<std::uint32_t>(block);
    d.token.flags = static_cast<std::uint8_t>(flags);
    d.token.word_index = index;
    d.token.source_begin = begin;
    d.token.source_end = end;
    d.token.depth = static_cast<std::uint16_t>(depth);
    d.token.semantics = static_cast<std::uint32_t>(semantics);
    d.token.line_start = static_cast<std::uint8_t>(line_start);
    d.token.seq = tokens.size();
    const std::size_t tab = line.rfind('\t');
    d.text = line.substr(tab + 1);
    tokens.push_back(d);
  }
  return tokens;
}

std::vector<DumpedToken> tokens_of(const std::string& html) {
  RecordingSink sink;
  {
    ExtractorConfig config;
    config.memory_budget = 16 << 20;
    HtmlExtractor extractor(config, token_dump_algorithm(), sink);
    extractor.feed(html.data(), html.size(), true);
  }
  return parse_token_dump(sink.text());
}

std::string run_tokens(Algorithm& algorithm, const std::vector<DumpedToken>& tokens) {
  RecordingSink sink;
  ContentWriter out(sink);
  MemoryBudget stream_budget(1 << 20);
  TokenStream stream(stream_budget, 1, 0);
  for (const DumpedToken& t : tokens) algorithm.on_token(t.token, t.text, stream, out);
  algorithm.finish(out);
  out.finish();
  return sink.text();
}

}  // namespace winnow::test
