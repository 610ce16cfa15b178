#!/usr/bin/env bash
# The exe_wrapper of every `meson test` run (tests/meson.build): runs a test
# with a temporary folder of its own (TMPDIR, which GLib's g_dir_make_tmp (),
# Python's tempfile, mktemp and xvfb-run all use) and removes that folder
# when the test ends, whether it passed, failed, aborted on an assertion or
# was stopped by meson's timeout. The tests clean up after themselves too;
# this is what holds when they cannot (a C test that aborts runs no cleanup:
# 44 cuocc-table-* folders were once left after failed runs).
#   own-tmpdir.sh PROGRAM [ARGUMENT...]
set -u
parent=${TMPDIR:-/tmp}
dir=$(mktemp -d "$parent/cuocc-test-XXXXXXXX") || exit 99
trap 'rm -rf "$dir"' EXIT
# meson stops a test that runs past its timeout with SIGTERM (to the whole
# process group), then SIGKILL: end at the first, so that the folder goes.
trap 'exit 143' TERM
trap 'exit 130' INT
export TMPDIR=$dir
"$@"
