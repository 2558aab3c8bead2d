// SPDX-License-Identifier: MIT
// Positions in the parser's input (the guard's output) mapped back to the
// page's bytes through the guard's and then the decoder's offset maps: what
// every SourceMapper of the adapter pipeline (HtmlExtractor, the benchmark
// stages, the adapter tests) answers. Where an offset map had to skip
// checkpoints (many edits ahead of the parser) the mapping is approximate
// and can overshoot; it never lies past the input the decoder has read.
#pragma once

#include <algorithm>
#include <cstdint>

#include "adapters/libxml/decoder.h"
#include "adapters/libxml/guard.h"

namespace winnow {

inline std::uint64_t source_of(Decoder& decoder, Guard& guard, std::uint64_t parser_position) {
  const std::uint64_t mapped = decoder.offsets().map(guard.offsets().map(parser_position));
  return std::min<std::uint64_t>(mapped, decoder.bytes_in());
}

// SourceMapper::to_source_inside (libxml_parser.h): distance bytes past
// from, one to one with the guard's input, but not past where limit maps.
inline std::uint64_t source_inside_of(Decoder& decoder, Guard& guard, std::uint64_t from, std::uint64_t distance,
                                      std::uint64_t limit) {
  const std::uint64_t in_guard = guard.offsets().map(from) + distance;
  const std::uint64_t mapped = decoder.offsets().map(std::min(in_guard, guard.offsets().map_ahead(limit)));
  return std::min<std::uint64_t>(mapped, decoder.bytes_in());
}

}  // namespace winnow
