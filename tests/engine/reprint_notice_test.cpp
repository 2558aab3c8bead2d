// SPDX-License-Identifier: MIT
#include "engine/reprint_notice.h"

#include <gtest/gtest.h>

#include <string>

namespace winnow {
namespace {

TEST(ReprintNotice, ABanOnReprintingADisclaimerALicenceOrARightsLine) {
  for (const char* text : {"(內容由新浪北京提供。未經授權，不得轉載。)", "未经授权禁止转载、摘编、复制及建立镜像，违者将依法追究法律责任。",
                           "凡注明为其他媒体来源的信息，均为转载自其他媒体，转载并不代表本网赞同其观点，也不代表本网对其真实性负责。",
                           "[ 网上传播视听节目许可证（0106168) ] [ 京ICP证040655号 ] 总机：86-10-87826688",
                           "京公网安备11010502061234号", "版权所有 © 2026 江州新闻网", "严正申明：未经授权严禁转载",
                           "网友评论仅供其表达个人看法，并不表明网易同意其观点或证实其描述。", "網友評論僅代表網友個人立場。",
                           "本网站所刊载信息，不代表中新社和中新网观点。"})
    EXPECT_TRUE(is_reprint_notice(text)) << text;
}

TEST(ReprintNotice, TheSameNoticeInJapaneseAndKorean) {
  for (const char* text : {"記事・写真の無断転載を禁じます。", "Copyright (C) 2017 ASAHI INTERACTIVE, Inc. 無断転載を禁じます。",
                           "<저작권자 ⓒ 연합뉴스, 무단 전재-재배포 금지>", "© 한빛일보 무단전재 및 재배포금지"})
    EXPECT_TRUE(is_reprint_notice(text)) << text;
  for (const char* text : {"写真を無断転載したとして、男が書類送検された。",
                           "정부는 개인정보의 무단 수집을 금지하는 법안을 발표했다."})
    EXPECT_FALSE(is_reprint_notice(text)) << text;
}

TEST(ReprintNotice, ARightsLineInALanguageWrittenWithCase) {
  for (const char* text :
       {"© 2012 The Associated Press. All rights reserved. This material may not be published, broadcast, "
        "rewritten or redistributed.",
        "Copyright 2012 HealthDay. All Rights Reserved.", "COPYRIGHT (C) 2026 RIVERSIDE GAZETTE. ALL RIGHTS RESERVED.",
        "© 1999–2026, Информационное агентство «Пример». Все права защищены.",
        "(с) Пример.ру. Все права защищены. При использовании материалов ссылка обязательна.",
        "Copyright © Gazeta Przykładowa. Wszelkie prawa zastrzeżone.", "© 2026 Beispiel-Zeitung. Alle Rechte vorbehalten.",
        "© Le Quotidien. Tous droits réservés.", "© 2026 Εφημερίδα. Με επιφύλαξη παντός δικαιώματος."})
    EXPECT_TRUE(is_reprint_notice(text)) << text;
}

TEST(ReprintNotice, APagesOpenLicenceAndASitesRightsAndDisclaimerHeading) {
  for (const char* text :
       {"Except as otherwise noted, the content of this page is licensed under the Creative Commons Attribution 4.0 "
        "License, and code samples are licensed under the Apache 2.0 License.",
        "Text is available under the Creative Commons Attribution-ShareAlike License; additional terms may apply.",
        "Site design / logo © 2026 Example Inc; user contributions licensed under CC BY-SA.",
        "新華網版權與免責聲明：", "4、如因作品内容、版权和其它问题需要同本网联系的，请在30日内进行。"})
    EXPECT_TRUE(is_reprint_notice(text)) << text;
  // A project's own page on its licence, and a story about one.
  for (const char* text : {"The library is licensed under the Apache License 2.0.",
                           "The photographs were released under a Creative Commons licence last year.",
                           "Creative Commons"})
    EXPECT_FALSE(is_reprint_notice(text)) << text;
}

TEST(ReprintNotice, AStorysSentenceAboutRightsOrAnEnglishLineIsNone) {
  for (const char* text : {"法院认定该网站未经授权转载原告文章，判令赔偿五万元。", "该作品的版权所有人已提起诉讼。",
                           "音乐公司称版权所有者应获得公平补偿。", "公司表示，其员工的个人言论不代表公司立场。",
                           "网友纷纷留言支持。", "All rights reserved. Do not reprint.", "本网讯 昨日，",
                           "Copyright 2012 The Daily Example.",
                           "The label said it had reserved all rights to the recordings, and would sue.",
                           ""})
    EXPECT_FALSE(is_reprint_notice(text)) << text;
  std::string long_notice = "未经授权，不得转载。";
  while (long_notice.size() <= kMaxReprintNoticeBytes) long_notice += "本报记者报道";
  EXPECT_FALSE(is_reprint_notice(long_notice)) << "longer than a notice: a story";
}

}  // namespace
}  // namespace winnow
