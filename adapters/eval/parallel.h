// SPDX-License-Identifier: MIT
// The one way the corpus tools (evaluation, training, checks) spread work
// over threads.
#pragma once

#include <atomic>
#include <cstddef>
#include <thread>
#include <vector>

namespace winnow::eval {

// Calls f(i, worker) once for every i in [0, count), on `threads` threads
// (at least one) that take the next index as they become free; worker is the
// thread's number in [0, threads), for per-thread accumulators.
template <typename F>
void parallel_for(std::size_t count, unsigned threads, F&& f) {
  std::atomic<std::size_t> next{0};
  std::vector<std::thread> pool;
  const unsigned n = threads == 0 ? 1 : threads;
  for (unsigned worker = 0; worker < n; ++worker)
    pool.emplace_back([&, worker] {
      for (std::size_t i; (i = next++) < count;) f(i, worker);
    });
  for (std::thread& t : pool) t.join();
}

}  // namespace winnow::eval
