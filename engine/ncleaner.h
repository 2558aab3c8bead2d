// SPDX-License-Identifier: MIT
// NCleaner (Evert, "A lightweight and efficient tool for cleaning Web
// pages", LREC 2008; seed 002 reports its English and non-lexical models):
// every text block is scored under two character n-gram language models,
// one of content text and one of boilerplate, and kept when the content
// model explains it better.
//
// What comes from Evert (the paper and his released Text::NCleaner 1.0
// package, read as facts, no code taken):
//  - the segment is the unit of decision and it is scored with two
//    character-level n-gram models, one trained on clean text and one on
//    dirty text; the segment is kept when its cross-entropy under the dirty
//    model minus its cross-entropy under the clean model (bits per
//    character) is at least a bias in bits (positive bias: more precision);
//  - smoothing by geometric interpolation of the history lengths: with
//    order n and factor q (0 < q < 1, 0.6 in the package),
//      P(c | h) = sum_{k=1..n} q^(n-k) P_k(c | last k-1 characters of h) / Z,
//      Z = sum_{j=0..n-1} q^j = (1 - q^n) / (1 - q),
//    P_k the maximum-likelihood estimate count(h_k c) / count(h_k), and
//    add-one smoothing at the unigram level so no character has P = 0;
//  - text normalisation modes, the heaviest of which ("non-lexical") maps
//    every letter to one symbol and every digit to another, so the model
//    sees only the shape of the text (case, punctuation, spacing).
// What winnow decides (not in the sources; reconstructed, measured by
// adapters/learn/train_ncleaner.cpp):
//  - segments are winnow's blocks (Token::block runs) instead of the lines
//    of a lynx text dump; a block's text is its words as the ContentWriter
//    renders them (single spaces, none before a glued word);
//  - a block is scored as  <start>^(n-1) text <end> : the history of the
//    first character is n-1 start markers, and an end marker is predicted
//    after the last character (so "ends without a full stop" counts);
//  - lexical model: characters are Unicode code points (UTF-8 decoded),
//    lower-cased for ASCII, Latin-1, Latin Extended-A, Greek and Cyrillic,
//    digits mapped to '0'; every other code point is kept as it is
//    (multilingual corpus: CJK, Greek, Polish, Russian, Hungarian, ...);
//  - non-lexical model: classes instead of letters: lower-case letter 'a',
//    upper-case letter 'A', digit '0', CJK ideograph / kana / hangul 'c',
//    whitespace ' '; punctuation and symbols (ASCII and the Unicode
//    punctuation, symbol, arrow, box and dingbat blocks) are kept as they
//    are, as in Evert's non-lexical mode, which maps only letters and digits;
//  - the models are stored as hashed tables (below) of quantised
//    probabilities instead of full n-gram hashes;
//  - order n, q and the bias are chosen by cross-validation over the corpus
//    packages (the generated model file says which).
//
// Scoring, with s the sum over the block's m + 1 predicted characters
// (m characters and the end marker):
//    score = (1 / (m + 1)) * sum_i [log2 P_content(c_i | h_i) - log2 P_boiler(c_i | h_i)]
//  = H_boiler - H_content in bits per character; content iff score >= bias.
// The sum of logarithms is kept as the log of a product: each model's
// probabilities are multiplied, and when a product falls below 2^-500 its
// power of two (exact to move) goes into an integer exponent; log2 is taken
// twice per block, not twice per character. A factor is at most 1 (the
// weights sum to 1) and at least the weighted add-one floor, far above
// 2^-500, so a product never leaves the normal range of a double.
//
// Model tables (generated engine/ncleaner_model.cpp): per order k = 1..n one
// open table of 2^bits buckets, 3 characters per bucket (base64 alphabet):
// a 6-bit check of the key, then the quantised P_k of the content model and
// of the boilerplate model. The key of (k-1 history characters, c) is a
// 64-bit hash; its low bits pick the bucket, its top 6 bits must equal the
// check. Level 0 means "not seen at this order" (P_k = 0), level L in 1..63
// means P_k = 2^(-(L-1)/4) (quarter-bit steps, clamped at 2^-15.5). Each
// table holds the n-grams most frequent in training; a rarer n-gram whose
// bucket is taken is dropped (read as unseen). An unseen unigram gets the
// add-one floor 1 / (N + V) of its model.
//
// Shipped (adapters/learn/train_ncleaner.cpp on the six development
// packages; cross-validation by package, README): both models of order 4,
// q = 0.6 (Evert's default), bias 0.052 bits/char (lexical) and 0.024
// (non-lexical), the F1-optimal bias over the held-out scores. Lexical
// tables 2^12, 2^13, 2^14, 2^15 buckets, non-lexical 2^8, 2^11, 2^12, 2^13
// (about 240 KB of generated source). Measured by the same cross-validation
// (mean bag F1): lexical orders 3, 4, 5 within 0.001 of each other,
// non-lexical orders 4, 5, 6 within 0.010 (4 best); q = 0.3 or 0.8 instead
// of 0.6 within 0.004; tables 8 times larger within 0.003.
//
// Parameters: the model (order n <= 6, q, bias, tables).
// State: the hash states of the last 0 .. n-1 characters of history, the
// interpolation weights, the running likelihood products and count (about
// 150 bytes), and the text of the current block (BoundedText, charged as it
// grows) with its span and counts. Scoring is incremental: nothing but the
// current block's words waits.
// Memory bound: about 250 bytes plus the rendered text of one block, capped
// by the budget (a block longer than what is left, i.e. text without a block
// boundary, stops the extraction with BudgetExceeded after writing every
// block decided before; the cut block is decided on the words it holds).
// Output delay: one block (a block is written, or dropped, when the next
// block's first word arrives or the document ends).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>

#include "engine/algorithm.h"
#include "engine/bounded_text.h"
#include "engine/content_sink.h"
#include "engine/memory_budget.h"
#include "engine/token.h"

namespace winnow {

constexpr std::size_t kNCleanerMaxOrder = 6;
constexpr std::uint32_t kNCleanerStart = 0x02;  // history before a block's first character
constexpr std::uint32_t kNCleanerEnd = 0x03;    // predicted after its last character
constexpr int kNCleanerLevels = 64;

struct NCleanerModel {
  const char* name;
  bool nonlexical;
  std::uint8_t order;                    // n
  float q;                               // geometric interpolation factor
  float bias;                            // bits per character; content iff score >= bias
  float floor[2];                        // P_1 of an unseen character: content, boilerplate
  std::uint8_t bits[kNCleanerMaxOrder];  // table k + 1 has 2^bits[k] buckets
  const char* tables[kNCleanerMaxOrder];
};

// The models shipped (engine/ncleaner_model.cpp, generated).
const NCleanerModel& ncleaner_lexical_model();
const NCleanerModel& ncleaner_nonlexical_model();

// The character a code point becomes before scoring (see above).
std::uint32_t ncleaner_normalize(std::uint32_t code_point, bool nonlexical);
// Calls f(code point) for each character of UTF-8 text (an invalid byte is
// U+FFFD).
template <typename F>
void for_each_code_point(std::string_view utf8, F&& f);

// Hash of a sequence of normalised characters; salt tells the order (and the
// trainer's history keys apart). It is mixed in after the characters, so the
// scorer can extend the hashes of every order by one character each.
std::uint64_t ncleaner_hash(const std::uint32_t* chars, std::size_t count, std::uint32_t salt);
// Quantisation of P_k to a level and back (level 0 = unseen).
int ncleaner_level(double probability);
double ncleaner_level_probability(int level);
// The base64 alphabet of the tables.
char ncleaner_encode(int value);
int ncleaner_decode(char c);

// Scores one block incrementally.
class NCleanerScorer {
 public:
  explicit NCleanerScorer(const NCleanerModel& model);
  void start();
  // Adds rendered text (UTF-8); normalises it.
  void add_text(std::string_view utf8);
  void add_normalized(std::uint32_t c);
  // Predicts the end marker and returns H_boiler - H_content in bits per
  // character; the scorer must be started again afterwards.
  double finish();
  std::uint64_t characters() const { return count_; }

 private:
  // Scores c with a model of order N.
  template <std::size_t N>
  void add(std::uint32_t c);
  template <std::size_t N>
  void add_all(std::string_view utf8);
  // Moves the powers of two of the running products into the exponents.
  void renormalize();

  const NCleanerModel& model_;
  const double* probability_;  // P_k by the table's character (256 entries)
  // The model's tables, bucket masks and unigram floors, as the scorer reads them.
  const unsigned char* tables_[kNCleanerMaxOrder];
  std::uint64_t masks_[kNCleanerMaxOrder];
  double floor_[2];
  double weights_[kNCleanerMaxOrder];  // weight of order k + 1
  // The hash state (ncleaner_hash before its salt) of the last j characters
  // of history, j = 0 .. n - 1.
  std::uint64_t history_[kNCleanerMaxOrder];
  // The block's likelihood under each model, as a product (mantissa) times
  // 2^exponent: one multiplication per character instead of two logarithms.
  double product_[2] = {1, 1};
  long exponent_[2] = {0, 0};
  std::uint64_t count_ = 0;
};

class NCleaner final : public Algorithm {
 public:
  NCleaner(MemoryBudget& budget, const NCleanerModel& model);

  void on_token(const Token& token, std::string_view text, const TokenStream& stream,
                ContentWriter& out) override;
  void finish(ContentWriter& out) override;

 private:
  void close_block(ContentWriter& out);

  const NCleanerModel& model_;
  NCleanerScorer scorer_;
  BoundedText text_;
  SourceSpan span_;
  std::uint64_t words_ = 0, net_ = 0;
  std::uint32_t block_id_ = 0;
  bool open_ = false;
};

std::unique_ptr<Algorithm> create_ncleaner(MemoryBudget& budget);
std::unique_ptr<Algorithm> create_ncleaner_nonlexical(MemoryBudget& budget);

template <typename F>
void for_each_code_point(std::string_view s, F&& f) {
  std::size_t i = 0;
  while (i < s.size()) {
    const unsigned char b = static_cast<unsigned char>(s[i]);
    std::size_t len = b < 0x80 ? 1 : (b >> 5) == 0x6 ? 2 : (b >> 4) == 0xE ? 3 : (b >> 3) == 0x1E ? 4 : 0;
    std::uint32_t cp = len == 1 ? b : len == 2 ? (b & 0x1Fu) : len == 3 ? (b & 0x0Fu) : (b & 0x07u);
    bool ok = len != 0 && i + len <= s.size();
    for (std::size_t k = 1; ok && k < len; ++k) {
      const unsigned char t = static_cast<unsigned char>(s[i + k]);
      if ((t & 0xC0) != 0x80) ok = false;
      else cp = (cp << 6) | (t & 0x3Fu);
    }
    if (!ok) {
      f(0xFFFDu);
      ++i;
    } else {
      f(cp);
      i += len;
    }
  }
}

}  // namespace winnow
