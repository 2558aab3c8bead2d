// SPDX-License-Identifier: MIT
// Placeholder until adapters/learn/train_ncleaner.cpp writes the trained model.
#include "engine/ncleaner.h"

namespace winnow {
namespace {

constexpr NCleanerModel kLexical = {"ncleaner", false, 1, 0.6f, 0.0f, {1e-3f, 1e-3f}, {0}, {"AAA"}};
constexpr NCleanerModel kNonlexical = {"ncleaner-nonlex", true, 1, 0.6f, 0.0f, {1e-3f, 1e-3f}, {0}, {"AAA"}};

}  // namespace

const NCleanerModel& ncleaner_lexical_model() { return kLexical; }
const NCleanerModel& ncleaner_nonlexical_model() { return kNonlexical; }

}  // namespace winnow
