#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The README's examples are these files, verbatim; this test keeps them in
# step and compiles and runs each one against the build tree.
set -euo pipefail
build=$1
source=$2
here="$source/tests/readme"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0

for file in example.c example.cpp example.sh; do
  if ! python3 - "$source/README.md" "$here/$file" <<'PY'
import sys
readme = open(sys.argv[1], encoding="utf-8").read()
example = open(sys.argv[2], encoding="utf-8").read()
sys.exit(0 if example in readme else 1)
PY
  then echo "FAIL: README.md does not contain tests/readme/$file verbatim"; exit 1; fi
  passed=$((passed + 1))
done

sample="$source/adapters/cli/sample.html"
expect="How a sourdough starter works"
flags=${WINNOW_CONSUMER_FLAGS:-}  # a sanitizer build passes its -fsanitize flags
cc -std=c99 -Wall -Wextra -Werror $flags -I"$source/adapters/capi" "$here/example.c" \
   "$build/adapters/capi/libwinnow.a" $(pkg-config --libs libxml-2.0) -lstdc++ -lm -o "$work/example_c"
# Outputs go to files first: a reader that stops early (head, grep -q) would
# send SIGPIPE to the example, which pipefail would report as a failure.
"$work/example_c" < "$sample" > "$work/c.out" 2> "$work/c.err"
[ "$(head -n 1 "$work/c.out")" = "$expect" ] || { echo "FAIL: C example"; exit 1; }
[ "$(sed -n 2p "$work/c.out")" = "by Mira Lindqvist" ] || { echo "FAIL: C metadata"; exit 1; }
[ "$(sed -n 4p "$work/c.out")" = "$expect" ] || { echo "FAIL: C example's content"; exit 1; }
tail -n 1 "$work/c.out" | grep -q "^-- article page" || { echo "FAIL: C verdict"; exit 1; }
grep -q "^\"$expect | Slow Kitchen\": ok; read as UTF-8; peak memory " "$work/c.err" || { echo "FAIL: C title and stats"; cat "$work/c.err"; exit 1; }
passed=$((passed + 1))

c++ -std=c++17 -Wall -Wextra -Werror $flags -I"$source" "$here/example.cpp" \
    "$build/adapters/capi/libwinnow.a" $(pkg-config --libs libxml-2.0) -o "$work/example_cpp"
"$work/example_cpp" "$sample" > "$work/cpp.out" 2> "$work/cpp.err"
[ "$(head -n 1 "$work/cpp.out")" = "# $expect" ] || { echo "FAIL: C++ example"; exit 1; }
grep -q "^content at bytes \[" "$work/cpp.err" || { echo "FAIL: C++ spans"; exit 1; }
passed=$((passed + 1))

cp "$sample" "$work/page.html"
(cd "$work" && PATH="$build:$PATH" bash -e "$here/example.sh" > "$work/cli.out" 2>&1) || { echo "FAIL: CLI example"; cat "$work/cli.out"; exit 1; }
grep -q "^bte " "$work/cli.out" && grep -q '"verdict":"article"' "$work/cli.out" && grep -q '"title":"How a sourdough' "$work/cli.out" && grep -q "^# How a sourdough" "$work/cli.out" \
  || { echo "FAIL: CLI example output"; cat "$work/cli.out"; exit 1; }
passed=$((passed + 1))
echo "$passed passed, 0 failed"
