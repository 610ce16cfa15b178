#!/usr/bin/env bash
# The library's header layout (HACKING.md, "The library's headers"):
# - cuocc.h alone compiles, as a program that uses the library sees it;
# - every other public header refuses to be included on its own;
# - cuocc.h includes every public header, and meson installs each of them;
# - every public function and type has a doc comment in gi-docgen form;
# - the shared library ($CUOCC_LIB) exports exactly the declared functions.
# A public header is any src/lib/cuocc-*.h but the -private ones.
set -euo pipefail
src=$1
shift
cc=("$@")
lib="$src/src/lib"
glib_cflags=($(pkg-config --cflags glib-2.0))
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
n=0

printf '#include <cuocc.h>\nint main (void) { return cuocc_version () == NULL; }\n' > "$tmp/umbrella.c"
if ! "${cc[@]}" -fsyntax-only -Wall -Wextra -Werror "${glib_cflags[@]}" -I"$lib" "$tmp/umbrella.c" 2> "$tmp/err"; then
  echo "not ok: <cuocc.h> alone does not compile:"; cat "$tmp/err"; fail=1
fi

for h in "$lib"/cuocc-*.h; do
  name=$(basename "$h")
  case $name in *-private.h) continue ;; esac
  n=$((n + 1))
  printf '#include <%s>\n' "$name" > "$tmp/unit.c"
  if "${cc[@]}" -fsyntax-only "${glib_cflags[@]}" -I"$lib" "$tmp/unit.c" 2> "$tmp/err"; then
    echo "not ok: <$name> can be included on its own; it needs the CUOCC_INSIDE guard"; fail=1
  elif ! grep -Eq "$name:[0-9]+:[0-9]+: error: (#error )?\"Only <cuocc.h> can be included directly" "$tmp/err"; then
    echo "not ok: <$name> on its own fails, but not at its own guard:"; head -n 5 "$tmp/err"; fail=1
  fi
  if ! grep -q "^#include \"$name\"" "$lib/cuocc.h"; then
    echo "not ok: cuocc.h does not include $name"; fail=1
  fi
  if ! grep -q "'$name'" "$lib/meson.build"; then
    echo "not ok: src/lib/meson.build does not install $name"; fail=1
  fi
done

# Every prototype with CUOCC_AVAILABLE (the name before its parameter list,
# which may be on a later line) needs "/**" then " * name:" in a .c file.
sed -n '/CUOCC_AVAILABLE/,/;/p' "$lib"/cuocc-*.h | tr '\n' ' ' | tr ';' '\n' |
  grep -o 'CUOCC_AVAILABLE[^(]*' | grep -o 'cuocc_[a-z0-9_]*' | sort -u > "$tmp/declared"
for name in $(cat "$tmp/declared"); do
  if ! grep -B1 -h "^ \* $name:" "$lib"/cuocc-*.c "$lib"/import/cuocc-*.c | grep -q '^/\*\*$'; then
    echo "not ok: $name has no doc comment (/** $name: …) in src/lib"; fail=1
  fi
  n_fn=$((${n_fn:-0} + 1))
done
if [ "${n_fn:-0}" -lt 60 ]; then
  echo "not ok: only ${n_fn:-0} public functions found"; fail=1
fi

# Every public struct and enum ("} CuoccThing;") needs "/**" then " * CuoccThing:" in a header.
for h in "$lib"/cuocc-*.h; do
  case $h in *-private.h) continue ;; esac
  for type in $(grep -o '^} Cuocc[A-Za-z]*;' "$h" | tr -d '};'); do
    if ! grep -B1 "^ \* $type:" "$h" | grep -q '^/\*\*$'; then
      echo "not ok: $type has no doc comment (/** $type: …) in $(basename "$h")"; fail=1
    fi
  done
done

if [ -n "${CUOCC_LIB:-}" ]; then
  nm -D --defined-only "$CUOCC_LIB" | awk '$2 == "T" && $3 !~ /^_/ { print $3 }' | sort > "$tmp/exported"
  if ! diff "$tmp/declared" "$tmp/exported" > "$tmp/diff"; then
    echo "not ok: exported (>) and declared with CUOCC_AVAILABLE (<) differ:"; grep '^[<>]' "$tmp/diff"; fail=1
  fi
fi

if [ "$n" -lt 10 ]; then
  echo "not ok: only $n unit headers found in $lib"; fail=1
fi
[ "$fail" = 0 ] && echo "ok: cuocc.h, $n unit headers, $n_fn documented functions"
exit "$fail"
