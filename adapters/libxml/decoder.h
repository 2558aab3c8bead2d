// SPDX-License-Identifier: MIT
// Stage 1 of the adapter: raw bytes in any encoding -> valid UTF-8.
//
// The encoding is decided once, from the first kSniffBytes bytes (or the
// whole input if shorter), in this order: the caller's override, a byte order
// mark, a <meta charset> / <meta http-equiv content="...charset=..."> in that
// prefix, else UTF-8. A declaration that names a legacy encoding while the
// prefix is valid, non-ASCII UTF-8 is taken to be wrong (real pages do this)
// and UTF-8 wins. Conversion from legacy encodings uses libxml2's encoding
// handlers (iconv behind them); UTF-8 is validated here because libxml2 does
// not repair it: every maximal invalid subsequence becomes U+FFFD, NUL too,
// and other C0 controls become spaces so the parser never rejects a byte.
//
// Output is independent of how the input is chunked: the sniff decision
// waits for a fixed prefix, legacy input is converted in pieces cut at fixed
// points ('<', after '>', or every kPieceBytes), and UTF-8 repair is a
// byte-at-a-time state machine. offsets() maps output positions back to
// input positions.
//
// Memory: kSniffBytes + kPieceBytes + the offset map + libxml2's handler and
// two small conversion buffers (charged through the allocator hook). The
// handler's iconv descriptors are glibc heap outside the budget (two
// iconv_open()s, each holding glibc's intermediate conversion buffer: about
// 65 KB for GBK, Shift_JIS, EUC-KR, ISO-2022-JP, 97 KB for Big5 with glibc
// 2.36, bench/memory_probe.cpp); for
// single-byte encodings (windows-125x, ISO-8859-x, KOI8, ...) they are closed
// as soon as a 1.3 KB byte -> UTF-8 table has been built through them, so
// only multi-byte legacy documents hold them while they are decoded (libxml2
// converts UTF-16 itself, without iconv).
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

class Decoder {
 public:
  static constexpr std::size_t kSniffBytes = 4096;
  static constexpr std::size_t kPieceBytes = 256;

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

  // Legacy conversion through libxml2 (single-byte encodings: a table built
  // through it).
  struct SingleByteTable;
  struct LegacyState;
  LegacyState* legacy_ = nullptr;
};

}  // namespace winnow
