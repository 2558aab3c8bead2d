// SPDX-License-Identifier: MIT
// What the evaluation runs: anything that turns one HTML document into text.
// winnow's own algorithms (winnow_extractor.h) and external programs
// (command_extractor.h) are both Extractors, so they are scored and timed
// the same way (seed 000, section 4.2 keeps the framework apart from the
// methods it measures).
#pragma once

#include <string>
#include <string_view>

namespace winnow::eval {

struct Extraction {
  std::string text;           // UTF-8 plain text
  double seconds = 0;         // wall time of the extraction alone
  std::string status = "ok";  // "ok" or a short reason
  bool failed = false;        // true when the extractor reported an error
};

class Extractor {
 public:
  virtual ~Extractor() = default;
  // The label in every output ("bte", "cmd", ...).
  virtual const std::string& name() const = 0;
  // Must be safe to call from several threads at once.
  virtual Extraction extract(std::string_view html) const = 0;
  // The same for a page whose address the evaluation knows (its meta file's
  // url, with --known-address; empty: none). An extractor that cannot take
  // an address (an external command) ignores it.
  virtual Extraction extract_from(std::string_view html, std::string_view url) const {
    static_cast<void>(url);
    return extract(html);
  }
};

}  // namespace winnow::eval
