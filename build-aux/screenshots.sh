#!/bin/bash
# screenshots.sh [BUILD_DIR] [OUT_DIR] [window|main|kernels-binary...] — retakes the screenshots in
# data/screenshots (all, or those named):
# - window-WIDTHxHEIGHT-{light,dark}.png: the app as a user starts it (`cuocc-gtk FILE`, a ptxas
#   log of real kernels) at 800 × 600, 1024 × 700 and 1920 × 1080;
# - main.png (and main-dark.png), which AppStream and the README show first: the calculator on an
#   RTX 4090 at 1400 × 860, the results beside the graphs;
# - kernels-binary.png (and kernels-binary-dark.png), which AppStream and the README show: a shared
#   library of real kernels (data/screenshots/showcase.cu, built here with nvcc for sm_80, sm_89 and
#   sm_90: $NVCC, else nvcc in PATH or /usr/local/cuda/bin; or $CUOCC_SCREENSHOT_LIBRARY, built
#   before) opened on an RTX 4090, the kernels
#   table widened to show its figures, the summary opened and a kernel chosen.
# Each under Xvfb at its size, the settings given through a keyfile settings backend in a temporary
# folder (nothing of the user's is read or written), dark through libadwaita's
# ADW_DEBUG_COLOR_SCHEME; clicks by xdotool, at places worked out from the window's layout at that
# size (look at the pictures: a layout change moves them); the pointer then moved to the window's
# bottom edge, where it shows no tooltip; `import -window root` (ImageMagick) takes the screen.
# Look at every PNG it writes before committing them.
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
build=$(realpath "${1:-$root/_build}")
out=$(realpath "${2:-$root/data/screenshots}")
log="$root/tests/import/data/ptxas-maxrreg32-sm80.log"
wait_s=${CUOCC_SCREENSHOT_WAIT:-8}
shift $(($# < 2 ? $# : 2))
which=" ${*:-window main kernels-binary} "

# shoot PNG WIDTH HEIGHT SCHEME FILE SETTINGS [X,Y...]: cuocc-gtk FILE (none if empty) at
# WIDTH × HEIGHT with the SETTINGS lines in its keyfile, each X,Y clicked in turn, the screen taken.
shoot () {
  local png=$1 width=$2 height=$3 scheme=$4 file=$5 settings=$6
  shift 6
  local config color=default
  config=$(mktemp -d)
  mkdir -p "$config/glib-2.0/settings"
  printf '[io/github/cuocc/Calculator]\nwindow-width=%s\nwindow-height=%s\n%s\n' \
    "$width" "$height" "$settings" > "$config/glib-2.0/settings/keyfile"
  [ "$scheme" = dark ] && color=prefer-dark
  env XDG_CONFIG_HOME="$config" XDG_DATA_HOME="$config" GSETTINGS_BACKEND=keyfile \
      GSETTINGS_SCHEMA_DIR="$build/data" ADW_DEBUG_COLOR_SCHEME=$color GDK_BACKEND=x11 NO_AT_BRIDGE=1 \
    xvfb-run -a -s "-screen 0 ${width}x${height}x24" \
      sh -c 'app_bin=$1 file=$2 wait_s=$3 png=$4 x=$5 y=$6; shift 6
             if [ -n "$file" ]; then "$app_bin" "$file" & else "$app_bin" & fi; app=$!
             sleep "$wait_s"
             for click in "$@"; do xdotool mousemove "${click%,*}" "${click#*,}" click 1; sleep 2; done
             xdotool mousemove "$x" "$y"; sleep 1; import -window root "$png"
             kill $app; wait $app || true' \
      sh "$build/src/app/cuocc-gtk" "$file" "$wait_s" "$png" $((width / 2)) $((height - 2)) "$@"
  rm -rf "$config"
  echo "$png"
}

for size in 800x600 1024x700 1920x1080; do
  [[ "$which" == *" window "* ]] || break
  for scheme in light dark; do
    shoot "$out/window-$size-$scheme.png" "${size%x*}" "${size#*x}" "$scheme" "$log" "gpu='NVIDIA A100 SXM4'"
  done
done

library=${CUOCC_SCREENSHOT_LIBRARY:-}
if [[ "$which" == *" kernels-binary "* && -z "$library" ]]; then
  nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
  built=$(mktemp -d)
  trap 'rm -rf "$built"' EXIT
  library="$built/libshowcase.so"
  "$nvcc" -shared -Xcompiler -fPIC -gencode arch=compute_80,code=sm_80 -gencode arch=compute_89,code=sm_89 \
    -gencode arch=compute_90,code=sm_90 -o "$library" "$root/data/screenshots/showcase.cu"
fi

for scheme in light dark; do
  suffix=
  [ "$scheme" = dark ] && suffix=-dark
  [[ "$which" == *" main "* ]] &&
  shoot "$out/main$suffix.png" 1400 860 "$scheme" "" \
    "$(printf "gpu='NVIDIA GeForce RTX 4090'\nregisters=72\nshared-memory=8192")"
  # The summary's expander, then the table's first row once the summary is open (it
  # takes at most 260 px): stencil2d<64, 4>, limited by its 20 KiB of shared memory.
  [[ "$which" == *" kernels-binary "* ]] &&
  shoot "$out/kernels-binary$suffix.png" 1920 1080 "$scheme" "$library" \
    "$(printf "gpu='NVIDIA GeForce RTX 4090'\nkernels-width=600")" \
    "${CUOCC_SCREENSHOT_SUMMARY:-104,226}" "${CUOCC_SCREENSHOT_ROW:-80,560}"
done
