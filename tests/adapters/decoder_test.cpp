// SPDX-License-Identifier: MIT
#include "adapters/libxml/decoder.h"

#include <gtest/gtest.h>
#include <iconv.h>
#include <malloc.h>

#include <memory>

#include <string>
#include <vector>

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
  bool by_table = false;
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
  return {sink.text, decoder.encoding(), decoder.converts_by_table()};
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
      EXPECT_EQ(decode(c.input, chunk, "utf-8").text, c.expected) << "input " << c.input << " chunk " << chunk;
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

TEST(Decoder, AnUndeclaredPageIsReadInTheEncodingItsPrefixSuggests) {
  const std::string koi8 = test::read_fixture("undeclared_koi8r.html");
  const Decoded whole = decode(koi8, koi8.size());
  EXPECT_EQ(whole.encoding, "KOI8-R");
  EXPECT_NE(whole.text.find("\xD0\x9E\xD1\x81\xD0\xB5\xD0\xBD\xD1\x8C"), std::string::npos) << "Осень";
  for (std::size_t chunk : {1u, 7u, 4096u}) EXPECT_EQ(decode(koi8, chunk).text, whole.text) << chunk;
  // The guess sees only the prefix: bytes that are not UTF-8 after it are repaired as UTF-8.
  const std::string late = "<p>" + std::string(Decoder::kSniffBytes, 'a') + " caf\xE9</p>";
  const Decoded repaired = decode(late, 100);
  EXPECT_EQ(repaired.encoding, "UTF-8");
  EXPECT_NE(repaired.text.find(std::string("caf") + kFffd), std::string::npos);
  // A declaration is never second-guessed by the bytes, only by valid UTF-8.
  EXPECT_EQ(decode("<meta charset=utf-8><p>caf\xE9</p>", 5).encoding, "UTF-8");
}

TEST(Decoder, CallerOverrideWins) {
  EXPECT_EQ(decode("<meta charset=utf-8>\xE9", 4, "iso-8859-1").text, "<meta charset=utf-8>\xC3\xA9");
}

TEST(Decoder, ACallersEncodingIsSupportedWhenIconvOrUtf8KnowsIt) {
  for (const char* name : {"utf-8", "UTF8", "utf-16le", "UTF-16", "windows-1251", "cp1251", "latin1", "gbk",
                           "shift_jis", "KOI8-R", "ISO-8859-15", "EUC-JP"})
    EXPECT_TRUE(is_supported_encoding(name)) << name;
  // A page's label stops at its first foreign byte; a caller's must be whole.
  for (const char* name : {"", "nonsense", "utf-8 please", "windows 1251", "latin1\"", "x-no-such-charset"})
    EXPECT_FALSE(is_supported_encoding(name)) << name;
}

TEST(Decoder, LegacyOutputDoesNotDependOnChunking) {
  const std::string gbk = test::read_fixture("legacy_gbk.html");
  const std::string whole = decode(gbk, gbk.size()).text;
  EXPECT_NE(whole.find("\xE5\x8C\x97\xE6\x96\xB9"), std::string::npos);  // 北方
  for (std::size_t chunk : {1u, 2u, 3u, 7u, 13u}) EXPECT_EQ(decode(gbk, chunk).text, whole) << chunk;
}

// What the decoder hands on, write by write, with how far it had read then.
class PieceSink final : public ByteSink {
 public:
  void write(const char* data, std::size_t size) override {
    pieces.push_back(std::to_string(decoder->bytes_in()) + ":" + std::string(data, size));
  }
  const Decoder* decoder = nullptr;
  std::vector<std::string> pieces;
};

std::vector<std::string> pieces_of(const std::string& input, std::size_t chunk) {
  install_libxml_allocator();
  MemoryBudget budget(1 << 20);
  LibxmlScope scope(budget);
  PieceSink sink;
  Decoder decoder(budget, "", sink);
  sink.decoder = &decoder;
  for (std::size_t at = 0; at < input.size(); at += chunk) {
    const std::size_t n = std::min(chunk, input.size() - at);
    decoder.feed(input.data() + at, n, at + n == input.size());
  }
  return sink.pieces;
}

TEST(Decoder, LegacyPiecesDoNotDependOnChunking) {
  // The parser downstream sees each piece when the decoder has read to its
  // end, and spans are clamped to what was read: a chunk that ended just
  // before a '<' once joined the text before it and the tag into one piece,
  // read further (utomo big5-05-bear-1's spans moved by a byte or two at 1-
  // and 7-byte chunks).
  // Past the first 4 KiB, which are decoded in one go once the encoding is
  // decided.
  std::string cp1252 = "<meta charset=windows-1252>";
  for (int i = 0; i < 300; ++i) cp1252 += "<p>\x93Quoted\x94 text, na\xEFve caf\xE9s.</p><p>\x85" "and \x96 more</p>";
  const std::string gbk = test::read_fixture("legacy_gbk.html") + std::string(5000, ' ') +
                          test::read_fixture("legacy_gbk.html");
  const std::string* inputs[] = {&cp1252, &gbk};
  for (const std::string* input : inputs) {
    const std::vector<std::string> whole = pieces_of(*input, input->size());
    for (std::size_t chunk : {1u, 2u, 3u, 7u, 13u, 29u}) EXPECT_EQ(pieces_of(*input, chunk), whole) << chunk;
  }
}

TEST(Decoder, InvalidLegacyBytesBecomeReplacementCharacters) {
  // 0xFF never starts a GB18030 character.
  const std::string input = std::string("<meta charset=gbk>") + "a\xFF" "b";
  const Decoded d = decode(input, 1);
  EXPECT_EQ(d.encoding, "GB18030");
  EXPECT_NE(d.text.find(kFffd), std::string::npos) << d.text;
}

// What glibc's iconv makes of one byte alone, as the decoder must deliver it:
// the UTF-8, a space for a control, U+FFFD for a byte it rejects.
std::string iconv_one_byte(const char* encoding, unsigned char byte) {
  iconv_t cd = iconv_open("UTF-8", encoding);
  EXPECT_NE(cd, reinterpret_cast<iconv_t>(-1)) << encoding;
  char in[1] = {static_cast<char>(byte)};
  char out[16];
  char* in_ptr = in;
  char* out_ptr = out;
  std::size_t in_left = 1, out_left = sizeof out;
  const std::size_t result = iconv(cd, &in_ptr, &in_left, &out_ptr, &out_left);
  iconv_close(cd);
  if (result == static_cast<std::size_t>(-1)) return kFffd;
  std::string text(out, static_cast<std::size_t>(out_ptr - out));
  if (text.size() == 1 && ((text[0] >= 0 && text[0] < 0x20 && text[0] != '\t' && text[0] != '\n' && text[0] != '\r') ||
                           text[0] == 0x7F))
    text = " ";
  return text;
}

TEST(Decoder, SingleByteEncodingsGoThroughATableThatAgreesWithIconv) {
  for (const char* encoding : {"WINDOWS-1250", "WINDOWS-1251", "WINDOWS-1252", "WINDOWS-1253", "WINDOWS-1256",
                               "ISO-8859-2", "ISO-8859-7", "ISO-8859-15", "KOI8-R", "KOI8-U", "IBM866"}) {
    const std::string head = std::string("<meta charset=") + encoding + ">";
    std::string input = head, expected = head;
    for (int b = 0; b < 256; ++b) {
      if (b == '<' || b == '>') continue;
      input.push_back(static_cast<char>(b));
      expected += iconv_one_byte(encoding, static_cast<unsigned char>(b));
    }
    for (std::size_t chunk : {std::size_t{1}, std::size_t{7}, input.size()}) {
      const Decoded d = decode(input, chunk);
      EXPECT_EQ(d.encoding, encoding);
      EXPECT_TRUE(d.by_table) << encoding;
      EXPECT_EQ(d.text, expected) << encoding << " in chunks of " << chunk;
    }
  }
}

TEST(Decoder, MultiByteAndComposingEncodingsKeepTheirConverter) {
  // GB18030 and CP932 wait for a second byte after a lead byte; glibc's
  // WINDOWS-1258 holds a letter back to compose it with a following tone mark.
  const Decoded gbk = decode(std::string("<meta charset=gbk>") + "\xB1\xB1\xB7\xBD", 3);
  EXPECT_FALSE(gbk.by_table);
  EXPECT_NE(gbk.text.find("\xE5\x8C\x97\xE6\x96\xB9"), std::string::npos);  // 北方
  EXPECT_FALSE(decode(std::string("<meta charset=shift_jis>") + "\x82\xA0", 1).by_table);
  const Decoded vietnamese = decode(std::string("<meta charset=windows-1258>") + "a\xEC", 1);
  EXPECT_EQ(vietnamese.encoding, "WINDOWS-1258");
  EXPECT_FALSE(vietnamese.by_table);
  EXPECT_NE(vietnamese.text.find("\xC3\xA1"), std::string::npos) << vietnamese.text;  // a + combining acute: á
  EXPECT_FALSE(decode(std::string("\xFF\xFE") + std::string("a\0b\0", 4), 1).by_table);  // UTF-16LE
  EXPECT_FALSE(decode("<p>plain UTF-8</p>", 4).by_table);
}

// A document in `encoding`: the same Chinese, Japanese and Korean text
// converted by iconv, with ASCII markup around it.
std::string encoded_page(const char* encoding) {
  std::string utf8;
  for (int i = 0; i < 200; ++i)
    utf8 += "<p>\xE5\x8C\x97\xE6\x96\xB9 \xE3\x81\x82\xE3\x81\x84 \xED\x95\x9C\xEA\xB5\xAD text</p>";
  iconv_t cd = iconv_open(encoding, "UTF-8");
  EXPECT_NE(cd, reinterpret_cast<iconv_t>(-1)) << encoding;
  std::string out(utf8.size() * 4, '\0');
  char* in_ptr = utf8.data();
  std::size_t in_left = utf8.size();
  char* out_ptr = out.data();
  std::size_t out_left = out.size();
  iconv(cd, &in_ptr, &in_left, &out_ptr, &out_left);
  iconv_close(cd);
  out.resize(out.size() - out_left);
  return out;
}

// Bytes of glibc's heap in use: what malloc handed out, small and mapped.
std::size_t heap_in_use() {
  const struct mallinfo2 info = mallinfo2();
  return info.uordblks + info.hblkhd;
}

class CountingByteSink final : public ByteSink {
 public:
  void write(const char*, std::size_t size) override { bytes += size; }
  std::size_t bytes = 0;
};

// The memory contract for legacy encodings: what the decoder holds on the
// heap while it converts is what it charged to the budget (plus malloc's own
// bookkeeping). libxml2's encoding handlers, which it used before, held 65 KB
// of iconv buffers per document for these encodings (130 KB for
// BIG5-HKSCS), none of it charged.
TEST(Decoder, LegacyConversionHoldsNoHeapBeyondWhatItCharges) {
  {
    const std::size_t without = heap_in_use();
    auto probe = std::make_unique<std::vector<char>>(1 << 16, 'x');  // not elided: it is used below
    const std::size_t with = heap_in_use();
    if (with < without + probe->size() || probe->back() != 'x')
      GTEST_SKIP() << "mallinfo2() does not see this process's heap (a sanitizer)";
  }
  install_libxml_allocator();
  for (const char* encoding : {"GB18030", "BIG5-HKSCS", "CP932", "EUC-JP", "CP949", "ISO-2022-JP", "UTF-16LE",
                               "WINDOWS-1251"}) {
    const std::string page = encoded_page(encoding);
    for (int run = 0; run < 2; ++run) {  // the first run loads the encoding's module, once per process
      const std::size_t before = heap_in_use();
      MemoryBudget budget(1 << 20);
      LibxmlScope scope(budget);
      CountingByteSink sink;
      Decoder decoder(budget, encoding, sink);
      decoder.feed(page.data(), page.size() - 1, false);  // the converter is open, the state as large as it gets
      const std::size_t held = heap_in_use() - before;
      const std::size_t charged = budget.used();
      decoder.feed(page.data() + page.size() - 1, 1, true);
      EXPECT_GT(sink.bytes, page.size() / 2) << encoding;
      if (run == 0) continue;
      EXPECT_LE(held, charged + 1024) << encoding << ": heap held while converting against what the budget was charged";
    }
  }
}

class NoEmptyWritesSink final : public ByteSink {
 public:
  void write(const char* data, std::size_t size) override {
    EXPECT_GT(size, 0u) << "an empty write";
    text.append(data, size);
  }
  std::string text;
};

// fuzz_pipeline finding 55296b43 (stop 25): one byte of UTF-16, an incomplete
// code unit, was converted at the end into nothing, and written.
TEST(Decoder, AnIncompleteCodeUnitAtTheEndIsOneReplacementAndNoEmptyWrite) {
  MemoryBudget budget(1 << 20);
  NoEmptyWritesSink sink;
  Decoder decoder(budget, "UTF-16LE", sink);
  decoder.feed("v", 1, true);
  EXPECT_EQ(sink.text, kFffd);
}

TEST(Decoder, OffsetsMapOutputBackToInput) {
  install_libxml_allocator();
  MemoryBudget budget(1 << 20);
  LibxmlScope scope(budget);
  StringByteSink sink;
  Decoder decoder(budget, "utf-8", sink);
  const std::string input = "ab\xFF" "cd";  // \xFF -> 3 bytes
  decoder.feed(input.data(), input.size(), true);
  ASSERT_EQ(sink.text, std::string("ab") + kFffd + "cd");
  EXPECT_EQ(decoder.offsets().map(2), 2u);
  EXPECT_EQ(decoder.offsets().map(5), 3u);
  EXPECT_EQ(decoder.offsets().map(6), 4u);
}

}  // namespace
}  // namespace winnow
