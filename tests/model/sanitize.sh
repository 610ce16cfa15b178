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
       -DCUOCC_COMPILATION -I"$out" -I"$src/src/lib" -I"$src/src/lib/import" $(pkg-config --cflags glib-2.0 json-glib-1.0 libelf))
libs=($(pkg-config --libs glib-2.0 json-glib-1.0 libelf libzstd liblz4) -liberty -lm -ldl)
lib_sources=("$src"/src/lib/cuocc-*.c "$src"/src/lib/import/cuocc-*.c)

oracle=()
if [ -n "$occ_dir" ]; then
  oracle=(-DHAVE_CUDA_OCCUPANCY_H -isystem "$occ_dir")
fi

# Every model test but the oracle, which needs the header's flags.
tests=()
for t in "$src"/tests/model/test-*.c; do
  name=$(basename "$t" .c)
  [ "$name" = test-oracle ] || tests+=("$name")
done
# The library once, then each test against it.
rm -rf "$out/lib"
mkdir -p "$out/lib"
(cd "$out/lib" && gcc "${flags[@]}" -c "${lib_sources[@]}")
ar rcs "$out/libcuocc-sanitize.a" "$out"/lib/*.o
for name in "${tests[@]}"; do
  gcc "${flags[@]}" "$src/tests/model/$name.c" "$out/libcuocc-sanitize.a" -o "$out/$name" "${libs[@]}"
done
gcc "${flags[@]}" "${oracle[@]}" "$src/tests/model/test-oracle.c" "$out/libcuocc-sanitize.a" -o "$out/test-oracle" "${libs[@]}"

export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
for name in "${tests[@]}" test-oracle; do
  G_TEST_SRCDIR="$src/tests" "$out/$name" > "$out/$name.log"
done
echo "sanitizers: ${tests[*]} test-oracle clean"
