// SPDX-License-Identifier: MIT
// Harness 7: winnow-reader's screen (adapters/reader/screen.h), the C API's
// small-screen renderer, drawn into memory.
//
// Input, read with FuzzedDataProvider from the end: the screen's width (8 to
// 120 columns, or the widest, 1000), whether the title is shown, the
// algorithm (default, plain or readability, which write every kind of block
// the screen draws: headings, list items, quotes, table cells,
// preformatted lines), and the size of the pieces the document is fed in;
// the document is the rest.
// Checks: the screen never writes outside its buffers (ASan), every line it
// draws is valid UTF-8 and no wider than the screen, counted as the screen
// counts columns, and (without the title) it shows the text the C API's
// callbacks gave, in order: wrapping, bullets, bars and rules change lines,
// never the text.
// FUZZ_READER_SHOW=1 in the environment prints the text given and the screen
// drawn, to read a finding.
#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "adapters/capi/winnow.h"
#include "adapters/reader/screen.h"
#include "fuzz_support.h"

namespace {

using winnow::fuzz::fail;

// Decodes the UTF-8 code point at text[at]; returns its length, 0 if the
// bytes there are not one.
std::size_t decode(const std::string& text, std::size_t at, unsigned long* cp) {
  const auto b = static_cast<unsigned char>(text[at]);
  const std::size_t n = b < 0x80 ? 1 : (b >> 5) == 6 ? 2 : (b >> 4) == 14 ? 3 : (b >> 3) == 30 ? 4 : 0;
  if (n == 0 || at + n > text.size()) return 0;
  *cp = n == 1 ? b : n == 2 ? (b & 0x1Fu) : n == 3 ? (b & 0x0Fu) : (b & 0x07u);
  for (std::size_t i = 1; i < n; ++i) {
    const auto c = static_cast<unsigned char>(text[at + i]);
    if ((c & 0xC0) != 0x80) return 0;
    *cp = (*cp << 6) | (c & 0x3Fu);
  }
  return n;
}

void check_lines(const std::string& screen, int columns) {
  std::size_t line_start = 0;
  int width = 0;
  for (std::size_t at = 0; at < screen.size();) {
    if (screen[at] == '\n') {
      if (width > columns)
        fail("a line wider than the screen",
             std::to_string(width) + " of " + std::to_string(columns) + " columns: " +
                 screen.substr(line_start, at - line_start).substr(0, 400));
      width = 0;
      line_start = ++at;
      continue;
    }
    unsigned long cp = 0;
    const std::size_t n = decode(screen, at, &cp);
    if (n == 0) fail("the screen wrote bytes that are not UTF-8", screen.substr(line_start, 200));
    width += reader_columns_of(cp);
    at += n;
  }
  if (!screen.empty() && screen.back() != '\n') fail("the screen's last line has no end");
}

// `text` without spaces, line ends and the characters the screen adds (a
// bullet's '-', a number and its '.', a bar, a heading's '#' and rules, a
// row's '|'): a word broken at the screen's edge then reads as it did.
std::string letters_of(const std::string& text) {
  std::string letters;
  for (char c : text)
    if (std::string_view(" \n#-=|.0123456789").find(c) == std::string_view::npos) letters += c;
  return letters;
}

// Records the callbacks' text, then passes each call on to the screen's
// own callbacks (screen_config, as reader_screen_connect set them).
struct Tee {
  winnow_config screen_config;
  std::string text;
};

void tee_text(void* user, const char* text, size_t length) {
  auto* tee = static_cast<Tee*>(user);
  tee->text.append(text, length);
  tee->screen_config.callbacks.block_text(tee->screen_config.user_data, text, length);
}
void tee_block_end(void* user) {
  auto* tee = static_cast<Tee*>(user);
  tee->text += '\n';
  tee->screen_config.callbacks.block_end(tee->screen_config.user_data);
}
void tee_block_start(void* user, const winnow_block_info* block) {
  auto* tee = static_cast<Tee*>(user);
  tee->screen_config.callbacks.block_start(tee->screen_config.user_data, block);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider input(data, size);
  const int columns = input.ConsumeBool() ? READER_MAX_COLUMNS : input.ConsumeIntegralInRange(READER_MIN_COLUMNS, 120);
  const bool show_title = input.ConsumeBool();
  static const char* const kAlgorithms[] = {"default", "plain", "readability"};
  const char* algorithm = kAlgorithms[input.ConsumeIntegralInRange(0, 2)];
  const std::size_t piece = input.ConsumeIntegralInRange<std::size_t>(1, 4096);
  const std::string document = input.ConsumeRemainingBytesAsString();
  winnow::fuzz::context() = std::string(algorithm) + ", " + std::to_string(columns) + " columns, pieces of " +
                            std::to_string(piece) + (show_title ? "" : ", no title");

  char* drawn = nullptr;
  std::size_t drawn_size = 0;
  FILE* out = open_memstream(&drawn, &drawn_size);
  if (out == nullptr) return 0;
  auto* screen = static_cast<reader_screen*>(std::malloc(sizeof(reader_screen)));
  if (screen == nullptr) {
    std::fclose(out);
    std::free(drawn);
    return 0;
  }
  reader_screen_init(screen, columns, show_title ? 1 : 0, out);

  Tee tee{{}, {}};
  winnow_config_init(&tee.screen_config);
  reader_screen_connect(screen, &tee.screen_config);
  winnow_config config;
  winnow_config_init(&config);
  config.algorithm = algorithm;
  config.callbacks.block_text = tee_text;
  config.callbacks.block_end = tee_block_end;
  config.callbacks.block_start = tee_block_start;
  config.user_data = &tee;
  winnow_status status = WINNOW_STATUS_OK;
  winnow_extractor* extractor = winnow_create(&config, &status);
  if (extractor == nullptr) fail("winnow_create refused a valid configuration", winnow_status_string(status));
  reader_screen_set_extractor(screen, extractor);
  for (std::size_t at = 0; at < document.size(); at += piece) {
    const std::size_t n = std::min(piece, document.size() - at);
    status = winnow_feed(extractor, document.data() + at, n, 0);
    if (status != WINNOW_STATUS_OK && status != WINNOW_STATUS_NESTING_FLATTENED) break;
  }
  winnow_feed(extractor, nullptr, 0, 1);
  reader_screen_finish(screen);
  std::fclose(out);
  const std::string shown(drawn, drawn_size);
  std::free(drawn);

  if (std::getenv("FUZZ_READER_SHOW")) std::fprintf(stderr, "--- given:\n%s\n--- shown:\n%s---\n", tee.text.c_str(), shown.c_str());
  check_lines(shown, columns);
  if (!show_title && letters_of(shown) != letters_of(tee.text)) {
    // Without the title and byline, the screen shows the content's text and
    // nothing else, in order.
    const std::string got = letters_of(shown), given = letters_of(tee.text);
    std::size_t same = 0;
    while (same < got.size() && same < given.size() && got[same] == given[same]) ++same;
    fail("the screen's text is not the content's",
         "they part after " + std::to_string(same) + " bytes: shown '" + got.substr(same, 60) + "', given '" +
             given.substr(same, 60) + "'");
  }
  winnow_free(extractor);
  std::free(screen);
  return 0;
}
