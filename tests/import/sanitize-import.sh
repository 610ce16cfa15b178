#!/usr/bin/env bash
# Builds libcuocc with the import tests under -fsanitize=address,undefined
# and runs them: the fixtures, the overflow cases and the fuzzers' corpus,
# where undefined behaviour would otherwise pass unnoticed.
#   sanitize-import.sh SOURCE_ROOT OUT_DIR
set -euo pipefail
src=$1
out=$2
mkdir -p "$out"
printf '#define PACKAGE_VERSION "sanitize"\n#define GETTEXT_PACKAGE "cuocc"\n#define LOCALEDIR "/nonexistent"\n' > "$out/config.h"

flags=(-O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
       -DCUOCC_COMPILATION -I"$out" -I"$src/src/lib" -I"$src/src/lib/import" $(pkg-config --cflags glib-2.0 json-glib-1.0 libelf))
libs=($(pkg-config --libs glib-2.0 json-glib-1.0 libelf libzstd liblz4) -liberty -lm -ldl)

(cd "$out" && gcc "${flags[@]}" -c "$src"/src/lib/cuocc-*.c "$src"/src/lib/import/cuocc-*.c)
for t in test-import test-import-corpus test-binary test-triton test-import-select test-import-formats; do
  gcc "${flags[@]}" "$out"/*.o "$src/tests/import/$t.c" -o "$out/$t" "${libs[@]}"
done

export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export G_TEST_SRCDIR="$src/tests"
"$out/test-import" > "$out/test-import.log"
"$out/test-import-corpus" > "$out/test-import-corpus.log"
"$out/test-binary" > "$out/test-binary.log"
"$out/test-triton" > "$out/test-triton.log"
"$out/test-import-select" > "$out/test-import-select.log"
"$out/test-import-formats" > "$out/test-import-formats.log"
echo "sanitizers: import tests and the fuzz corpus clean"
