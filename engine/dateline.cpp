// SPDX-License-Identifier: MIT
#include "engine/dateline.h"

#include <iterator>

#include "engine/content_writer.h"
#include "engine/utf8.h"

namespace winnow {
namespace {

// The particulars' labels and the portals' tools, simplified and
// traditional.
constexpr std::string_view kParticulars[] = {
    "来源", "來源", "作者", "编辑", "編輯", "时间", "時間", "字号", "字號", "字体", "字體", "打印",
    "评论", "評論", "参与", "參與", "阅读", "閱讀", "浏览", "瀏覽", "点击", "點擊",
};

// What ends a sentence in CJK text: full-width full stop, exclamation and
// question marks, semicolon.
constexpr std::string_view kSentenceEnds[] = {"。", "！", "？", "；"};

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

bool names_any(std::string_view text, const std::string_view* names, std::size_t count) {
  for (std::size_t i = 0; i < count; ++i)
    if (text.find(names[i]) != std::string_view::npos) return true;
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

bool is_portal_dateline(std::string_view text) {
  text = ContentWriter::without_block_marker(text);
  if (text.empty() || text.size() > kMaxDatelineBytes) return false;
  // The cheap question first: every label is a pair of CJK ideographs.
  return may_hold_cjk_ideograph(text) && names_any(text, kParticulars, std::size(kParticulars)) &&
         !names_any(text, kSentenceEnds, std::size(kSentenceEnds)) && holds_digit_date_or_time(text);
}

}  // namespace winnow
