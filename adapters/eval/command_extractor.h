// SPDX-License-Identifier: MIT
// --extractor-cmd: evaluates any program that reads HTML on stdin and writes
// the extracted text on stdout. The command runs through /bin/sh -c once per
// document; the measured time covers the whole round trip (start, feed,
// read, exit), like Gottron's proxy timing (seed 000, section 4.2). A
// program that hangs is stopped after a time limit (--extractor-timeout), so
// one page cannot stall an evaluation of thousands.
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
  // timeout_seconds: how long one document may take; 0, no limit.
  CommandExtractor(std::string command, std::string name, OutputFormat format, double timeout_seconds = 0);
  const std::string& name() const override { return name_; }
  // status "ok", or "exit N" / "signal N" / "timeout after N s" / "spawn
  // failed: ..." with failed = true; whatever the program printed is scored
  // either way.
  Extraction extract(std::string_view html) const override;

 private:
  std::string command_;
  std::string name_;
  OutputFormat format_;
  double timeout_seconds_;
};

struct CommandResult {
  std::string out;
  std::string err;
  int exit_code = -1;  // -1 if it did not exit normally
  int signal = 0;      // the signal that ended it, if any
  bool timed_out = false;  // stopped (SIGKILL to its process group) at the time limit
  std::string spawn_error;
};

// Runs `/bin/sh -c command` with `input` on stdin; collects stdout and
// stderr concurrently so that a program that writes before it has read all
// input cannot deadlock against us. The first call sets SIGPIPE to ignored in
// this process (a program that stops reading early must not kill us); the
// child starts with the default disposition.
// timeout_seconds > 0: the shell runs in a process group of its own, and if
// the command has not closed its output by then, the whole group (the shell
// and whatever it started) is killed and timed_out set; what it wrote so far
// is kept. (Being in its own group, the command does not get the terminal's
// Ctrl-C; it gets end of file on stdin and EPIPE on stdout when we are gone.)
CommandResult run_command(const std::string& command, std::string_view input, double timeout_seconds = 0);

}  // namespace winnow::eval
