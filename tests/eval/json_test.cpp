// SPDX-License-Identifier: MIT
// Tests of json.h on the shapes package metadata takes, and on bad input.
#include "adapters/eval/json.h"

#include <gtest/gtest.h>

namespace winnow::eval {
namespace {

TEST(Json, ParsesNestedObjectsAndArrays) {
  std::string error;
  const auto v = parse_json(
      R"({"name": "p", "n": 71, "ok": true, "none": null, "list": ["a", 2.5e1],
          "source": {"url": "http://x"}})",
      &error);
  ASSERT_TRUE(v) << error;
  EXPECT_EQ(v->string_or("name"), "p");
  EXPECT_EQ(v->find("n")->number, 71);
  EXPECT_TRUE(v->find("ok")->boolean);
  EXPECT_EQ(v->find("none")->type, JsonValue::Type::Null);
  EXPECT_EQ(v->find("list")->array.size(), 2u);
  EXPECT_EQ(v->find("list")->array[1].number, 25);
  EXPECT_EQ(v->find("source")->string_or("url"), "http://x");
  EXPECT_EQ(v->string_or("missing", "fallback"), "fallback");
  EXPECT_EQ(v->string_or("n", "not a string"), "not a string");
}

TEST(Json, DecodesEscapesAndSurrogatePairs) {
  const auto v = parse_json(R"(["a\"b\\c\/\n\t", "\u00e9\u4e2d", "\ud83d\ude00", "\ud800x"])", nullptr);
  ASSERT_TRUE(v);
  EXPECT_EQ(v->array[0].string, "a\"b\\c/\n\t");
  EXPECT_EQ(v->array[1].string, "é中");
  EXPECT_EQ(v->array[2].string, "\xF0\x9F\x98\x80");
  EXPECT_EQ(v->array[3].string, "\xEF\xBF\xBDx");  // lone surrogate -> U+FFFD
}

TEST(Json, RendersValuesOnOneLine) {
  const auto v = parse_json(R"({"b": [1, true], "a": "x"})", nullptr);
  ASSERT_TRUE(v);
  EXPECT_EQ(v->to_text(), "{a: x, b: [1, true]}");
}

TEST(Json, RejectsMalformedDocuments) {
  for (const char* bad : {"", "{", "{\"a\" 1}", "[1,]", "{\"a\": tru}", "\"open", "1 2",
                          "{\"a\": \"\\q\"}"}) {
    std::string error;
    EXPECT_FALSE(parse_json(bad, &error)) << bad;
    EXPECT_FALSE(error.empty()) << bad;
  }
}

TEST(Json, LimitsNesting) {
  EXPECT_FALSE(parse_json(std::string(100, '[') + std::string(100, ']'), nullptr));
  EXPECT_TRUE(parse_json(std::string(30, '[') + std::string(30, ']'), nullptr));
}

}  // namespace
}  // namespace winnow::eval
