// SPDX-License-Identifier: MIT
// Harness 6: the JSON-LD reader (adapters/libxml/json_ld.h) on any bytes, as
// the input guard feeds it a script's content. Its values must be valid
// UTF-8 (what comes in is: the decoder stands before the guard), within
// kValueBytes, free of control characters, and the same whatever the split
// of the input; a reset must forget everything.
//
// Input: byte 0 = piece size for the split run (1..256); the rest = the
// script's content, made valid UTF-8 if it is not (every byte past ASCII
// becomes 'x'; the dictionary's escapes and strings keep most inputs valid).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>

#include "adapters/libxml/json_ld.h"
#include "fuzz_support.h"

namespace {

using winnow::JsonLdReader;
using winnow::fuzz::fail;

std::string values_of(const JsonLdReader& reader) {
  std::string out;
  for (std::size_t i = 0; i < JsonLdReader::kFieldCount; ++i) {
    const std::string_view value = reader.value(static_cast<JsonLdReader::Field>(i));
    if (value.size() > JsonLdReader::kValueBytes) fail("JSON-LD value over its bound");
    if (!winnow::fuzz::valid_utf8(value)) fail("JSON-LD value is not valid UTF-8", winnow::fuzz::hex_prefix(value));
    for (const char c : value)
      if (static_cast<unsigned char>(c) < 0x20) fail("JSON-LD value holds a control character");
    out += value;
    out += '\x1f';
  }
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const std::size_t piece = 1 + data[0];
  std::string json(reinterpret_cast<const char*>(data + 1), size - 1);
  // The guard's input is the decoder's output: valid UTF-8.
  if (!winnow::fuzz::valid_utf8(json))
    for (char& c : json)
      if (static_cast<unsigned char>(c) >= 0x80) c = 'x';
  JsonLdReader whole;
  whole.reset();
  whole.feed(json.data(), json.size());
  JsonLdReader split;
  split.reset();
  for (std::size_t at = 0; at < json.size(); at += piece)
    split.feed(json.data() + at, std::min(piece, json.size() - at));
  const std::string a = values_of(whole);
  if (a != values_of(split)) fail("JSON-LD values depend on how the script was split", std::to_string(piece));
  split.reset();
  if (values_of(split) != std::string(JsonLdReader::kFieldCount, '\x1f')) fail("reset kept a value");
  return 0;
}
