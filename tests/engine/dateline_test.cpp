// SPDX-License-Identifier: MIT
#include "engine/dateline.h"

#include <gtest/gtest.h>

#include <string>

namespace winnow {
namespace {

TEST(Dateline, ADateOrATimeInDigits) {
  for (const char* text : {"2012年01月12日", "2012 年 1 月 12 日", "1月11日", "2012-01-17", "2012/1/12", "2012.01.17",
                           "15:20", "at 9:05 pm"})
    EXPECT_TRUE(holds_digit_date_or_time(text)) << text;
  for (const char* text : {"2012年", "2012", "12:5", "2012-01", "2012-01/17", "123:45", "12345-01-17", "第3月", "",
                           "20120117"})
    EXPECT_FALSE(holds_digit_date_or_time(text)) << text;
}

TEST(Dateline, APortalsLineOfParticularsUnderItsHeadline) {
  for (const char* text : {"2012年01月12日 15:20 来源：新民晚报 参与互动( 0 )",
                           "2012-01-17 18:17:00 来源: 中国广播网 (北京) 有 0 人参与 手机看新闻",
                           "2012年01月17日 19:22 已有 0 人阅读 字号： T | T 复制链接 打印",
                           "時間： 2012-01-11 16:48:18 來源：楚天都市報", "发布时间： 2012-01-17 20:52 来源： 全景网 陈祎",
                           "2012年01月12日 15:52 羊城晚报 【 大 中 小 】 【 打印 】 共有评论 0 条",
                           "CBSi中国·ZOL 作者： 孙伟 责任编辑： 魏景芳 【编译】 2012年01月17日 17:40 评论"})
    EXPECT_TRUE(is_portal_dateline(text)) << text;
}

// A portal that prints the story's date and time alone under its headline,
// where others print their labelled particulars (stop 117).
TEST(Dateline, APortalsDateAndTimeAloneUnderItsHeadline) {
  for (const char* text : {"2012年1月12日 12:17", "2012年01月12日 08:51:10", "2012 年 1 月 12 日 9:05", "2012年1月12日12:17 "})
    EXPECT_TRUE(is_portal_dateline(text)) << text;
  for (const char* text : {"2012年1月12日 12:1", "2012年1月12日 12:17:5", "2012年1月12日 :17", "12年1月12日 12:17",
                           "2012年1月 12:17", "2012年1月12日 12:17:05:01"})
    EXPECT_FALSE(is_portal_dateline(text)) << text;
}

TEST(Dateline, AStorysSentenceAnEnglishDatelineOrALongBlockIsNone) {
  EXPECT_FALSE(is_portal_dateline("意见反馈截止时间为2012年2月10日。感谢您的参与和对我们工作的支持。"))
      << "a sentence of the story";
  EXPECT_FALSE(is_portal_dateline("2012年01月12日")) << "a date alone: a diary's entry may head so";
  EXPECT_FALSE(is_portal_dateline("2012年01月12日 15:20 北京")) << "a place: left to the trees";
  EXPECT_FALSE(is_portal_dateline("2012年01月12日 15点")) << "no time in digits";
  EXPECT_FALSE(is_portal_dateline("来源：新民晚报")) << "no date";
  EXPECT_FALSE(is_portal_dateline("活动时间：2026年5月1日 10:00 地点：市图书馆")) << "an event's time";
  EXPECT_TRUE(is_portal_dateline("中国网滨海高新：www.022china.com 时间： 2012-01-12 16:01:03")) << "time as a label";
  EXPECT_FALSE(is_portal_dateline("稚内でケーキ2400個誤発注 2時間で完売 3/7(火) 7:00")) << "Japanese hours";
  EXPECT_FALSE(is_portal_dateline("Posted on November 9, 2012 at 6:41 AM \xE2\x80\xA2 7 Comments"))
      << "an English dateline: left to the trees";
  std::string long_line = "2012年01月12日 15:20 来源：新民晚报 ";
  while (long_line.size() <= kMaxDatelineBytes) long_line += "新闻";
  EXPECT_FALSE(is_portal_dateline(long_line)) << "longer than a line of particulars";
  EXPECT_FALSE(is_portal_dateline(""));
}

TEST(Dateline, ALineThatLabelsWhenTheStoryWasPublished) {
  for (const char* text : {"Published: January 17, 2012 2:36 AM", "Last updated: 2:52 pm March 12, 2009 Posted: 2:51 pm",
                           "PUBLISHED: 16:07, Tue, Mar 14, 2017 | UPDATED: 16:21, Tue, Mar 14, 2017",
                           "Posted on: 08-17-2012 With: 1 Comment", "Время публикации: 4 января 2012 г., 14:07",
                           "Ημερομηνία δημοσίευσης: 2 Ιανουαρίου 2012", "ΔΗΜΟΣΙΕΥΣΗ : 03/01/2012 07:15 |",
                           "Data publikacji: 2013-04-10", "Veröffentlicht am: 12.03.2024", "Published：2024年5月1日",
                           "Last updated 2026-03-05 UTC.", "Last modified 12.03.2024 15:20"})
    EXPECT_TRUE(is_timestamp_line(text)) << text;
  for (const char* text : {"Date: Saturday, 12 May 2026", "Updated: 3:45 p.m. Officials confirmed the death toll rose.",
                           "Published: the company's annual report", "Published by Penguin in 2012",
                           "By Mike Bullmore | November 7, 2012", "Posted 2012", "Last updated 4 days ago",
                           "Last updated in 2012, the map shows the old border.", ""})
    EXPECT_FALSE(is_timestamp_line(text)) << text;
  std::string long_line = "Published: January 17, 2012 ";
  while (long_line.size() <= kMaxDatelineBytes) long_line += "and more words ";
  EXPECT_FALSE(is_timestamp_line(long_line)) << "longer than a line";
}

TEST(Dateline, APortalsCreditToTheStorysEditor) {
  for (const char* text : {"（責任編輯：趙晗）", "责任编辑: 郑策", "(责任编辑：张三)", "[责任编辑：张三 标签：天气,北京]"})
    EXPECT_TRUE(is_editor_credit(text)) << text;
  // The story's own sentence about an editor, and a credit too long for one.
  for (const char* text : {"报社的责任编辑说，这篇报道是真实的。", "编辑：张三", ""})
    EXPECT_FALSE(is_editor_credit(text)) << text;
  std::string long_credit = "（責任編輯：";
  while (long_credit.size() <= kMaxEditorCreditBytes) long_credit += "趙晗";
  EXPECT_FALSE(is_editor_credit(long_credit)) << "longer than a credit";
}

}  // namespace
}  // namespace winnow
