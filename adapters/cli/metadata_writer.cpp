// SPDX-License-Identifier: MIT
#include "adapters/cli/metadata_writer.h"

#include "adapters/cli/json_text.h"

namespace winnow::cli {

std::string metadata_json_line(const PageMetadata& metadata) {
  std::string line = "{\"type\":\"metadata\"";
  for (std::size_t i = 0; i < PageMetadata::kFieldCount; ++i) {
    const auto field = static_cast<MetadataField>(i);
    line += ",\"";
    line += metadata_field_name(field);
    line += "\":";
    const std::string_view value = metadata.get(field);
    if (value.empty()) {
      line += "null";
      continue;
    }
    line += '"';
    append_json_escaped(line, value);
    line += '"';
  }
  line += "}\n";
  return line;
}

std::string metadata_front_matter(const PageMetadata& metadata) {
  std::string block = "---\n";
  for (std::size_t i = 0; i < PageMetadata::kFieldCount; ++i) {
    const auto field = static_cast<MetadataField>(i);
    const std::string_view value = metadata.get(field);
    if (value.empty()) continue;
    block += metadata_field_name(field);
    block += ": \"";
    append_json_escaped(block, value);
    block += "\"\n";
  }
  block += "---\n";
  return block;
}

}  // namespace winnow::cli
