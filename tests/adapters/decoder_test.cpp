// SPDX-License-Identifier: MIT
#include "adapters/libxml/decoder.h"

#include <gtest/gtest.h>

#include <string>

#include "adapters/libxml/libxml_memory.h"
#include "support/test_support.h"

namespace winnow {
namespace {

class StringByteSink final : public ByteSink {
 public:
  void write(const char* data, std::size_t size) override { text.append(data, size); }
  std::string text;
};

struct Decoded {
  std::string text;
  std::string encoding;
};

Decoded decode(const std::string& input, std::size_t chunk, const std::string& override_encoding = "") {
  install_libxml_allocator();
  MemoryBudget budget(1 << 20);
  LibxmlScope scope(budget);
  StringByteSink sink;
  Decoder decoder(budget, override_encoding, sink);
  EXPECT_TRUE(decoder.ok());
  std::size_t at = 0;
  do {
    const std::size_t n = std::min(chunk, input.size() - at);
    decoder.feed(input.data() + at, n, at + n == input.size());
    at += n;
  } while (at < input.size());
  return {sink.text, decoder.encoding()};
}

const char kFffd[] = "\xEF\xBF\xBD";

TEST(Decoder, RepairsInvalidUtf8WithOneReplacementPerMaximalSubpart) {
  struct Case {
    std::string input;
    std::string expected;
  } cases[] = {
      {"plain ascii", "plain ascii"},
      {"caf\xC3\xA9", "caf\xC3\xA9"},
      {"caf\xE9!", std::string("caf") + kFffd + "!"},
      {"x\xFF\xFE", std::string("x") + kFffd + kFffd},
      {"a\xC3" "b", std::string("a") + kFffd + "b"},
      {"over\xC0\xAF", std::string("over") + kFffd + kFffd},
      {"sur\xED\xA0\x80", std::string("sur") + kFffd + kFffd + kFffd},
      {"cut\xE2\x82", std::string("cut") + kFffd},
      {"\xF0\x9F\x98\x80 emoji", "\xF0\x9F\x98\x80 emoji"},
      {std::string("nul\0byte", 8), std::string("nul") + kFffd + "byte"},
      {"bell\x07tab\tff\x0C", "bell tab\tff "},
      {"nonchar\xEF\xBF\xBE", std::string("nonchar") + kFffd},
  };
  for (const Case& c : cases) {
    for (std::size_t chunk : {1u, 2u, 3u, 100u}) {
      EXPECT_EQ(decode(c.input, chunk).text, c.expected) << "input " << c.input << " chunk " << chunk;
    }
  }
}

TEST(Decoder, ByteOrderMarksDecideAndAreRemoved) {
  EXPECT_EQ(decode("\xEF\xBB\xBFhi", 1).text, "hi");
  const std::string utf16le("\xFF\xFEh\0i\0", 6);
  const Decoded d = decode(utf16le, 1);
  EXPECT_EQ(d.text, "hi");
  EXPECT_EQ(d.encoding, "UTF-16LE");
  const std::string utf16be("\xFE\xFF\0h\0i", 6);
  EXPECT_EQ(decode(utf16be, 3).text, "hi");
}

TEST(Decoder, MetaCharsetIsHonouredUnlessItLies) {
  const std::string cp1251 = "<meta charset=\"windows-1251\"><p>\xCF\xF0\xE8\xE2\xE5\xF2</p>";
  const Decoded d = decode(cp1251, 7);
  EXPECT_EQ(d.encoding, "WINDOWS-1251");
  EXPECT_EQ(d.text, "<meta charset=\"windows-1251\"><p>\xD0\x9F\xD1\x80\xD0\xB8\xD0\xB2\xD0\xB5\xD1\x82</p>");
  const std::string lying = "<meta http-equiv=Content-Type content='text/html; charset=gbk'><p>\xD0\x9F\xD1\x80</p>";
  EXPECT_EQ(decode(lying, 5).encoding, "UTF-8");
  const std::string commented = "<!-- <meta charset=koi8-r> --><p>x</p>";
  EXPECT_EQ(decode(commented, 5).encoding, "UTF-8");
}

// fuzz_pipeline finding f0237205: charset="utf-8" followed by NUL bytes was
// no known label, libxml2 found its UTF-8 handler by the C string's prefix,
// and that handler passed invalid bytes through unrepaired.
TEST(Decoder, ALabelEndsAtItsFirstForeignByteAndUtf8IsAlwaysRepaired) {
  std::string page = "<meta charset=\"utf-8";
  page += std::string(16, '\0');
  page += "\"><p>caf\xBD</p>";
  const Decoded d = decode(page, 5);
  EXPECT_EQ(d.encoding, "UTF-8");
  EXPECT_NE(d.text.find(std::string("caf") + kFffd + "</p>"), std::string::npos);
  // UTF-8 named by one of libxml2's own aliases takes the repairing path too.
  const Decoded alias = decode("<p>caf\xBD</p>", 4, "UTF8");
  EXPECT_EQ(alias.text, std::string("<p>caf") + kFffd + "</p>");
}

TEST(Decoder, CallerOverrideWins) {
  EXPECT_EQ(decode("<meta charset=utf-8>\xE9", 4, "iso-8859-1").text, "<meta charset=utf-8>\xC3\xA9");
}

TEST(Decoder, LegacyOutputDoesNotDependOnChunking) {
  const std::string gbk = test::read_fixture("legacy_gbk.html");
  const std::string whole = decode(gbk, gbk.size()).text;
  EXPECT_NE(whole.find("\xE5\x8C\x97\xE6\x96\xB9"), std::string::npos);  // 北方
  for (std::size_t chunk : {1u, 2u, 3u, 7u, 13u}) EXPECT_EQ(decode(gbk, chunk).text, whole) << chunk;
}

TEST(Decoder, InvalidLegacyBytesBecomeReplacementCharacters) {
  // 0xFF never starts a GB18030 character.
  const std::string input = std::string("<meta charset=gbk>") + "a\xFF" "b";
  const Decoded d = decode(input, 1);
  EXPECT_EQ(d.encoding, "GB18030");
  EXPECT_NE(d.text.find(kFffd), std::string::npos) << d.text;
}

TEST(Decoder, OffsetsMapOutputBackToInput) {
  install_libxml_allocator();
  MemoryBudget budget(1 << 20);
  LibxmlScope scope(budget);
  StringByteSink sink;
  Decoder decoder(budget, "", sink);
  const std::string input = "ab\xFF" "cd";  // \xFF -> 3 bytes
  decoder.feed(input.data(), input.size(), true);
  ASSERT_EQ(sink.text, std::string("ab") + kFffd + "cd");
  EXPECT_EQ(decoder.offsets().map(2), 2u);
  EXPECT_EQ(decoder.offsets().map(5), 3u);
  EXPECT_EQ(decoder.offsets().map(6), 4u);
}

}  // namespace
}  // namespace winnow
