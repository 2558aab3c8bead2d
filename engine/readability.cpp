// SPDX-License-Identifier: MIT
#include "engine/readability.h"

#include <algorithm>

#include "engine/content_writer.h"
#include "engine/semantics.h"
#include "engine/utf8.h"

namespace winnow {
namespace {

constexpr std::uint32_t kNegativeCues = kSemAdvert | kSemHidden | kSemHeader | kSemComment | kSemFooter |
                                        kSemCaption | kSemByline | kSemRelated | kSemShare | kSemSidebar |
                                        kSemTags | kSemSubscribe;
constexpr std::uint32_t kPositiveCues = kSemArticle | kSemContent;
constexpr std::uint32_t kUnlikelyCues = kSemNavigation | kSemFooter | kSemHeader | kSemSidebar | kSemComment |
                                        kSemShare | kSemRelated | kSemAdvert | kSemSubscribe;

// U+002C, U+060C, U+FE50, U+FE10, U+FE11, U+2E41, U+2E34, U+2E32, U+FF0C.
std::uint32_t count_commas(std::string_view w) {
  std::uint32_t n = 0;
  for (std::size_t i = 0; i < w.size(); ++i) {
    const auto c = static_cast<unsigned char>(w[i]);
    if (c == ',') {
      ++n;
    } else if (c == 0xD8 && i + 1 < w.size() && static_cast<unsigned char>(w[i + 1]) == 0x8C) {
      ++n;  // U+060C
    } else if (c == 0xEF && i + 2 < w.size()) {
      const auto b = static_cast<unsigned char>(w[i + 1]), d = static_cast<unsigned char>(w[i + 2]);
      if ((b == 0xB9 && d == 0x90) || (b == 0xB8 && (d == 0x90 || d == 0x91)) || (b == 0xBC && d == 0x8C)) ++n;
    } else if (c == 0xE2 && i + 2 < w.size()) {
      const auto b = static_cast<unsigned char>(w[i + 1]), d = static_cast<unsigned char>(w[i + 2]);
      if ((b == 0xB8 && (d == 0xB2 || d == 0xB4)) || (b == 0xB9 && d == 0x81)) ++n;  // U+2E32, U+2E34, U+2E41
    }
  }
  return n;
}

bool is_node(Tag tag) { return has_flag(tag, kTagBlock) && !has_flag(tag, kTagVoid); }

// "textish" elements of the conditional cleaning's text density.
bool textish(Tag tag) {
  switch (tag) {
    case Tag::span: case Tag::li: case Tag::td: case Tag::blockquote: case Tag::dl: case Tag::div:
    case Tag::ol: case Tag::p: case Tag::pre: case Tag::table: case Tag::ul:
      return true;
    default:
      return false;
  }
}

bool conditionally_cleaned(Tag tag) {
  return tag == Tag::form || tag == Tag::fieldset || tag == Tag::table || tag == Tag::ul || tag == Tag::div;
}

// Appended siblings other than these are renamed to div (and cleaned as one).
bool keeps_its_name(Tag tag) { return tag == Tag::div || tag == Tag::article || tag == Tag::section || tag == Tag::p; }

bool always_cleaned(Tag tag) {
  return tag == Tag::footer || tag == Tag::aside || tag == Tag::textarea || tag == Tag::select ||
         tag == Tag::button;
}

ReadabilityParams sanitize(ReadabilityParams p) {
  p.max_depth = std::clamp<std::uint32_t>(p.max_depth, 2, 0xFFFF);
  p.top_candidates = std::clamp<std::uint32_t>(p.top_candidates, 1, 64);
  return p;
}

constexpr int kViews = 2;
constexpr float kDivider[5] = {1, 2, 6, 9, 12};

}  // namespace

int Readability::class_weight(std::uint32_t bits) {
  return ((bits & kNegativeCues) ? -25 : 0) + ((bits & kPositiveCues) ? 25 : 0);
}

bool Readability::unlikely(std::uint32_t bits) { return (bits & kUnlikelyCues) && !(bits & kPositiveCues); }

int Readability::tag_score(Tag tag) {
  switch (tag) {
    case Tag::div: return 5;
    case Tag::pre: case Tag::td: case Tag::blockquote: return 3;
    case Tag::address: case Tag::ol: case Tag::ul: case Tag::dl: case Tag::dd: case Tag::dt: case Tag::li:
    case Tag::form:
      return -3;
    case Tag::h1: case Tag::h2: case Tag::h3: case Tag::h4: case Tag::h5: case Tag::h6: case Tag::th: return -5;
    default: return 0;
  }
}

// Elements Readability scores as paragraphs on their whole text.
bool Readability::scored_whole(Tag tag) {
  switch (tag) {
    case Tag::p: case Tag::td: case Tag::pre: case Tag::section:
    case Tag::h2: case Tag::h3: case Tag::h4: case Tag::h5: case Tag::h6:
      return true;
    default:
      return false;
  }
}

Readability::Readability(MemoryBudget& budget, const ReadabilityParams& params)
    : params_(sanitize(params)), stack_(budget), records_(budget), lines_(budget), text_(budget), appended_(budget) {
  OpenNode root{};
  root.record = 0;
  root.table = kNone;
  root.depth = -1;
  root.tag = Tag::unknown;
  Record doc{};
  doc.parent = kNone;
  doc.end_line = kNone;
  doc.end_record = kNone;
  ok_ = stack_.push_back(root) && records_.push_back(doc);
}

float Readability::paragraph_score(std::uint32_t chars, std::uint32_t commas) const {
  if (chars < params_.min_paragraph) return 0;
  return 1.0f + static_cast<float>(commas + 1) + static_cast<float>(std::min<std::uint32_t>(chars / 100, 3));
}

void Readability::close_line() {
  if (!line_open_) return;
  line_open_ = false;
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

void Readability::end_run() {
  if (!run_open_) return;
  run_open_ = false;
  OpenNode& n = stack_.back();
  const float s = paragraph_score(run_.chars, run_.commas);
  for (int v = 0; v < kViews; ++v) {
    if (v == 0 && (n.flags & kStripped)) continue;
    Stats& st = n.v[v];
    if (++st.units == 1) st.first_unit_p = true;
    ++st.children;
    if (s > 0) {
      st.carry[0] += s;
      st.mask |= 1;
    }
  }
  if (full_ || n.record == kNone) return;
  Record r{};
  r.parent = n.record;
  r.first_line = run_.first_line;
  r.end_line = static_cast<std::uint32_t>(lines_.size());
  r.end_record = static_cast<std::uint32_t>(records_.size() + 1);
  const float ld = run_.chars ? static_cast<float>(run_.link) / static_cast<float>(run_.chars) : 0.0f;
  r.link_density[0] = r.link_density[1] = ld;
  r.chars[0] = r.chars[1] = run_.chars;
  r.tag = Tag::p;
  r.flags = kRecRun | (run_.period ? kRecPeriod : 0) | ((n.flags & kStripped) ? kRecStripped : 0);
  if (!records_.push_back(r)) full_ = true;
}

void Readability::open_node(const Token& token) {
  if (overflow_ > 0 || stack_.size() >= params_.max_depth) {
    ++overflow_;
    return;
  }
  const std::size_t parent_index = stack_.size() - 1;
  OpenNode node{};
  {
    const OpenNode& parent = stack_[parent_index];
    node.tag = token.tag;
    node.bits = token.semantics;
    node.depth = token.depth;
    node.table = token.tag == Tag::table ? static_cast<std::uint32_t>(stack_.size()) : parent.table;
    node.flags = parent.flags & (kStripped | kInTable);
    if (parent.tag == Tag::figure || (parent.flags & kInFigure)) node.flags |= kInFigure;
    if (token.tag == Tag::table) node.flags |= kInTable;
    if (!(node.flags & (kStripped | kInTable)) && token.tag != Tag::body && token.tag != Tag::html &&
        unlikely(node.bits))
      node.flags |= kStripped;
  }
  node.record = kNone;
  if (!full_ && stack_[parent_index].record != kNone) {
    Record r{};
    r.parent = stack_[parent_index].record;
    r.first_line = static_cast<std::uint32_t>(lines_.size());
    r.tag = token.tag;
    r.bits = token.semantics;
    if (node.flags & kStripped) r.flags |= kRecStripped;
    if (node.flags & kInFigure) r.flags |= kRecInFigure;
    if (records_.push_back(r)) node.record = static_cast<std::uint32_t>(records_.size() - 1);
    else full_ = true;
  }
  // What the parent counts of its children.
  {
    OpenNode& parent = stack_[parent_index];
    if (token.tag == Tag::table && parent.table != kNone) stack_[parent.table].flags |= kNested;
    for (int v = 0; v < kViews; ++v) {
      if (v == 0 && (node.flags & kStripped)) continue;
      Stats& st = parent.v[v];
      ++st.children;
      if (++st.units == 1) st.first_unit_p = token.tag == Tag::p;
      if (token.tag == Tag::p) ++st.p;
      if (token.tag == Tag::li) ++st.li;
    }
    if (parent.table != kNone) {
      OpenNode& table = stack_[parent.table];
      if (token.tag == Tag::tr) ++table.rows;
      if (token.tag == Tag::td) ++table.cells;
      if (token.tag == Tag::th || token.tag == Tag::thead || token.tag == Tag::tfoot || token.tag == Tag::caption)
        table.flags |= kDataCue;
    }
  }
  if (!stack_.push_back(node)) {
    // Budget: the element is counted as part of its parent, and so has no
    // record of its own either (the record just added would never be closed:
    // without its end, the selection's walk over records would not advance).
    if (node.record != kNone) records_.truncate(node.record);
    ++overflow_;
  }
}

bool Readability::clean_verdict(const OpenNode& node, int view, bool weights) const {
  const Stats& s = node.v[view];
  const int weight = weights ? class_weight(node.bits) : 0;
  if (weight < 0) return true;
  if (s.commas >= 10) return false;
  const double chars = s.chars;
  const bool is_list = node.tag == Tag::ul || node.tag == Tag::ol || (chars > 0 && s.list / chars > 0.9);
  const double heading_density = chars > 0 ? s.heading / chars : 0;
  const double link_density = chars > 0 ? s.link / chars : 0;
  const double text_density = chars > 0 ? s.textish / chars : 0;
  const bool figure = (node.flags & kInFigure) != 0;
  const int p = s.p, img = s.img, li = static_cast<int>(s.li) - 100, input = s.input;
  if (!figure && img > 1 && static_cast<double>(p) / img < 0.5) return true;
  if (!is_list && li > p) return true;
  if (input > p / 3) return true;
  if (!is_list && !figure && heading_density < 0.9 && chars < 25 && (img == 0 || img > 2) && link_density > 0)
    return true;
  if (!is_list && weight < 25 && link_density > 0.2) return true;
  if (weight >= 25 && link_density > 0.5) return true;
  if (img == 0 && text_density == 0) return true;
  return false;
}

void Readability::close_node() {
  const std::size_t index = stack_.size() - 1;
  OpenNode node = stack_[index];
  OpenNode& parent = stack_[index - 1];
  std::uint16_t rec_flags = 0;
  float sums[kViews] = {0, 0};
  float densities[kViews] = {0, 0};
  for (int v = 0; v < kViews; ++v) {
    if (v == 0 && (node.flags & kStripped)) continue;
    const Stats& s = node.v[v];
    const float ld = s.chars ? static_cast<float>(s.link) / static_cast<float>(s.chars) : 0.0f;
    densities[v] = ld;
    const bool is_collapsed = node.tag == Tag::div && s.units == 1 && s.first_unit_p && ld < 0.25f;
    float sum = 0;
    for (int k = 0; k < kLevels; ++k) sum += s.carry[k] / kDivider[k];
    sums[v] = sum;
    if (is_collapsed) rec_flags |= v == 0 ? kRecCollapsed0 : kRecCollapsed1;
    else if (s.mask != 0 && node.tag != Tag::html) rec_flags |= v == 0 ? kRecCandidate0 : kRecCandidate1;
    Stats& ps = parent.v[v];
    if (is_collapsed) {
      for (int k = 0; k < kLevels; ++k) ps.carry[k] += s.carry[k];
      ps.mask |= s.mask;
    } else {
      for (int k = 0; k + 1 < kLevels; ++k) ps.carry[k + 1] += s.carry[k];
      ps.mask |= static_cast<std::uint8_t>((s.mask << 1) & 0x1F);
    }
    if (scored_whole(node.tag)) {
      const float score = paragraph_score(s.chars, s.commas);
      if (score > 0) {
        ps.carry[0] += score;
        ps.mask |= 1;
      }
    }
    ps.chars += s.chars;
    ps.link += s.link;
    ps.commas += s.commas;
    ps.heading += s.heading;
    ps.textish += textish(node.tag) ? s.chars : s.textish;
    ps.list += (node.tag == Tag::ul || node.tag == Tag::ol) ? s.chars : s.list;
    ps.p = static_cast<std::uint16_t>(std::min<std::uint32_t>(0xFFFF, ps.p + s.p));
    ps.img = static_cast<std::uint16_t>(std::min<std::uint32_t>(0xFFFF, ps.img + s.img));
    ps.li = static_cast<std::uint16_t>(std::min<std::uint32_t>(0xFFFF, ps.li + s.li));
    ps.input = static_cast<std::uint16_t>(std::min<std::uint32_t>(0xFFFF, ps.input + s.input));
  }
  if (node.record != kNone) {
    const std::size_t r = node.record;
    if (node.v[1].chars == 0 && r + 1 == records_.size()) {
      records_.truncate(r);  // no text: never written, never a candidate
    } else {
      Record& rec = records_[r];
      rec.flags |= rec_flags;
      if (node.flags & kPeriod) rec.flags |= kRecPeriod;
      if (node.tag == Tag::table) {
        const std::uint32_t rows = node.rows, columns = node.rows ? (node.cells + node.rows - 1) / node.rows : 0;
        const bool data = (node.flags & kDataCue) ||
                          (!(node.flags & kNested) && rows > 1 && columns > 1 &&
                           (rows >= 10 || columns > 4 || rows * columns > 10));
        if (data) rec.flags |= kRecDataTable;
      }
      for (int v = 0; v < kViews; ++v) {
        rec.sum[v] = sums[v];
        rec.link_density[v] = densities[v];
        rec.chars[v] = node.v[v].chars;
        rec.children[v] = node.v[v].children;
      }
      if (!(node.flags & kStripped) && clean_verdict(node, 0, true)) rec.flags |= kRecClean0W;
      if (clean_verdict(node, 1, true)) rec.flags |= kRecClean1W;
      if (clean_verdict(node, 1, false)) rec.flags |= kRecClean1N;
      rec.end_line = static_cast<std::uint32_t>(lines_.size());
      rec.end_record = static_cast<std::uint32_t>(records_.size());
    }
  }
  stack_.truncate(index);
}

void Readability::add_word(const Token& token, std::string_view text) {
  OpenNode& n = stack_.back();
  const std::uint32_t chars = utf8_characters(text);
  const std::uint32_t length = chars + (token.has(kTokenGlued) ? 0 : 1);
  const std::uint32_t commas = count_commas(text);
  const bool link = token.has(kTokenInAnchor);
  const bool period = !text.empty() && text.back() == '.';
  for (int v = 0; v < kViews; ++v) {
    if (v == 0 && (n.flags & kStripped)) continue;
    Stats& s = n.v[v];
    s.chars += length;
    if (link) s.link += length;
    s.commas += commas;
    if (token.has(kTokenInHeading)) s.heading += length;
    if (n.spans > 0) s.textish += length;
  }
  if (period) n.flags |= kPeriod;
  if (n.tag == Tag::div) {
    if (!run_open_) {
      run_open_ = true;
      run_ = Run{};
      run_.first_line = static_cast<std::uint32_t>(lines_.size());
    }
    run_.chars += length;
    if (link) run_.link += length;
    run_.commas += commas;
    run_.period |= period;
  }
  // The rendered line.
  if (line_open_ && token.block != line_block_) close_line();
  const std::string_view prefix = ContentWriter::rendered_prefix(token, !line_open_);
  if (!line_open_) {
    line_open_ = true;
    line_block_ = token.block;
    line_text_begin_ = text_.size();
    line_ = Line{token.source_begin, token.source_end, 0, 0, 0, 0};
  }
  if (!full_ && (!text_.append(prefix) || !text_.append(text))) full_ = true;
  if (!link && !token.has(kTokenInOnclick)) line_.net += chars + (token.has(kTokenGlued) ? 0 : 1);
  line_.chars += length;
  ++line_.words;
  line_.source_end = token.source_end;
}

// Readability.js removes every noscript element before it scores (its
// _removeScripts), and every object from the article it writes, so each
// such subtree is skipped whole: from the start tag to the end tag of the
// same element at the same depth.
bool Readability::inside_skipped_element(const Token& token) {
  if (skipped_depth_ < 0) {
    if (token.kind != TokenKind::StartTag || (token.tag != Tag::noscript && token.tag != Tag::object)) return false;
    skipped_depth_ = token.depth;
    skipped_tag_ = token.tag;
    return true;
  }
  if (token.kind == TokenKind::EndTag && token.tag == skipped_tag_ && token.depth == skipped_depth_)
    skipped_depth_ = -1;
  return true;
}

void Readability::on_token(const Token& token, std::string_view text, const TokenStream&, ContentWriter&) {
  if (!ok_ || inside_skipped_element(token)) return;
  if (token.is_word()) {
    add_word(token, text);
    return;
  }
  if (token.has(kTokenBlockBoundary)) close_line();
  if (is_node(token.tag)) {
    end_run();
    if (token.kind == TokenKind::StartTag) {
      open_node(token);
    } else if (overflow_ > 0) {
      --overflow_;
    } else if (stack_.size() > 1) {
      close_node();
    }
    return;
  }
  // Inline elements.
  OpenNode& n = stack_.back();
  if (token.kind == TokenKind::StartTag) {
    if (n.tag != Tag::div && n.depth + 1 == token.depth) {
      for (int v = 0; v < kViews; ++v)
        if (v == 1 || !(n.flags & kStripped)) ++n.v[v].children;
    }
    for (int v = 0; v < kViews; ++v) {
      if (v == 0 && (n.flags & kStripped)) continue;
      if (token.tag == Tag::img) ++n.v[v].img;
      if (token.tag == Tag::input) ++n.v[v].input;
    }
    if (token.tag == Tag::span) ++n.spans;
    if ((token.tag == Tag::col || token.tag == Tag::colgroup) && n.table != kNone) stack_[n.table].flags |= kDataCue;
  } else if (token.tag == Tag::span && n.spans > 0) {
    --n.spans;
  }
}

// ---- Selection ----

bool Readability::collapsed(std::uint32_t r, const Attempt& a) const {
  return (records_[r].flags & (a.strip ? kRecCollapsed0 : kRecCollapsed1)) != 0;
}

bool Readability::valid(std::uint32_t r, const Attempt& a) const {
  return r != 0 && !(a.strip && (records_[r].flags & kRecStripped)) && !collapsed(r, a);
}

bool Readability::candidate(std::uint32_t r, const Attempt& a) const {
  return (records_[r].flags & (a.strip ? kRecCandidate0 : kRecCandidate1)) != 0;
}

double Readability::score(std::uint32_t r, const Attempt& a) const {
  const Record& rec = records_[r];
  const int view = a.strip ? 0 : 1;
  const double initial = tag_score(rec.tag) + (a.weights ? class_weight(rec.bits) : 0);
  if (!candidate(r, a)) return initial;
  return (initial + rec.sum[view]) * (1.0 - rec.link_density[view]);
}

std::uint32_t Readability::parent_of(std::uint32_t r, const Attempt& a) const {
  std::uint32_t p = records_[r].parent;
  while (p != kNone && p != 0 && collapsed(p, a)) p = records_[p].parent;
  return p;
}

bool Readability::removed(std::uint32_t r, bool top_level, const Attempt& a) const {
  const Record& rec = records_[r];
  if (a.strip && (rec.flags & kRecStripped)) return true;
  if (rec.flags & kRecRun) return false;
  if (collapsed(r, a)) return false;  // replaced by its p
  if (rec.tag == Tag::body || rec.tag == Tag::html) return false;
  // Appended siblings are renamed to div unless div, article, section or p:
  // only the conditional cleaning of divs reaches them.
  if (!top_level) {
    if (always_cleaned(rec.tag)) return true;
    const int view = a.strip ? 0 : 1;
    if ((rec.bits & kSemShare) && rec.chars[view] < 500) return true;
    if (a.weights && (rec.tag == Tag::h1 || rec.tag == Tag::h2) && class_weight(rec.bits) < 0) return true;
  }
  if (!a.clean) return false;
  if (top_level ? keeps_its_name(rec.tag) && rec.tag != Tag::div : !conditionally_cleaned(rec.tag)) return false;
  const std::uint16_t verdict = a.strip ? kRecClean0W : a.weights ? kRecClean1W : kRecClean1N;
  if (!(rec.flags & verdict)) return false;
  // Data tables and what is inside them stay.
  for (std::uint32_t p = r; p != kNone && p != 0; p = records_[p].parent)
    if (records_[p].flags & kRecDataTable) return false;
  return true;
}

template <typename Emit>
void Readability::walk_lines(const Attempt& a, Emit&& emit) const {
  for (std::size_t i = 0; i < appended_.size(); ++i) {
    const std::uint32_t c = appended_[i];
    const Record& top = records_[c];
    std::uint32_t line = top.first_line;
    std::uint32_t r = c;
    const std::uint32_t end = top.end_record;
    while (r < end && r < records_.size()) {
      const Record& rec = records_[r];
      if (removed(r, r == c, a)) {
        for (; line < rec.first_line; ++line) emit(line);
        line = std::max(line, rec.end_line);
        r = rec.end_record;
        continue;
      }
      ++r;
    }
    for (; line < top.end_line && line < lines_.size(); ++line) emit(line);
  }
}

std::uint64_t Readability::select(const Attempt& a, double* top_out) {
  appended_.truncate(0);
  const std::uint32_t count = static_cast<std::uint32_t>(records_.size());
  // The top candidates, best first.
  constexpr std::size_t kMaxTop = 64;
  std::uint32_t top[kMaxTop];
  double top_score[kMaxTop];
  std::size_t tops = 0;
  std::uint32_t body = kNone;
  for (std::uint32_t r = 1; r < count; ++r) {
    if (body == kNone && records_[r].tag == Tag::body) body = r;
    if (!valid(r, a) || !candidate(r, a)) continue;
    const double s = score(r, a);
    std::size_t at = 0;
    while (at < tops && !(s > top_score[at])) ++at;
    if (at >= params_.top_candidates) continue;
    if (tops < params_.top_candidates) ++tops;
    for (std::size_t k = tops - 1; k > at; --k) top[k] = top[k - 1], top_score[k] = top_score[k - 1];
    top[at] = r;
    top_score[at] = s;
  }
  auto is_body = [&](std::uint32_t r) { return r == kNone || r == 0 || records_[r].tag == Tag::body; };
  auto holds = [&](std::uint32_t ancestor, std::uint32_t r) {
    return r > ancestor && r < records_[ancestor].end_record;
  };
  if (tops == 0 || records_[top[0]].tag == Tag::body) {
    // Everything in the body (or the document) is the article.
    const std::uint32_t all = body != kNone ? body : (count > 1 ? 1 : kNone);
    *top_out = tops ? top_score[0] : 0;
    if (all == kNone) return 0;
    if (!appended_.push_back(all)) return 0;
  } else {
    std::uint32_t t = top[0];
    // Three close runners-up with a common ancestor: that ancestor.
    std::uint32_t close[kMaxTop];
    std::size_t closes = 0;
    for (std::size_t k = 1; k < tops; ++k)
      if (top_score[0] > 0 && top_score[k] / top_score[0] >= 0.75) close[closes++] = top[k];
    if (closes >= 3) {
      for (std::uint32_t p = parent_of(t, a); !is_body(p); p = parent_of(p, a)) {
        std::size_t holding = 0;
        for (std::size_t k = 0; k < closes; ++k) holding += holds(p, close[k]);
        if (holding >= 3) {
          t = p;
          break;
        }
      }
    }
    // Up to a parent that scores more.
    double last = score(t, a);
    const double threshold = last / 3;
    for (std::uint32_t p = parent_of(t, a); !is_body(p); p = parent_of(p, a)) {
      if (!candidate(p, a)) continue;
      const double s = score(p, a);
      if (s < threshold) break;
      if (s > last) {
        t = p;
        break;
      }
      last = s;
    }
    // Up while the parent has one child.
    for (std::uint32_t p = parent_of(t, a); !is_body(p) && records_[p].children[a.strip ? 0 : 1] == 1;
         p = parent_of(p, a))
      t = p;
    const double t_score = score(t, a);
    *top_out = t_score;
    const double threshold_sibling = std::max(10.0, 0.2 * t_score);
    const std::uint32_t parent = parent_of(t, a);
    if (parent == kNone || parent == 0) {
      if (!appended_.push_back(t)) return 0;
    } else {
      const int view = a.strip ? 0 : 1;
      const std::uint32_t end = records_[parent].end_record;
      std::uint32_t r = parent + 1;
      while (r < end && r < count) {
        const Record& c = records_[r];
        if (a.strip && (c.flags & kRecStripped)) {
          r = c.end_record;
          continue;
        }
        if (collapsed(r, a)) {  // its p takes its place among the children
          ++r;
          continue;
        }
        bool append = r == t;
        if (!append) {
          // Readability.js compares class names: the landmark and the
          // declared body (tag, role, itemprop) are not part of one.
          constexpr std::uint32_t kNotClass = kSemMainLandmark | kSemDeclaredBody;
          const std::uint32_t own = c.bits & ~kNotClass;
          const double bonus = (own != 0 && own == (records_[t].bits & ~kNotClass)) ? 0.2 * t_score : 0.0;
          if (candidate(r, a) && score(r, a) + bonus >= threshold_sibling) {
            append = true;
          } else if (c.tag == Tag::p) {
            const double ld = c.link_density[view];
            const std::uint32_t length = c.chars[view];
            if (length > 80 && ld < 0.25) append = true;
            else if (length < 80 && length > 0 && ld == 0 && (c.flags & kRecPeriod)) append = true;
          }
        }
        if (append && !appended_.push_back(r)) break;
        r = c.end_record;
      }
    }
  }
  std::uint64_t chars = 0;
  walk_lines(a, [&](std::uint32_t line) { chars += lines_[line].chars; });
  return chars;
}

void Readability::finish(ContentWriter& out) {
  if (!ok_) return;
  close_line();
  end_run();
  overflow_ = 0;
  while (stack_.size() > 1) close_node();
  Record& doc = records_[0];
  doc.end_line = static_cast<std::uint32_t>(lines_.size());
  doc.end_record = static_cast<std::uint32_t>(records_.size());
  const Attempt attempts[4] = {{true, true, true}, {false, true, true}, {false, false, true}, {false, false, false}};
  std::uint64_t best_chars = 0;
  int best = -1;
  double best_top = 0;
  for (int i = 0; i < 4; ++i) {
    double t = 0;
    const std::uint64_t chars = select(attempts[i], &t);
    if (chars >= params_.char_threshold) {
      best = i;
      best_top = t;
      break;
    }
    if (best < 0 || chars > best_chars) best = i, best_chars = chars, best_top = t;
  }
  attempt_ = best;
  top_score_ = best_top;
  const Attempt& a = attempts[best];
  double t = 0;
  select(a, &t);
  walk_lines(a, [&](std::uint32_t i) {
    const std::size_t begin = i == 0 ? 0 : lines_[i - 1].text_end;
    const Line& line = lines_[i];
    out.write_rendered(text_.view().substr(begin, line.text_end - begin), SourceSpan{line.source_begin, line.source_end},
                       line.words, line.net);
  });
}

double Readability::best_candidate_score(bool strip, bool weights) const {
  const Attempt a{strip, weights, true};
  double best = 0;
  bool any = false;
  for (std::uint32_t r = 1; r < records_.size(); ++r) {
    if (!valid(r, a) || !candidate(r, a)) continue;
    const double s = score(r, a);
    if (!any || s > best) best = s, any = true;
  }
  return best;
}

std::unique_ptr<Algorithm> create_readability(MemoryBudget& budget, const ReadabilityParams& params) {
  return make_algorithm<Readability>(budget, budget, params);
}

std::unique_ptr<Algorithm> create_readability(MemoryBudget& budget) {
  return create_readability(budget, ReadabilityParams{});
}

}  // namespace winnow
