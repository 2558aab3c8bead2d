// SPDX-License-Identifier: MIT
#include "adapters/libxml/decoder.h"

#include <iconv.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdint>
#include <cstring>

#include "adapters/libxml/iconv_byte.h"
#include "adapters/libxml/undeclared_encoding.h"
#include "engine/utf8.h"

// The converter writes UCS-4 code points as wchar_t, which holds them on glibc.
static_assert(sizeof(wchar_t) == 4, "wchar_t must hold a UCS-4 code point");
#ifndef __STDC_ISO_10646__
#error "wchar_t must be ISO 10646 (UCS-4)"
#endif

namespace winnow {
namespace {

constexpr char kReplacement[] = "\xEF\xBF\xBD";  // U+FFFD
constexpr std::size_t kOffsetCheckpoints = 256;
const iconv_t kNoConverter = reinterpret_cast<iconv_t>(-1);
// An incomplete multi-byte sequence left at the end of a piece is at most 3
// bytes in the encodings glibc knows (GB18030, UTF-32, an ISO-2022 escape);
// a converter that holds back more than this is making no progress, and the
// decoder takes its next code unit as invalid.
constexpr std::size_t kLongestSequence = 8;

struct PassThroughTable {
  bool byte[256] = {};
  constexpr PassThroughTable() {
    for (int b = 0x20; b < 0x7F; ++b) byte[b] = true;
    for (char c : {'\t', '\n', '\r'}) byte[static_cast<unsigned char>(c)] = true;
  }
  constexpr bool operator[](unsigned char b) const { return byte[b]; }
};
constexpr PassThroughTable kPassThrough;

// Whether all 8 bytes of x are printable ASCII (0x20..0x7E): the common case
// in HTML, tested a word at a time (a byte under 0x20 or at 0x7F sets the
// top bit of its lane in the subtractions; exact as to "any", which is all
// that is asked).
bool all_printable(std::uint64_t x) {
  constexpr std::uint64_t kOnes = 0x0101010101010101ull;
  constexpr std::uint64_t kHigh = 0x8080808080808080ull;
  const std::uint64_t below_space = (x - 0x20 * kOnes) & ~x;
  const std::uint64_t del = x ^ (0x7F * kOnes);
  const std::uint64_t is_del = (del - kOnes) & ~del;
  return ((x | below_space | is_del) & kHigh) == 0;
}

// Length of the prefix of data that passes through untouched (printable
// ASCII, tab, newline, return).
std::size_t pass_through_length(const char* data, std::size_t size) {
  std::size_t i = 0;
  for (;;) {
    std::uint64_t word;
    while (i + sizeof word <= size) {
      std::memcpy(&word, data + i, sizeof word);
      if (!all_printable(word)) break;
      i += sizeof word;
    }
    // A word with a control or non-ASCII byte (often just a newline): byte by byte.
    const std::size_t stop = std::min(size, i + sizeof word);
    while (i < stop && kPassThrough[static_cast<unsigned char>(data[i])]) ++i;
    if (i < stop || i == size) return i;
  }
}

// Length of the well-formed sequence that starts at data if it is complete
// within size bytes and is not U+FFFE or U+FFFF (which are replaced), else 0.
// Such a sequence passes through untouched, as the byte-at-a-time repair
// below would pass it.
std::size_t complete_sequence(const char* data, std::size_t size) {
  const auto b0 = static_cast<unsigned char>(data[0]);
  std::size_t length = 0;
  unsigned char lower = 0x80, upper = 0xBF;
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    length = 2;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    length = 3;
    if (b0 == 0xE0) lower = 0xA0;
    if (b0 == 0xED) upper = 0x9F;
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    length = 4;
    if (b0 == 0xF0) lower = 0x90;
    if (b0 == 0xF4) upper = 0x8F;
  }
  if (length == 0 || size < length) return 0;
  const auto b1 = static_cast<unsigned char>(data[1]);
  if (b1 < lower || b1 > upper) return 0;
  for (std::size_t k = 2; k < length; ++k)
    if ((static_cast<unsigned char>(data[k]) & 0xC0) != 0x80) return 0;
  if (length == 3 && b0 == 0xEF && b1 == 0xBF && (data[2] == '\xBE' || data[2] == '\xBF')) return 0;
  return length;
}

std::string lower_ascii(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool starts_with_ci(std::string_view s, std::size_t at, std::string_view word) {
  if (at + word.size() > s.size()) return false;
  for (std::size_t i = 0; i < word.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(s[at + i])) != word[i]) return false;
  return true;
}

// The encoding label of the first <meta> in the prefix that declares one
// (HTML's prescan, reduced to the two forms real pages use), or "".
std::string find_meta_charset(std::string_view prefix) {
  std::size_t at = 0;
  while ((at = prefix.find('<', at)) != std::string_view::npos) {
    if (starts_with_ci(prefix, at, "<!--")) {
      const std::size_t end = prefix.find("-->", at + 4);
      if (end == std::string_view::npos) return {};
      at = end + 3;
      continue;
    }
    if (!starts_with_ci(prefix, at, "<meta")) {
      ++at;
      continue;
    }
    const std::size_t close = prefix.find('>', at);
    const std::string_view tag = prefix.substr(at, close == std::string_view::npos ? std::string_view::npos : close - at);
    for (std::size_t k = 0; k + 7 <= tag.size(); ++k) {
      if (!starts_with_ci(tag, k, "charset")) continue;
      std::size_t v = k + 7;
      while (v < tag.size() && std::isspace(static_cast<unsigned char>(tag[v]))) ++v;
      if (v >= tag.size() || tag[v] != '=') continue;
      ++v;
      while (v < tag.size() && (std::isspace(static_cast<unsigned char>(tag[v])) || tag[v] == '"' || tag[v] == '\'')) ++v;
      std::size_t e = v;
      while (e < tag.size() && (std::isalnum(static_cast<unsigned char>(tag[e])) || std::strchr("-_.:", tag[e]))) ++e;
      if (e > v) return std::string(tag.substr(v, e - v));
    }
    if (close == std::string_view::npos) return {};
    at = close + 1;
  }
  return {};
}

// A label is ASCII letters, digits and . _ : - ( ) +.
bool is_label_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
         c == '_' || c == ':' || c == '-' || c == '(' || c == ')' || c == '+';
}

// WHATWG encoding labels -> the name iconv (behind libxml2) knows. UTF-8 and
// its labels map to "UTF-8"; UTF-16 declared in markup means UTF-8, since
// markup readable as ASCII cannot be UTF-16.
std::string canonical_encoding(std::string_view label) {
  // Anything from the first byte that is not a label's on (a NUL, a quote)
  // is not part of it.
  std::size_t length = 0;
  while (length < label.size() && is_label_char(label[length])) ++length;
  const std::string l = lower_ascii(label.substr(0, length));
  if (l.empty() || l == "utf-8" || l == "utf8" || l == "unicode-1-1-utf-8" || l == "utf-16" ||
      l == "utf-16le" || l == "utf-16be" || l == "unicode")
    return "UTF-8";
  if (l == "iso-8859-1" || l == "iso8859-1" || l == "latin1" || l == "l1" || l == "us-ascii" ||
      l == "ascii" || l == "cp1252" || l == "windows-1252" || l == "x-cp1252" || l == "cp819")
    return "WINDOWS-1252";
  if (l == "gb2312" || l == "gbk" || l == "x-gbk" || l == "gb_2312-80" || l == "chinese" ||
      l == "csgb2312" || l == "gb18030" || l == "cp936")
    return "GB18030";
  if (l == "big5" || l == "big5-hkscs" || l == "x-x-big5" || l == "cn-big5") return "BIG5-HKSCS";
  if (l == "shift_jis" || l == "sjis" || l == "x-sjis" || l == "ms_kanji" || l == "windows-31j" ||
      l == "shift-jis" || l == "cp932")
    return "CP932";
  if (l == "euc-kr" || l == "ks_c_5601-1987" || l == "windows-949" || l == "cp949") return "CP949";
  if (l.rfind("cp125", 0) == 0 && l.size() == 6) return "WINDOWS-" + l.substr(2);
  std::string upper(l);
  for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return upper;
}

// Encodings that are one byte per character and stateless in glibc's iconv
// (WHATWG's single-byte encodings, as canonical_encoding() names them).
// WINDOWS-1258 is not among them: glibc composes its combining marks with the
// letter before, so one byte's output depends on the next.
bool is_single_byte(std::string_view encoding) {
  constexpr std::string_view kPrefixes[] = {"WINDOWS-125", "ISO-8859-", "KOI8-", "IBM866", "CP866",
                                            "MACINTOSH", "X-MAC-CYRILLIC", "WINDOWS-874", "TIS-620"};
  if (encoding == "WINDOWS-1258") return false;
  for (std::string_view prefix : kPrefixes)
    if (encoding.rfind(prefix, 0) == 0) return true;
  return false;
}

bool is_ascii_compatible(std::string_view encoding) {
  return encoding.rfind("UTF-16", 0) != 0 && encoding.rfind("UTF-32", 0) != 0 &&
         encoding.rfind("ISO-2022", 0) != 0;
}

// Opens glibc's converter from `encoding` into UCS-4, or kNoConverter when
// iconv does not know the encoding.
iconv_t open_converter(const std::string& encoding) { return iconv_open("WCHAR_T", encoding.c_str()); }

// Writes one converted code point as the parser gets it: UTF-8, with controls
// (but tab, newline and return) as a space, as the UTF-8 path passes them,
// and U+FFFD for what no UTF-8 can hold (a lone surrogate, beyond U+10FFFF).
// Returns the bytes written (1 to 4).
std::size_t write_code_point(std::uint32_t c, char* out) {
  if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7F) c = ' ';
  return encode_utf8(static_cast<char32_t>(c), out);
}

}  // namespace

bool is_supported_encoding(std::string_view label) {
  if (label.empty()) return false;
  for (char c : label)
    if (!is_label_char(c)) return false;
  const std::string encoding = canonical_encoding(label);
  if (encoding == "UTF-8") return true;
  const iconv_t converter = open_converter(encoding);
  if (converter == kNoConverter) return false;
  iconv_close(converter);
  return true;
}

// A single-byte encoding as a table, byte -> the UTF-8 the parser gets
// (converted, U+FFFD for a byte the encoding does not define, controls as
// spaces), filled once through the converter, which is then closed.
struct Decoder::SingleByteTable : BudgetAllocated {
  std::uint8_t length[256] = {};
  char bytes[256][4] = {};
};

// The conversion state of a legacy encoding: glibc's iconv from the encoding
// into UCS-4 code points (wchar_t), which the decoder writes as UTF-8 itself.
// Into UCS-4 the conversion is one gconv step, so the descriptor holds no
// more than its step data (32 to 340 bytes with glibc 2.36; kConverterBytes
// are charged for it); into UTF-8, glibc chains two steps through an
// intermediate buffer of about 32 KB per descriptor (65 KB for BIG5-HKSCS),
// and libxml2's encoding handlers open two descriptors, one per direction.
// Loading an encoding's gconv module the first time costs 0.3 to 6 KB of
// heap that glibc keeps for the process, not per document.
struct Decoder::LegacyState : BudgetAllocated {
  iconv_t converter = kNoConverter;  // closed once `table` holds the encoding
  SingleByteTable* table = nullptr;
  BudgetString in;  // the piece being converted (and an incomplete sequence left from the last)
  bool ascii_compatible = true;
  int code_unit = 1;  // bytes skipped past an invalid sequence: 2 in UTF-16, 4 in UTF-32
  std::uint64_t piece_in_begin = 0;  // input position of the first byte in `in`
  MemoryBudget& budget;

  explicit LegacyState(MemoryBudget& b) : in(b, kPieceBytes + kLongestSequence), budget(b) {}
  ~LegacyState() {
    close_converter();
    delete table;
  }
  // Takes an open converter, if the budget has room for its state.
  bool adopt(iconv_t opened) {
    if (!budget.try_reserve(kConverterBytes)) return false;
    converter = opened;
    return true;
  }
  // Whether the converter is open: false when iconv does not know the
  // encoding or the budget has no room for its state.
  bool open_converter(const std::string& encoding) {
    const iconv_t opened = winnow::open_converter(encoding);
    if (opened == kNoConverter) return false;
    if (adopt(opened)) return true;
    iconv_close(opened);
    return false;
  }
  void close_converter() {
    if (converter == kNoConverter) return;
    iconv_close(converter);
    converter = kNoConverter;
    budget.release(kConverterBytes);
  }
};

Decoder::Decoder(MemoryBudget& budget, std::string_view override_encoding, ByteSink& out)
    : out_(out),
      budget_(budget),
      offsets_(budget, kOffsetCheckpoints),
      override_(override_encoding),
      sniff_(budget, kSniffBytes) {
}

Decoder::~Decoder() { delete legacy_; }

bool Decoder::converts_by_table() const { return legacy_ != nullptr && legacy_->table != nullptr; }

bool Decoder::ok() const { return offsets_.ok() && sniff_.ok(); }

void Decoder::feed(const char* data, std::size_t size, bool is_final) {
  if (finished_) return;
  if (!decided_) {
    const std::size_t take = std::min(size, kSniffBytes - sniff_.size());
    sniff_.append(data, take);
    data += take;
    size -= take;
    if (sniff_.size() < kSniffBytes && !is_final) return;
    decide_encoding(is_final);
    const std::string_view prefix = sniff_.view();
    std::size_t skip = 0;
    if (encoding_ == "UTF-8" && prefix.compare(0, 3, "\xEF\xBB\xBF") == 0) skip = 3;
    if (encoding_.rfind("UTF-16", 0) == 0 && prefix.size() >= 2 &&
        ((prefix[0] == '\xFF' && prefix[1] == '\xFE') || (prefix[0] == '\xFE' && prefix[1] == '\xFF')))
      skip = 2;
    in_pos_ = skip;
    offsets_.record(0, skip);
    if (legacy_) legacy_->piece_in_begin = skip;
    process(prefix.data() + skip, prefix.size() - skip);
    sniff_.reset();  // the window is given back once it is decoded
  }
  if (size > 0) process(data, size);
  if (is_final) finish();
}

void Decoder::decide_encoding(bool) {
  decided_ = true;
  std::string chosen;
  const std::string_view prefix = sniff_.view();
  if (!override_.empty()) {
    chosen = canonical_encoding(override_);
    if (lower_ascii(override_).rfind("utf-16", 0) == 0) chosen = lower_ascii(override_) == "utf-16be" ? "UTF-16BE" : "UTF-16LE";
  } else if (prefix.compare(0, 3, "\xEF\xBB\xBF") == 0) {
    chosen = "UTF-8";
  } else if (prefix.size() >= 2 && prefix[0] == '\xFF' && prefix[1] == '\xFE') {
    chosen = "UTF-16LE";
  } else if (prefix.size() >= 2 && prefix[0] == '\xFE' && prefix[1] == '\xFF') {
    chosen = "UTF-16BE";
  } else {
    const std::string declared = find_meta_charset(prefix);
    if (declared.empty()) {
      chosen = guess_undeclared_encoding(prefix, budget_, kConverterBytes);
    } else {
      chosen = canonical_encoding(declared);
      if (chosen != "UTF-8" && utf8_shape(prefix) == Utf8Shape::kUtf8) chosen = "UTF-8";
    }
  }
  if (chosen != "UTF-8") {
    // An encoding iconv does not know is read as UTF-8 (invalid bytes become
    // U+FFFD). UTF-8's own labels never get here: canonical_encoding() maps
    // them to "UTF-8", for the repairing path.
    const iconv_t converter = open_converter(chosen);
    if (converter == kNoConverter) {
      chosen = "UTF-8";
    } else {
      legacy_ = new (budget_) LegacyState(budget_);
      if (legacy_ == nullptr || !legacy_->in.ok() || !legacy_->adopt(converter)) {
        // No room for the conversion state: the budget stops the document.
        iconv_close(converter);
        delete legacy_;
        legacy_ = nullptr;
        budget_.mark_exceeded();
        encoding_ = chosen;
        return;
      }
      legacy_->ascii_compatible = is_ascii_compatible(chosen);
      legacy_->code_unit = chosen.rfind("UTF-16", 0) == 0 ? 2 : chosen.rfind("UTF-32", 0) == 0 ? 4 : 1;
      if (is_single_byte(chosen)) use_single_byte_table(chosen);
    }
  }
  encoding_ = chosen;
}

// Converts each of the 256 bytes alone. If every one gives one code point or
// is rejected by itself, the table replaces the converter; if one does not
// (the converter waits for more bytes, or keeps state), the table is dropped
// and the converter, reopened so that the probe leaves no state behind,
// converts the document.
void Decoder::use_single_byte_table(const std::string& encoding) {
  LegacyState& s = *legacy_;
  auto* table = new (budget_) SingleByteTable;
  if (table == nullptr) return;  // the converter converts, as for any other encoding
  bool complete = true;
  for (int b = 0; b < 256 && complete; ++b) {
    const ByteConversion converted = convert_byte_alone(s.converter, static_cast<unsigned char>(b));
    if (converted.kind == ByteConversion::Kind::kCodePoint) {
      table->length[b] = static_cast<std::uint8_t>(write_code_point(converted.code_point, table->bytes[b]));
    } else if (converted.kind == ByteConversion::Kind::kRejected) {
      std::memcpy(table->bytes[b], kReplacement, 3);
      table->length[b] = 3;
    } else {
      complete = false;
    }
  }
  s.close_converter();
  if (complete) {
    s.table = table;
    return;
  }
  delete table;
  if (!s.open_converter(encoding)) budget_.mark_exceeded();  // opened a moment ago: only memory can make it fail
}

void Decoder::process(const char* data, std::size_t size) {
  if (legacy_) process_legacy(data, size);
  else process_utf8(data, size);
}

void Decoder::flush_utf8_run(const char* data, std::size_t begin, std::size_t end) {
  if (end > begin) write_converted(data + begin, end - begin);
}

void Decoder::emit_replacement(std::uint64_t invalid_begin) {
  // in [invalid_begin, in_pos_) -> out [out_pos_, out_pos_ + 3)
  offsets_.record(out_pos_, invalid_begin);
  out_.write(kReplacement, 3);
  out_pos_ += 3;
  offsets_.record(out_pos_, in_pos_);
}

void Decoder::process_utf8(const char* data, std::size_t size) {
  std::size_t run = 0;            // start of bytes passed through unchanged
  // Index in data of the open sequence's first byte here (0 when it began in
  // an earlier call: its bytes so far are in utf8_pending_, never in a run).
  std::size_t seq_start = 0;
  bool seq_in_data = false;       // the open sequence started in this call
  std::size_t i = 0;
  while (i < size) {
    if (utf8_needed_ == 0) {
      // Printable ASCII, tab, newline and return pass through untouched.
      const std::size_t passed = pass_through_length(data + i, size - i);
      i += passed;
      in_pos_ += passed;
      if (i == size) break;
    }
    const auto b = static_cast<unsigned char>(data[i]);
    if (utf8_needed_ == 0) {
      if (b < 0x80) {
        if (b == 0 || (b < 0x20 && b != '\t' && b != '\n' && b != '\r') || b == 0x7F) {
          flush_utf8_run(data, run, i);
          in_pos_ += 1;
          if (b == 0) {
            emit_replacement(in_pos_ - 1);
          } else {
            out_.write(" ", 1);  // same length: no checkpoint needed
            out_pos_ += 1;
          }
          run = ++i;
          continue;
        }
        ++in_pos_;
        ++i;
        continue;
      }
      if (const std::size_t length = complete_sequence(data + i, size - i)) {
        in_pos_ += length;
        i += length;
        continue;
      }
      if (b >= 0xC2 && b <= 0xDF) {
        utf8_needed_ = 1;
      } else if (b >= 0xE0 && b <= 0xEF) {
        if (b == 0xE0) utf8_lower_ = 0xA0;
        if (b == 0xED) utf8_upper_ = 0x9F;
        utf8_needed_ = 2;
      } else if (b >= 0xF0 && b <= 0xF4) {
        if (b == 0xF0) utf8_lower_ = 0x90;
        if (b == 0xF4) utf8_upper_ = 0x8F;
        utf8_needed_ = 3;
      } else {
        flush_utf8_run(data, run, i);
        in_pos_ += 1;
        emit_replacement(in_pos_ - 1);
        run = ++i;
        continue;
      }
      utf8_seq_begin_ = in_pos_;
      seq_start = i;
      seq_in_data = true;
      utf8_pending_[0] = static_cast<char>(b);
      utf8_pending_size_ = 1;
      ++in_pos_;
      ++i;
      continue;
    }
    if (b < utf8_lower_ || b > utf8_upper_) {
      // The open sequence is invalid: one U+FFFD for it, then this byte again.
      flush_utf8_run(data, run, seq_start);
      utf8_needed_ = 0;
      utf8_lower_ = 0x80;
      utf8_upper_ = 0xBF;
      utf8_pending_size_ = 0;
      emit_replacement(utf8_seq_begin_);
      run = i;
      seq_in_data = false;
      continue;
    }
    utf8_lower_ = 0x80;
    utf8_upper_ = 0xBF;
    utf8_pending_[utf8_pending_size_++] = static_cast<char>(b);
    ++in_pos_;
    ++i;
    if (--utf8_needed_ > 0) continue;
    const bool noncharacter = utf8_pending_size_ == 3 && utf8_pending_[0] == '\xEF' &&
                              utf8_pending_[1] == '\xBF' && (utf8_pending_[2] == '\xBE' || utf8_pending_[2] == '\xBF');
    if (!seq_in_data) {
      // Completed a sequence begun in an earlier call: write it whole.
      out_.write(noncharacter ? kReplacement : utf8_pending_, static_cast<std::size_t>(utf8_pending_size_));
      out_pos_ += static_cast<std::size_t>(utf8_pending_size_);
      run = i;
    } else if (noncharacter) {
      flush_utf8_run(data, run, seq_start);
      out_.write(kReplacement, 3);
      out_pos_ += 3;
      run = i;
    }
    utf8_pending_size_ = 0;
    seq_in_data = false;
  }
  // A sequence still open stays in utf8_pending_ for the next call.
  flush_utf8_run(data, run, utf8_needed_ > 0 ? seq_start : size);
}

void Decoder::process_legacy(const char* data, std::size_t size) {
  LegacyState& s = *legacy_;
  std::size_t start = 0;
  for (std::size_t i = 0; i < size; ++i) {
    const char c = data[i];
    const bool cut_before = s.ascii_compatible && c == '<';
    const bool cut_after = s.ascii_compatible && c == '>';
    // What came before the '<' is a piece, whether it arrived in this call
    // or is still held from an earlier one (a caller's chunk may end just
    // before the '<'): pieces, and so the offsets interpolated in them, do
    // not depend on the chunking.
    if (cut_before && (i > start || !s.in.empty())) {
      s.in.append(data + start, i - start);
      in_pos_ += i - start;
      start = i;
      convert_piece();
    }
    const std::size_t pending = s.in.size() + (i + 1 - start);
    if (cut_after || pending >= kPieceBytes) {
      s.in.append(data + start, i + 1 - start);
      in_pos_ += i + 1 - start;
      start = i + 1;
      convert_piece();
    }
  }
  if (size > start) {  // fewer than kPieceBytes with what `in` held: they fit
    s.in.append(data + start, size - start);
    in_pos_ += size - start;
  }
}

void Decoder::write_converted(const char* data, std::size_t size) {
  if (size == 0) return;  // stages downstream are never handed an empty write
  out_.write(data, size);
  out_pos_ += size;
}

void Decoder::convert_piece() {
  LegacyState& s = *legacy_;
  offsets_.record(out_pos_, s.piece_in_begin);
  if (s.table) {
    convert_piece_by_table();
    return;
  }
  if (s.converter == kNoConverter) {  // it could not be reopened: the budget has stopped the document
    s.in.clear();
    return;
  }
  char* in_ptr = s.in.storage();
  std::size_t in_left = s.in.size();
  while (in_left > 0) {
    wchar_t wide[kPieceBytes / 4];
    char* out_ptr = reinterpret_cast<char*>(wide);
    std::size_t out_left = sizeof wide;
    const std::size_t result = iconv(s.converter, &in_ptr, &in_left, &out_ptr, &out_left);
    const int error = result == static_cast<std::size_t>(-1) ? errno : 0;
    const std::size_t produced = (sizeof wide - out_left) / sizeof(wchar_t);
    char utf8[sizeof wide];  // four bytes at most for each four-byte code point
    std::size_t length = 0;
    for (std::size_t k = 0; k < produced; ++k)
      length += write_code_point(static_cast<std::uint32_t>(wide[k]), utf8 + length);
    write_converted(utf8, length);
    if (error == E2BIG) continue;
    const bool stuck = error == EINVAL && in_left > kLongestSequence - 1;
    if (error == EILSEQ || stuck) {
      // An invalid sequence: U+FFFD, then go on from the next code unit (a
      // lone surrogate in UTF-16 is two bytes; skipping one would misalign
      // the rest of the document).
      const std::size_t skip = std::min(static_cast<std::size_t>(s.code_unit), in_left);
      in_ptr += skip;
      in_left -= skip;
      write_converted(kReplacement, 3);
      continue;
    }
    break;  // all converted, or an incomplete sequence at the end: wait for more bytes
  }
  std::memmove(s.in.storage(), in_ptr, in_left);
  s.in.resize(in_left);
  s.piece_in_begin = in_pos_ - in_left;
  // Within the piece, output and input bytes do not correspond one to one
  // (UTF-16: two input bytes for one to three output bytes): interpolate.
  offsets_.record(out_pos_, s.piece_in_begin, true);
}

void Decoder::convert_piece_by_table() {
  LegacyState& s = *legacy_;
  const SingleByteTable& table = *s.table;
  const auto* in = reinterpret_cast<const unsigned char*>(s.in.data());
  const std::size_t size = s.in.size();
  char converted[256 * 4];
  std::size_t produced = 0;
  for (std::size_t i = 0; i < size; ++i) {
    const std::uint8_t length = table.length[in[i]];
    std::memcpy(converted + produced, table.bytes[in[i]], 4);  // the table's rows are 4 bytes wide
    produced += length;
    if (produced > sizeof converted - 4 || i + 1 == size) {
      write_converted(converted, produced);
      produced = 0;
    }
  }
  s.in.clear();
  s.piece_in_begin = in_pos_;
  offsets_.record(out_pos_, s.piece_in_begin, true);
}

void Decoder::finish() {
  finished_ = true;
  if (legacy_) {
    convert_piece();
    if (!legacy_->in.empty()) {  // a sequence the input ends in the middle of
      legacy_->in.clear();
      write_converted(kReplacement, 3);
      offsets_.record(out_pos_, in_pos_);
    }
    return;
  }
  if (utf8_needed_ > 0) {
    utf8_needed_ = 0;
    utf8_pending_size_ = 0;
    emit_replacement(utf8_seq_begin_);
  }
}

}  // namespace winnow
