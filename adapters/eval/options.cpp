// SPDX-License-Identifier: MIT
// Hand-written option parser: --name value, --name=value, positional folders.
#include "adapters/eval/options.h"

#include <cerrno>
#include <cstdlib>
#include <memory>
#include <sstream>

namespace winnow::eval {
namespace {

std::vector<std::string> split_commas(const std::string& list) {
  std::vector<std::string> items;
  std::stringstream in(list);
  std::string item;
  while (std::getline(in, item, ','))
    if (!item.empty()) items.push_back(item);
  return items;
}

bool parse_size(const std::string& text, std::size_t& out) {
  if (text.empty() || text[0] == '-') return false;
  errno = 0;
  char* end = nullptr;
  const unsigned long long value = std::strtoull(text.c_str(), &end, 10);
  if (errno != 0 || !end || *end != '\0') return false;
  out = static_cast<std::size_t>(value);
  return true;
}

// Walks the arguments; each handler consumes the option's value if it has one.
class ArgumentReader {
 public:
  explicit ArgumentReader(const std::vector<std::string>& args) : args_(args) {}

  ParsedOptions run() {
    while (index_ < args_.size() && result_.error.empty()) step();
    return std::move(result_);
  }

 private:
  void fail(const std::string& why) {
    if (result_.error.empty()) result_.error = why;
  }

  // The value of the current option: after '=' or the next argument.
  bool value(std::string& out) {
    if (inline_value_) {
      out = *inline_value_;
      return true;
    }
    if (index_ >= args_.size()) {
      fail(name_ + " needs a value");
      return false;
    }
    out = args_[index_++];
    return true;
  }

  void size_value(std::size_t& out, bool positive) {
    std::string text;
    if (!value(text)) return;
    if (!parse_size(text, out) || (positive && out == 0))
      fail(name_ + " needs a " + (positive ? "positive " : "") + "whole number, not '" + text + "'");
  }

  void step() {
    const std::string arg = args_[index_++];
    if (arg.size() < 2 || arg[0] != '-' || arg == "-") {
      result_.options.packages.push_back(arg);
      return;
    }
    const std::size_t eq = arg.find('=');
    name_ = arg.substr(0, eq);
    inline_value_.reset();
    if (eq != std::string::npos) inline_value_ = std::make_unique<std::string>(arg.substr(eq + 1));
    Options& o = result_.options;
    std::string text;
    if (name_ == "--help" || name_ == "-h") o.help = true;
    else if (name_ == "--version") o.version = true;
    else if (name_ == "--list-algos") o.list_algorithms = true;
    else if (name_ == "--quiet" || name_ == "-q") o.quiet = true;
    else if (name_ == "--no-report") o.write_report = false;
    else if (name_ == "--gold-entities") o.resolve_gold_entities = true;
    else if (name_ == "--known-address") o.known_address = true;
    else if (name_ == "--algo") algo();
    else if (name_ == "--extractor-cmd") value(o.extractor_cmd);
    else if (name_ == "--extractor-name") value(o.extractor_name);
    else if (name_ == "--extractor-output") extractor_output();
    else if (name_ == "--extractor-timeout") size_value(o.extractor_timeout, false);
    else if (name_ == "--packages") packages();
    else if (name_ == "--corpus") value(o.corpus);
    else if (name_ == "--out-dir") value(o.out_dir);
    else if (name_ == "--report") value(o.report);
    else if (name_ == "--threads") size_value(o.threads, true);
    else if (name_ == "--chunk-size") size_value(o.chunk_size, true);
    else if (name_ == "--memory-budget") size_value(o.memory_budget, true);
    else if (name_ == "--limit") size_value(o.limit, true);
    else fail("unknown option " + name_);
    if (inline_value_ && !takes_value()) fail(name_ + " takes no value");
  }

  bool takes_value() const {
    return !(name_ == "--help" || name_ == "-h" || name_ == "--version" ||
             name_ == "--list-algos" || name_ == "--quiet" || name_ == "-q" ||
             name_ == "--no-report" || name_ == "--gold-entities" || name_ == "--known-address");
  }

  void algo() {
    std::string list;
    if (!value(list)) return;
    Options& o = result_.options;
    o.algorithms_given = true;
    for (const std::string& name : split_commas(list)) {
      if (name == "all") o.all_algorithms = true;
      else o.algorithms.push_back(name);
    }
    if (!o.all_algorithms && o.algorithms.empty()) fail("--algo needs 'all' or a comma list");
  }

  void extractor_output() {
    std::string format;
    if (!value(format)) return;
    OutputFormat& out = result_.options.extractor_output;
    if (format == "text") out = OutputFormat::Text;
    else if (format == "html") out = OutputFormat::Html;
    else if (format == "auto") out = OutputFormat::Auto;
    else fail("--extractor-output is text, html or auto, not '" + format + "'");
  }

  // --packages DIR [DIR ...]: every following argument up to the next option.
  void packages() {
    std::string first;
    if (!value(first)) return;
    result_.options.packages.push_back(first);
    if (inline_value_) return;
    while (index_ < args_.size() && args_[index_].rfind("-", 0) != 0)
      result_.options.packages.push_back(args_[index_++]);
  }

  const std::vector<std::string>& args_;
  std::size_t index_ = 0;
  std::string name_;
  std::unique_ptr<std::string> inline_value_;
  ParsedOptions result_;
};

}  // namespace

ParsedOptions parse_options(const std::vector<std::string>& args) {
  return ArgumentReader(args).run();
}

std::string usage_text(const std::string& default_corpus) {
  return R"(Usage: winnow-eval [OPTIONS] [PACKAGE_DIR ...]

Scores content-extraction algorithms against test packages (folders of
<id>.html, <id>.txt gold text, <id>.json meta and PACKAGE.json) with
Gottron's character, word-sequence, bag-of-words and set-of-words
precision/recall/F1 and the Zyte 4-gram shingle F1, and times them.

What to evaluate:
  --algo all|A,B,...     winnow algorithms to run (default: all, unless
                         --extractor-cmd is given alone)
  --list-algos           list the algorithms and exit
  --extractor-cmd CMD    also evaluate an external program: /bin/sh -c CMD
                         reads HTML on stdin and writes text on stdout
  --extractor-name NAME  label for that program (default: cmd)
  --extractor-output F   text, html (tags stripped, entities resolved) or
                         auto (html if the output starts with a tag; default)
  --extractor-timeout S  seconds the program may take on one document
                         (default: 120; 0: no limit); then it is killed
                         (its whole process group), the document's status
                         says "timeout after S s" and what it wrote is scored

Where the documents are:
  PACKAGE_DIR ...        package folders (positional)
  --packages DIR ...     package folders (same as positional)
  --corpus ROOT          every package folder under ROOT; used when no
                         package is named (default: )" +
         default_corpus + R"()
  --limit N              only the first N documents of each package
  --gold-entities        resolve HTML character references left in the gold
                         texts (&#8217;, &rsquo;) before scoring; off by
                         default, as the corpus's reference figures were
                         scored on the gold as given
  --known-address        give each page the address its meta file records
                         (<id>.json's url), as a caller that requested it
                         knows it (winnow --url); off by default: the
                         reference figures had no address

Outputs:
  --out-dir DIR          writes DIR/documents.tsv (one row per document and
                         algorithm) and DIR/summary.tsv (default: eval-results)
  --report FILE          the HTML report (default: DIR/report.html)
  --no-report            do not write the HTML report
  -q, --quiet            no summary table on stdout, no progress bar
  The summary table is printed on stdout; a progress bar is drawn on stderr
  only when stderr is a terminal.

How to run:
  --threads N            worker threads (default: hardware threads)
  --chunk-size N         bytes per feed() call (default: 4096)
  --memory-budget N      extractor memory budget in bytes (default: 262144)
  -h, --help             this text
  --version              the version

Exit status:
  0  evaluation done, outputs written
  1  usage error (unknown option or algorithm, bad value)
  2  input/output error: no packages found (run `make corpus`), a package or
     document that cannot be read, an output that cannot be written
)";
}

}  // namespace winnow::eval
