// SPDX-License-Identifier: MIT
#include "adapters/libxml/guard.h"

#include <gtest/gtest.h>
#include <libxml/HTMLparser.h>

#include <cstring>
#include <string>
#include <vector>

#include "adapters/libxml/libxml_memory.h"

namespace winnow {
namespace {

class ChunkRecorder final : public ByteSink {
 public:
  void write(const char* data, std::size_t size) override {
    chunks.emplace_back(data, size);
    text.append(data, size);
  }
  std::vector<std::string> chunks;
  std::string text;
};

struct Guarded {
  std::string text;
  std::vector<std::string> chunks;
  GuardStats stats;
};

Guarded guard(const std::string& input, std::size_t chunk = 1 << 20, GuardLimits limits = {}) {
  MemoryBudget budget(1 << 20);
  ChunkRecorder recorder;
  Guard g(budget, limits, recorder);
  EXPECT_TRUE(g.ok());
  for (std::size_t at = 0; at < input.size(); at += chunk)
    g.write(input.data() + at, std::min(chunk, input.size() - at));
  g.finish();
  return {recorder.text, recorder.chunks, g.stats()};
}

TEST(Guard, CanonicalisesTagsAndKeepsOnlyAttributesTheEngineReads) {
  EXPECT_EQ(guard("<DIV Class=a data-x=\"1\" ID='m' onClick=\"go()\">x</DiV>").text,
            "<div class=\"a\" id=\"m\" onclick=\"go()\">x</div>");
  EXPECT_EQ(guard("<p title='a \"q\"' class='say \"hi\"'>").text, "<p class=\"say &quot;hi&quot;\">");
  EXPECT_EQ(guard("<p class=a class=b>").text, "<p class=\"a\">") << "the first of two wins";
  EXPECT_EQ(guard("<br><img src=x alt=y><hr/>").text, "<br/><img src=\"x\"/><hr/>");
  EXPECT_EQ(guard("<a href=/x title=t rel=nofollow>l</a>").text, "<a href=\"/x\">l</a>") << "no algorithm reads title, rel";
  EXPECT_EQ(guard("<div WIDTH=728 height='90px' data-w=1>x</div>").text, "<div width=\"728\" height=\"90px\">x</div>")
      << "the advert cue reads link targets and sizes";
  EXPECT_EQ(guard("<my-widget>t</my-widget>").text, "<x-unknown>t</x-unknown>");
  EXPECT_EQ(guard("<article><nav>n</nav></article>").text, "<article><nav>n</nav></article>");
  EXPECT_EQ(guard("<META Name=description CONTENT='A page' lang=en>").text,
            "<meta name=\"description\" content=\"A page\"/>")
      << "a meta's name and content: the page's description";
  EXPECT_EQ(guard("<meta property=og:description content=x>").text, "<meta property=\"og:description\" content=\"x\"/>");
  EXPECT_EQ(guard("<input name=q content=x property=p><a name=top>t</a>").text, "<input/><a>t</a>")
      << "name, property and content are read on meta alone";
  EXPECT_EQ(guard("<a href=/de hreflang=de lang=de>Deutsch</a><link rel=alternate hreflang=fr href=/fr>").text,
            "<a href=\"/de\" hreflang=\"de\">Deutsch</a><link rel=\"alternate\" href=\"/fr\"/>")
      << "hreflang is read on a link the reader follows, not on the head's alternates";
}

TEST(Guard, CutsLinkTargetsAt256BytesWholeCharacters) {
  const std::string url = "/" + std::string(300, 'u');
  const Guarded g = guard("<a href=\"" + url + "\">l</a>", 7);
  EXPECT_EQ(g.text, "<a href=\"" + url.substr(0, 256) + "\">l</a>");
  EXPECT_EQ(g.stats.attributes_truncated, 1u);
  std::string accented = "/";
  for (int i = 0; i < 200; ++i) accented += "\xC3\xA9";  // 2 bytes each: 256 would cut one in half
  const Guarded a = guard("<img src=\"" + accented + "\">", 3);
  EXPECT_EQ(a.text, "<img src=\"" + accented.substr(0, 255) + "\"/>");
}

// Each dropped piece of markup leaves an empty comment, so that libxml2 ends
// the text run there (the parser adapter maps the comment onto the dropped
// bytes); consecutive ones leave one.
TEST(Guard, DropsCommentsDoctypesAndProcessingInstructions) {
  EXPECT_EQ(guard("<!DOCTYPE html>a<!-- c -- d -->b<!---->c<!-->d<?pi x?>e<![CDATA[f]]>g</>h").text,
            "<!---->a<!---->b<!---->c<!---->d<!---->e<!---->g<!---->h");
  EXPECT_EQ(guard("a<!--x--!>b").text, "a<!---->b");
  EXPECT_EQ(guard("a<!--x--><!--y--><?z?>b").text, "a<!---->b");
  EXPECT_EQ(guard("<p>a</p><!-- unfinished").text, "<p>a</p>") << "nothing follows: nothing to separate";
}

TEST(Guard, DropsScriptAndStyleContentIncludingTagLikeText) {
  EXPECT_EQ(guard("<script>if (a<b) x = '</p>'; y='</scr'+'ipt>';</script>after").text,
            "<script></script>after");
  EXPECT_EQ(guard("<STYLE media=x>p{}</style >z").text, "<style></style>z");
  EXPECT_EQ(guard("<script>never closed <p>lost").text, "<script></script>");
}

// HTML's script data escaped states: after "<!--" in a script, a "<script>"
// the script writes (document.write, a JSON string of an embed) hides its
// "</script>" until "-->". utomo chaos-baseball-2 (stop 43): a JSON store
// inside "<!--" held an embed's "<script>...</script>", and the 3 KB of JSON
// after it reached the page as text.
TEST(Guard, AScriptWrittenInsideACommentedScriptDoesNotEndIt) {
  const std::string old_style =
      "<script><!--\ndocument.write('<SCRIPT src=ad.js></scr' + 'ipt>');\n"
      "document.write(\"<script src='b.js'></script>\");\nx = 1;\n//--></script>after";
  EXPECT_EQ(guard(old_style).text, "<script></script>after");
  const std::string json_store =
      "<script>window.STORE = <!-- {\"embed\":\"<div></div><script>go()</script>\",\"a\":1} --></script><p>text</p>";
  EXPECT_EQ(guard(json_store).text, "<script></script><p>text</p>");
  // Inside "<!--" but not inside a written script, "</script>" still ends it.
  EXPECT_EQ(guard("<script><!-- a = 1; </script>after -->").text, "<script></script>after -->");
  EXPECT_EQ(guard("<script><!-- <scripts> </script>after").text, "<script></script>after")
      << "\"scripts\" is not \"script\": no double escape";
  // "-->" inside the written script returns to plain script data, where the
  // next "</script>" ends the element.
  EXPECT_EQ(guard("<script><!-- <script> --> </script>after").text, "<script></script>after");
  // A style has no escaped states.
  EXPECT_EQ(guard("<style><!-- <script> </style>after").text, "<style></style>after");
  // "<!-" without the second dash is script text.
  EXPECT_EQ(guard("<script><!-<script></script>after").text, "<script></script>after");
  // Never closed: dropped to the end, as an unclosed script always was.
  EXPECT_EQ(guard("<script><!-- <script> </script> <p>lost").text, "<script></script>");
  for (const std::string& input : {old_style, json_store})
    for (std::size_t chunk = 1; chunk <= 9; ++chunk) EXPECT_EQ(guard(input, chunk).text, guard(input).text) << chunk;
}

TEST(Guard, WritesWhatAJsonLdScriptInTheHeadSaysAsMetaElements) {
  const std::string script =
      "<script type=\" Application/LD+JSON \">{\"@type\": \"NewsArticle\", \"headline\": \"Tom & \\\"Jerry\\\" <3\",\n"
      " \"datePublished\": \"2024-01-02\", \"author\": {\"name\": \"Ann\"}}</script>";
  const std::string metas =
      "<script></script><meta itemprop=\"headline\" content=\"Tom &amp; &quot;Jerry&quot; &lt;3\"/>"
      "<meta itemprop=\"datePublished\" content=\"2024-01-02\"/><meta itemprop=\"author\" content=\"Ann\"/>";
  const std::string page = "<html><head>" + script + "<title>t</title></head><body><p>x</p>";
  const Guarded whole = guard(page);
  EXPECT_EQ(whole.text, "<html><head>" + metas + "<title>t</title></head><body><p>x</p>");
  EXPECT_EQ(whole.stats.json_ld_values, 3u);
  for (std::size_t chunk = 1; chunk <= 9; ++chunk) EXPECT_EQ(guard(page, chunk).text, whole.text) << chunk;
  // Before any element, as many pages put it.
  EXPECT_EQ(guard(script + "<p>x</p>").text, metas + "<p>x</p>");
  // Among the content a <meta> could change what libxml2 does with the text
  // around it; the engine would not read it there anyway.
  EXPECT_EQ(guard("<body><p>a" + script + "b</p>").text, "<body><p>a<script></script>b</p>");
  EXPECT_EQ(guard("<body>" + script).text, "<body><script></script>");
  // Only JSON-LD: other scripts, a JSON-LD whose script never ends, one in
  // "<!--" (no JSON) give nothing.
  EXPECT_EQ(guard("<script type=\"application/json\">{\"headline\": \"x\"}</script>").text, "<script></script>");
  EXPECT_EQ(guard("<script>{\"headline\": \"x\"}</script>").text, "<script></script>");
  EXPECT_EQ(guard("<script type=application/ld+json>{\"headline\": \"x\"}").text, "<script></script>");
  EXPECT_EQ(guard("<script type=application/ld+json><!-- {\"headline\": \"x\"} --></script>").text,
            "<script></script>");
  EXPECT_EQ(guard("<script type=application/ld+json>{\"headline\": \"x</b>y\"}</script>").text,
            "<script></script><meta itemprop=\"headline\" content=\"x&lt;/b>y\"/>")
      << "a '<' that ends no script is the JSON's";
  // A "</script>" inside a string ends the script there: that string is no
  // value (its bytes so far, cut at the reader's bound, could end inside a
  // character, which libxml2 would be handed as it is); what ended before stays.
  EXPECT_EQ(guard("<script type=application/ld+json>{\"headline\": \"A\", \"author\": \"" + std::string(255, 'a') +
                  "\xC3\xA9</script>")
                .text,
            "<script></script><meta itemprop=\"headline\" content=\"A\"/>");
  // The script's type never reaches the parser.
  EXPECT_EQ(guard("<script type=module src=a.js></script>").text, "<script src=\"a.js\"></script>");
}

TEST(Guard, BareLessThanBecomesAnEntity) {
  EXPECT_EQ(guard("a < b <3 <").text, "a &lt; b &lt;3 &lt;");
}

TEST(Guard, SplitsLongTextWithoutLosingOrBreakingAnything) {
  GuardLimits limits;
  limits.max_text_run = 100;
  std::string text;
  for (int i = 0; i < 200; ++i) text += "w\xC3\xA9rd &amp; ";
  const Guarded g = guard("<p>" + text + "</p>", 7, limits);
  std::string without_splits = g.text;
  for (std::size_t at; (at = without_splits.find("<!---->")) != std::string::npos;) without_splits.erase(at, 7);
  EXPECT_EQ(without_splits, "<p>" + text + "</p>");
  EXPECT_GT(g.stats.text_splits, 10u);
  EXPECT_EQ(g.text.find("&am<!---->"), std::string::npos);
  EXPECT_EQ(g.text.find("\xC3<!---->"), std::string::npos);
}

TEST(Guard, TruncatesHugeAttributeValuesAtACharacterBoundary) {
  std::string value;
  for (int i = 0; i < 1000; ++i) value += "\xE2\x82\xAC";  // 3000 bytes of euro signs
  const Guarded g = guard("<div class=\"" + value + "\">x</div>");
  EXPECT_EQ(g.stats.attributes_truncated, 1u);
  const std::size_t start = g.text.find('"') + 1;
  const std::size_t end = g.text.find('"', start);
  EXPECT_LE(end - start, 512u) << "class values are cut at 512 bytes";
  EXPECT_EQ((end - start) % 3, 0u) << "no half character";
}

TEST(Guard, FlattensNestingPastTheLimitButKeepsText) {
  GuardLimits limits;
  limits.max_depth = 4;
  std::string input;
  for (int i = 0; i < 10; ++i) input += "<div>";
  input += "deep";
  for (int i = 0; i < 10; ++i) input += "</div>";
  input += "<p>after</p>";
  const Guarded g = guard(input, 3, limits);
  EXPECT_EQ(g.text, "<div><div><div><div><!---->deep<!----></div></div></div></div><p>after</p>");
  EXPECT_EQ(g.stats.elements_flattened, 6u);
}

TEST(Guard, MirrorsImpliedClosesSoListsDoNotCountAsDeep) {
  GuardLimits limits;
  limits.max_depth = 4;
  std::string input = "<ul>";
  for (int i = 0; i < 50; ++i) input += "<li>item";
  input += "</ul><p>a<p>b<p>c<p>d<p>e";
  const Guarded g = guard(input, 5, limits);
  EXPECT_EQ(g.stats.elements_flattened, 0u);
}

TEST(Guard, EndTagsLibxml2WouldIgnoreAreDropped) {
  EXPECT_EQ(guard("<div><span>a</div>b</span></div>").text, "<div><span>a</div>b<!---->");
  EXPECT_EQ(guard("<span><div>x</span></div>").text, "<span><div>x<!----></div>")
      << "</span> may not close past a div";
}

TEST(Guard, AParagraphInsideAHeadingReachesTheParserAsADivSoTheHeadingStaysOpen) {
  // libxml2 2.9 closes a heading at a <p> (HTML 4); browsers keep the
  // paragraph inside it. A <div> it keeps.
  EXPECT_EQ(guard("<h1><p>Title</p></h1><p>Text</p>").text, "<h1><div>Title</div></h1><p>Text</p>");
  EXPECT_EQ(guard("<h2 class=\"t\"><p class=\"u\">A</p><p>B</p></h2>").text,
            "<h2 class=\"t\"><div class=\"u\">A</div><div>B</div></h2>");
  EXPECT_EQ(guard("<h3><p>x<span>y</p>z</h3>").text, "<h3><div>x<span>y</div>z</h3>")
      << "its </p> closes what is open inside it, as </div> does";
  EXPECT_EQ(guard("<h1><p>Title</h1><p>Text</p>").text, "<h1><div>Title</div></h1><p>Text</p>")
      << "an unclosed one ends with the heading; a <div> would keep </h1> from closing it";
  EXPECT_EQ(guard("<div><h1><p>Title</div><p>Text</p>").text, "<div><h1><div>Title</div></div><p>Text</p>")
      << "and with an element around the heading";
  EXPECT_EQ(guard("<h1><a href=\"/\"><p>Title</p></a></h1>").text, "<h1><a href=\"/\"><p>Title</p></a></h1>")
      << "inside a link, libxml2 keeps the heading open itself";
  EXPECT_EQ(guard("<p>a</p><div><p>b</p></div>").text, "<p>a</p><div><p>b</p></div>");
}

TEST(Guard, NeverClosesBodyOrHtmlSoTrailingContentIsParsed) {
  EXPECT_EQ(guard("<html><body><p>a</p></body></html><div>after</div>").text,
            "<html><body><p>a</p><!----><div>after</div>");
}

TEST(Guard, DropsAnUnfinishedTagOrCommentAtTheEnd) {
  EXPECT_EQ(guard("text<a href=\"http://exa").text, "text");
  EXPECT_EQ(guard("text<!-- open").text, "text");
  EXPECT_EQ(guard("text<").text, "text&lt;");
}

// Text is copied in runs up to the split point or the next '&'; a split
// waits for a reference to end, wherever the reference falls.
TEST(Guard, SplitsNeverCutAReferenceWhereverItFallsInARun) {
  GuardLimits limits;
  limits.max_text_run = 100;
  for (std::size_t lead = 60; lead <= 180; ++lead) {  // through the hard split at 164 bytes
    for (const std::string reference : {"&quot;", "&thetasym;", "&#x00000002014;"}) {
      const std::string text = std::string(lead, 'a') + reference + std::string(300, 'b');
      const Guarded whole = guard("<p>" + text + "</p>", 1 << 20, limits);
      EXPECT_NE(whole.text.find(reference), std::string::npos) << lead;
      EXPECT_GT(whole.stats.text_splits, 0u) << lead;
      for (std::size_t chunk : {1u, 5u, 64u}) EXPECT_EQ(guard("<p>" + text + "</p>", chunk, limits).text, whole.text);
    }
  }
}

// Runs that end inside a reference, right after one, or with a reference
// left open by the run before must split exactly where byte-by-byte reading
// splits, and spell the same ampersands out.
TEST(Guard, ReferenceStateCarriesAcrossRunsAndChunks) {
  GuardLimits limits;
  limits.max_text_run = 40;
  const std::string text = "w &amp x&#8217;y && &&a &" + std::string(30, 'n') + " tail &#x2014 z<b>&lt</b>" +
                           std::string(70, 'q') + "&" + std::string(40, 'r') + " end &copy;";
  const Guarded whole = guard("<p>" + text + "</p>", 1 << 20, limits);
  EXPECT_GT(whole.stats.text_splits, 0u);
  EXPECT_EQ(whole.stats.ampersands_spelt_out, 8u);
  for (std::size_t chunk = 1; chunk <= 50; ++chunk)
    EXPECT_EQ(guard("<p>" + text + "</p>", chunk, limits).text, whole.text) << chunk;
}

// What libxml2 reports for a document: its text, and each kept attribute's
// value as "[name=value]". winnow's allocator goes in first, as for any
// program that calls libxml2 itself (libxml_memory.h): the tests after this
// one share the process.
std::string parsed(const std::string& html) {
  EXPECT_TRUE(install_libxml_allocator());
  struct Collected {
    std::string text;
  } collected;
  htmlSAXHandler sax;
  std::memset(&sax, 0, sizeof(sax));
  sax.characters = [](void* user, const xmlChar* text, int size) {
    static_cast<Collected*>(user)->text.append(reinterpret_cast<const char*>(text), static_cast<std::size_t>(size));
  };
  sax.startElement = [](void* user, const xmlChar*, const xmlChar** attributes) {
    for (const xmlChar** a = attributes; a != nullptr && a[0] != nullptr; a += 2)
      static_cast<Collected*>(user)->text += "[" + std::string(reinterpret_cast<const char*>(a[0])) + "=" +
                                             (a[1] ? reinterpret_cast<const char*>(a[1]) : "") + "]";
  };
  htmlParserCtxtPtr context = htmlCreatePushParserCtxt(&sax, &collected, nullptr, 0, nullptr, XML_CHAR_ENCODING_UTF8);
  htmlCtxtUseOptions(context, HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING | HTML_PARSE_NONET);
  htmlParseChunk(context, html.data(), static_cast<int>(html.size()), 1);
  htmlFreeParserCtxt(context);
  return collected.text;
}

// libxml2 decodes a numeric reference and one of HTML 4's entity names
// closed by ';', and passes every other '&' on as written, but only after
// reading the name after it into its dictionary, which keeps every name
// for the whole document. The guard spells such an '&' "&amp;", in text and
// in attribute values: the same character, and no name to keep.
TEST(Guard, SpellsOutEveryAmpersandTheParserWouldPassOnAsWritten) {
  // Each case means to libxml2 what it meant before the guard rewrote it.
  const std::vector<std::string> cases = {
      "AT&T", "&foo; &foo", "&copy &copy; &COPY; &Copy;", "& x &", "&#65 &#x42; &#; &#x;", "&amp &amp; &ampx",
      "&copy.x; &copy-x; &copy_x; &copy:x;", "&\xC3\xA9t\xC3\xA9 &_x; &:x; &-x", "&thetasym; &thetasymx;",
      "a&<b>b</b>&", "&" + std::string(40, 'n') + ";"};
  for (const std::string& text : cases) {
    const std::string in_text = "<p>" + text + "</p>";
    const std::string in_values = "<p><a href=\"" + text + "\" class='" + text + "'>l</a></p>";
    for (const std::string& page : {in_text, in_values}) {
      const Guarded guarded = guard(page);
      EXPECT_EQ(parsed(guarded.text), parsed(page)) << page << "\nguarded: " << guarded.text;
    }
  }
  EXPECT_EQ(guard("<p>a &copy; b &amp; c &#65 d &#x42; e &thetasym;</p>").text,
            "<p>a &copy; b &amp; c &#65 d &#x42; e &thetasym;</p>")
      << "what libxml2 decodes is left as it is";
  EXPECT_EQ(guard("<p>AT&T &foo; &copy x & y &</p>").text, "<p>AT&amp;T &amp;foo; &amp;copy x &amp; y &amp;</p>");
  EXPECT_EQ(guard("<p>&COPY; &copy.x; &copy-</p>").text, "<p>&amp;COPY; &amp;copy.x; &amp;copy-</p>")
      << "names are case-sensitive, and libxml2's name goes on past the letters";
  EXPECT_EQ(guard("<p>&" + std::string(40, 'n') + ";</p>").text, "<p>&amp;" + std::string(40, 'n') + ";</p>");
  EXPECT_EQ(guard("<p>a &amp<!-- c -->b</p>").text, "<p>a &amp;amp<!---->b</p>");
  EXPECT_EQ(guard("<p>tail &amp").text, "<p>tail &amp;amp") << "the end of the input ends the reference";
  EXPECT_EQ(guard("<a href='/s?a=1&b=2&amp;c=3&#38;d' class='x\"y&z'>l</a>").text,
            "<a href=\"/s?a=1&amp;b=2&amp;c=3&#38;d\" class=\"x&quot;y&amp;z\">l</a>");
  const std::string page = "<p title=t>AT&T, &foo; &copy; &c</p><a href='?q=1&p=2&amp;r=&'>x&y</a>&";
  const Guarded whole = guard(page);
  EXPECT_EQ(whole.stats.ampersands_spelt_out, 5u) << "those in text: AT&T, &foo;, &c, x&y and the last";
  for (std::size_t chunk = 1; chunk <= page.size(); ++chunk) EXPECT_EQ(guard(page, chunk).text, whole.text) << chunk;
}

TEST(Guard, OutputAndChunkBoundariesDoNotDependOnInputChunking) {
  GuardLimits limits;
  limits.flush_bytes = 64;
  limits.max_text_run = 50;
  std::string input;
  for (int i = 0; i < 40; ++i)
    input += "<div class=c" + std::to_string(i) + "><!-- c -->Some text here, and more &amp; more text.<br></div>";
  const Guarded whole = guard(input, input.size(), limits);
  EXPECT_GT(whole.chunks.size(), 10u);
  for (std::size_t chunk : {1u, 2u, 3u, 7u, 64u}) {
    const Guarded split = guard(input, chunk, limits);
    EXPECT_EQ(split.text, whole.text) << chunk;
    EXPECT_EQ(split.chunks, whole.chunks) << chunk;
  }
}

// Tag names, attribute names and unquoted values are copied in runs that end
// at a chunk boundary; wherever the boundary falls, the tag comes out as if
// read byte by byte, caps on name and value lengths included.
TEST(Guard, TagRunsGiveTheSameTagWhereverAChunkEnds) {
  const std::string long_name(40, 'Q');          // past the 32 bytes of a tag name
  const std::string long_attribute(30, 'z');     // past the 24 bytes of an attribute name
  const std::string long_class(600, 'c');        // past class's 512-byte cap
  const std::string input = "<DIV\tCLASS=Ab/cd ID=\"x\" " + long_attribute + "=1 hidden role=main>t</DIV>" +
                            "<" + long_name + " class=k>u</" + long_name + ">" + "<p class=" + long_class +
                            " style=''/><A HREF=/a/b>l</A >";
  const std::string expected = "<div class=\"Ab/cd\" id=\"x\" hidden=\"\" role=\"main\">t</div>"
                               "<x-unknown class=\"k\">u</x-unknown>"
                               "<p class=\"" + long_class.substr(0, 512) + "\" style=\"\"/><a href=\"/a/b\">l</a>";
  const Guarded whole = guard(input);
  EXPECT_EQ(whole.text, expected);
  for (std::size_t chunk = 1; chunk <= 40; ++chunk) EXPECT_EQ(guard(input, chunk).text, expected) << chunk;
}

// A tag is read in one loop (run_tag) until its '>'; where a chunk ends
// inside it, the loop stops and resumes in the same state. Every way into and
// out of each state inside a tag, at every chunk size: the same output, the
// same chunks to the parser and the same offsets as whole.
TEST(Guard, EveryTagSyntaxGivesTheSameOutputAndOffsetsWhereverAChunkEnds) {
  const std::string input =
      "<p =x a = 'b' id = \"q\" class= c>one"   // '=' opening a name, spaces around '=', unquoted
      "<img src=a/>"                              // the '/' of an unquoted value is the value's
      "<br / class=x>"                            // a '/' not before '>'
      "<span hidden/>two"                         // a valueless attribute ended by "/>"
      "<div\nid='a>b'\n\tROLE=\"main\"\f>three</div\tx=\"a>b\">"  // '>' in quotes, attributes on an end tag
      "</>four</ x>five<3 six<!--c--><?pi?><!x>"  // no tags: markup dropped, a bare '<'
      "<a href=x hidden>seven</a><i class=\"\" id=''>e</i><b\n>f</b >";
  const Guarded whole = guard(input);
  EXPECT_EQ(whole.text.rfind("<p id=\"q\" class=\"c\">one<img src=\"a/\"/><br", 0), 0u) << whole.text;
  EXPECT_NE(whole.text.find("<br class=\"x\"/><span hidden=\"\"/>two"), std::string::npos) << whole.text;
  EXPECT_NE(whole.text.find("<div id=\"a>b\" role=\"main\">three</div>"), std::string::npos) << whole.text;
  EXPECT_NE(whole.text.find("four"), std::string::npos);
  EXPECT_NE(whole.text.find("five&lt;3 six"), std::string::npos) << whole.text;
  EXPECT_NE(whole.text.find("<a href=\"x\" hidden=\"\">seven</a><i class=\"\" id=\"\">e</i><b>f</b>"),
            std::string::npos)
      << whole.text;
  auto offsets = [](const std::string& text, std::size_t chunk) {
    MemoryBudget budget(1 << 20);
    ChunkRecorder recorder;
    Guard g(budget, {}, recorder);
    for (std::size_t at = 0; at < text.size(); at += chunk) g.write(text.data() + at, std::min(chunk, text.size() - at));
    g.finish();
    std::vector<std::uint64_t> mapped;
    for (std::size_t at = 0; at <= recorder.text.size(); ++at) mapped.push_back(g.offsets().map(at));
    return mapped;
  };
  const std::vector<std::uint64_t> whole_offsets = offsets(input, input.size());
  for (std::size_t chunk = 1; chunk <= 48; ++chunk) {
    const Guarded split = guard(input, chunk);
    EXPECT_EQ(split.text, whole.text) << chunk;
    EXPECT_EQ(split.chunks, whole.chunks) << chunk;
    EXPECT_EQ(offsets(input, chunk), whole_offsets) << chunk;
  }
}

TEST(Guard, OffsetsMapCanonicalTagsBackToTheSource) {
  MemoryBudget budget(1 << 20);
  ChunkRecorder recorder;
  Guard g(budget, {}, recorder);
  const std::string input = "<P data-long=\"xxxxxxxx\">Hi</P>";
  g.write(input.data(), input.size());
  g.finish();
  ASSERT_EQ(recorder.text, "<p>Hi</p>");
  EXPECT_EQ(g.offsets().map(3), 24u) << "text after the tag";
  EXPECT_EQ(g.offsets().map(5), 26u);
  EXPECT_EQ(g.offsets().map(9), input.size());
}

}  // namespace
}  // namespace winnow
