// SPDX-License-Identifier: MIT
// Maps byte positions of a stage's output back to its input, for stages that
// rewrite bytes (the decoder converts encodings and replaces invalid bytes;
// the guard canonicalises tags and drops comments). A checkpoint (out, in)
// says "output position out corresponds to input position in"; between two
// checkpoints bytes correspond one to one, clamped at the next checkpoint.
//
// Queries move forward only (parser positions do), so checkpoints behind the
// last query are dropped and the ring holds only the stretch the parser has
// not reached yet. When that stretch needs more checkpoints than the ring
// holds, each new one replaces the newest kept and is marked: positions
// between the last two kept are then interpolated linearly (approximate,
// monotone, never past the newest), exact again after it, which bounds
// memory without ever failing.
//
// Memory: capacity * 16 bytes, fixed.
#pragma once

#include <cstdint>

#include "engine/memory_budget.h"
#include "engine/ring_buffer.h"

namespace winnow {

class OffsetMap {
 public:
  OffsetMap(MemoryBudget& budget, std::size_t capacity) : checkpoints_(budget, capacity) {}
  bool ok() const { return checkpoints_.ok(); }

  // Records that output position out corresponds to input position in. Both
  // must not decrease from one call to the next. proportional: the stretch
  // since the previous checkpoint is not byte for byte (a converted piece of
  // a legacy or UTF-16 document); positions in it are interpolated.
  void record(std::uint64_t out, std::uint64_t in, bool proportional = false) {
    const std::int64_t delta = static_cast<std::int64_t>(in - out);
    if (!checkpoints_.empty()) {
      Checkpoint& last = checkpoints_.back();
      if (last.out() == out) {
        last.in = in;
        return;
      }
      if (static_cast<std::int64_t>(last.in - last.out()) == delta) return;
    } else if (delta == base_delta_) {
      return;
    }
    if (!checkpoints_.push(Checkpoint{proportional ? out | kLossy : out, in})) {
      // Full: the newest checkpoint replaces the last one and is marked, so
      // that positions before it are interpolated, and exact after it.
      checkpoints_.back() = Checkpoint{out | kLossy, in};
      ++skipped_;
    }
  }

  // The input position of output position out.
  std::uint64_t map(std::uint64_t out) {
    while (!checkpoints_.empty() && checkpoints_.front().out() <= out) {
      const Checkpoint& c = checkpoints_.front();
      base_delta_ = static_cast<std::int64_t>(c.in - c.out());
      base_in_ = c.in;
      base_out_ = c.out();
      checkpoints_.pop_front();
    }
    if (!checkpoints_.empty() && checkpoints_.front().lossy()) {
      // Checkpoints between the last one passed and the next were dropped:
      // spread the stretch evenly (monotone, never past the next).
      const Checkpoint& next = checkpoints_.front();
      if (out <= base_out_ || next.in <= base_in_) return base_in_;
      const auto scaled = static_cast<unsigned __int128>(out - base_out_) * (next.in - base_in_);
      return base_in_ + static_cast<std::uint64_t>(scaled / (next.out() - base_out_));
    }
    std::uint64_t in = static_cast<std::uint64_t>(static_cast<std::int64_t>(out) + base_delta_);
    if (in < base_in_) in = base_in_;
    if (!checkpoints_.empty() && in > checkpoints_.front().in) in = checkpoints_.front().in;
    return in;
  }

  // map(out) without passing a checkpoint, so that later queries may still
  // ask for positions before out (a look ahead).
  std::uint64_t map_ahead(std::uint64_t out) const {
    std::int64_t base_delta = base_delta_;
    std::uint64_t base_in = base_in_;
    std::uint64_t base_out = base_out_;
    std::uint64_t seq = checkpoints_.begin_seq();
    for (; seq < checkpoints_.end_seq() && checkpoints_.at(seq).out() <= out; ++seq) {
      const Checkpoint& c = checkpoints_.at(seq);
      base_delta = static_cast<std::int64_t>(c.in - c.out());
      base_in = c.in;
      base_out = c.out();
    }
    const Checkpoint* next = seq < checkpoints_.end_seq() ? &checkpoints_.at(seq) : nullptr;
    if (next != nullptr && next->lossy()) {
      if (out <= base_out || next->in <= base_in) return base_in;
      const auto scaled = static_cast<unsigned __int128>(out - base_out) * (next->in - base_in);
      return base_in + static_cast<std::uint64_t>(scaled / (next->out() - base_out));
    }
    std::uint64_t in = static_cast<std::uint64_t>(static_cast<std::int64_t>(out) + base_delta);
    if (in < base_in) in = base_in;
    if (next != nullptr && in > next->in) in = next->in;
    return in;
  }
  std::uint64_t skipped() const { return skipped_; }
  // in - out of the last checkpoint recorded: what positions after it map
  // with until the next one.
  std::int64_t last_delta() const {
    if (checkpoints_.empty()) return base_delta_;
    const Checkpoint& last = checkpoints_.back();
    return static_cast<std::int64_t>(last.in - last.out());
  }

 private:
  static constexpr std::uint64_t kLossy = std::uint64_t{1} << 63;
  struct Checkpoint {
    std::uint64_t out_and_flag;  // bit 63 (kLossy): checkpoints before this one were dropped
    std::uint64_t in;
    std::uint64_t out() const { return out_and_flag & ~kLossy; }
    bool lossy() const { return (out_and_flag & kLossy) != 0; }
  };
  RingBuffer<Checkpoint> checkpoints_;
  std::int64_t base_delta_ = 0;  // delta of the last checkpoint passed
  std::uint64_t base_in_ = 0;
  std::uint64_t base_out_ = 0;
  std::uint64_t skipped_ = 0;
};

}  // namespace winnow
