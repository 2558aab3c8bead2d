#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Installs the build into a scratch prefix, builds the consumer against it
# with pkg-config (shared and static) and with find_package(winnow), runs
# each on the sample page and checks the output.
set -euo pipefail
build=$1
source=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sample="$source/adapters/cli/sample.html"
expect="How a sourdough starter works"
# Extra compile and link flags for the consumers (a sanitizer build passes its
# -fsanitize flags: the installed libraries need the sanitizer runtimes).
flags=${WINNOW_CONSUMER_FLAGS:-}

cmake --install "$build" --prefix "$work/prefix" > "$work/install.log"
libdir=$(dirname "$(find "$work/prefix" -name libwinnow.a | head -n 1)")
export PKG_CONFIG_PATH="$libdir/pkgconfig"
export LD_LIBRARY_PATH="$libdir"

check() {  # name, binary
  local first
  "$2" < "$sample" > "$work/out.txt"  # to a file: head on a pipe could SIGPIPE the writer
  first=$(head -n 1 "$work/out.txt")
  if [ "$first" != "$expect" ]; then echo "FAIL $1: first line '$first'"; exit 1; fi
  echo "ok   $1"
}

cc -std=c99 -Wall -Wextra -Werror $flags "$source/tests/capi/consumer/consumer.c" \
   $(pkg-config --cflags --libs winnow) -o "$work/pc_shared"
check "pkg-config, shared" "$work/pc_shared"
cc -std=c99 -Wall -Wextra -Werror $flags "$source/tests/capi/consumer/consumer.c" \
   $(pkg-config --cflags winnow) "$libdir/libwinnow.a" $(pkg-config --static --libs-only-l winnow | sed 's/-lwinnow//') \
   -o "$work/pc_static"
check "pkg-config, static" "$work/pc_static"
if ldd "$work/pc_static" | grep -q libwinnow; then echo "FAIL static consumer links libwinnow.so"; exit 1; fi

cmake -S "$source/tests/capi/consumer" -B "$work/cmake" -DCMAKE_PREFIX_PATH="$work/prefix" \
  -DCMAKE_C_FLAGS="$flags" -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_EXE_LINKER_FLAGS="$flags" > "$work/cmake.log"
cmake --build "$work/cmake" > "$work/cmake-build.log"
check "find_package, shared" "$work/cmake/consumer_shared"
check "find_package, static" "$work/cmake/consumer_static"
echo "4 passed, 0 failed"
