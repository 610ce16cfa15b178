#!/usr/bin/env bash
# Installs, from Debian 12's archive, every package that building, running and
# testing cuocc needs and that this machine lacks. Safe to run again.
set -euo pipefail

packages=(
  # build
  meson ninja-build gcc pkg-config gettext itstool
  libglib2.0-dev libglib2.0-dev-bin libgtk-4-dev libadwaita-1-dev
  libcairo2-dev libpango1.0-dev libxml2-utils
  # binary imports: ELF (elfutils' libelf), Triton metadata (json-glib), compressed fat binary entries
  libelf-dev libjson-glib-dev liblz4-dev libzstd-dev
  # tests
  python3 xvfb xauth imagemagick desktop-file-utils appstream valgrind
  fonts-dejavu-core bash-completion
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "Installing: ${missing[*]}" >&2
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q
$sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
