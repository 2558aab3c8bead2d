// SPDX-License-Identifier: MIT
// train_blocks --train-without LIST: packages whose pages no model is
// trained on, in any fold or in-sample, though they are still scored. It
// measures what a package teaches the others: cross-validated by package,
// a package left out of training changes every other package's held-out
// figures and none of its own (adapters/learn/README.md, stop 71).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace winnow::learn {

// "a,b" as a flag per package of `names`, true for those the list names.
// nullopt for an empty list, an empty item, a name not among `names` or a
// name given twice.
std::optional<std::vector<bool>> packages_named(std::string_view list, const std::vector<std::string>& names);

}  // namespace winnow::learn
