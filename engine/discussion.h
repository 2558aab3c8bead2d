// SPDX-License-Identifier: MIT
// Whether a page is a discussion, read as its blocks close: a forum thread
// or a Hacker-News-style item, whose posts stand under a comment class (the
// comment cue, kSemComment) with no story before them. The default
// extractor reads that cue as absent from such a page's blocks, from the
// first post on, so that the posts are scored as the page's prose
// (engine/default_extractor.h).
//
// Why: the trees learnt the cue from news pages, where it marks the readers'
// comments after a story, and most golds leave those out; on a page whose
// only prose is its posts it leaves the title alone (a Hacker-News-style
// thread: bag F1 0.26, its posts at p 0.04 to 0.2; Invision forums 0.36 to
// 0.74). A stream cannot wait to see whether a story comes, but a story
// comes before its comments, and so does what opens a comment section.
//
// The reading. A page is a discussion when a post comes first: a block
// under the comment cue, no heading and no list's item, of at least
// kPostWords words, four fifths of them outside links, before
//   - any block outside the cue of kStoryWords words or more that the
//     extractor scored p >= 0.5 (the story the comments follow),
//   - any line that announces comments (announces_comments(),
//     engine/interface_label.h: "16 comments:", "{ 43 comments… read them
//     below or add one }"; at most kAnnouncementWords words), as a blog's or
//     a news site's comment section opens, and
//   - more than kShortRepliesAllowed blocks under the cue of kReplyWords
//     words outside links (a blog's short comments before a long one).
// Otherwise it is a story, once one of those comes, and stays one.
//
// A comment set as a list's item is a story's: WordPress lists a post's
// comments in an <ol>, and Yahoo sets readers' comments in a sidebar's list
// before the story in the source (readability-testpages' yahoo-2, read as
// a discussion without this, lost 0.18 held out at one seed of four when
// the fold's model then wrote the comments). A thread's posts are articles,
// divisions or table rows.
//
// Measured at stop 112 (adapters/learn/README.md), in-sample (`winnow-eval
// --algo default`): wcxb-dev-sample's forums 5 pages up, 1 down, no other
// page moves; without the announcement and the replies' count, dragnet
// -0.0012 / -0.0015 (7 pages down: a blog post of a picture or a video whose
// gold is its title and byline, then its comments). The story's gate alone
// is stop 111's reading, which cost dragnet 0.008 (a sidebar's "recent
// comments" before the story, read as the first post).
//
// State: the reading and one counter. Memory: none beyond the object.
// Delay: none of its own; it reads the blocks as they close and the scores
// as they are made, one block behind.
#pragma once

#include <cstdint>
#include <string_view>

#include "engine/block_features.h"

namespace winnow {

class DiscussionReading {
 public:
  static constexpr std::uint32_t kPostWords = 30;
  static constexpr std::uint32_t kStoryWords = 10;
  static constexpr std::uint32_t kAnnouncementWords = 12;
  static constexpr std::uint32_t kReplyWords = 8;
  static constexpr std::uint32_t kShortRepliesAllowed = 2;

  // A block closed, `text` its words as written, before it is scored.
  // Returns true when it is the post that makes the page a discussion.
  bool closed(const BlockStats& block, std::string_view text);
  // A block the extractor scored, with its probability.
  void scored(const BlockStats& block, float probability);

  bool discussion() const { return reading_ == Reading::discussion; }

 private:
  enum class Reading : std::uint8_t { undecided, story, discussion };
  Reading reading_ = Reading::undecided;
  std::uint32_t short_replies_ = 0;
};

}  // namespace winnow
