// SPDX-License-Identifier: MIT
// parallel_for visits every index once, on the threads it was given.
#include "adapters/eval/parallel.h"

#include <gtest/gtest.h>

#include <atomic>
#include <vector>

namespace winnow::eval {
namespace {

TEST(Parallel, EveryIndexOnceWhateverTheThreads) {
  for (unsigned threads : {0u, 1u, 2u, 7u}) {
    for (std::size_t count : {std::size_t{0}, std::size_t{1}, std::size_t{5}, std::size_t{1000}}) {
      std::vector<std::atomic<int>> visits(count);
      std::atomic<bool> worker_in_range{true};
      parallel_for(count, threads, [&](std::size_t i, unsigned worker) {
        ++visits[i];
        if (worker >= (threads == 0 ? 1u : threads)) worker_in_range = false;
      });
      for (std::size_t i = 0; i < count; ++i) EXPECT_EQ(visits[i].load(), 1) << i << " of " << count;
      EXPECT_TRUE(worker_in_range) << threads << " threads";
    }
  }
}

}  // namespace
}  // namespace winnow::eval
