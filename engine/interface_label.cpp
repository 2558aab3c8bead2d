// SPDX-License-Identifier: MIT
#include "engine/interface_label.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <iterator>

#include "engine/content_writer.h"
#include "engine/label_text.h"
#include "engine/letter_case.h"
#include "engine/utf8.h"

namespace winnow {
namespace {

// Lower case, one space between words, no punctuation (an apostrophe too is
// a separator: "why you re seeing this ad").
//
// Phrases no heading of content is worded as (WordPress's sharing box heads
// its buttons with an <h3> "Share this:").
constexpr std::string_view kPhrases[] = {
    "share this",
    "share this article",
    "share this story",
    "share this post",
    "share this page",
    "share on facebook",
    "share on twitter",
    "share on x",
    "share on linkedin",
    "share on whatsapp",
    "share via email",
    "share via",
    "copy link",
    "like this",
    "print this article",
    "print this page",
    "email this article",
    "email this page",
    "click to expand",
    "click to enlarge",
    "enlarge this image",
    "enlarge image",
    "play slideshow",
    "view gallery",
    "see gallery",
    "reprints permissions",
    "translate this blog",
    "translate this page",
    "show full pr text",
    "listen to this article",
    "listen to this story",
    "back to top",
    "scroll to top",
    "jump to recipe",  // a recipe plugin's link to its card, over the story before it
    "skip to recipe",
    // A feedback widget's question, asked of the page itself.
    "was this page helpful",
    "was this article helpful",
    "was this helpful",
    "was this answer helpful",
    "was this information helpful",
    "was this page useful",
    "did you find this helpful",
    "did you find this page helpful",
    "did you find this article helpful",
    "war diese seite hilfreich",           // German
    "cette page vous a t elle été utile",  // French
    "te ha resultado útil esta página",    // Spanish
    "questa pagina è stata utile",         // Italian
    // A question-and-answer site's controls under each post.
    "improve this question",
    "improve this answer",
    "add a comment",
    "post a comment",
    // A skip link, a caption's toggle, a forum code box's button, a
    // listing's and a shop's buttons.
    "skip to main content",
    "skip to content",
    "skip to search results",
    "skip to navigation",
    "skocz do tekstu",            // Polish
    "skocz do treści",
    "przejdź do treści",
    "zum inhalt springen",        // German
    "direkt zum inhalt",
    "aller au contenu",           // French
    "aller au contenu principal",
    "ir al contenido",            // Spanish
    "перейти к содержанию",       // Russian
    "перейти к основному содержанию",
    "μετάβαση στο περιεχόμενο",   // Greek
    "跳到主文",                    // Chinese
    "跳到主要內容",
    "跳到主要内容",
    "跳至主要内容",
    "跳至主要內容",
    "toggle caption",
    "start quote",  // a pull quote's marks, spelt out for screen readers
    "end quote",
    "code select all",
    "sorted by",
    "select all",
    "view all",
    "shop now",
    "add to cart",
    "apply now",
    "register now",
    "add to calendar",
    "buy ticket",
    "buy tickets",
    "download pdf",
    "cite this article",
    "view full details",
    "see all",
    "open in desktop app",
    "register a new account",
    "you re not signed in",
    "скачать аудио файл",  // Russian: download the audio file
    // The headings of a shop's or a wiki's boxes, never of content.
    "recently viewed",
    "recommended for you",
    "新聞速報",  // Chinese: a box of the latest news
    "新闻速报",
    "more like this",
    "hidden categories",
    "edit source",
    "loading content",
    "loading comments",
    "loading map",  // an event's or a shop's map before its script draws it
    "loading video",
    "loading recommendations",
    "adchoices",
    "ad choices",
    "why you re seeing this ad",
    "why this ad",
};
constexpr LabelSet kPhraseSet{kPhrases};

// Single words, which a heading may use for content (documentation's
// "Loading" or "Edit" section, a help page's "Share"): labels only outside
// headings.
constexpr std::string_view kWords[] = {
    "share",
    "tweet",
    "follow",  // an author's or a question's follow button
    "filters",  // a listing's filter toggle
    "permalink",  // a comment's own controls
    "embed",
    "reprints",  // a story's tool row: "Reprints", "Reprints & Permissions"
    "edit",
    "loading",
    "teilen",        // German: share
    "partager",      // French
    "compartir",     // Spanish
    "condividi",     // Italian
    "compartilhar",  // Portuguese
    "udostępnij",    // Polish
    "поделиться",    // Russian
    "κοινοποίηση",   // Greek
    "分享",           // Chinese
    "分享到",         // "share to"
    "シェア",         // Japanese
    "공유",           // Korean
    "wird geladen",  // German: loading
    "cargando",      // Spanish
    "caricamento",   // Italian
    "ładowanie",     // Polish
    "загрузка",      // Russian
    "φόρτωση",       // Greek
    "加载中",          // Chinese
    "載入中",
    "読み込み中",      // Japanese
};
constexpr LabelSet kWordSet{kWords};

// Stems, so that one entry covers a language's forms ("subscribe",
// "subscription", "subscribers"; "abonnieren", "abonnez-vous"); the scripts
// other than Latin are compared byte for byte.
constexpr std::string_view kSubscribeCalls[] = {
    "subscri", "sign up", "signup", "newsletter", "inbox",
    "abonn",      // German, French, Dutch
    "suscri",     // Spanish: suscripción
    "suscrí",     // suscríbete
    "iscriviti",  // Italian
    "подпиш",     // Russian: подпишитесь
    "订阅",        // Chinese
    "購読",        // Japanese
    "구독",        // Korean
};

// A call to follow the site or its author, as a line opens with it, lower
// case; each ends a word (a space, a punctuation mark or the line's end
// follows it).
constexpr std::string_view kFollowCalls[] = {
    "follow us", "follow me", "join us on", "join me on", "like us on", "find us on", "connect with us",
    "connect with me", "friend us on",
    "folgen sie uns", "folge uns",                                // German
    "suivez-nous", "suivez nous", "rejoignez-nous sur",           // French
    "síguenos", "siguenos",                                       // Spanish
    "seguici",                                                    // Italian
    "siga-nos", "siga nos",                                       // Portuguese
    "obserwuj nas", "polub nas", "dołącz do nas",                 // Polish
    "присоединяйтесь к нам", "подписывайтесь на нас", "следите за нами",  // Russian
    "ακολουθήστε μας",                                            // Greek
};

// Chinese invites the reader wherever the sentence puts it: follow us, our
// page.
constexpr std::string_view kFollowInvitations[] = {
    "關注我們", "关注我们", "追蹤我們", "追踪我们", "我們的專頁", "我们的专页",
};

// The networks a call names, lower case.
constexpr std::string_view kNetworks[] = {
    "facebook", "twitter", "instagram", "tiktok", "youtube", "linkedin", "pinterest", "mastodon",
    "bluesky", "telegram", "whatsapp", "snapchat", "google+", "vkontakte", "в контакте", "вконтакте",
    "одноклассник", "weibo", "微博", "微信", "臉書", "脸书",
};


// Whether `line` opens with one of the calls, whole.
bool opens_with_follow_call(std::string_view line) {
  for (std::string_view call : kFollowCalls) {
    if (line.substr(0, call.size()) != call) continue;
    if (line.size() == call.size()) return true;
    const char next = line[call.size()];
    if (is_html_space(next) || next == ':' || next == '!' || next == '.' || next == ',' || next == '@')
      return true;
  }
  return false;
}

// A lead-in of a few words and a comma, then the call: "For NDTV Updates,
// follow us …"; not a sentence before it ("Stay tuned for next week! In
// the meantime, follow me on Twitter …" signs a post off, and a gold keeps
// it).
bool opens_with_lead_in_and_call(std::string_view line) {
  constexpr std::size_t kLeadInBytes = 48;
  constexpr std::size_t kLeadInSpaces = 3;
  const std::size_t comma = line.substr(0, kLeadInBytes).find(',');
  if (comma == std::string_view::npos) return false;
  const std::string_view lead_in = line.substr(0, comma);
  if (lead_in.find_first_of(".!?") != std::string_view::npos ||
      static_cast<std::size_t>(std::count(lead_in.begin(), lead_in.end(), ' ')) > kLeadInSpaces)
    return false;
  std::string_view rest = line.substr(comma + 1);
  while (!rest.empty() && is_html_space(rest.front())) rest.remove_prefix(1);
  return opens_with_follow_call(rest);
}

// How a blog engine's footer to a post opens (WordPress's default themes,
// Movable Type's and TypePad's), lower case.
constexpr std::string_view kPostFooterOpenings[] = {
    "this entry was posted", "this entry was filed under", "this entry was written by",
    "you can follow any responses to this entry", "bookmark the permalink", "trackback url",
};

// How a line a site sets under each story or post to serve its readers
// opens, lower case: a request to rate the story, whom to write to about it
// (a wire's footer: "To contact the reporter on this story: Ann Lee in
// Mumbai at alee@example.net"), its permanent address, or what to do to
// comment (forum and blog engines' prompts: "Create an account or sign in
// to comment", "You must be logged in to post a comment."). Each is a
// call or a label no story's own sentence opens with; "Rate this" alone is
// left out (a product's rating).
constexpr std::string_view kReaderServiceOpenings[] = {
    "rate this article", "rate this story", "rate this post",
    "to contact the reporter on this story", "to contact the reporters on this story",
    "to contact the editor responsible for this story", "to contact the editors responsible for this story",
    "permalink:", "permanent link:",
    "оцените статью", "оцените, пожалуйста, статью", "оцените материал", "оцените новость",  // Russian
    "постоянный адрес новости", "постоянный адрес статьи", "постоянный адрес материала", "постоянная ссылка",
    "oceń artykuł", "oceń tekst",                                   // Polish
    "artikel bewerten", "bewerten sie diesen artikel",              // German
    "notez cet article", "évaluez cet article",                     // French
    "valora este artículo", "califica este artículo",               // Spanish
    "βαθμολογήστε το άρθρο",                                        // Greek
    "create an account or sign in", "already have an account?", "sign up for a new account",
    "you need to be a member in order to", "you must be logged in to post a comment",
    "login or register to post comments", "log in or register to post comments",
};

// How a cookie banner's notice opens, lower case: "We use cookies to
// improve your experience …". A cookie policy's own text opens so too, so
// the notice counts only with the banner's call (kCookieConsentCalls).
constexpr std::string_view kCookieNoticeOpenings[] = {
    "we use cookies", "this site uses cookies", "this website uses cookies", "by using this site",
    "by using this website", "by continuing to use this site", "by continuing to use this website",
    "wir verwenden cookies", "diese website verwendet cookies", "nous utilisons des cookies",
    "ce site utilise des cookies", "utilizamos cookies", "este sitio web utiliza cookies",
    "używamy plików cookie", "ta strona używa plików cookie", "ta strona używa cookies",
    "мы используем файлы cookie", "мы используем cookie", "этот сайт использует файлы cookie",
    "этот сайт использует cookie", "χρησιμοποιούμε cookies", "αυτός ο ιστότοπος χρησιμοποιεί",
};

// What a cookie banner asks of the reader or points to, lower case: to
// accept, agree or choose, or where the site's policy is.
constexpr std::string_view kCookieConsentCalls[] = {
    "accept", "agree", "consent", "continuing", "preferences", "settings", "privacy policy",
    "cookie policy", "cookie notice", "learn more", "more information",
    "akzeptier", "zustimm", "einverstanden", "datenschutz",        // German
    "accepte", "politique de confidentialité",                     // French
    "acepta", "política de privacidad",                            // Spanish
    "akceptuj", "zgod", "polityk",                                 // Polish
    "соглаш", "согласие", "продолжая", "политик",                  // Russian
    "αποδοχ", "αποδέχ", "συναίνε", "πολιτική",                     // Greek
};

// The label a story's tag line opens with, lower case, before its colon:
// the site's index of the story, not its text. Not "Topic" (a forum
// thread's title line), "Category" or "Filed under" (a post's heading line
// says so, and golds keep it).
constexpr std::string_view kTagLabels[] = {
    "tags", "tag", "tagged", "tagged with", "topics", "categories", "keywords",
    "tagi", "słowa kluczowe",                      // Polish
    "теги", "метки", "ключевые слова",             // Russian
    "schlagwörter", "schlagworte",                  // German
    "mots-clés", "mots clés",                       // French
    "etiquetas", "palabras clave",                  // Spanish
    "ετικέτες", "λέξεις-κλειδιά", "λέξεις κλειδιά",  // Greek
    "标签", "標籤", "关键词", "關鍵詞", "關鍵字",         // Chinese
};

// A typo or an error, as a request to report one names it.
constexpr std::string_view kTypoWords[] = {"typo", "опечатк", "ошибк", "literówk", "błąd", "Tippfehler"};

// How a Chinese site tells readers to subscribe by text message: the
// carrier and "send" ("移动发", "移動發送": China Mobile's subscribers send …).
constexpr std::string_view kTextMessageCarriers[] = {
    "移动发", "移動發", "联通发", "聯通發", "电信发", "電信發",
};

// The engines' sentences that no story writes, as they print them (lower
// case after the sentence's first word): found anywhere in a short block
// that opens with the post's date or author, which themes set before them
// on one line ("Posted on August 9, 2012 by Ann. This entry was posted in
// News. Bookmark the permalink."). "Filed under" and "Posted in … | 3 Comments"
// are not among them: a post's heading line says so too, and golds keep it.
constexpr std::string_view kPostFooterSentences[] = {
    "entry was posted in", "entry was posted on", "the permalink", "any responses to this entry",
};

// A label for the text's size, lower case, its words one space apart.
constexpr std::string_view kTextSizeLabels[] = {
    "text size", "font size", "resize", "字号", "字號", "字体", "字體", "调整字体", "調整字體", "размер шрифта",
    "размер текста", "μέγεθος κειμένου", "μέγεθος γραμματοσειράς", "rozmiar tekstu", "rozmiar czcionki",
    "schriftgröße", "taille du texte", "tamaño de letra", "tamaño del texto",
};
constexpr LabelSet kTextSizeLabelSet{kTextSizeLabels};

// What stands beside a text-size label in a row of an article's tools: the
// sizes, one mark each (a run of Latin marks as one label, since a label
// holds two bytes at least: "A A A", "A- A A+", "T | T"), and the tools.
constexpr std::string_view kBesideTextSize[] = {
    "a a a", "a a", "aa", "aaa", "t t", "大", "中", "小",
    "send", "email", "e mail", "print", "share", "share it", "αποστολή", "εκτύπωση", "μοιραστείτε το",
    "κοινοποίηση", "打印", "列印", "复制链接", "複製連結", "分享", "печать", "отправить", "распечатать",
    "drukuj", "wyślij", "drucken", "senden", "imprimer", "envoyer", "imprimir", "enviar",
};
constexpr LabelSet kBesideTextSizeSet{kBesideTextSize};

// What a reaction counter counts ("2 Likes", "17 comments", "1.2k views";
// "Комментарии: 0"), lower case.
constexpr std::string_view kCountedReactions[] = {
    "like", "likes", "comment", "comments", "reply", "replies", "view", "views", "share", "shares",
    "min read", "mins read", "minute read", "minutes read",  // a story's reading time: "5 min read"
    "vote", "votes", "point", "points", "reaction", "reactions", "repost", "reposts", "retweet", "retweets",
    "kommentare", "kommentar",                     // German
    "commentaires", "commentaire",                 // French
    "comentarios", "comentario",                   // Spanish
    "commenti", "commento",                        // Italian
    "komentarze", "komentarzy", "komentarz",       // Polish
    "комментарии", "комментариев", "комментарий",  // Russian
    "комментария", "просмотры", "просмотров",
    "σχόλια", "σχόλιο",                            // Greek
    "评论", "評論", "留言", "コメント",             // Chinese, Japanese
};

bool is_count(std::string_view word) {
  if (word.empty() || word[0] < '0' || word[0] > '9') return false;
  std::size_t digits_end = word.size();
  if (word.back() == 'k' || word.back() == 'K' || word.back() == 'M') --digits_end;
  for (std::size_t i = 0; i < digits_end; ++i)
    if (!((word[i] >= '0' && word[i] <= '9') || word[i] == ',' || word[i] == '.')) return false;
  return true;
}

bool is_ascii_digit(char c) { return c >= '0' && c <= '9'; }

// The noun, lowered (Cyrillic and Greek too), without the colon a counter
// may set after it ("Комментарии:").
bool is_counted_reaction(std::string_view noun) {
  while (!noun.empty() && (noun.back() == ':' || is_html_space(noun.back()))) noun.remove_suffix(1);
  char lowered[kMaxLabelBytes];
  if (noun.empty() || noun.size() > sizeof lowered) return false;
  std::memcpy(lowered, noun.data(), noun.size());
  lower_letters(lowered, noun.size());
  const std::string_view view(lowered, noun.size());
  for (std::string_view reaction : kCountedReactions)
    if (view == reaction) return true;
  return false;
}

// How a story's comment section names its comments, lower case: a word
// that begins so ("comments", "commentaires", "комментариев").
constexpr std::string_view kCommentWords[] = {
    "comment",  "response", "thought",  // English (WordPress: "5 thoughts on …"), French, Italian
    "kommentar",                        // German
    "comentari", "comentári",           // Spanish, Portuguese
    "komentarz",                        // Polish
    "коммент",                          // Russian
    "σχόλι",                            // Greek
    "评论",      "評論",      "留言",     "コメント", "댓글",  // Chinese, Japanese, Korean
};

bool opens_with_comment_word(std::string_view lowered) {
  for (std::string_view word : kCommentWords)
    if (lowered.substr(0, word.size()) == word) return true;
  return false;
}

// The count a line opens with, and the rest after it and its spaces.
bool skip_count(std::string_view* text) {
  const std::size_t end = text->find(' ');
  if (end == std::string_view::npos || !is_count(text->substr(0, end))) return false;
  text->remove_prefix(end);
  while (!text->empty() && text->front() == ' ') text->remove_prefix(1);
  return true;
}

// A line's words lowered, with brackets, braces and colons read as spaces
// (they set off a count) and every run of spaces one; false for a line
// longer than the buffer.
bool normalized_line(std::string_view text, char (&buffer)[kMaxLabelBytes], std::string_view* line) {
  text = ContentWriter::without_block_marker(text);
  // Asked of every block: a text twice as long as a label is none, however
  // its spaces and brackets fold (a block's words are one space apart).
  if (text.size() > 2 * sizeof buffer) return false;
  std::size_t size = 0;
  for (char c : text) {
    if (c == '{' || c == '(' || c == '[' || c == ')' || c == ']' || c == ':') c = ' ';
    if (is_html_space(c)) {
      if (size == 0 || buffer[size - 1] == ' ') continue;
      c = ' ';
    }
    if (size == sizeof buffer) return false;
    buffer[size++] = c;
  }
  while (size > 0 && buffer[size - 1] == ' ') --size;
  lower_letters(buffer, size);
  *line = std::string_view(buffer, size);
  return true;
}

// A comment section's own heading, lower case, without its count: what
// follows it is readers' text ("Comments", "Reader comments 97", "Leave a
// Reply"), or the line a closed or empty section shows in its place ("No
// comments yet", "Comments are closed."). Not "Comment" alone (a paper's
// opinion section, a heading in a story about it) nor "Discussion" (a
// paper's section, a wiki's tab); in Chinese not "评论" alone (a portal's
// commentary column).
constexpr std::string_view kCommentSectionHeadings[] = {
    "comments", "reader comments", "readers' comments", "readers comments", "user comments", "your comments",
    "responses", "leave a reply", "leave a response", "leave a comment", "post a comment", "add a comment",
    "add your comment", "join the discussion", "join the conversation", "no comments yet", "comments are closed",
    "comments are now closed", "kommentare", "commentaires", "comentarios", "commenti", "komentarze",
    "комментарии", "σχόλια", "网友评论", "網友評論", "发表评论", "發表評論", "我要评论", "我要評論", "コメント", "댓글",
};

// The line without the marks a heading or a closing line may end with.
std::string_view without_closing_marks(std::string_view line) {
  for (;;) {
    if (!line.empty() && (line.back() == '.' || line.back() == '!' || line.back() == ' ')) {
      line.remove_suffix(1);
    } else if (ends_with(line, "…") || ends_with(line, "»")) {
      line.remove_suffix(ends_with(line, "…") ? 3 : 2);
    } else {
      return line;
    }
  }
}

bool is_comment_section_heading(std::string_view line) {
  line = without_closing_marks(line);
  skip_count(&line);
  const std::size_t last_space = line.rfind(' ');
  if (last_space != std::string_view::npos && is_count(line.substr(last_space + 1))) line = line.substr(0, last_space);
  for (std::string_view heading : kCommentSectionHeadings)
    if (line == heading) return true;
  return false;
}

// announces_comments() of a normalized_line().
bool is_comment_announcement(std::string_view line) {
  if (skip_count(&line)) return opens_with_comment_word(line);
  // The word first, then the count and nothing more.
  const std::size_t space = line.find(' ');
  return space != std::string_view::npos && opens_with_comment_word(line) &&
         line.find(' ', space + 1) == std::string_view::npos && is_count(line.substr(space + 1));
}

// The bytes of a line's opening that the site's own lines are told by.
constexpr std::size_t kOpeningBytes = 64;

// The first bytes a list's openings begin with (lower case), so that a
// block whose first byte begins none of them is turned away before its
// opening is lowered: these questions are asked of every block
// that would be written.
using FirstBytes = std::array<bool, 256>;

template <std::size_t N>
constexpr void add_first_bytes(FirstBytes& set, const std::string_view (&openings)[N]) {
  for (std::string_view opening : openings) set[static_cast<unsigned char>(opening[0])] = true;
}

constexpr FirstBytes post_footer_first_bytes() {
  FirstBytes set{};
  add_first_bytes(set, kPostFooterOpenings);
  set['p'] = true;  // "Posted on …" before the engines' sentences
  return set;
}

constexpr FirstBytes reader_service_first_bytes() {
  FirstBytes set{};
  add_first_bytes(set, kReaderServiceOpenings);
  add_first_bytes(set, kCookieNoticeOpenings);
  return set;
}

constexpr FirstBytes kPostFooterFirstBytes = post_footer_first_bytes();
constexpr FirstBytes kReaderServiceFirstBytes = reader_service_first_bytes();

// Whether a text whose first byte, as written, is `c` may open with one of
// the set's openings once lowered: an ASCII capital is read as its small
// letter; a byte of a multi-byte character is let through (a capital's
// first byte may differ from its small letter's).
bool may_open(const FirstBytes& set, char c) {
  auto byte = static_cast<unsigned char>(c);
  if (byte >= 'A' && byte <= 'Z') byte = static_cast<unsigned char>(byte | 0x20);
  return byte >= 0x80 || set[byte];
}

// A block's text as its line opens, for the site's own lines: false for a
// block longer than kFollowCallBytes (prose, whatever it opens with) or one
// whose first byte opens none of `first_bytes`' openings; otherwise *text
// is the text without its block marker and *opening its first
// kOpeningBytes bytes, lowered into `buffer`.
bool short_line_opening(std::string_view* text, const FirstBytes& first_bytes, char (&buffer)[kOpeningBytes],
                        std::string_view* opening) {
  if (text->empty() || text->size() > kFollowCallBytes || !may_open(first_bytes, text->front())) return false;
  *opening = lowered_copy(*text, buffer, sizeof buffer);
  return true;
}

// Whether the lowered `line` opens with one of the openings; the first byte
// rules most out before a comparison is made.
bool opens_with_any(std::string_view line, const std::string_view* openings, std::size_t count) {
  if (line.empty()) return false;
  for (std::size_t i = 0; i < count; ++i)
    if (openings[i][0] == line[0] && starts_with(line, openings[i])) return true;
  return false;
}

// A request to report a typo by the keys that send it: "Если заметили в
// тексте опечатку, выделите ее и нажмите Ctrl+Enter" (a tutorial's "press
// Ctrl+Enter to run the cell" names no typo).
bool asks_to_report_typo(std::string_view text) {
  return text.size() <= kFollowCallBytes && text.find("Ctrl") != std::string_view::npos &&
         contains_any(text, kTypoWords, std::size(kTypoWords));
}

}  // namespace

bool announces_comments(std::string_view text) {
  char lowered[kMaxLabelBytes];
  std::string_view line;
  return normalized_line(text, lowered, &line) && is_comment_announcement(line);
}

bool heads_comment_section(std::string_view text) {
  char lowered[kMaxLabelBytes];
  std::string_view line;
  return normalized_line(text, lowered, &line) && (is_comment_section_heading(line) || is_comment_announcement(line));
}

bool is_reaction_count(std::string_view text) {
  text = ContentWriter::without_block_marker(text);
  while (!text.empty() && is_html_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_html_space(text.back())) text.remove_suffix(1);
  // Asked of every block that would be written: a long one, or one with a
  // digit at neither end (nor a bracket closing a count), goes at once.
  if (text.empty() || text.size() > kMaxLabelBytes) return false;
  if (is_ascii_digit(text.front())) {
    // "17 comments"
    const std::size_t space = text.find(' ');
    return space != std::string_view::npos && is_count(text.substr(0, space)) &&
           is_counted_reaction(text.substr(space + 1));
  }
  // "Comments: 17", "Комментарии (0)"; is_count() reads the count whole.
  std::string_view count = text;
  const bool bracketed = count.back() == ')';
  if (bracketed) count.remove_suffix(1);
  if (count.empty() || !(is_ascii_digit(count.back()) || count.back() == 'k' || count.back() == 'K' ||
                         count.back() == 'M'))
    return false;
  const std::size_t space = count.rfind(' ');
  if (space == std::string_view::npos) return false;
  const std::string_view noun = count.substr(0, space);
  count.remove_prefix(space + 1);
  if (bracketed) {
    if (count.empty() || count.front() != '(') return false;
    count.remove_prefix(1);
  }
  return is_count(count) && is_counted_reaction(noun);
}

namespace {

// The ASCII digits and thousands' commas at the start of `text`, skipped;
// false when there is no digit.
bool skip_number(std::string_view* text) {
  std::size_t end = 0;
  while (end < text->size() && (is_ascii_digit((*text)[end]) || (end > 0 && (*text)[end] == ','))) ++end;
  if (end == 0) return false;
  text->remove_prefix(end);
  return true;
}

void skip_spaces(std::string_view* text) {
  while (!text->empty() && is_html_space(text->front())) text->remove_prefix(1);
}

// Skips `word` (lower case ASCII) at the start of `text`, whatever its case.
bool skip_word(std::string_view* text, std::string_view word) {
  if (!equals_lower(text->substr(0, word.size()), word)) return false;
  text->remove_prefix(word.size());
  return true;
}

// The words a results line may open with, lower case, each with its space.
constexpr std::string_view kPositionLeadIns[] = {"showing ", "displaying ", "viewing ", "results ", "items "};

}  // namespace

bool is_position_count(std::string_view text) {
  text = ContentWriter::without_block_marker(text);
  skip_spaces(&text);
  // Asked of every block that would be written: one that does not open with
  // a digit or a lead-in's letter goes at once.
  if (text.empty() || text.size() > kMaxLabelBytes) return false;
  const char first = ascii_to_lower(text.front());
  if (!is_ascii_digit(first) && first != 's' && first != 'd' && first != 'v' && first != 'r' && first != 'i')
    return false;
  if (!is_ascii_digit(first)) {
    bool lead_in = false;
    for (std::string_view word : kPositionLeadIns) lead_in = lead_in || skip_word(&text, word);
    if (!lead_in) return false;
    skip_spaces(&text);
  }
  if (!skip_number(&text)) return false;
  skip_spaces(&text);
  for (std::string_view dash : {std::string_view("-"), std::string_view("\xE2\x80\x93"), std::string_view("\xE2\x80\x94")}) {
    if (!starts_with(text, dash)) continue;
    text.remove_prefix(dash.size());
    skip_spaces(&text);
    if (!skip_number(&text)) return false;
    skip_spaces(&text);
    break;
  }
  if (!skip_word(&text, "of") || text.empty() || !is_html_space(text.front())) return false;
  skip_spaces(&text);
  if (!skip_number(&text)) return false;
  // At most two words after the count, none holding a digit.
  int words = 0;
  while (!text.empty()) {
    if (!is_html_space(text.front())) return false;  // "1 of 7b"
    skip_spaces(&text);
    if (text.empty()) break;
    if (++words > 2) return false;
    while (!text.empty() && !is_html_space(text.front())) {
      if (is_ascii_digit(text.front())) return false;
      text.remove_prefix(1);
    }
  }
  return true;
}

bool asks_to_subscribe(std::string_view text) {
  // A box's call comes early: its first kCallBytes bytes, lowered (Cyrillic
  // and Greek too), are searched.
  constexpr std::size_t kCallBytes = 512;
  char lowered[kCallBytes];
  const std::string_view view = lowered_copy(text, lowered, kCallBytes);
  for (std::string_view call : kSubscribeCalls)
    if (view.find(call) != std::string_view::npos) return true;
  return false;
}

bool asks_to_follow(std::string_view text) {
  text = ContentWriter::opening_text(text);
  if (text.empty() || text.size() > kFollowCallBytes) return false;
  // Asked of every block that would be written: the opening first, lowered
  // only as far as a lead-in and a call reach, and the Chinese invitations
  // (no case); the whole text, lowered, only for a block that passes, to find
  // a network.
  constexpr std::size_t kOpeningBytes = 96;
  char lowered[kFollowCallBytes];
  const std::string_view start = lowered_copy(text, lowered, kOpeningBytes);
  // Each invitation holds 我 ("us", "our"): one scan rules most blocks out.
  const bool calls = opens_with_follow_call(start) || opens_with_lead_in_and_call(start) ||
                     (text.find("\xE6\x88\x91") != std::string_view::npos &&
                      contains_any(text, kFollowInvitations, std::size(kFollowInvitations)));
  if (!calls) return false;
  return contains_any(lowered_copy(text, lowered, sizeof lowered), kNetworks, std::size(kNetworks));
}

bool is_post_footer(std::string_view text) {
  text = ContentWriter::opening_text(text);
  char opening[kOpeningBytes];
  std::string_view line;
  if (!short_line_opening(&text, kPostFooterFirstBytes, opening, &line)) return false;
  if (opens_with_any(line, kPostFooterOpenings, std::size(kPostFooterOpenings))) return true;
  // Searched only in a line that opens with the post's date or author
  // ("Posted on …", "Posted by …", "This was written by …"), and in the
  // text as written, not a lowered copy.
  return (starts_with(line, "posted ") || starts_with(line, "this was written by ")) &&
         contains_any(text, kPostFooterSentences, std::size(kPostFooterSentences));
}

bool is_reader_service_line(std::string_view text) {
  text = ContentWriter::opening_text(text);
  if (asks_to_report_typo(text)) return true;
  char opening[kOpeningBytes];
  std::string_view line;
  if (!short_line_opening(&text, kReaderServiceFirstBytes, opening, &line)) return false;
  if (opens_with_any(line, kReaderServiceOpenings, std::size(kReaderServiceOpenings))) return true;
  if (opens_with_any(line, kCookieNoticeOpenings, std::size(kCookieNoticeOpenings))) {
    char lowered[kFollowCallBytes];
    return contains_any(lowered_copy(text, lowered, sizeof lowered), kCookieConsentCalls,
                        std::size(kCookieConsentCalls));
  }
  // A Chinese site's news by text message: "订阅东北新闻报，移动发1到10658303
  // 联通发…" (subscribe; China Mobile's subscribers send 1 to …).
  return (starts_with(line, "订阅") || starts_with(line, "訂閱")) &&
         contains_any(text, kTextMessageCarriers, std::size(kTextMessageCarriers));
}

bool is_tag_line(std::string_view text) {
  text = ContentWriter::opening_text(text);
  if (text.empty() || text.size() > kFollowCallBytes) return false;
  // The cheap question first: every label is followed by a colon, ASCII or
  // fullwidth, in the line's first bytes.
  constexpr std::size_t kLabelBytes = 40;
  const std::string_view start = text.substr(0, kLabelBytes);
  if (start.find(':') == std::string_view::npos && start.find("：") == std::string_view::npos) return false;
  char lowered[kLabelBytes];
  const std::string_view line = lowered_copy(text, lowered, sizeof lowered);
  for (std::string_view label : kTagLabels) {
    if (line.empty() || label[0] != line[0] || !starts_with(line, label)) continue;
    std::string_view rest = line.substr(label.size());
    while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
    if (starts_with(rest, ":") || starts_with(rest, "：")) return true;
  }
  return false;
}

bool is_text_size_control(std::string_view text) {
  const LabelList sizes = kTextSizeLabelSet.list();
  const LabelList beside = kBesideTextSizeSet.list();
  if (!is_label_row_among(text, sizes, beside)) return false;
  // A row of those labels: it is a text-size control if one of them says
  // so (a row of "Send Print" alone is left to the model).
  text = ContentWriter::without_block_marker(text);
  char lowered[kMaxLabelRowBytes];
  const std::string_view line = lowered_copy(text, lowered, sizeof lowered);
  for (std::string_view label : kTextSizeLabels) {
    // The label's words may stand apart by any separators in the text.
    const std::size_t space = label.find(' ');
    if (line.find(label.substr(0, space)) != std::string_view::npos &&
        (space == std::string_view::npos || line.find(label.substr(space + 1)) != std::string_view::npos))
      return true;
  }
  return false;
}

bool is_interface_label(std::string_view text, bool heading) {
  const LabelList phrases = kPhraseSet.list();
  const LabelList words = kWordSet.list();
  if (heading) return is_label_among(text, phrases);
  // Outside a heading, a row of several: "Share Improve this answer Follow".
  return is_reaction_count(text) || is_position_count(text) || is_label_run_among(text, phrases, words);
}

}  // namespace winnow
