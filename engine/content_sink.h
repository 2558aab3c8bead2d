// SPDX-License-Identifier: MIT
// Where extracted content goes. The engine calls these in document order as
// soon as content is decided; the views are valid only during the call.
#pragma once

#include <cstdint>
#include <string_view>

namespace winnow {

// A byte range [begin, end) into the original input: Gottron's f_e (seed 000,
// section 2) returns a set of such pairs.
struct SourceSpan {
  std::uint64_t begin = 0;
  std::uint64_t end = 0;
};

class ContentSink {
 public:
  virtual ~ContentSink() = default;
  // A piece of text of the current block (words joined by single spaces).
  virtual void on_text(std::string_view text) = 0;
  // The current block ended (the text format writes '\n').
  virtual void on_block_end() = 0;
  // A maximal run of consecutive content tokens covers these input bytes.
  virtual void on_span(SourceSpan) {}
};

}  // namespace winnow
