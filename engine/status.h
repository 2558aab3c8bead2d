// SPDX-License-Identifier: MIT
// Status codes shared by the engine, the adapters and the C API.
//
// A status is sticky: once an extractor reports anything but Ok, later calls
// report the same status and do no further work. Content decided before the
// status was raised has already been delivered to the sink.
#pragma once

#include <cstdint>

namespace winnow {

enum class Status : std::uint8_t {
  Ok = 0,
  // The memory budget was reached. Everything decided so far was delivered;
  // the rest of the input was not examined.
  BudgetExceeded = 1,
  // The budget cannot even hold the extractor's fixed state.
  BudgetTooSmall = 2,
  // Elements nested deeper than the configured limit were flattened: their
  // tags were dropped, their text kept. Reported at the end; not an error.
  NestingFlattened = 3,
  // feed() was called after the final chunk.
  AlreadyFinished = 4,
  // An unknown algorithm name or an invalid option.
  InvalidArgument = 5,
  // The parser failed in a way the guard should have prevented.
  ParserError = 6,
};

// A short English description, never null.
const char* status_string(Status status);

// True for statuses after which no more input is processed.
inline bool is_fatal(Status status) {
  return status != Status::Ok && status != Status::NestingFlattened;
}

}  // namespace winnow
