// SPDX-License-Identifier: MIT
// The named algorithms an extractor can run ("plain", "bte", ...), each with
// a one-line summary for --list-algos and a factory.
#pragma once

#include <memory>
#include <string_view>
#include <vector>

namespace winnow {

class Algorithm;
class MemoryBudget;

struct AlgorithmInfo {
  std::string_view name;
  std::string_view summary;
  // Creates the algorithm with its fixed state charged to the budget; returns
  // null when the budget cannot hold that state.
  std::unique_ptr<Algorithm> (*create)(MemoryBudget& budget);
  // For an algorithm built around its caller's state (a model in training,
  // a vector to fill), used instead of `create` when set: `context` is passed
  // through, as expat passes its handlers' user data, so no global or
  // per-thread pointer carries it.
  std::unique_ptr<Algorithm> (*create_with)(MemoryBudget& budget, void* context) = nullptr;
  void* context = nullptr;

  // The algorithm, by create_with if set, else by create.
  std::unique_ptr<Algorithm> instantiate(MemoryBudget& budget) const;
};

// Every algorithm, in the order --list-algos prints them.
const std::vector<AlgorithmInfo>& algorithm_registry();

// The entry of that name, or null.
const AlgorithmInfo* find_algorithm(std::string_view name);

}  // namespace winnow
