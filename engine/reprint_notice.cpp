// SPDX-License-Identifier: MIT
#include "engine/reprint_notice.h"

#include <iterator>

#include "engine/content_writer.h"
#include "engine/letter_case.h"
#include "engine/utf8.h"

namespace winnow {
namespace {

// A ban on reprinting, the site's own disclaimer, a licence number.
constexpr std::string_view kNoticePhrases[] = {
    "不得转载", "不得轉載", "禁止转载", "禁止轉載", "严禁转载", "嚴禁轉載", "请勿转载", "請勿轉載",
    "不代表本网", "不代表本網", "不代表本站", "ICP证", "ICP證", "ICP备", "ICP備", "公网安备", "公網安備",
    // The heading of the site's rights and disclaimer, and its line on
    // whom to contact about them ("如因作品内容、版权和其它问题需要同本网联系的").
    "版权与免责声明", "版權與免責聲明", "同本网联系", "同本網聯係", "同本網聯繫", "与本网联系", "與本網聯繫",
};

constexpr std::string_view kRightsLines[] = {"版权所有", "版權所有"};
// What makes "版权所有" part of a longer word: its owner, its right.
constexpr std::string_view kRightsWordEnds[] = {"人", "者", "权", "權"};

// A rights line in the languages written with case, lowered: "All rights
// reserved" and its Russian, Polish, German, French, Spanish, Italian and
// Greek forms.
constexpr std::string_view kReservedRights[] = {
    "all rights reserved",        "все права защищены",          "wszelkie prawa zastrzeżone",
    "alle rechte vorbehalten",    "tous droits réservés",        "todos los derechos reservados",
    "tutti i diritti riservati",  "με επιφύλαξη παντός δικαιώματος",
};
// The rights holder's mark, as pages write it: the sign, the word in either
// case, "(c)" with a Latin or a Cyrillic c.
constexpr std::string_view kRightsMarks[] = {"©", "ⓒ", "opyright", "OPYRIGHT", "(c)", "(C)", "(с)", "(С)"};

bool holds(std::string_view text, std::string_view phrase) { return text.find(phrase) != std::string_view::npos; }

// Japanese: "無断転載を禁じます", "記事・写真の無断転載を禁止します" (a story
// says someone reprinted "無断転載" without the ban).
bool bans_reprinting_in_japanese(std::string_view text) { return holds(text, "無断転載") && holds(text, "禁"); }

// Korean: "<저작권자 ⓒ 연합뉴스, 무단 전재-재배포 금지>" — the rights holder's
// mark beside the ban, since a story may report a ban on unauthorised
// copying ("무단 … 금지") too.
bool bans_reprinting_in_korean(std::string_view text) {
  return holds(text, "무단") && holds(text, "금지") &&
         (holds(text, "ⓒ") || holds(text, "©") || holds(text, "저작권"));
}

// The site disclaiming its readers' comments ("网友评论仅供其表达个人看法",
// "網友評論僅代表網友個人立場") or what it publishes ("本网站所刊载信息，不代表
// 中新社和中新网观点"): a story may report that someone's words do not speak
// for a company ("不代表公司立场"), but only the site calls itself "本网站".
bool disclaims_comments_or_site(std::string_view text) {
  const bool readers = holds(text, "网友") || holds(text, "網友");
  const bool only_theirs = holds(text, "仅代表") || holds(text, "僅代表") || holds(text, "只代表") ||
                           holds(text, "仅供") || holds(text, "僅供");
  const bool this_site = holds(text, "本网站") || holds(text, "本網站");
  return (readers && only_theirs) || (this_site && holds(text, "不代表"));
}

bool holds_rights_line(std::string_view text) {
  for (std::string_view line : kRightsLines) {
    for (std::size_t at = text.find(line); at != std::string_view::npos; at = text.find(line, at + 1)) {
      const std::string_view after = text.substr(at + line.size());
      bool longer_word = false;
      for (std::string_view end : kRightsWordEnds) longer_word = longer_word || after.substr(0, end.size()) == end;
      if (!longer_word) return true;
    }
  }
  return false;
}

// "© 2012 The Associated Press. All rights reserved. This material may not
// be published, broadcast, rewritten or redistributed.": the mark beside the
// phrase, since a story may report that someone reserved all rights.
bool reserves_rights(std::string_view text) {
  if (!contains_any(text, kRightsMarks, std::size(kRightsMarks))) return false;
  char lowered[kMaxReprintNoticeBytes];
  return contains_any(lowered_copy(text, lowered, sizeof lowered), kReservedRights, std::size(kReservedRights));
}

// A page's licence as its site's footer words it: "Except as otherwise
// noted, the content of this page is licensed under the Creative Commons
// Attribution 4.0 License", "Text is available under the Creative Commons
// Attribution-ShareAlike License", "user contributions licensed under CC
// BY-SA". What it licenses must be the page's, since a project's own page
// may say that its code is licensed so. The cheap question first: the
// names' marks as the sites write them ("Commons", "CC"); the names and the
// rest are then read in a lowered copy.
constexpr std::string_view kOpenLicenceMarks[] = {"Commons", "CC"};
constexpr std::string_view kOpenLicences[] = {"creative commons", "cc by", "cc-by"};
constexpr std::string_view kLicensedPhrases[] = {"licensed under", "available under"};
constexpr std::string_view kLicensedParts[] = {"this page", "this site", "this website", "content",
                                               "text is available", "contributions"};

bool licenses_page(std::string_view text) {
  if (!contains_any(text, kOpenLicenceMarks, std::size(kOpenLicenceMarks))) return false;
  char lowered[kMaxReprintNoticeBytes];
  const std::string_view line = lowered_copy(text, lowered, sizeof lowered);
  return contains_any(line, kOpenLicences, std::size(kOpenLicences)) &&
         contains_any(line, kLicensedPhrases, std::size(kLicensedPhrases)) &&
         contains_any(line, kLicensedParts, std::size(kLicensedParts));
}

}  // namespace

bool is_reprint_notice(std::string_view text) {
  text = ContentWriter::without_block_marker(text);
  if (text.empty() || text.size() > kMaxReprintNoticeBytes) return false;
  // The cheap question first: every phrase holds a CJK ideograph or a
  // Hangul syllable, whose UTF-8 lead bytes are 0xE4 to 0xE9 and 0xEA to
  // 0xED, and most blocks of most pages hold neither.
  bool ideograph = false;
  bool hangul = false;
  for (char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    ideograph = ideograph || (byte >= 0xE4 && byte <= 0xE9);
    hangul = hangul || (byte >= 0xEA && byte <= 0xED);
    if (ideograph && hangul) break;
  }
  if (hangul && bans_reprinting_in_korean(text)) return true;
  if (!ideograph) return reserves_rights(text) || licenses_page(text);
  if (contains_any(text, kNoticePhrases, std::size(kNoticePhrases))) return true;
  return bans_reprinting_in_japanese(text) || disclaims_comments_or_site(text) || holds_rights_line(text) ||
         reserves_rights(text);
}

}  // namespace winnow
