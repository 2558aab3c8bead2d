// SPDX-License-Identifier: MIT
// Tests of options.h: every option, both value spellings, and the errors.
#include "adapters/eval/options.h"

#include <gtest/gtest.h>

namespace winnow::eval {
namespace {

ParsedOptions parse(std::vector<std::string> args) { return parse_options(args); }

TEST(Options, DefaultsWithoutArguments) {
  const ParsedOptions p = parse({});
  ASSERT_EQ(p.error, "");
  EXPECT_FALSE(p.options.algorithms_given);
  EXPECT_EQ(p.options.out_dir, "eval-results");
  EXPECT_TRUE(p.options.write_report);
  EXPECT_EQ(p.options.chunk_size, 4096u);
  EXPECT_EQ(p.options.memory_budget, 256u * 1024u);
  EXPECT_EQ(p.options.extractor_output, OutputFormat::Auto);
  EXPECT_EQ(p.options.extractor_name, "cmd");
  EXPECT_EQ(p.options.extractor_timeout, 120u);
}

TEST(Options, ExtractorTimeoutIsWholeSecondsAndZeroLifts) {
  EXPECT_EQ(parse({"--extractor-timeout", "30"}).options.extractor_timeout, 30u);
  const ParsedOptions none = parse({"--extractor-timeout=0"});
  ASSERT_EQ(none.error, "");
  EXPECT_EQ(none.options.extractor_timeout, 0u);
  EXPECT_NE(parse({"--extractor-timeout", "-1"}).error.find("whole number"), std::string::npos);
  EXPECT_NE(parse({"--extractor-timeout", "1.5"}).error, "");
  EXPECT_NE(parse({"--extractor-timeout"}).error.find("needs a value"), std::string::npos);
}

TEST(Options, AlgoAllOrCommaList) {
  EXPECT_TRUE(parse({"--algo", "all"}).options.all_algorithms);
  const ParsedOptions p = parse({"--algo=plain,bte,,lqf"});
  ASSERT_EQ(p.error, "");
  EXPECT_FALSE(p.options.all_algorithms);
  EXPECT_EQ(p.options.algorithms, (std::vector<std::string>{"plain", "bte", "lqf"}));
  EXPECT_NE(parse({"--algo", ","}).error, "");
  EXPECT_NE(parse({"--algo"}).error.find("needs a value"), std::string::npos);
}

TEST(Options, PackagesFromFlagAndPositionals) {
  const ParsedOptions p = parse({"a", "--packages", "b", "c", "--threads", "3", "d"});
  ASSERT_EQ(p.error, "");
  EXPECT_EQ(p.options.packages, (std::vector<std::string>{"a", "b", "c", "d"}));
  EXPECT_EQ(p.options.threads, 3u);
}

TEST(Options, EveryValueOption) {
  const ParsedOptions p = parse({"--extractor-cmd", "python3 x.py", "--extractor-name=rd",
                                 "--extractor-output", "html", "--corpus", "/c", "--out-dir",
                                 "o", "--report", "r.html", "--chunk-size", "7",
                                 "--memory-budget=1000", "--limit", "5", "-q"});
  ASSERT_EQ(p.error, "");
  const Options& o = p.options;
  EXPECT_EQ(o.extractor_cmd, "python3 x.py");
  EXPECT_EQ(o.extractor_name, "rd");
  EXPECT_EQ(o.extractor_output, OutputFormat::Html);
  EXPECT_EQ(o.corpus, "/c");
  EXPECT_EQ(o.out_dir, "o");
  EXPECT_EQ(o.report, "r.html");
  EXPECT_EQ(o.chunk_size, 7u);
  EXPECT_EQ(o.memory_budget, 1000u);
  EXPECT_EQ(o.limit, 5u);
  EXPECT_TRUE(o.quiet);
}

TEST(Options, Flags) {
  EXPECT_TRUE(parse({"--help"}).options.help);
  EXPECT_TRUE(parse({"-h"}).options.help);
  EXPECT_TRUE(parse({"--version"}).options.version);
  EXPECT_TRUE(parse({"--list-algos"}).options.list_algorithms);
  EXPECT_FALSE(parse({"--no-report"}).options.write_report);
  EXPECT_FALSE(parse({}).options.resolve_gold_entities) << "the gold is scored as given unless asked";
  EXPECT_TRUE(parse({"--gold-entities"}).options.resolve_gold_entities);
  EXPECT_TRUE(parse({"--known-address"}).options.known_address);
  EXPECT_FALSE(parse({}).options.known_address);
  EXPECT_NE(parse({"--known-address=yes"}).error.find("takes no value"), std::string::npos);
  EXPECT_NE(parse({"--gold-entities=yes"}).error.find("takes no value"), std::string::npos);
}

TEST(Options, Errors) {
  EXPECT_NE(parse({"--bogus"}).error.find("unknown option --bogus"), std::string::npos);
  EXPECT_NE(parse({"--threads", "0"}).error.find("positive"), std::string::npos);
  EXPECT_NE(parse({"--threads", "-2"}).error, "");
  EXPECT_NE(parse({"--chunk-size", "4k"}).error, "");
  EXPECT_NE(parse({"--extractor-output", "pdf"}).error, "");
  EXPECT_NE(parse({"--help=yes"}).error.find("takes no value"), std::string::npos);
}

TEST(Options, UsageDocumentsExitCodesAndDefaultCorpus) {
  const std::string text = usage_text("/build/corpus");
  EXPECT_NE(text.find("/build/corpus"), std::string::npos);
  EXPECT_NE(text.find("Exit status"), std::string::npos);
  EXPECT_NE(text.find("make corpus"), std::string::npos);
  for (const char* option : {"--algo", "--extractor-cmd", "--extractor-timeout", "--packages", "--corpus", "--out-dir",
                             "--report", "--threads", "--chunk-size", "--memory-budget",
                             "--limit", "--help", "--version"})
    EXPECT_NE(text.find(option), std::string::npos) << option;
}

}  // namespace
}  // namespace winnow::eval
