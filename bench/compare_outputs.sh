#!/bin/bash
# SPDX-License-Identifier: MIT
# Shows that a change leaves extraction byte-identical on real pages: runs two
# builds of the winnow CLI over the same sample of corpus pages with every
# algorithm, --format json (blocks, spans and the summary line), and diffs the
# outputs. For performance work, where the output must not move at all.
#
# usage: bench/compare_outputs.sh OLD_WINNOW NEW_WINNOW CORPUS_DIR [PAGES]
#   PAGES   pages sampled at an even stride over the sorted file list (default 300)
#   ALGOS   algorithms to run (default: every one NEW_WINNOW lists)
#   CHUNK   --chunk-size for both runs (default: the CLI's); output must not depend on it
#   CHUNK_OLD, CHUNK_NEW  --chunk-size for one run only (default: CHUNK); with the same
#           binary twice this checks chunk invariance: `make check-chunks`. When the two
#           differ, a summary line whose status is budget_exceeded is compared without its
#           bytes_in and peak_memory: how much the caller had handed over, and held, when
#           told to stop depends on its chunks (README, "How it works"); all else must match
#   OUT     directory for the outputs (default: a temporary one, removed when identical)
# Exit status: 0 identical, 1 different (OUT is kept, the diff is printed), 2 usage.
set -u
if [ $# -lt 3 ]; then
  sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'
  exit 2
fi
old=$1 new=$2 corpus=$3 pages=${4:-300}
algos=${ALGOS:-$("$new" --list-algos | awk '{print $1}')}
chunk_old=() chunk_new=()
[ -n "${CHUNK_OLD:-${CHUNK:-}}" ] && chunk_old=(--chunk-size "${CHUNK_OLD:-$CHUNK}")
[ -n "${CHUNK_NEW:-${CHUNK:-}}" ] && chunk_new=(--chunk-size "${CHUNK_NEW:-$CHUNK}")
out=${OUT:-$(mktemp -d)}
mkdir -p "$out/old" "$out/new"

list=$(cd "$corpus" && find . -name '*.html' | sort)
total=$(printf '%s\n' "$list" | wc -l)
step=$((total / pages))
[ "$step" -lt 1 ] && step=1
printf '%s\n' "$list" | awk -v s="$step" 'NR % s == 0' | head -n "$pages" > "$out/pages"

run() {  # binary, output directory, --chunk-size option or nothing
  local binary=$1 dir=$2
  shift 2
  while read -r page; do
    name=$(printf '%s' "${page#./}" | tr / _)
    for algo in $algos; do
      "$binary" "$@" --algo "$algo" --format json "$corpus/$page" > "$dir/$name.$algo.json" 2>&1
      echo "exit=$?" >> "$dir/$name.$algo.json"
    done
  done < "$out/pages"
}
run "$old" "$out/old" "${chunk_old[@]}"
run "$new" "$out/new" "${chunk_new[@]}"

if [ "${chunk_old[*]}" != "${chunk_new[*]}" ]; then
  find "$out/old" "$out/new" -name '*.json' -exec sed -i \
    '/"status":"budget_exceeded"/ s/"bytes_in":[0-9]*,\(.*\)"peak_memory":[0-9]*/"bytes_in":-,\1"peak_memory":-/' {} +
fi
count=$(ls "$out/new" | wc -l)
if diff -r "$out/old" "$out/new"; then
  echo "identical: $(wc -l < "$out/pages") pages x $(echo $algos | wc -w) algorithms ($count outputs)"
  [ -z "${OUT:-}" ] && rm -rf "$out"
  exit 0
fi
echo "DIFFERENT: see $out"
exit 1
