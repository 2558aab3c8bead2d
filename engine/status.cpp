// SPDX-License-Identifier: MIT
#include "engine/status.h"

namespace winnow {

const char* status_string(Status status) {
  switch (status) {
    case Status::Ok: return "ok";
    case Status::BudgetExceeded: return "memory budget exceeded; content decided so far was delivered";
    case Status::BudgetTooSmall: return "memory budget too small for the extractor's fixed state";
    case Status::NestingFlattened: return "nesting deeper than the limit was flattened (text kept)";
    case Status::AlreadyFinished: return "input already finished";
    case Status::InvalidArgument: return "invalid argument";
    case Status::ParserError: return "parser error";
  }
  return "unknown status";
}

}  // namespace winnow
