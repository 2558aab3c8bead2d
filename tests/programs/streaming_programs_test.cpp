// SPDX-License-Identifier: MIT
// The two programs embedders asked for, used as they would be: the
// small-screen reader, and `curl -sN URL | winnow` against a local HTTP
// server that sends the page slowly. Both must show content before the input
// has ended.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "support/test_support.h"

namespace {

std::string long_page() {
  std::string page = "<!DOCTYPE html><html><head><title>Long</title></head><body>"
                     "<nav><a href='/'>Home</a> <a href='/b'>Blog</a></nav><article><h1>A long article</h1>";
  for (int i = 0; i < 80; ++i)
    page += "<p>Paragraph " + std::to_string(i) +
            " tells a long story about rivers, bridges and the weather, with enough words to fill "
            "a small screen several times over before the next paragraph begins.</p>\n";
  return page + "</article><footer>Contact</footer></body></html>";
}

// Display columns of a UTF-8 line (every code point one column; the test pages are not wide).
std::size_t columns(const std::string& line) {
  std::size_t n = 0;
  for (unsigned char c : line) n += (c & 0xC0) != 0x80;
  return n;
}

std::vector<std::string> words_of(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> words;
  for (std::string w; in >> w;)
    if (w.find_first_not_of("#-") != std::string::npos) words.push_back(w);
  return words;
}

std::string run_capture(const std::string& command) {
  std::string out;
  if (FILE* pipe = popen(command.c_str(), "r")) {
    char buffer[4096];
    for (std::size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;) out.append(buffer, n);
    pclose(pipe);
  }
  return out;
}

TEST(WinnowReader, WrapsToTheScreenAndMarksHeadings) {
  const std::string out = run_capture(std::string(WINNOW_READER) + " --columns 32 < " + WINNOW_SAMPLE);
  ASSERT_FALSE(out.empty());
  std::istringstream lines(out);
  for (std::string line; std::getline(lines, line);) EXPECT_LE(columns(line), 32u) << line;
  EXPECT_EQ(out.rfind("# How a sourdough starter works\n------------\n\nby Mira Lindqvist, 2026-10-02\n\n", 0), 0u)
      << "the heading that says the title, then the byline the page declares\n" << out.substr(0, 120);
  EXPECT_NE(out.find("\n## Feeding sets the rhythm\n"), std::string::npos);
  const std::string cli = run_capture(std::string(WINNOW_CLI) + " " + WINNOW_SAMPLE);
  const std::string content_only =
      run_capture(std::string(WINNOW_READER) + " --columns 32 --no-title < " + WINNOW_SAMPLE);
  EXPECT_EQ(words_of(content_only), words_of(cli)) << "wrapping changes lines, never words";
}

std::string read_page(const std::string& name, const std::string& html, const std::string& options = "") {
  const std::string path = ::testing::TempDir() + "winnow_reader_" + name + ".html";
  if (FILE* f = std::fopen(path.c_str(), "wb")) {
    std::fwrite(html.data(), 1, html.size(), f);
    std::fclose(f);
  }
  const std::string out = run_capture(std::string(WINNOW_READER) + " --algo plain --columns 40 " + options + " < " + path);
  std::remove(path.c_str());
  return out;
}

TEST(WinnowReader, ShowsThePagesTitleUnlessTheFirstHeadingSaysIt) {
  // The sample's title is its h1 and the site's name: the heading alone is shown (the test above).
  EXPECT_EQ(read_page("story", "<html><head><title>Rivers  of the north | Gazette</title></head><body>"
                               "<p>The rivers are warmer.</p><h2>Rivers of the north</h2><p>More.</p></body></html>"),
            "Rivers of the north | Gazette\n============\n\nThe rivers are warmer.\n\n"
            "## Rivers of the north\n------------\n\nMore.\n\n")
      << "a heading later in the page does not count";
  EXPECT_EQ(read_page("suffix", "<html><head><title>Gazette: Rivers</title></head><body><h1>Rivers</h1>"
                                "<p>Text.</p></body></html>"),
            "# Rivers\n------------\n\nText.\n\n")
      << "the title ends with the heading";
  EXPECT_EQ(read_page("other", "<html><head><title>Gazette</title></head><body><h1>Rivers</h1>"
                               "<p>Text.</p></body></html>"),
            "Gazette\n============\n\n# Rivers\n------------\n\nText.\n\n")
      << "a heading the title does not hold word for word";
  EXPECT_EQ(read_page("part", "<html><head><title>Riverside news</title></head><body><h1>River</h1></body></html>"),
            "Riverside news\n============\n\n# River\n------------\n\n")
      << "whole words only";
  EXPECT_EQ(read_page("declared", "<html><head><title>Rivers of the north | Gazette</title>"
                                  "<meta property=og:site_name content=Gazette></head><body>"
                                  "<p>The rivers are warmer.</p></body></html>"),
            "Rivers of the north\n============\n\nThe rivers are warmer.\n\n")
      << "the declared title, without the site's name the page declares";
  EXPECT_EQ(read_page("og", "<html><head><title>Gazette</title><meta property=og:title content='Warm rivers'>"
                            "</head><body><h1>Warm rivers</h1><p>Text.</p></body></html>"),
            "# Warm rivers\n------------\n\nText.\n\n")
      << "an og:title the first heading repeats";
  EXPECT_EQ(read_page("byline", "<html><head><title>Rivers | Gazette</title>"
                                "<meta property=og:site_name content=Gazette><meta name=author content='A. Writer'>"
                                "<meta property=article:published_time content='2020-01-02 10:00'></head>"
                                "<body><p>The rivers are warmer.</p></body></html>"),
            "Rivers\n============\nby A. Writer, 2020-01-02\n\nThe rivers are warmer.\n\n")
      << "an author and a date under the title, the date without its time";
  EXPECT_EQ(read_page("undated", "<html><head><meta name=author content='A. Writer'></head>"
                                 "<body><p>No title.</p></body></html>"),
            "by A. Writer\n\nNo title.\n\n")
      << "no title: the byline heads the page";
  EXPECT_EQ(read_page("dated", "<html><head><title>T</title><meta itemprop=datePublished content='3 May'></head>"
                               "<body><p>x</p></body></html>", "--no-title"),
            "x\n\n")
      << "--no-title leaves the byline out too";
  EXPECT_EQ(read_page("bare", "<html><head><title>Only a title</title></head><body></body></html>"),
            "Only a title\n============\n\n");
  EXPECT_EQ(read_page("none", "<html><body><p>No title.</p></body></html>"), "No title.\n\n");
  EXPECT_EQ(read_page("off", "<html><head><title>Gazette</title></head><body><p>Text.</p></body></html>", "--no-title"),
            "Text.\n\n");
}

// A listing keeps its lines and their indentation; a line wider than the
// screen wraps and goes on at its indentation.
TEST(WinnowReader, KeepsAListingsLinesAndWrapsThemAtTheirIndentation) {
  EXPECT_EQ(read_page("code", "<html><body><pre>int main() {\n\tif (ready())\n\n        return report_the_sensor_value(first, second);\n}</pre></body></html>",
                      "--columns 24"),
            "int main() {\n"
            "        if (ready())\n"
            "\n"
            "        return\n"
            "        report_the_senso\n"  // a word wider than the line left is broken
            "        r_value(first,\n"
            "        second);\n"
            "}\n\n");
}

TEST(WinnowReader, BulletsListItemsNumbersOrderedOnesAndBarsQuotes) {
  EXPECT_EQ(read_page("lists",
                      "<html><body><ul><li>Sift the flour twice before weighing it</li>"
                      "<li><p>Warm water</p><p>not hot, or the yeast dies</p></li></ul>"
                      "<ol><li>Mix</li><li>Knead</li></ol>"
                      "<blockquote><p>Bread is patience made visible to all</p></blockquote></body></html>",
                      "--columns 24"),
            "- Sift the flour twice\n"
            "  before weighing it\n\n"  // the wrapped line hangs under the item's text
            "- Warm water\n\n"
            "  not hot, or the yeast\n"  // a later paragraph of the item
            "  dies\n\n"
            "1. Mix\n\n"
            "2. Knead\n\n"
            "| Bread is patience made\n"
            "| visible to all\n\n");
}

TEST(WinnowReader, IndentsANestedListTwoColumnsALevelAndNumbersEachLevel) {
  EXPECT_EQ(read_page("nested",
                      "<html><body><ol><li>Mix<ul><li>flour and water together</li>"
                      "<li>salt<ol><li>fine</li><li>coarse</li></ol></li></ul>Then rest it</li>"
                      "<li>Bake</li></ol></body></html>",
                      "--columns 24"),
            "1. Mix\n\n"
            "  - flour and water\n"
            "    together\n\n"  // wrapped under the nested item's text
            "  - salt\n\n"
            "    1. fine\n\n"
            "    2. coarse\n\n"
            "   Then rest it\n\n"  // the outer item's text again
            "2. Bake\n\n");
}

TEST(WinnowReader, NumbersAListRightAfterAnotherFromOne) {
  EXPECT_EQ(read_page("two_lists",
                      "<html><body><ol><li>Soak</li><li>Sow</li></ol><ol><li>Water</li></ol></body></html>",
                      "--columns 24"),
            "1. Soak\n\n2. Sow\n\n1. Water\n\n");
}

TEST(WinnowReader, WritesATableARowToALine) {
  // The header row, then two rows; the second wraps, its rest two columns in.
  // A cell's <br> is a space: a row is one line. After the table, an empty line.
  EXPECT_EQ(read_page("table",
                      "<html><body><p>When to sow:</p><table>"
                      "<thead><tr><th>Crop</th><th>Sow</th></tr></thead>"
                      "<tr><td>Beans</td><td>May</td></tr>"
                      "<tr><td>Garlic</td><td>October<br>or November</td></tr></table>"
                      "<p>Water often.</p></body></html>",
                      "--columns 20"),
            "When to sow:\n\n"
            "Crop | Sow\n"
            "Beans | May\n"
            "Garlic | October or\n"
            "  November\n\n"
            "Water often.\n\n");
}

TEST(WinnowReader, NeverStartsALineWithARowsSeparator) {
  // "Sandy soil" fills the 10 columns, so "soil" goes on the next line with
  // the '|' after it, rather than the '|' starting a line before "Clay".
  EXPECT_EQ(read_page("row_separator",
                      "<html><body><table><tr><td>Sandy soil</td><td>Clay</td></tr></table></body></html>",
                      "--columns 10"),
            "Sandy\n"
            "  soil |\n"
            "  Clay\n\n");
  // A quoted table keeps its bar on every line.
  EXPECT_EQ(read_page("quoted_table",
                      "<html><body><blockquote><table><tr><td>Sandy soil</td><td>Clay</td></tr>"
                      "</table></blockquote></body></html>",
                      "--columns 12"),
            "| Sandy\n"
            "|   soil |\n"
            "|   Clay\n\n");
}

TEST(WinnowReader, CountsWideCharactersAndEmojiAsTwoColumns) {
  // Five whales are ten columns: four fill an 8-column line, the fifth goes on
  // the next with the word after it. CJK text breaks the same way.
  EXPECT_EQ(read_page("emoji", "<html><body><p>\U0001F433\U0001F433\U0001F433\U0001F433\U0001F433 ok</p></body></html>",
                      "--columns 8"),
            "\U0001F433\U0001F433\U0001F433\U0001F433\n\U0001F433 ok\n\n");
  EXPECT_EQ(read_page("cjk", "<html><body><p>\u6c34\u6c34\u6c34\u6c34\u6c34</p></body></html>", "--columns 8"),
            "\u6c34\u6c34\u6c34\u6c34\n\u6c34\n\n");
}

TEST(WinnowReader, BreaksCjkTextBetweenAnyTwoCharactersButNotBeforeAClosingMark) {
  // Chinese and Japanese may break between any two characters, so a run of
  // them after a Latin word starts on its line rather than on the next.
  EXPECT_EQ(read_page("cjk_after_latin", "<html><body><p>ok \u4e00\u4e8c\u4e09\u56db\u4e94\u516d</p></body></html>",
                      "--columns 8"),
            "ok \u4e00\u4e8c\n\u4e09\u56db\u4e94\u516d\n\n");
  // A full stop never starts a line: the character before it goes down with it.
  EXPECT_EQ(read_page("cjk_stop", "<html><body><p>\u4e00\u4e8c\u4e09\u56db\u4e94\u3002\u516d</p></body></html>",
                      "--columns 10"),
            "\u4e00\u4e8c\u4e09\u56db\n\u4e94\u3002\u516d\n\n");
  // An opening bracket never ends a line, even when a closing one follows
  // the character after it.
  for (const char* width : {"--columns 8", "--columns 10"})
    EXPECT_EQ(read_page("cjk_bracket", "<html><body><p>\u4e00\u4e8c\u4e09\u300c\u56db\u300d</p></body></html>", width),
              "\u4e00\u4e8c\u4e09\n\u300c\u56db\u300d\n\n")
        << width;
}

TEST(WinnowReader, CountsMarksThatDrawOnTheCharacterBeforeAsNoColumn) {
  // "\u0e19\u0e49\u0e33" (Thai "water") is three code points in two columns:
  // the tone mark U+0E49 sits above the letter before it. Five of them are ten
  // columns: four fill an 8-column line, and the mark never leaves its letter.
  const std::string water = "\u0e19\u0e49\u0e33";
  EXPECT_EQ(read_page("thai", "<html><body><p>" + water + water + water + water + water + "</p></body></html>",
                      "--columns 8"),
            water + water + water + water + "\n" + water + "\n\n");
  // An accent written apart (U+0301) takes no column either: "cafe\u0301
  // cafe\u0301" is nine columns and fits a 9-column line.
  EXPECT_EQ(read_page("marks", "<html><body><p>cafe\u0301 cafe\u0301 ok</p></body></html>", "--columns 9"),
            "cafe\u0301 cafe\u0301\nok\n\n");
}

TEST(WinnowReader, WritesAPileOfMarksOnOneLetterWhole) {
  // Marks take no column, so a line of eight columns may hold any number of
  // bytes: twenty thousand accents on one letter (40 KB, ten times the line's
  // buffer) are all written, none of them split off by a space. The engine
  // cuts so long a word into blocks of 4 KiB, which the reader shows as
  // paragraphs, so the comparison leaves line ends out.
  std::string piled = "a";
  for (int i = 0; i < 20000; ++i) piled += "\u0301";
  std::string shown = read_page("piled", "<html><body><p>" + piled + " ok</p></body></html>", "--columns 8");
  shown.erase(std::remove(shown.begin(), shown.end(), '\n'), shown.end());
  // Compared as a flag: a failure would otherwise print 40 KB.
  EXPECT_TRUE(shown == piled + " ok") << shown.size() << " bytes, " << std::count(shown.begin(), shown.end(), ' ')
                                      << " spaces";
}

TEST(WinnowReader, KeepsEveryLineOnANarrowScreenHoweverDeepTheListsAndQuotes) {
  // fuzz_reader's first finding: code indented eight columns in a list item
  // whose text hangs eight columns in, on a 16-column screen, left no room,
  // and a line of 16 spaces and a letter ran one column off the screen. Now
  // the indentation keeps to half of what the margin leaves, and a quote's
  // bars, a nested list's indentation and its number keep two columns free.
  const std::string page =
      "<html><body><blockquote><blockquote><ol><li>outer<ol><li>middle<ol><li>inner<ol start=998><li>deepest "
      "item with words<pre>code\n    indented\n        further\n            return value;</pre></li>"
      "<li>another</li></ol></li></ol></li></ol></li></ol></blockquote></blockquote></body></html>";
  for (const int width : {8, 12, 16, 24}) {
    const std::string out = read_page("narrow", page, "--columns " + std::to_string(width));
    std::istringstream lines(out);
    std::string text;  // the lines' text without marks or spaces: words broken at the edge join
    for (std::string line; std::getline(lines, line);) {
      EXPECT_LE(columns(line), static_cast<std::size_t>(width)) << width << " columns: '" << line << "'";
      const std::size_t start = line.find_first_not_of("| 0123456789.");
      if (start == std::string::npos) continue;
      for (char c : line.substr(start))
        if (c != ' ') text += c;
    }
    EXPECT_NE(text.find("deepestitemwithwords"), std::string::npos) << width << " columns: " << text;
    EXPECT_NE(text.find("codeindentedfurtherreturnvalue;"), std::string::npos) << width << " columns: " << text;
    EXPECT_NE(text.find("another"), std::string::npos) << width << " columns: " << text;
  }
}

// Runs `command` with its stderr joined to its stdout; returns the output
// and stores the exit status.
std::string run_with_status(const std::string& command, int* status) {
  std::string out;
  *status = -1;
  if (FILE* pipe = popen((command + " 2>&1").c_str(), "r")) {
    char buffer[4096];
    for (std::size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;) out.append(buffer, n);
    const int raw = pclose(pipe);
    *status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  }
  return out;
}

TEST(WinnowReader, SaysWhatIsWrongWithItsOptions) {
  struct Case {
    const char* options;
    int status;
    const char* says;
  };
  const Case cases[] = {
      {"--algo nope", 1, "unknown algorithm 'nope'; one of: default "},
      {"--columns", 1, "this option needs a value: '--columns'"},
      {"--columns 7", 1, "--columns needs a number from 8 to 1000, not '7'"},
      {"--memory-budget 2Q", 1, "not '2Q'"},
      // strtoull takes a sign; a suffix can overflow: neither is a size.
      {"--memory-budget -1", 1, "not '-1'"},
      {"--memory-budget 17592186044417M", 1, "not '17592186044417M'"},
      {"--colums 30", 1, "unknown option '--colums'"},
      // A budget too small for the extractor exits as an exceeded one does.
      {"--memory-budget 100", 3, "memory budget too small"},
      {"--version", 0, "winnow-reader 0."},
  };
  for (const Case& c : cases) {
    int status = 0;
    const std::string out = run_with_status(std::string(WINNOW_READER) + " </dev/null " + c.options, &status);
    EXPECT_EQ(status, c.status) << c.options;
    EXPECT_NE(out.find(c.says), std::string::npos) << c.options << ": " << out;
  }
}

TEST(WinnowReader, DrawsAQuoteInsideAQuoteWithTwoBars) {
  EXPECT_EQ(read_page("quotes",
                      "<html><body><blockquote><p>Rise overnight</p>"
                      "<blockquote><p>Only in a cold kitchen, said nobody</p></blockquote>"
                      "<p>Then bake</p></blockquote></body></html>",
                      "--columns 24"),
            "| Rise overnight\n\n"
            "| | Only in a cold\n"
            "| | kitchen, said nobody\n\n"
            "| Then bake\n\n");
}

// Runs `command` with a pipe on stdin; writes `first`, waits up to 10 s for a
// line of output, then writes `rest`. Returns whether a line came before the rest.
bool shows_a_line_before_input_ends(const std::string& command, const std::string& first, const std::string& rest,
                                    std::string* all_output) {
  int to_child[2], from_child[2];
  if (pipe(to_child) != 0 || pipe(from_child) != 0) return false;
  const pid_t pid = fork();
  if (pid == 0) {
    dup2(to_child[0], 0);
    dup2(from_child[1], 1);
    close(to_child[1]);
    close(from_child[0]);
    execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  close(to_child[0]);
  close(from_child[1]);
  signal(SIGPIPE, SIG_IGN);
  (void)!write(to_child[1], first.data(), first.size());
  pollfd ready{from_child[0], POLLIN, 0};
  const bool early = poll(&ready, 1, 10000) == 1;
  (void)!write(to_child[1], rest.data(), rest.size());
  close(to_child[1]);
  char buffer[4096];
  for (ssize_t n; (n = read(from_child[0], buffer, sizeof buffer)) > 0;) all_output->append(buffer, static_cast<std::size_t>(n));
  close(from_child[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  return early;
}

TEST(WinnowReader, StreamsLinesBeforeTheInputEnds) {
  const std::string page = long_page();
  std::string output;
  const bool early = shows_a_line_before_input_ends(std::string(WINNOW_READER) + " --algo plain --columns 40",
                                                    page.substr(0, page.size() / 2), page.substr(page.size() / 2),
                                                    &output);
  EXPECT_TRUE(early) << "no line after half the page";
  EXPECT_NE(output.find("Paragraph 79"), std::string::npos);
}

// A one-connection HTTP server on 127.0.0.1 that sends the page in small
// pieces and holds back the last quarter until told to go on (or 10 s pass).
class SlowServer {
 public:
  explicit SlowServer(std::string page) : page_(std::move(page)) {
    listener_ = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    address.sin_port = 0;
    bind(listener_, reinterpret_cast<sockaddr*>(&address), sizeof address);
    listen(listener_, 1);
    socklen_t length = sizeof address;
    getsockname(listener_, reinterpret_cast<sockaddr*>(&address), &length);
    port_ = ntohs(address.sin_port);
    thread_ = std::thread([this] { serve(); });
  }
  ~SlowServer() {
    go_on();
    thread_.join();
    close(listener_);
  }
  int port() const { return port_; }
  bool sent_everything() const { return sent_all_; }
  void go_on() {
    std::lock_guard<std::mutex> lock(mutex_);
    released_ = true;
    condition_.notify_all();
  }

 private:
  void serve() {
    pollfd ready{listener_, POLLIN, 0};
    if (poll(&ready, 1, 20000) != 1) return;
    const int client = accept(listener_, nullptr, nullptr);
    char request[2048];
    (void)!read(client, request, sizeof request);
    const std::string header = "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nConnection: close\r\n\r\n";
    (void)!send(client, header.data(), header.size(), MSG_NOSIGNAL);
    const std::size_t hold_at = page_.size() * 3 / 4;
    for (std::size_t at = 0; at < page_.size(); at += 512) {
      if (at >= hold_at && at < hold_at + 512) {
        std::unique_lock<std::mutex> lock(mutex_);
        condition_.wait_for(lock, std::chrono::seconds(10), [this] { return released_; });
      }
      const std::size_t n = std::min<std::size_t>(512, page_.size() - at);
      (void)!send(client, page_.data() + at, n, MSG_NOSIGNAL);
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    sent_all_ = true;
    close(client);
  }

  std::string page_;
  int listener_ = -1;
  int port_ = 0;
  std::thread thread_;
  std::mutex mutex_;
  std::condition_variable condition_;
  bool released_ = false;
  std::atomic<bool> sent_all_{false};
};

TEST(NetworkFilter, CurlIntoWinnowStreamsAndMatchesTheOneShotExtraction) {
  if (system("command -v curl >/dev/null 2>&1") != 0) GTEST_SKIP() << "curl is not installed (make deps installs it)";
  const std::string page = long_page();
  SlowServer server(page);
  const std::string command = "curl -sN http://127.0.0.1:" + std::to_string(server.port()) + "/ | " +
                              std::string(WINNOW_CLI) + " --algo plain --chunk-size 512";
  FILE* pipe = popen(command.c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  char line[4096];
  ASSERT_NE(fgets(line, sizeof line, pipe), nullptr);
  EXPECT_FALSE(server.sent_everything()) << "the first line came only after the last byte";
  std::string output = line;
  server.go_on();
  for (std::size_t n; (n = fread(line, 1, sizeof line, pipe)) > 0;) output.append(line, n);
  EXPECT_EQ(pclose(pipe), 0);
  EXPECT_TRUE(server.sent_everything());
  winnow::ExtractorConfig config;
  config.algorithm = "plain";
  EXPECT_EQ(output, winnow::extract_html(page, config).text);
}

}  // namespace
