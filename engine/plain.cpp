// SPDX-License-Identifier: MIT
#include "engine/plain.h"

namespace winnow {

std::unique_ptr<Algorithm> create_plain(MemoryBudget& budget) { return make_algorithm<Plain>(budget); }

}  // namespace winnow
