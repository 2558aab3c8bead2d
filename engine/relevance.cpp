// SPDX-License-Identifier: MIT
#include "engine/relevance.h"

#include <algorithm>
#include <cmath>

#include "engine/punctuation.h"
#include "engine/utf8.h"

namespace winnow {
namespace {

// A comma or a full stop, Latin or CJK.
bool has_punctuation(std::string_view w) {
  return w.find_first_of(",.") != std::string_view::npos || w.find("\xEF\xBC\x8C") != std::string_view::npos ||
         w.find("\xE3\x80\x81") != std::string_view::npos || w.find("\xE3\x80\x82") != std::string_view::npos;
}

}  // namespace

Relevance::Relevance(MemoryBudget& budget, const RelevanceParams& params)
    : params_(params), text_(budget), leaves_(budget) {
  params_.window = std::max<std::uint32_t>(1, params_.window | 1u);
}

void Relevance::close_leaf() {
  if (!open_) return;
  open_ = false;
  any_leaf_ = true;
  min_depth_ = leaf_.depth;
  leaf_.score = static_cast<float>(leaf_score(params_, chars_, stopped_, anchor_, punctuation_));
  leaf_.smoothed = leaf_.score;
  leaf_.gap = 0;
  leaf_.text_end = static_cast<std::uint32_t>(text_.size());
  if (full_ || !leaves_.push_back(leaf_)) {
    full_ = true;
    text_.truncate(leaf_text_begin_);
    return;
  }
  const std::size_t half = params_.window / 2;
  while (next_smooth_ + half < leaves_.size()) smooth(next_smooth_++);
}

void Relevance::smooth(std::size_t i) {
  const std::size_t half = params_.window / 2;
  const std::size_t n = leaves_.size();
  const std::size_t lo = i >= half ? i - half : 0;
  const std::size_t hi = std::min(n - 1, i + half);
  double sum = 0;
  for (std::size_t j = lo; j <= hi; ++j) sum += leaves_[j].score;
  const double mean = sum / static_cast<double>(hi - lo + 1);
  double rho = 0;
  std::size_t count = 0;
  const double own = leaves_[i].depth + 1.0;
  for (std::size_t j = lo; j <= hi; ++j) {
    if (j == i) continue;
    std::uint16_t common = 0xFFFF;
    for (std::size_t k = std::min(i, j); k < std::max(i, j); ++k) common = std::min(common, leaves_[k].gap);
    rho += relevance(common, own, leaves_[j].depth + 1.0);
    ++count;
  }
  if (count) rho /= static_cast<double>(count);
  leaves_[i].smoothed = static_cast<float>((1 - rho) * leaves_[i].score + rho * mean);
}

std::string_view Relevance::separator(const Token& token) {
  if (token.has(kTokenLineBreak)) {
    // The marker, then the line's start moved past the separators' bytes.
    line_separator_[0] = kLineBreak;
    line_separator_[1] = static_cast<char>(token.line_start + kLineStartBase);
    return std::string_view(line_separator_, 2);
  }
  return token.has(kTokenGlued) ? std::string_view(&kGlued, 1) : std::string_view(" ");
}

void Relevance::on_token(const Token& token, std::string_view text, const TokenStream&, ContentWriter&) {
  const std::uint16_t depth = static_cast<std::uint16_t>(std::min<std::uint32_t>(token.depth, 0xFFFE));
  if (token.is_tag()) {
    close_leaf();
    min_depth_ = std::min(min_depth_, depth);
    return;
  }
  const bool glued = token.has(kTokenGlued);
  if (!open_) {
    open_ = true;
    leaf_ = Leaf{};
    leaf_.source_begin = token.source_begin;
    leaf_.first_word = token.word_index;
    leaf_.block = token.block;
    leaf_.flags = token.flags;
    leaf_.line_start = token.line_start;
    leaf_.style = pack_block_style(token);
    leaf_.depth = depth;
    leaf_text_begin_ = text_.size();
    chars_ = 0;
    stopped_ = false;
    punctuation_ = false;
    anchor_ = token.has(kTokenInAnchor);
    if (any_leaf_ && !full_ && !leaves_.empty()) leaves_.back().gap = std::min(min_depth_, depth);
  } else {
    if (!full_ && !text_.append(separator(token))) full_ = true;
    if (!glued) ++chars_;
  }
  if (!full_ && !text_.append(text)) full_ = true;
  chars_ += utf8_characters(text);
  ++leaf_.words;
  leaf_.source_end = token.source_end;
  stopped_ = ends_sentence(text);
  punctuation_ = punctuation_ || has_punctuation(text);
}

// Writes a leaf's words as the tokens they were (the offsets of the words
// inside a leaf are its own: spans are exact at leaf boundaries).
void Relevance::write_leaf(const Leaf& leaf, std::size_t text_begin, ContentWriter& out) const {
  Token token;
  token.kind = TokenKind::Word;
  token.block = leaf.block;
  unpack_block_style(leaf.style, token);
  token.source_begin = leaf.source_begin;
  token.source_end = leaf.source_end;
  std::string_view text = text_.view().substr(text_begin, leaf.text_end - text_begin);
  std::uint8_t flags = leaf.flags;
  token.line_start = leaf.line_start;
  for (std::uint32_t k = 0; k < leaf.words && !text.empty();) {
    const std::size_t end = std::min(text.find_first_of(kSeparators), text.size());
    // A stored leaf may start with a separator (its first word glued to the
    // previous leaf's): that is no word, only the glue for the next one.
    if (end > 0) {
      token.word_index = leaf.first_word + k;
      token.flags = flags;
      out.write_word(token, text.substr(0, end));
      ++k;
    }
    if (end == text.size()) break;
    // A later word's glue and line break are its separator's.
    flags = static_cast<std::uint8_t>((leaf.flags & ~(kTokenGlued | kTokenLineBreak)) |
                                      (text[end] == kGlued ? kTokenGlued : 0));
    token.line_start = 0;
    if (text[end] == kLineBreak && end + 1 < text.size()) {
      // Its line's start in the byte after it (see separator()).
      flags |= kTokenLineBreak;
      token.line_start = static_cast<std::uint8_t>(static_cast<unsigned char>(text[end + 1]) - kLineStartBase);
      text.remove_prefix(1);
    }
    text.remove_prefix(end + 1);
  }
}

void Relevance::finish(ContentWriter& out) {
  close_leaf();
  while (next_smooth_ < leaves_.size()) smooth(next_smooth_++);
  const std::size_t n = leaves_.size();
  if (n == 0) return;
  double sum = 0;
  for (std::size_t i = 0; i < n; ++i) sum += leaves_[i].score;
  const double average = sum / static_cast<double>(n);

  // The information blocks are a function of the leaves: each pass below
  // finds them again (left to right) instead of storing them.
  const double count_leaves = static_cast<double>(n);
  double v_max = 0, l_max = 0;
  auto features = [&](const Block& k, double* f) {
    f[0] = static_cast<float>(v_max > 0 ? k.mean_score / v_max : 0);
    f[1] = static_cast<float>((k.last - k.first + 1.0) / l_max);
    f[2] = static_cast<float>(static_cast<double>(k.first) / count_leaves);
    f[3] = k.relevance;
  };
  std::size_t count = 0;
  for_each_block(average, [&](const Block& k) {
    ++count;
    v_max = std::max<double>(v_max, k.mean_score);
    l_max = std::max<double>(l_max, k.last - k.first + 1.0);
  });
  blocks_found_ = count;
  if (count == 0) return;

  // 2-means, started at the highest and the lowest block.
  double centre[2][4];
  bool first_block = true;
  for_each_block(average, [&](const Block& k) {
    double f[4];
    features(k, f);
    if (first_block || f[0] > centre[0][0])
      for (int i = 0; i < 4; ++i) centre[0][i] = f[i];
    if (first_block || f[0] < centre[1][0])
      for (int i = 0; i < 4; ++i) centre[1][i] = f[i];
    first_block = false;
  });
  auto nearest = [&](const double* f) {
    double d[2] = {0, 0};
    for (int c = 0; c < 2; ++c)
      for (int i = 0; i < 4; ++i) d[c] += (f[i] - centre[c][i]) * (f[i] - centre[c][i]);
    return d[1] < d[0] ? 1 : 0;
  };
  for (int iteration = 0; iteration < 100; ++iteration) {
    double next[2][4] = {{0, 0, 0, 0}, {0, 0, 0, 0}};
    std::size_t members[2] = {0, 0};
    for_each_block(average, [&](const Block& k) {
      double f[4];
      features(k, f);
      const int c = nearest(f);
      ++members[c];
      for (int i = 0; i < 4; ++i) next[c][i] += f[i];
    });
    bool moved = false;
    for (int c = 0; c < 2; ++c) {
      if (members[c] == 0) continue;
      for (int i = 0; i < 4; ++i) {
        const double value = next[c][i] / static_cast<double>(members[c]);
        moved = moved || value != centre[c][i];
        centre[c][i] = value;
      }
    }
    if (!moved) break;
  }
  const int content = centre[1][0] > centre[0][0] ? 1 : 0;
  for_each_block(average, [&](const Block& k) {
    double f[4];
    features(k, f);
    if (nearest(f) != content) return;
    ++content_blocks_;
    for (std::size_t i = k.first; i <= k.last; ++i) write_leaf(leaves_[i], i == 0 ? 0 : leaves_[i - 1].text_end, out);
  });
}

// Definition 4, read left to right: maximal runs of leaves with S' above the
// average, cut where the next leaf would break "relevance of the set above
// the threshold or every S above the average"; runs of two or more leaves.
template <typename Visit>
void Relevance::for_each_block(double average, Visit&& visit) const {
  const std::size_t n = leaves_.size();
  Block block{};
  bool open = false, all_above = false;
  std::uint32_t common = 0, longest = 0;
  double block_sum = 0;
  auto emit = [&](std::size_t last) {
    open = false;
    if (last <= block.first) return;
    block.last = static_cast<std::uint32_t>(last);
    block.mean_score = static_cast<float>(block_sum / static_cast<double>(last - block.first + 1));
    block.relevance = static_cast<float>(static_cast<double>(common) / longest);
    visit(static_cast<const Block&>(block));
  };
  auto start = [&](std::size_t i) {
    block.first = static_cast<std::uint32_t>(i);
    open = true;
    common = longest = leaves_[i].depth + 1u;
    all_above = leaves_[i].score > average;
    block_sum = leaves_[i].score;
  };
  for (std::size_t i = 0; i < n; ++i) {
    const Leaf& leaf = leaves_[i];
    if (!(leaf.smoothed > average)) {
      if (open) emit(i - 1);
      continue;
    }
    if (!open) {
      start(i);
      continue;
    }
    const std::uint32_t with_common = std::min<std::uint32_t>(common, leaves_[i - 1].gap);
    const std::uint32_t with_longest = std::max<std::uint32_t>(longest, leaf.depth + 1u);
    const bool related = static_cast<double>(with_common) / with_longest > params_.threshold;
    const bool above = all_above && leaf.score > average;
    if (related || above) {
      common = with_common;
      longest = with_longest;
      all_above = above;
      block_sum += leaf.score;
    } else {
      emit(i - 1);
      start(i);
    }
  }
  if (open) emit(n - 1);
}

std::unique_ptr<Algorithm> create_relevance(MemoryBudget& budget, const RelevanceParams& params) {
  return make_algorithm<Relevance>(budget, budget, params);
}

std::unique_ptr<Algorithm> create_relevance(MemoryBudget& budget) {
  return create_relevance(budget, RelevanceParams{});
}

}  // namespace winnow
