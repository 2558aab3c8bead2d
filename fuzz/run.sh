#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Runs every libFuzzer harness for SECONDS seconds each, one after the other.
#   fuzz/run.sh BUILD_DIR SECONDS [SEED_DIR]
# BUILD_DIR is a tree configured with CC=clang CXX=clang++ -DWINNOW_FUZZ=ON and
# built (`make fuzz` does all of it). Seeds: tests/fixtures and SEED_DIR if
# given (read, never written; `make fuzz` passes a sample of the development
# corpus's pages when it is unpacked); the corpus each harness grows is kept in BUILD_DIR/fuzz-corpus/NAME,
# logs in BUILD_DIR/fuzz-logs/NAME.log, crashing inputs in
# BUILD_DIR/fuzz-artifacts/NAME-crash-* (and -leak-, -timeout-, -oom-).
# Exits non-zero if any harness found anything or is missing.
#
# Reproduce a finding:  BUILD_DIR/fuzz/NAME BUILD_DIR/fuzz-artifacts/NAME-crash-...
set -u

if [ $# -ne 2 ] && [ $# -ne 3 ]; then
  echo "usage: $0 BUILD_DIR SECONDS [SEED_DIR]" >&2
  exit 2
fi
build=$1
seconds=$2
extra_seeds=()
if [ $# -eq 3 ]; then
  [ -d "$3" ] || { echo "$0: $3 is not a folder" >&2; exit 2; }
  extra_seeds=("$3")
fi
case $seconds in
  '' | *[!0-9]*) echo "$0: SECONDS must be a whole number" >&2; exit 2 ;;
esac
root=$(cd "$(dirname "$0")/.." && pwd)
seeds=$root/tests/fixtures
dict=$root/fuzz/html.dict
artifacts=$build/fuzz-artifacts
mkdir -p "$artifacts" "$build/fuzz-corpus" "$build/fuzz-logs"

# name  max_len  dictionary
harnesses="
fuzz_pipeline   65536 $dict
fuzz_algorithms 65536 $dict
fuzz_chunking   65536 $dict
fuzz_capi       65536 $dict
fuzz_lcs        4096  -
fuzz_json_ld    8192  $dict
fuzz_reader     65536 $dict
"

export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

failed=0
while read -r name max_len dictionary; do
  [ -n "$name" ] || continue
  exe=$build/fuzz/$name
  if [ ! -x "$exe" ]; then
    echo "$name: not built ($exe missing)" >&2
    failed=1
    continue
  fi
  corpus=$build/fuzz-corpus/$name
  log=$build/fuzz-logs/$name.log
  mkdir -p "$corpus"
  dict_flag=()
  [ "$dictionary" != "-" ] && dict_flag=(-dict="$dictionary")
  before=$(ls "$artifacts" | grep -c "^$name-" || true)
  start=$(date +%s)
  "$exe" -max_total_time="$seconds" -max_len="$max_len" -timeout=25 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$artifacts/$name-" "${dict_flag[@]}" \
    "$corpus" "$seeds" "${extra_seeds[@]}" >"$log" 2>&1
  rc=$?
  after=$(ls "$artifacts" | grep -c "^$name-" || true)
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1)
  echo "$name: rc $rc, ${runs:-?} runs, ${speed:-?} exec/s, ${cov:-cov: ?}, $(( $(date +%s) - start )) s"
  if [ "$rc" -ne 0 ] || [ "$after" -gt "$before" ]; then
    failed=1
    echo "$name: FAILED; log $log" >&2
    grep -E -A2 'invariant broken|ERROR: AddressSanitizer|ERROR: LeakSanitizer|runtime error|ERROR: libFuzzer: (timeout|out-of-memory)' "$log" |
      grep -v '^ *#' | head -8 >&2
    ls -t "$artifacts" | grep "^$name-" | head -3 | sed "s|^|  reproduce: $exe $artifacts/|" >&2
  fi
done <<<"$harnesses"

exit $failed
