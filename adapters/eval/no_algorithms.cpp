// SPDX-License-Identifier: MIT
// algorithms.h for builds without the extractor library: no algorithms.
#include "adapters/eval/algorithms.h"

namespace winnow::eval {

std::vector<AlgorithmEntry> winnow_algorithms() { return {}; }

std::unique_ptr<Extractor> make_winnow_extractor(const std::string&, const AlgorithmSettings&) {
  return nullptr;
}

}  // namespace winnow::eval
