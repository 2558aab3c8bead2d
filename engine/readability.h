// SPDX-License-Identifier: MIT
// Readability's scoring (arc90's bookmarklet, 2009; Mozilla's Readability.js,
// the version Firefox's reader view runs; seed 002 §Readability), streamed:
// paragraphs score their ancestors, the best-scoring container is the top
// candidate, its qualifying siblings join it, the result is cleaned. Written
// from Readability.js's documented behaviour; no code taken.
//
// Facts used (Readability.js, grabArticle and helpers):
//  - script and noscript elements are removed first (the tokenizer already
//    drops script; noscript's content reaches the algorithms, and is skipped
//    here). An object's content (what a browser shows in its place) is
//    skipped too: Readability.js removes objects from the article it writes
//    (its video exception left out), and the scores here never had it.
//  - Elements to score: p, td, pre, section, h2..h6; text directly inside a
//    div is wrapped in a p per run between block children; a div whose only
//    child is one p (wrapped or real) with link density < 0.25 is replaced
//    by that p. Paragraphs under 25 characters are not scored.
//  - Paragraph score = 1 + (commas + 1) + min(floor(length / 100), 3): the
//    comma term is the number of pieces the text splits into at Latin, Arabic,
//    CJK and other comma variants, i.e. commas + 1.
//  - The score goes to the paragraph's first 5 ancestors, divided by 1, 2,
//    then 3 * level (6, 9, 12). The html element is never a candidate.
//  - An ancestor first reached is initialised with a tag score (div +5;
//    pre, td, blockquote +3; address, ol, ul, dl, dd, dt, li, form -3;
//    h1..h6, th -5) plus its class weight: -25 for a negative class cue, +25
//    for a positive one, the same again for the id.
//  - Candidate score = (initial + paragraph shares) * (1 - link density).
//  - Top candidate T: the best of the top 5; if at least 3 others score
//    >= 0.75 * T, T moves to the first ancestor holding 3 of them; then T
//    moves up to a parent that scores more than the last one walked (stopping
//    below a third of T's score); then up while its parent has one child.
//  - Siblings (children of T's parent) join when score + bonus >= max(10,
//    0.2 * T) (bonus 0.2 * T for the same class as T), or, for a p, when
//    length > 80 and link density < 0.25, or length < 80, link density 0 and
//    a sentence end ("." then a space or the end).
//  - Before scoring, "unlikely candidates" (class/id banner, comment, footer,
//    header, menu, related, sidebar, social, sponsor, pagination, popup, ...
//    unless also article, body, content, main; roles navigation, menu,
//    complementary; never inside a table) are removed.
//  - Cleaning of the result: footer, aside, textarea, select, button go;
//    share elements under 500 characters go; h1/h2 with a negative class
//    weight go; form, fieldset, table, ul, div (and appended siblings renamed
//    to div) go "conditionally": negative class weight, or fewer than 10
//    commas and one of: more than one img and fewer than half as many p; li
//    more than p + 100 outside lists; input more than p / 3; shorter than 25
//    characters with links (not a list, not in a figure, headings < 90 %,
//    img 0 or > 2); link density > 0.2 with class weight < 25 (not a list);
//    link density > 0.5 with class weight >= 25; no img and no text inside
//    span, li, td, blockquote, dl, div, img, ol, p, pre, table, ul. Data
//    tables (th, thead, tfoot, caption, col, colgroup; or more than 10 cells
//    in at least 10 rows or more than 4 columns) and what is inside them stay.
//  - A result shorter than 500 characters is retried without removing
//    unlikely candidates, then also without class weights, then also without
//    conditional cleaning; if all are short, the longest result wins.
//
// Adaptation to tokens (stated, not Readability's):
//  - Nodes are the block-level elements (tag.h's kTagBlock, without br and
//    hr); inline elements belong to their node: a p inside a span has the
//    span's block parent as parent, an inline element with an unlikely class
//    is not removed, a "child" in the one-child rule is a block child or a
//    wrapped run of a div (other elements: any element child).
//  - Class cues are the semantics bits of the element's own class, id, role
//    and itemprop words (engine/semantics.h), which the tokenizer puts on
//    start tags: negative = advert, hidden, header, comment, footer, caption,
//    byline (meta), related, share, sidebar, tags, subscribe; positive =
//    article, content; unlikely = navigation, footer, header, sidebar,
//    comment, share, related, advert, subscribe without article or content.
//    class and id are not told apart (at most -25 and +25); "same class" is
//    "same non-empty bits", leaving out the main landmark and the declared
//    body (a tag, a role, an itemprop: no class).
//  - Lengths are characters plus one separating space per word; links are
//    words inside <a> (hash links are not weighted 0.3: the href is not
//    kept); commas of the conditional cleaning are all comma variants; embeds
//    (object, embed, iframe) are not counted; cleaning decisions are taken on
//    each element's own statistics, before anything inside it is cleaned.
//  - The removal of a byline and of a heading that repeats the title, and
//    the paging logic, are left out.
//
// Online. Every statistic above is a sum over a subtree, complete when the
// element ends. Paragraph shares go up by levels: each open node keeps
// carry[k], the scores of paragraphs k (effective) levels below it, and when
// it ends passes carry shifted by one level to its parent (unshifted if it is
// a div replaced by its single p). Two sets of statistics are kept, with and
// without the unlikely candidates, so all four retries are decided from one
// pass. A record per block-level element with text (and per wrapped run) is
// kept: parent, line range, subtree end, its two scores, link densities,
// lengths, cue bits and cleaning verdicts; the rendered lines of the document
// are kept too. At the end the top candidate, its siblings and the cleaning
// are read from the records, and the chosen lines are written.
//
// Parameters (ReadabilityParams): max_depth 256 nested block-level elements
// (deeper ones count as part of the innermost one kept), min_paragraph 25,
// char_threshold 500, top_candidates 5.
// State: per open block-level element 144 bytes (grown as the nesting
// deepens, charged to the budget); per record 52 bytes; per line 32 bytes
// plus its text.
// Memory bound: 144 * (deepest nesting) + 52 * (block-level elements with
// text and wrapped runs) + 32 * lines + the document's visible text, all
// charged to the budget. When a buffer reaches the budget, no more records
// or lines are kept, the budget is marked exceeded (the extractor stops
// reading) and the decision is taken over the part seen, its text cut there.
// Output delay: the end of the document.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>

#include "engine/algorithm.h"
#include "engine/bounded_text.h"
#include "engine/budget_buffer.h"
#include "engine/memory_budget.h"

namespace winnow {

struct ReadabilityParams {
  std::uint32_t max_depth = 256;
  std::uint32_t min_paragraph = 25;
  std::uint32_t char_threshold = 500;
  std::uint32_t top_candidates = 5;
};

class Readability final : public Algorithm {
 public:
  Readability(MemoryBudget& budget, const ReadabilityParams& params);
  bool ok() const { return ok_; }

  void on_token(const Token& token, std::string_view text, const TokenStream& stream,
                ContentWriter& out) override;
  void finish(ContentWriter& out) override;

  // After finish(): which attempt was written (0: all flags, 1: unlikely
  // candidates kept, 2: also no class weights, 3: also no conditional
  // cleaning) and the top candidate's score in it.
  int attempt() const { return attempt_; }
  double top_score() const { return top_score_; }

  // After finish(): the best candidate score with or without the unlikely
  // candidates and the class weights (the quantity the tests compare with an
  // offline definition), or 0 without candidates.
  double best_candidate_score(bool strip, bool weights) const;

  // Readability's tables, public so that the tests' offline definition of
  // the candidate scores reads the same ones: the weight of a class/id's
  // cues, whether they make an unlikely candidate, a candidate's initial
  // score by its tag, and the elements scored as paragraphs on their text.
  static int class_weight(std::uint32_t bits);
  static bool unlikely(std::uint32_t bits);
  static int tag_score(Tag tag);
  static bool scored_whole(Tag tag);

 private:
  static constexpr std::uint32_t kNone = 0xFFFFFFFFu;
  static constexpr int kLevels = 5;
  // Statistics of a subtree in one of two views: 0 without the unlikely
  // candidates, 1 with everything.
  struct Stats {
    float carry[kLevels];
    std::uint32_t chars;
    std::uint32_t link;
    std::uint32_t commas;
    std::uint32_t heading;  // characters inside h1..h6
    std::uint32_t textish;  // characters inside span, li, td, blockquote, dl, div, ol, p, pre, table, ul
    std::uint32_t list;     // characters inside ul, ol
    std::uint16_t p, img, li, input;
    std::uint16_t children;  // element children (for a div: block children and wrapped runs)
    std::uint16_t units;     // block children and wrapped runs (div replacement)
    std::uint8_t mask;       // levels below that hold a scored paragraph
    bool first_unit_p;
  };
  enum NodeFlag : std::uint8_t {
    kStripped = 1 << 0,   // an unlikely candidate or inside one
    kInFigure = 1 << 1,   // a strict ancestor is a figure
    kInTable = 1 << 2,    // it or an ancestor is a table
    kPeriod = 1 << 3,     // a word directly inside ends with '.'
    kDataCue = 1 << 4,    // table: has th, thead, tfoot, caption, col or colgroup
    kNested = 1 << 5,     // table: holds a table
  };
  struct OpenNode {
    Stats v[2];
    std::uint32_t record;
    std::uint32_t table;  // stack index of the innermost open table (this one included), or kNone
    std::uint32_t bits;
    std::int32_t depth;   // element depth of the start tag
    std::uint16_t rows, cells;
    std::uint16_t spans;  // open span elements directly inside
    Tag tag;
    std::uint8_t flags;
  };
  enum RecordFlag : std::uint16_t {
    kRecRun = 1 << 0,        // text wrapped in a p inside a div
    kRecStripped = 1 << 1,
    kRecPeriod = 1 << 2,
    kRecDataTable = 1 << 3,
    kRecCollapsed0 = 1 << 4,  // a div replaced by its p, per view
    kRecCollapsed1 = 1 << 5,
    kRecCandidate0 = 1 << 6,  // reached by a paragraph, per view
    kRecCandidate1 = 1 << 7,
    kRecClean0W = 1 << 8,     // conditional cleaning removes it: view 0, weights on
    kRecClean1W = 1 << 9,     // view 1, weights on
    kRecClean1N = 1 << 10,    // view 1, weights off
    kRecInFigure = 1 << 11,
  };
  struct Record {
    std::uint32_t parent;
    std::uint32_t first_line, end_line;
    std::uint32_t end_record;  // one past the last record of its subtree
    float sum[2];              // paragraph shares, per view
    float link_density[2];
    std::uint32_t chars[2];
    std::uint32_t bits;
    std::uint16_t children[2];
    std::uint16_t flags;
    Tag tag;
  };
  struct Line {
    std::uint64_t source_begin;
    std::uint64_t source_end;
    std::uint32_t text_end;
    std::uint32_t words;
    std::uint32_t net;
    std::uint32_t chars;
  };
  struct Run {
    std::uint32_t chars, link, commas;
    std::uint32_t first_line;
    bool period;
  };
  struct Attempt {
    bool strip, weights, clean;
  };

  void close_line();
  void end_run();
  void open_node(const Token& token);
  void close_node();
  void add_word(const Token& token, std::string_view text);
  bool inside_skipped_element(const Token& token);
  bool clean_verdict(const OpenNode& node, int view, bool weights) const;
  float paragraph_score(std::uint32_t chars, std::uint32_t commas) const;

  // Selection over the records.
  bool valid(std::uint32_t r, const Attempt& a) const;
  bool collapsed(std::uint32_t r, const Attempt& a) const;
  bool candidate(std::uint32_t r, const Attempt& a) const;
  double score(std::uint32_t r, const Attempt& a) const;
  std::uint32_t parent_of(std::uint32_t r, const Attempt& a) const;
  bool removed(std::uint32_t r, bool top_level, const Attempt& a) const;
  // Chooses the records to write (appended_), returns the characters written.
  std::uint64_t select(const Attempt& a, double* top);
  template <typename Emit>
  void walk_lines(const Attempt& a, Emit&& emit) const;

  ReadabilityParams params_;
  bool ok_ = false;
  ChargedVector<OpenNode> stack_;
  std::uint64_t overflow_ = 0;  // open nodes past max_depth or past the budget
  int skipped_depth_ = -1;      // depth of the noscript or object being skipped, or -1
  Tag skipped_tag_ = Tag::unknown;
  ChargedVector<Record> records_;
  ChargedVector<Line> lines_;
  BoundedText text_;
  bool full_ = false;

  bool run_open_ = false;
  Run run_{};

  bool line_open_ = false;
  std::uint32_t line_block_ = 0;
  std::size_t line_text_begin_ = 0;
  Line line_{};

  ChargedVector<std::uint32_t> appended_;
  int attempt_ = -1;
  double top_score_ = 0;
};

std::unique_ptr<Algorithm> create_readability(MemoryBudget& budget);
std::unique_ptr<Algorithm> create_readability(MemoryBudget& budget, const ReadabilityParams& params);

}  // namespace winnow
