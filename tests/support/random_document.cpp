// SPDX-License-Identifier: MIT
#include "support/random_document.h"

#include <algorithm>

namespace winnow::test {
namespace {

struct OpenElement {
  Tag tag;
  std::uint32_t cues;
  bool onclick;
};

class Generator {
 public:
  Generator(const RandomDocumentShape& shape, std::mt19937& g) : shape_(shape), g_(g) {}

  std::vector<DumpedToken> run(std::size_t n) {
    for (Tag t : shape_.roots) open_element(t);
    std::uniform_int_distribution<int> action(0, shape_.actions - 1);
    while (tokens_.size() < n) step(action(g_));
    while (!open_.empty()) close_element();
    return std::move(tokens_);
  }

 private:
  bool one_in(unsigned n) { return n != 0 && g_() % n == 0; }
  bool in_anchor() const {
    return std::any_of(open_.begin(), open_.end(), [](const OpenElement& o) { return o.tag == Tag::a; });
  }

  void step(int a) {
    if (a < shape_.opens && open_.size() < shape_.max_depth && !shape_.elements.empty()) {
      const Tag t = shape_.elements[g_() % shape_.elements.size()];
      if (t == Tag::a && in_anchor()) word();
      else open_element(t);
    } else if (a == shape_.opens && open_.size() > shape_.roots.size()) {
      close_element();
    } else {
      word();
    }
  }

  void push_tag(TokenKind kind, Tag t, std::uint32_t cues, std::size_t depth) {
    DumpedToken d;
    d.token.kind = kind;
    d.token.tag = t;
    d.token.seq = tokens_.size();
    d.token.depth = static_cast<std::uint16_t>(depth);
    if (kind == TokenKind::StartTag) d.token.semantics = cues;
    if (has_flag(t, kTagBlock)) {
      ++block_;
      d.token.flags |= kTokenBlockBoundary;
    }
    d.token.block = block_;
    tokens_.push_back(std::move(d));
  }

  void open_element(Tag t) {
    const std::uint32_t cues = shape_.cues.empty() ? 0 : shape_.cues[g_() % shape_.cues.size()];
    push_tag(TokenKind::StartTag, t, cues, open_.size());
    open_.push_back({t, cues, one_in(shape_.onclick_one_in)});
    if (has_flag(t, kTagVoid)) close_element();
  }

  void close_element() {
    push_tag(TokenKind::EndTag, open_.back().tag, 0, open_.size() - 1);
    open_.pop_back();
  }

  void word() {
    DumpedToken d;
    d.token.kind = TokenKind::Word;
    d.token.seq = tokens_.size();
    d.token.word_index = words_++;
    d.token.block = block_;
    d.token.depth = static_cast<std::uint16_t>(open_.size());
    d.token.tag = open_.empty() ? Tag::unknown : open_.back().tag;
    d.token.source_begin = d.token.word_index * 10;
    d.token.source_end = d.token.source_begin + 5;
    for (const OpenElement& o : open_) {
      if (o.tag == Tag::a) d.token.flags |= kTokenInAnchor;
      if (o.onclick) d.token.flags |= kTokenInOnclick;
      d.token.semantics |= o.cues;
    }
    if (one_in(shape_.advert_one_in)) d.token.flags |= kTokenInAdvert;
    if (one_in(shape_.button_one_in)) d.token.tag = Tag::button;
    if (block_has_word_ == block_ && one_in(shape_.line_break_one_in)) {
      d.token.flags |= kTokenLineBreak;
      d.token.line_start = static_cast<std::uint8_t>(g_() % (kMaxLineIndent + 1) | (g_() % 4 == 0 ? kBlankLineBefore : 0));
    }
    block_has_word_ = block_;
    d.text = shape_.words.empty() ? "w" + std::to_string(g_() % 1000) : shape_.words[g_() % shape_.words.size()];
    tokens_.push_back(std::move(d));
  }

  const RandomDocumentShape& shape_;
  std::mt19937& g_;
  std::vector<DumpedToken> tokens_;
  std::vector<OpenElement> open_;
  std::uint32_t block_ = 0;
  std::uint32_t block_has_word_ = ~std::uint32_t{0};  // the last block a word was written in
  std::uint64_t words_ = 0;
};

}  // namespace

std::vector<DumpedToken> random_document(const RandomDocumentShape& shape, std::mt19937& g, std::size_t n) {
  return Generator(shape, g).run(n);
}

}  // namespace winnow::test
