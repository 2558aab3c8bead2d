// SPDX-License-Identifier: MIT
// The opening lines of a model file a trainer writes into engine/ (the
// default's trees, the block classifier's and NCleaner's tables): the
// licence, which program made it, and on which pages. The file is source the
// engine compiles, so the header says where to regenerate it rather than edit.
#pragma once

#include <cstddef>
#include <cstdio>
#include <string>
#include <vector>

namespace winnow::learn {

struct GeneratedSource {
  const char* generator = "";           // the trainer's source file, "adapters/learn/train_blocks.cpp"
  std::vector<std::string> packages;    // the test packages its pages came from
  std::size_t documents = 0;
  std::size_t blocks = 0;
};

// Opens `path` for writing and writes the header lines, ending with a newline.
// Null when the file cannot be opened; the caller says so and exits.
std::FILE* open_generated_source(const std::string& path, const GeneratedSource& source);

// Writes `count` floats as one member of the model's aggregate initializer: a
// comment line naming it, then `{v, v, ...},` with `per_line` values a line
// (0: all on one). Each is written as `%.9e`, enough digits that the
// compiler reads back the very float the trainer had.
void write_float_row(std::FILE* out, const char* name, const float* values, std::size_t count,
                     std::size_t per_line);

}  // namespace winnow::learn
