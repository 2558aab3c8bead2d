// SPDX-License-Identifier: MIT
// Attribute values sent beside the parser's input (side_attributes.h): the
// engine must see the same events, attributes and spans as when libxml2
// parses every value itself, however the input is chunked, and no record may
// go to the wrong element or be left over.
#include "adapters/libxml/side_attributes.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "adapters/libxml/decoder.h"
#include "adapters/libxml/guard.h"
#include "adapters/libxml/libxml_memory.h"
#include "adapters/libxml/libxml_parser.h"
#include "adapters/libxml/source_mapping.h"
#include "engine/tag.h"
#include "support/test_support.h"

namespace winnow {
namespace {

// Every event as one line: tag, every attribute the engine reads, the span.
class EventLog final : public EventHandler {
 public:
  void on_start_element(Tag tag, const ElementAttributes& a, SourceSpan s) override {
    log += "<" + std::string(tag_name(tag)) + " id=" + std::string(a.id) + " class=" + std::string(a.class_name) +
           " href=" + std::string(a.href) + " src=" + std::string(a.src) + " w=" + std::string(a.width) +
           " h=" + std::string(a.height) + " role=" + std::string(a.role) + " itemprop=" + std::string(a.itemprop) +
           " style=" + std::string(a.style) + " onclick=" + (a.has_onclick ? "1" : "0") +
           " hidden=" + (a.hidden ? "1" : "0") + " name=" + std::string(a.name) +
           " property=" + std::string(a.property) + " content=" + std::string(a.content) +
           " lang=" + std::string(a.lang) + " rel=" + std::string(a.rel) + " http-equiv=" + std::string(a.http_equiv) +
           " hreflang=" + std::string(a.hreflang) + " " + span(s) + "\n";
    starts.push_back(a);
    start_tags.push_back(tag);
    // Owned copies: the views die with the event.
    owned.push_back({std::string(a.id), std::string(a.class_name), std::string(a.href), std::string(a.name),
                     std::string(a.property), std::string(a.content), std::string(a.lang), std::string(a.rel),
                     std::string(a.http_equiv), std::string(a.hreflang)});
  }
  void on_end_element(Tag tag, SourceSpan s) override { log += "</" + std::string(tag_name(tag)) + " " + span(s) + "\n"; }
  void on_text(std::string_view text, SourceSpan s) override { log += "'" + std::string(text) + "' " + span(s) + "\n"; }
  void on_end_document(std::uint64_t offset) override { log += "end " + std::to_string(offset) + "\n"; }

  struct Owned {
    std::string id, class_name, href, name, property, content, lang, rel, http_equiv, hreflang;
  };
  std::string log;
  std::vector<ElementAttributes> starts;
  std::vector<Tag> start_tags;
  std::vector<Owned> owned;

 private:
  static std::string span(SourceSpan s) { return std::to_string(s.begin) + "-" + std::to_string(s.end); }
};

// Decoder -> Guard -> LibxmlParser, wired as HtmlExtractor does; with
// side = false the parser is not connected and every value stays inline.
class Pipeline final : public SourceMapper, public ByteSink {
 public:
  Pipeline(EventHandler& events, bool side, GuardLimits limits = {})
      : budget_(1 << 24), scope_(budget_), parser_(events, *this), guard_(budget_, limits, *this),
        decoder_(budget_, "", guard_) {
    if (side) parser_.read_side_attributes(guard_.side_attributes());
  }
  std::uint64_t to_source(std::uint64_t position) override { return source_of(decoder_, guard_, position); }
  std::uint64_t source_limit() const override { return decoder_.bytes_in(); }
  std::uint64_t to_source_inside(std::uint64_t from, std::uint64_t distance, std::uint64_t limit) override {
    return source_inside_of(decoder_, guard_, from, distance, limit);
  }
  void write(const char* data, std::size_t size) override {
    parser_.write(data, size);
    guard_.observe_parser_depth(parser_.depth());
  }
  void run(const std::string& html, std::size_t chunk) {
    if (chunk == 0) chunk = html.size() + 1;
    for (std::size_t at = 0; at < html.size(); at += chunk)
      decoder_.feed(html.data() + at, std::min(chunk, html.size() - at), false);
    decoder_.feed(nullptr, 0, true);
    guard_.finish();
    parser_.finish();
  }
  const SideAttributeStats& side() { return guard_.side_attributes().stats(); }
  Guard& guard() { return guard_; }

 private:
  MemoryBudget budget_;
  LibxmlScope scope_;
  LibxmlParser parser_;
  Guard guard_;
  Decoder decoder_;
};

struct SideRun {
  std::string log;
  SideAttributeStats stats;
  std::vector<EventLog::Owned> owned;
  std::vector<Tag> tags;
};

SideRun run(const std::string& html, bool side, std::size_t chunk = 0, GuardLimits limits = {}) {
  install_libxml_allocator();
  EventLog events;
  SideAttributeStats stats;
  {
    Pipeline pipeline(events, side, limits);
    pipeline.run(html, chunk);
    stats = pipeline.side();
  }
  return {events.log, stats, events.owned, events.start_tags};
}

// "" when equal, else the first differing event of each log.
std::string first_difference(const std::string& a, const std::string& b) {
  if (a == b) return "";
  std::size_t at = 0;
  while (at < a.size() && at < b.size() && a[at] == b[at]) ++at;
  const std::size_t line = a.rfind('\n', at) == std::string::npos ? 0 : a.rfind('\n', at) + 1;
  auto event = [line](const std::string& s) { return s.substr(line, s.find('\n', line) - line); };
  return "side:   " + event(a) + "\ninline: " + event(b);
}

// The side table changes nothing the engine sees, and every record it sent
// was taken by its element (html, head, body records may be discarded).
void expect_same_as_inline(const std::string& html, std::size_t chunk, const std::string& what) {
  const SideRun inline_run = run(html, false, chunk);
  const SideRun side_run = run(html, true, chunk);
  EXPECT_EQ(first_difference(side_run.log, inline_run.log), "") << what << " chunk " << chunk;
  EXPECT_EQ(side_run.stats.mismatches, 0u) << what << " chunk " << chunk;
  EXPECT_EQ(side_run.stats.claimed + side_run.stats.discarded, side_run.stats.records) << what;
  EXPECT_EQ(inline_run.stats.values, 0u) << "no reader, no side values";
}

TEST(SideAttributes, ValuesReachTheEventWithAndWithoutReferences) {
  const std::string html =
      "<div class=\"main wide\" id=m><a href=\"/x?a=1&amp;b=2\" class='link'>l</a>"
      "<a href=\"/plain/path\" id=\"p&#49;\" class=\"c &lt;d\">m</a>"
      "<img src=/i.png width=728 height='90px'><span role=main itemprop=name style=\"display:none\" "
      "onclick=\"go()\" aria-hidden=true>s</span></div>";
  const SideRun r = run(html, true);
  ASSERT_EQ(r.owned.size(), 7u) << "implied html and body, then the five tags";
  EXPECT_EQ(r.owned[0].class_name, "");
  EXPECT_EQ(r.owned[2].class_name, "main wide");
  EXPECT_EQ(r.owned[2].id, "m");
  EXPECT_EQ(r.owned[3].href, "/x?a=1&b=2") << "a value with a reference is decoded by libxml2";
  EXPECT_EQ(r.owned[3].class_name, "link");
  EXPECT_EQ(r.owned[4].href, "/plain/path");
  EXPECT_EQ(r.owned[4].id, "p1");
  EXPECT_EQ(r.owned[4].class_name, "c <d");
  // div: class, id; a: class (href inline); a: href (id, class inline); img: 3;
  // span: 4 (aria-hidden is not kept).
  EXPECT_EQ(r.stats.values, 2u + 1u + 1u + 3u + 4u);
  EXPECT_EQ(r.stats.records, 5u);
  EXPECT_EQ(r.stats.claimed, 5u);
  EXPECT_EQ(r.stats.mismatches, 0u);
  expect_same_as_inline(html, 0, "attributes");
  expect_same_as_inline(html, 1, "attributes");
}

TEST(SideAttributes, AMetaDescriptionReachesTheEvent) {
  const std::string html =
      "<head><meta name=description content=\"Floods close the road\">"
      "<meta property='og:description' content=\"Tom &amp; Jerry\"></head><p>x</p>";
  const SideRun r = run(html, true);
  ASSERT_GE(r.owned.size(), 4u);
  EXPECT_EQ(r.owned[2].name, "description");
  EXPECT_EQ(r.owned[2].content, "Floods close the road");
  EXPECT_EQ(r.owned[3].property, "og:description");
  EXPECT_EQ(r.owned[3].content, "Tom & Jerry") << "a value with a reference is decoded by libxml2";
  expect_same_as_inline(html, 0, "meta");
  expect_same_as_inline(html, 1, "meta");
}

TEST(SideAttributes, WhatAPageDeclaresAboutItselfReachesTheEvent) {
  const std::string long_address = "https://example.org/" + std::string(400, 'a');
  const std::string html = "<html lang=\"pt-BR\"><head><meta http-equiv=\"Content-Language\" content=\"pt\">"
                           "<link rel=\"canonical\" href=\"" + long_address + "\">"
                           "<link rel='image_src' href=\"/a.png?x=1&amp;y=2\"></head>"
                           "<p lang=\"en\" rel=\"x\" hreflang=\"de\"><a rel=\"author\" href=\"" + long_address +
                           "\" hreflang=\"zh-Hant-&#84;W\">x</a>";
  const SideRun r = run(html, true);
  std::vector<std::string> tags;
  for (const Tag t : r.tags) tags.emplace_back(tag_name(t));
  ASSERT_EQ(tags, (std::vector<std::string>{"html", "head", "meta", "link", "link", "body", "p", "a"}));
  EXPECT_EQ(r.owned[0].lang, "pt-BR");
  EXPECT_EQ(r.owned[2].http_equiv, "Content-Language");
  EXPECT_EQ(r.owned[3].rel, "canonical");
  EXPECT_EQ(r.owned[3].href, long_address) << "a <link>'s address is kept to 512 bytes";
  EXPECT_EQ(r.owned[4].href, "/a.png?x=1&y=2") << "decoded by libxml2";
  EXPECT_EQ(r.owned[6].lang, "") << "lang is read on <html> only";
  EXPECT_EQ(r.owned[6].rel, "") << "rel is read on <link> only";
  EXPECT_EQ(r.owned[7].href.size(), 256u) << "an anchor's target is cut at 256 bytes, as before";
  EXPECT_EQ(r.owned[6].hreflang, "") << "hreflang is read on <a> only";
  EXPECT_EQ(r.owned[7].hreflang, "zh-Hant-TW") << "decoded by libxml2";
  expect_same_as_inline(html, 0, "declared");
  expect_same_as_inline(html, 1, "declared");
}

TEST(SideAttributes, TheParserSeesTagsWithoutTheSideValues) {
  class Recorder final : public ByteSink {
   public:
    void write(const char* data, std::size_t size) override { text.append(data, size); }
    std::string text;
  };
  MemoryBudget budget(1 << 20);
  Recorder recorder;
  Guard guard(budget, GuardLimits{}, recorder);
  guard.side_attributes().connect();  // as LibxmlParser::read_side_attributes does
  const std::string html = "<div class=a id='b&amp;c' data-x=1><a href=\"say &quot;hi&quot;\" src=\"q\">x</a></div>";
  guard.write(html.data(), html.size());
  guard.finish();
  EXPECT_EQ(recorder.text, "<div id=\"b&amp;c\"><a href=\"say &quot;hi&quot;\">x</a></div>")
      << "references stay for libxml2";
  EXPECT_EQ(guard.side_attributes().stats().values, 2u);
  const std::string quoted = "<p class='say \"hi\"' id=\"\">";
  Recorder quotes;
  Guard quote_guard(budget, GuardLimits{}, quotes);
  quote_guard.side_attributes().connect();
  quote_guard.write(quoted.data(), quoted.size());
  quote_guard.finish();
  EXPECT_EQ(quotes.text, "<p class=\"say &quot;hi&quot;\">") << "a quote is written as a reference";
}

TEST(SideAttributes, ValuesLibxml2PassesUnchangedAreTheSameOnTheSide) {
  // Whitespace controls, CR LF, DEL, C1 controls, noncharacters, markup
  // characters: libxml2 copies them as they are.
  const std::string odd[] = {
      "a\tb", "a\nb", "a\r\nb", "a\rb", "x\x7Fy", "\xC2\x80\xC2\x9F", "\xEF\xBF\xBE\xEF\xBF\xBF", "\xEF\xB7\x90",
      "<p>", "a=b", "'", "a  b ", " ", "", "\xF0\x9F\x98\x80", "a/b>c",
  };
  std::string html = "<body>";
  for (const std::string& value : odd) html += "<div class=\"" + value + "\" id='" + value + "'>t</div>";
  html += "<p title=x hidden>h</p><p hidden=\"\">i</p>";
  for (const std::size_t chunk : {std::size_t{0}, std::size_t{1}, std::size_t{5}})
    expect_same_as_inline(html, chunk, "odd values");
}

TEST(SideAttributes, ImpliedAndDiscardedElementsDoNotStealAttributes) {
  // Text first: libxml2 implies html, body and p before it, reported at the
  // text, after which <div> comes; then a second <body> and <html> and a
  // <head> inside body, which libxml2 discards with their attributes.
  const std::string html =
      "lead text<div class=d1 id=first>x</div><body class=b2 id=body2><html id=h2 class=h2>"
      "<head id=hd><p class=para>para</p><li class=item>y";
  const SideRun r = run(html, true, 1);
  ASSERT_GE(r.tags.size(), 5u);
  EXPECT_EQ(r.tags[0], Tag::html);
  EXPECT_EQ(r.owned[0].class_name, "") << "implied html";
  EXPECT_EQ(r.tags[1], Tag::body);
  EXPECT_EQ(r.owned[1].class_name, "") << "implied body";
  EXPECT_EQ(r.tags[2], Tag::p);
  EXPECT_EQ(r.owned[2].class_name, "") << "implied p";
  EXPECT_EQ(r.tags[3], Tag::div);
  EXPECT_EQ(r.owned[3].class_name, "d1");
  EXPECT_EQ(r.owned[3].id, "first");
  std::size_t para = 0;
  while (para < r.tags.size() && !(r.tags[para] == Tag::p && r.owned[para].class_name == "para")) ++para;
  ASSERT_LT(para, r.tags.size()) << r.log;
  for (std::size_t i = 4; i < para; ++i) EXPECT_EQ(r.owned[i].class_name, "") << "element " << i;
  EXPECT_EQ(r.stats.discarded, 3u) << "body, html and head were dropped by libxml2";
  EXPECT_EQ(r.stats.mismatches, 0u);
  expect_same_as_inline(html, 0, "implied");
  expect_same_as_inline(html, 1, "implied");

  // A void element and an element an end tag implies.
  const std::string other = "<p class=a>x<table class=t><tr class=r><td class=c>1<td id=c2>2</table><br class=br>z";
  expect_same_as_inline(other, 0, "implied ends");
  expect_same_as_inline(other, 1, "implied ends");
}

TEST(SideAttributes, EveryFixtureGivesTheSameEventsHoweverChunked) {
  for (const std::string& name : test::fixture_names()) {
    const std::string html = test::read_fixture(name);
    const SideRun whole = run(html, true, 0);
    EXPECT_EQ(first_difference(whole.log, run(html, false, 0).log), "") << name;
    EXPECT_EQ(whole.stats.mismatches, 0u) << name;
    for (const std::size_t chunk : {std::size_t{1}, std::size_t{7}, std::size_t{4096}}) {
      const SideRun chunked = run(html, true, chunk);
      EXPECT_EQ(first_difference(chunked.log, whole.log), "") << name << " chunk " << chunk;
      EXPECT_EQ(chunked.stats.mismatches, 0u) << name << " chunk " << chunk;
      EXPECT_EQ(chunked.stats.values, whole.stats.values) << name << " chunk " << chunk;
    }
  }
}

TEST(SideAttributes, AFullTableLeavesValuesInTheirTags) {
  // A record of one short value takes 2 bytes more than the value inline
  // would; with almost no slack in the guard's buffer (a 16-byte text run,
  // 64-byte tags) a flush of such tags runs out of room, and the values that
  // do not fit stay in their tags. The events must not change.
  std::string html = "<body>";
  for (int i = 0; i < 2000; ++i) html += "<b id=x" + std::to_string(i % 10) + "></b>";
  GuardLimits limits;
  limits.max_text_run = 16;
  limits.max_tag_bytes = 64;
  const SideRun inline_run = run(html, false, 0, limits);
  const SideRun side_run = run(html, true, 0, limits);
  EXPECT_EQ(first_difference(side_run.log, inline_run.log), "");
  EXPECT_GT(side_run.stats.inline_full, 0u);
  EXPECT_GT(side_run.stats.values, 0u);
  EXPECT_EQ(side_run.stats.mismatches, 0u);
}

TEST(SideAttributes, FlattenedAndEndTagAttributesSendNothing) {
  GuardLimits limits;
  limits.max_depth = 4;
  std::string html;
  for (int i = 0; i < 10; ++i) html += "<div class=c" + std::to_string(i) + ">";
  html += "x</div class=e id=f>";
  const SideRun inline_run = run(html, false, 1, limits);
  const SideRun side_run = run(html, true, 1, limits);
  EXPECT_EQ(first_difference(side_run.log, inline_run.log), "");
  EXPECT_EQ(side_run.stats.mismatches, 0u);
  EXPECT_EQ(side_run.stats.records, side_run.stats.claimed);
}

TEST(SideAttributes, RawTextStartTagsMapAsWithInlineValues) {
  for (const std::string& html : {std::string("<p>a</p>\n\n<br />\n\t\t<script src=http://7.5/b/1059.php?user_id=1059></script>\n"),
                                 std::string("<div>x</div><script id=ebay-rum></script>"),
                                 std::string("<script src='a&amp;b' id=x></script>"),
                                 std::string("<p>x<style class=\"a b c d e f g h\"></style>")})
    for (const std::size_t chunk : {std::size_t{0}, std::size_t{1}}) expect_same_as_inline(html, chunk, html);
}

// The whole development corpus when WINNOW_SIDE_CORPUS names it (slow).
TEST(SideAttributes, CorpusGivesTheSameEvents) {
  const char* dir = std::getenv("WINNOW_SIDE_CORPUS");
  if (dir == nullptr) GTEST_SKIP() << "set WINNOW_SIDE_CORPUS to the corpus directory";
  std::size_t pages = 0;
  SideAttributeStats total;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir)) {
    if (entry.path().extension() != ".html") continue;
    const std::string html = test::read_file(entry.path().string());
    const SideRun side_run = run(html, true, 4096);
    EXPECT_EQ(first_difference(side_run.log, run(html, false, 4096).log), "") << entry.path();
    EXPECT_EQ(side_run.stats.mismatches, 0u) << entry.path();
    total.values += side_run.stats.values;
    total.inline_full += side_run.stats.inline_full;
    total.records += side_run.stats.records;
    total.discarded += side_run.stats.discarded;
    ++pages;
  }
  std::printf("%zu pages: %llu records, %llu side values, %llu left inline for want of room, %llu discarded\n",
              pages, static_cast<unsigned long long>(total.records), static_cast<unsigned long long>(total.values),
              static_cast<unsigned long long>(total.inline_full), static_cast<unsigned long long>(total.discarded));
}

}  // namespace
}  // namespace winnow
