// SPDX-License-Identifier: MIT
// --extractor-cmd: evaluates any program that reads HTML on stdin and writes
// the extracted text on stdout. The command runs through /bin/sh -c once per
// document; the measured time covers the whole round trip (start, feed,
// read, exit), like Gottron's proxy timing (seed 000, section 4.2).
#pragma once

#include <string>

#include "adapters/eval/extractor.h"

namespace winnow::eval {

// How to read the program's stdout.
enum class OutputFormat {
  Text,  // plain text, taken as it is
  Html,  // markup: tags stripped, entities resolved (markup.h)
  Auto,  // Html when the output looks like markup, else Text
};

class CommandExtractor final : public Extractor {
 public:
  CommandExtractor(std::string command, std::string name, OutputFormat format);
  const std::string& name() const override { return name_; }
  // status "ok", or "exit N" / "signal N" / "spawn failed: ..." with
  // failed = true; whatever the program printed is scored either way.
  Extraction extract(std::string_view html) const override;

 private:
  std::string command_;
  std::string name_;
  OutputFormat format_;
};

struct CommandResult {
  std::string out;
  std::string err;
  int exit_code = -1;  // -1 if it did not exit normally
  int signal = 0;      // the signal that ended it, if any
  std::string spawn_error;
};

// Runs `/bin/sh -c command` with `input` on stdin; collects stdout and
// stderr concurrently so that a program that writes before it has read all
// input cannot deadlock against us. The first call sets SIGPIPE to ignored in
// this process (a program that stops reading early must not kill us); the
// child starts with the default disposition.
CommandResult run_command(const std::string& command, std::string_view input);

}  // namespace winnow::eval
