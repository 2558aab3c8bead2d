// SPDX-License-Identifier: MIT
// A folder of the test's own under the system's temporary directory, removed
// with everything in it when the object goes, so a test that fails half-way
// (an ASSERT returns early) leaves nothing behind either. Header-only: the
// winnow-eval tests, which link no extractor, use it too.
#pragma once

#include <stdlib.h>

#include <filesystem>
#include <string>
#include <system_error>

namespace winnow::test {

class ScratchDir {
 public:
  explicit ScratchDir(const std::string& prefix = "winnow-test") {
    std::string pattern = (std::filesystem::temp_directory_path() / (prefix + "-XXXXXX")).string();
    if (::mkdtemp(pattern.data()) != nullptr) path_ = pattern;
  }
  ~ScratchDir() {
    if (path_.empty()) return;
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;

  // Empty when the folder could not be made (a full or read-only /tmp);
  // writes under it then fail and the test says so.
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

}  // namespace winnow::test
