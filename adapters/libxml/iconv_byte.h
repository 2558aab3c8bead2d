// SPDX-License-Identifier: MIT
// One byte through a glibc iconv converter into UCS-4 (WCHAR_T), alone and
// from the converter's initial state: how the decoder tabulates a
// single-byte encoding and how the undeclared-encoding guess reads one.
#pragma once

#include <iconv.h>

#include <cerrno>
#include <cstddef>
#include <cstdint>

namespace winnow {

struct ByteConversion {
  enum class Kind {
    kCodePoint,  // exactly one code point, the byte consumed
    kRejected,   // the encoding defines no character for the byte
    kOther,      // the converter waits for more bytes or gives more than one
  };
  Kind kind;
  std::uint32_t code_point;  // when kCodePoint
};

inline ByteConversion convert_byte_alone(iconv_t converter, unsigned char byte) {
  iconv(converter, nullptr, nullptr, nullptr, nullptr);  // back to the initial state
  char in_byte = static_cast<char>(byte);
  wchar_t wide[2];
  char* in = &in_byte;
  std::size_t in_left = 1;
  char* out = reinterpret_cast<char*>(wide);
  std::size_t out_left = sizeof wide;
  const std::size_t result = iconv(converter, &in, &in_left, &out, &out_left);
  const std::size_t produced = (sizeof wide - out_left) / sizeof(wchar_t);
  if (result != static_cast<std::size_t>(-1) && in_left == 0 && produced == 1)
    return {ByteConversion::Kind::kCodePoint, static_cast<std::uint32_t>(wide[0])};
  if (result == static_cast<std::size_t>(-1) && errno == EILSEQ && produced == 0)
    return {ByteConversion::Kind::kRejected, 0};
  return {ByteConversion::Kind::kOther, 0};
}

}  // namespace winnow
