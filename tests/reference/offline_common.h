// SPDX-License-Identifier: MIT
// Shared by the offline reference implementations (whole document in memory)
// of DSC, CETR and MSS: rendering a keep-mask over a token sequence exactly as
// the engine's ContentWriter would.
// A token sequence is any vector of items with `.token` (winnow::Token) and
// `.text` (its word), e.g. test::DumpedToken.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "engine/content_sink.h"
#include "engine/content_writer.h"
#include "engine/token.h"

namespace winnow::reference {

class StringSink final : public ContentSink {
 public:
  void on_text(std::string_view text) override { text_.append(text.data(), text.size()); }
  void on_block_end() override { text_.push_back('\n'); }
  void on_span(SourceSpan span) override { spans_.push_back(span); }
  const std::string& text() const { return text_; }
  const std::vector<SourceSpan>& spans() const { return spans_; }

 private:
  std::string text_;
  std::vector<SourceSpan> spans_;
};

// The text the engine writes for the kept words.
template <typename Tokens>
std::string render(const Tokens& tokens, const std::vector<bool>& keep) {
  StringSink sink;
  ContentWriter writer(sink);
  for (std::size_t i = 0; i < tokens.size(); ++i)
    if (keep[i] && tokens[i].token.is_word()) writer.write_word(tokens[i].token, tokens[i].text);
  writer.finish();
  return sink.text();
}

}  // namespace winnow::reference
