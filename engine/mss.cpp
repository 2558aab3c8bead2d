// SPDX-License-Identifier: MIT
#include "engine/mss.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace winnow {
namespace {

bool is_ascii_punct(unsigned char c) {
  return (c >= 0x21 && c <= 0x2F) || (c >= 0x3A && c <= 0x40) || (c >= 0x5B && c <= 0x60) || (c >= 0x7B && c <= 0x7E);
}

// A byte of a word's normal form: ASCII letters lowered, digits as 0.
unsigned char normal_byte(unsigned char c) {
  if (c >= 'A' && c <= 'Z') return static_cast<unsigned char>(c - 'A' + 'a');
  if (c >= '0' && c <= '9') return '0';
  return c;
}

// FNV-1a of the bytes, each mapped by `map` first.
template <typename Map>
std::uint32_t fnv1a(std::string_view bytes, Map map) {
  std::uint32_t h = 2166136261u;
  for (const char c : bytes) {
    h ^= map(static_cast<unsigned char>(c));
    h *= 16777619u;
  }
  return h;
}

std::uint32_t mss_hash(std::string_view bytes) {
  return fnv1a(bytes, [](unsigned char c) { return c; });
}

// The word without its leading and trailing ASCII punctuation.
std::string_view without_outer_punct(std::string_view word) {
  std::size_t begin = 0, end = word.size();
  while (begin < end && is_ascii_punct(static_cast<unsigned char>(word[begin]))) ++begin;
  while (end > begin && is_ascii_punct(static_cast<unsigned char>(word[end - 1]))) --end;
  return word.substr(begin, end - begin);
}

std::uint64_t mix(std::uint64_t x) {  // splitmix64's finaliser
  x ^= x >> 30;
  x *= 0xBF58476D1CE4E5B9ull;
  x ^= x >> 27;
  x *= 0x94D049BB133111EBull;
  x ^= x >> 31;
  return x;
}

std::uint32_t hash_tag(Tag tag, bool end) {
  char name[32];
  std::size_t size = 0;
  name[size++] = '<';
  if (end) name[size++] = '/';
  const std::string_view tag_text = tag == Tag::unknown ? std::string_view("?") : tag_name(tag);
  const std::size_t n = std::min(tag_text.size(), sizeof(name) - size);
  std::memcpy(name + size, tag_text.data(), n);
  return mss_hash(std::string_view(name, size + n));
}

// A tag's symbol depends on its name and whether it ends the element only:
// hashed once for every tag (2 KiB, built once) rather than for every tag
// token, about half of a page's tokens.
std::uint32_t tag_symbol(const Token& token) {
  constexpr std::size_t kTags = static_cast<std::size_t>(Tag::count);
  static const std::array<std::uint32_t, 2 * kTags> symbols = [] {
    std::array<std::uint32_t, 2 * kTags> table{};
    for (std::size_t t = 0; t < kTags; ++t) {
      table[2 * t] = hash_tag(static_cast<Tag>(t), false);
      table[2 * t + 1] = hash_tag(static_cast<Tag>(t), true);
    }
    return table;
  }();
  const auto t = static_cast<std::size_t>(token.tag);
  const bool end = token.kind == TokenKind::EndTag;
  return t < kTags ? symbols[2 * t + (end ? 1 : 0)] : hash_tag(token.tag, end);
}

}  // namespace

std::string_view mss_normalize(std::string_view word, char* buffer) {
  const std::string_view core = without_outer_punct(word);
  std::size_t size = 0;
  for (const char c : core) buffer[size++] = static_cast<char>(normal_byte(static_cast<unsigned char>(c)));
  return std::string_view(buffer, size);
}

std::uint32_t mss_symbol(const Token& token, std::string_view text) {
  if (token.is_tag()) return tag_symbol(token);
  // mss_hash(mss_normalize(word)), each byte normalised as it is hashed:
  // the normal form is never written out.
  const std::string_view core = without_outer_punct(text.substr(0, TokenStream::kMaxWordBytes));
  return core.empty() ? mss_hash("#sym") : fnv1a(core, [](unsigned char c) { return normal_byte(c); });
}

std::uint32_t mss_trigram_key(std::uint32_t first, std::uint32_t second, std::uint32_t third) {
  const std::uint64_t x = mix(first + 0x9E3779B97F4A7C15ull) ^ mix(second + 0xC2B2AE3D27D4EB4Full) * 3 ^
                          mix(third + 0x165667B19E3779F9ull) * 5;
  return static_cast<std::uint32_t>(mix(x) >> 32);
}

Tag MssParents::parent_of(const Token& token) {
  const std::size_t depth = token.depth;
  if (token.is_word()) return token.tag;
  const Tag parent = depth > 0 && depth <= kDepth ? stack_[depth - 1] : Tag::unknown;
  if (token.kind == TokenKind::StartTag && depth < kDepth) stack_[depth] = token.tag;
  return parent;
}

namespace {

// The sorted keys that may equal a trigram key: one bucket of the index.
struct KeyRange {
  const std::uint32_t* first;
  const std::uint32_t* last;
};

// exp(-logit / 1024) for a log-odds in 1/1024 nats, as e^-q * e^(-r/1024)
// with logit = 1024 q + r: two reads of small tables (9 KB, built once)
// instead of a call to exp per token. The product is within an ulp or two
// of exp's result, far below the 2^-20 steps the score is rounded to.
double exp_of_negated(std::int32_t logit) {
  constexpr int kWhole = 64;  // |q| beyond: the probability is 0 or 1 to double precision
  struct Tables {
    double whole[2 * kWhole + 1];  // e^-q, q = -kWhole .. kWhole
    double fraction[1024];         // e^(-r/1024)
  };
  static const Tables tables = [] {
    Tables t{};
    for (int q = -kWhole; q <= kWhole; ++q) t.whole[q + kWhole] = std::exp(-static_cast<double>(q));
    for (int r = 0; r < 1024; ++r) t.fraction[r] = std::exp(-static_cast<double>(r) / 1024.0);
    return t;
  }();
  const std::int32_t q = logit >> 10;  // floor: r = logit - 1024 q is in 0 .. 1023
  if (q < -kWhole || q >= kWhole) return std::exp(-static_cast<double>(logit) / 1024.0);
  return tables.whole[q + kWhole] * tables.fraction[logit & 1023];
}

KeyRange key_range(const MssModel& model, std::uint32_t trigram_key) {
  const std::size_t bucket = trigram_key >> (32 - kMssBucketBits);
  return KeyRange{model.trigram_keys + (*model.buckets)[bucket], model.trigram_keys + (*model.buckets)[bucket + 1]};
}

// The listed key equal to trigram_key, or null.
const std::uint32_t* find_key(KeyRange range, std::uint32_t trigram_key) {
  const std::uint32_t* key = range.first;
  while (key != range.last && *key < trigram_key) ++key;
  return key != range.last && *key == trigram_key ? key : nullptr;
}

std::int32_t parent_llr(const MssModel& model, Tag parent) {
  const auto p = static_cast<std::size_t>(parent);
  return p < model.parent_count ? model.parent_llr[p] : 0;
}

// s = (P - 0.5) * 2^20, rounded, for P = sigmoid(logit / 1024).
std::int32_t score_of_logit(std::int32_t logit) {
  const double probability = 1.0 / (1.0 + exp_of_negated(logit));
  return static_cast<std::int32_t>(std::lround((probability - 0.5) * kMssScoreOne));
}

// The log-odds of a token whose trigram is `key` (null: not listed) under `parent`.
std::int32_t logit_of(const MssModel& model, const std::uint32_t* key, Tag parent) {
  const std::int32_t trigram = key != nullptr ? model.trigram_llr[key - model.trigram_keys] : model.other_trigram;
  return model.prior + trigram + parent_llr(model, parent);
}

std::int32_t score_in(const MssModel& model, KeyRange range, std::uint32_t trigram_key, Tag parent) {
  return score_of_logit(logit_of(model, find_key(range, trigram_key), parent));
}

}  // namespace

std::int32_t mss_score(const MssModel& model, std::uint32_t trigram_key, Tag parent) {
  return score_in(model, key_range(model, trigram_key), trigram_key, parent);
}

Mss::Mss(MemoryBudget& budget, const MssModel& model)
    : model_(model),
      segment_(budget) {
  for (std::size_t p = 0; p < unlisted_score_.size(); ++p)
    unlisted_score_[p] = score_of_logit(logit_of(model, nullptr, static_cast<Tag>(p)));
}

void Mss::set_key(std::size_t i, std::uint32_t next, std::uint32_t after_next) {
  Pending& p = pending(i);
  p.key = mss_trigram_key(p.symbol, next, after_next);
  p.stage = Stage::Keyed;
  __builtin_prefetch(&(*model_.buckets)[p.key >> (32 - kMssBucketBits)]);
}

void Mss::locate(std::size_t i) {
  Pending& p = pending(i);
  const KeyRange range = key_range(model_, p.key);
  p.first = static_cast<std::uint32_t>(range.first - model_.trigram_keys);
  p.last = static_cast<std::uint32_t>(range.last - model_.trigram_keys);
  p.stage = Stage::Located;
  __builtin_prefetch(range.first);
  __builtin_prefetch(model_.trigram_llr + p.first);
}

void Mss::score_oldest() {
  const Pending& p = pending(0);
  const KeyRange range{model_.trigram_keys + p.first, model_.trigram_keys + p.last};
  const std::uint32_t* key = find_key(range, p.key);
  const std::int32_t score = key != nullptr ? score_of_logit(logit_of(model_, key, p.parent))
                                            : unlisted_score_[static_cast<std::size_t>(p.parent)];
  const Token& token = stream_->at(p.seq);
  segment_.take(token, stream_->text(token), score);
  oldest_ = (oldest_ + 1) % kPending;  // slots take turns: no copy of a token's text
  --pending_count_;
}

void Mss::on_token(const Token& token, std::string_view text, const TokenStream& stream, ContentWriter&) {
  stream_ = &stream;
  const Tag parent = parents_.parent_of(token);
  const std::uint32_t symbol = mss_symbol(token, text);
  if (pending_count_ == kPending) score_oldest();
  Pending& p = pending(pending_count_++);
  p.seq = token.seq;
  p.symbol = symbol;
  p.parent = parent;
  p.stage = Stage::Waiting;
  const std::size_t n = pending_count_;
  if (n >= 3) set_key(n - 3, pending(n - 2).symbol, symbol);
  if (n >= 4) locate(n - 4);
}

void Mss::finish(ContentWriter& out) {
  const std::size_t n = pending_count_;
  if (n >= 2) set_key(n - 2, pending(n - 1).symbol, kMssEndSymbol);
  if (n >= 1) set_key(n - 1, kMssEndSymbol, kMssEndSymbol);
  while (pending_count_ > 0) {
    if (pending(0).stage != Stage::Located) locate(0);
    score_oldest();
  }
  segment_.write(out);
}

std::unique_ptr<Algorithm> create_mss(MemoryBudget& budget, const MssModel& model) {
  return make_algorithm<Mss>(budget, budget, model);
}

std::unique_ptr<Algorithm> create_mss(MemoryBudget& budget) { return create_mss(budget, kMssModel); }

}  // namespace winnow
