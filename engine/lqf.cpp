// SPDX-License-Identifier: MIT
#include "engine/lqf.h"

#include <algorithm>

#include "engine/token_stream.h"
#include "engine/utf8.h"

namespace winnow {
namespace {

LqfParams sanitize(LqfParams p) {
  p.max_words = std::max<std::uint32_t>(p.max_words, 1);
  p.text_bytes = std::max<std::uint32_t>(p.text_bytes, TokenStream::kMaxWordBytes);
  p.max_depth = std::clamp<std::uint32_t>(p.max_depth, 2, 0xFFFF);
  return p;
}

// Elements LQF judges: block-level ones that can hold text.
bool is_judged(Tag tag) { return has_flag(tag, kTagBlock) && !has_flag(tag, kTagVoid); }

}  // namespace

Lqf::Lqf(MemoryBudget& budget, const LqfParams& params)
    : params_(sanitize(params)),
      stack_(budget, params_.max_depth),
      words_(budget, params_.max_words),
      text_(budget, params_.text_bytes),
      segments_(budget, params_.max_words + 1) {
  if (stack_.ok()) {
    stack_[0] = Element{0, 0, 0, 0};  // the implicit root
    depth_ = 1;
  }
}

bool Lqf::keeps(const Element& e) const {
  return static_cast<double>(e.anchor_chars) <= params_.threshold * static_cast<double>(e.chars);
}

Lqf::Segment& Lqf::segment_of(const Word& word) {
  const std::uint64_t begin = segments_.begin_seq();
  return segments_.at(begin + static_cast<std::uint32_t>(word.segment - static_cast<std::uint32_t>(begin)));
}

void Lqf::decide(Segment& segment, bool early) {
  Element& owner = stack_[segment.level];
  segment.state = keeps(owner) ? kKeep : kDrop;
  if (owner.pending > 0) --owner.pending;
  if (early) ++early_decisions_;
}

void Lqf::write(const Word& w, std::uint64_t index, std::string_view text, ContentWriter& out) {
  out.write_word(held_word_token(w, index), text);
}

void Lqf::release(ContentWriter& out) {
  char scratch[TokenStream::kMaxWordBytes];
  while (!words_.empty()) {
    const Word& w = words_.front();
    const std::uint8_t state = segment_of(w).state;
    if (state == kPending) break;
    text_.take_front(scratch, std::min<std::size_t>(w.size, sizeof scratch));
    if (state == kKeep) write(w, first_index_, std::string_view(scratch, w.size), out);
    words_.pop_front();
    ++first_index_;
  }
  // Segments before the oldest undecided word's are done with; the current
  // one stays while it may still grow.
  while (segments_.size() > 1) {
    if (!words_.empty() && &segments_.front() == &segment_of(words_.front())) break;
    segments_.pop_front();
  }
}

void Lqf::make_room(std::size_t text_size, ContentWriter& out) {
  while (!words_.empty() && (words_.full() || text_.capacity() - text_.size() < text_size)) {
    decide(segment_of(words_.front()), true);
    release(out);
  }
}

void Lqf::start_segment(std::uint32_t block, ContentWriter& out) {
  if (words_.empty()) segments_.clear();
  while (segments_.full()) {
    decide(segment_of(words_.front()), true);
    release(out);
    if (words_.empty()) segments_.clear();
  }
  Element& owner = stack_[depth_ - 1];
  segments_.push(Segment{owner.id, static_cast<std::uint16_t>(depth_ - 1), kPending});
  ++owner.pending;
  has_segment_ = true;
  block_ = block;
}

void Lqf::close_element(ContentWriter& out) {
  Element& e = stack_[depth_ - 1];
  for (std::uint64_t seq = segments_.end_seq(); e.pending > 0 && seq-- > segments_.begin_seq();) {
    Segment& s = segments_.at(seq);
    if (s.owner == e.id && s.state == kPending) decide(s, false);
  }
  --depth_;
  release(out);
}

void Lqf::on_token(const Token& token, std::string_view text, const TokenStream&, ContentWriter& out) {
  if (token.is_tag()) {
    if (!is_judged(token.tag)) return;
    if (token.kind == TokenKind::StartTag) {
      if (depth_ < params_.max_depth) stack_[depth_++] = Element{next_id_++, 0, 0, 0};
      else ++overflow_;
    } else if (overflow_ > 0) {
      --overflow_;
    } else if (depth_ > 1) {
      close_element(out);
    }
    return;
  }
  Element& owner = stack_[depth_ - 1];
  const std::uint32_t n = utf8_characters(text);
  owner.chars += n;
  if (token.has(kTokenInAnchor)) owner.anchor_chars += n;
  if (!has_segment_ || token.block != block_ || segments_.back().owner != owner.id) start_segment(token.block, out);
  if (words_.empty() && segments_.back().state != kPending) {
    if (segments_.back().state == kKeep) out.write_word(token, text);
    return;
  }
  make_room(text.size(), out);
  if (words_.empty() && segments_.back().state != kPending) {  // decided early just now
    if (segments_.back().state == kKeep) out.write_word(token, text);
    return;
  }
  if (words_.empty()) first_index_ = token.word_index;
  words_.push(Word{token.source_begin, static_cast<std::uint32_t>(token.source_end - token.source_begin),
                   token.block, static_cast<std::uint32_t>(segments_.end_seq() - 1),
                   pack_word_rendering(token), token.line_start, static_cast<std::uint8_t>(text.size())});
  for (const char c : text) text_.push(c);
}

void Lqf::finish(ContentWriter& out) {
  for (std::uint64_t seq = segments_.begin_seq(); seq < segments_.end_seq(); ++seq)
    if (segments_.at(seq).state == kPending) decide(segments_.at(seq), false);
  release(out);
}

std::unique_ptr<Algorithm> create_lqf(MemoryBudget& budget, const LqfParams& params) {
  return make_algorithm<Lqf>(budget, budget, params);
}

std::unique_ptr<Algorithm> create_lqf(MemoryBudget& budget) { return create_lqf(budget, LqfParams{}); }

std::unique_ptr<Algorithm> create_lqf_025(MemoryBudget& budget) {
  LqfParams p;
  p.threshold = 0.25;
  return create_lqf(budget, p);
}

std::unique_ptr<Algorithm> create_lqf_075(MemoryBudget& budget) {
  LqfParams p;
  p.threshold = 0.75;
  return create_lqf(budget, p);
}

}  // namespace winnow
