// SPDX-License-Identifier: MIT
#include "engine/crunch.h"

#include <algorithm>

#include "engine/token_stream.h"
#include "engine/utf8.h"

namespace winnow {
namespace {

CrunchParams sanitize(CrunchParams p) {
  p.max_words = std::max<std::uint32_t>(p.max_words, 1);
  p.text_bytes = std::max<std::uint32_t>(p.text_bytes, TokenStream::kMaxWordBytes);
  p.max_depth = std::clamp<std::uint32_t>(p.max_depth, 2, 0xFFFF);
  return p;
}

}  // namespace

void CrunchContainerStats::add(const CrunchContainerStats& child) {
  words += child.words;
  anchor_words += child.anchor_words;
  links += child.links;
  items += child.items;
  max_item_words = std::max(max_item_words, child.max_item_words);
  max_item_text = std::max(max_item_text, child.max_item_text);
}

bool FormFilter::removes(const Token& word) {
  switch (word.tag) {
    case Tag::button: case Tag::label: case Tag::legend: case Tag::textarea: case Tag::option:
      return true;
    default:
      return word.block_tag == Tag::textarea || word.block_tag == Tag::option;
  }
}

bool LinkRatioFilter::removes(const CrunchBlockStats& b) const {
  return b.chars > 0 && static_cast<double>(b.anchor_chars) > max_link_ratio * static_cast<double>(b.chars);
}

bool LinkListFilter::removes(const CrunchContainerStats& c) const {
  if (ratio <= 0 || c.links == 0 || c.max_item_text >= max_text) return false;
  const std::uint32_t plain = c.words - c.anchor_words;
  return static_cast<double>(c.links) >= ratio * static_cast<double>(std::max<std::uint32_t>(plain, 1));
}

bool TextListFilter::removes(const CrunchContainerStats& c) const {
  return c.list && c.items >= min_items && c.items > 0 &&
         static_cast<double>(c.words) <= max_mean_words * static_cast<double>(c.items) &&
         c.max_item_words <= max_item_words;
}

bool is_crunch_container(Tag tag) {
  if (has_flag(tag, kTagList)) return true;
  switch (tag) {
    case Tag::nav: case Tag::table: case Tag::td: case Tag::th: case Tag::div: case Tag::section:
    case Tag::aside: case Tag::header: case Tag::footer: case Tag::form: case Tag::center:
      return true;
    default:
      return false;
  }
}

Crunch::Crunch(MemoryBudget& budget, const CrunchParams& params)
    : params_(sanitize(params)),
      link_ratio_{params_.max_link_ratio},
      link_list_{params_.link_list_ratio, params_.link_list_max_text},
      text_list_{params_.min_list_items, params_.max_mean_item_words, params_.max_item_words},
      stack_(budget, params_.max_depth),
      words_(budget, params_.max_words),
      text_(budget, params_.text_bytes) {
  if (stack_.ok()) {
    stack_[0] = Container{CrunchContainerStats{}, 0, kKeptEarly};  // the document: never judged
    depth_ = 1;
  }
}

bool Crunch::removes(const CrunchContainerStats& stats) const {
  return link_list_.removes(stats) || (params_.remove_text_lists && text_list_.removes(stats));
}

void Crunch::truncate(std::uint64_t position) {
  while (!words_.empty() && words_.end_seq() > position) {
    for (std::size_t i = 0; i < words_.back().size; ++i) text_.pop_back();
    words_.pop_back();
  }
}

std::uint64_t Crunch::hold() const {
  for (std::size_t i = 1; i < depth_; ++i)
    if (stack_[i].state == kPending) return stack_[i].start;
  if (block_open_ && block_state_ == kPending) return block_start_;
  return words_.end_seq();
}

void Crunch::write(const Word& w, std::string_view text, ContentWriter& out) {
  out.write_word(held_word_token(w, w.word_index), text);
}

void Crunch::release(ContentWriter& out) {
  const std::uint64_t until = hold();
  char scratch[TokenStream::kMaxWordBytes];
  while (!words_.empty() && words_.begin_seq() < until) {
    const Word w = words_.front();
    text_.take_front(scratch, std::min<std::size_t>(w.size, sizeof scratch));
    words_.pop_front();
    write(w, std::string_view(scratch, w.size), out);
  }
}

void Crunch::make_room(std::size_t text_size, ContentWriter& out) {
  while (!words_.empty() && (words_.full() || text_.capacity() - text_.size() < text_size)) {
    std::size_t i = 1;
    while (i < depth_ && stack_[i].state != kPending) ++i;
    if (i < depth_) {
      stack_[i].state = kKeptEarly;  // too large to be a list
      ++early_decisions_;
    } else if (block_open_ && block_state_ == kPending) {
      ++early_decisions_;
      if (link_ratio_.removes(block_)) {
        truncate(block_start_);
        block_state_ = kDropping;
      } else {
        block_state_ = kKeptEarly;
      }
    }
    release(out);
  }
}

void Crunch::close_block() {
  if (!block_open_) return;
  block_open_ = false;
  if (block_state_ == kPending && link_ratio_.removes(block_)) truncate(block_start_);
  if (block_.words > 0) {
    CrunchContainerStats& c = stack_[depth_ - 1].stats;
    ++c.items;
    c.max_item_words = std::max(c.max_item_words, block_.words);
    c.max_item_text = std::max(c.max_item_text, block_.words - block_.anchor_words);
  }
}

void Crunch::open_container(bool list) {
  if (depth_ >= params_.max_depth) {
    ++overflow_;
    return;
  }
  CrunchContainerStats stats;
  stats.list = list;
  stack_[depth_++] = Container{stats, words_.end_seq(), kPending};
}

void Crunch::close_container() {
  if (overflow_ > 0) {
    --overflow_;
    return;
  }
  if (depth_ <= 1) return;
  const Container c = stack_[--depth_];
  if (c.state == kPending && removes(c.stats)) truncate(c.start);
  stack_[depth_ - 1].stats.add(c.stats);
}

void Crunch::on_token(const Token& token, std::string_view text, const TokenStream&, ContentWriter& out) {
  if (token.is_tag()) {
    if (token.tag == Tag::a && token.kind == TokenKind::StartTag) new_anchor_ = true;
    if (token.has(kTokenBlockBoundary)) close_block();
    if (is_crunch_container(token.tag)) {
      if (token.kind == TokenKind::StartTag) open_container(has_flag(token.tag, kTagList));
      else close_container();
    }
    release(out);
    return;
  }
  if (params_.remove_adverts && AdvertFilter::removes(token)) return;
  if (params_.remove_forms && FormFilter::removes(token)) return;
  if (block_open_ && token.block != block_id_) {
    close_block();
    release(out);
  }
  if (!block_open_) {
    block_open_ = true;
    block_id_ = token.block;
    block_start_ = words_.end_seq();
    block_state_ = kPending;
    block_ = CrunchBlockStats{};
  }
  if (block_state_ == kDropping) return;
  const std::uint32_t n = utf8_characters(text);
  const bool anchor = token.has(kTokenInAnchor);
  ++block_.words;
  block_.chars += n;
  CrunchContainerStats& c = stack_[depth_ - 1].stats;
  ++c.words;
  if (anchor) {
    ++block_.anchor_words;
    block_.anchor_chars += n;
    ++c.anchor_words;
    if (new_anchor_) {
      ++c.links;
      new_anchor_ = false;
    }
  }
  make_room(text.size(), out);
  if (block_state_ == kDropping) return;
  words_.push(Word{token.word_index, token.source_begin,
                   static_cast<std::uint32_t>(token.source_end - token.source_begin), token.block, 
                   pack_word_rendering(token), token.line_start, static_cast<std::uint8_t>(text.size())});
  for (const char byte : text) text_.push(byte);
  if (hold() == words_.end_seq()) release(out);
}

void Crunch::finish(ContentWriter& out) {
  close_block();
  while (depth_ > 1 || overflow_ > 0) close_container();
  release(out);
}

std::unique_ptr<Algorithm> create_crunch(MemoryBudget& budget, const CrunchParams& params) {
  return make_algorithm<Crunch>(budget, budget, params);
}

std::unique_ptr<Algorithm> create_crunch(MemoryBudget& budget) { return create_crunch(budget, CrunchParams{}); }

}  // namespace winnow
