#!/usr/bin/env bash
# Builds and runs flatpak/io.github.cuocc.Calculator.json where Flathub cannot be
# reached. It assembles a local stand-in for org.gnome.Platform and org.gnome.Sdk
# from Debian 12 packages (debootstrap, then flatpak build-export), builds the
# same manifest with flatpak-builder with only the runtime ids substituted,
# installs the app, takes a screenshot of it under Xvfb and runs the cuocc CLI
# inside the sandbox.
#
# The runtime and SDK are cached in ${CUOCC_FLATPAK_CACHE:-$XDG_CACHE_HOME/cuocc-flatpak}
# (the test suite passes the user's own cache folder, not its build tree's)
# and reused while the package lists below do not change. Flatpak installs into
# the user installation (FLATPAK_USER_DIR, by default ~/.local/share/flatpak).
#
#   bash build-aux/flatpak-ci.sh [--runtime-only] [OUTPUT_DIR]
#
# OUTPUT_DIR (default: a temporary folder) receives the screenshot and the logs.
# CUOCC_FLATPAK_SOURCE=REF builds that commit rather than the working tree.
# --runtime-only assembles and installs the runtime and SDK and stops.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
app_id=io.github.cuocc.Calculator
manifest=$here/flatpak/$app_id.json
cache=${CUOCC_FLATPAK_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/cuocc-flatpak}
suite=bookworm
# The Debian archive this machine's apt already uses for $suite's main
# component: whatever mirror or proxy the machine is set up with, no address
# of ours. CUOCC_DEBIAN_MIRROR overrides it.
apt_mirror() {
  apt-get indextargets --format '$(REPO_URI) $(RELEASE) $(COMPONENT) $(IDENTIFIER)' 2>/dev/null |
    awk -v suite="$suite" '$2 == suite && $3 == "main" && $4 == "Packages" { sub("/$", "", $1); print $1; exit }'
}
mirror=${CUOCC_DEBIAN_MIRROR:-$(apt_mirror)}
# apt's lists may have been cleared (apt-get clean, a failed update): read
# them again where we may.
if [ -z "$mirror" ] && [ "$(id -u)" = 0 ]; then
  apt-get update -qq >&2 || true
  mirror=$(apt_mirror)
fi
if [ -z "$mirror" ]; then
  echo "flatpak-ci: no Debian $suite archive in this machine's apt sources (run 'apt-get update', or set CUOCC_DEBIAN_MIRROR)" >&2
  exit 2
fi
branch=12
platform_id=io.github.cuocc.LocalPlatform
sdk_id=io.github.cuocc.LocalSdk
remote=cuocc-local

# What the app links and loads at run time, and what renders it under Xvfb.
platform_packages=(
  libglib2.0-0 libgtk-4-1 libgtk-4-common libadwaita-1-0
  libcairo2 libpango-1.0-0 libpangocairo-1.0-0
  libgdk-pixbuf-2.0-0 librsvg2-common shared-mime-info
  adwaita-icon-theme hicolor-icon-theme gsettings-desktop-schemas
  fontconfig fonts-cantarell fonts-dejavu-core
  libelf1 libjson-glib-1.0-0 liblz4-1 libzstd1
  libgl1 libegl1 libgles2 libglx-mesa0 libegl-mesa0 libgl1-mesa-dri
)
# The SDK adds the compiler, the -dev packages and every tool the test suite
# runs (taken from install-deps.sh, so the two lists stay one), and what
# flatpak-builder runs while it finishes a build.
mapfile -t project_packages < <(bash "$here/build-aux/install-deps.sh" --print)
sdk_packages=(
  "${project_packages[@]}"
  libc6-dev make file locales
  appstream-util elfutils debugedit
)

log() { printf '\n==> %s\n' "$*" >&2; }
elapsed() { echo "$(( $(date +%s) - $1 )) s"; }

ensure_host_tools() {
  local need=()
  command -v flatpak >/dev/null || need+=(flatpak)
  command -v flatpak-builder >/dev/null || need+=(flatpak-builder)
  command -v debootstrap >/dev/null || need+=(debootstrap)
  command -v ostree >/dev/null || need+=(ostree)
  command -v bwrap >/dev/null || need+=(bubblewrap)
  command -v jq >/dev/null || need+=(jq)
  command -v xvfb-run >/dev/null || need+=(xvfb xauth)
  command -v import >/dev/null || need+=(imagemagick)
  command -v dbus-run-session >/dev/null || need+=(dbus-bin)
  command -v git >/dev/null || need+=(git)
  # flatpak-builder splits the debug info on the host.
  command -v eu-strip >/dev/null || need+=(elfutils)
  [ ${#need[@]} -eq 0 ] && return
  log "Installing ${need[*]}"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -q
  $sudo apt-get install -y -q --no-install-recommends "${need[@]}"
}

# Runs a command inside a Debian tree, as a chroot would, without leaving mounts behind.
in_root() {
  local root=$1
  shift
  bwrap --bind "$root" / --dev /dev --proc /proc --tmpfs /tmp \
    --ro-bind /etc/resolv.conf /etc/resolv.conf \
    --bind "$cache/debs" /var/cache/apt/archives \
    --setenv DEBIAN_FRONTEND noninteractive --setenv LC_ALL C.UTF-8 \
    --setenv PATH /usr/sbin:/usr/bin:/sbin:/bin \
    "$@"
}

apt_install() {
  local root=$1
  shift
  in_root "$root" apt-get install -y -q --no-install-recommends \
    -o APT::Keep-Downloaded-Packages=true "$@" >>"$cache/assemble.log" 2>&1
}

# Turns a Debian tree into a Flatpak runtime: files/ is its /usr with /etc
# beside it (Flatpak mounts files/etc as the sandbox's /etc).
export_runtime() {
  local root=$1 id=$2 dir=$cache/export
  rm -rf "$dir"
  mkdir -p "$dir"
  mv "$root/usr" "$dir/files"
  cp -a "$root/etc" "$dir/files/etc"
  rm -f "$dir/files/etc/shadow"* "$dir/files/etc/gshadow"* "$dir/files/etc/resolv.conf"
  # The app's libraries live in /app/lib; Flatpak rebuilds ld.so.cache from this.
  cat >"$dir/files/etc/ld.so.conf" <<'EOF'
include /run/flatpak/ld.so.conf.d/app-*.conf
/app/lib
/app/lib64
include /etc/ld.so.conf.d/*.conf
include /run/flatpak/ld.so.conf.d/runtime-*.conf
EOF
  # Flatpak runs ldconfig through PATH, which does not hold /usr/sbin.
  [ -e "$dir/files/bin/ldconfig" ] || ln -s ../sbin/ldconfig "$dir/files/bin/ldconfig"
  cat >"$dir/metadata" <<EOF
[Runtime]
name=$id
runtime=$platform_id/$arch/$branch
sdk=$sdk_id/$arch/$branch
EOF
  flatpak build-export --runtime --no-update-summary --files=files \
    --subject="$id from Debian $suite" "$cache/repo" "$dir" "$branch" >>"$cache/assemble.log" 2>&1
  rm -rf "$dir"
}

assemble_runtime() {
  local start roots=$cache/roots
  start=$(date +%s)
  rm -rf "$roots" "$cache/repo" "$cache/assemble.log"
  mkdir -p "$roots" "$cache/debs/partial" "$cache/debootstrap"
  ostree init --repo="$cache/repo" --mode=archive-z2

  log "debootstrap $suite (minbase)"
  debootstrap --variant=minbase --cache-dir="$cache/debootstrap" "$suite" "$roots/platform" "$mirror" \
    >>"$cache/assemble.log" 2>&1
  in_root "$roots/platform" apt-get update -q >>"$cache/assemble.log" 2>&1

  log "Platform packages"
  apt_install "$roots/platform" "${platform_packages[@]}"
  cp -a "$roots/platform" "$roots/sdk"

  log "SDK packages"
  apt_install "$roots/sdk" "${sdk_packages[@]}"
  # The translation tests run the binaries with LANGUAGE=de under de_DE.UTF-8.
  echo 'de_DE.UTF-8 UTF-8' >>"$roots/sdk/etc/locale.gen"
  in_root "$roots/sdk" locale-gen >>"$cache/assemble.log" 2>&1

  log "Exporting $platform_id and $sdk_id"
  export_runtime "$roots/platform" "$platform_id"
  export_runtime "$roots/sdk" "$sdk_id"
  flatpak build-update-repo "$cache/repo" >>"$cache/assemble.log" 2>&1
  rm -rf "$roots"
  log "Runtime and SDK assembled in $(elapsed "$start")"
}

install_runtime() {
  flatpak --user remote-add --if-not-exists --no-gpg-verify "$remote" "file://$cache/repo"
  # The cache may have moved (CUOCC_FLATPAK_CACHE) since the remote was added.
  flatpak --user remote-modify --url="file://$cache/repo" "$remote"
  flatpak --user install -y --noninteractive --or-update "$remote" \
    "$platform_id//$branch" "$sdk_id//$branch"
}

runtime_stamp() {
  {
    printf '%s\n' "$suite" "$mirror" "${platform_packages[@]}" -- "${sdk_packages[@]}"
    sed -n '/^export_runtime()/,/^}/p' "${BASH_SOURCE[0]}"
  } | sha256sum | cut -d' ' -f1
}

ensure_runtime() {
  local stamp
  # The cache is the user's, shared by every build and clone: one run at a
  # time assembles or installs from it.
  mkdir -p "$cache"
  exec 9>"$cache/lock"
  flock 9
  stamp=$(runtime_stamp)
  if [ "$(cat "$cache/stamp" 2>/dev/null)" = "$stamp" ] && [ -d "$cache/repo/refs" ]; then
    log "Reusing the runtime cached in $cache"
  else
    assemble_runtime
    echo "$stamp" >"$cache/stamp"
  fi
  install_runtime
  flock -u 9
  exec 9>&-
}

# The manifest's sources are "..": copy the tree (tracked and new files, not
# build folders) so that the copy of the manifest sits beside it the same way.
# CUOCC_FLATPAK_SOURCE=REF builds a commit instead (git archive REF).
prepare_sources() {
  local src=$work/src
  mkdir -p "$src"
  if [ -n "${CUOCC_FLATPAK_SOURCE:-}" ]; then
    git -C "$here" archive --format=tar "$CUOCC_FLATPAK_SOURCE" | tar -x -C "$src"
  elif git -C "$here" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git -C "$here" ls-files -z --cached --others --exclude-standard |
      (cd "$here" && xargs -0 cp --parents -a -t "$src" 2>/dev/null || true)
  else
    cp -a "$here/." "$src"
    rm -rf "$src"/_build* "$src/.flatpak-builder"
  fi
  # The runtime ids change, and the modules that build what the Debian SDK
  # already holds (libiberty: libiberty-dev, from install-deps.sh) go, since
  # their sources are downloads this machine cannot make. Nothing else.
  jq --arg runtime "$platform_id" --arg sdk "$sdk_id" --arg version "$branch" \
    '.runtime = $runtime | .sdk = $sdk | ."runtime-version" = $version
     | .modules |= map(select(.name != "libiberty"))' \
    "$manifest" >"$src/flatpak/$app_id.json"
  diff <(jq 'del(.runtime, .sdk, ."runtime-version") | .modules |= map(select(.name != "libiberty"))' "$manifest") \
    <(jq 'del(.runtime, .sdk, ."runtime-version")' "$src/flatpak/$app_id.json")
}

build_app() {
  local start
  start=$(date +%s)
  log "flatpak-builder $app_id"
  flatpak-builder --user --install --force-clean --disable-rofiles-fuse \
    --state-dir="$work/state" --repo="$work/repo" \
    "$work/build" "$work/src/flatpak/$app_id.json" 2>&1 | tee "$out/flatpak-builder.log"
  log "App built and installed in $(elapsed "$start")"
}

check_cli() {
  log "cuocc inside the sandbox"
  flatpak --user run --command=cuocc "$app_id" --help >"$out/cuocc-help.txt"
  flatpak --user run --command=cuocc "$app_id" --cc 7.0 --threads 128 --regs 37 | tee "$out/cuocc.txt"
  if ! grep -Eq '\b75(\.0+)? ?%' "$out/cuocc.txt"; then
    echo "FAIL: cuocc --cc 7.0 --threads 128 --regs 37 does not print 75 % occupancy" >&2
    return 1
  fi
}

# The host's ptxas from inside the sandbox (issue 27): the CLI finds it
# through /run/host (host-os) and gives a PTX file's kernels the figures the
# host's own `ptxas -v` prints. The PTX gets a line of its own first, so that
# no cache file (~/.cache/cuocc is shared with the host) can answer for
# ptxas. Without a toolkit on the host (and always, with host-os taken
# away), the sandbox must say that it found no ptxas; the comparison is then
# skipped with its reason.
check_ptxas() {
  log "the host's ptxas from the sandbox"
  local host_ptxas ptx=$work/check.ptx
  host_ptxas=$(command -v ptxas || true)
  if [ -z "$host_ptxas" ] && [ -x /usr/local/cuda/bin/ptxas ]; then
    host_ptxas=/usr/local/cuda/bin/ptxas
  fi
  { cat "$here/tests/import/data/kernels-compute80.ptx"; echo "// flatpak-ci $$ $(date +%s%N)"; } >"$ptx"
  flatpak --user run --command=cuocc "$app_id" --import - --cc 9.0 --assemble-ptx --format csv \
    <"$ptx" >"$out/ptxas-sandbox.csv" 2>"$out/ptxas-sandbox.err" || true
  # Where the sandbox sees no host (host-os taken away), it says so, and where.
  flatpak --user run --nofilesystem=host-os --command=cuocc "$app_id" --import - --cc 9.0 --assemble-ptx \
    --format csv <"$ptx" >/dev/null 2>"$out/ptxas-none.err" || true
  if ! grep -q "no ptxas found (.*on the host, through /run/host" "$out/ptxas-none.err"; then
    echo "FAIL: without the host's folders, cuocc in the sandbox does not say it found no ptxas there" >&2
    cat "$out/ptxas-none.err" >&2
    return 1
  fi
  if [ -z "$host_ptxas" ]; then
    if ! grep -q "no ptxas found" "$out/ptxas-sandbox.err"; then
      echo "FAIL: without a CUDA toolkit on the host, cuocc in the sandbox does not say it found no ptxas" >&2
      cat "$out/ptxas-sandbox.err" >&2
      return 1
    fi
    echo "SKIP: the host has no CUDA toolkit (no ptxas in PATH or /usr/local/cuda/bin): the sandbox's figures are not compared; it says it found no ptxas"
    return 0
  fi
  "$host_ptxas" -arch=sm_90 -v -o /dev/null "$ptx" >"$out/ptxas-host.txt" 2>&1 || {
    echo "FAIL: the host's $host_ptxas rejects $ptx" >&2
    cat "$out/ptxas-host.txt" >&2
    return 1
  }
  python3 - "$out/ptxas-host.txt" "$out/ptxas-sandbox.csv" "$out/ptxas-sandbox.err" <<'PY'
import csv, re, sys
host = {}
name = None
for line in open(sys.argv[1]):
    m = re.search(r"Compiling entry function '([^']+)' for 'sm_90'", line)
    if m:
        name = m.group(1)
    m = re.search(r"Used (\d+) registers", line)
    if m and name:
        figures = {"regs": m.group(1), "barriers": "0", "smem": "0"}
        for key, pattern in (("barriers", r"used (\d+) barriers"), ("smem", r"(\d+) bytes smem")):
            f = re.search(pattern, line)
            if f:
                figures[key] = f.group(1)
        host[name] = figures
        name = None
rows = {r["mangled"]: r for r in csv.DictReader(open(sys.argv[2]))}
problems = []
if not host:
    problems.append("the host's ptxas printed no figures")
for name, figures in sorted(host.items()):
    row = rows.get(name)
    if row is None:
        problems.append("%s: no row from the sandbox" % name)
        continue
    if not row.get("figures_from", "").startswith("ptxas "):
        problems.append("%s: no ptxas figures in the sandbox (%s)" % (name, row.get("error", "")))
        continue
    for key, want in figures.items():
        if row[key] != want:
            problems.append("%s: %s %s in the sandbox, %s from the host's ptxas" % (name, key, row[key], want))
if problems:
    sys.stderr.write("FAIL: the sandbox's ptxas figures differ from the host's ptxas -v:\n  " + "\n  ".join(problems) + "\n")
    sys.stderr.write(open(sys.argv[3]).read())
    sys.exit(1)
print("ptxas in the sandbox: %d kernels, registers, barriers and shared memory as the host's ptxas -v gives them" % len(host))
PY
}

check_app() {
  log "cuocc-gtk under Xvfb"
  local shot=$out/screenshot.png colours
  xvfb-run -a -s '-screen 0 1280x860x24' dbus-run-session -- bash -c '
    flatpak --user run '"$app_id"' >"$1/app.log" 2>&1 &
    app=$!
    for _ in 1 2 3 4 5 6 7 8 9 10; do
      sleep 1
      kill -0 $app 2>/dev/null || { echo "the app exited early" >&2; exit 1; }
    done
    import -window root "$1/screenshot.png"
    kill $app; wait $app 2>/dev/null || true
  ' check "$out" || { cat "$out/app.log" >&2; return 1; }
  colours=$(convert "$shot" -format '%k' info:)
  echo "screenshot: $shot ($colours colours)"
  if [ "$colours" -lt 16 ]; then
    echo "FAIL: the screenshot is blank" >&2
    cat "$out/app.log" >&2
    return 1
  fi
}

main() {
  local start runtime_only=false
  start=$(date +%s)
  if [ "${1:-}" = --runtime-only ]; then
    runtime_only=true
    shift
  fi
  ensure_host_tools
  arch=$(flatpak --default-arch)
  mkdir -p "$cache"
  work=$(mktemp -d "${TMPDIR:-/tmp}/cuocc-flatpak.XXXXXX")
  trap 'rm -rf "$work"' EXIT
  out=${1:-$work/out}
  mkdir -p "$out"
  export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-$work/run}
  mkdir -p "$XDG_RUNTIME_DIR"
  chmod 700 "$XDG_RUNTIME_DIR"

  ensure_runtime
  $runtime_only && return
  prepare_sources
  build_app
  check_cli
  check_ptxas
  check_app
  log "Flatpak CI passed in $(elapsed "$start")"
}

main "$@"
exit $?
