// SPDX-License-Identifier: MIT
// A sink that keeps what a block-labelling extractor wrote and every decision
// it reported, for train_blocks --decisions: the held-out pages' P(content)
// scores, which tools/page_offset.py reads to ask whether a page's own scores
// say which offset it wants (adapters/learn/README.md, stop 46).
#pragma once

#include <string>
#include <string_view>

#include "engine/content_sink.h"

namespace winnow::learn {

class DecisionLog final : public ContentSink {
 public:
  // The text as the text format writes it: one block per line.
  const std::string& text() const { return text_; }
  // One line per reported decision, in the order reported:
  // begin<TAB>end<TAB>kept (0 or 1)<TAB>score (4 decimals). A fallback block
  // or a recovered headline is reported again where it is written, as
  // `winnow --format json` reports it.
  const std::string& decisions() const { return decisions_; }

  // Writes a header line and decisions() to path, creating its directory.
  // False (and nothing written) when the file cannot be opened.
  bool write(const std::string& path) const;

  void on_text(std::string_view piece) override { text_.append(piece.data(), piece.size()); }
  void on_block_end() override { text_.push_back('\n'); }
  void on_block_decision(SourceSpan span, bool kept, float score) override;

 private:
  std::string text_;
  std::string decisions_;
};

}  // namespace winnow::learn
