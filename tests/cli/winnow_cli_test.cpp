// SPDX-License-Identifier: MIT
// The winnow command as a user runs it: exit codes, messages, formats, stdin.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "support/scratch_dir.h"
#include "support/test_support.h"

namespace {

struct CliRun {
  int exit_code = -1;
  std::string out;
  std::string err;
};

// Each test writes its pages, and the command's output, in a folder of its
// own that goes with the test, whatever the test's outcome.
class WinnowCli : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_FALSE(scratch_.path().empty()) << "no scratch folder could be made"; }

  std::string temp_path(const std::string& name) const { return (scratch_.path() / name).string(); }

  std::string write_temp(const std::string& name, const std::string& content) const {
    const std::string path = temp_path(name);
    std::ofstream(path, std::ios::binary) << content;
    return path;
  }

  CliRun run(const std::string& arguments, const std::string& stdin_file = "") const {
    const std::string out = temp_path("out"), err = temp_path("err");
    std::string command = std::string(WINNOW_CLI) + " " + arguments + " >" + out + " 2>" + err;
    if (!stdin_file.empty()) command += " <" + stdin_file;
    const int status = std::system(command.c_str());
    CliRun r;
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.out = winnow::test::read_file(out);
    r.err = winnow::test::read_file(err);
    return r;
  }

 private:
  winnow::test::ScratchDir scratch_{"winnow-cli-test"};
};

TEST_F(WinnowCli, HelpVersionAndAlgorithmList) {
  const CliRun help = run("--help");
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("Usage: winnow"), std::string::npos);
  EXPECT_NE(help.out.find("Exit status"), std::string::npos);
  const CliRun version = run("--version");
  EXPECT_EQ(version.exit_code, 0);
  EXPECT_EQ(version.out.rfind("winnow ", 0), 0u);
  const CliRun algos = run("--list-algos");
  EXPECT_EQ(algos.exit_code, 0);
  EXPECT_NE(algos.out.find("plain "), std::string::npos);
  EXPECT_NE(algos.out.find("bte "), std::string::npos);
}

TEST_F(WinnowCli, UsageErrorsExitWithOne) {
  for (const char* arguments : {"--algo nope", "--format xml", "--chunk-size 0", "--memory-budget lots",
                                "--bogus", "a.html b.html", "--algo", "--encoding nonsense",
                                // 2^34 G is 2^64 bytes: wrapped, it was 0 (then "needs a
                                // number") or, one more, a silent 1 G
                                "--memory-budget 17179869184G", "--memory-budget 17179869185G",
                                "--chunk-size 17179869185G"}) {
    const CliRun r = run(arguments);
    EXPECT_EQ(r.exit_code, 1) << arguments;
    EXPECT_NE(r.err.find("winnow: "), std::string::npos) << arguments;
    EXPECT_TRUE(r.out.empty()) << arguments;
  }
}

TEST_F(WinnowCli, InputErrorsExitWithTwoAndSayWhy) {
  const CliRun missing = run("/nonexistent/page.html");
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("No such file or directory"), std::string::npos) << missing.err;
  const CliRun directory = run("/tmp");
  EXPECT_EQ(directory.exit_code, 2);
  EXPECT_NE(directory.err.find("is a directory"), std::string::npos) << directory.err;
}

TEST_F(WinnowCli, EmptyAndBinaryInputAreNotCrashes) {
  const std::string empty = write_temp("empty.html", "");
  const CliRun e = run(empty);
  EXPECT_EQ(e.exit_code, 0);
  EXPECT_TRUE(e.out.empty());
  EXPECT_NE(e.err.find("empty input"), std::string::npos);
  std::string garbage;
  for (int i = 0; i < 100000; ++i) garbage.push_back(static_cast<char>((i * 7919) % 251));
  const std::string binary = write_temp("binary.bin", garbage);
  const CliRun b = run("--algo plain " + binary);
  EXPECT_EQ(b.exit_code, 0);
  EXPECT_NE(b.err.find("NUL bytes"), std::string::npos);
}

TEST_F(WinnowCli, StdinAndFileGiveTheSameOutputAtAnyChunkSize) {
  const CliRun file = run("--algo bte " + std::string(WINNOW_SAMPLE));
  ASSERT_EQ(file.exit_code, 0);
  EXPECT_EQ(file.out.rfind("How a sourdough starter works\n", 0), 0u) << file.out;
  EXPECT_EQ(file.out.find("Log in"), std::string::npos);
  EXPECT_EQ(file.out.find("Cookie settings"), std::string::npos);
  for (const char* chunk : {"1", "7", "4096"}) {
    const CliRun piped = run(std::string("--algo bte --chunk-size ") + chunk + " -", WINNOW_SAMPLE);
    EXPECT_EQ(piped.exit_code, 0);
    EXPECT_EQ(piped.out, file.out) << chunk;
  }
}

TEST_F(WinnowCli, SpansAndJsonFormats) {
  const std::string html = winnow::test::read_file(WINNOW_SAMPLE);
  const CliRun spans = run("--algo bte --format spans " + std::string(WINNOW_SAMPLE));
  ASSERT_EQ(spans.exit_code, 0);
  unsigned long long begin = 0, end = 0;
  ASSERT_EQ(std::sscanf(spans.out.c_str(), "%llu\t%llu", &begin, &end), 2) << spans.out;
  EXPECT_EQ(html.compare(begin, 6, "How a "), 0);
  const CliRun json = run("--algo plain --format json " + std::string(WINNOW_SAMPLE));
  ASSERT_EQ(json.exit_code, 0);
  // First what the page declares (the title without the site's name, which
  // has a field of its own), then the content.
  EXPECT_EQ(json.out.rfind("{\"type\":\"metadata\",\"title\":\"How a sourdough starter works\","
                           "\"description\":null,\"author\":\"Mira Lindqvist\",\"site_name\":\"Slow Kitchen\","
                           "\"published\":\"2026-10-02T08:00:00Z\",\"modified\":null,\"language\":\"en\","
                           "\"url\":\"https://slowkitchen.example/bread/sourdough-starter\",\"image\":null,"
                           "\"page_type\":null}\n"
                           "{\"type\":\"block\",\"kind\":\"paragraph\",\"text\":\"Log in Subscribe\"}\n", 0),
            0u)
      << json.out.substr(0, 400);
  EXPECT_NE(json.out.find("{\"type\":\"span\",\"begin\":"), std::string::npos);
  EXPECT_NE(json.out.find("{\"type\":\"end\",\"status\":\"ok\",\"verdict\":\"article\","), std::string::npos);
  EXPECT_NE(json.out.find(",\"title\":\"How a sourdough starter works | Slow Kitchen\","), std::string::npos)
      << json.out.substr(json.out.rfind("{\"type\":\"end\""));
  EXPECT_NE(json.out.find("{\"type\":\"block\",\"kind\":\"paragraph\",\"heading\":1,\"text\":\"How a sourdough starter works\"}"), std::string::npos);
  EXPECT_EQ(json.out.find("\"type\":\"decision\""), std::string::npos) << "plain labels no blocks";
}

TEST_F(WinnowCli, OneBrIsALineBreakTwoAParagraphBreak) {
  const std::string page = write_temp("poem.html",
                                      "<p>Roses are red,<br>violets are blue<br>\n<br>and so<br/>are you</p>");
  const CliRun text = run("--algo plain " + page);
  EXPECT_EQ(text.out, "Roses are red,\nviolets are blue\nand so\nare you\n");
  const CliRun markdown = run("--algo plain --format markdown " + page);
  EXPECT_EQ(markdown.out, "Roses are red,\\\nviolets are blue\n\nand so\\\nare you\n");
  const CliRun json = run("--algo plain --format json " + page);
  EXPECT_NE(json.out.find("{\"type\":\"block\",\"kind\":\"paragraph\",\"text\":\"Roses are red,\\nviolets are blue\"}\n"
                          "{\"type\":\"block\",\"kind\":\"paragraph\",\"text\":\"and so\\nare you\"}\n"),
            std::string::npos)
      << json.out;
}

TEST_F(WinnowCli, TwoListsInARowStayTwoAndATableIsARowPerLine) {
  const std::string page = write_temp("tables.html", winnow::test::read_fixture("lists_and_tables.html"));
  const CliRun markdown = run("--algo plain --format markdown --chunk-size 5 " + page);
  ASSERT_EQ(markdown.exit_code, 0) << markdown.err;
  EXPECT_NE(markdown.out.find("- Sandy soil drains fast.\n- Clay holds water.\n* Dig in compost every autumn.\n"
                              "* Mulch in spring.\n"),
            std::string::npos)
      << "the second list takes the other bullet\n" << markdown.out;
  EXPECT_NE(markdown.out.find("1. Soak the seeds.\n2. Sow them.\n1) Water the bed.\n"), std::string::npos)
      << markdown.out;
  EXPECT_NE(markdown.out.find("\n\nCrop | Sow | Harvest\\\nBeans | May | August\\\nGarlic | October | July (next year)\n\n"),
            std::string::npos)
      << markdown.out;
  EXPECT_NE(markdown.out.find("Weeks of work:\n\n- Dig the bed"), std::string::npos)
      << "a layout table's cells stay paragraphs\n" << markdown.out;
  const CliRun json = run("--algo plain --format json " + page);
  EXPECT_NE(json.out.find("{\"type\":\"block\",\"kind\":\"table_cell\",\"starts_row\":true,\"text\":\"Beans\"}"),
            std::string::npos)
      << json.out;
  EXPECT_NE(json.out.find("{\"type\":\"block\",\"kind\":\"list_item\",\"starts_list\":true,"
                          "\"text\":\"Dig in compost every autumn.\"}"),
            std::string::npos)
      << json.out;
}

TEST_F(WinnowCli, ANestedListIsDrawnUnderItsItemAndNumberedPerLevel) {
  const std::string page = write_temp("nested.html", winnow::test::read_fixture("nested_lists.html"));
  const CliRun markdown = run("--format markdown --chunk-size 3 " + page);
  ASSERT_EQ(markdown.exit_code, 0) << markdown.err;
  EXPECT_NE(markdown.out.find(
                "1. Choose the place, close to the beds you will water and under a downpipe that drains a good part "
                "of the roof.\n"
                "   - Level the ground first, since a full barrel weighs more than a hundred kilograms and will tip "
                "on a slope.\n"
                "   - Raise the barrel on blocks so that a watering can fits under its tap.\n"
                "     1. Concrete blocks are the cheapest and last for years.\n"
                "     2. A wooden stand looks better but needs treating every spring.\n"
                "\n"
                "   Once it stands firm, mark where the downpipe has to be cut.\n"
                "\n"
                "2. Fit the diverter"),
            std::string::npos)
      << "the outer list counts on after the lists nested in its first item\n" << markdown.out;
  const CliRun plain = run("--algo plain --format markdown " + page);
  EXPECT_EQ(plain.out.rfind("- Home\n- Water\n  - Barrels\n  - Ponds\n- About\n\n# Setting up a rain barrel\n", 0), 0u)
      << plain.out;
  const CliRun json = run("--algo plain --format json " + page);
  EXPECT_NE(json.out.find("{\"type\":\"block\",\"kind\":\"ordered_list_item\",\"list_nesting\":2,"
                          "\"starts_list\":true,\"text\":\"Concrete blocks are the cheapest and last for years.\"}\n"),
            std::string::npos)
      << json.out;
  EXPECT_NE(json.out.find("{\"type\":\"block\",\"kind\":\"ordered_list_item\",\"continues_item\":true,"
                          "\"text\":\"Once it stands firm"),
            std::string::npos)
      << "the text after the nested lists is the outer item's, at the top level";
}

TEST_F(WinnowCli, AQuoteInsideAQuoteIsMarkedTwice) {
  const std::string page = write_temp("quotes.html",
                                      "<blockquote><p>Outer words</p><blockquote><p>Inner words</p></blockquote>"
                                      "<p>Outer again</p></blockquote>");
  const CliRun markdown = run("--algo plain --format markdown " + page);
  EXPECT_EQ(markdown.out, "> Outer words\n>\n> > Inner words\n>\n> Outer again\n");
  const CliRun json = run("--algo plain --format json " + page);
  EXPECT_NE(json.out.find("{\"type\":\"block\",\"kind\":\"paragraph\",\"quoted\":true,\"quote_nesting\":1,"
                          "\"text\":\"Inner words\"}\n"),
            std::string::npos)
      << json.out;
}

TEST_F(WinnowCli, MetadataOptionPutsFrontMatterBeforeTextAndMarkdown) {
  const std::string page = write_temp("declared.html", winnow::test::read_fixture("declared_metadata.html"));
  const std::string front =
      "---\n"
      "title: \"How to read a tide table\"\n"
      "description: \"Why the sea is late twice a day, and how a table tells you when.\"\n"
      "author: \"Mara Quayle & Tom Reed\"\n"
      "site_name: \"The Harbour Gazette\"\n"
      "published: \"2024-03-01T06:30:00Z\"\n"
      "modified: \"2024-03-02\"\n"
      "language: \"en-GB\"\n"
      "url: \"https://gazette.example/coast/tide-tables\"\n"
      "image: \"https://gazette.example/img/tide.jpg\"\n"
      "page_type: \"article\"\n"
      "---\n";
  for (const std::string format : {"text", "markdown"}) {
    const CliRun plain = run("--format " + format + " -", page);
    const CliRun with = run("--metadata --format " + format + " --chunk-size 5 -", page);
    ASSERT_EQ(with.exit_code, 0) << with.err;
    EXPECT_EQ(with.out, front + plain.out) << format;
  }
  // A page that declares nothing still gets the (empty) block, so a reader
  // of the output can always skip it.
  const CliRun bare = run("--metadata -", write_temp("bare.html", "<p>Just one line of text.</p>"));
  EXPECT_EQ(bare.out, "---\n---\nJust one line of text.\n");
  // A quote in a value stays inside its YAML string.
  const CliRun quoted = run("--metadata -", write_temp("quoted.html", "<title>Say \"cheese\" \\ smile</title><p>x</p>"));
  EXPECT_EQ(quoted.out.substr(0, 41), "---\ntitle: \"Say \\\"cheese\\\" \\\\ smile\"\n---\n");
  const CliRun spans = run("--metadata --format spans " + write_temp("x.html", "<p>x</p>"));
  EXPECT_EQ(spans.exit_code, 1);
  EXPECT_NE(spans.err.find("--metadata applies to the text and markdown formats"), std::string::npos) << spans.err;
}

TEST_F(WinnowCli, UrlOptionGivesTheAddressAPageDoesNotDeclare) {
  const std::string bare = write_temp("bare_url.html", "<title>Tide tables | Harbour</title><p>Just one line.</p>");
  const CliRun given = run("--metadata --url https://harbour.example/coast/tide-tables-explained " + bare);
  ASSERT_EQ(given.exit_code, 0) << given.err;
  // The address names the site, so the title loses its "| Harbour" too.
  EXPECT_EQ(given.out.substr(0, given.out.find("\n---\n")),
            "---\ntitle: \"Tide tables\"\nurl: \"https://harbour.example/coast/tide-tables-explained\"");
  EXPECT_EQ(run("--metadata " + bare).out.substr(0, 38), "---\ntitle: \"Tide tables | Harbour\"\n---");
  // The page's own canonical link comes first.
  const std::string page = write_temp("declared_url.html", winnow::test::read_fixture("declared_metadata.html"));
  const CliRun declared = run("--format json --url https://elsewhere.example/ " + page);
  EXPECT_NE(declared.out.find("\"url\":\"https://gazette.example/coast/tide-tables\""), std::string::npos);
  // An overview's address makes a short page an overview (Engine::verdict).
  std::string text;
  for (int i = 0; i < 120; ++i) text += "words ";
  const std::string short_page = write_temp("short.html", "<p>" + text + "</p>");
  EXPECT_NE(run("--format json " + short_page).out.find("\"verdict\":\"article\""), std::string::npos);
  EXPECT_NE(run("--format json --url https://harbour.example/news/ " + short_page).out.find("\"verdict\":\"overview\""),
            std::string::npos);
  const CliRun missing = run("--url");
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_NE(missing.err.find("option --url needs a value"), std::string::npos) << missing.err;
}

// fuzz_capi finding 0f871a90 (stop 38): algorithms that write word by word
// (lqf, crunch, dsc, cetr, relevance) reported a span while a block's text
// was still open, so the span's object was written inside the block's
// string: 34 of 65 lines of dragnet R101 under `lqf` were not JSON.
TEST_F(WinnowCli, EveryJsonLineIsOneObjectWhateverTheAlgorithm) {
  const CliRun list = run("--list-algos");
  ASSERT_EQ(list.exit_code, 0);
  std::size_t algorithms = 0;
  for (std::size_t at = 0; at < list.out.size();) {
    const std::size_t end = list.out.find('\n', at);
    const std::string name = list.out.substr(at, list.out.find(' ', at) - at);
    at = end == std::string::npos ? list.out.size() : end + 1;
    const CliRun json = run("--format json --algo " + name + " " + std::string(WINNOW_SAMPLE));
    ASSERT_EQ(json.exit_code, 0) << name;
    std::size_t lines = 0, spans = 0;
    for (std::size_t line = 0; line < json.out.size();) {
      const std::size_t line_end = json.out.find('\n', line);
      ASSERT_NE(line_end, std::string::npos) << name;
      const std::string object = json.out.substr(line, line_end - line);
      line = line_end + 1;
      ++lines;
      EXPECT_EQ(object.rfind("{\"type\":\"", 0), 0u) << name << ": " << object;
      EXPECT_EQ(object.back(), '}') << name << ": " << object;
      // Inside a JSON string a quote is escaped, so an object's opening can
      // appear nowhere but at the start of its line.
      EXPECT_EQ(object.find("{\"type\":", 1), std::string::npos) << name << ": " << object;
      if (object.rfind("{\"type\":\"span\"", 0) == 0) ++spans;
    }
    EXPECT_GT(lines, 1u) << name;
    EXPECT_GT(spans, 0u) << name;
    ++algorithms;
  }
  EXPECT_GE(algorithms, 20u);
}

// What a CommonMark renderer shows of HTML it wrote: the text between its
// tags (a tag counts as a space) with its five escapes decoded, as words.
std::vector<std::string> rendered_words(const std::string& html) {
  std::string text;
  for (std::size_t i = 0; i < html.size(); ++i) {
    if (html[i] == '<') {
      i = html.find('>', i);
      if (i == std::string::npos) break;
      text += ' ';
      continue;
    }
    text += html[i];
  }
  std::string decoded;
  const std::pair<const char*, char> escapes[] = {{"&amp;", '&'}, {"&lt;", '<'}, {"&gt;", '>'}, {"&quot;", '"'},
                                                  {"&#39;", '\''}};
  for (std::size_t i = 0; i < text.size(); ++i) {
    bool replaced = false;
    for (const auto& [name, c] : escapes) {
      if (text.compare(i, std::strlen(name), name) == 0) {
        decoded += c;
        i += std::strlen(name) - 1;
        replaced = true;
        break;
      }
    }
    if (!replaced) decoded += text[i];
  }
  return winnow::test::words_of(decoded);
}

// The Markdown format, rendered by a CommonMark renderer (cmark, Debian's
// package), shows the same words as the text format: every escape and every
// piece of markup is right, for every algorithm on every fixture. The " | "
// between a table row's cells is the one word markdown adds; a "|" of the
// text's own is left out on both sides with it.
std::vector<std::string> without_bars(std::vector<std::string> words) {
  words.erase(std::remove(words.begin(), words.end(), "|"), words.end());
  return words;
}

TEST_F(WinnowCli, MarkdownRendersAsTheTextItHolds) {
  ASSERT_EQ(std::system("cmark --version >/dev/null 2>&1"), 0) << "cmark is missing: run make deps";
  const CliRun list = run("--list-algos");
  ASSERT_EQ(list.exit_code, 0);
  std::size_t compared = 0;
  for (const std::string& fixture : winnow::test::fixture_names()) {
    const std::string path = winnow::test::fixture_dir() + "/" + fixture;
    for (std::size_t at = 0; at < list.out.size();) {
      const std::size_t end = list.out.find('\n', at);
      const std::string name = list.out.substr(at, list.out.find(' ', at) - at);
      at = end == std::string::npos ? list.out.size() : end + 1;
      const CliRun text = run("--algo " + name + " " + path);
      const std::string markdown_file = temp_path("markdown");
      const std::string command = std::string(WINNOW_CLI) + " --format markdown --algo " + name + " " + path +
                                  " 2>/dev/null >" + markdown_file;
      ASSERT_EQ(std::system(command.c_str()) == 0, text.exit_code == 0) << name << " " << fixture;
      const std::string html_file = temp_path("html");
      ASSERT_EQ(std::system(("cmark " + markdown_file + " >" + html_file).c_str()), 0);
      EXPECT_EQ(without_bars(rendered_words(winnow::test::read_file(html_file))),
                without_bars(winnow::test::words_of(text.out)))
          << name << " " << fixture;
      ++compared;
    }
  }
  EXPECT_GT(compared, 100u);
}

// daniel/pl-0888d1dc0bf4 (stop 43) carries a NEL (U+0085) in its text, a
// double-encoded "ą"; written raw, Python's str.splitlines() cut that JSON
// line in two. The C1 controls are written escaped (the engine already
// turns U+2028 and U+2029 into spaces and drops C0 controls and DEL), and
// the text format keeps the characters as they are.
TEST_F(WinnowCli, JsonEscapesEveryCharacterThatCanBreakALine) {
  const std::string nel = "\xC2\x85", c1_quote = "\xC2\x92";
  const std::string words = "Alpha" + nel + "beta" + c1_quote + "gamma and \xC3\xA9t\xC3\xA9 stay as they are.";
  const std::string page = write_temp("breaks.html", "<html><body><p>" + words + "</p></body></html>");
  const CliRun json = run("--algo plain --format json " + page);
  ASSERT_EQ(json.exit_code, 0) << json.err;
  EXPECT_NE(json.out.find("Alpha\\u0085beta\\u0092gamma and \xC3\xA9t\xC3\xA9 stay"), std::string::npos)
      << json.out;
  EXPECT_EQ(json.out.find(nel), std::string::npos);
  EXPECT_EQ(json.out.find(c1_quote), std::string::npos);
  const CliRun text = run("--algo plain " + page);
  ASSERT_EQ(text.exit_code, 0);
  EXPECT_NE(text.out.find("Alpha" + nel + "beta" + c1_quote + "gamma"), std::string::npos) << text.out;
  // The page's title in the summary is escaped the same way.
  const std::string titled =
      write_temp("titled.html", "<html><head><title>Say \"hi\" \\ " + nel + "now</title></head><body><p>x</p></body></html>");
  const CliRun summary = run("--format json " + titled);
  ASSERT_EQ(summary.exit_code, 0) << summary.err;
  EXPECT_NE(summary.out.find(",\"title\":\"Say \\\"hi\\\" \\\\ \\u0085now\","), std::string::npos) << summary.out;
}

TEST_F(WinnowCli, JsonCarriesTheDefaultExtractorsDecisions) {
  const CliRun json = run("--format json " + std::string(WINNOW_SAMPLE));
  ASSERT_EQ(json.exit_code, 0);
  // Every block is reported, kept or not, with its score; the decision on a
  // kept block comes just before the block's text.
  EXPECT_NE(json.out.find("\"kept\":false,\"score\":0."), std::string::npos) << json.out.substr(0, 300);
  const std::size_t title = json.out.find("{\"type\":\"block\",\"kind\":\"paragraph\",\"heading\":1,\"text\":\"How a sourdough starter works\"}");
  ASSERT_NE(title, std::string::npos);
  const std::size_t line_before = json.out.rfind("\n", title - 2);
  const std::string previous = json.out.substr(line_before + 1, title - line_before - 1);
  EXPECT_EQ(previous.rfind("{\"type\":\"decision\",", 0), 0u) << previous;
  EXPECT_NE(previous.find("\"kept\":true,\"score\":"), std::string::npos) << previous;
  const CliRun text = run("--format text " + std::string(WINNOW_SAMPLE));
  EXPECT_EQ(text.out.find("decision"), std::string::npos);
  const CliRun small_chunks = run("--format json --chunk-size 3 " + std::string(WINNOW_SAMPLE));
  EXPECT_EQ(small_chunks.out, json.out);
}

TEST_F(WinnowCli, BudgetExceededExitsWithThreeAndKeepsTheDecidedContent) {
  std::string big = "<html><body><p>";
  for (int i = 0; i < 200000; ++i) big += "word ";
  big += "</p></body></html>";
  const std::string path = write_temp("big.html", big);
  const CliRun r = run("--algo bte --memory-budget 96K " + path);
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(r.err.find("memory budget exceeded"), std::string::npos) << r.err;
  EXPECT_EQ(r.out.rfind("word word word", 0), 0u);
  const CliRun tiny = run("--memory-budget 100 " + path);
  EXPECT_EQ(tiny.exit_code, 3);
  EXPECT_NE(tiny.err.find("too small"), std::string::npos) << tiny.err;
  const CliRun plain = run("--algo plain --memory-budget 96K " + path);
  EXPECT_EQ(plain.exit_code, 0) << "plain streams: it needs no candidate buffer";
}

}  // namespace
