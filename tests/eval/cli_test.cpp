// SPDX-License-Identifier: MIT
// End-to-end tests of the winnow-eval binary: exit codes, outputs, and an
// --extractor-cmd run over the fixture packages. They use only external
// commands, so they pass with or without the extractor library.
#include <gtest/gtest.h>

#include <sstream>

#include "adapters/eval/command_extractor.h"
#include "test_support.h"

namespace winnow::eval {
namespace {

using testing::fixtures;
using testing::read_file;
using testing::ScratchDir;

CommandResult eval(const std::string& arguments) {
  return run_command(std::string("'") + WINNOW_EVAL_BINARY + "' " + arguments, "");
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::stringstream in(text);
  std::string line;
  while (std::getline(in, line)) lines.push_back(line);
  return lines;
}

TEST(Cli, HelpAndVersionExitZero) {
  const CommandResult help = eval("--help");
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("Exit status"), std::string::npos);
  const CommandResult version = eval("--version");
  EXPECT_EQ(version.exit_code, 0);
  EXPECT_EQ(version.out.rfind("winnow-eval ", 0), 0u);
}

TEST(Cli, UsageErrorsExitOne) {
  EXPECT_EQ(eval("--bogus").exit_code, 1);
  EXPECT_EQ(eval("--threads 0").exit_code, 1);
  const CommandResult unknown = eval("--algo no-such-algorithm " + fixtures().string());
  EXPECT_EQ(unknown.exit_code, 1);
  EXPECT_NE(unknown.err.find("unknown algorithm 'no-such-algorithm'"), std::string::npos);
}

TEST(Cli, NoPackagesIsAnInputErrorThatSaysWhatToDo) {
  ScratchDir empty;
  const CommandResult r = eval("--extractor-cmd cat --corpus '" + empty.path().string() + "'");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("no test packages"), std::string::npos);
  EXPECT_NE(r.err.find("make corpus"), std::string::npos);
  const CommandResult missing = eval("--extractor-cmd cat /no/such/package");
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("not a folder"), std::string::npos);
}

TEST(Cli, ExtractorCommandOverFixturesWritesTsvsAndReport) {
  ScratchDir out;
  const std::string dir = out.path().string();
  const CommandResult r =
      eval("--extractor-cmd cat --extractor-output html --extractor-name catdoc --threads 2 "
           "--out-dir '" + dir + "' --packages '" + (fixtures() / "tiny-en").string() + "' '" +
           (fixtures() / "tiny-mixed").string() + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // stderr is not a terminal here: no progress bar, no noise.
  EXPECT_EQ(r.err, "");
  EXPECT_NE(r.out.find("bag P/R/F1"), std::string::npos);
  EXPECT_NE(r.out.find("catdoc"), std::string::npos);

  const auto documents = lines_of(read_file(out.path() / "documents.tsv"));
  ASSERT_EQ(documents.size(), 1u + 6u);
  EXPECT_EQ(documents[0].rfind("package\tdocument\talgorithm\thtml_bytes\tseconds\t", 0), 0u);
  // "exact" holds only main content: every P, R and F1 is 1.
  const std::string exact = documents[2];
  EXPECT_EQ(exact.rfind("tiny-en\texact\tcatdoc\t", 0), 0u);
  EXPECT_EQ(std::count(exact.begin(), exact.end(), '\t'), 23);
  std::stringstream fields(exact);
  std::string field;
  std::vector<std::string> cells;
  while (std::getline(fields, field, '\t')) cells.push_back(field);
  for (std::size_t i = 5; i < 20; ++i) EXPECT_EQ(cells[i], "1.0000") << i;
  EXPECT_EQ(cells.back(), "ok");

  const auto summary = lines_of(read_file(out.path() / "summary.tsv"));
  ASSERT_EQ(summary.size(), 1u + 3u);
  EXPECT_EQ(summary[3].rfind("ALL\tcatdoc\t6\t", 0), 0u);
  EXPECT_NE(read_file(out.path() / "report.html").find("id=\"summary\""), std::string::npos);
}

TEST(Cli, FailingCommandIsScoredAndCounted) {
  ScratchDir out;
  const CommandResult r = eval("--extractor-cmd 'exit 9' --no-report -q --out-dir '" +
                               out.path().string() + "' '" + (fixtures() / "tiny-en").string() + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "");  // -q
  EXPECT_FALSE(std::filesystem::exists(out.path() / "report.html"));
  const auto documents = lines_of(read_file(out.path() / "documents.tsv"));
  ASSERT_EQ(documents.size(), 4u);
  EXPECT_NE(documents[1].find("\texit 9"), std::string::npos);
  const auto summary = lines_of(read_file(out.path() / "summary.tsv"));
  // failures column (third from the end) is 3 of 3.
  std::vector<std::string> cells;
  std::stringstream fields(summary[1]);
  std::string field;
  while (std::getline(fields, field, '\t')) cells.push_back(field);
  EXPECT_EQ(cells[cells.size() - 3], "3");
}

TEST(Cli, AlgoAllRunsEveryAlgorithmOfTheLibrary) {
  const std::vector<std::string> algorithms = lines_of(eval("--list-algos").out);
  if (algorithms.empty())
    GTEST_SKIP() << "winnow-eval was built without the extractor library (no 'winnow' target)";
  ScratchDir out;
  const CommandResult r = eval("--algo all --extractor-cmd cat --extractor-output html -q "
                               "--no-report --out-dir '" + out.path().string() + "' '" +
                               (fixtures() / "tiny-en").string() + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto documents = lines_of(read_file(out.path() / "documents.tsv"));
  EXPECT_EQ(documents.size(), 1u + 3u * (algorithms.size() + 1));
  const std::string summary = read_file(out.path() / "summary.tsv");
  for (const std::string& line : algorithms) {
    const std::string name = line.substr(0, line.find('\t'));
    EXPECT_NE(summary.find("ALL\t" + name + "\t3\t"), std::string::npos) << name;
  }
  EXPECT_NE(summary.find("ALL\tcmd\t3\t"), std::string::npos);
}

}  // namespace
}  // namespace winnow::eval
