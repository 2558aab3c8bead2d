// SPDX-License-Identifier: MIT
// Character and word normalisation (see normalize.h for the rules and their
// sources in seeds 000 and 002).
#include "adapters/eval/normalize.h"

#include "adapters/eval/unicode.h"

namespace winnow::eval {

std::u32string normalize_characters(std::string_view utf8) {
  const std::u32string decoded = decode_utf8(utf8);
  std::u32string out;
  out.reserve(decoded.size());
  bool pending_space = false;
  for (char32_t cp : decoded) {
    if (is_white_space(cp)) {
      pending_space = !out.empty();
      continue;
    }
    if (char_class(cp) == CharClass::Invisible) continue;
    if (pending_space) out.push_back(U' ');
    pending_space = false;
    out.push_back(cp);
  }
  return out;
}

namespace {

// Accumulates the word being read and hands finished words to `words`.
class WordSplitter {
 public:
  explicit WordSplitter(std::vector<std::string>& words) : words_(words) {}

  void feed(char32_t cp) {
    // Tabs and line breaks are controls (Cc) too, but they separate words.
    if (is_white_space(cp)) return flush();
    const CharClass cls = char_class(cp);
    if (cls == CharClass::Letter || cls == CharClass::Number) {
      const bool unspaced = is_unspaced_script(cp);
      // An unspaced-script character is a word of its own, and it also ends
      // a Latin (etc.) word directly before it: "abc漢" -> "abc", "漢".
      if (unspaced || current_is_unspaced_) flush();
      append_utf8(current_, to_lower(cp));
      current_is_unspaced_ = unspaced;
    } else if (cls == CharClass::Mark) {
      // A combining mark belongs to the word it follows; alone it is no word.
      if (!current_.empty()) append_utf8(current_, cp);
    } else if (cls != CharClass::Invisible) {
      flush();  // whitespace, punctuation, symbols
    }
  }

  void flush() {
    if (!current_.empty()) words_.push_back(std::move(current_));
    current_.clear();
    current_is_unspaced_ = false;
  }

 private:
  std::vector<std::string>& words_;
  std::string current_;
  bool current_is_unspaced_ = false;
};

}  // namespace

std::vector<std::string> split_words(std::string_view utf8) {
  std::vector<std::string> words;
  WordSplitter splitter(words);
  for (char32_t cp : decode_utf8(utf8)) splitter.feed(cp);
  splitter.flush();
  return words;
}

std::uint32_t WordIds::id(const std::string& word) {
  auto [it, inserted] = ids_.try_emplace(word, static_cast<std::uint32_t>(ids_.size()));
  (void)inserted;
  return it->second;
}

std::vector<std::uint32_t> WordIds::ids(const std::vector<std::string>& words) {
  std::vector<std::uint32_t> out;
  out.reserve(words.size());
  for (const std::string& w : words) out.push_back(id(w));
  return out;
}

}  // namespace winnow::eval
