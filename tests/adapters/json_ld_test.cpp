// SPDX-License-Identifier: MIT
// What a JSON-LD script says about its page: the article's own fields at
// any depth, its author in each form schema.org allows, escapes decoded,
// values bounded, the first of each kept, the same however the bytes come.
#include "adapters/libxml/json_ld.h"

#include <gtest/gtest.h>

#include <string>

namespace winnow {
namespace {

using Field = JsonLdReader::Field;

// Every field as "name=value;" for the fields found, fed in pieces of `piece` bytes.
std::string read(const std::string& json, std::size_t piece = 1 << 20) {
  JsonLdReader reader;
  reader.reset();
  for (std::size_t at = 0; at < json.size(); at += piece)
    reader.feed(json.data() + at, std::min(piece, json.size() - at));
  std::string out;
  for (std::size_t i = 0; i < JsonLdReader::kFieldCount; ++i) {
    const auto field = static_cast<Field>(i);
    if (!reader.value(field).empty())
      out += std::string(JsonLdReader::property(field)) + "=" + std::string(reader.value(field)) + ";";
  }
  return out;
}

const std::string kGraph = R"({"@context": "https://schema.org", "@graph": [
  {"@type": "WebSite", "name": "The Site", "description": "All the news", "inLanguage": "en-GB"},
  {"@type": "NewsArticle", "headline": "Bridge opens", "datePublished": "2024-03-01T08:00:00Z",
   "dateModified": "2024-03-02", "author": [{"@type": "Person", "name": "Ann Lee"}, {"name": "Bob Roe"}],
   "publisher": {"@type": "Organization", "name": "Gazette"}, "headline": "A second headline"}]})";

TEST(JsonLdReader, ReadsTheArticlesFieldsAnywhereInTheGraphTheFirstOfEach) {
  EXPECT_EQ(read(kGraph),
            "headline=Bridge opens;datePublished=2024-03-01T08:00:00Z;dateModified=2024-03-02;"
            "inLanguage=en-GB;author=Ann Lee;")
      << "no site name, publisher or description is taken for the page's";
}

TEST(JsonLdReader, GivesTheSameValuesHoweverTheBytesCome) {
  for (std::size_t piece = 1; piece <= 17; ++piece) EXPECT_EQ(read(kGraph, piece), read(kGraph)) << piece;
}

TEST(JsonLdReader, TakesTheAuthorInEveryFormButAReference) {
  EXPECT_EQ(read(R"({"author": "Ann Lee"})"), "author=Ann Lee;");
  EXPECT_EQ(read(R"({"author": {"@type": "Person", "name": "Ann Lee", "url": "/ann"}})"), "author=Ann Lee;");
  EXPECT_EQ(read(R"({"author": ["Ann Lee", "Bob Roe"]})"), "author=Ann Lee;");
  EXPECT_EQ(read(R"({"author": [{"name": "Ann Lee"}, {"name": "Bob Roe"}]})"), "author=Ann Lee;");
  EXPECT_EQ(read(R"({"author": {"@id": "#person-1"}, "name": "Page name"})"), "")
      << "a reference names no one here, and another node's name is not the author's";
  EXPECT_EQ(read(R"({"author": [{"@id": "#p"}, {"name": "Second"}]})"), "") << "only the first author is read";
  EXPECT_EQ(read(R"({"publisher": {"name": "Gazette", "author": "Ann"}})"), "author=Ann;");
}

TEST(JsonLdReader, DecodesEscapesIntoUtf8) {
  EXPECT_EQ(read(R"({"headline": "Say \"hi\" \\ \/ caf\u00e9 \ud83d\ude00 end"})"),
            "headline=Say \"hi\" \\ / caf\xC3\xA9 \xF0\x9F\x98\x80 end;");
  EXPECT_EQ(read(R"({"headline": "line\none\ttab"})"), "headline=line one tab;")
      << "a control character stands for a space";
  EXPECT_EQ(read(R"({"headline": "lone \ud83d here, \ude00 there, bad \u12x4"})"),
            "headline=lone \xEF\xBF\xBD here, \xEF\xBF\xBD there, bad \xEF\xBF\xBDx4;");
}

TEST(JsonLdReader, CutsALongValueAtACharacterBoundary) {
  std::string long_headline;
  while (long_headline.size() < 400) long_headline += "\xE2\x82\xAC";  // the euro sign, three bytes
  const std::string value = read("{\"headline\": \"x" + long_headline + "\"}");
  const std::string expected = "headline=x" + long_headline.substr(0, 255) + ";";  // 1 + 85 * 3 bytes
  EXPECT_EQ(value, expected);
  std::string escaped;
  for (int i = 0; i < 200; ++i) escaped += "\\u20ac";
  EXPECT_EQ(read("{\"headline\": \"x" + escaped + "\", \"inLanguage\": \"de\"}"), expected + "inLanguage=de;")
      << "escaped characters stop whole at the bound too, and the rest is read on";
}

TEST(JsonLdReader, StopsAtTheEndOfItsValueOrAtWhatIsNotJson) {
  EXPECT_EQ(read(R"({"headline": "One"}</script>{"headline": "Two", "author": "X"})"), "headline=One;");
  EXPECT_EQ(read(R"({"headline": "Kept", "datePublished": 2024 "author": "Y"})"), "headline=Kept;")
      << "malformed: what came before stays";
  EXPECT_EQ(read(R"(<!-- {"headline": "x"} -->)"), "") << "not JSON from its first byte";
  EXPECT_EQ(read(R"("headline")"), "") << "a top-level value must be an object or an array";
  EXPECT_EQ(read(R"([{"headline": "In an array"}, 1, true, null, -2.5e3])"), "headline=In an array;");
  EXPECT_EQ(read(R"({"headline": {"@value": "Nested"}, "datePublished": "2020"})"), "datePublished=2020;")
      << "only a string is a value";
}

TEST(JsonLdReader, AStringTheScriptEndsInsideIsNoValue) {
  // The guard asks for the values at the script's end tag; a string still
  // open there is malformed JSON (a "</script>" inside it ends the script,
  // as a browser reads it). Its bytes so far are no value, and could end
  // inside a character: cut at the bound, "é" leaves its first byte.
  EXPECT_EQ(read(R"({"headline": "Cut off)"), "");
  EXPECT_EQ(read("{\"headline\": \"" + std::string(255, 'a') + "\xC3\xA9"), "");
  EXPECT_EQ(read(R"({"headline": "Kept", "author": "Cut)"), "headline=Kept;") << "what ended before stays";
  EXPECT_EQ(read(R"({"headline": "Kept", "author": "Esc\u00)"), "headline=Kept;") << "inside an escape too";
  EXPECT_EQ(read(R"({"headline": "Kept", "author": "Cut)", 3), "headline=Kept;");
}

TEST(JsonLdReader, ADeepNestStopsTheReadingWithoutLosingWhatCameBefore) {
  std::string deep = R"({"headline": "Before", "x": )";
  for (std::size_t i = 0; i < JsonLdReader::kMaxDepth + 5; ++i) deep += "[";
  deep += R"("deep"], "author": "After"})";
  EXPECT_EQ(read(deep), "headline=Before;");
  std::string fits = "{";
  for (std::size_t i = 0; i + 2 < JsonLdReader::kMaxDepth; ++i) fits += "\"a\": {";
  fits += "\"headline\": \"Deep but within\"";
  for (std::size_t i = 0; i + 1 < JsonLdReader::kMaxDepth; ++i) fits += "}";
  EXPECT_EQ(read(fits), "headline=Deep but within;");
}

TEST(JsonLdReader, ResetForgetsThePreviousScript) {
  JsonLdReader reader;
  reader.reset();
  const std::string first = R"({"headline": "First"})";
  reader.feed(first.data(), first.size());
  EXPECT_EQ(reader.value(Field::headline), "First");
  reader.reset();
  EXPECT_EQ(reader.value(Field::headline), "");
  const std::string second = R"({"author": "Z"})";
  reader.feed(second.data(), second.size());
  EXPECT_EQ(reader.value(Field::author), "Z");
  EXPECT_EQ(reader.value(Field::headline), "");
}

}  // namespace
}  // namespace winnow
