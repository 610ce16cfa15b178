#!/usr/bin/env bash
# Runs build-aux/flatpak-ci.sh where CUOCC_FLATPAK_CI=1, and skips otherwise.
#   check-flatpak.sh SOURCE-ROOT
set -uo pipefail
if [ "${CUOCC_FLATPAK_CI:-0}" != 1 ]; then
  echo "Skipped: set CUOCC_FLATPAK_CI=1 to build and run the Flatpak."
  exit 77
fi
# The test environment makes GLib warnings fatal and checks malloc; that is for
# our binaries, not for flatpak and flatpak-builder.
unset G_DEBUG MALLOC_CHECK_ MALLOC_PERTURB_ GSETTINGS_BACKEND GDK_DEBUG GTK_A11Y
out=${CUOCC_BUILD_ROOT:-${TMPDIR:-/tmp}}/flatpak-ci
rm -rf "$out"
exec bash "$1/build-aux/flatpak-ci.sh" "$out"
