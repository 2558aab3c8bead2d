// SPDX-License-Identifier: MIT
// winnow's default extractor: text blocks classified by boosted trees over
// shallow text features, markup semantics and a three-block window, refined
// by what their containers scored so far, then smoothed by a two-state HMM
// decided with a fixed lag; a block the model is sure of is kept even alone
// (kConfidentMinimum). A block that is only an ad's label, or a language
// switcher's entry, is never written (engine/ad_label.h), whatever the
// smoothing decided; alone between two other blocks it is passed over: no
// neighbour, no step of the smoothing (passed_over_blocks()). So is a short
// block that is only a link, alone between two paragraphs (a related story
// set inside the one being read); it is dropped. A block that is only the
// label of one of the page's controls ("Share", "Click to enlarge",
// "Loading…": engine/interface_label.h), a short share bar or navigation
// bar of links, or a newsletter box's call to subscribe, is read and
// smoothed as any block but never written, so the blocks around it are
// decided as before (is_page_interface()). A kept block that copies a
// run of text already written (the story served twice) is dropped too
// (engine/repeated_text.h). On a story, nothing from the heading of its
// comment section on is written (kCommentSectionMinWords). On a page whose first post under comment markup
// comes before any story (a forum thread, a Hacker-News-style item), the
// comment cue is read as absent from that post on (engine/discussion.h).
//
// Method. Blocks and their features: engine/block_features.h (Kohlschütter
// et al. 2010's shallow text features as seed 002 describes them; seed 003's
// block segmentation, neighbour quotients and id/class cues; the
// HTML5/ARIA/itemprop semantics seed 003 and the literature point to, as
// engine/semantics.h bits). Probability and smoothing: engine/block_labeler.h.
// The trees and weights are learnt by adapters/learn/train_blocks.cpp from the
// development corpus and shipped in engine/default_model.cpp; that program
// also reports the figures cross-validated by package.
//
// Parameters: lag (default 6 blocks); bias on the content log-odds
// (default -1.5, see kDefaultBias; --favor precision: -2.5, recall: -0.5),
// moved by +1.25 on a page whose og:type declares something other than a
// story (kind_bias_shift), by +0.75 on a page whose declared address is
// an overview's (address_bias_shift, engine/page_address.h), and by -0.5
// once the page's article has ended, until a block is kept again
// (engine/article_end.h).
// State: the statistics of the current block and of up to lag + 2 pending
// blocks (one of them may be passed over), each pending block's rendered
// text in its own BoundedText (one slot per block of the ring, kept for the
// next block up to kSlotKeepBytes), the labeler (the smoothing, and on its
// second path the same at kRecallShift more, which says which likely blocks
// are written).
// Memory bound: (lag + 2) * (sizeof(BlockStats) + 16) + kLikelyBlocks * 48
// + RepeatedText::kRemembered * 4 bytes fixed, plus the text of lag + 3 blocks
// (at most kMaxBlockTextBytes each, engine/token.h; a slot holds at most
// kSlotKeepBytes or about 1.5 times its block's text), of
// a headline, its deck and a fallback block (no copy when the fallback is a
// likely block) and at most kLikelyBytes of likely blocks, charged to the
// budget as it grows.
// Output delay: lag + 1 blocks (the block after a block is needed for its
// features, then lag more for the smoothing), lag + 2 for the block before
// one passed over (its next neighbour is the block after that); on a page
// where no block is kept, the likeliest blocks (kLikelyMinimum, at most
// kLikelyBlocks and kLikelyBytes of text; those the recall-leaning smoothing
// keeps first, kRecallShift) and the best block, once, are
// written at the end (one more block buffer and one of kLikelyBytes; on a
// page of at most kTinyPageBlocks blocks, none of them likely, all of them),
// and so are the likely blocks where fewer than kShortOutputWords words were kept; a headline
// dropped before the first block written may be written just before it (a
// kept block, or the first of those written at the end), up to
// kHeadlineReach blocks later, with its deck (two more block buffers). The extra buffers go
// back to the budget once a block is kept, the likely blocks' once
// kShortOutputWords words are. They are optional: taken only if the budget
// has room, and given back (counted as declined) when something the page
// needs (a pending block's text, the parser's memory) would not fit beside
// them and giving them back makes it fit, so a page fits the same budgets as
// without them. (Held text that cannot make the room is kept, as it is once
// the budget is exceeded: the page stops with BudgetExceeded and writes it at
// its end.)
// A short budget shortens the delay rather than stop the page: when the open
// block's text cannot grow with kParserHeadroom to spare, the oldest pending
// blocks are decided before their lag is up (the smoothing's best path so
// far, as at the end of the page), each giving its text back, and if the
// text still cannot grow the open block ends where it is, as at
// kMaxBlockTextBytes. Each such step counts as declined: the decisions may
// differ from a larger budget's. At 64 KiB this took the corpus pages that
// end BudgetExceeded from 40 to 2 (stop 59); none does now from 55 KiB up.
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "engine/algorithm.h"
#include "engine/article_end.h"
#include "engine/block_features.h"
#include "engine/block_labeler.h"
#include "engine/bounded_text.h"
#include "engine/discussion.h"
#include "engine/memory_budget.h"
#include "engine/repeated_text.h"

namespace winnow {

class DefaultExtractor final : public Algorithm, private Reclaimer {
 public:
  static constexpr std::size_t kDefaultLag = 6;
  // Offset of the content log-odds. The training labels and weights leave the
  // model leaning towards recall; one global offset, chosen on the
  // development corpus, calibrates it: among -1, -0.5 and 0 for the linear
  // first stage (bag F1 over all 4,478 pages: 0.863, 0.869, 0.860), and still
  // the best of -1.5, -0.5 and +0.5 with the trees (0.873, 0.886, 0.869; with
  // the stop-15 model and headline recovery 0.883, 0.892, 0.871). Since the
  // likely-blocks fallback, -1 and -0.5 tie on all pages (bag F1 0.893;
  // shingle F1 0.894 and 0.890), and cross-validated by package (stop 19)
  // -1 is better on every news package (daniel +0.025 bag, +0.032 shingle
  // F1; dragnet, cleanportaleval, utomo +0.002 to +0.010) and on
  // readability-testpages (+0.007), worse on wcxb-dev-sample's listings,
  // forums and product pages (-0.030): -1, for articles, the main use.
  // Cross-validated again at stop 22 (six packages' mean bag / shingle F1,
  // margin over Readability.js on the five with its figures): -1 0.8673 /
  // 0.8543, +0.0078 / +0.0014; -1.25 0.8665 / 0.8543, +0.0084 / +0.0030;
  // -1.5 0.8640 / 0.8522; -2 0.8557 / 0.8440. -1.25 is the best margin on
  // both measures (daniel gains, wcxb-dev-sample's listings lose 0.008).
  // -1.5 since stop 51, with overview addresses moved back by
  // address_bias_shift(): see there for the figures.
  // --favor moves it by 1 either way.
  static constexpr float kDefaultBias = -1.5f;
  // The offset moved by what the page says it is (its og:type, read before
  // the body: PageKind): +1.25 for a page that declares itself something
  // other than a story (website, product, video), whose content keeps lists
  // and short items more often than a story's does. The trees see the kind
  // too, but they are fitted to the labels' likelihood, not to F1, so they
  // do not move the threshold. Cross-validated at stop 36 and again at stop
  // 52; the figures are at kind_bias_shift() in default_extractor.cpp.
  static float kind_bias_shift(PageKind kind);
  // The offset moved by what the page's declared address says it is
  // (engine/page_address.h): +0.75 for an overview's address (a home page,
  // a section, a category, a shop). Unlike the kind's shift, it moves the
  // page's whole offset, kConfidentMinimum's rule included, as --favor does.
  // Figures at address_bias_shift() in default_extractor.cpp.
  static float address_bias_shift(AddressShape shape);
  // When no block was kept, the best dropped block that holds a word without
  // a digit is written at the end if its probability reaches this; on a page
  // of one block, whatever its probability.
  static constexpr float kFallbackMinimum = 0.05f;
  // Short pages (one post, one product description) often hold one or two
  // content blocks among boilerplate, and the smoothing keeps no block that
  // is alone. So until a block is kept, the likeliest kLikelyBlocks dropped
  // blocks with at least this probability are held (as far as kLikelyBytes
  // and the budget allow; a likelier block takes the place of the least
  // likely one held); if the page ends with nothing kept, they are written
  // in document order, with the single best block in its place if it is
  // not one of them. A page of at most kTinyPageBlocks blocks, none of them
  // likely, is written whole if its best block reaches kFallbackMinimum: the
  // model cannot tell its content from the rest, and every block is held
  // (within kLikelyBytes) while the page may be that small.
  // The same holds when what was kept is too short to be a page's content
  // (fewer than kShortOutputWords words, a headline or a byline): the likely
  // blocks are held until that much is written, and those after the last
  // block written are written at the end if it never is (spans stay in
  // document order, so those before it are let go when it is written).
  // The minimum, cross-validated by package (train_blocks --no-write, stop
  // 21; six packages' mean bag / shingle F1): 0.5 gives 0.863 / 0.853, 0.4
  // 0.865 / 0.854, 0.3 0.867 / 0.854, 0.2 0.868 / 0.854 but 0.003 lower on
  // dragnet and readability-testpages. Listings and forums gain most
  // (wcxb-dev-sample +0.021 bag F1 from 0.5 to 0.3); a short news item whose
  // one kept block was the whole gold loses precision.
  static constexpr float kLikelyMinimum = 0.3f;
  // Which of the likely blocks are written is decided by a second smoothing
  // of the same probabilities, run alongside the first at an offset
  // kRecallShift higher (where --favor recall puts the first): on a page
  // where it keeps some of the blocks held, only those are written, and of
  // the others those from kUnrecalledMinimum. The likely blocks are those
  // the stricter smoothing dropped; a run of them is more often the page's
  // content than a block alone elsewhere (a Greek site's one news item among
  // its neighbours' items; a blog post followed by a reader's comment and a
  // "follow me" line). The blocks it keeps are held first, whatever their
  // probability (hold_likely()). Measured at stop 80 (train_blocks
  // --no-write: the margin over Readability.js by package, bag / shingle
  // F1): +0.0201 / +0.0176 before; +1 and the minimum 0.5, +0.0211 /
  // +0.0182 (daniel +0.0024 / +0.0010, dragnet +0.0026 / +0.0016, no
  // package down by more than 0.0004); +0.75, +0.0209 / +0.0181; +1 with
  // only the blocks it keeps, +0.0212 / +0.0179, but a page whose one story
  // paragraph stands alone loses it to a run of promotions (utomo -0.0010
  // shingle). In-sample level. adapters/learn/README.md, stop 80.
  static constexpr float kRecallShift = 1.0f;
  static constexpr float kUnrecalledMinimum = 0.5f;
  static constexpr std::uint64_t kShortOutputWords = 60;
  // The places and text for likely blocks. A run the recall-leaning
  // smoothing keeps can be longer than 8 blocks (a forum's posts, a
  // listing's items, a story told in short paragraphs: readability-testpages'
  // dev418 lost its last paragraphs to 8 places). Measured at stop 81
  // (train_blocks --no-write, margin over Readability.js by package, bag /
  // shingle F1): 8 places and 4 KiB +0.0211 / +0.0182, 16 and 8 KiB +0.0214
  // / +0.0185 (wcxb-dev-sample +0.0051 / +0.0029, readability-testpages
  // +0.0011 / +0.0009); 32 places, the margin level (wcxb-dev-sample +0.0039
  // more) for 640 bytes more, which stopped 92 pages at a 55 KiB budget.
  // In-sample, 16 places and 4 KiB gave wcxb-dev-sample 0.0006 less.
  static constexpr std::size_t kLikelyBlocks = 16;
  static constexpr std::size_t kLikelyBytes = 8192;  // of their text, together
  // A page of at most this many blocks may be written whole (see above).
  static constexpr std::size_t kTinyPageBlocks = 8;
  // Headline recovery. An article's headline is one short block, usually
  // followed by bylines, dates and share buttons, so the smoothing drops it
  // (alone among boilerplate it would need p > 0.94, or kConfidentMinimum
  // below). Until the first block is kept, a dropped block that looks like
  // a headline (an h1/h2, or mostly words of the <title>, of at most
  // kHeadlineMaxWords words) with at least this probability is held, and
  // written just before the first kept block if that comes within
  // kHeadlineReach blocks of it; on a page that keeps none, just before the
  // first of the blocks written at its end (likely blocks, the best block),
  // on the same terms (stop 63). Which one is held: takes_headline_place.
  // An h2 right after a held h1 is its deck (is_deck): held as well and
  // written after it, and a first kept block that is the deck does not keep
  // the h1 from heading it (stop 76).
  static constexpr float kHeadlineMinimum = 0.1f;
  static constexpr std::uint64_t kHeadlineReach = 20;
  // A longer heading is a paragraph set in a heading's style (an author's
  // biography in an h2), not a headline. (Before stop 76 the bound held
  // only for blocks of mostly <title> words.)
  static constexpr std::uint64_t kHeadlineMaxWords = 30;
  // A later headline-like block takes the held one's place, since the
  // article's headline follows the site's and the section's names, unless
  // the held one is more than this many times as likely: a box's heading
  // ("Related Stories") set inside the article's column after its headline
  // scores far below it (BBC News: 0.18 against 0.43). Stop 76 measured
  // 1 (the likeliest held), 2 and 3; 2 fixes such pages and moves fewest.
  // Nor does a line wholly of links, no heading, that holds fewer of the
  // <title>'s words than the held block take its place within
  // kHeadlineReach (stop 108): a forum's category and tag line, a story's
  // tag list, made of the title's words, had taken the place of the h1
  // above them; a blog's name in the h1 still gives way to the post's
  // linked title. (A linked line as no headline at all cost dragnet 83
  // pages; the guard without the title's words, 10.)
  static constexpr float kHeldHeadlineAdvantage = 2.0f;
  // A block the model is this sure of is kept whatever its neighbours: the
  // smoothing, whose transitions make a block alone among boilerplate need
  // p > 0.94 with the shipped model, would otherwise drop an article's one
  // paragraph between a menu and a row of share links. --favor moves it with
  // the offset (in log-odds). Measured at stop 47 (bag / shingle F1): by
  // package the margin over Readability.js rises from +0.0114 / +0.0089 to
  // +0.0119 / +0.0093 and no package falls (dragnet +0.0012 / +0.0009);
  // in-sample all pages 0.9154 / 0.9101 -> 0.9158 / 0.9106; 0.8 costs
  // readability-testpages 0.004 by package (a how-to's and a video page's
  // lone teasers), 0.9 gains less (in-sample 0.9158 / 0.9105).
  static constexpr float kConfidentMinimum = 0.85f;
  // A story's comment section: once a block that heads one
  // (heads_comment_section(): "Comments", "45 comments", "Leave a Reply",
  // "Комментарии"; engine/interface_label.h) is reached with at least this
  // many words written before it, on a page that does not declare itself
  // something other than a story (PageKind::other: a Q&A site's or a
  // forum's "website", whose answers follow "6 Comments") and is not read
  // as a discussion (engine/discussion.h), nothing from that block on is
  // written. Readers' comments are prose, and a blog theme sets them under
  // no class that says so (Movable Type: a post, "Comments", then each
  // comment and its "Posted by: Ellen at September 10, 2012 11:40 AM"), so
  // the trees keep them at p 0.8 to 0.98 and the article's end
  // (engine/article_end.h) never comes: no block is dropped between them.
  // The heading is decided when every block before it is, so the words
  // written are the story's; a count link above the story ("Comments (7)"
  // beside the byline) comes before them. A heading element (h1 to h6) that
  // holds no link is the section's own, not a link to it nor a tab of the
  // story's counters (RIA Novosti's "Материал Мультимедиа: 1 Контекст: 1
  // Комментарии: 0" under its headline), and ends a shorter post too (a
  // fashion blog's photos and a few lines, then "119 Comments"): from
  // kUnlinkedCommentHeadingMinWords. Held out at seed 0 (stop 115): 300
  // for every heading, dragnet +0.0045 / +0.0031 and no page down; 150,
  // a 2008 story's "Comments" link under its deck ended it (utomo -0.0008);
  // 500, eight dragnet pages kept their comments; 100 for unlinked headings
  // besides (any block that holds none), dragnet +0.0016 / +0.0011 more, 8
  // pages up, none down; 50, +0.0009 / +0.0006 more again, 4 up, none down,
  // but in-sample six RIA Novosti pages lost their story to the counters'
  // tab, which only a heading element rules out.
  static constexpr std::uint64_t kCommentSectionMinWords = 300;
  static constexpr std::uint64_t kUnlinkedCommentHeadingMinWords = 50;
  // Inside what the page declares the text of a creative work (schema.org's
  // itemprop="text", kSemDeclaredText: a forum post's, an answer's, a
  // comment's body; some blog themes put it on the post's body), the
  // model's own majority decides a lone block: p >= kDeclaredTextMinimum,
  // moved with the offset as kConfidentMinimum is, unless the block is under
  // a cue of another part of the page or a byline's (an author box at the
  // end of a post's declared body: "About Jude Terror …", p 0.76). A forum thread sets each
  // post between its author's name, its date and its buttons, short blocks
  // the trees drop, and the smoothing dropped the posts with them (a
  // NodeBB thread kept none of its posts at p 0.62 to 0.81). Measured at
  // stop 110, in-sample (`winnow-eval --algo default`): wcxb-dev-sample
  // +0.0041 / +0.0050, 21 pages up and 4 down (golds that leave some
  // replies out), the other packages untouched (no page of theirs declares
  // such text but two blog posts of utomo-big9-chaos, whose theme declares
  // the post's body so; without the cues' exception their author boxes
  // were written, -0.0003). Lower minimums gain
  // more on the forums (0.3: +0.0050 / +0.0062, 0.2: +0.0055 / +0.0067)
  // but trust a block the model calls boilerplate; on itemprop="articleBody"
  // too (0.5), dragnet -0.0005 and utomo -0.0015: a news body's boxes.
  static constexpr float kDeclaredTextMinimum = 0.5f;
  // The offset kConfidentMinimum was measured at: at another offset the
  // minimum moves against it in log-odds.
  static constexpr float kConfidentOffset = -1.25f;

  // A display formula is content: a block of at least kFormulaMinWords words,
  // every one inside a MathML <math> element (kSemFormula), scores at least
  // kFormulaMinimum. Pages write formulas only in their text, but the trees
  // have seen a handful: a formula's words are one letter, digit or operator
  // each, without sentences or commas, as a menu's numbers are (MathJax's
  // sample page: p 0.11 to 0.49 for its seven display formulas, all dropped,
  // and the headings between them with them). The raised score reaches the
  // smoothing, so a short heading between two formulas is kept with them.
  // Stop 91, by package: that page 0.384 -> 0.945 bag F1, no other moves,
  // margin over Readability.js +0.0227 / +0.0196 -> +0.0235 / +0.0201.
  static bool is_display_formula(const BlockStats& stats);
  static constexpr std::uint32_t kFormulaMinWords = 3;
  static constexpr float kFormulaMinimum = 0.95f;

  // A pending block's text grows from kSlotStep bytes, and a slot that grew
  // past kSlotKeepBytes for a long block gives that memory back before the
  // next block: the lag + 3 slots hold what their blocks need, not the
  // longest block's size each (at 64 KiB, slots had held 10-13 KB for 1-3 KB
  // of text at the pages' edge of the budget).
  static constexpr std::size_t kSlotStep = 256;
  static constexpr std::size_t kSlotKeepBytes = 2048;
  // The early decisions keep this much of the budget free besides the open
  // block's growth: libxml2 allocates as it parses (a copy of each error's
  // message, its buffers) and cannot be refused, so pending text that left
  // it no room stopped the page. The free bytes are counted when a block's
  // text grows, and one call into the parser can allocate several times
  // before the next growth, so the room kept is more than any one of its
  // allocations. All pages (winnow-eval --algo default --memory-budget B),
  // at 56, 60 and 64 KiB: 0 bytes stopped 1,834, 77 and 3 (stop 59); 1024
  // stopped 164, 4 and 2 (stop 59), then 15, 1 and 0 (stop 60's guard);
  // 2048 stops none, nor at 55 KiB (21 with 1024). The default budget's
  // output is the same on every page with each.
  static constexpr std::size_t kParserHeadroom = 2048;

  // Whether a block is never written, whatever the smoothing decides: it is
  // only an ad's label (engine/ad_label.h), or every word of it is a link to
  // the page in another language (kSemLanguageLink: a language switcher's
  // entry, which a page that declares itself no story keeps beside its title
  // under the kind's shift; Wikipedia's articles are og:type "website"), or
  // every word of it is inside a <button>, a <textarea> or a <label> and it
  // is no heading (kSemControl: the page's interface, a newsletter box's
  // "Sign up" or a "Listen to this article" between two paragraphs, kept by
  // the smoothing whatever its score; a heading so set is an accordion's
  // header; stop 103), or it is a notice that scripts are off
  // inside a <noscript> (engine/script_notice.h, stop 103).
  static bool never_written(const BlockStats& stats, std::string_view text);
  // Which blocks of a page the extractor passes over, given which are never
  // written; `lag` is the smoothing's. Such a block alone between two others
  // (an ad's label between two paragraphs of the story) would otherwise be
  // each one's neighbour in the features, lowering both, and a step of the
  // smoothing, which then keeps or drops the paragraph after it with the
  // label: it is read as if it were not there, and decided as dropped (score
  // 0) right after the block before it. A run of two or more, and a block
  // ending the page, are read as any other block (still never written): a
  // run can be as long as the page (Wikipedia's 51 languages) and the ring
  // holds lag + 3 blocks, one more than the lag needs: for the same reason
  // one within lag + 3 blocks of the last one passed over is not. The run
  // time decides this block by block; train_blocks --leave-out-passed-over
  // leaves the same blocks out of a whole page with this function (the
  // shipped model was trained with them: adapters/learn/README.md, stop 75).
  //
  // A short block that is only a link (is_link_aside(): a related story's
  // title set between two paragraphs of the one being read, as CNN does) is
  // passed over, and so dropped, when the blocks before and after it are
  // paragraphs: neither never written nor such a link, and of at least
  // kAsideNeighbourMinWords words each. Elsewhere (in a menu, a list of
  // links, a page that is one link) it is read as any other block. Stop
  // 83: margin by package +0.0002 / +0.0002, no package lower by more than
  // 0.0001 (adapters/learn/README.md).
  struct PassOverFacts {
    static PassOverFacts of(const BlockStats& stats, std::string_view text);
    bool never_written = false;
    bool link_aside = false;  // is_link_aside()
    std::uint32_t words = 0;
  };
  static std::vector<bool> passed_over_blocks(const std::vector<PassOverFacts>& blocks, std::size_t lag);
  static bool is_link_aside(const BlockStats& stats);
  static constexpr std::uint32_t kAsideLinkMaxWords = 8;
  static constexpr std::uint32_t kAsideNeighbourMinWords = 25;

  // Whether a block is part of the page's interface and so never written,
  // though read, scored and smoothed as any block (stop 107): it is only the
  // label of one of the page's controls (engine/interface_label.h: "Share",
  // "Click to enlarge", "Loading…"), or a share bar, a block of at most
  // kShareBarMaxWords words, no heading, every word in a link, inside an
  // element whose class or id says share, social, follow or print
  // (kSemShare: "Share on Facebook Share on X Copy link", a row of
  // networks' names). Unlike a never-written block it is never passed over:
  // the shipped model was trained with such blocks as neighbours, and
  // without them the smoothing decides the blocks around a share bar
  // differently, both ways; read in place, every other block is decided as
  // before and only the bar's own line goes. The cap: at 16 words a CNN
  // page's "Related: …" link, under such a class, would go too, which its
  // gold keeps. Or it is a subscribe box's text (stop 108): at most
  // kSubscribeBoxMaxWords words, not all of them in links, inside an element
  // whose class or id says subscribe, newsletter, signup, login, cookie,
  // modal or paywall (kSemSubscribe), that asks the reader to subscribe
  // (asks_to_subscribe(): "Subscribe for free to receive new posts", "The
  // day's news in your inbox"). Both are asked: the cue alone would take a
  // story's link styled as a "popup" (readability-testpages' clean-links),
  // or a cookie policy page's own text; the words alone, a story about
  // subscribers. A link alone is left to the model ("Subscribe" is a
  // button's or a menu's). Or it is a navigation bar (stop 108): at most
  // kNavigationBarMaxWords words, no heading, every word in a link or a
  // separator between links ("|", "·": BlockStats::unlinked_separators), inside
  // a <nav>, role="navigation" or an element whose class or id says nav,
  // menu, breadcrumb, pagination or toc (kSemNavigation): a wiki's tabs
  // ("Article Talk Read Edit"), which the smoothing keeps on a page
  // declared something else, a listing's pager, a table of contents' entry.
  // Or every word of it is in a link styled as a button (kSemButtonLink,
  // stop 110) and it is no heading: a call to action between two sections
  // ("Get started", "Download the free guide"). Read in place, unlike a
  // <button>'s label (never_written): its features are the block's as
  // before, so the shipped model's reading of the page is unchanged. Or,
  // no heading, it asks the reader to follow the site or its author on a
  // social network (asks_to_follow(), stop 113: "Follow me on Twitter.
  // Subscribe to new posts via RSS", "Присоединяйтесь к нам на Facebook"),
  // a line that closes a story under no class that says so, or it is a
  // blog engine's footer to a post (is_post_footer(): "This entry was
  // posted on …"), a site's service line under a story
  // (is_reader_service_line(): "Rate this article", "To contact the reporter
  // on this story: …"), its tag line (is_tag_line(): "Tags: …"), a Chinese
  // portal's credit to its editor (is_editor_credit(): "（責任編輯：趙晗）")
  // or a text-size control (is_text_size_control(): "Text Size", "字號 大 中
  // 小"). Or every word of it is inside a social network's embedded post
  // (kSemEmbeddedPost, stop 117: an embedded tweet's text and its "— Name
  // (@handle) March 5, 2017" signature), another author's post the story
  // quotes, which the golds of stories leave out (121 of 132 such kept
  // blocks held out at seed 0). Or, no heading, it is a photograph's credit
  // (engine/photo_credit.h, stop 117: "Stanley Chou/Getty Images", "Image
  // copyright AFP").
  // It is asked when the block is decided, and only of a block that would
  // otherwise be written, now or at the page's end (kept, or held as a
  // headline, likely or fallback block): it reads the text a dozen ways,
  // and most blocks are dropped without it (stop 118: it had cost the
  // default 9 % of its instructions on every block).
  static bool is_page_interface(const BlockStats& stats, std::string_view text);
  static constexpr std::uint32_t kShareBarMaxWords = 12;
  static constexpr std::uint32_t kNavigationBarMaxWords = 12;
  static constexpr std::uint32_t kSubscribeBoxMaxWords = 40;

  DefaultExtractor(MemoryBudget& budget, const BlockModel& model, std::size_t lag, float bias);
  ~DefaultExtractor() override;
  DefaultExtractor(const DefaultExtractor&) = delete;
  DefaultExtractor& operator=(const DefaultExtractor&) = delete;
  bool ok() const;

  void on_token(const Token& token, std::string_view text, const TokenStream& stream,
                ContentWriter& out) override;
  void finish(ContentWriter& out) override;

 private:
  struct Pending {
    BlockStats stats;
    float probability = 0;
    bool never_written = false;
    bool link_aside = false;   // is_link_aside()
    bool passed_over = false;  // decided as dropped without a score
    bool heads_comments = false;  // heads_comment_section()
  };
  static_assert(sizeof(Pending) <= sizeof(BlockStats) + 16, "the memory bound above counts 16 bytes a block");
  // What writing a block the page sets aside needs of its BlockStats, and
  // what telling a headline and its deck needs: the headline, its deck, the
  // fallback and every likely block hold this rather than a whole BlockStats.
  struct HeldFacts {
    static HeldFacts of(const BlockStats& stats, float probability);
    std::uint64_t index = 0;
    SourceSpan span;
    std::uint32_t words = 0;
    std::uint32_t net = 0;  // net_length()
    float probability = 0;
    std::uint8_t heading_level = 0;
    bool headline_like = false;  // looks_like_headline()
    std::uint16_t title_words = 0;  // BlockStats::title_words, at most 65535 (it fits the padding)
  };
  // A dropped block set aside to be written before the first block the
  // page writes (the headline, its deck), its text charged to the budget.
  struct HeldBlock {
    explicit HeldBlock(MemoryBudget& budget) : text(budget) {}
    // Holds the block if the budget has room for its text; if not, keeps
    // what it held.
    bool try_hold(const HeldFacts& block, std::string_view block_text);
    void let_go();
    bool held = false;
    HeldFacts facts;
    BoundedText text;
  };
  std::size_t slot(std::uint64_t seq) const { return static_cast<std::size_t>(seq % slots_); }
  void open_block(std::uint32_t block_id);
  // Whether the open block's text can grow to `needed` bytes, once held
  // text is given back and pending blocks are decided early if it must.
  bool make_room_for(std::size_t needed, ContentWriter& out);
  void close_block(ContentWriter& out);
  // Scores block seq, whose next neighbour is block `next` (none: `seq`).
  void score(std::uint64_t seq, std::uint64_t next, ContentWriter& out);
  // The block before `seq` that is not passed over, if it is still pending.
  bool previous_of(std::uint64_t seq, std::uint64_t* previous) const;
  // Whether the block just closed may be passed over if the next block lets
  // it (passed_over_blocks()'s rule; passes_before(), passes_after()).
  bool may_pass_over(std::uint64_t seq) const;
  // The two halves of passed_over_blocks()'s rule for one block: what the
  // block before it (none for the page's first) and the block after it must
  // be.
  static bool passes_before(const PassOverFacts* before, const PassOverFacts& block);
  static bool passes_after(const PassOverFacts& block, const PassOverFacts& after);
  PassOverFacts pass_over_facts(std::uint64_t seq) const;
  // Decides the oldest block the smoothing saw (`content`: its label;
  // `recalled`: the recall-leaning smoothing's), and the passed-over blocks
  // before and after it.
  void emit_oldest(bool content, bool recalled, ContentWriter& out);
  void emit_decided(bool content, bool recalled, ContentWriter& out);
  // Decides the passed-over blocks at the front of the ring, as dropped.
  void emit_passed_over(ContentWriter& out);
  // Writes a block as content: its decision, then its text.
  void write_content(const HeldFacts& block, std::string_view text, ContentWriter& out);
  void write_content(const HeldFacts& block, std::string_view text, std::uint32_t fingerprint, ContentWriter& out);
  // Whether the oldest pending block, which the smoothing kept, copies a run
  // of what was written (engine/repeated_text.h); the block after it is the
  // next pending one not passed over.
  bool copies_written_run(std::uint32_t fingerprint, const BlockStats& stats);
  // Characters and words outside links, as ContentWriter::write_rendered
  // counts them.
  static std::uint32_t net_length(const BlockStats& stats);
  bool heads(const HeldFacts& first) const;
  void write_headline(ContentWriter& out);
  void write_fallback(ContentWriter& out);
  void write_likely(ContentWriter& out);
  // Whether the block is now held.
  bool hold_likely(const HeldFacts& block, bool recalled, std::string_view text);
  void drop_likely(std::size_t i);
  // Where the i-th likely block's text starts in likely_text_, and the text.
  std::size_t held_text_begin(std::size_t i) const { return i == 0 ? 0 : likely_[i - 1].text_end; }
  std::string_view held_text(std::size_t i) const {
    return likely_text_.view().substr(held_text_begin(i), likely_[i].text_end - held_text_begin(i));
  }
  // Lets go of the held blocks under kLikelyMinimum that the recall-leaning
  // smoothing did not keep (see kLikelyBlocks).
  void drop_unlikely();
  // If the recall-leaning smoothing kept any block held, lets go of those it
  // did not keep under kUnrecalledMinimum (see kRecallShift).
  void drop_unrecalled();
  // Lets go of the i-th held block; if it is the fallback, the fallback keeps
  // its own copy of the text.
  void drop_held_likely(std::size_t i);
  bool holds_likely_block() const;
  // Whether the page has at most kTinyPageBlocks blocks so far.
  bool may_be_tiny() const { return end_ <= kTinyPageBlocks; }
  static bool looks_like_headline(const BlockStats& stats);
  // Whether a headline-like block (its index and P(content)) takes the place
  // of the one held (kHeldHeadlineAdvantage); any does once the held one is
  // out of reach of the blocks still to come.
  static bool takes_headline_place(std::uint64_t index, float probability, std::uint64_t held_index,
                                   float held_probability);
  // Whether the block is the held h1's deck (a subtitle, a standfirst): an
  // h2 right after it, held and written with it rather than in its place.
  bool is_deck(const HeldFacts& block) const;
  void hold_headline(const HeldFacts& block, std::string_view text);
  // The held text (the fallback block's copy, then the likely blocks, then
  // the deck and the headline) goes back to the budget when a required
  // charge would not fit and giving it back makes the room, except while it
  // is being written.
  void reclaim(std::size_t wanted) override;

  MemoryBudget& budget_;
  const BlockModel& model_;
  std::size_t slots_;
  // kConfidentMinimum moved against the offset in log-odds: a block is kept
  // alone when logit(p) + offset - kConfidentOffset >= logit(kConfidentMinimum),
  // the offset being the bias plus the page's address_bias_shift(); this is
  // logit(kConfidentMinimum) + kConfidentOffset - bias.
  float confident_log_odds_;
  // The same for kDeclaredTextMinimum.
  float declared_text_log_odds_;
  bool confident(const BlockStats& stats, float probability) const;
  // The smoothing, and on its second path the same at kRecallShift more:
  // which likely blocks are written.
  BlockLabeler labeler_;
  ContainerMemory containers_;
  BudgetBuffer<Pending> pending_;
  BudgetBuffer<BoundedText> texts_;
  std::uint64_t begin_ = 0;   // oldest block not yet written
  std::uint64_t scored_ = 0;  // blocks whose probability is known, or that are passed over
  // The last block closed is never written and waits for the next block to
  // say whether it is passed over (may_pass_over()).
  bool pass_over_candidate_ = false;
  std::uint64_t last_passed_over_ = 0;
  bool passed_any_ = false;
  // On a page read as a discussion the comment cue is read as absent from
  // the first post on (engine/discussion.h).
  void note_discussion(std::uint64_t closed);
  DiscussionReading discussion_;
  std::uint64_t end_ = 0;     // blocks closed so far
  bool open_ = false;         // the current block (seq end_) has words
  std::uint32_t block_id_ = 0;
  std::uint32_t tags_since_word_ = 0;
  LetterPair letters_;  // the open block's latest letter, for its title lookups
  bool wrote_any_ = false;
  std::uint64_t words_written_ = 0;
  ArticleEnd article_end_;  // whether the page's article has ended (engine/article_end.h)
  // Whether the story's comment section has begun (kCommentSectionMinWords):
  // nothing is written from its heading on. (A flag, not the heading's
  // index: it fits the padding, and the fixed state, charged to the budget,
  // stays as it was.)
  bool in_comment_section_ = false;
  RepeatedText repeated_;   // the texts written, to tell a copy of them (engine/repeated_text.h)
  HeldFacts fallback_{0, {}, 0, 0, -1.0f, 0, false};  // probability -1: none
  BoundedText fallback_text_;
  bool fallback_in_likely_ = false;  // its text is the likely blocks', not fallback_text_'s
  // A likely block's place; twice as many places as the 8 that held a whole
  // BlockStats each cost less.
  struct Likely {
    HeldFacts facts;
    bool recalled = false;        // kept by the recall-leaning smoothing
    std::uint32_t text_end = 0;   // where its text ends in likely_text_ (kLikelyBytes at most)
  };
  // Which of two held blocks stays when one must give way (hold_likely()).
  static bool stronger(const Likely& a, const Likely& b);
  static_assert(sizeof(Likely) <= 48, "the memory bound above counts 48 bytes a place");
  static_assert(kLikelyBytes <= UINT32_MAX, "a place's text_end is 32 bits");
  Likely likely_[kLikelyBlocks];
  std::size_t likely_count_ = 0;
  BoundedText likely_text_;
  HeldBlock headline_;
  HeldBlock deck_;  // held only with the headline
  bool writing_held_ = false;  // held text is being read: nothing is reclaimed
};

std::unique_ptr<Algorithm> create_default_extractor(MemoryBudget& budget);
std::unique_ptr<Algorithm> create_default_extractor_favoring_precision(MemoryBudget& budget);
std::unique_ptr<Algorithm> create_default_extractor_favoring_recall(MemoryBudget& budget);

}  // namespace winnow
