// SPDX-License-Identifier: MIT
#include "adapters/libxml/undeclared_encoding.h"

#include <iconv.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <climits>
#include <cstdint>

#include "adapters/libxml/iconv_byte.h"

namespace winnow {
namespace {

const iconv_t kNoConverter = reinterpret_cast<iconv_t>(-1);

// A converter from `encoding` into UCS-4, open while it lives, its state
// charged to the budget as the decoder charges its own. Not open (ok() false)
// when iconv does not know the encoding or the budget has no room.
class ChargedConverter {
 public:
  ChargedConverter(const char* encoding, MemoryBudget& budget, std::size_t bytes) : budget_(budget), bytes_(bytes) {
    if (!budget_.try_reserve(bytes_)) return;
    converter_ = iconv_open("WCHAR_T", encoding);
    if (converter_ == kNoConverter) budget_.release(bytes_);
  }
  ~ChargedConverter() {
    if (!ok()) return;
    iconv_close(converter_);
    budget_.release(bytes_);
  }
  ChargedConverter(const ChargedConverter&) = delete;
  ChargedConverter& operator=(const ChargedConverter&) = delete;
  bool ok() const { return converter_ != kNoConverter; }
  iconv_t get() const { return converter_; }

 private:
  MemoryBudget& budget_;
  std::size_t bytes_;
  iconv_t converter_ = kNoConverter;
};

// A run this long of bytes >= 0x80 is taken for a word (or most of one) of a
// script written wholly outside ASCII.
constexpr std::size_t kWordRun = 3;
// Fewer bytes in such runs than this say too little to guess from.
constexpr std::size_t kMinimumWordBytes = 6;
// Multi-byte UTF-8 characters per invalid byte from which a prefix is UTF-8.
constexpr std::size_t kUtf8Majority = 2;
// Fewer CJK characters than this say too little to tell the languages apart.
constexpr std::size_t kMinimumCjkCharacters = 8;

// A Cyrillic or Greek reading with this share of its pairs plausible is no
// CJK text (read in their right encoding, nearly all are; CJK text read in
// them, nowhere near).
constexpr double kDecisiveWordShape = 0.8;

// The first of each list wins a tie.
constexpr const char* kNonLatinCandidates[] = {"WINDOWS-1251", "KOI8-R", "WINDOWS-1253"};
constexpr const char* kLatinCandidates[] = {"WINDOWS-1252", "WINDOWS-1250", "ISO-8859-2"};

// Code points of the bytes 0x80..0xFF in one encoding; 0 where it defines none.
using HighHalf = std::array<std::uint32_t, 128>;

enum class Script { kOther, kCyrillic, kGreek };

Script script_of(std::uint32_t c) {
  if (c >= 0x0400 && c <= 0x045F) return Script::kCyrillic;
  if (c >= 0x0386 && c <= 0x03CE) return Script::kGreek;
  return Script::kOther;
}

bool is_latin_letter(std::uint32_t c) {
  return (c >= 0x00C0 && c <= 0x024F && c != 0x00D7 && c != 0x00F7);
}

bool is_ascii_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

bool is_lowercase(std::uint32_t c) {
  return (c >= 0x0430 && c <= 0x045F) || (c >= 0x03AC && c <= 0x03CE);
}

// Fills `half` through glibc's converter from `encoding` into UCS-4, one
// byte at a time. False when iconv does not know the encoding or the budget
// has no room for its state.
bool decode_high_half(const char* encoding, MemoryBudget& budget, std::size_t converter_bytes, HighHalf& half) {
  const ChargedConverter converter(encoding, budget, converter_bytes);
  if (!converter.ok()) return false;
  for (int b = 0x80; b < 0x100; ++b) {
    const ByteConversion converted = convert_byte_alone(converter.get(), static_cast<unsigned char>(b));
    half[b - 0x80] = converted.kind == ByteConversion::Kind::kCodePoint ? converted.code_point : 0;
  }
  return true;
}

// Calls visit(begin, length) for each maximal run of bytes >= 0x80.
template <typename Visit>
void for_each_high_run(std::string_view s, Visit visit) {
  std::size_t i = 0;
  while (i < s.size()) {
    if (static_cast<unsigned char>(s[i]) < 0x80) {
      ++i;
      continue;
    }
    const std::size_t begin = i;
    while (i < s.size() && static_cast<unsigned char>(s[i]) >= 0x80) ++i;
    visit(begin, i - begin);
  }
}

// A reading's score: +1 or -1 at each of `positions` places.
struct Score {
  long value = 0;
  long positions = 0;
  void add(bool plausible) {
    value += plausible ? 1 : -1;
    ++positions;
  }
};

// How well the runs read as words in the encoding `half` describes: +1 for
// each letter followed by a lowercase letter of its script, -1 for each other
// pair of neighbours.
Score word_shape_score(std::string_view s, const HighHalf& half) {
  Score score;
  for_each_high_run(s, [&](std::size_t begin, std::size_t length) {
    // A word in capitals (a menu's) says nothing: each reading that makes
    // capitals of another's lowercase makes lowercase of its capitals.
    bool capitals = true;
    for (std::size_t k = begin; k < begin + length && capitals; ++k) {
      const std::uint32_t c = half[static_cast<unsigned char>(s[k]) - 0x80];
      capitals = script_of(c) != Script::kOther && !is_lowercase(c);
    }
    if (capitals) return;
    for (std::size_t k = begin + 1; k < begin + length; ++k) {
      const std::uint32_t before = half[static_cast<unsigned char>(s[k - 1]) - 0x80];
      const std::uint32_t here = half[static_cast<unsigned char>(s[k]) - 0x80];
      const Script script = script_of(before);
      score.add(script != Script::kOther && script_of(here) == script && is_lowercase(here));
    }
  });
  return score;
}

// How well the bytes >= 0x80 inside Latin words read as letters in the
// encoding `half` describes: +1 for each that decodes to one, -1 for each
// that does not (windows-1250's "ł" is windows-1252's "³"). Inside a word
// means between letters or such bytes, at least one an ASCII letter, so that
// quotation marks and dashes beside a word do not count.
Score latin_letter_score(std::string_view s, const HighHalf& half) {
  const auto word_byte = [&](std::size_t k) {
    return k < s.size() && (is_ascii_letter(s[k]) || static_cast<unsigned char>(s[k]) >= 0x80);
  };
  Score score;
  for (std::size_t k = 1; k + 1 < s.size(); ++k) {
    const auto b = static_cast<unsigned char>(s[k]);
    if (b < 0x80 || !word_byte(k - 1) || !word_byte(k + 1)) continue;
    if (!is_ascii_letter(s[k - 1]) && !is_ascii_letter(s[k + 1])) continue;
    score.add(is_latin_letter(half[b - 0x80]));
  }
  return score;
}

struct Guess {
  std::string encoding;   // empty: none scored above the floor
  bool decisive = false;  // it reached the decisive share of its positions
};

enum class Search { kAll, kUntilDecisive };

// The candidate that scores highest, if one scores above `floor`, and whether
// it reached `decisive_share` of the most it could score. kUntilDecisive
// stops at the first that does, which saves loading the others' modules:
// glibc loads an encoding's module anew for each document (it unloads those
// no descriptor uses), at some 50 microseconds each.
template <typename ScoreReading, std::size_t N>
Guess best_candidate(const char* const (&candidates)[N], std::string_view prefix, MemoryBudget& budget,
                     std::size_t converter_bytes, long floor, double decisive_share, Search search,
                     ScoreReading score_reading) {
  Guess best;
  long best_value = floor;
  for (const char* candidate : candidates) {
    HighHalf half;
    if (!decode_high_half(candidate, budget, converter_bytes, half)) continue;
    const Score score = score_reading(prefix, half);
    if (score.value <= best_value) continue;
    best.encoding = candidate;
    best_value = score.value;
    best.decisive = score.value >= decisive_share * static_cast<double>(score.positions);
    if (best.decisive && search == Search::kUntilDecisive) break;
  }
  return best;
}

// The runs of bytes >= 0x80 in a prefix.
struct HighRuns {
  std::size_t bytes = 0;     // in all runs
  std::size_t runs = 0;
  std::size_t in_words = 0;  // in runs of kWordRun or more
};

HighRuns high_runs(std::string_view s) {
  HighRuns r;
  for_each_high_run(s, [&](std::size_t, std::size_t length) {
    r.bytes += length;
    ++r.runs;
    if (length >= kWordRun) r.in_words += length;
  });
  return r;
}

// Whether the runs are those of a script written wholly outside ASCII, one
// byte a letter: 2.5 bytes a run on average (a Polish "żółw" among single
// "ą"s and "ę"s is not enough), and enough of them in word-long runs to go on.
bool written_outside_ascii(const HighRuns& r) {
  return r.in_words >= kMinimumWordBytes && 2 * r.bytes >= 5 * r.runs;
}

// Whether they could be a multi-byte CJK encoding's: two bytes a run at
// least on average (every character is two), and enough of them. Latin text
// never gets here, so no CJK reading can make its accented letters into
// characters (Korean CP949 reads "é" and the ASCII letter after it as one
// Hangul syllable).
bool written_in_double_bytes(const HighRuns& r) {
  return r.bytes >= 2 * kMinimumCjkCharacters && r.bytes >= 2 * r.runs;
}

// --- multi-byte CJK encodings ------------------------------------------------

enum class CjkLanguage { kChinese, kJapanese, kKorean };

struct CjkCandidate {
  const char* encoding;
  CjkLanguage language;
};
// Each reads the others' text as valid characters often enough; what tells
// them apart is what the characters are.
constexpr CjkCandidate kCjkCandidates[] = {{"GB18030", CjkLanguage::kChinese},
                                           {"BIG5-HKSCS", CjkLanguage::kChinese},
                                           {"CP932", CjkLanguage::kJapanese},
                                           {"EUC-JP", CjkLanguage::kJapanese},
                                           {"CP949", CjkLanguage::kKorean}};

// The most frequent Chinese characters, simplified and traditional (the
// first hundred or so of any frequency list of modern Chinese text cover a
// quarter of it); Chinese read in a wrong encoding gives rarer ones.
constexpr char32_t kCommonHanzi[] =
    U"的一是不了在人有我他这這个個们們中来來上大为為和国國地到以说說时時要就出会會可也你对對生能而子那得于於着著下自之年"
    U"过過发發后後作里裡用道行所然家种種事成方多经經么麼去法学學如都同现現当當没沒动動面起看定天分还還进進好小部其些主样樣"
    U"理心她本前开開但因只从從想实實日新闻聞网網站页頁首";
constexpr std::size_t kCommonHanziCount = sizeof kCommonHanzi / sizeof kCommonHanzi[0] - 1;  // without U'\0'

// kCommonHanzi in code point order, for a binary search.
constexpr std::array<char32_t, kCommonHanziCount> sorted_common_hanzi() {
  std::array<char32_t, kCommonHanziCount> sorted{};
  for (std::size_t i = 0; i < kCommonHanziCount; ++i) {
    std::size_t at = i;
    for (; at > 0 && sorted[at - 1] > kCommonHanzi[i]; --at) sorted[at] = sorted[at - 1];
    sorted[at] = kCommonHanzi[i];
  }
  return sorted;
}
constexpr std::array<char32_t, kCommonHanziCount> kSortedCommonHanzi = sorted_common_hanzi();

// Of the CJK characters a reading gives, the share that are what its
// language writes most (Chinese: the characters above; Japanese: kana, a
// third of running text; Korean: Hangul syllables, nearly all of it), the
// share it must reach, and how many bytes it could not read.
struct CjkReading {
  std::size_t characters = 0;  // code points from U+2E80 on
  std::size_t typical = 0;
  std::size_t invalid = 0;
};

constexpr double kTypicalShare[] = {0.05, 0.15, 0.8};  // by CjkLanguage

bool is_typical(char32_t c, CjkLanguage language) {
  switch (language) {
    case CjkLanguage::kChinese:
      return std::binary_search(kSortedCommonHanzi.begin(), kSortedCommonHanzi.end(), c);
    case CjkLanguage::kJapanese:
      return c >= 0x3041 && c <= 0x30FF;
    case CjkLanguage::kKorean:
      return c >= 0xAC00 && c <= 0xD7A3;
  }
  return false;
}

// Decodes the prefix with `candidate` through iconv, a byte skipped at each
// invalid sequence. False when iconv does not know the encoding or the budget
// has no room for its state.
bool read_cjk(std::string_view prefix, const CjkCandidate& candidate, MemoryBudget& budget,
              std::size_t converter_bytes, CjkReading& reading) {
  const ChargedConverter charged(candidate.encoding, budget, converter_bytes);
  if (!charged.ok()) return false;
  const iconv_t converter = charged.get();
  char* in = const_cast<char*>(prefix.data());
  std::size_t in_left = prefix.size();
  wchar_t wide[256];
  while (in_left > 0) {
    char* out = reinterpret_cast<char*>(wide);
    std::size_t out_left = sizeof wide;
    const std::size_t result = iconv(converter, &in, &in_left, &out, &out_left);
    const int error = errno;
    const std::size_t produced = (sizeof wide - out_left) / sizeof(wchar_t);
    for (std::size_t k = 0; k < produced; ++k) {
      const auto c = static_cast<char32_t>(wide[k]);
      if (c < 0x2E80) continue;
      ++reading.characters;
      if (is_typical(c, candidate.language)) ++reading.typical;
    }
    if (result != static_cast<std::size_t>(-1) || error == E2BIG) continue;
    if (error == EINVAL) break;  // a character cut by the prefix's end
    // More than this many invalid sequences and the candidate is out however
    // the rest reads (best_cjk_candidate() allows one per 50 characters, and
    // there are at most half as many characters as bytes).
    if (++reading.invalid > prefix.size() / 100) break;
    ++in;
    --in_left;
    iconv(converter, nullptr, nullptr, nullptr, nullptr);
  }
  return true;
}

// The CJK encoding that reads the prefix as its language's text, or "": the
// one whose typical share most exceeds what its language needs, among those
// that read all but 2 % of its characters' worth of bytes.
std::string best_cjk_candidate(std::string_view prefix, MemoryBudget& budget, std::size_t converter_bytes) {
  std::string best;
  double best_ratio = 0;
  for (const CjkCandidate& candidate : kCjkCandidates) {
    CjkReading reading;
    if (!read_cjk(prefix, candidate, budget, converter_bytes, reading)) continue;
    if (reading.characters < kMinimumCjkCharacters || reading.invalid * 50 > reading.characters) continue;
    const double share = static_cast<double>(reading.typical) / static_cast<double>(reading.characters);
    const double ratio = share / kTypicalShare[static_cast<int>(candidate.language)];
    if (ratio >= 1.0 && ratio > best_ratio) {
      best = candidate.encoding;
      best_ratio = ratio;
    }
  }
  return best;
}

}  // namespace

Utf8Census utf8_census(std::string_view s) {
  Utf8Census census;
  std::size_t i = 0;
  while (i < s.size()) {
    const auto b = static_cast<unsigned char>(s[i]);
    if (b < 0x80) {
      ++i;
      continue;
    }
    const std::size_t length = (b >= 0xC2 && b <= 0xDF) ? 2 : (b >= 0xE0 && b <= 0xEF) ? 3 : (b >= 0xF0 && b <= 0xF4) ? 4 : 0;
    std::size_t k = 1;
    while (k < length && i + k < s.size() && (static_cast<unsigned char>(s[i + k]) & 0xC0) == 0x80) ++k;
    if (k < length && i + k == s.size()) break;  // a character cut by the prefix's end
    if (length == 0 || k < length) {
      ++census.invalid;
      ++i;
      continue;
    }
    ++census.characters;
    i += length;
  }
  return census;
}

Utf8Shape utf8_shape(std::string_view s) {
  const Utf8Census census = utf8_census(s);
  if (census.invalid > 0) return Utf8Shape::kOther;
  return census.characters > 0 ? Utf8Shape::kUtf8 : Utf8Shape::kAscii;
}

std::string guess_undeclared_encoding(std::string_view prefix, MemoryBudget& budget, std::size_t converter_bytes) {
  // A page written in UTF-8 with a few bytes of another encoding in it (text
  // pasted from elsewhere) stays UTF-8, those bytes repaired: its characters
  // outnumber them two to one, which text in a legacy encoding, whose bytes
  // pair up as UTF-8 only by chance, does not.
  const Utf8Census census = utf8_census(prefix);
  if (census.invalid == 0 || census.characters >= kUtf8Majority * census.invalid) return "UTF-8";
  const HighRuns runs = high_runs(prefix);
  Guess non_latin;
  if (written_outside_ascii(runs)) {
    // All three: Greek read as windows-1251 reads well too, only less well.
    // But Cyrillic or Greek that reads this well is no CJK encoding's text,
    // and the CJK readings (five more modules) are not tried.
    non_latin = best_candidate(kNonLatinCandidates, prefix, budget, converter_bytes, 0, kDecisiveWordShape,
                               Search::kAll, word_shape_score);
    if (non_latin.decisive) return non_latin.encoding;
  }
  if (written_in_double_bytes(runs)) {
    const std::string cjk = best_cjk_candidate(prefix, budget, converter_bytes);
    if (!cjk.empty()) return cjk;
  }
  if (!non_latin.encoding.empty()) return non_latin.encoding;
  // windows-1252 first, and alone when it reads every byte inside a word as a letter.
  const Guess latin =
      best_candidate(kLatinCandidates, prefix, budget, converter_bytes, LONG_MIN, 1.0, Search::kUntilDecisive,
                     latin_letter_score);
  return latin.encoding.empty() ? kLatinCandidates[0] : latin.encoding;
}

}  // namespace winnow
