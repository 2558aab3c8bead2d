// SPDX-License-Identifier: MIT
// A Chinese, Japanese or Korean site's notice about its rights, set after
// every story by the site's template: that reprinting is forbidden without its permission
// ("(內容由新浪北京提供。未經授權，不得轉載。)", "未经授权禁止转载、摘编、
// 复制及建立镜像"), that what it reprints from others does not speak for it
// ("凡注明为其他媒体来源的信息，均为转载自其他媒体，转载并不代表本网赞同其
// 观点"), or its licence numbers ("京ICP证040655号", "京公网安备…"). The
// default extractor never writes it (DefaultExtractor::is_page_interface
// reads it in place, as any block).
//
// Why words and not the trees: the development corpus holds Chinese sites in
// one package only (daniel), so a model trained without it keeps a notice
// written as sentences, with the story's full stops, between the story and
// its comments. No gold of the corpus keeps one but the notice a wire story
// carries inside its text (readability-testpages' qq, whose gold is
// Readability.js's output), which the trees drop already. An English
// copyright line is left to the trees: Readability.js's golds keep the ones
// inside an article's element (adapters/learn/README.md, stop 73).
//
// What counts, in a block of at most kMaxReprintNoticeBytes bytes, in
// simplified or traditional characters:
//   - a ban on reprinting: "不得转载", "禁止转载", "严禁转载", "请勿转载" (a
//     story about a copyright case says someone reprinted "未经授权", not
//     that reprinting is forbidden);
//   - the site's own disclaimer: "不代表本网", "不代表本站" ("this site" is
//     the site speaking of itself), "本网站…不代表…", and of its readers'
//     comments: "网友评论仅供其表达个人看法" (readers' words "only" theirs; a
//     story reports that someone's words "不代表公司立场", which is none);
//   - a licence number: "ICP证", "ICP备", "公网安备";
//   - "版权所有" as a rights line, not "版权所有人" or "版权所有者" (a
//     story's copyright owner);
//   - in Japanese, "無断転載" with a ban ("禁"): "無断転載を禁じます";
//   - in Korean, "무단" (unauthorised) with a ban ("금지") and the rights
//     holder's mark ("ⓒ", "©", "저작권"): "<저작권자 ⓒ 연합뉴스, 무단 전재-재배포
//     금지>", which Korean news sites set inside the story's element.
// The corpus holds no Japanese or Korean site's notice but one Japanese
// footer (readability-testpages' yahoo-4, which no extractor keeps); those
// two forms are the same notice in the languages' own words, tested on
// pages written for the tests.
//
// Memory: none; no state. The text is read in place.
#pragma once

#include <cstddef>
#include <string_view>

namespace winnow {

constexpr std::size_t kMaxReprintNoticeBytes = 512;

// Whether `text`, one block's words as the writers render them (the block
// marker and line break markers allowed), is such a notice.
bool is_reprint_notice(std::string_view text);

}  // namespace winnow
