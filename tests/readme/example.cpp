// Print the main content of a page and the byte ranges of the input it came from.
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>

#include "adapters/libxml/html_extractor.h"

class Printer : public winnow::ContentSink {
 public:
  void on_text(std::string_view text) override { std::fwrite(text.data(), 1, text.size(), stdout); }
  void on_block_end() override { std::putchar('\n'); }
  void on_block_start(const winnow::BlockShape& block) override {
    if (block.heading_level) std::printf("%.*s ", block.heading_level, "######");
    if (block.kind == winnow::BlockKind::ListItem && !block.continues_item) std::fputs("* ", stdout);
  }
  void on_span(winnow::SourceSpan span) override {
    std::fprintf(stderr, "content at bytes [%llu, %llu)\n", static_cast<unsigned long long>(span.begin),
                 static_cast<unsigned long long>(span.end));
  }
};

int main(int argc, char** argv) {
  if (argc != 2) return 1;
  std::ifstream file(argv[1], std::ios::binary);
  const std::string html{std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};

  winnow::ExtractorConfig config;  // the default extractor, 256 KiB budget
  Printer printer;
  winnow::HtmlExtractor extractor(config, printer);
  for (std::size_t at = 0; at < html.size(); at += 1000)  // any chunking gives the same output
    extractor.feed(html.data() + at, std::min<std::size_t>(1000, html.size() - at), false);
  const winnow::Status status = extractor.feed(nullptr, 0, true);
  std::fprintf(stderr, "%s\n", winnow::status_string(status));
  return status == winnow::Status::Ok ? 0 : 3;
}
