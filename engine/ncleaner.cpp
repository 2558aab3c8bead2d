// SPDX-License-Identifier: MIT
#include "engine/ncleaner.h"

#include <array>
#include <cmath>

#include "engine/content_writer.h"
#include "engine/utf8.h"

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

// P_k by the table's character itself, so scoring reads one table, not two.
const std::array<double, 256>& character_probabilities() {
  static const std::array<double, 256> table = [] {
    std::array<double, 256> t{};
    for (int c = 0; c < 256; ++c) t[c] = level_probabilities()[kDecoder[c]];
    return t;
  }();
  return table;
}

constexpr bool in(std::uint32_t c, std::uint32_t lo, std::uint32_t hi) { return c >= lo && c <= hi; }

// Lower case of the scripts the corpus holds (ASCII, Latin-1, Latin
// Extended-A, Latin Extended Additional, Greek, Cyrillic, fullwidth Latin);
// 0 when c is not an upper-case letter of those.
constexpr std::uint32_t lower_of(std::uint32_t c) {
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

constexpr bool is_digit(std::uint32_t c) {
  return in(c, '0', '9') || in(c, 0xFF10, 0xFF19) || in(c, 0x660, 0x669) || in(c, 0x6F0, 0x6F9);
}

constexpr bool is_space(std::uint32_t c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == 0xA0 || c == 0x3000 || in(c, 0x2000, 0x200B);
}

constexpr bool is_cjk(std::uint32_t c) {
  return in(c, 0x2E80, 0x2FFF) || in(c, 0x3040, 0x31FF) || in(c, 0x3400, 0x4DBF) || in(c, 0x4E00, 0x9FFF) ||
         in(c, 0xAC00, 0xD7AF) || in(c, 0xF900, 0xFAFF) || in(c, 0x20000, 0x2FFFF);
}

// Punctuation and symbols: kept as themselves by the non-lexical model.
constexpr bool is_symbol(std::uint32_t c) {
  if (c < 0x80) return !(in(c, 'a', 'z') || in(c, 'A', 'Z') || in(c, '0', '9'));
  return in(c, 0xA1, 0xBF) || c == 0xD7 || c == 0xF7 || in(c, 0x2000, 0x2BFF) || in(c, 0x3000, 0x303F) ||
         in(c, 0xFE30, 0xFE4F) || in(c, 0xFF01, 0xFF0F) || in(c, 0xFF1A, 0xFF20) || in(c, 0xFF3B, 0xFF40) ||
         in(c, 0xFF5B, 0xFF65) || in(c, 0xE000, 0xF8FF) || c >= 0x1F000 || c == 0xFFFD;
}

// The character a code point becomes (see the header).
constexpr std::uint32_t normalize(std::uint32_t c, bool nonlexical) {
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

// ncleaner_hash in two steps. The salt (the order) enters only at the end,
// so the state after a sequence's characters is shared by every order: the
// scorer's state for the last j characters, with the next character
// absorbed, is its state for the last j + 1 (one step per order and
// character instead of one per character of each n-gram).
constexpr std::uint64_t kHashSeed = 0x9E3779B97F4A7C15ull;
constexpr std::uint64_t hash_absorb(std::uint64_t x, std::uint32_t c) {
  x ^= c;
  x *= 0xFF51AFD7ED558CCDull;
  return x ^ (x >> 29);
}
constexpr std::uint64_t hash_finish(std::uint64_t x, std::uint32_t salt) {
  x ^= static_cast<std::uint64_t>(salt) * 0xD6E8FEB86659FD93ull;
  x ^= x >> 33;
  x *= 0xC4CEB9FE1A85EC53ull;
  return x ^ (x >> 33);
}

// ASCII, most of the text on most pages, by table.
constexpr std::array<std::array<std::uint8_t, 128>, 2> make_ascii_table() {
  std::array<std::array<std::uint8_t, 128>, 2> t{};
  for (int nonlexical = 0; nonlexical < 2; ++nonlexical)
    for (std::uint32_t c = 0; c < 128; ++c) t[nonlexical][c] = static_cast<std::uint8_t>(normalize(c, nonlexical != 0));
  return t;
}
constexpr std::array<std::array<std::uint8_t, 128>, 2> kAsciiNormalized = make_ascii_table();

}  // namespace

std::uint32_t ncleaner_normalize(std::uint32_t c, bool nonlexical) {
  return c < 128 ? kAsciiNormalized[nonlexical ? 1 : 0][c] : normalize(c, nonlexical);
}

std::uint64_t ncleaner_hash(const std::uint32_t* chars, std::size_t count, std::uint32_t salt) {
  std::uint64_t x = kHashSeed;
  for (std::size_t i = 0; i < count; ++i) x = hash_absorb(x, chars[i]);
  return hash_finish(x, salt);
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

NCleanerScorer::NCleanerScorer(const NCleanerModel& model)
    : model_(model), probability_(character_probabilities().data()) {
  const std::size_t n = model.order;
  for (std::size_t k = 0; k < kNCleanerMaxOrder; ++k) {
    tables_[k] = reinterpret_cast<const unsigned char*>(model.tables[k]);
    masks_[k] = (std::uint64_t{1} << model.bits[k]) - 1;
  }
  floor_[0] = static_cast<double>(model.floor[0]);
  floor_[1] = static_cast<double>(model.floor[1]);
  double z = 0;
  for (std::size_t j = 0; j < n; ++j) z += std::pow(static_cast<double>(model.q), static_cast<double>(j));
  for (std::size_t k = 1; k <= n; ++k)
    weights_[k - 1] = std::pow(static_cast<double>(model.q), static_cast<double>(n - k)) / z;
  start();
}

void NCleanerScorer::start() {
  // Before a block's first character, n - 1 start markers of history.
  history_[0] = kHashSeed;
  for (std::size_t j = 1; j < kNCleanerMaxOrder; ++j) history_[j] = hash_absorb(history_[j - 1], kNCleanerStart);
  product_[0] = product_[1] = 1;
  exponent_[0] = exponent_[1] = 0;
  count_ = 0;
}

// N is the model's order as a constant, so that the loops over the orders
// unroll and their hashes and table reads overlap; no branch depends on the
// text (a miss in the table and the unigram floor are selected, not jumped
// over).
template <std::size_t N>
void NCleanerScorer::add(std::uint32_t c) {
  const double* probability = probability_;
  constexpr unsigned kUnseen = static_cast<unsigned char>(kAlphabet[0]);  // the table's character of level 0
  std::uint64_t absorbed[N];
  double p[2] = {0, 0};
#pragma GCC unroll 6
  for (std::size_t k = 1; k <= N; ++k) {
    absorbed[k - 1] = hash_absorb(history_[k - 1], c);
    const std::uint64_t h = hash_finish(absorbed[k - 1], static_cast<std::uint32_t>(k));
    const unsigned char* e = tables_[k - 1] + 3 * static_cast<std::size_t>(h & masks_[k - 1]);
    // Whether the n-gram is seen is as good as random from one character
    // to the next; masks instead of branches (a mispredicted branch costs
    // more than the whole lookup).
    const unsigned seen = 0u - static_cast<unsigned>(e[0] == static_cast<unsigned char>(kAlphabet[h >> 58]));
#pragma GCC unroll 2
    for (int m = 0; m < 2; ++m) {
      const unsigned level_char = (e[1 + m] & seen) | (kUnseen & ~seen);
      double pk = probability[level_char];
      if (k == 1) {
        const double choice[2] = {pk, floor_[m]};
        pk = choice[level_char == kUnseen];
      }
      p[m] += weights_[k - 1] * pk;
    }
  }
#pragma GCC unroll 6
  for (std::size_t j = 1; j < N; ++j) history_[j] = absorbed[j - 1];
  product_[0] *= p[0];
  product_[1] *= p[1];
  ++count_;
  if (product_[0] < 0x1p-500 || product_[1] < 0x1p-500) renormalize();
}

void NCleanerScorer::renormalize() {
  for (int m = 0; m < 2; ++m) {
    int e = 0;
    product_[m] = std::frexp(product_[m], &e);
    exponent_[m] += e;
  }
}

void NCleanerScorer::add_normalized(std::uint32_t c) {
  switch (model_.order) {
    case 1: return add<1>(c);
    case 2: return add<2>(c);
    case 3: return add<3>(c);
    case 4: return add<4>(c);
    case 5: return add<5>(c);
    default: return add<6>(c);
  }
}

template <std::size_t N>
void NCleanerScorer::add_all(std::string_view utf8) {
  const bool nonlexical = model_.nonlexical;
  for_each_code_point(utf8, [&](std::uint32_t c) { add<N>(ncleaner_normalize(c, nonlexical)); });
}

// The order is dispatched once per text, not once per character.
void NCleanerScorer::add_text(std::string_view utf8) {
  switch (model_.order) {
    case 1: return add_all<1>(utf8);
    case 2: return add_all<2>(utf8);
    case 3: return add_all<3>(utf8);
    case 4: return add_all<4>(utf8);
    case 5: return add_all<5>(utf8);
    default: return add_all<6>(utf8);
  }
}

double NCleanerScorer::finish() {
  add_normalized(kNCleanerEnd);
  renormalize();
  const double bits = static_cast<double>(exponent_[0] - exponent_[1]) + std::log2(product_[0]) - std::log2(product_[1]);
  return bits / static_cast<double>(count_);
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
    text_.append(ContentWriter::block_marker(token.shape()));
  }
  // A word the budget cannot hold is neither written nor scored (the
  // extraction stops at this point; see the header).
  const std::size_t before = text_.size();
  const bool separate = !first && !token.has(kTokenGlued);
  if ((separate && !text_.append(ContentWriter::rendered_prefix(token, false))) || !text_.append(text)) {
    text_.truncate(before);
    return;
  }
  if (separate) scorer_.add_normalized(' ');
  scorer_.add_text(text);
  ++words_;
  const std::uint64_t chars = utf8_characters(text);
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
