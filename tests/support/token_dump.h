// SPDX-License-Identifier: MIT
// A test-only algorithm that writes every token it sees as one line, so tests
// can recover the exact token stream the real pipeline produced and run
// offline reference implementations over it.
#pragma once

#include <string>
#include <vector>

#include "engine/algorithm.h"
#include "engine/algorithm_registry.h"
#include "engine/token.h"

namespace winnow::test {

struct DumpedToken {
  Token token;
  std::string text;
};

const AlgorithmInfo& token_dump_algorithm();
std::vector<DumpedToken> parse_token_dump(const std::string& dump);
// The token stream of a document as the pipeline produces it.
std::vector<DumpedToken> tokens_of(const std::string& html);
// Feeds `tokens` to `algorithm` as the engine does (a token stream of its own,
// then finish()) and returns the text it wrote: how the tests run an online
// algorithm over a recorded or generated stream.
std::string run_tokens(Algorithm& algorithm, const std::vector<DumpedToken>& tokens);

}  // namespace winnow::test
