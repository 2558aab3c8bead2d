// SPDX-License-Identifier: MIT
// The one interface every extraction algorithm implements (boilerpipe's
// filter idea, made streaming): it sees each token once, in order, and writes
// the words it keeps to the ContentWriter as soon as it has decided them.
#pragma once

#include <cstddef>
#include <string_view>

#include "engine/content_writer.h"
#include "engine/token.h"
#include "engine/token_stream.h"

namespace winnow {

// How far back into the token stream an algorithm reads.
struct StreamWindow {
  std::size_t tokens = 1;
  std::size_t text_bytes = 0;
};

class Algorithm {
 public:
  virtual ~Algorithm() = default;
  virtual StreamWindow window() const { return {}; }
  // text is the word's text (empty for tags).
  virtual void on_token(const Token& token, std::string_view text, const TokenStream& stream,
                        ContentWriter& out) = 0;
  // End of the document (or of the part examined before the budget ran out):
  // write everything still undecided.
  virtual void finish(ContentWriter& out) = 0;
};

}  // namespace winnow
