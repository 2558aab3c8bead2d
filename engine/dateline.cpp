// SPDX-License-Identifier: MIT
#include "engine/dateline.h"

#include <algorithm>
#include <iterator>

#include "engine/content_writer.h"
#include "engine/letter_case.h"
#include "engine/utf8.h"

namespace winnow {
namespace {

// The particulars' labels and the portals' tools, simplified and
// traditional. Time (时间) counts as the time of publishing or of an update,
// or as a label of its own (time_label_at); after another word it heads an
// event's time ("活动时间：5月1日 10:00"), which is content, and in Japanese
// it is also the word for hours ("2時間で完売").
constexpr std::string_view kParticulars[] = {
    "来源", "來源", "作者", "编辑", "編輯", "发布时间", "發布時間", "发表时间", "發表時間", "更新时间",
    "更新時間", "字号", "字號", "字体", "字體", "打印", "评论", "評論", "参与", "參與", "阅读", "閱讀",
    "浏览", "瀏覽", "点击", "點擊",
};

// What ends a sentence in CJK text: full-width full stop, exclamation and
// question marks, semicolon.
constexpr std::string_view kSentenceEnds[] = {"。", "！", "？", "；"};

// Labels of when a story was published, lower case, in the corpus's
// languages and the main European ones.
constexpr std::string_view kTimestampLabels[] = {
    "published", "first published", "published on", "posted", "posted on", "last updated", "last modified",
    "publication date", "date published", "время публикации", "опубликовано", "дата публикации",
    "последнее обновление", "data publikacji", "opublikowano", "data dodania", "ostatnia aktualizacja",
    "ημερομηνία δημοσίευσης", "δημοσιεύθηκε", "δημοσίευση", "τελευταία ενημέρωση",
    // Greek in capitals, lowered: no accents, and a final sigma as σ.
    "ημερομηνια δημοσιευσησ", "δημοσιευθηκε", "δημοσιευση", "τελευταια ενημερωση", "veröffentlicht",
    "veröffentlicht am", "zuletzt aktualisiert", "publié le", "date de publication", "dernière mise à jour",
    "publicado", "publicado el", "publicado em", "fecha de publicación", "última actualización", "pubblicato",
    "pubblicato il", "data di pubblicazione", "ultimo aggiornamento",
};

constexpr std::string_view kYear = "年";
constexpr std::string_view kMonth = "月";
constexpr std::string_view kDay = "日";

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// The number of ASCII digits at `at`.
std::size_t digits_at(std::string_view text, std::size_t at) {
  std::size_t end = at;
  while (end < text.size() && is_digit(text[end])) ++end;
  return end - at;
}

// `at` moved past ASCII spaces.
std::size_t past_spaces(std::string_view text, std::size_t at) {
  while (at < text.size() && text[at] == ' ') ++at;
  return at;
}

// Whether `unit` follows at `at`, after spaces; `at` moves past it.
bool unit_follows(std::string_view text, std::size_t* at, std::string_view unit) {
  const std::size_t from = past_spaces(text, *at);
  if (text.substr(from, unit.size()) != unit) return false;
  *at = past_spaces(text, from + unit.size());
  return true;
}

// Whether a number of one or two digits, then `unit`, follows at `at`.
bool number_and_unit_follow(std::string_view text, std::size_t at, std::string_view unit) {
  const std::size_t count = digits_at(text, at);
  if (count == 0 || count > 2) return false;
  at += count;
  return unit_follows(text, &at, unit);
}

// Whether the digits at `at` (`count` of them, not preceded by a digit)
// begin a date or a time.
bool date_or_time_at(std::string_view text, std::size_t at, std::size_t count) {
  std::size_t next = at + count;
  if (next >= text.size()) return false;
  const char separator = text[next];
  if (count == 4 && (separator == '-' || separator == '/' || separator == '.')) {
    // 2012-01-17, 2012/1/12, 2012.01.17
    const std::size_t month = digits_at(text, next + 1);
    if (month == 0 || month > 2) return false;
    next += 1 + month;
    return next + 1 < text.size() && text[next] == separator && digits_at(text, next + 1) > 0 &&
           digits_at(text, next + 1) <= 2;
  }
  if (count <= 2 && separator == ':') return digits_at(text, next + 1) == 2;  // 15:20
  if (count == 4 && unit_follows(text, &next, kYear)) return number_and_unit_follow(text, next, kMonth);
  if (count <= 2 && unit_follows(text, &next, kMonth)) return number_and_unit_follow(text, next, kDay);
  return false;
}

// Whether "时间" (or "時間") stands as a label of its own: at the start of
// the line or after a space, and followed by a colon ("时间： 2012-01-12
// 16:01:03").
bool holds_time_label(std::string_view text) {
  for (std::string_view time : {std::string_view("时间"), std::string_view("時間")}) {
    for (std::size_t at = text.find(time); at != std::string_view::npos; at = text.find(time, at + 1)) {
      const bool own_word = at == 0 || text[at - 1] == ' ';
      const std::string_view after = text.substr(past_spaces(text, at + time.size()));
      if (own_word && (after.substr(0, 1) == ":" || after.substr(0, 3) == "：")) return true;
    }
  }
  return false;
}

}  // namespace

bool holds_digit_date_or_time(std::string_view text) {
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t count = digits_at(text, at);
    if (count == 0) {
      ++at;
      continue;
    }
    if (date_or_time_at(text, at, count)) return true;
    at += count;
  }
  return false;
}

namespace {

// Whether `lowered` opens with a timestamp label, then spaces and a colon.
bool opens_with_timestamp_label(std::string_view lowered) {
  for (std::string_view label : kTimestampLabels) {
    if (lowered.substr(0, label.size()) != label) continue;
    std::size_t at = past_spaces(lowered, label.size());
    if (lowered.substr(at, 1) == ":" || lowered.substr(at, 3) == "：") return true;
  }
  return false;
}

// Whether `text` holds a year of this century or the last in digits, alone.
bool holds_year(std::string_view text) {
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t count = digits_at(text, at);
    if (count == 4 && (text.substr(at, 2) == "19" || text.substr(at, 2) == "20")) return true;
    at += count == 0 ? 1 : count;
  }
  return false;
}

// "Last updated 2026-03-05 UTC.": a documentation site's line, with no
// colon, the date right after the label. A date in digits, not "Last
// updated 4 days", which may be a listing's.
bool opens_with_update_date(std::string_view text) {
  if (text.empty() || (text[0] != 'L' && text[0] != 'l')) return false;
  char lowered[16];
  const std::string_view line = lowered_copy(text, lowered, sizeof lowered);
  for (std::string_view label : {std::string_view("last updated "), std::string_view("last modified ")})
    if (starts_with(line, label) && line.size() > label.size() && is_digit(line[label.size()]))
      return holds_digit_date_or_time(text);
  return false;
}

// Whether the line is a CJK date and a time and nothing else: "2012年1月12日
// 12:17", "2012年01月12日 08:51:10" (a portal prints it alone under the
// headline, where another prints its labelled particulars). The time is
// asked for: a date alone may head a diary's entry.
bool is_cjk_date_and_time_alone(std::string_view text) {
  if (digits_at(text, 0) != 4) return false;
  std::size_t at = 4;
  if (!unit_follows(text, &at, kYear)) return false;
  for (std::string_view unit : {kMonth, kDay}) {
    const std::size_t count = digits_at(text, at);
    if (count == 0 || count > 2) return false;
    at += count;
    if (!unit_follows(text, &at, unit)) return false;
  }
  const std::size_t hours = digits_at(text, at);
  if (hours == 0 || hours > 2) return false;
  at += hours;
  int fields = 0;  // minutes, then seconds
  for (; fields < 2 && at < text.size() && text[at] == ':'; ++fields) {
    if (digits_at(text, at + 1) != 2) return false;
    at += 3;
  }
  return fields > 0 && past_spaces(text, at) == text.size();
}

}  // namespace

bool is_timestamp_line(std::string_view text) {
  text = ContentWriter::opening_text(text);
  if (text.empty() || text.size() > kMaxDatelineBytes) return false;
  // The cheap question first: every label ends with a colon, ASCII or
  // fullwidth (whose UTF-8 ends with 0x9A, which no ASCII ':' is).
  const std::size_t look = std::min<std::size_t>(text.size(), 56);
  if (text.substr(0, look).find(':') == std::string_view::npos &&
      text.substr(0, look).find("：") == std::string_view::npos)
    return opens_with_update_date(text);
  char lowered[48];  // the longest label and its colon
  return (opens_with_timestamp_label(lowered_copy(text, lowered, sizeof lowered)) &&
          (holds_year(text) || holds_digit_date_or_time(text))) ||
         opens_with_update_date(text);
}

bool is_editor_credit(std::string_view text) {
  text = ContentWriter::opening_text(text);
  if (text.empty() || text.size() > kMaxEditorCreditBytes) return false;
  // Asked of every block that would be written: the first byte of a bracket
  // or of 责 / 責 (UTF-8 0xE8) rules most out before any comparison.
  const auto first = static_cast<unsigned char>(text[0]);
  if (first != '(' && first != '[' && first != 0xE3 && first != 0xE8 && first != 0xEF) return false;
  for (std::string_view bracket : {"（", "(", "[", "【"})
    if (starts_with(text, bracket)) {
      text.remove_prefix(bracket.size());
      break;
    }
  while (!text.empty() && is_html_space(text.front())) text.remove_prefix(1);
  return starts_with(text, "责任编辑") || starts_with(text, "責任編輯");
}

bool is_portal_dateline(std::string_view text) {
  text = ContentWriter::without_block_marker(text);
  if (text.empty() || text.size() > kMaxDatelineBytes) return false;
  // The cheap question first: every label is a pair of CJK ideographs.
  return may_hold_cjk_ideograph(text) &&
         (((contains_any(text, kParticulars, std::size(kParticulars)) || holds_time_label(text)) &&
           !contains_any(text, kSentenceEnds, std::size(kSentenceEnds)) && holds_digit_date_or_time(text)) ||
          is_cjk_date_and_time_alone(text));
}

}  // namespace winnow
