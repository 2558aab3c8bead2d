// SPDX-License-Identifier: MIT
// The labels of a page's own controls and placeholders, and the words that
// look like them but may be content.
#include "engine/interface_label.h"

#include <gtest/gtest.h>

#include <string>

namespace winnow {
namespace {

TEST(InterfaceLabel, SharingExpandingEditingAndLoadingLabels) {
  for (const char* text : {"Share", "SHARE", "Share|", "Tweet", "Share this:", "Share this article",
                           "Share on Facebook", "Share on X", "Copy link", "Like this:", "Print this page",
                           "Click to expand...", "Click to enlarge", "Listen to this article", "↑ Back to top",
                           "[edit]", "[ edit source ]", "Loading…", "Loading...", "Loading map…", "Loading video", "AdChoices",
                           "Why you're seeing this ad", "Why you’re seeing this ad", "Teilen", "Partager",
                           "Compartir", "Udostępnij", "Поделиться", "Κοινοποίηση", "分享", "加载中…", "Загрузка...",
                           "Reprints", "Reprints & Permissions", "View gallery", "Translate this blog",
                           "分享到：", "Share via", "新聞速報"})
    EXPECT_TRUE(is_interface_label(text, false)) << text;
}

// A feedback widget asks its question of the page, in a paragraph or a
// heading, with its Yes and No buttons beside it; a recipe plugin links to
// its card from above the story.
TEST(InterfaceLabel, FeedbackQuestionsAndJumpLinks) {
  for (const char* text : {"Was this page helpful?", "Was this article helpful?", "Was this helpful?",
                           "Did you find this article helpful?", "War diese Seite hilfreich?",
                           "Cette page vous a-t-elle été utile ?", "¿Te ha resultado útil esta página?",
                           "Jump to Recipe", "↓ Skip to Recipe"}) {
    EXPECT_TRUE(is_interface_label(text, false)) << text;
    EXPECT_TRUE(is_interface_label(text, true)) << text;
  }
  for (const char* text : {"Was this page helpful for your thesis, professor?", "Jump to the recipe card below",
                           "Helpful", "Recipe"})
    EXPECT_FALSE(is_interface_label(text, false)) << text;
}

// A question-and-answer site sets its controls under each post as one row
// of links; an author's or a question's follow button stands alone.
TEST(InterfaceLabel, AQuestionAndAnswerSitesControls) {
  for (const char* text : {"Share Improve this question Follow", "Share Improve this answer Follow",
                           "Improve this answer", "Add a comment", "Post a Comment", "Follow"})
    EXPECT_TRUE(is_interface_label(text, false)) << text;
  // "Follow" may head a section; a sentence that asks to improve something is content.
  EXPECT_FALSE(is_interface_label("Follow", true));
  for (const char* text : {"Follow the river north", "How to improve this answer", "Add a comment field"})
    EXPECT_FALSE(is_interface_label(text, false)) << text;
}

// The buttons of a listing or a shop, a skip link, a caption's toggle and a
// forum code box's "Select all".
TEST(InterfaceLabel, ButtonsOfListingsAndShopsAndSkipLinks) {
  for (const char* text : {"Skip to main content", "Skip to search results", "Toggle caption", "Code: Select all",
                           "View all", "See all »", "Shop now", "Add to cart", "Apply now", "View full details",
                           "Recently viewed", "Recommended for you", "More like this", "Hidden categories:",
                           "You're not signed in", "Скачать аудио файл", "Skocz do tekstu", "Zum Inhalt springen",
                           "Aller au contenu", "Перейти к содержанию", "跳到主文"}) {
    EXPECT_TRUE(is_interface_label(text, false)) << text;
    EXPECT_TRUE(is_interface_label(text, true)) << text;
  }
  EXPECT_TRUE(is_interface_label("Filters", false));
  EXPECT_FALSE(is_interface_label("Filters", true)) << "a manual's section may be named so";
  for (const char* text : {"Shop now for the holidays", "Apply now to the spring intake", "View all photos of the fire"})
    EXPECT_FALSE(is_interface_label(text, false)) << text;
}

// A row of a page's buttons set as one block, outside a heading; inside one
// only a single phrase counts.
TEST(InterfaceLabel, ARowOfButtons) {
  for (const char* text : {"Download PDF Cite this article Share", "Register now Add to calendar",
                           "Share Follow", "permalink embed", "Share Improve this question Follow"})
    EXPECT_TRUE(is_interface_label(text, false)) << text;
  EXPECT_FALSE(is_interface_label("Share Follow", true));
  for (const char* text : {"Edit, edit, edit!", "Share and share alike", "Follow the money, share the blame"})
    EXPECT_FALSE(is_interface_label(text, false)) << text;
}

TEST(InterfaceLabel, ACallToSubscribeInAnyCaseAndSeveralLanguages) {
  for (const char* text : {"Thanks for reading! Subscribe for free to receive new posts.",
                           "The day's local news in your inbox before breakfast.", "SIGN UP for our Newsletter",
                           "Jetzt abonnieren", "Suscríbete a nuestro boletín", "Iscriviti alla newsletter",
                           "Подпишитесь на нашу рассылку", "订阅我们的新闻", "メールマガジンを購読する"})
    EXPECT_TRUE(asks_to_subscribe(text)) << text;
  for (const char* text : {"The council voted eleven to four.", "Sign the petition", "Log in", ""})
    EXPECT_FALSE(asks_to_subscribe(text)) << text;
  const std::string late = std::string(600, 'x') + " subscribe";
  EXPECT_FALSE(asks_to_subscribe(late)) << "only the first 512 bytes are searched";
}

TEST(InterfaceLabel, ACallToFollowTheSiteOnASocialNetwork) {
  for (const char* text :
       {"Follow us on Twitter", "Follow me on Twitter. Subscribe to new posts via RSS or email.",
        "FOLLOW US ON INSTAGRAM!", "Join me on TikTok: @The House Maven", "Like us on Facebook",
        "For NDTV Updates, follow us on Twitter or join us on Facebook",
        "Присоединяйтесь к нам на Facebook, Twitter, В контакте.", "Ακολουθήστε μας στο Facebook",
        "Obserwuj nas na Twitterze", "Folgen Sie uns auf Instagram", "Suivez-nous sur Facebook",
        "Síguenos en Twitter", "香港新浪新聞現已開設Facebook專頁，快點到Facebook Like我們的專頁"})
    EXPECT_TRUE(asks_to_follow(text)) << text;
  for (const char* text :
       {// A story's own sentences: the call is not their opening, or no network is named.
        "If you follow me on Twitter (which you should), you'll see me tweet out a lot of new polls.",
        "Now if you follow me on Twitter or Facebook then you know who I like.",
        "Join us for our free November webinar with our founder.", "Join us live for the earnings call today",
        "Stay tuned for next week! In the meantime, follow me on Twitter and subscribe to the RSS feed.",
        "Follow us!", "Follow the money on Facebook's ledger", "Facebook", "Followers of Twitter rose by 3%", ""})
    EXPECT_FALSE(asks_to_follow(text)) << text;
  const std::string long_call = "Follow us on Twitter " + std::string(kFollowCallBytes, 'x');
  EXPECT_FALSE(asks_to_follow(long_call)) << "a long block is prose, whatever it opens with";
}

TEST(InterfaceLabel, ABlogEnginesFooterToAPost) {
  for (const char* text :
       {"This entry was posted on Monday, January 9th, 2012 at 4:05 pm.",
        "This entry was posted in Lenses and tagged Nikkor. Bookmark the permalink.",
        "THIS ENTRY WAS FILED UNDER News.",
        "You can follow any responses to this entry through the RSS 2.0 feed. You can leave a response.",
        "Bookmark the permalink.", "TrackBack URL for this entry: http://www.typepad.com/services/trackback/6a00d8",
        "Trackback URL: http://example.org/trackback/12", "This entry was written by matt, posted on 10/18/2012.",
        "Posted on August 9, 2012 by Ann. This entry was posted in Prospects. Bookmark the permalink.",
        "Posted by Kim on Jan 17 2012. Filed under Top Stories. You can follow any responses to this entry.",
        "This was written by Ann. Posted on Sunday, September 16, 2012. Bookmark the permalink."})
    EXPECT_TRUE(is_post_footer(text)) << text;
  // A post's heading line, which golds keep, and an author's credit.
  for (const char* text : {"The entry was posted to the court on Monday.", "Posted by Ann on Monday",
                           "We moved this entry to the archive.", "Trackbacks", "Posted in News | 3 Comments",
                           "Posted by Shari August 9th, 2012 | 0 Comments »", "Filed under: Poultry & Game",
                           "This was written by Gayle Brown on behalf of GCL Direct.", "This article was Written By", ""})
    EXPECT_FALSE(is_post_footer(text)) << text;
  const std::string long_footer = "This entry was posted " + std::string(kFollowCallBytes, 'x');
  EXPECT_FALSE(is_post_footer(long_footer)) << "a long block is prose, whatever it opens with";
}

TEST(InterfaceLabel, ASitesServiceLineUnderAStory) {
  for (const char* text :
       {"Rate this article", "RATE THIS POST", "Оцените, пожалуйста, статью. Нам важно Ваше мнение.", "Оцените статью:",
        "Oceń artykuł", "To contact the reporter on this story: Ann Lee in Mumbai at alee@example.net",
        "To contact the editor responsible for this story: Bo Kim at bkim@example.net .",
        "Постоянный адрес новости: www.example.ru/news/1485954.html 18:11 05.01.2012 Версия для печати",
        "Permalink: http://example.org/2012/01/story", "Create an account or sign in to comment",
        "Already have an account? Sign in here.", "You must be logged in to post a comment.",
        "Login or register to post comments", "订阅东北新闻报，移动发1到10658303 联通发DBXW至10655800",
        "訂閱 《新華手機報》 :移動發\"XHSJB\"到10658000,聯通發\"KX\"到106558000800",
        "We use cookies to improve your web browsing experience. For more information visit our privacy policy.",
        "Мы используем файлы cookie. Продолжая пользоваться сайтом, вы соглашаетесь с этим.",
        "Если заметили в тексте опечатку, выделите ее и нажмите Ctrl+Enter", "Found a typo? Select it, press Ctrl+Enter."})
    EXPECT_TRUE(is_reader_service_line(text)) << text;
  // A story's own sentences, a product's rating, a label alone.
  for (const char* text : {"Rate this", "Rate this product", "To contact the reporter, the police used a phone.",
                           "Permalink", "The editor responsible for this story declined to comment.",
                           "Оцените сами, насколько это важно.", "You must be logged in to vote, the clerk said.",
                           "订阅用户已超过一千万，移动公司表示", "Cookies are what we use to bribe the dog.",
                           "We use cookies to measure the audience of this site.", "To run the cell, press Ctrl+Enter.",
                           ""})
    EXPECT_FALSE(is_reader_service_line(text)) << text;
  const std::string long_line = "Rate this article " + std::string(kFollowCallBytes, 'x');
  EXPECT_FALSE(is_reader_service_line(long_line)) << "a long block is prose, whatever it opens with";
}

TEST(InterfaceLabel, AStorysTagLine) {
  for (const char* text : {"Tags: fiscal cliff, immigration, taxes", "TAGS : alec baldwin", "Categories: Law, Politics",
                           "Keywords: tuberculosis, WHO", "Tagged with: Crafts, DIY", "Теги: Москва, погода",
                           "Tagi: zdrowie", "Ετικέτες: Αθήνα", "标签：天气,北京", "Tags:"})
    EXPECT_TRUE(is_tag_line(text)) << text;
  // A forum thread's title line, a post's heading line, a story's sentence.
  for (const char* text : {"Topic: How do I reset my router?", "Category: News", "Filed under: Poultry & Game",
                           "Tags are what the museum calls its labels: small cards beside each work.",
                           "Categories", ""})
    EXPECT_FALSE(is_tag_line(text)) << text;
  const std::string long_line = "Tags: " + std::string(kFollowCallBytes, 'x');
  EXPECT_FALSE(is_tag_line(long_line)) << "a long block is prose, whatever it opens with";
}

TEST(InterfaceLabel, ATextSizeControlAloneOrAmongAnArticlesTools) {
  for (const char* text : {"Text Size", "Font size: A A A", "【字號 大 中 小 】", "調整字體︰ 大 中 小", "字号： T | T",
                           "Αποστολή Εκτύπωση Μέγεθος κειμένου Μοιραστείτε το:", "Print | Email | Text size",
                           "Размер шрифта: A A A", "RESIZE: A A A", "RESIZE: AAA"})
    EXPECT_TRUE(is_text_size_control(text)) << text;
  for (const char* text : {"Print", "Send Print", "Text size matters on small screens", "A A A", "大 中 小",
                           "Resize: The resize subresource allows resources to be updated",
                           "【字体： 大 中 小 】 在线投稿 新闻热线：0791-86849275", ""})
    EXPECT_FALSE(is_text_size_control(text)) << text;
}

TEST(InterfaceLabel, AReactionCounterOutsideHeadings) {
  for (const char* text : {"2 Likes", "17 comments", "1,204 views", "1.2k Views", "3 replies", "1 Reply",
                           " 12 shares ", "40 points", "5 min read", "Comments: 17", "Комментарии: 0", "Komentarze (3)",
                           "12 комментариев", "Σχόλια 4", "评论 25", "Views 1.2k"}) {
    EXPECT_TRUE(is_reaction_count(text)) << text;
    EXPECT_TRUE(is_interface_label(text, false)) << text;
  }
  EXPECT_FALSE(is_interface_label("17 Comments", true)) << "a thread's heading is left to the model";
  for (const char* text : {"Likes", "2", "2 people liked this", "Two likes", "2 Likes 5 Replies", "2x views",
                           "10 ways to cut costs", "Comments are closed", "Chapter 3", "Comments: none",
                           "Comments (3", "Komentarze ()", "Rooms with views 2", ""})
    EXPECT_FALSE(is_reaction_count(text)) << text;
}

// Where the reader is in a slideshow or a shop's results: the count alone,
// with a range, a lead-in or a noun after it; a pull quote's marks spelt out
// for screen readers. Not a sentence, a score, a chapter or a page of a
// story, nor a line that only begins like one.
TEST(InterfaceLabel, APositionCountAndAPullQuotesSpokenMarks) {
  for (const char* text : {"1 of 7", " 12 of 23 ", "1–30 of 338 products", "1 - 5 of 72", "1-30 of 1,000",
                           "Showing 1 - 12 of 45 results", "Displaying 1\xE2\x80\x94" "20 of 190 news articles",
                           "Viewing 3 of 12", "Results 1 - 10 of 2,340", "\xE2\x80\x9C Start Quote", "End Quote \xE2\x80\x9D"}) {
    EXPECT_TRUE(is_interface_label(text, false)) << text;
  }
  for (const char* text : {"1 of 7", "1–30 of 338 products", "Showing 1 - 12 of 45 results"})
    EXPECT_TRUE(is_position_count(text)) << text;
  for (const char* text : {"1 of 3 adults say they sleep badly", "Displaying 1 - 15 of 190 news articles related to "
                           "this topic.", "2 of 5 stars 4 reviews", "1 of 7b", "1 of", "of 7", "Chapter 1 of 12",
                           "Page 1 of 5", "1 or 7", "One of seven", "1 of seven", "Showing all results", "10of12",
                           ""})
    EXPECT_FALSE(is_position_count(text)) << text;
  EXPECT_FALSE(is_interface_label("1 of 7", true)) << "a heading's count is left to the model";
  EXPECT_FALSE(is_interface_label("Start quoting the figures", false));
}

TEST(InterfaceLabel, ALineThatAnnouncesAStorysComments) {
  for (const char* text : {"16 comments:", "{ 43 comments\xE2\x80\xA6 read them below or add one }",
                           "107 Responses to \"Alien Surface\"", "5 thoughts on \u201cNook\u201d", "Comments (5)",
                           "Comments: 12", "Комментарии: 3", "12 комментариев", "3 Kommentare", "(2) comentários",
                           "1 Comment"})
    EXPECT_TRUE(announces_comments(text)) << text;
  for (const char* text : {"5 replies", "Comments", "Comments are closed", "Comments (5) and more", "Leave a comment",
                           "142 points by kestrel_io 6 hours ago | hide | past | 57 comments", "17 likes",
                           "Comment policy: 3 rules", "",
                           "123 comments and many more words that make this line longer than any label is"})
    EXPECT_FALSE(announces_comments(text)) << text;
}

TEST(InterfaceLabel, ALineThatHeadsAStorysCommentSection) {
  for (const char* text : {"Comments", "COMMENTS", "Comments (7)", "45 comments", "0 Comments:", "Reader comments 97",
                           "Leave a Reply", "Post a Comment", "Join the discussion", "Комментарии",
                           "Komentarze (12)", "Σχόλια", "网友评论", "16 comments:", "107 Responses to \"Alien Surface\"",
                           "Leave a Response", "No comments yet", "Comments are closed.", "Reader comments \u00bb"})
    EXPECT_TRUE(heads_comment_section(text)) << text;
  for (const char* text : {"Comment", "Response", "Discussion", "评论", "No comment.", "Comments are closed to new members",
                           "Comments on the draft were due in May", "5 replies", "Leave a comment below, and tell us more", ""})
    EXPECT_FALSE(heads_comment_section(text)) << text;
}

TEST(InterfaceLabel, AHeadingIsALabelOnlyWhenAPhraseSaysSo) {
  for (const char* text : {"Share this:", "Like this:", "Click to expand"})
    EXPECT_TRUE(is_interface_label(text, true)) << text;
  // Documentation may head a section "Loading", "Edit" or "Share".
  for (const char* text : {"Share", "Loading", "Edit", "Tweet", "Teilen"})
    EXPECT_FALSE(is_interface_label(text, true)) << text;
}

TEST(InterfaceLabel, WordsThatMayBeContentAreNoLabel) {
  for (const char* text : {"Print", "Email", "Facebook", "Twitter", "Close", "Shares", "Comments", "Reply",
                           "Read more", "Learn more", "Share prices fell", "Share this with your class",
                           "Loading bay", "Editor's note", "Edited by Ann Lee", "Tweets", "Advertisement", ""})
    EXPECT_FALSE(is_interface_label(text, false)) << text;
}

}  // namespace
}  // namespace winnow
