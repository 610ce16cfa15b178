#!/usr/bin/env bash
# Start-up benchmark: cuocc-gtk's first frame and memory beside an empty
# libadwaita window's, alternating, in the same X server. Prints medians and
# the ratios. Usage: bench-startup.sh BENCH_STARTUP_APP EMPTY_WINDOW [ROUNDS]
# (bench-startup-app is cuocc-gtk's start with the timing added; each
# program prints "first frame: MS ms, VmRSS: KIB KiB" and quits)
set -euo pipefail
app=$1
empty=$2
rounds=${3:-7}
export NO_AT_BRIDGE=1

run() { "$1" 2>/dev/null | sed -n 's/^first frame: \([0-9.]*\) ms, VmRSS: \([0-9]*\) KiB$/\1 \2/p' | tail -1; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/cuocc-bench-XXXXXX")
trap 'rm -rf "$tmp"' EXIT
: > "$tmp/app"
: > "$tmp/empty"
for _ in $(seq "$rounds"); do
  run "$empty" >> "$tmp/empty"
  run "$app" >> "$tmp/app"
done

median() { sort -n -k"$2" "$1" | awk -v c="$2" '{v[NR]=$c} END {print v[int((NR+1)/2)]}'; }
app_ms=$(median "$tmp/app" 1); app_kib=$(median "$tmp/app" 2)
empty_ms=$(median "$tmp/empty" 1); empty_kib=$(median "$tmp/empty" 2)
echo "# medians of $rounds alternating starts, renderer ${GSK_RENDERER:-default}"
echo "cuocc-gtk:    first frame ${app_ms} ms, VmRSS $((app_kib / 1024)) MiB"
echo "empty window: first frame ${empty_ms} ms, VmRSS $((empty_kib / 1024)) MiB"
awk -v a="$app_ms" -v e="$empty_ms" -v ak="$app_kib" -v ek="$empty_kib" \
  'BEGIN { printf "ratio: time %.2f, memory %.2f (cuocc-gtk / empty window)\n", a / e, ak / ek }'
