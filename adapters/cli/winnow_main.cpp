// SPDX-License-Identifier: MIT
// winnow: the command-line filter. Reads HTML from a file or stdin in chunks
// and writes the main content as soon as the algorithm has decided it.
//
// Exit codes: 0 ok, 1 usage error, 2 input/output error, 3 memory budget
// exceeded (the content decided before that point was still written).
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <libxml/xmlversion.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "adapters/cli/json_text.h"
#include "adapters/cli/markdown_writer.h"
#include "adapters/cli/metadata_writer.h"
#include "adapters/libxml/decoder.h"
#include "adapters/libxml/html_extractor.h"
#include "engine/algorithm_registry.h"

#ifndef WINNOW_VERSION_STRING
#define WINNOW_VERSION_STRING "0.0.0"
#endif

namespace {

using winnow::Status;

enum ExitCode { kExitOk = 0, kExitUsage = 1, kExitIo = 2, kExitBudget = 3 };
enum class Format { Text, Json, Spans, Markdown };

constexpr char kUsage[] =
    "Usage: winnow [OPTIONS] [FILE|-]\n"
    "Extract the main content of an HTML page, streaming: input is read in chunks\n"
    "and content is written as soon as it is decided. Reads stdin without FILE or with '-'.\n"
    "\n"
    "Options:\n"
    "  --algo NAME            extraction algorithm (default: default; see --list-algos)\n"
    "  --favor WHAT           precision or recall: move the default extractor's threshold\n"
    "  --format FORMAT        text   one block of content per line (default); preformatted\n"
    "                                text keeps its lines and indentation\n"
    "                         markdown  CommonMark: headings, lists, quotes and code\n"
    "                                blocks as the page has them, text escaped\n"
    "                         spans  one 'begin<TAB>end' byte range of the input per line\n"
    "                         json   one JSON object per line: blocks (with their kind:\n"
    "                                paragraph, list_item, table_cell, ...), spans, the\n"
    "                                default extractor's decision on every block, then a\n"
    "                                summary; the page's metadata comes first\n"
    "  --metadata             text and markdown begin with what the page declares about\n"
    "                         itself (title, description, author, site_name, published,\n"
    "                         modified, language, url, image, page_type) as YAML front matter\n"
    "  --chunk-size N         bytes read per chunk (default: 16384); output never depends on it\n"
    "  --memory-budget BYTES  memory for engine, guard and parser together; K, M, G suffixes\n"
    "                         are powers of 1024 (default: 256K)\n"
    "  --encoding NAME        override the document's declared (or, undeclared, guessed)\n"
    "                         encoding\n"
    "  --max-depth N          nesting depth kept; deeper elements are flattened (default: 256)\n"
    "  --url URL              the page's address, where it came from: the metadata's url, and\n"
    "                         what the address says the page is (a story or an overview),\n"
    "                         when the page declares none\n"
    "  --list-algos           list the algorithms and exit\n"
    "  --help                 show this help and exit\n"
    "  --version              show the version and exit\n"
    "\n"
    "Exit status: 0 ok; 1 usage error; 2 input/output error; 3 memory budget exceeded\n"
    "(the content decided before the budget ran out is still written).\n";

struct Options {
  winnow::ExtractorConfig config;
  Format format = Format::Text;
  bool front_matter = false;  // --metadata
  std::size_t chunk_size = 16384;
  std::string path = "-";
  std::string url;  // --url; config.url views it
};

void usage_error(const std::string& message) {
  std::fprintf(stderr, "winnow: %s\nTry 'winnow --help'.\n", message.c_str());
}

bool parse_size(std::string_view text, std::size_t* out) {
  if (text.empty()) return false;
  std::size_t multiplier = 1;
  const char suffix = text.back();
  if (suffix == 'K' || suffix == 'k') multiplier = 1024;
  else if (suffix == 'M' || suffix == 'm') multiplier = 1024 * 1024;
  else if (suffix == 'G' || suffix == 'g') multiplier = 1024ull * 1024 * 1024;
  if (multiplier != 1) text.remove_suffix(1);
  if (text.empty() || text.size() > 15) return false;
  std::size_t value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return false;
    value = value * 10 + static_cast<std::size_t>(c - '0');
  }
  // 15 digits cannot overflow, but a suffix can: a size that does not fit is
  // an error, not a wrapped (and silently small) one.
  if (value > std::numeric_limits<std::size_t>::max() / multiplier) return false;
  *out = value * multiplier;
  return true;
}

// Besides what JSON requires, the C1 controls (U+0080..U+009F) and the
// line and paragraph separators (U+2028, U+2029) are written as \uXXXX:
// JSON allows them raw, but readers that split JSON lines on every
// Unicode line break (Python's str.splitlines, JavaScript before ES2019)
// would cut a block's line in two at a NEL a mis-decoded page carries.
void write_json_string(std::string_view text) {
  static std::string escaped;  // reused: the CLI writes from one thread
  escaped.clear();
  winnow::cli::append_json_escaped(escaped, text);
  std::fwrite(escaped.data(), 1, escaped.size(), stdout);
}

// Writes content to stdout as the chosen format.
class StdoutSink final : public winnow::ContentSink {
 public:
  StdoutSink(Format format, bool front_matter) : format_(format), front_matter_(front_matter) {}

  void on_metadata(const winnow::PageMetadata& metadata) override {
    std::string out;
    if (format_ == Format::Json) out = winnow::cli::metadata_json_line(metadata);
    else if (format_ == Format::Text && front_matter_) out = winnow::cli::metadata_front_matter(metadata);
    std::fwrite(out.data(), 1, out.size(), stdout);
  }

  void on_text(std::string_view text) override {
    if (format_ == Format::Spans) return;
    if (format_ == Format::Json) {
      if (!in_block_) start_json_block();
      write_json_string(text);
    } else {
      std::fwrite(text.data(), 1, text.size(), stdout);
    }
    in_block_ = true;
  }
  void on_block_end() override {
    if (format_ == Format::Spans) return;
    std::fputs(format_ == Format::Json ? "\"}\n" : "\n", stdout);
    in_block_ = false;
    shape_ = winnow::BlockShape{};
    for (const winnow::SourceSpan& span : held_spans_) print_json_span(span);
    held_spans_.clear();
  }
  void on_block_start(const winnow::BlockShape& shape) override { shape_ = shape; }
  void on_block_decision(winnow::SourceSpan span, bool kept, float score) override {
    if (format_ != Format::Json) return;
    std::printf("{\"type\":\"decision\",\"begin\":%llu,\"end\":%llu,\"kept\":%s,\"score\":%.4f}\n",
                static_cast<unsigned long long>(span.begin), static_cast<unsigned long long>(span.end),
                kept ? "true" : "false", static_cast<double>(score));
  }
  void on_span(winnow::SourceSpan span) override {
    if (format_ == Format::Spans) {
      std::printf("%llu\t%llu\n", static_cast<unsigned long long>(span.begin),
                  static_cast<unsigned long long>(span.end));
    } else if (format_ == Format::Json) {
      // A run of words that ended inside a block (an algorithm dropped a
      // word there) is reported while the block's line is open: its span
      // line follows the block's (at most a block's words of them, and a
      // block's text is bounded, engine/token.h).
      if (in_block_) held_spans_.push_back(span);
      else print_json_span(span);
    }
  }

 private:
  static void print_json_span(winnow::SourceSpan span) {
    std::printf("{\"type\":\"span\",\"begin\":%llu,\"end\":%llu}\n", static_cast<unsigned long long>(span.begin),
                static_cast<unsigned long long>(span.end));
  }
  void start_json_block() const {
    std::printf("{\"type\":\"block\",\"kind\":\"%s\"", winnow::block_kind_name(shape_.kind));
    if (shape_.heading_level) std::printf(",\"heading\":%d", shape_.heading_level);
    if (shape_.quoted) std::fputs(",\"quoted\":true", stdout);
    if (shape_.continues_item) std::fputs(",\"continues_item\":true", stdout);
    if (shape_.list_nesting) std::printf(",\"list_nesting\":%d", shape_.list_nesting);
    if (shape_.quote_nesting) std::printf(",\"quote_nesting\":%d", shape_.quote_nesting);
    if (shape_.starts_group)
      std::fputs(shape_.kind == winnow::BlockKind::TableCell ? ",\"starts_row\":true" : ",\"starts_list\":true", stdout);
    std::fputs(",\"text\":\"", stdout);
  }
  Format format_;
  bool front_matter_;
  bool in_block_ = false;
  winnow::BlockShape shape_;
  std::vector<winnow::SourceSpan> held_spans_;
};

void list_algorithms() {
  for (const winnow::AlgorithmInfo& info : winnow::algorithm_registry()) {
    std::printf("%-16.*s %.*s\n", static_cast<int>(info.name.size()), info.name.data(),
                static_cast<int>(info.summary.size()), info.summary.data());
  }
}

// Returns -1 to continue, else the exit code.
int parse_arguments(int argc, char** argv, Options* options) {
  std::vector<std::string> positional;
  std::string favor;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    auto value = [&](std::string_view flag, std::string* out) {
      if (i + 1 >= argc) {
        usage_error("option " + std::string(flag) + " needs a value");
        return false;
      }
      *out = argv[++i];
      return true;
    };
    std::string text;
    if (arg == "--help" || arg == "-h") {
      std::fputs(kUsage, stdout);
      return kExitOk;
    } else if (arg == "--version") {
      std::printf("winnow %s (libxml2 %s)\n", WINNOW_VERSION_STRING, LIBXML_DOTTED_VERSION);
      return kExitOk;
    } else if (arg == "--list-algos") {
      list_algorithms();
      return kExitOk;
    } else if (arg == "--algo") {
      if (!value(arg, &options->config.algorithm)) return kExitUsage;
      if (!winnow::find_algorithm(options->config.algorithm)) {
        usage_error("unknown algorithm '" + options->config.algorithm + "' (see --list-algos)");
        return kExitUsage;
      }
    } else if (arg == "--favor") {
      if (!value(arg, &text)) return kExitUsage;
      if (text != "precision" && text != "recall") {
        usage_error("--favor takes precision or recall");
        return kExitUsage;
      }
      favor = text;
    } else if (arg == "--format") {
      if (!value(arg, &text)) return kExitUsage;
      if (text == "text") options->format = Format::Text;
      else if (text == "json") options->format = Format::Json;
      else if (text == "spans") options->format = Format::Spans;
      else if (text == "markdown") options->format = Format::Markdown;
      else {
        usage_error("unknown format '" + text + "' (text, markdown, json or spans)");
        return kExitUsage;
      }
    } else if (arg == "--metadata") {
      options->front_matter = true;
    } else if (arg == "--chunk-size") {
      if (!value(arg, &text)) return kExitUsage;
      if (!parse_size(text, &options->chunk_size) || options->chunk_size == 0 ||
          options->chunk_size > (1u << 30)) {
        usage_error("--chunk-size needs a number of bytes between 1 and 1G");
        return kExitUsage;
      }
    } else if (arg == "--memory-budget") {
      if (!value(arg, &text)) return kExitUsage;
      if (!parse_size(text, &options->config.memory_budget) || options->config.memory_budget == 0) {
        usage_error("--memory-budget needs a number of bytes, e.g. 262144 or 256K");
        return kExitUsage;
      }
    } else if (arg == "--encoding") {
      if (!value(arg, &options->config.encoding)) return kExitUsage;
      if (!winnow::is_supported_encoding(options->config.encoding)) {
        usage_error("unknown encoding '" + options->config.encoding + "' (see iconv -l)");
        return kExitUsage;
      }
    } else if (arg == "--url") {
      if (!value(arg, &options->url)) return kExitUsage;
    } else if (arg == "--max-depth") {
      if (!value(arg, &text)) return kExitUsage;
      if (!parse_size(text, &options->config.max_depth) || options->config.max_depth == 0 ||
          options->config.max_depth > 65535) {
        usage_error("--max-depth needs a number between 1 and 65535");
        return kExitUsage;
      }
    } else if (arg.size() > 1 && arg[0] == '-') {
      usage_error("unknown option '" + std::string(arg) + "'");
      return kExitUsage;
    } else {
      positional.emplace_back(arg);
    }
  }
  if (!favor.empty()) {
    if (options->config.algorithm != "default") {
      usage_error("--favor applies to the default extractor only");
      return kExitUsage;
    }
    options->config.algorithm = "default-" + favor;
  }
  if (options->front_matter && options->format == Format::Spans) {
    usage_error("--metadata applies to the text and markdown formats (json always has it)");
    return kExitUsage;
  }
  if (positional.size() > 1) {
    usage_error("one input at a time (got " + std::to_string(positional.size()) + ")");
    return kExitUsage;
  }
  if (!positional.empty()) options->path = positional[0];
  options->config.url = options->url;
  return -1;
}

int open_input(const std::string& path) {
  if (path == "-") return STDIN_FILENO;
  const int fd = ::open(path.c_str(), O_RDONLY);
  if (fd < 0) {
    std::fprintf(stderr, "winnow: %s: %s\n", path.c_str(), std::strerror(errno));
    return -1;
  }
  struct stat info;
  if (::fstat(fd, &info) == 0 && S_ISDIR(info.st_mode)) {
    std::fprintf(stderr, "winnow: %s: is a directory\n", path.c_str());
    ::close(fd);
    return -1;
  }
  return fd;
}

void write_summary(const winnow::HtmlExtractor& extractor, Status status) {
  const winnow::ExtractorStats& s = extractor.stats();
  std::printf(
      "{\"type\":\"end\",\"status\":\"%s\",\"verdict\":\"%s\",\"net_text_length\":%llu,"
      "\"encoding\":\"%s\",\"title\":",
      status == Status::Ok ? "ok" : status == Status::BudgetExceeded ? "budget_exceeded"
                                  : status == Status::NestingFlattened ? "nesting_flattened"
                                  : "error",
      s.overview ? "overview" : "article", static_cast<unsigned long long>(s.net_text_length),
      s.encoding.c_str());
  // null only when the extractor could not start (budget too small); a page
  // without a <title> has an empty one.
  if (extractor.title() == nullptr) {
    std::fputs("null", stdout);
  } else {
    std::fputc('"', stdout);
    write_json_string(extractor.title());
    std::fputc('"', stdout);
  }
  std::printf(
      ",\"bytes_in\":%llu,\"tokens\":%llu,"
      "\"words_out\":%llu,\"peak_memory\":%zu,\"memory_budget\":%zu,\"declined\":%zu}\n",
      static_cast<unsigned long long>(s.bytes_in),
      static_cast<unsigned long long>(s.tokens), static_cast<unsigned long long>(s.words_out),
      s.peak_memory, s.memory_budget, s.declined);
}

int run(const Options& options) {
  const int fd = open_input(options.path);
  if (fd < 0) return kExitIo;
  const std::string name = options.path == "-" ? "stdin" : options.path;
  StdoutSink plain_sink(options.format, options.front_matter);
  winnow::cli::MarkdownWriter markdown(
      [](std::string_view bytes) { std::fwrite(bytes.data(), 1, bytes.size(), stdout); });
  markdown.set_front_matter(options.front_matter);
  winnow::ContentSink& sink =
      options.format == Format::Markdown ? static_cast<winnow::ContentSink&>(markdown) : plain_sink;
  winnow::HtmlExtractor extractor(options.config, sink);
  if (winnow::is_fatal(extractor.status())) {
    std::fprintf(stderr, "winnow: %s\n", winnow::status_string(extractor.status()));
    if (fd != STDIN_FILENO) ::close(fd);
    return extractor.status() == Status::BudgetTooSmall ? kExitBudget : kExitUsage;
  }
  std::vector<char> buffer(options.chunk_size);
  std::uint64_t total = 0;
  bool warned_binary = false;
  Status status = Status::Ok;
  int exit_code = kExitOk;
  for (;;) {
    const ssize_t n = ::read(fd, buffer.data(), buffer.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      std::fprintf(stderr, "winnow: %s: %s\n", name.c_str(), std::strerror(errno));
      status = extractor.feed(nullptr, 0, true);  // deliver what was decided
      exit_code = kExitIo;
      break;
    }
    const bool utf16 = total == 0 && n >= 2 && ((buffer[0] == '\xFF' && buffer[1] == '\xFE') ||
                                                (buffer[0] == '\xFE' && buffer[1] == '\xFF'));
    if (utf16) warned_binary = true;  // NUL bytes are normal there
    if (!warned_binary && n > 0 && std::memchr(buffer.data(), '\0', static_cast<std::size_t>(n))) {
      std::fprintf(stderr, "winnow: %s: contains NUL bytes; not an HTML text? (continuing)\n", name.c_str());
      warned_binary = true;
    }
    total += static_cast<std::uint64_t>(n);
    status = extractor.feed(buffer.data(), static_cast<std::size_t>(n), n == 0);
    std::fflush(stdout);
    if (n == 0 || winnow::is_fatal(status)) break;
  }
  if (fd != STDIN_FILENO) ::close(fd);
  if (winnow::is_fatal(status) && status != Status::BudgetExceeded) {
    std::fprintf(stderr, "winnow: %s: %s\n", name.c_str(), winnow::status_string(status));
    if (exit_code == kExitOk) exit_code = kExitIo;
  }
  if (status == Status::BudgetExceeded) {
    std::fprintf(stderr, "winnow: %s: %s (budget %zu bytes)\n", name.c_str(),
                 winnow::status_string(status), options.config.memory_budget);
    exit_code = kExitBudget;
  }
  if (status == Status::NestingFlattened)
    std::fprintf(stderr, "winnow: %s: note: %s\n", name.c_str(), winnow::status_string(status));
  if (total == 0 && exit_code == kExitOk) std::fprintf(stderr, "winnow: %s: empty input\n", name.c_str());
  if (options.format == Format::Json) write_summary(extractor, status);
  if (options.format == Format::Markdown) markdown.finish();
  if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
    std::fprintf(stderr, "winnow: write error: %s\n", std::strerror(errno));
    return kExitIo;
  }
  return exit_code;
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  const int code = parse_arguments(argc, argv, &options);
  if (code >= 0) return code;
  return run(options);
}
