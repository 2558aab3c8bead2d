// SPDX-License-Identifier: MIT
// Runs an engine algorithm over a token sequence held in memory (no parser),
// the way the engine does: each token pushed into a TokenStream sized by the
// algorithm's window, then on_token, then finish. For hand-made sequences.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/algorithm.h"
#include "engine/content_writer.h"
#include "engine/memory_budget.h"
#include "engine/token_stream.h"
#include "reference/offline_common.h"

namespace winnow::reference {

template <typename Tokens>
std::string drive(Algorithm& algorithm, const Tokens& tokens) {
  MemoryBudget stream_budget(std::size_t{1} << 26);
  const StreamWindow window = algorithm.window();
  TokenStream stream(stream_budget, window.tokens, window.text_bytes);
  StringSink sink;
  ContentWriter out(sink);
  for (const auto& t : tokens) {
    const Token& stored = stream.push(t.token, t.text);
    algorithm.on_token(stored, t.text, stream, out);
  }
  algorithm.finish(out);
  out.finish();
  return sink.text();
}

struct SimpleToken {
  Token token;
  std::string text;
};

// A sequence from a pattern: 'T' a start tag (a block boundary when
// `tags_break_blocks`), 'W' a word "w<position>".
inline std::vector<SimpleToken> tokens_from_pattern(const std::string& pattern, bool tags_break_blocks = false) {
  std::vector<SimpleToken> tokens;
  std::uint64_t words = 0;
  std::uint32_t block = 0;
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    SimpleToken t;
    t.token.seq = i;
    t.token.source_begin = 10 * i;
    t.token.source_end = 10 * i + 5;
    t.token.word_index = words;
    if (pattern[i] == 'W') {
      t.token.kind = TokenKind::Word;
      t.token.tag = Tag::p;
      t.text = "w" + std::to_string(i);
      ++words;
    } else {
      t.token.kind = TokenKind::StartTag;
      t.token.tag = Tag::span;
      if (tags_break_blocks) {
        ++block;
        t.token.flags = kTokenBlockBoundary;
        t.token.tag = Tag::div;
      }
    }
    t.token.block = block;
    tokens.push_back(t);
  }
  return tokens;
}

}  // namespace winnow::reference
