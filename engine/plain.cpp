// SPDX-License-Identifier: MIT
#include "engine/plain.h"

namespace winnow {

std::unique_ptr<Algorithm> create_plain(MemoryBudget&) { return std::make_unique<Plain>(); }

}  // namespace winnow
