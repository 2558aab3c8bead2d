// SPDX-License-Identifier: MIT
// The page's metadata (engine/page_metadata.h) as the CLI writes it:
//   - a JSON line, first of `--format json`'s lines:
//       {"type":"metadata","title":"…","description":null,…}
//     every field in MetadataField's order, null where the page declared none;
//   - a YAML front matter block, first in `--format text|markdown` with
//     `--metadata`, the fields the page declared, one per line:
//       ---
//       title: "…"
//       published: "2024-03-01T08:00:00Z"
//       ---
//     (a static site generator's and pandoc's header; values are JSON
//     strings, which YAML reads as double-quoted scalars).
#pragma once

#include <string>

#include "engine/page_metadata.h"

namespace winnow::cli {

std::string metadata_json_line(const PageMetadata& metadata);
std::string metadata_front_matter(const PageMetadata& metadata);

}  // namespace winnow::cli
