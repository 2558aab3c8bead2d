// SPDX-License-Identifier: MIT
// Helpers shared by the winnow-eval tests: fixture paths, files written and
// read whole, and the scratch folder of tests/support/scratch_dir.h.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "../support/scratch_dir.h"

namespace winnow::eval::testing {

inline std::filesystem::path fixtures() { return WINNOW_EVAL_FIXTURES; }

using winnow::test::ScratchDir;

inline void write_file(const std::filesystem::path& file, const std::string& content) {
  std::ofstream out(file, std::ios::binary);
  out << content;
}

inline std::string read_file(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

}  // namespace winnow::eval::testing
