// SPDX-License-Identifier: MIT
// The bridge from winnow-eval to the extractor library's algorithms. Two
// implementations exist: winnow_algorithms.cpp (the library's registry) and
// no_algorithms.cpp (none; for builds without the library, where only
// --extractor-cmd works). CMake picks one.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "adapters/eval/extractor.h"

namespace winnow::eval {

struct AlgorithmEntry {
  std::string name;
  std::string summary;
};

struct AlgorithmSettings {
  std::size_t chunk_size = 4096;
  std::size_t memory_budget = 256 * 1024;
};

// Every algorithm the library offers, in registry order.
std::vector<AlgorithmEntry> winnow_algorithms();

// An in-process extractor running `name`; null if there is no such algorithm.
std::unique_ptr<Extractor> make_winnow_extractor(const std::string& name,
                                                 const AlgorithmSettings& settings);

}  // namespace winnow::eval
