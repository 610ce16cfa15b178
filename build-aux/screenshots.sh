#!/bin/bash
# screenshots.sh [BUILD_DIR] [OUT_DIR] — retakes data/screenshots/window-WIDTHxHEIGHT-{light,dark}.png:
# the app as a user starts it (`cuocc-gtk FILE`, a ptxas log of real kernels), under Xvfb at
# 800 × 600, 1024 × 700 and 1920 × 1080, the window's size given through a keyfile settings
# backend in a temporary folder (nothing of the user's is read or written), dark through
# libadwaita's ADW_DEBUG_COLOR_SCHEME; the pointer moved to the window's bottom edge (xdotool), where
# it shows no tooltip; `import -window root` (ImageMagick) takes the screen.
# Look at every PNG it writes before committing them.
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
build=$(realpath "${1:-$root/_build}")
out=$(realpath "${2:-$root/data/screenshots}")
file="$root/tests/import/data/ptxas-maxrreg32-sm80.log"
wait_s=${CUOCC_SCREENSHOT_WAIT:-8}

for size in 800x600 1024x700 1920x1080; do
  width=${size%x*}
  height=${size#*x}
  for scheme in light dark; do
    config=$(mktemp -d)
    mkdir -p "$config/glib-2.0/settings"
    cat > "$config/glib-2.0/settings/keyfile" <<KEYFILE
[io/github/cuocc/Calculator]
window-width=$width
window-height=$height
gpu='NVIDIA A100 SXM4'
KEYFILE
    color=default
    [ "$scheme" = dark ] && color=prefer-dark
    env XDG_CONFIG_HOME="$config" XDG_DATA_HOME="$config" GSETTINGS_BACKEND=keyfile \
        GSETTINGS_SCHEMA_DIR="$build/data" ADW_DEBUG_COLOR_SCHEME=$color GDK_BACKEND=x11 NO_AT_BRIDGE=1 \
      xvfb-run -a -s "-screen 0 ${width}x${height}x24" \
        sh -c '"$1" "$2" & app=$!; sleep "$3"; xdotool mousemove "$5" "$6"; sleep 1; import -window root "$4";
               kill $app; wait $app || true' \
        sh "$build/src/app/cuocc-gtk" "$file" "$wait_s" "$out/window-$size-$scheme.png" $((width / 2)) $((height - 2))
    rm -rf "$config"
    echo "$out/window-$size-$scheme.png"
  done
done
