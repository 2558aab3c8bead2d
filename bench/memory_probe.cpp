// SPDX-License-Identifier: MIT
// winnow_memory_probe: what an extraction holds, charged or not.
//
//   winnow_memory_probe [--algo NAME] FILE...
//
// For each file: the peak charged to the default 256 KiB budget; the glibc
// heap the extractor holds at the end of the document (it keeps its state
// until it is destroyed) beyond what was in use before it, so that memory the
// budget does not see shows as heap_beyond_budget (iconv's state for
// multi-byte legacy encodings did, 61 KB for GBK, until stop 25); and, with a
// 512 KiB caller-owned arena, how much of the arena was used. The heap figure is that of the
// second of two runs in the process, after one-time initialisation.
#include <malloc.h>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include "adapters/libxml/html_extractor.h"

namespace {

class NullSink final : public winnow::ContentSink {
 public:
  void on_text(std::string_view) override {}
  void on_block_end() override {}
};

struct Probe {
  std::size_t peak_budget = 0;
  std::size_t heap_alive = 0;  // heap in use at the end of the document, beyond the start
};

Probe run_on_heap(const std::string& html, const std::string& algorithm) {
  Probe p;
  for (int round = 0; round < 2; ++round) {
    winnow::ExtractorConfig config;
    config.algorithm = algorithm;
    NullSink sink;
    const std::size_t before = mallinfo2().uordblks;
    winnow::HtmlExtractor extractor(config, sink);
    extractor.feed(html.data(), html.size(), true);
    const std::size_t during = mallinfo2().uordblks;  // the extractor's state is kept until it is destroyed
    p.peak_budget = extractor.stats().peak_memory;
    p.heap_alive = during > before ? during - before : 0;
  }
  return p;
}

std::size_t arena_peak(const std::string& html, const std::string& algorithm) {
  static std::vector<char> arena(512 * 1024 + 16);
  winnow::ExtractorConfig config;
  config.algorithm = algorithm;
  // 16-byte alignment, as the arena asks for.
  const auto address = reinterpret_cast<std::uintptr_t>(arena.data());
  config.arena = arena.data() + ((16 - address % 16) % 16);
  config.arena_size = 512 * 1024;
  NullSink sink;
  winnow::HtmlExtractor extractor(config, sink);
  extractor.feed(html.data(), html.size(), true);
  return extractor.stats().arena_peak;
}

}  // namespace

int main(int argc, char** argv) {
  std::string algorithm = "default";
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--algo" && i + 1 < argc) algorithm = argv[++i];
    else if (!a.empty() && a[0] == '-') {
      std::fprintf(stderr, "usage: winnow_memory_probe [--algo NAME] FILE...\n");
      return 1;
    } else files.push_back(a);
  }
  if (files.empty()) {
    std::fprintf(stderr, "usage: winnow_memory_probe [--algo NAME] FILE...\n");
    return 1;
  }
  std::printf("file\talgorithm\tpeak_budget\theap_alive\theap_beyond_budget\tarena_peak\n");
  for (const std::string& file : files) {
    std::ifstream in(file, std::ios::binary);
    if (!in) {
      std::fprintf(stderr, "winnow_memory_probe: cannot read %s\n", file.c_str());
      return 2;
    }
    const std::string html((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const Probe p = run_on_heap(html, algorithm);
    const long beyond = static_cast<long>(p.heap_alive) - static_cast<long>(p.peak_budget);
    std::printf("%s\t%s\t%zu\t%zu\t%ld\t%zu\n", file.c_str(), algorithm.c_str(), p.peak_budget, p.heap_alive, beyond,
                arena_peak(html, algorithm));
  }
  return 0;
}
