#!/usr/bin/env bash
# The one entry point of the README's quick start, for a fresh Debian 12 machine:
#   bash build-aux/dev.sh run     install what is missing, build, launch the app
#   bash build-aux/dev.sh test    install what is missing, build, run every test
# It prints, as its last line in test mode, "N passed, N failed[, N skipped]".
set -euo pipefail

mode=${1:-run}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${CUOCC_BUILD_DIR:-$here/_build}

case "$mode" in
  run|test|build) ;;
  *) echo "usage: $0 run|test|build" >&2; exit 2 ;;
esac

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
