// SPDX-License-Identifier: MIT
// The link between two byte-rewriting stages of the adapter.
#pragma once

#include <cstddef>

namespace winnow {

class ByteSink {
 public:
  virtual ~ByteSink() = default;
  virtual void write(const char* data, std::size_t size) = 0;
};

}  // namespace winnow
