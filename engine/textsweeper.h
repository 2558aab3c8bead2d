// SPDX-License-Identifier: MIT
// TextSweeper (Lang, Wohlgenannt, Weichselbraun; seed 004): a text-to-tag
// ratio per DOM node on the net text length, the best node and every node
// within a tolerance of it, their common path, a cleanup; streaming with the
// decision at the end of the document.
//
// Formula. Nodes are the block-level elements (tag.h's kTagBlock, without
// the void br and hr); inline elements count towards their block. For a
// node N, with the sums over the words w of its subtree:
//   text_length(N) = f(chars(N)) * sum_w chars(w) * tw(w) * ptw(w)        (seed 004, eq. 1)
//   link_length(N) = the same, over the words that are links
//   ratio(N)       = (text_length - link_length) / (tag_count + node_level)   (eq. 2)
// tw(w) is the layout weight of the word's innermost element and ptw(w) that
// of its parent (h1..h6: 1.5, b and strong: 1.25, others 1: "headings and
// bold text are considered more important"). f(L) = 1 + min(L, 5000)/5000
// is the bias towards long passages; the paper puts it into the text weight
// without a formula. Applied per text run (eq. 1 read literally, f(L) = 1 +
// min(L, 400)/400) it made single long paragraphs win over the article
// around them: seq F1 over dragnet, cleanportaleval and wcxb-dev-sample
// 0.629 per text run, 0.656 without a bias, 0.688 on the node's length
// (README). tag_count counts the node's element and every element inside it
// except inline text elements (a, span, br, b, i, em, strong, font, small,
// sub, sup, code, abbr, ...; counting <a> as well gave 0.667); node_level is
// the number of the node's ancestors.
// Links: words inside <a> or inside an element with an onclick attribute;
// and when the last word of a node is a teaser ending ("...", "…", "»",
// "›", "more" as in "Read more", "weiterlesen"), the node and its parent
// node are link elements: all their text counts as link text.
// Selection: the node B of highest ratio; the relevant nodes R = {N :
// ratio(N) >= tolerance * ratio(B)}; the result is the deepest node holding
// every node of R (their "common path"), minus the nodes inside it that the
// cleanup deletes: those with fewer than min_chars characters (headings
// excepted: their weight says they matter) or whose link_length is more
// than max_link_share of their text_length.
// Page verdict (seed 004's overview detection): the engine's net text
// length of the delivered content against its threshold; the net length
// this algorithm reports leaves out the words it counts as links (anchors,
// onclick, teaser elements).
//
// Online. Node statistics are sums, added to the parent when a node ends.
// ratio(B) only grows as the document goes on, so a node below tolerance *
// ratio(best so far) when it ends is never relevant; the relevant nodes so
// far (at most 64: beyond that, the two lowest-rated become one entry at
// their common ancestor), and the chain of their ancestors, are kept as a
// tree of records (lines they span, parent, depth; a table of 512 from which
// records nothing refers to any more are collected) from which the common
// ancestor is read at the end. The rendered lines of the document are kept in
// a buffer; a node the cleanup deletes is cut from the buffer when it ends,
// unless it holds a node that was relevant when it ended: that one may yet
// be, or hold, the result, so only its line range and depth are noted (up to
// 256 such nodes; later ones are kept), and its lines are left out at the
// end if it lies inside the result. Within those tables the result is the
// offline definition's (tested against an offline reference, also with
// thousands of relevant nodes); past them it can only get wider.
//
// Parameters (TextSweeperParams): tolerance 0.9 (the paper's example),
// min_chars 20, max_link_share 0.5, max_depth 256 nested elements (deeper
// ones count as part of the innermost one kept).
// State: per open element its tag (1 byte); per open node its statistics
// (48 bytes); the tables of records (16 + 4 bytes each), relevant nodes (16)
// and noted deletions (12); the kept lines (32 bytes + their text each).
// Memory bound: 49 max_depth + 14,336 bytes reserved at creation (26.3 KiB),
// plus the lines, which grow with the document's cleaned text and are capped
// by the budget: when they reach it, no more lines are kept, the budget is
// marked exceeded (the extractor stops reading), and the result is chosen
// among the nodes seen, its text cut at the cap.
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

struct TextSweeperParams {
  double tolerance = 0.9;
  std::uint32_t min_chars = 20;
  double max_link_share = 0.5;
  std::uint32_t max_depth = 256;
};

class TextSweeper final : public Algorithm {
 public:
  TextSweeper(MemoryBudget& budget, const TextSweeperParams& params);
  bool ok() const { return nodes_.ok() && tags_.ok() && records_.ok() && remap_.ok() && relevant_.ok() && deferred_.ok(); }

  void on_token(const Token& token, std::string_view text, const TokenStream& stream,
                ContentWriter& out) override;
  void finish(ContentWriter& out) override;

  // After finish(): the ratio of the best node and how many nodes were within
  // the tolerance of it.
  double best_ratio() const { return best_; }
  std::size_t relevant_nodes() const { return relevant_count_; }

  // The method's tables, public so that the tests' offline definition reads
  // the same ones: whether an element counts towards a node's tags (inline
  // text elements do not), and the layout weight of the text inside it.
  static bool counts_as_tag(Tag tag);
  static double layout_weight(Tag tag);

 private:
  static constexpr std::uint32_t kNone = 0xFFFFFFFFu;
  enum NodeFlag : std::uint8_t {
    kLinkElement = 1 << 0,   // a child ended in a teaser: all its text is link text
    kHoldsRelevant = 1 << 1, // it is, or holds, a node relevant when it ended
    kHeadingNode = 1 << 2,
  };
  struct Node {
    double text = 0;   // weighted text length of the subtree
    double link = 0;   // weighted link text length
    std::uint32_t chars = 0;
    std::uint32_t tags = 0;
    std::uint32_t level = 0;
    std::uint32_t first_line = 0;  // lines_.size() when it started
    std::uint32_t text_begin = 0;  // text_.size() when it started
    std::uint32_t record = kNone;
    std::uint8_t flags = 0;
  };
  struct Line {
    std::uint64_t source_begin;
    std::uint64_t source_end;
    std::uint32_t text_end;  // end of its text in text_
    std::uint32_t words;
    std::uint32_t net;       // characters outside links, as ContentWriter counts them
  };
  struct Record {
    std::uint32_t parent;
    std::uint32_t depth;
    std::uint32_t first_line;
    std::uint32_t end_line;  // kNone while the node is open
  };
  struct Relevant {
    double ratio;
    std::uint32_t record;
  };
  struct Range {  // a deleted node that held a relevant one
    std::uint32_t first_line;
    std::uint32_t end_line;
    std::uint32_t depth;
  };

  void close_line();
  void open_node(std::uint32_t level);
  void close_node();
  std::uint32_t record_for(std::size_t index);
  std::uint32_t common_ancestor(std::uint32_t a, std::uint32_t b) const;
  void collect_records();
  void add_relevant(double ratio);

  TextSweeperParams params_;
  BudgetBuffer<Node> nodes_;
  BudgetBuffer<Tag> tags_;  // the open elements, by depth
  std::size_t depth_ = 0;        // open nodes (nodes_[0] is the document)
  std::uint64_t overflow_ = 0;   // open nodes past max_depth

  BoundedText text_;
  ChargedVector<Line> lines_;
  bool full_ = false;
  // Fixed tables, reserved at creation.
  static constexpr std::size_t kRecords = 512;
  static constexpr std::size_t kRelevant = 64;
  static constexpr std::size_t kDeferred = 256;
  BudgetBuffer<Record> records_;
  BudgetBuffer<std::uint32_t> remap_;  // for collect_records()
  std::size_t record_count_ = 0;
  BudgetBuffer<Relevant> relevant_;
  std::size_t relevant_count_ = 0;
  BudgetBuffer<Range> deferred_;
  std::size_t deferred_count_ = 0;

  // The line being read.
  bool line_open_ = false;
  std::uint32_t line_block_ = 0;
  std::size_t line_text_begin_ = 0;
  Line line_{};
  std::uint32_t line_chars_ = 0;
  double line_weighted_ = 0;
  double line_link_ = 0;
  bool last_word_teaser_ = false;

  double best_ = -1;
};

std::unique_ptr<Algorithm> create_textsweeper(MemoryBudget& budget);
std::unique_ptr<Algorithm> create_textsweeper(MemoryBudget& budget, const TextSweeperParams& params);

}  // namespace winnow
