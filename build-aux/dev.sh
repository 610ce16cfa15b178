#!/usr/bin/env bash
# The one entry point of the README's quick start, for a fresh Debian 12 machine:
#   bash build-aux/dev.sh run     install what is missing, build, launch the app
#   bash build-aux/dev.sh test    install what is missing, build, run every test
#   bash build-aux/dev.sh sanitize  the same in a second build with AddressSanitizer
#                                   and UndefinedBehaviorSanitizer (_build-asan)
# It prints, as its last line in test mode, "N passed, N failed, N skipped, N subtests skipped",
# each skipped check listed above it with its reason.
set -euo pipefail

mode=${1:-run}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${CUOCC_BUILD_DIR:-$here/_build}

case "$mode" in
  run|test|build|sanitize) ;;
  *) echo "usage: $0 run|test|build|sanitize" >&2; exit 2 ;;
esac

if [ "$mode" = sanitize ]; then
  bash "$here/build-aux/install-deps.sh"
  asan=${CUOCC_ASAN_BUILD_DIR:-$here/_build-asan}
  if [ ! -f "$asan/build.ninja" ]; then
    meson setup "$asan" "$here" -Db_sanitize=address,undefined -Db_lundef=false
  fi
  meson compile -C "$asan"
  # Any report fails its test. LeakSanitizer's suppressions name leaks inside
  # third-party libraries only (tests/lsan.supp); GLib's slice allocator is
  # bypassed so that every block is visible to it.
  # The widget tests add fast_unwind_on_malloc=0 (tests/app/meson.build).
  export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:halt_on_error=1:print_summary=1
  export UBSAN_OPTIONS=halt_on_error=1:abort_on_error=1:print_stacktrace=1:print_summary=1
  export LSAN_OPTIONS=suppressions=$here/tests/lsan.supp:print_suppressions=0
  export G_SLICE=always-malloc
  export CUOCC_SANITIZED=1
  status=0
  # The Flatpak build and the model's own sanitizer build add nothing here.
  meson test -C "$asan" --print-errorlogs --num-processes 2 --timeout-multiplier 10 \
    --no-suite flatpak --no-suite sanitize || status=$?
  python3 "$here/build-aux/test-summary.py" "$asan/meson-logs/testlog.json"
  exit $status
fi

bash "$here/build-aux/install-deps.sh"

if [ ! -f "$build/build.ninja" ]; then
  meson setup "$build" "$here"
fi
meson compile -C "$build"

case "$mode" in
  build)
    ;;
  run)
    export GSETTINGS_SCHEMA_DIR="$build/data"
    if [ -z "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
      echo "No display: starting the app under Xvfb (xvfb-run)." >&2
      exec xvfb-run -a "$build/src/app/cuocc-gtk"
    fi
    exec "$build/src/app/cuocc-gtk"
    ;;
  test)
    status=0
    meson test -C "$build" --print-errorlogs --num-processes 2 || status=$?
    python3 "$here/build-aux/test-summary.py" "$build/meson-logs/testlog.json"
    exit $status
    ;;
esac
