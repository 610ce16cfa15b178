#!/usr/bin/env bash
# Runs `cuocc --help` with LANGUAGE=de and LANGUAGE=zh_CN and checks that it
# speaks German and Chinese, reading the .mo files of the build tree.
#   check-cli-german.sh CUOCC LOCALEDIR-SHIM PO-BUILDDIR
set -uo pipefail
cli=$(realpath "$1") shim=$(realpath "$2") podir=$3
# In the sanitizer build the ASan runtime must come first among preloads.
asan=$(ldd "$cli" 2>/dev/null | awk '/libasan/ { print $3 }')
[ -n "$asan" ] && shim="$asan $shim"
msgid="Threads per block (required)"
n=0 failed=0
echo "1..6"
check() {
  n=$((n + 1))
  if [ "$1" = 0 ]; then echo "ok $n $2"; else echo "not ok $n $2"; failed=1; fi
}

# gettext ignores LANGUAGE under the C locale, not under C.UTF-8; prefer a real
# German locale where one is generated.
locale=C.UTF-8
if locale -a 2>/dev/null | grep -qix 'de_DE.utf8'; then
  locale=de_DE.UTF-8
fi

for lang in de zh_CN; do
  mo=$podir/$lang/LC_MESSAGES/cuocc.mo
  test -s "$mo"
  check $? "$lang: the build tree holds $mo"

  expected=$(TEXTDOMAINDIR=$podir LANGUAGE=$lang LC_ALL=C.UTF-8 gettext -d cuocc "$msgid")
  [ -n "$expected" ] && [ "$expected" != "$msgid" ]
  check $? "$lang: “$msgid” is translated (“$expected”)"

  # CUOCC_TEST_WRAPPER: memcheck under `meson test --setup valgrind` (tests/memcheck.sh).
  out=$(LD_PRELOAD=$shim CUOCC_TEST_LOCALEDIR=$podir CUOCC_LOCALEDIR=$podir \
        LANGUAGE=$lang LC_ALL=$locale ${CUOCC_TEST_WRAPPER:-} "$cli" --help 2>&1)
  status=$?
  [ $status = 0 ] && grep -qF -- "$expected" <<<"$out"
  status=$?
  [ $status = 0 ] || printf '# %s\n' "$out" | head -20
  check $status "$lang: cuocc --help speaks it"
done
exit $failed
