#!/usr/bin/env bash
# Builds the libFuzzer targets with clang and runs each on a copy of its seed
# corpus. Not part of the normal test suite, which replays the seed corpus
# through the readers (tests/import, test-import-corpus) and through the
# device, session and batch targets themselves (tests/fuzz, replay.c).
#
#   tests/fuzz/run-fuzzers.sh [SECONDS] [TARGET...]
#
# SECONDS: how long each target runs (default 600). TARGETs: ptxas cuobjdump
# ncu demangle device session batch cubin fatbin triton ptx ptxas-cache lz4-sparse (default all), run two at a time
# (FUZZ_JOBS=1: one at a time). New inputs go to
# $FUZZ_DIR/work/<target>; crashes to $FUZZ_DIR/artifacts/<target>.
# Needs clang and libclang-rt-dev (Debian: apt-get install clang libclang-rt-14-dev).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
seconds=${1:-600}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(ptxas cuobjdump ncu demangle device session batch cubin fatbin triton ptx ptxas-cache lz4-sparse)
out=${FUZZ_DIR:-$root/_build-fuzz}
jobs=${FUZZ_JOBS:-2}
mkdir -p "$out"

printf '#define GETTEXT_PACKAGE "cuocc"\n#define PACKAGE_VERSION "fuzz"\n#define LOCALEDIR "/usr/share/locale"\n' > "$out/config.h"
cc=${CC:-clang}
flags=(-g -O1 -fno-omit-frame-pointer -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
       -DCUOCC_COMPILATION -I"$out" -I"$root/src/lib" -I"$root/src/lib/import" $(pkg-config --cflags glib-2.0 gio-2.0 json-glib-1.0 libelf))
libs=($(pkg-config --libs glib-2.0 gio-2.0 json-glib-1.0 libelf libzstd liblz4) -liberty -lm -ldl)
lib_sources=("$root"/src/lib/cuocc-*.c "$root"/src/lib/import/cuocc-*.c)

# Only the binaries the targets asked for are built.
needs () {
  local t
  for t in "${targets[@]}"; do
    case "$1:$t" in
      import:ptxas|import:cuobjdump|import:ncu|import:cubin|import:fatbin|import:ptx|ptxas-cache:ptxas-cache|demangle:demangle|device:device|\
      session:session|batch:batch|triton:triton|lz4-sparse:lz4-sparse) return 0 ;;
    esac
  done
  return 1
}
all_lib=("$root"/src/lib/cuocc-*.c "$root"/src/lib/import/cuocc-*.c)
if needs import; then
  "$cc" "${flags[@]}" "$here/fuzz-import.c" "${lib_sources[@]}" -o "$out/fuzz-import" "${libs[@]}"
fi
if needs ptxas-cache; then
  "$cc" "${flags[@]}" "$here/fuzz-ptxas-cache.c" "${lib_sources[@]}" -o "$out/fuzz-ptxas-cache" "${libs[@]}"
fi
if needs demangle; then
  "$cc" "${flags[@]}" "$here/fuzz-demangle.c" "${lib_sources[@]}" -o "$out/fuzz-demangle" "${libs[@]}"
fi
# The device-file, session and batch readers, with the whole library behind them.
if needs device; then
  "$cc" "${flags[@]}" "$here/fuzz-device.c" "${all_lib[@]}" -o "$out/fuzz-device" "${libs[@]}" -ldl
fi
if needs session; then
  "$cc" "${flags[@]}" -I"$root/src/app" "$here/fuzz-session.c" "$root/src/app/cuocc-session.c" "${all_lib[@]}" \
    -o "$out/fuzz-session" "${libs[@]}" -ldl
fi
if needs batch; then
  "$cc" "${flags[@]}" -I"$root/src/cli" "$here/fuzz-batch.c" "$root"/src/cli/cuocc-cli-{batch,input,table,writer}.c \
    "${all_lib[@]}" -o "$out/fuzz-batch" "${libs[@]}" -ldl
fi
if needs lz4-sparse; then
  "$cc" "${flags[@]}" "$here/fuzz-lz4-sparse.c" "${lib_sources[@]}" -o "$out/fuzz-lz4-sparse" "${libs[@]}"
fi
if needs triton; then
  "$cc" "${flags[@]}" "$here/fuzz-triton.c" "${all_lib[@]}" -o "$out/fuzz-triton" "${libs[@]}"
fi

run_one () {
  local target=$1 binary=fuzz-import
  case "$target" in
    demangle|device|session|batch|triton|ptxas-cache|lz4-sparse) binary=fuzz-$target ;;
  esac
  mkdir -p "$out/work/$target" "$out/artifacts/$target"
  cp -n "$here/corpus/$target"/* "$out/work/$target/" 2>/dev/null || true
  local dict=()
  [ -f "$here/$target.dict" ] && dict=(-dict="$here/$target.dict")
  echo "fuzz-$target: running for ${seconds}s" >&2
  local rc=0
  "$out/$binary" "$out/work/$target" "${dict[@]}" -max_total_time="$seconds" -max_len=65536 -timeout=10 \
    -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$out/artifacts/$target/" \
    > "$out/$target.log" 2>&1 || rc=$?
  echo "fuzz-$target: exit $rc, $(grep -h 'stat::number_of_executed_units' "$out/$target.log" || true)" >&2
  return $rc
}

status=0
running=0
for t in "${targets[@]}"; do
  run_one "$t" &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then
    wait -n || status=1
    running=$((running - 1))
  fi
done
while [ "$running" -gt 0 ]; do
  wait -n || status=1
  running=$((running - 1))
done
exit $status
