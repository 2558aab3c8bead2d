# SPDX-License-Identifier: MIT
# Front end to CMake. On a fresh Debian machine:  make demo   and   make test
BUILD      ?= build
JOBS       ?= 2
SHARED     ?= ../shared
CORPUS     ?= $(BUILD)/corpus
FUZZ_SECONDS ?= 60
CMAKE_FLAGS ?=

# Debian packages the project needs (compilers, libraries, test and fuzz tools,
# and Chromium for the evaluation report's rendering test).
PACKAGES := cmake g++ make clang libclang-rt-14-dev pkg-config libxml2-dev libgtest-dev \
            libgmock-dev libbenchmark-dev chromium xz-utils curl cmark

.PHONY: all deps build test test-long test-sanitize fuzz-smoke check demo bench fuzz corpus eval check-formats check-metadata check-chunks check-training clean help

all: build

help:
	@echo "make demo       set up, build and extract the sample page's main content"
	@echo "make test       set up, build and run every test (ctest)"
	@echo "make test-long  the long adversarial tests (GiB streams)"
	@echo "make test-sanitize  the test suite built with ASan + UBSan (leak check on) in $(BUILD)-asan"
	@echo "make fuzz-smoke every libFuzzer harness for 20 s (a broken harness cannot land)"
	@echo "make check      test + test-sanitize + fuzz-smoke: what CI runs"
	@echo "make corpus     unpack the development corpus into $(CORPUS)"
	@echo "make eval       score ALGOS (default: all) on the corpus with winnow-eval"
	@echo "make check-formats  the CLI's formats and the reader agree, every algorithm, every 7th corpus page"
	@echo "make check-metadata the page metadata against the corpus's meta files (language, address, title)"
	@echo "make check-chunks   every algorithm's output at 1-byte chunks against 16 KiB ones, CHUNK_PAGES (300) corpus pages"
	@echo "make check-training what train_blocks learns from gives every corpus block the default extractor's score"
	@echo "make bench      Google Benchmark throughput and memory table"
	@echo "make fuzz       run every libFuzzer harness for FUZZ_SECONDS seconds each"
	@echo "make deps       install missing Debian packages (root)"

deps:
	@missing=""; for p in $(PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -z "$$missing" ]; then echo "deps: all packages present"; exit 0; fi; \
	if [ "$$(id -u)" != 0 ]; then \
	  echo "deps: missing Debian packages:$$missing"; \
	  echo "deps: run 'sudo make deps' (or install them with apt-get) and try again"; exit 1; \
	fi; \
	echo "deps: installing$$missing"; \
	export DEBIAN_FRONTEND=noninteractive; \
	apt-get update -qq && apt-get install -y -qq --no-install-recommends $$missing

$(BUILD)/CMakeCache.txt:
	cmake -S . -B $(BUILD) -DWINNOW_WERROR=ON $(CMAKE_FLAGS)

build: deps $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j$(JOBS)

test: build
	cd $(BUILD) && ctest --output-on-failure -j$(JOBS) -LE long

test-long: build
	cd $(BUILD) && ctest --output-on-failure -L long

# The same suite under AddressSanitizer (with LeakSanitizer) and UBSan, in its
# own build tree; any report fails the test that triggered it.
test-sanitize: deps
	cmake -S . -B $(BUILD)-asan -DWINNOW_WERROR=ON -DWINNOW_SANITIZE=ON $(CMAKE_FLAGS)
	cmake --build $(BUILD)-asan -j$(JOBS)
	cd $(BUILD)-asan && ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  ctest --output-on-failure -j$(JOBS) -LE long

fuzz-smoke:
	$(MAKE) fuzz FUZZ_SECONDS=20

check: test test-sanitize fuzz-smoke

demo: build
	@echo "== winnow --algo bte adapters/cli/sample.html"
	@./$(BUILD)/winnow --algo bte adapters/cli/sample.html

corpus: $(CORPUS)/.unpacked

ALGOS ?= all
eval: build corpus
	./$(BUILD)/adapters/eval/winnow-eval --algo $(ALGOS) --threads $(JOBS) --corpus $(abspath $(CORPUS)) \
	  --out-dir $(BUILD)/eval-results

check-formats: build corpus
	python3 adapters/cli/tools/check_formats.py --winnow $(BUILD)/winnow --reader $(BUILD)/winnow-reader $(CORPUS)

check-metadata: build corpus
	python3 adapters/cli/tools/check_metadata.py --winnow $(BUILD)/winnow $(CORPUS)

# Chunk invariance on real pages (the tests check it on the fixtures): the
# same binary at 1-byte chunks and at its default, every algorithm, --format
# json (blocks, spans, decisions, summary), pages at an even stride.
CHUNK_PAGES ?= 300
check-chunks: build corpus
	CHUNK_NEW=1 bench/compare_outputs.sh $(BUILD)/winnow $(BUILD)/winnow $(CORPUS) $(CHUNK_PAGES)

# Training against the extractor on real pages (the tests check it on the
# fixtures): the shipped model over train_blocks' features gives every block
# of every corpus page, to the bit, the score the default extractor reports.
check-training: build corpus
	WINNOW_PARITY_CORPUS=$(abspath $(CORPUS)) ./$(BUILD)/tests/adapter_tests \
	  --gtest_filter='PageBlocks.Corpus*'

$(CORPUS)/.unpacked:
	@if [ ! -x "$(SHARED)/corpus/unpack" ]; then \
	  echo "corpus: $(SHARED)/corpus/unpack not found; set SHARED=path/to/shared"; exit 2; fi
	mkdir -p $(CORPUS)
	$(SHARED)/corpus/unpack $(abspath $(CORPUS))
	touch $@

bench: deps
	cmake -S . -B $(BUILD)-bench -DCMAKE_BUILD_TYPE=Release -DWINNOW_TESTS=OFF -DWINNOW_BENCH=ON \
	  -DWINNOW_CORPUS_DIR=$(abspath $(CORPUS)) $(CMAKE_FLAGS)
	cmake --build $(BUILD)-bench -j$(JOBS) --target winnow_bench winnow_memory_probe
	./$(BUILD)-bench/bench/winnow_bench

fuzz: deps
	CC=clang CXX=clang++ cmake -S . -B $(BUILD)-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DWINNOW_TESTS=OFF \
	  -DWINNOW_FUZZ=ON $(CMAKE_FLAGS)
	cmake --build $(BUILD)-fuzz -j$(JOBS)
	@# Pages of the development corpus, when unpacked, seed the harnesses too
	@# (the first 48 KiB of every 10th page): seeded with them, fuzz_capi
	@# found two span bugs in legacy encodings in minutes that the fixtures
	@# had not.
	@if [ -f $(CORPUS)/.unpacked ]; then \
	  rm -rf $(BUILD)-fuzz/corpus-seeds && mkdir -p $(BUILD)-fuzz/corpus-seeds && \
	  find $(CORPUS) -name '*.html' | sort | awk 'NR % 10 == 0' | \
	    while read -r page; do head -c 49152 "$$page" > $(BUILD)-fuzz/corpus-seeds/$$(basename $$(dirname "$$page"))-$$(basename "$$page"); done; \
	  fuzz/run.sh $(BUILD)-fuzz $(FUZZ_SECONDS) $(BUILD)-fuzz/corpus-seeds; \
	else \
	  fuzz/run.sh $(BUILD)-fuzz $(FUZZ_SECONDS); \
	fi

clean:
	rm -rf $(BUILD) $(BUILD)-bench $(BUILD)-fuzz $(BUILD)-asan
