// SPDX-License-Identifier: MIT
// A Chinese news portal's line of particulars under its headline: when the
// story was posted, where it came from, who wrote and edited it, and the
// page's tools and counters beside them — "2012年01月12日 15:20 来源：新民晚报
// 参与互动(0)", "2012-01-17 18:17:00 来源: 中国广播网 (北京) 有 0 人参与
// 手机看新闻", "2012年01月17日 19:22 已有 0 人阅读 字号：T | T 复制链接 打印",
// "時間： 2012-01-11 16:48:18 來源：楚天都市報". The portals print it above
// every story in the same template, and the default extractor never writes
// it (DefaultExtractor::is_page_interface reads it in place, as any block).
//
// Why words and not the trees: the trees learn such a line from the pages
// they are trained on, and the development corpus holds Chinese portals in
// one package only (daniel), so a model that has not seen a portal's
// template keeps the line as the story's first block. It is the page's
// apparatus, not the story, whatever the site: the story's own sentences
// end with a full stop ("。") and the line has none. English, Polish or
// Greek datelines are left to the trees: golds disagree on them (dragnet's
// keep "By … | November 7, 2012", daniel's drop them).
//
// What counts: at most kMaxDatelineBytes bytes, no CJK sentence end
// ("。", "！", "？", "；"), a date or a time in digits ("2012年01月12日",
// "1月11日", "2012-01-17", "2012.01.17", "15:20"), and one of the
// particulars' labels or tools, in simplified or traditional characters:
// source (来源), author (作者), editor (编辑), the time it was published or
// updated (发布时间, 发表时间, 更新时间, or 时间 as a label of its own, "时间：";
// not after another word, as an event's time is, "活动时间："),
// font size (字号, 字体), print (打印), comments (评论), participants (参与),
// readers (阅读, 浏览, 点击).
//
// Memory: none; no state. The text is read in place.
#pragma once

#include <cstddef>
#include <string_view>

namespace winnow {

constexpr std::size_t kMaxDatelineBytes = 200;

// Whether `text`, one block's words as the writers render them (the block
// marker and line break markers allowed), is such a line.
bool is_portal_dateline(std::string_view text);

// A line that labels when the story was published: "Published: January 17,
// 2012 2:36 AM", "Last updated: 2:52 pm March 12, 2009 Posted: 2:51 pm March
// 12, 2009", "PUBLISHED: 16:07, Tue, Mar 14, 2017 | UPDATED: 16:21", "Время
// публикации: 4 января 2012 г., 14:07", "Ημερομηνία δημοσίευσης: 2 Ιανουαρίου
// 2012". It opens with a publication label and a colon, holds a year or a
// time in digits, and is at most kMaxDatelineBytes bytes. Unlike a byline's
// date ("By Mike Bullmore | November 7, 2012"), which dragnet's golds keep,
// such a labelled timestamp is the page's record of itself, and the golds
// leave it out: held out by package (stop 114, seed 0), not writing it
// raised 59 pages and lowered 9, all but one of these from a Greek and a
// Russian site whose golds keep it on some pages and not on others. Not every label counts: "Date:" heads an event's date, which is
// content, and "Updated:" an editor's note of what changed ("Updated: 3:45
// p.m. Officials confirmed …"); "Last updated:" is a timestamp, and so is
// "Last updated" or "Last modified" without a colon when a date in digits
// follows at once ("Last updated 2026-03-05 UTC.", a documentation site's
// line under each page; stop 116).
bool is_timestamp_line(std::string_view text);

// Whether `text`, of at most kMaxEditorCreditBytes bytes, is a Chinese
// portal's credit to the story's editor, set under its last paragraph:
// "（責任編輯：趙晗）", "责任编辑: 郑策", "[责任编辑：张三 标签：…]" — it
// opens, after an optional bracket, with "责任编辑" or "責任編輯" (the editor
// in charge). Like the line of particulars, the portal's apparatus, which
// daniel's golds leave out (held out at stop 116: 9 kept outside a gold,
// none inside).
constexpr std::size_t kMaxEditorCreditBytes = 200;
bool is_editor_credit(std::string_view text);

// Whether `text` holds a date or a time written in digits: a year, month
// and day ("2012年01月12日", "2012-01-17", "2012/1/12", "2012.01.17"), a
// month and day in CJK units ("1月11日"), or hours and minutes ("15:20").
bool holds_digit_date_or_time(std::string_view text);

}  // namespace winnow
