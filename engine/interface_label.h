// SPDX-License-Identifier: MIT
// The label of one of the page's own controls or placeholders, set as a block
// of its own: a share button ("Share", "Tweet", "Share on Facebook"), an
// image's or a quote's expander ("Click to enlarge", "Click to expand…"), a
// wiki section's "[edit]" link, a placeholder for what scripts load later
// ("Loading…"), an ad network's "AdChoices", a question-and-answer site's
// row under each post ("Share Improve this answer Follow", "Add a
// comment"), a skip link, a shop's or a listing's buttons ("Add to cart",
// "Shop now", "View all", "Filters") and the headings of its boxes
// ("Recently viewed", "Recommended for you"). Such a block is never written
// by the default extractor, but, unlike an ad's label (engine/ad_label.h),
// it is read as any other block: it stays the neighbour of the blocks around
// it and a step of the smoothing, so every other block of the page is
// decided as before and only the label's own line is left out
// (DefaultExtractor::is_page_interface, which adds share bars).
//
// Why not pass it over as an ad's label is: the shipped model was trained
// with these blocks in place, and between a byline and a story's first
// paragraph, where share buttons sit, taking one out changes what the
// smoothing keeps around it, both ways (stop 107, in-sample: 119 pages
// moved, 48 down, dragnet's T17 by −0.27 shingle F1). Left in place and
// only not written, 66 pages move, one down, whose gold keeps "Enlarge
// image"; held out by package every package is level within 0.0001
// (adapters/learn/README.md).
//
// The labels are what any reader takes for the page's interface, in several
// languages. A single word ("Share", "Edit", "Loading") is one only outside
// a heading, where documentation may name a section so; a phrase ("Share
// this", "Click to enlarge") anywhere. Words that may also be content are
// left out: "Print" (a print edition, a product's print), "Email" and a
// network's name alone (a contact table's heading, a "find us on" list some
// golds keep), "Shares" and "Close" (a table's column), "Comments" and
// "Reply" (a comment thread's heading, which some golds keep), "Read more"
// and "Learn more" (a teaser's link, which a listing's gold keeps).
//
// A reaction counter ("2 Likes", "17 comments") counts as such a label
// too; and asks_to_subscribe() below tells a newsletter box's call, which
// DefaultExtractor::is_page_interface does not write either (stop 108), as
// it does not write a call to follow the site on a social network
// (asks_to_follow()), a blog engine's footer to a post (is_post_footer()),
// a text-size control (is_text_size_control(); stop 113), a site's
// service line under a story (is_reader_service_line(); stop 116) or its
// tag line (is_tag_line(); stop 116). A position count ("1 of 7",
// is_position_count()) is such a label as well (stop 117).
//
// Matching: engine/label_text.h. Memory: none; no state.
#pragma once

#include <string_view>

namespace winnow {

// Whether `text`, one block's words (as the writers render it, the block
// marker and line break markers allowed), is only such a label; `heading`:
// the block is a heading.
bool is_interface_label(std::string_view text, bool heading);

// Whether `text` is only a reaction counter: a count and what it counts,
// in either order ("2 Likes", "17 comments", "1.2k views", "5 min read", "Comments: 17",
// "Комментарии (0)"; the nouns in eight languages besides English), as a
// forum post's or a story's footer shows it. is_interface_label() asks it of blocks that
// are no heading (a thread's "17 comments" heading is left to the model).
bool is_reaction_count(std::string_view text);

// Whether `text` is only a position count: where the reader is in a
// slideshow or a list of results ("1 of 7", "1–30 of 338 products",
// "Showing 1 - 12 of 45 results"): a number or a range of numbers, "of", a
// number, and at most two words after it, none with a digit, at most
// kMaxLabelBytes bytes. A gallery's counter or a shop's results line, the
// page's controls; no gold of the development corpus keeps one (0 of the
// 337 such blocks held out at stop 116's seed 0). is_interface_label() asks
// it of blocks that are no heading.
bool is_position_count(std::string_view text);

// Whether `text` announces a story's comments: a count and a word for
// comments or responses, the count first ("16 comments:", "{ 43 comments…
// read them below or add one }", "107 Responses to "Alien Surface"", "5
// thoughts on …") or the word first ("Comments (5)", "Комментарии: 3"), in
// a line of at most kMaxLabelBytes bytes. A thread's "5 replies" is no such
// line: a forum heads its posts with it (engine/discussion.h, which this
// tells a story's comment section from).
bool announces_comments(std::string_view text);

// Whether `text` heads a story's comment section: a line that announces its
// comments (announces_comments()) or is only the section's heading, with or
// without a count ("Comments", "Reader comments 97", "Leave a Reply", "Post
// a Comment", "Комментарии", "Komentarze", "网友评论"), or the line an empty
// or closed section shows ("No comments yet", "Comments are closed."). Not
// "Comment" alone (a paper's opinion section) nor "Discussion".
bool heads_comment_section(std::string_view text);

// Whether `text` asks the reader to subscribe or sign up: its first 512
// bytes hold one of a few call words, in any case ("subscri", "sign up",
// "newsletter", "inbox"; "abonn", "suscri", "iscriviti", "подпиш", "订阅",
// "購読", "구독"). A
// newsletter box set inside a story ("Thanks for reading! Subscribe for free
// to receive new posts", "The day's news in your inbox") sits under a class
// that says so, and inside the story's element too, so the trees, seeing an
// article cue, may keep it; DefaultExtractor::is_page_interface asks both,
// the cue and the words. Memory: a 512-byte stack copy; no state.
bool asks_to_subscribe(std::string_view text);

// Whether `text`, of at most kFollowCallBytes bytes, asks the reader to
// follow the site or its author on a social network, and names one: it
// opens with the call, after a lead-in of a few words and a comma at most
// ("Follow us on Twitter", "Join me on TikTok: @…", "For NDTV Updates,
// follow us on Twitter or join us on Facebook", "Присоединяйтесь к нам на
// Facebook, Twitter, В контакте", "Ακολουθήστε μας στο Facebook"; in eight
// languages besides English), or, in Chinese, anywhere it invites the
// reader to follow "us" or like "our page" ("快點到Facebook Like我們的專頁").
// Such a line closes a story on news sites and blogs alike, and no gold of
// the corpus keeps it; a story's own sentence about following someone does
// not open with the call ("If you follow me on Twitter, you'll see …"), and
// one that opens with it but names no network is an invitation ("Join us
// for our free webinar"). DefaultExtractor::is_page_interface reads the
// words alone, as no class marks such a line. Memory: a kFollowCallBytes
// stack copy; no state.
constexpr std::size_t kFollowCallBytes = 512;
bool asks_to_follow(std::string_view text);

// Whether `text` is a text-size control, alone or in a row of an article's
// tools: a label for the text's size ("Text size", "Font size", "Resize", "字号",
// "調整字體", "Размер шрифта", "Μέγεθος κειμένου", "Rozmiar czcionki",
// "Schriftgröße", "Taille du texte", "Tamaño de letra"), the sizes as one
// mark each ("A", "T", "大 中 小"), and the tools beside it ("Send",
// "Print", "Share it", and the same in the other languages), nothing else,
// at most kMaxLabelRowBytes bytes (engine/label_text.h): "Text Size", "RESIZE: A A A",
// "【字號 大 中 小 】", "Αποστολή Εκτύπωση Μέγεθος κειμένου Μοιραστείτε
// το:". A print or send button alone is left to the model ("Print" may be
// a print edition); beside a text-size control it is a tool. Memory: the
// label matching's stack copies; no state.
bool is_text_size_control(std::string_view text);

// Whether `text`, of at most kFollowCallBytes bytes, is a line a site sets
// under each story or post to serve its readers:
//   - a request to rate the story, as it opens ("Rate this article",
//     "Оцените, пожалуйста, статью. Нам важно Ваше мнение.", "Oceń
//     artykuł");
//   - whom to write to about it, as a wire's footer gives them ("To contact
//     the reporter on this story: … at …@….net");
//   - the story's permanent address ("Постоянный адрес новости: www.…",
//     "Permalink: …");
//   - what a reader must do to comment, as forum and blog engines prompt
//     ("Create an account or sign in to comment", "Already have an account?
//     Sign in here.", "You must be logged in to post a comment.");
//   - that the site uses cookies, as a consent banner set in the page's
//     text says ("We use cookies to improve your experience … For more
//     information visit our privacy policy.", "Мы используем файлы cookie
//     …"), only with the banner's call to accept or choose or its pointer to
//     the site's policy (a cookie policy's own text opens so too);
//   - a request to report a typo by the keys ("Если заметили в тексте
//     опечатку, выделите ее и нажмите Ctrl+Enter");
//   - in Chinese, how to subscribe to the site's news by text message
//     ("订阅东北新闻报，移动发1到10658303 联通发…").
// The openings in any case, in English, Russian, Polish, German, French,
// Spanish or Greek. Memory: a 64-byte stack copy, and for a cookie notice a
// kFollowCallBytes one; no state.
bool is_reader_service_line(std::string_view text);

// Whether `text`, of at most kFollowCallBytes bytes, is a story's tag line:
// it opens with a label of the site's index of its stories and a colon —
// "Tags: fiscal cliff, immigration, taxes", "Categories: Law, Politics",
// "Keywords: …", "Теги: …", "Tagi: …", "Ετικέτες: …", "标签：…" (in eight
// languages; in any case). The site's index, not the story's text: the
// golds leave it out (held out at stop 116, 23 kept outside a gold against
// one inside). Not "Topic:" (a forum thread's title line), "Category:" or
// "Filed under" (a post's heading line, which golds keep). Memory: a 40-byte
// stack copy; no state.
bool is_tag_line(std::string_view text);

// Whether `text`, of at most kFollowCallBytes bytes, is a blog engine's
// footer to a post, as WordPress's and Movable Type's templates word it:
// it opens with "This entry was posted …" ("… on Monday, January 9th, 2012
// at 4:05 pm and is filed under News"; "… in Lenses. Bookmark the
// permalink."), "This entry was filed under", "You can follow any
// responses to this entry through the RSS 2.0 feed", "Bookmark the
// permalink" or "TrackBack URL for this entry: …", in any case, or "This
// entry was written by …" (a theme's "… by Ann, posted on 10/18/2012 at
// 12:22 pm."); or it opens with the post's date or author ("Posted on …",
// "Posted by …", "This was written by …") and holds one of the engines'
// own sentences, as they print
// them: "… entry was posted in", "… the permalink", "… any responses to
// this entry" ("Posted on August 9, 2012 by Ann. This entry was posted in
// News. Bookmark the permalink."). The engines print it after every post,
// whatever the theme's classes say. Not
// "Filed under …" or "Posted in News | 3 Comments" alone: a post's heading
// line says so too, and golds keep it (dragnet's T12, T56).
// Memory: a 64-byte stack copy; no state.
bool is_post_footer(std::string_view text);

}  // namespace winnow
