#!/usr/bin/env bash
# Builds libcuocc and the model tests with -fsanitize=address,undefined and
# runs them; any report fails the test.
set -euo pipefail
src=$1
out=$2
occ_dir=${3:-}
mkdir -p "$out"
printf '#define PACKAGE_VERSION "sanitize"\n#define GETTEXT_PACKAGE "cuocc"\n#define LOCALEDIR "/nonexistent"\n' > "$out/config.h"

flags=(-O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
       -DCUOCC_COMPILATION -I"$out" -I"$src/src/lib" $(pkg-config --cflags glib-2.0 json-glib-1.0 libelf))
libs=($(pkg-config --libs glib-2.0 json-glib-1.0 libelf libzstd liblz4) -lm -ldl)
lib_sources=("$src"/src/lib/cuocc-*.c)

oracle=()
if [ -n "$occ_dir" ]; then
  oracle=(-DHAVE_CUDA_OCCUPANCY_H -isystem "$occ_dir")
fi

gcc "${flags[@]}" "${lib_sources[@]}" "$src/tests/model/test-model.c" -o "$out/test-model" "${libs[@]}"
gcc "${flags[@]}" "${lib_sources[@]}" "$src/tests/model/test-advice.c" -o "$out/test-advice" "${libs[@]}"
gcc "${flags[@]}" "${lib_sources[@]}" "$src/tests/model/test-gpu.c" -o "$out/test-gpu" "${libs[@]}"
gcc "${flags[@]}" "${lib_sources[@]}" "$src/tests/model/test-clusters.c" -o "$out/test-clusters" "${libs[@]}"
gcc "${flags[@]}" "${lib_sources[@]}" "$src/tests/model/test-table.c" -o "$out/test-table" "${libs[@]}"
gcc "${flags[@]}" "${oracle[@]}" "${lib_sources[@]}" "$src/tests/model/test-oracle.c" -o "$out/test-oracle" "${libs[@]}"

export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
"$out/test-model" > "$out/test-model.log"
"$out/test-advice" > "$out/test-advice.log"
"$out/test-gpu" > "$out/test-gpu.log"
"$out/test-table" > "$out/test-table.log"
G_TEST_SRCDIR="$src/tests" "$out/test-clusters" > "$out/test-clusters.log"
"$out/test-oracle" > "$out/test-oracle.log"
echo "sanitizers: model, advice, cluster and oracle tests clean"
