// SPDX-License-Identifier: MIT
#include "adapters/libxml/undeclared_encoding.h"

#include <gtest/gtest.h>
#include <iconv.h>

#include <string>

#include "adapters/libxml/decoder.h"

namespace winnow {
namespace {

// `utf8` in `encoding`, through iconv, so that the tests read as text.
std::string encode(const std::string& utf8, const char* encoding) {
  const iconv_t converter = iconv_open(encoding, "UTF-8");
  EXPECT_NE(converter, reinterpret_cast<iconv_t>(-1)) << encoding;
  std::string out(utf8.size() * 4, '\0');
  char* in = const_cast<char*>(utf8.data());
  std::size_t in_left = utf8.size();
  char* to = out.data();
  std::size_t out_left = out.size();
  EXPECT_NE(iconv(converter, &in, &in_left, &to, &out_left), static_cast<std::size_t>(-1)) << encoding;
  iconv_close(converter);
  out.resize(out.size() - out_left);
  return out;
}

std::string page(const std::string& paragraph) {
  return "<html><head><title>t</title></head><body><p>" + paragraph + "</p><p>" + paragraph + "</p></body></html>";
}

std::string guess(const std::string& prefix) {
  MemoryBudget budget(1 << 20);
  return guess_undeclared_encoding(prefix, budget, Decoder::kConverterBytes);
}

const std::string kRussian =
    "Синоптики говорят, что первые заморозки начались на две недели раньше обычного. Жители уже достали "
    "тёплые куртки.";
const std::string kGreek =
    "Η Αθήνα είναι η πρωτεύουσα της Ελλάδας και μία από τις αρχαιότερες πόλεις του κόσμου.";
const std::string kChinese = "北京是中华人民共和国的首都，也是全国的政治中心和文化中心。我们在这里生活了很多年。";
const std::string kTraditional = "臺北是中華民國的首都，也是全國的政治中心和文化中心。我們在這裡生活了很多年。";
const std::string kJapanese = "東京は日本の首都であり、世界最大級の都市です。私たちはここに長く住んでいます。";
const std::string kKorean = "서울은 대한민국의 수도이며 가장 큰 도시입니다. 우리는 이곳에서 오래 살았습니다.";
const std::string kFrench = "Le café de la gare a été rénové. Noël approche, et les élèves préfèrent «les fêtes».";
const std::string kGerman = "Die Straße führt über die Brücke. Größere Häuser stehen am Fluß.";
const std::string kPolish = "Źdźbło trawy kołysze się na wietrze. Gęś pływa w stawie, a żółw śpi pod liściem.";

TEST(UndeclaredEncoding, Utf8ShapeTellsAsciiUtf8AndNeither) {
  EXPECT_EQ(utf8_shape("<p>plain</p>"), Utf8Shape::kAscii);
  EXPECT_EQ(utf8_shape("caf\xC3\xA9"), Utf8Shape::kUtf8);
  EXPECT_EQ(utf8_shape("caf\xC3"), Utf8Shape::kAscii) << "a character cut by the prefix's end is allowed";
  EXPECT_EQ(utf8_shape("caf\xE9 noir"), Utf8Shape::kOther);
  EXPECT_EQ(utf8_shape("ok \xC3\xA9 then \xFF"), Utf8Shape::kOther);
}

TEST(UndeclaredEncoding, AsciiAndUtf8AreUtf8) {
  EXPECT_EQ(guess(page("plain words")), "UTF-8");
  EXPECT_EQ(guess(page(kRussian)), "UTF-8");
  EXPECT_EQ(guess(""), "UTF-8");
}

TEST(UndeclaredEncoding, AUtf8PageWithAFewForeignBytesStaysUtf8) {
  const Utf8Census census = utf8_census("caf\xC3\xA9 \x92 \xE2\x82\xAC \xC3");
  EXPECT_EQ(census.characters, 2u);
  EXPECT_EQ(census.invalid, 1u) << "the cut \\xC3 at the end is not counted";
  EXPECT_EQ(utf8_census("\xE2\x82\xAC").characters, 1u) << "a character ending the prefix is";
  // Two characters to one stray windows-1252 apostrophe: UTF-8, the stray byte repaired.
  EXPECT_EQ(guess(page("don\x92t go to the caf\xC3\xA9, the cr\xC3\xA8me is gone")), "UTF-8");
  // One character to two bytes: the bytes win.
  EXPECT_EQ(guess(page("don\x92t go to the caf\xC3\xA9, it\x92s closed")), "WINDOWS-1252");
}

TEST(UndeclaredEncoding, CyrillicIsToldFromTheCaseOfItsLetters) {
  EXPECT_EQ(guess(page(encode(kRussian, "WINDOWS-1251"))), "WINDOWS-1251");
  EXPECT_EQ(guess(page(encode(kRussian, "KOI8-R"))), "KOI8-R");
  // A prefix of markup whose only text is a short title.
  const std::string title = "<html><head><title>" + encode("Новости дня", "KOI8-R") + "</title><link rel=x>";
  EXPECT_EQ(guess(title + std::string(3000, ' ')), "KOI8-R");
}

TEST(UndeclaredEncoding, GreekIsNotTakenForCyrillic) {
  EXPECT_EQ(guess(page(encode(kGreek, "WINDOWS-1253"))), "WINDOWS-1253");
  EXPECT_EQ(guess(page(encode(kGreek, "ISO-8859-7"))), "WINDOWS-1253") << "the same letters at the same bytes";
  // A menu in capitals (lowercase Cyrillic in KOI8-R) before the text.
  const std::string menu = "ΕΠΙΚΑΙΡΟΤΗΤΑ ΓΝΩΜΗ ΠΟΛΙΤΙΚΗ ΕΛΛΑΔΑ ΟΙΚΟΝΟΜΙΑ ΑΘΛΗΤΙΣΜΟΣ ΠΟΛΙΤΙΣΜΟΣ ΔΙΕΘΝΗ ";
  EXPECT_EQ(guess(page(encode(menu + kGreek, "WINDOWS-1253"))), "WINDOWS-1253");
}

TEST(UndeclaredEncoding, CjkEncodingsAreToldByWhatTheirCharactersAre) {
  EXPECT_EQ(guess(page(encode(kChinese, "GBK"))), "GB18030");
  EXPECT_EQ(guess(page(encode(kTraditional, "BIG5"))), "BIG5-HKSCS");
  EXPECT_EQ(guess(page(encode(kJapanese, "SHIFT_JIS"))), "CP932");
  EXPECT_EQ(guess(page(encode(kJapanese, "EUC-JP"))), "EUC-JP");
  EXPECT_EQ(guess(page(encode(kKorean, "EUC-KR"))), "CP949");
}

TEST(UndeclaredEncoding, LatinTextIsWindows1252UnlessItsLettersSayOtherwise) {
  EXPECT_EQ(guess(page(encode(kFrench, "WINDOWS-1252"))), "WINDOWS-1252");
  EXPECT_EQ(guess(page(encode(kGerman, "WINDOWS-1252"))), "WINDOWS-1252");
  EXPECT_EQ(guess(page(encode(kPolish, "WINDOWS-1250"))), "WINDOWS-1250");
  EXPECT_EQ(guess(page(encode(kPolish, "ISO-8859-2"))), "ISO-8859-2");
}

TEST(UndeclaredEncoding, TooLittleToGoOnIsWindows1252) {
  EXPECT_EQ(guess("<p>\xC4\xE0</p>"), "WINDOWS-1252") << "one two-letter word";
  EXPECT_EQ(guess("<p>\x93quoted\x94</p>"), "WINDOWS-1252");
  std::string symbols;
  for (int i = 0; i < 16; ++i) symbols += "\xA6\xA9\xA7\xA4 ";  // bar, copyright, section, currency signs
  EXPECT_EQ(guess(symbols), "WINDOWS-1252") << "no candidate reads these runs as words";
}

TEST(UndeclaredEncoding, NoRoomForTheProbeIsWindows1252AndChargesNothing) {
  MemoryBudget budget(Decoder::kConverterBytes - 1);
  EXPECT_EQ(guess_undeclared_encoding(page(encode(kRussian, "WINDOWS-1251")), budget, Decoder::kConverterBytes),
            "WINDOWS-1252");
  EXPECT_EQ(budget.used(), 0u);
  MemoryBudget roomy(1 << 20);
  guess_undeclared_encoding(page(encode(kPolish, "WINDOWS-1250")), roomy, Decoder::kConverterBytes);
  EXPECT_EQ(roomy.used(), 0u) << "the probe's descriptor is given back";
  EXPECT_GE(roomy.peak(), Decoder::kConverterBytes) << "and was charged while open";
}

}  // namespace
}  // namespace winnow
