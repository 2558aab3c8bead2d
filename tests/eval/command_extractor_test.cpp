// SPDX-License-Identifier: MIT
// Tests of command_extractor.h: stdin/stdout plumbing, exit statuses, HTML
// output, and no deadlock on large input or on programs that ignore stdin.
#include "adapters/eval/command_extractor.h"

#include <gtest/gtest.h>

#include <chrono>

namespace winnow::eval {
namespace {

TEST(RunCommand, PassesStdinToStdout) {
  const CommandResult r = run_command("cat", "hello\n");
  EXPECT_EQ(r.out, "hello\n");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_TRUE(r.spawn_error.empty());
}

TEST(RunCommand, CollectsStderrAndExitCode) {
  const CommandResult r = run_command("echo oops >&2; exit 3", "");
  EXPECT_EQ(r.err, "oops\n");
  EXPECT_EQ(r.exit_code, 3);
}

TEST(RunCommand, LargeInputAndOutputDoNotDeadlock) {
  // 4 MB through cat: both pipes fill up many times over.
  const std::string big(4 * 1024 * 1024, 'x');
  const CommandResult r = run_command("cat", big);
  EXPECT_EQ(r.out.size(), big.size());
  EXPECT_EQ(r.exit_code, 0);
}

TEST(RunCommand, ProgramThatIgnoresStdinIsFine) {
  const CommandResult r = run_command("echo done", std::string(1024 * 1024, 'x'));
  EXPECT_EQ(r.out, "done\n");
  EXPECT_EQ(r.exit_code, 0);
}

TEST(RunCommand, ReportsASignal) {
  const CommandResult r = run_command("kill -TERM $$", "");
  EXPECT_EQ(r.signal, 15);
  EXPECT_EQ(r.exit_code, -1);
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

TEST(RunCommand, AHungProgramIsKilledAtTheLimitWithWhatItWrote) {
  const auto start = std::chrono::steady_clock::now();
  const CommandResult r = run_command("echo partial; sleep 30", "", 0.3);
  EXPECT_TRUE(r.timed_out);
  EXPECT_EQ(r.out, "partial\n");
  EXPECT_LT(seconds_since(start), 10.0);
}

TEST(RunCommand, TheLimitEndsWhatTheShellStartedToo) {
  // A pipeline and a background child keep our pipes open after the shell
  // itself is gone: the process group is killed, not the shell alone.
  const auto start = std::chrono::steady_clock::now();
  const CommandResult r = run_command("sleep 30 | cat; echo never", "", 0.3);
  EXPECT_TRUE(r.timed_out);
  EXPECT_EQ(r.out, "");
  const CommandResult orphan = run_command("(sleep 30; echo late) & echo early", "", 0.3);
  EXPECT_TRUE(orphan.timed_out);
  EXPECT_EQ(orphan.out, "early\n");
  EXPECT_LT(seconds_since(start), 10.0);
}

TEST(RunCommand, AProgramThatClosesItsOutputAndRunsOnIsStoppedToo) {
  const auto start = std::chrono::steady_clock::now();
  const CommandResult r = run_command("exec >&- 2>&-; sleep 30", "", 0.3);
  EXPECT_TRUE(r.timed_out);
  EXPECT_LT(seconds_since(start), 10.0);
}

TEST(RunCommand, AProgramWithinTheLimitIsUntouched) {
  const CommandResult r = run_command("cat; exit 2", "hello", 30);
  EXPECT_FALSE(r.timed_out);
  EXPECT_EQ(r.out, "hello");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_FALSE(run_command("true", "").timed_out);
  // A limit too large for the clock is no limit, not one already past.
  EXPECT_FALSE(run_command("true", "", 1.8e19).timed_out);
}

TEST(CommandExtractor, ATimeoutIsAFailureWhoseOutputIsStillScored) {
  const CommandExtractor e("echo some text; sleep 30", "slow", OutputFormat::Text, 0.25);
  const Extraction x = e.extract("<p>x</p>");
  EXPECT_TRUE(x.failed);
  EXPECT_EQ(x.status, "timeout after 0.25 s");
  EXPECT_EQ(x.text, "some text\n");
}

TEST(CommandExtractor, TextOutputIsTakenAsItIs) {
  const CommandExtractor e("tr a-z A-Z", "upper", OutputFormat::Text);
  const Extraction x = e.extract("<p>abc</p>");
  EXPECT_EQ(x.text, "<P>ABC</P>");
  EXPECT_EQ(x.status, "ok");
  EXPECT_FALSE(x.failed);
  EXPECT_GT(x.seconds, 0.0);
  EXPECT_EQ(e.name(), "upper");
}

TEST(CommandExtractor, HtmlOutputIsStripped) {
  const CommandExtractor html("cat", "cat", OutputFormat::Html);
  EXPECT_EQ(html.extract("<p>a &amp; b</p>").text, "\na & b\n");
  const CommandExtractor automatic("cat", "cat", OutputFormat::Auto);
  EXPECT_EQ(automatic.extract("<p>x</p>").text, "\nx\n");
  EXPECT_EQ(automatic.extract("1 < 2").text, "1 < 2");
}

TEST(CommandExtractor, FailureIsReportedAndOutputStillScored) {
  const CommandExtractor e("echo partial; echo 'no model' >&2; exit 4", "bad", OutputFormat::Text);
  const Extraction x = e.extract("<p>x</p>");
  EXPECT_TRUE(x.failed);
  EXPECT_EQ(x.status, "exit 4: no model");
  EXPECT_EQ(x.text, "partial\n");
}

TEST(CommandExtractor, MissingProgramFailsCleanly) {
  const CommandExtractor e("/nonexistent/extractor", "missing", OutputFormat::Text);
  const Extraction x = e.extract("<p>x</p>");
  EXPECT_TRUE(x.failed);
  EXPECT_EQ(x.status.rfind("exit 127", 0), 0u) << x.status;
  EXPECT_TRUE(x.text.empty());
}

}  // namespace
}  // namespace winnow::eval
