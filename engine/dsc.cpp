// SPDX-License-Identifier: MIT
#include "engine/dsc.h"

#include <algorithm>

namespace winnow {

DelayedWords::DelayedWords(MemoryBudget& budget, std::size_t max_words, std::size_t text_bytes)
    : words_(budget, max_words), text_(budget, text_bytes) {}

namespace {
constexpr std::uint64_t kOffsetMask = (std::uint64_t{1} << 56) - 1;
constexpr std::uint64_t kWideStyleBit = std::uint64_t{1} << 58;  // the style takes a second byte
constexpr std::uint64_t kStyleBit = std::uint64_t{1} << 59;
constexpr std::uint64_t kLineBreakBit = std::uint64_t{1} << 60;
constexpr std::uint64_t kAnchorBit = std::uint64_t{1} << 61;
constexpr std::uint64_t kGluedBit = std::uint64_t{1} << 62;
constexpr std::uint64_t kNewBlockBit = std::uint64_t{1} << 63;
}  // namespace

void DelayedWords::push(const Token& word, std::string_view text) {
  const bool new_block = started_ && word.block != last_block_;
  const bool style = holds_style(word);
  const BlockStyle packed = pack_block_style(word);
  const bool wide = style && packed > 0xFF;
  if (!started_) {
    first_index_ = word.word_index;
    started_ = true;
  }
  last_block_ = word.block;
  words_.push(Word{(word.source_begin & kOffsetMask) | std::uint64_t{text.size()} << 56,
                   (word.source_end & kOffsetMask) | (style ? kStyleBit : 0) | (wide ? kWideStyleBit : 0) |
                       (word.has(kTokenInAnchor) ? kAnchorBit : 0) | (word.has(kTokenGlued) ? kGluedBit : 0) |
                       (new_block ? kNewBlockBit : 0) | (word.has(kTokenLineBreak) ? kLineBreakBit : 0)});
  if (style) text_.push(static_cast<char>(packed & 0xFF));
  if (wide) text_.push(static_cast<char>(packed >> 8));
  if (word.has(kTokenLineBreak)) text_.push(static_cast<char>(word.line_start));
  for (const char c : text) text_.push(c);
}

void DelayedWords::release_until(std::uint64_t end, bool keep, ContentWriter& out) {
  char scratch[TokenStream::kMaxWordBytes];
  while (!words_.empty() && begin_index() < end) {
    const Word& w = words_.front();
    const std::size_t size = w.begin_and_size >> 56;
    if (w.end_and_bits & kNewBlockBit) output_style_ = 0;
    if (w.end_and_bits & kStyleBit) {
      char style[2] = {};
      text_.take_front(style, (w.end_and_bits & kWideStyleBit) ? 2 : 1);
      output_style_ = static_cast<BlockStyle>(static_cast<unsigned char>(style[0]) |
                                              static_cast<unsigned char>(style[1]) << 8);
    }
    char line_start = 0;
    if (w.end_and_bits & kLineBreakBit) text_.take_front(&line_start, 1);
    text_.take_front(scratch, std::min<std::size_t>(size, sizeof scratch));
    if (w.end_and_bits & kNewBlockBit) ++output_block_;
    if (keep) {
      Token token;
      token.kind = TokenKind::Word;
      token.word_index = begin_index();
      token.source_begin = w.begin_and_size & kOffsetMask;
      token.source_end = w.end_and_bits & kOffsetMask;
      token.block = output_block_;
      token.flags = static_cast<std::uint8_t>(((w.end_and_bits & kGluedBit) ? kTokenGlued : 0) |
                                              ((w.end_and_bits & kAnchorBit) ? kTokenInAnchor : 0) |
                                              ((w.end_and_bits & kLineBreakBit) ? kTokenLineBreak : 0));
      token.line_start = static_cast<std::uint8_t>(line_start);
      unpack_block_style(output_style_, token);
      out.write_word(token, std::string_view(scratch, size));
    }
    words_.pop_front();
  }
}

namespace {

DscParams sanitize(DscParams p) {
  p.window = std::max<std::uint32_t>(2, p.window & ~1u);
  p.max_words = std::max(p.max_words, 2 * p.window + 1);
  p.text_bytes = std::max<std::uint32_t>(p.text_bytes, DelayedWords::kMaxWordBytes * (2 * p.window + 1));
  return p;
}

}  // namespace

Dsc::Dsc(MemoryBudget& budget, const DscParams& params)
    : params_(sanitize(params)),
      segments_(budget, params_.lookahead / (params_.window / 2) + 8),
      words_(budget, params_.max_words, params_.text_bytes) {}

void Dsc::decide_until(std::uint64_t segment, bool keep, ContentWriter& out) {
  if (segment <= decided_segment_) return;
  const std::uint64_t first_word =
      segment < segments_.end_seq() ? segments_.at(segment).first_word : current_.first_word;
  words_.release_until(first_word, keep, out);
  decided_segment_ = segment;
}

void Dsc::classify_next(std::uint64_t tags, std::uint64_t len, bool exact, ContentWriter& out) {
  // slope < A / 2 with A = tags_ / tokens_, the running or the final average.
  const bool low = tags == 0 || 2 * tags * tokens_ < tags_ * len;
  const std::uint64_t k = next_window_++;
  if (!exact) ++estimated_windows_;
  if (low) {
    ++lows_;
    highs_ = 0;
  } else {
    ++highs_;
    lows_ = 0;
  }
  if (!inside_) {
    if (lows_ >= 3) {
      // Windows k-2, k-1, k are low: the area starts at window k-2, and no
      // later closing triple can end it before window k starts.
      inside_ = true;
      decide_until(k - 2, false, out);
      decide_until(k, true, out);
    } else if (k >= 1) {
      // A later opening triple starts at segment k-1 at the earliest.
      decide_until(k - 1, false, out);
    }
  } else if (highs_ >= 3) {
    // Windows k-2, k-1, k are high: the area ends where window k-1 starts
    // (everything before it was written when window k-1 was classified).
    inside_ = false;
  } else {
    // A later closing triple ends the area at segment k at the earliest.
    decide_until(k, true, out);
  }
  const std::uint64_t needed = std::min(next_window_, decided_segment_);
  while (!segments_.empty() && segments_.begin_seq() < needed) segments_.pop_front();
}

void Dsc::classify_complete_window(ContentWriter& out) {
  const std::uint64_t tags = std::uint64_t{segments_.at(next_window_).tags} + segments_.at(next_window_ + 1).tags;
  classify_next(tags, params_.window, false, out);
}

void Dsc::on_token(const Token& token, std::string_view text, const TokenStream&, ContentWriter& out) {
  const std::uint64_t h = half();
  if (token.is_word()) {
    // A full queue: classify complete windows early rather than lose words.
    while (!words_.fits(token, text) && (next_window_ + 2) * h <= tokens_) classify_complete_window(out);
    words_.push(token, text);
  }
  ++tokens_;
  if (token.is_tag()) {
    ++tags_;
    ++current_.tags;
  }
  if (tokens_ % h == 0) {
    segments_.push(current_);
    current_ = Segment{0, tokens_ - tags_};
  }
  while ((next_window_ + 2) * h + params_.lookahead <= tokens_) classify_complete_window(out);
}

void Dsc::finish(ContentWriter& out) {
  if (tokens_ == 0) return;
  const std::uint64_t h = half();
  if (tokens_ % h != 0) segments_.push(current_);
  const std::uint64_t segment_count = (tokens_ + h - 1) / h;
  const std::uint64_t window_count = std::max<std::uint64_t>(1, segment_count - 1);
  while (next_window_ < window_count) {
    const std::uint64_t k = next_window_;
    std::uint64_t tags = segments_.at(k).tags;
    if (k + 1 < segment_count) tags += segments_.at(k + 1).tags;
    const std::uint64_t len = std::min<std::uint64_t>(k * h + params_.window, tokens_) - k * h;
    classify_next(tags, len, true, out);
  }
  words_.release_until(words_.end_index(), inside_, out);
}

std::unique_ptr<Algorithm> create_dsc(MemoryBudget& budget, const DscParams& params) {
  return make_algorithm<Dsc>(budget, budget, params);
}

std::unique_ptr<Algorithm> create_dsc(MemoryBudget& budget) { return create_dsc(budget, DscParams{}); }

}  // namespace winnow
