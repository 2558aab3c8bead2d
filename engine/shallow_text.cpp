// SPDX-License-Identifier: MIT
#include "engine/shallow_text.h"

#include <algorithm>
#include <utility>

#include "engine/content_writer.h"
#include "engine/letter_case.h"
#include "engine/tag.h"
#include "engine/token_stream.h"
#include "engine/utf8.h"

namespace winnow {
namespace {

bool is_alnum(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         (static_cast<unsigned char>(c) & 0x80);
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// Lower-cased (engine/letter_case.h, as the title is), a block marker
// dropped, runs of spaces collapsed, trimmed; at most `capacity` bytes.
std::size_t normalize(std::string_view text, char* out, std::size_t capacity) {
  text = ContentWriter::without_block_marker(text);
  std::size_t n = 0;
  bool space = false;
  for (char c : text) {
    if (is_space(c)) {
      space = n > 0;
      continue;
    }
    if (space && n < capacity) out[n++] = ' ';
    space = false;
    if (n < capacity) out[n++] = c;
  }
  lower_letters(out, n);
  return n;
}

// The first character normalize() would write, 0 for none.
char first_normalized(std::string_view text) {
  text = ContentWriter::without_block_marker(text);
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (is_space(text[i])) continue;
    char first[2] = {text[i], i + 1 < text.size() ? text[i + 1] : ' '};  // a letter's two bytes
    lower_letters(first, 2);
    return first[0];
  }
  return 0;
}

std::size_t count_words(std::string_view s) {
  std::size_t words = 0;
  bool in_word = false;
  for (char c : s) {
    if (c == ' ') in_word = false;
    else if (!in_word) in_word = true, ++words;
  }
  return words;
}

// Separators between the parts of a title ("Headline - Site | Section").
constexpr std::string_view kTitleSeparators[] = {
    " - ", " | ", " : ", " :: ", " \xC2\xBB ", " \xC2\xB7 ", " \xE2\x80\x93 ", " \xE2\x80\x94 ", " / ",
};
constexpr std::size_t kMinTitlePartWords = 3;

// Lower-case prefixes that end an article's text when a short block starts
// with them (whole words).
constexpr std::string_view kEndMarkers[] = {
    "comments", "comment", "leave a reply", "leave a comment", "post a comment", "add a comment",
    "add your comment", "add comment", "reader comments", "have your say", "join the discussion",
    "what do you think", "related", "you may also like", "you might also like", "more from",
    "more stories", "more articles", "further reading", "tags:", "tagged:", "filed under",
    "\xC2\xA9", "copyright", "all rights reserved",
};

bool starts_with_word(std::string_view s, std::string_view prefix) {
  if (s.size() < prefix.size() || s.compare(0, prefix.size(), prefix) != 0) return false;
  if (s.size() == prefix.size()) return true;
  return !is_alnum(prefix.back()) || !is_alnum(s[prefix.size()]);
}

}  // namespace

void ShallowBlock::add_word(const Token& token, std::string_view text) {
  const std::uint32_t n = utf8_characters(text);
  if (words == 0) {
    span.begin = token.source_begin;
    heading = token.heading_level;
  }
  span.end = token.source_end;
  ++words;
  chars += n;
  if (token.has(kTokenInAnchor)) ++anchor_words;
  else net += n + (token.has(kTokenGlued) ? 0 : 1);
  // Fill 80-character lines word by word, one space between words.
  const std::uint32_t width = line_words ? line_chars + 1 + n : n;
  if (line_words > 0 && width > kLineWidth) {
    ++full_lines;
    words_in_full_lines += line_words;
    line_chars = n;
    line_words = 1;
  } else {
    line_chars = width;
    ++line_words;
  }
}

std::uint32_t ShallowBlock::density_words() const {
  const bool own = full_lines > 0 || line_words > 0;
  const std::uint32_t mine = !own ? 0 : full_lines > 0 ? words_in_full_lines : line_words;
  return fused_words + mine;
}

std::uint32_t ShallowBlock::density_lines() const {
  const bool own = full_lines > 0 || line_words > 0;
  const std::uint32_t mine = !own ? 0 : full_lines > 0 ? full_lines : 1;
  return fused_lines + mine;
}

double ShallowBlock::text_density() const {
  const std::uint32_t lines = density_lines();
  return lines ? static_cast<double>(density_words()) / lines : 0.0;
}

void ShallowBlock::fuse(const ShallowBlock& next) {
  fused_words = density_words() + next.density_words();
  fused_lines = density_lines() + next.density_lines();
  full_lines = words_in_full_lines = line_chars = line_words = 0;
  words += next.words;
  anchor_words += next.anchor_words;
  chars += next.chars;
  net += next.net;
  span.end = next.span.end;
}

bool same_text_density(const ShallowBlock& a, const ShallowBlock& b) {
  return static_cast<std::uint64_t>(a.density_words()) * b.density_lines() ==
         static_cast<std::uint64_t>(b.density_words()) * a.density_lines();
}

bool density_rules_content(const ShallowBlock& prev, const ShallowBlock& curr, const ShallowBlock& next) {
  if (curr.link_density() > ShallowTextParams::kMaxLinkDensity) return false;
  const double td = curr.text_density(), next_td = next.text_density();
  if (prev.link_density() <= ShallowTextParams::kPrevLinkDensity) {
    if (td <= 9) {
      if (next_td > 10) return true;
      return prev.text_density() > 4;
    }
    return next_td != 0;
  }
  return next_td > 11;
}

bool num_words_rules_content(const ShallowBlock& prev, const ShallowBlock& curr, const ShallowBlock& next) {
  if (curr.link_density() > ShallowTextParams::kMaxLinkDensity) return false;
  if (prev.link_density() <= ShallowTextParams::kPrevLinkDensity)
    return curr.words > 16 || next.words > 15 || prev.words > 4;
  return curr.words > 40 || next.words > 17;
}

TitleParts split_title(std::string_view title) {
  TitleParts parts;
  parts.whole_size = normalize(title, parts.text, sizeof parts.text);
  const std::string_view whole = parts.whole();
  for (std::size_t begin = 0; begin <= whole.size();) {
    std::size_t end = whole.size(), skip = 0;
    for (std::string_view sep : kTitleSeparators) {
      const std::size_t at = whole.find(sep, begin);
      if (at != std::string_view::npos && at < end) end = at, skip = sep.size();
    }
    if (end - begin > parts.longest_size) parts.longest_begin = begin, parts.longest_size = end - begin;
    if (end == whole.size()) break;
    begin = end + skip;
  }
  parts.whole_words = count_words(whole);
  parts.longest_words = count_words(parts.longest());
  return parts;
}

bool matches_title(std::string_view block_text, std::string_view title) {
  return matches_title(block_text, split_title(title));
}

bool matches_title(std::string_view block_text, const TitleParts& title) {
  if (title.whole_size == 0) return false;
  if (block_text.size() > 4 * TokenStream::kTitleBytes) return false;  // far longer than any title
  // Most blocks start with a character neither candidate starts with.
  const char first = first_normalized(block_text);
  if (first == 0) return false;
  if (first != title.whole()[0] && (title.longest_size == 0 || first != title.longest()[0])) return false;
  char b[2 * TokenStream::kTitleBytes];
  const std::size_t bn = normalize(block_text, b, sizeof b);
  const std::string_view block(b, bn);
  const std::size_t block_words = count_words(block);
  const std::pair<std::string_view, std::size_t> candidates[] = {{title.whole(), title.whole_words},
                                                                 {title.longest(), title.longest_words}};
  for (const auto& [candidate, words] : candidates) {
    if (words < 2) continue;
    if (block == candidate) return true;
    if (words < kMinTitlePartWords) continue;
    // The headline with more after it ("Headline: a subtitle"), or cut short.
    const bool block_longer = block.size() > candidate.size() && block.compare(0, candidate.size(), candidate) == 0 &&
                              block[candidate.size()] == ' ' && block_words <= 2 * words + 4;
    const bool block_shorter = candidate.size() > block.size() && candidate.compare(0, block.size(), block) == 0 &&
                               candidate[block.size()] == ' ' && 2 * block_words >= words && block_words >= 3;
    if (block_longer || block_shorter) return true;
  }
  return false;
}

bool is_end_marker(std::string_view block_text, std::uint32_t words) {
  if (words >= ShallowTextParams::kEndMarkerMaxWords) return false;
  char b[64];
  const std::size_t n = normalize(ContentWriter::without_block_marker(block_text).substr(0, 96), b, sizeof b);
  std::string_view s(b, n);
  // "12 comments", "(3) comments"
  std::size_t digits = 0;
  while (digits < s.size() && ((s[digits] >= '0' && s[digits] <= '9') || s[digits] == '(' || s[digits] == ')'))
    ++digits;
  if (digits > 0 && digits < s.size() && s[digits] == ' ') {
    const std::string_view rest = s.substr(digits + 1);
    if (starts_with_word(rest, "comments") || starts_with_word(rest, "comment") ||
        starts_with_word(rest, "responses") || starts_with_word(rest, "replies"))
      return true;
  }
  for (std::string_view marker : kEndMarkers)
    if (starts_with_word(s, marker)) return true;
  return false;
}

ShallowText::ShallowText(MemoryBudget& budget, const ShallowTextParams& params)
    : params_(params),
      a_text_(budget),
      b_text_(budget),
      current_text_(budget),
      store_text_(budget),
      stored_(budget) {}

void ShallowText::write_block(const ShallowBlock& block, std::string_view text, ContentWriter& out) {
  out.write_rendered(text, block.span, block.words, block.net);
}

void ShallowText::store(const ShallowBlock& block, std::string_view text, bool content) {
  if (title_.size() != title_parts_size_) title_parts_ = split_title(title_), title_parts_size_ = title_.size();
  const bool title = matches_title(text, title_parts_);
  if (!content && !title) return;
  if (full_) return;
  const std::size_t begin = store_text_.size();
  if (begin > 0xFFFFFFF0u || !store_text_.append(text)) {
    full_ = true;
    store_text_.truncate(begin);
    return;
  }
  const Stored record{block, blocks_decided_, static_cast<std::uint32_t>(begin),
                      static_cast<std::uint32_t>(store_text_.size()), content, title};
  if (!stored_.push_back(record)) {
    full_ = true;
    store_text_.truncate(begin);
  }
}

void ShallowText::decide(const ShallowBlock& prev, const ShallowBlock& block, std::string_view text,
                         const ShallowBlock& next, ContentWriter& out) {
  if (params_.variant == ShallowTextParams::Variant::Default) {
    if (density_rules_content(prev, block, next)) write_block(block, text, out);
  } else if (!ended_) {
    const bool content = num_words_rules_content(prev, block, next);
    if (content_words_ >= ShallowTextParams::kEndMarkerMinContentWords && is_end_marker(text, block.words)) {
      ended_ = true;
    } else {
      if (content) content_words_ += block.words;
      store(block, text, content);
    }
  }
  ++blocks_decided_;
}

void ShallowText::close_block(ContentWriter& out) {
  open_ = false;
  if (has_b_ && params_.fuse_equal_density && same_text_density(b_, current_) &&
      b_text_.size() + 1 + current_text_.size() <= ShallowTextParams::kMaxFusedBytes) {
    b_.fuse(current_);
    b_text_.append("\n");
    b_text_.append(current_text_.view());
    return;
  }
  if (has_a_) {
    decide(prev_, a_, a_text_.view(), has_b_ ? b_ : ShallowBlock{}, out);
    prev_ = a_;
  }
  if (has_b_) {
    a_ = b_;
    a_text_.swap(b_text_);
    has_a_ = true;
  }
  b_ = current_;
  b_text_.swap(current_text_);
  has_b_ = true;
}

void ShallowText::on_token(const Token& token, std::string_view text, const TokenStream& stream, ContentWriter& out) {
  title_ = stream.title();
  if (token.is_tag()) {
    if (has_flag(token.tag, kTagBlock) && !has_flag(token.tag, kTagVoid)) {
      if (token.kind == TokenKind::StartTag) {
        if (level_ < 0xFFFF) ++level_;
      } else if (level_ > 0) {
        --level_;
      }
    }
    return;
  }
  if (open_ && token.block != block_id_) close_block(out);
  const std::string_view before = ContentWriter::rendered_prefix(token, !open_);
  if (!open_) {
    open_ = true;
    block_id_ = token.block;
    current_ = ShallowBlock{};
    current_.level = level_;
    current_text_.clear();
  }
  current_text_.append_word(before, text);
  current_.add_word(token, text);
}

void ShallowText::finish(ContentWriter& out) {
  if (open_) close_block(out);
  if (has_a_) {
    decide(prev_, a_, a_text_.view(), has_b_ ? b_ : ShallowBlock{}, out);
    prev_ = a_;
  }
  if (has_b_) decide(has_a_ ? prev_ : ShallowBlock{}, b_, b_text_.view(), ShallowBlock{}, out);
  has_a_ = has_b_ = false;
  if (params_.variant == ShallowTextParams::Variant::Article) finish_article(out);
}

void ShallowText::finish_article(ContentWriter& out) {
  const std::size_t n = stored_.size();
  if (n == 0) return;
  // Runs of adjacent content blocks at one tag level.
  auto run_end = [&](std::size_t i) {
    std::size_t j = i + 1;
    while (j < n && stored_[j].content && stored_[j].seq == stored_[j - 1].seq + 1 &&
           stored_[j].stats.level == stored_[i].stats.level)
      ++j;
    return j;
  };
  auto run_words = [&](std::size_t i, std::size_t j) {
    std::uint64_t w = 0;
    for (std::size_t k = i; k < j; ++k) w += stored_[k].stats.words;
    return w;
  };
  std::size_t best_begin = n, best_end = n;
  std::uint64_t best_words = 0;
  for (std::size_t i = 0; i < n;) {
    if (!stored_[i].content) {
      ++i;
      continue;
    }
    const std::size_t j = run_end(i);
    const std::uint64_t w = run_words(i, j);
    if (w > best_words) best_words = w, best_begin = i, best_end = j;
    i = j;
  }
  if (best_begin == n) return;
  const std::uint16_t level = stored_[best_begin].stats.level;
  // The title block nearest before the largest run opens the article.
  std::size_t title = n;
  for (std::size_t i = best_begin; i-- > 0;) {
    if (stored_[i].title) {
      title = i;
      break;
    }
  }
  // Calls visit(k) for every kept record, in order: the largest run, the
  // title and the content blocks between the two, runs of >= 100 words at
  // the largest run's level.
  auto for_each_kept = [&](auto&& visit) {
    for (std::size_t i = 0; i < n;) {
      const std::size_t j = stored_[i].content ? run_end(i) : i + 1;
      const bool large = stored_[i].content && stored_[i].stats.level == level &&
                         run_words(i, j) >= ShallowTextParams::kSameLevelMinWords;
      for (std::size_t k = i; k < j; ++k) {
        const bool in_best = k >= best_begin && k < best_end;
        const bool after_title = title < n && k >= title && k < best_begin && (stored_[k].content || k == title);
        if (in_best || after_title || large) visit(k);
      }
      i = j;
    }
  };
  std::size_t last_text = n;  // headings after the last kept text block are dropped
  for_each_kept([&](std::size_t k) {
    if (!stored_[k].stats.heading) last_text = k;
  });
  if (last_text == n) return;
  for_each_kept([&](std::size_t k) {
    if (k > last_text) return;
    const Stored& s = stored_[k];
    write_block(s.stats, store_text_.view().substr(s.text_begin, s.text_end - s.text_begin), out);
  });
}

std::unique_ptr<Algorithm> create_shallow_default(MemoryBudget& budget) {
  return make_algorithm<ShallowText>(budget, budget, ShallowTextParams{});
}

std::unique_ptr<Algorithm> create_shallow_article(MemoryBudget& budget) {
  ShallowTextParams params;
  params.variant = ShallowTextParams::Variant::Article;
  params.fuse_equal_density = false;
  return make_algorithm<ShallowText>(budget, budget, params);
}

}  // namespace winnow
