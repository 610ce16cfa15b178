#!/usr/bin/env bash
# The exe_wrapper of `meson test --setup valgrind`: memcheck on the test
# programs themselves, not on the programs that start them. A C test runs
# under valgrind directly; for xvfb-run, valgrind goes between xvfb-run and
# the widget test; Python and shell harnesses run as they are, with
# CUOCC_TEST_WRAPPER telling them to start cuocc under valgrind.
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# --child-silent-after-fork: a child forked by GLib's spawning code (GTK
# tries to start dbus-launch, which is absent) reports the parent's heap as
# its own leaks when its exec fails; that child runs none of cuocc's code.
# Only definite leaks are errors, so only those are shown.
vg=("$(command -v valgrind)" --quiet --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite
    --show-leak-kinds=definite --child-silent-after-fork=yes --suppressions="$here/valgrind.supp")

prog=$1
shift
case "$(basename "$prog")" in
  xvfb-run)
    args=("$prog")
    while [ $# -gt 0 ]; do
      case "$1" in
        -a|--auto-servernum) args+=("$1"); shift ;;
        -s|--server-args|-n|--server-num|-f|--auth-file|-e|--error-file) args+=("$1" "$2"); shift 2 ;;
        *) break ;;
      esac
    done
    exec "${args[@]}" "${vg[@]}" "$@"
    ;;
  python3*|bash|sh|*.py|*.sh)
    export CUOCC_TEST_WRAPPER="${vg[*]}"
    exec "$prog" "$@"
    ;;
  *)
    exec "${vg[@]}" "$prog" "$@"
    ;;
esac
