// SPDX-License-Identifier: MIT
// Command-line options of winnow-eval and their parsing. Parsing knows
// nothing of the library: algorithm names are checked later against the
// registry, so the parser builds and is tested without it.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "adapters/eval/command_extractor.h"

namespace winnow::eval {

// Exit codes, as --help documents them.
constexpr int kExitOk = 0;
constexpr int kExitUsage = 1;
constexpr int kExitInputOutput = 2;

struct Options {
  bool all_algorithms = false;          // --algo all
  std::vector<std::string> algorithms;  // --algo a,b,...
  bool algorithms_given = false;
  std::string extractor_cmd;
  std::string extractor_name = "cmd";
  OutputFormat extractor_output = OutputFormat::Auto;
  std::size_t extractor_timeout = 120;  // seconds one document may take; 0: no limit
  std::vector<std::string> packages;  // --packages and positional folders
  std::string corpus;                 // --corpus; empty: the built-in default
  std::string out_dir = "eval-results";
  std::string report;  // empty: <out_dir>/report.html
  bool write_report = true;
  std::size_t threads = 0;  // 0: one per hardware thread
  std::size_t chunk_size = 4096;
  std::size_t memory_budget = 256 * 1024;
  std::size_t limit = 0;  // documents per package; 0: all
  bool resolve_gold_entities = false;  // --gold-entities
  bool known_address = false;          // --known-address
  bool quiet = false;
  bool help = false;
  bool version = false;
  bool list_algorithms = false;
};

struct ParsedOptions {
  Options options;
  std::string error;  // empty when parsing succeeded
};

ParsedOptions parse_options(const std::vector<std::string>& args);

// The --help text; default_corpus is the compile-time corpus folder.
std::string usage_text(const std::string& default_corpus);

}  // namespace winnow::eval
