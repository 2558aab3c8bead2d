// SPDX-License-Identifier: MIT
// Stage 1 of the adapter: raw bytes in any encoding -> valid UTF-8.
//
// The encoding is decided once, from the first kSniffBytes bytes (or the
// whole input if shorter), in this order: the caller's override, a byte order
// mark, a <meta charset> / <meta http-equiv content="...charset=..."> in that
// prefix, else what undeclared_encoding.h guesses from that prefix (UTF-8
// unless the prefix is not UTF-8). A declaration that names a legacy encoding
// while the prefix is valid, non-ASCII UTF-8 is taken to be wrong (real pages
// do this) and UTF-8 wins. Legacy encodings are converted by glibc's iconv into UCS-4
// code points, which are written as UTF-8 here; UTF-8 is validated here
// because libxml2 does not repair it: every maximal invalid subsequence becomes U+FFFD, NUL too,
// and other C0 controls become spaces so the parser never rejects a byte.
//
// Output is independent of how the input is chunked: the sniff decision
// waits for a fixed prefix, legacy input is converted in pieces cut at fixed
// points ('<', after '>', or every kPieceBytes), and UTF-8 repair is a
// byte-at-a-time state machine. offsets() maps output positions back to
// input positions.
//
// Memory: kSniffBytes + kPieceBytes + the offset map, and for a legacy
// encoding its conversion state: one iconv descriptor into UCS-4, a single
// gconv step whose state glibc 2.36 keeps in 32 to 340 bytes (512 charged;
// converting into UTF-8 instead, as libxml2's encoding handlers do, chains
// two steps through a 32 KB buffer, and they open two descriptors: 65 KB per
// document for GBK, 130 KB for BIG5-HKSCS, outside any budget), or, for a
// single-byte encoding (windows-125x, ISO-8859-x, KOI8, ...), a 1.3 KB byte
// -> UTF-8 table built through the descriptor, which is then closed. All of
// it is charged to the budget. Not charged: the 0.3 to 6 KB of heap glibc
// takes the first time a process loads an encoding's module, and keeps for
// the process (bench/memory_probe.cpp measures both).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "adapters/libxml/byte_sink.h"
#include "adapters/libxml/offset_map.h"
#include "engine/budget_buffer.h"
#include "engine/memory_budget.h"

namespace winnow {

// Whether the decoder can read a document in the encoding a caller names
// (ExtractorConfig::encoding, `--encoding`): a label of ASCII letters, digits
// and . _ : - ( ) + that is UTF-8's or UTF-16's, or that glibc's iconv can
// convert from. A page's own declaration is never checked this way: an
// unknown one is read as UTF-8, as browsers do; a caller's is a mistake to
// report.
bool is_supported_encoding(std::string_view label);

class Decoder {
 public:
  static constexpr std::size_t kSniffBytes = 4096;
  static constexpr std::size_t kPieceBytes = 256;
  // Charged for an open iconv descriptor's state, which glibc allocates on
  // its own heap (never in the caller's arena).
  static constexpr std::size_t kConverterBytes = 512;

  Decoder(MemoryBudget& budget, std::string_view override_encoding, ByteSink& out);
  ~Decoder();
  Decoder(const Decoder&) = delete;
  Decoder& operator=(const Decoder&) = delete;

  bool ok() const;
  void feed(const char* data, std::size_t size, bool is_final);

  // The encoding in use ("UTF-8", "WINDOWS-1251", ...); empty before decided.
  const std::string& encoding() const { return encoding_; }
  OffsetMap& offsets() { return offsets_; }
  std::uint64_t bytes_in() const { return in_pos_; }
  // Whether a single-byte table converts this document (no iconv state held).
  bool converts_by_table() const;

 private:
  void decide_encoding(bool is_final);
  void process(const char* data, std::size_t size);
  void process_utf8(const char* data, std::size_t size);
  void emit_replacement(std::uint64_t invalid_begin);
  void flush_utf8_run(const char* data, std::size_t begin, std::size_t end);
  void process_legacy(const char* data, std::size_t size);
  void convert_piece();
  void convert_piece_by_table();
  void write_converted(const char* data, std::size_t size);
  void use_single_byte_table(const std::string& encoding);
  void finish();

  ByteSink& out_;
  MemoryBudget& budget_;
  OffsetMap offsets_;
  std::string override_;
  std::string encoding_;
  bool decided_ = false;
  bool finished_ = false;

  BudgetString sniff_;  // the first bytes, held until the encoding is decided
  std::uint64_t in_pos_ = 0;   // input bytes consumed by process()
  std::uint64_t out_pos_ = 0;  // UTF-8 bytes written

  // UTF-8 repair state (WHATWG's decoder): bytes still expected and the
  // allowed range of the next continuation byte.
  int utf8_needed_ = 0;
  unsigned char utf8_lower_ = 0x80;
  unsigned char utf8_upper_ = 0xBF;
  std::uint64_t utf8_seq_begin_ = 0;  // input position of the sequence's lead byte
  char utf8_pending_[4] = {};
  int utf8_pending_size_ = 0;

  // Legacy conversion through iconv (single-byte encodings: a table built
  // through it).
  struct SingleByteTable;
  struct LegacyState;
  LegacyState* legacy_ = nullptr;
};

}  // namespace winnow
