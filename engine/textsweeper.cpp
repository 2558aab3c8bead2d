// SPDX-License-Identifier: MIT
#include "engine/textsweeper.h"

#include <algorithm>

#include "engine/letter_case.h"
#include "engine/utf8.h"

namespace winnow {
namespace {

// A teaser ending: "...", "…", "»", "›", or "more" as in "Read more".
bool is_teaser(std::string_view w) {
  if (ends_with(w, "...") || ends_with(w, "\xE2\x80\xA6") || ends_with(w, "\xC2\xBB") || ends_with(w, "\xE2\x80\xBA"))
    return true;
  while (!w.empty() && (w.back() == ':' || w.back() == '>' || w.back() == '!')) w.remove_suffix(1);
  return equals_lower(w, "more") || equals_lower(w, "weiterlesen");
}

// The bias towards long passages, on a node's characters.
double passage_bias(std::uint32_t chars) { return 1.0 + std::min<std::uint32_t>(chars, 5000) / 5000.0; }

bool is_node(Tag tag) { return has_flag(tag, kTagBlock) && !has_flag(tag, kTagVoid); }

TextSweeperParams sanitize(TextSweeperParams p) {
  p.max_depth = std::clamp<std::uint32_t>(p.max_depth, 2, 0xFFFF);
  return p;
}

}  // namespace

double TextSweeper::layout_weight(Tag tag) {
  if (has_flag(tag, kTagHeading)) return 1.5;
  if (tag == Tag::b || tag == Tag::strong) return 1.25;
  return 1.0;
}

// Tags that count towards tag_count: all but inline text elements.
bool TextSweeper::counts_as_tag(Tag tag) {
  if (has_flag(tag, kTagFormatting)) return false;
  switch (tag) {
    case Tag::a: case Tag::span: case Tag::br: case Tag::wbr: case Tag::abbr: case Tag::cite: case Tag::code:
    case Tag::q: case Tag::sub: case Tag::sup: case Tag::time: case Tag::s: case Tag::del:
    case Tag::ins: case Tag::kbd: case Tag::samp: case Tag::var: case Tag::bdi: case Tag::bdo:
    case Tag::dfn: case Tag::tt: case Tag::strike: case Tag::nobr: case Tag::data:
      return false;
    default:
      return true;
  }
}

TextSweeper::TextSweeper(MemoryBudget& budget, const TextSweeperParams& params)
    : params_(sanitize(params)),
      nodes_(budget, params_.max_depth),
      tags_(budget, params_.max_depth),
      text_(budget),
      lines_(budget),
      records_(budget, kRecords),
      remap_(budget, kRecords),
      relevant_(budget, kRelevant),
      deferred_(budget, kDeferred) {
  if (!ok()) return;
  std::fill(tags_.data(), tags_.data() + params_.max_depth, Tag::unknown);
  nodes_[0] = Node{};  // the document, whose record always exists
  records_[0] = Record{kNone, 0, 0, kNone};
  record_count_ = 1;
  nodes_[0].record = 0;
  depth_ = 1;
}

void TextSweeper::close_line() {
  if (!line_open_) return;
  line_open_ = false;
  Node& node = nodes_[depth_ - 1];
  node.text += line_weighted_;
  node.link += line_link_;
  node.chars += line_chars_;
  if (full_) {
    text_.truncate(line_text_begin_);
    return;
  }
  line_.text_end = static_cast<std::uint32_t>(text_.size());
  if (!lines_.push_back(line_)) {
    full_ = true;
    text_.truncate(line_text_begin_);
  }
}

void TextSweeper::open_node(std::uint32_t level) {
  if (depth_ >= params_.max_depth) {
    ++overflow_;
    return;
  }
  Node& n = nodes_[depth_++];
  n = Node{};
  n.tags = 1;
  n.level = level;
  n.first_line = static_cast<std::uint32_t>(lines_.size());
  n.text_begin = static_cast<std::uint32_t>(text_.size());
}

// The record of open node `index`, created with those of its ancestors. When
// the table is full even after dropping the records nothing refers to, the
// nearest ancestor's record stands in (the result can only get wider).
std::uint32_t TextSweeper::record_for(std::size_t index) {
  if (nodes_[index].record != kNone) return nodes_[index].record;
  const std::uint32_t parent = record_for(index - 1);  // index 0 always has one
  if (record_count_ == kRecords) collect_records();
  if (record_count_ == kRecords) return parent;
  records_[record_count_] = Record{parent, static_cast<std::uint32_t>(index), nodes_[index].first_line, kNone};
  nodes_[index].record = static_cast<std::uint32_t>(record_count_++);
  return nodes_[index].record;
}

// Mark and compact: keeps the records of relevant nodes, of open nodes and
// their ancestors. Parents precede children, so compaction keeps that order.
void TextSweeper::collect_records() {
  constexpr std::uint32_t kUnmarked = 0xFFFFFFFFu, kMarked = 0xFFFFFFFEu;
  std::fill(remap_.data(), remap_.data() + record_count_, kUnmarked);
  auto mark = [&](std::uint32_t r) {
    while (r != kNone && remap_[r] == kUnmarked) remap_[r] = kMarked, r = records_[r].parent;
  };
  for (std::size_t i = 0; i < relevant_count_; ++i) mark(relevant_[i].record);
  for (std::size_t i = 0; i < depth_; ++i) mark(nodes_[i].record);
  std::size_t kept = 0;
  for (std::size_t r = 0; r < record_count_; ++r) {
    if (remap_[r] == kUnmarked) continue;
    Record moved = records_[r];
    if (moved.parent != kNone) moved.parent = remap_[moved.parent];
    records_[kept] = moved;
    remap_[r] = static_cast<std::uint32_t>(kept++);
  }
  for (std::size_t i = 0; i < relevant_count_; ++i) relevant_[i].record = remap_[relevant_[i].record];
  for (std::size_t i = 0; i < depth_; ++i)
    if (nodes_[i].record != kNone) nodes_[i].record = remap_[nodes_[i].record];
  record_count_ = kept;
}

std::uint32_t TextSweeper::common_ancestor(std::uint32_t a, std::uint32_t b) const {
  while (records_[a].depth > records_[b].depth) a = records_[a].parent;
  while (records_[b].depth > records_[a].depth) b = records_[b].parent;
  while (a != b) a = records_[a].parent, b = records_[b].parent;
  return a;
}

void TextSweeper::add_relevant(double ratio) {
  if (ratio <= 0) return;
  if (ratio > best_) {
    best_ = ratio;
    std::size_t kept = 0;
    for (std::size_t i = 0; i < relevant_count_; ++i)
      if (relevant_[i].ratio >= params_.tolerance * best_) relevant_[kept++] = relevant_[i];
    relevant_count_ = kept;
  }
  if (ratio < params_.tolerance * best_) return;
  nodes_[depth_ - 1].flags |= kHoldsRelevant;
  Relevant entry{ratio, record_for(depth_ - 1)};
  if (relevant_count_ < kRelevant) {
    relevant_[relevant_count_++] = entry;
    return;
  }
  // Full: the two lowest-rated entries (the new one included) become one, at
  // their common ancestor with the higher ratio (the result can only get wider).
  std::size_t low = 0;
  for (std::size_t i = 1; i < relevant_count_; ++i)
    if (relevant_[i].ratio < relevant_[low].ratio) low = i;
  if (entry.ratio >= relevant_[low].ratio) std::swap(entry, relevant_[low]);  // entry: the lowest
  std::size_t next = 0;
  for (std::size_t i = 1; i < relevant_count_; ++i)
    if (relevant_[i].ratio < relevant_[next].ratio) next = i;
  relevant_[next].record = common_ancestor(relevant_[next].record, entry.record);
}

void TextSweeper::close_node() {
  // A line still open belongs to this node: close it first, or a cleanup
  // below would cut the text from under it (fuzz_algorithms finding
  // ba3d5809: the next line then began with a space).
  close_line();
  Node& n = nodes_[depth_ - 1];
  if (n.chars > 0 && last_word_teaser_) {
    // The innermost node holding the teaser ending, and its parent.
    n.flags |= kLinkElement;
    if (depth_ >= 2) nodes_[depth_ - 2].flags |= kLinkElement;
    last_word_teaser_ = false;
  }
  if (n.flags & kLinkElement) {
    n.link = n.text;
    for (std::size_t i = n.first_line; i < lines_.size(); ++i) lines_[i].net = 0;
  }
  const double denominator = std::max<double>(1.0, static_cast<double>(n.tags) + n.level);
  if (n.chars > 0) add_relevant(passage_bias(n.chars) * (n.text - n.link) / denominator);
  if (n.record != kNone) records_[n.record].end_line = static_cast<std::uint32_t>(lines_.size());
  if (depth_ < 2) return;  // the document itself: no cleanup, no parent
  const bool deletable = (n.chars < params_.min_chars && !(n.flags & kHeadingNode)) ||
                         n.link > params_.max_link_share * n.text;
  if (deletable && !(n.flags & kHoldsRelevant)) {
    lines_.truncate(n.first_line);
    text_.truncate(n.text_begin);
  } else if (deletable && deferred_count_ < kDeferred) {  // beyond that, such nodes stay
    deferred_[deferred_count_++] =
        Range{n.first_line, static_cast<std::uint32_t>(lines_.size()), static_cast<std::uint32_t>(depth_ - 1)};
  }
  Node& parent = nodes_[depth_ - 2];
  parent.text += n.text;
  parent.link += n.link;
  parent.chars += n.chars;
  parent.tags += n.tags;
  parent.flags |= n.flags & kHoldsRelevant;
  --depth_;
}

void TextSweeper::on_token(const Token& token, std::string_view text, const TokenStream&, ContentWriter&) {
  if (!nodes_.ok()) return;
  if (token.is_tag()) {
    if (token.has(kTokenBlockBoundary)) close_line();
    const bool node = is_node(token.tag);
    if (token.kind == TokenKind::StartTag) {
      if (token.depth < params_.max_depth) tags_[token.depth] = token.tag;
      if (node) {
        open_node(token.depth);
        if (has_flag(token.tag, kTagHeading) && overflow_ == 0) nodes_[depth_ - 1].flags |= kHeadingNode;
      } else if (counts_as_tag(token.tag)) {
        ++nodes_[depth_ - 1].tags;
      }
    } else if (node) {
      if (overflow_ > 0) --overflow_;
      else if (depth_ > 1) close_node();
    }
    return;
  }
  if (line_open_ && token.block != line_block_) close_line();
  const std::string_view prefix = ContentWriter::rendered_prefix(token, !line_open_);
  if (!line_open_) {
    line_open_ = true;
    line_block_ = token.block;
    line_text_begin_ = text_.size();
    line_ = Line{token.source_begin, token.source_end, 0, 0, 0};
    line_chars_ = 0;
    line_weighted_ = 0;
    line_link_ = 0;
  }
  if (!full_ && (!text_.append(prefix) || !text_.append(text))) full_ = true;
  const std::uint32_t n = utf8_characters(text);
  const Tag parent = token.depth >= 2 && token.depth - 2u < params_.max_depth ? tags_[token.depth - 2] : Tag::unknown;
  const double weighted = n * layout_weight(token.tag) * layout_weight(parent);
  line_weighted_ += weighted;
  if (token.has(kTokenInAnchor) || token.has(kTokenInOnclick)) line_link_ += weighted;
  else line_.net += n + (token.has(kTokenGlued) ? 0 : 1);
  line_chars_ += n;
  ++line_.words;
  line_.source_end = token.source_end;
  last_word_teaser_ = is_teaser(text);
}

void TextSweeper::finish(ContentWriter& out) {
  if (!nodes_.ok()) return;
  close_line();
  while (depth_ > 1) close_node();
  close_node();  // the document: a candidate too
  std::uint32_t common = kNone;
  for (std::size_t i = 0; i < relevant_count_; ++i) {
    if (relevant_[i].ratio < params_.tolerance * best_) continue;
    common = common == kNone ? relevant_[i].record : common_ancestor(common, relevant_[i].record);
  }
  if (common == kNone) return;
  const Record& r = records_[common];
  const std::size_t end = std::min<std::size_t>(r.end_line == kNone ? lines_.size() : r.end_line, lines_.size());
  // The deferred deletions inside the result, by first line.
  std::size_t inside = 0;
  for (std::size_t i = 0; i < deferred_count_; ++i) {
    const Range d = deferred_[i];
    if (d.depth > r.depth && d.first_line >= r.first_line && d.end_line <= end) deferred_[inside++] = d;
  }
  std::sort(deferred_.data(), deferred_.data() + inside,
            [](const Range& a, const Range& b) { return a.first_line < b.first_line; });
  std::size_t next = 0;
  std::size_t skip_until = 0;
  for (std::size_t i = r.first_line; i < end; ++i) {
    while (next < inside && deferred_[next].first_line <= i) skip_until = std::max<std::size_t>(skip_until, deferred_[next++].end_line);
    if (i < skip_until) continue;
    const std::size_t begin = i == 0 ? 0 : lines_[i - 1].text_end;
    const Line& line = lines_[i];
    out.write_rendered(text_.view().substr(begin, line.text_end - begin), SourceSpan{line.source_begin, line.source_end},
                       line.words, line.net);
  }
}

std::unique_ptr<Algorithm> create_textsweeper(MemoryBudget& budget, const TextSweeperParams& params) {
  return make_algorithm<TextSweeper>(budget, budget, params);
}

std::unique_ptr<Algorithm> create_textsweeper(MemoryBudget& budget) {
  return create_textsweeper(budget, TextSweeperParams{});
}

}  // namespace winnow
