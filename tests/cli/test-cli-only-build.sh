#!/usr/bin/env bash
# The CLI-only build a CI server makes (meson setup -Dgui=disabled), on a
# machine where GTK 4 and libadwaita cannot be found: pkg-config is given a
# view of this machine's .pc files without gtk4 and libadwaita-1. The build
# is configured and built in a temporary folder; nothing in it may link GTK
# or libadwaita, cuocc must run, and the command line's tests must pass there.
# build-aux/install-deps.sh --cli must name every package the build found.
#   test-cli-only-build.sh SOURCE-ROOT MESON
set -uo pipefail
src=$1
meson=$2

echo "1..8"
if [ -n "${CUOCC_CLI_ONLY_BUILD:-}" ]; then
  for i in 1 2 3 4 5 6 7 8; do echo "ok $i # SKIP inside the CLI-only build this test makes"; done
  exit 0
fi
export CUOCC_CLI_ONLY_BUILD=1
if [ -n "${CUOCC_SANITIZED:-}" ]; then
  # A nested build adds nothing under the sanitizers or memcheck, only time.
  for i in 1 2 3 4 5 6 7 8; do echo "ok $i # SKIP a second build is not checked under the sanitizers"; done
  exit 0
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/cuocc-cli-only.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
failed=0
result() {  # result N CONDITION-STATUS DESCRIPTION [LOG]
  if [ "$2" -eq 0 ]; then
    echo "ok $1 $3"
  else
    echo "not ok $1 $3"
    [ -n "${4:-}" ] && [ -f "$4" ] && tail -n 30 "$4" | sed 's/^/# /'
    failed=1
  fi
}

# pkg-config's view: every .pc file of this machine but GTK 4's and libadwaita's.
mkdir "$tmp/pc"
IFS=: read -r -a pc_dirs <<<"$(pkg-config --variable pc_path pkg-config)"
for d in "${pc_dirs[@]}"; do
  [ -d "$d" ] || continue
  for f in "$d"/*.pc; do
    case "$(basename "$f")" in
      gtk4*.pc | libadwaita*.pc) ;;
      *) [ -e "$tmp/pc/$(basename "$f")" ] || ln -s "$f" "$tmp/pc/" ;;
    esac
  done
done
export PKG_CONFIG_LIBDIR=$tmp/pc PKG_CONFIG_PATH=

# 1: GTK 4 and libadwaita are out of sight, and the default (gui=auto) build
# leaves the app out by itself.
status=0
if pkg-config --exists gtk4 || pkg-config --exists libadwaita-1; then status=1; fi
"$meson" setup "$tmp/auto" "$src" >"$tmp/auto.log" 2>&1 || status=1
grep -Eq '^ *GUI *: *(NO|False|false)' "$tmp/auto.log" || status=1
result 1 $status "without GTK 4 and libadwaita the default build configures without the app" "$tmp/auto.log"
rm -rf "$tmp/auto"

# 2: -Dgui=disabled configures, and meson's introspection shows neither library nor the app.
status=0
"$meson" setup "$tmp/build" "$src" -Dgui=disabled >"$tmp/setup.log" 2>&1 || status=1
if [ $status -eq 0 ]; then
  "$meson" introspect --dependencies "$tmp/build" >"$tmp/deps.json" &&
    "$meson" introspect --targets "$tmp/build" >"$tmp/targets.json" || status=1
  python3 - "$tmp/deps.json" "$tmp/targets.json" <<'PY' >>"$tmp/setup.log" 2>&1 || status=1
import json, sys
deps = {d["name"] for d in json.load(open(sys.argv[1]))}
targets = {t["name"] for t in json.load(open(sys.argv[2]))}
bad = sorted(d for d in deps if d.startswith(("gtk", "libadwaita")))
print("dependencies:", sorted(deps))
if bad or "cuocc-gtk" in targets or "cuocc" not in targets:
    sys.exit("GTK in the CLI-only build: %s; targets: %s" % (bad, sorted(targets)))
PY
fi
result 2 $status "meson setup -Dgui=disabled: no gtk4, no libadwaita-1, no cuocc-gtk target" "$tmp/setup.log"

# 3: it builds.
status=0
nice "$meson" compile -C "$tmp/build" >"$tmp/compile.log" 2>&1 || status=1
result 3 $status "meson compile of the CLI-only build" "$tmp/compile.log"

# 4: nothing it built links GTK or libadwaita, directly or through a dependency.
status=0
cli=$tmp/build/src/cli/cuocc
lib=$(ls "$tmp"/build/src/lib/libcuocc.so.*.* 2>/dev/null | head -1)
for f in "$cli" "$lib"; do
  if [ ! -f "$f" ]; then echo "missing: $f" >>"$tmp/link.log"; status=1; continue; fi
  { echo "== $f"; readelf -d "$f" | grep NEEDED; ldd "$f"; } >>"$tmp/link.log" 2>&1
  if readelf -d "$f" | grep NEEDED | grep -Eqi 'gtk|adwaita|libgdk' ||
     ldd "$f" | grep -Eqi 'libgtk|libadwaita|libgdk'; then
    echo "links GTK: $f" >>"$tmp/link.log"; status=1
  fi
done
result 4 $status "readelf -d and ldd: neither cuocc nor libcuocc.so links GTK or libadwaita" "$tmp/link.log"

# 5: cuocc runs. CC 8.0, 256 threads (8 warps), 32 registers (1024 a warp):
# 64 / 8 = 8 blocks by warps and by registers, 64 warps, 100 %.
status=0
out=$("$cli" --cc 8.0 --threads 256 --regs 32 --format csv 2>&1) || status=1
row=$(printf '%s\n' "$out" | sed -n 2p | cut -d, -f9-12)
[ "$row" = "8,64,2048,100" ] || status=1
echo "$out" >"$tmp/run.log"
result 5 $status "cuocc runs: --cc 8.0 --threads 256 gives 8 blocks, 64 warps, 100 % ($row)" "$tmp/run.log"

# 6: the command line's tests pass in it (the cli suite and --import's).
status=0
"$meson" test -C "$tmp/build" --suite cli --num-processes 1 >"$tmp/test.log" 2>&1 || status=1
"$meson" test -C "$tmp/build" test-import-cli --num-processes 1 >>"$tmp/test.log" 2>&1 || status=1
result 6 $status "meson test --suite cli and test-import-cli pass in the CLI-only build" "$tmp/test.log"

# 7: install-deps.sh --cli names the package of every pkg-config dependency
# the build found, and neither GTK 4 nor libadwaita.
status=0
mapfile -t wanted < <(bash "$src/build-aux/install-deps.sh" --cli --print)
for p in "${wanted[@]}"; do
  case "$p" in libgtk* | libadwaita* | xvfb) echo "--cli installs $p" >>"$tmp/deps.log"; status=1 ;; esac
done
if command -v dpkg >/dev/null; then
  for name in $(python3 -c 'import json,sys; print(" ".join(d["name"] for d in json.load(open(sys.argv[1]))))' \
                "$tmp/deps.json"); do
    pc=$(pkg-config --path "$name" 2>/dev/null) || continue
    pkg=$(dpkg -S "$(readlink -f "$pc")" 2>/dev/null | head -1 | cut -d: -f1)
    [ -n "$pkg" ] || pkg=$(dpkg -S "$pc" 2>/dev/null | head -1 | cut -d: -f1)
    echo "$name: $pc ($pkg)" >>"$tmp/deps.log"
    if [ -n "$pkg" ] && ! printf '%s\n' "${wanted[@]}" | grep -qx "$pkg"; then
      echo "install-deps.sh --cli lacks $pkg, which holds $name" >>"$tmp/deps.log"; status=1
    fi
  done
fi
result 7 $status "install-deps.sh --cli installs what the build needs and no GTK" "$tmp/deps.log"

# 8: it installs (into a staging folder) the command, its man page and its
# completion, and nothing of the app; the installed cuocc runs.
status=0
"$meson" install -C "$tmp/build" --no-rebuild --destdir "$tmp/dest" >"$tmp/install.log" 2>&1 || status=1
installed=$(find "$tmp/dest" -path '*/bin/cuocc' -type f | head -1)
{ [ -n "$installed" ] && "$installed" --version; } >>"$tmp/install.log" 2>&1 || status=1
find "$tmp/dest" -name 'cuocc.1' | grep -q . || status=1
find "$tmp/dest" -path '*/bash-completion/completions/cuocc' | grep -q . || status=1
if find "$tmp/dest" -name 'cuocc-gtk' -o -name '*.desktop' -o -name '*.gschema.xml' | grep -q .; then status=1; fi
result 8 $status "meson install: cuocc, its man page and completion, nothing of the app" "$tmp/install.log"
exit $failed
