// SPDX-License-Identifier: MIT
#include "engine/ncleaner.h"

#include <array>
#include <cmath>

#include "engine/content_writer.h"

namespace winnow {
namespace {

constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

constexpr std::array<std::int8_t, 256> make_decoder() {
  std::array<std::int8_t, 256> d{};
  for (auto& v : d) v = 0;
  for (int i = 0; i < 64; ++i) d[static_cast<unsigned char>(kAlphabet[i])] = static_cast<std::int8_t>(i);
  return d;
}
constexpr std::array<std::int8_t, 256> kDecoder = make_decoder();

const std::array<double, kNCleanerLevels>& level_probabilities() {
  static const std::array<double, kNCleanerLevels> table = [] {
    std::array<double, kNCleanerLevels> t{};
    t[0] = 0;
    for (int level = 1; level < kNCleanerLevels; ++level) t[level] = std::exp2(-(level - 1) / 4.0);
    return t;
  }();
  return table;
}

bool in(std::uint32_t c, std::uint32_t lo, std::uint32_t hi) { return c >= lo && c <= hi; }

// Lower case of the scripts the corpus holds (ASCII, Latin-1, Latin
// Extended-A, Latin Extended Additional, Greek, Cyrillic, fullwidth Latin);
// 0 when c is not an upper-case letter of those.
std::uint32_t lower_of(std::uint32_t c) {
  if (in(c, 'A', 'Z')) return c + 32;
  if (c < 0xC0) return 0;
  if (in(c, 0xC0, 0xDE) && c != 0xD7) return c + 32;
  if (in(c, 0x100, 0x17F)) {
    if (c == 0x178) return 0xFF;
    const bool odd_upper = in(c, 0x139, 0x148) || in(c, 0x179, 0x17E);
    if (c == 0x138 || c == 0x149 || c == 0x17F) return 0;
    return ((c & 1u) != 0) == odd_upper ? c + 1 : 0;
  }
  if (in(c, 0x391, 0x3A9) && c != 0x3A2) return c + 32;
  if (c == 0x386) return 0x3AC;
  if (in(c, 0x388, 0x38A)) return c + 37;
  if (c == 0x38C) return 0x3CC;
  if (in(c, 0x38E, 0x38F)) return c + 63;
  if (in(c, 0x400, 0x40F)) return c + 80;
  if (in(c, 0x410, 0x42F)) return c + 32;
  if (in(c, 0x460, 0x4FF) || in(c, 0x1E00, 0x1EFF)) return (c & 1u) == 0 ? c + 1 : 0;
  if (in(c, 0xFF21, 0xFF3A)) return c + 32;
  return 0;
}

bool is_digit(std::uint32_t c) {
  return in(c, '0', '9') || in(c, 0xFF10, 0xFF19) || in(c, 0x660, 0x669) || in(c, 0x6F0, 0x6F9);
}

bool is_space(std::uint32_t c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == 0xA0 || c == 0x3000 || in(c, 0x2000, 0x200B);
}

bool is_cjk(std::uint32_t c) {
  return in(c, 0x2E80, 0x2FFF) || in(c, 0x3040, 0x31FF) || in(c, 0x3400, 0x4DBF) || in(c, 0x4E00, 0x9FFF) ||
         in(c, 0xAC00, 0xD7AF) || in(c, 0xF900, 0xFAFF) || in(c, 0x20000, 0x2FFFF);
}

// Punctuation and symbols: kept as themselves by the non-lexical model.
bool is_symbol(std::uint32_t c) {
  if (c < 0x80) return !(in(c, 'a', 'z') || in(c, 'A', 'Z') || in(c, '0', '9'));
  return in(c, 0xA1, 0xBF) || c == 0xD7 || c == 0xF7 || in(c, 0x2000, 0x2BFF) || in(c, 0x3000, 0x303F) ||
         in(c, 0xFE30, 0xFE4F) || in(c, 0xFF01, 0xFF0F) || in(c, 0xFF1A, 0xFF20) || in(c, 0xFF3B, 0xFF40) ||
         in(c, 0xFF5B, 0xFF65) || in(c, 0xE000, 0xF8FF) || c >= 0x1F000 || c == 0xFFFD;
}

}  // namespace

std::uint32_t ncleaner_normalize(std::uint32_t c, bool nonlexical) {
  if (is_space(c)) return ' ';
  if (is_digit(c)) return '0';
  if (c == kNCleanerStart || c == kNCleanerEnd) return ' ';  // the markers cannot occur in text
  const std::uint32_t lower = lower_of(c);
  if (!nonlexical) return lower ? lower : c;
  if (lower) return 'A';
  if (is_symbol(c)) return c;
  if (is_cjk(c)) return 'c';
  if (in(c, 0x300, 0x36F)) return 0x300;  // combining marks: one class
  return 'a';  // any other letter (lower case or caseless)
}

std::uint64_t ncleaner_hash(const std::uint32_t* chars, std::size_t count, std::uint32_t salt) {
  std::uint64_t x = 0x9E3779B97F4A7C15ull ^ (static_cast<std::uint64_t>(salt) * 0xD6E8FEB86659FD93ull);
  for (std::size_t i = 0; i < count; ++i) {
    x ^= chars[i];
    x *= 0xFF51AFD7ED558CCDull;
    x ^= x >> 29;
  }
  x ^= x >> 33;
  x *= 0xC4CEB9FE1A85EC53ull;
  x ^= x >> 33;
  return x;
}

int ncleaner_level(double p) {
  if (!(p > 0)) return 0;
  const long level = 1 + std::lround(-4.0 * std::log2(p));
  return static_cast<int>(level < 1 ? 1 : level > kNCleanerLevels - 1 ? kNCleanerLevels - 1 : level);
}

double ncleaner_level_probability(int level) {
  return level_probabilities()[static_cast<std::size_t>(level) & (kNCleanerLevels - 1)];
}

char ncleaner_encode(int value) { return kAlphabet[value & 63]; }
int ncleaner_decode(char c) { return kDecoder[static_cast<unsigned char>(c)]; }

NCleanerScorer::NCleanerScorer(const NCleanerModel& model) : model_(model) {
  const std::size_t n = model.order;
  double z = 0;
  for (std::size_t j = 0; j < n; ++j) z += std::pow(static_cast<double>(model.q), static_cast<double>(j));
  for (std::size_t k = 1; k <= n; ++k)
    weights_[k - 1] = std::pow(static_cast<double>(model.q), static_cast<double>(n - k)) / z;
  start();
}

void NCleanerScorer::start() {
  for (std::uint32_t& c : history_) c = kNCleanerStart;
  sum_ = 0;
  count_ = 0;
}

double NCleanerScorer::log_ratio(std::uint32_t c) const {
  const std::size_t n = model_.order;
  std::uint32_t gram[kNCleanerMaxOrder];
  for (std::size_t i = 0; i + 1 < n; ++i) gram[i] = history_[i];
  gram[n - 1] = c;
  const auto& probability = level_probabilities();
  double p[2] = {0, 0};
  for (std::size_t k = 1; k <= n; ++k) {
    const std::uint64_t h = ncleaner_hash(gram + (n - k), k, static_cast<std::uint32_t>(k));
    const std::size_t bucket = static_cast<std::size_t>(h & ((std::uint64_t{1} << model_.bits[k - 1]) - 1));
    const char* e = model_.tables[k - 1] + 3 * bucket;
    int levels[2] = {0, 0};
    if (ncleaner_decode(e[0]) == static_cast<int>(h >> 58)) {
      levels[0] = ncleaner_decode(e[1]);
      levels[1] = ncleaner_decode(e[2]);
    }
    for (int m = 0; m < 2; ++m) {
      const double pk = (k == 1 && levels[m] == 0) ? static_cast<double>(model_.floor[m]) : probability[levels[m]];
      p[m] += weights_[k - 1] * pk;
    }
  }
  return std::log2(p[0]) - std::log2(p[1]);
}

void NCleanerScorer::add_normalized(std::uint32_t c) {
  sum_ += log_ratio(c);
  ++count_;
  const std::size_t n = model_.order;
  for (std::size_t i = 0; i + 2 < n; ++i) history_[i] = history_[i + 1];
  if (n >= 2) history_[n - 2] = c;
}

void NCleanerScorer::add_text(std::string_view utf8) {
  for_each_code_point(utf8, [&](std::uint32_t c) { add_normalized(ncleaner_normalize(c, model_.nonlexical)); });
}

double NCleanerScorer::finish() {
  add_normalized(kNCleanerEnd);
  return sum_ / static_cast<double>(count_);
}

NCleaner::NCleaner(MemoryBudget& budget, const NCleanerModel& model)
    : model_(model), scorer_(model), text_(budget) {}

void NCleaner::close_block(ContentWriter& out) {
  open_ = false;
  if (words_ == 0) return;
  if (scorer_.finish() >= static_cast<double>(model_.bias)) out.write_rendered(text_.view(), span_, words_, net_);
}

void NCleaner::on_token(const Token& token, std::string_view text, const TokenStream&, ContentWriter& out) {
  if (token.is_tag()) return;
  if (open_ && token.block != block_id_) close_block(out);
  const bool first = !open_;
  if (first) {
    open_ = true;
    block_id_ = token.block;
    scorer_.start();
    text_.clear();
    words_ = net_ = 0;
    span_ = SourceSpan{token.source_begin, token.source_begin};
    if (token.heading_level) text_.append(ContentWriter::heading_marker(token.heading_level));
  }
  // A word the budget cannot hold is neither written nor scored (the
  // extraction stops at this point; see the header).
  const std::size_t before = text_.size();
  const bool separate = !first && !token.has(kTokenGlued);
  if ((separate && !text_.append(" ")) || !text_.append(text)) {
    text_.truncate(before);
    return;
  }
  if (separate) scorer_.add_normalized(' ');
  scorer_.add_text(text);
  ++words_;
  std::uint64_t chars = 0;
  for (char c : text) chars += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  if (!token.has(kTokenInAnchor)) net_ += chars + (token.has(kTokenGlued) ? 0 : 1);
  span_.end = token.source_end;
}

void NCleaner::finish(ContentWriter& out) {
  if (open_) close_block(out);
}

std::unique_ptr<Algorithm> create_ncleaner(MemoryBudget& budget) {
  return make_algorithm<NCleaner>(budget, budget, ncleaner_lexical_model());
}

std::unique_ptr<Algorithm> create_ncleaner_nonlexical(MemoryBudget& budget) {
  return make_algorithm<NCleaner>(budget, budget, ncleaner_nonlexical_model());
}

}  // namespace winnow
