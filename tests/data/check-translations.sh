#!/usr/bin/env bash
# Extracts the translatable strings of the current sources and checks that every
# language in po/LINGUAS translates all of them, with no fuzzy entries, and that
# each .po file compiles with msgfmt --check (format strings included).
#   check-translations.sh SOURCE-ROOT
set -uo pipefail
root=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

mapfile -t langs < <(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$root/po/LINGUAS")
echo "1..$(( ${#langs[@]} + 1 ))"

# The arguments of meson's i18n.gettext(preset: 'glib'), which po/meson.build uses.
(cd "$root" && xgettext --from-code=UTF-8 --add-comments \
  --keyword=_ --keyword=N_ --keyword=C_:1c,2 --keyword=NC_:1c,2 --keyword=g_dcgettext:2 \
  --keyword=g_dngettext:2,3 --keyword=g_dpgettext2:2c,3 \
  --flag=N_:1:pass-c-format --flag=C_:2:pass-c-format --flag=NC_:2:pass-c-format \
  --flag=g_dngettext:2:pass-c-format --flag=g_strdup_printf:1:c-format \
  --flag=g_string_printf:2:c-format --flag=g_string_append_printf:2:c-format \
  --flag=g_error_new:3:c-format --flag=g_set_error:4:c-format \
  --flag=g_markup_printf_escaped:1:c-format --flag=g_log:3:c-format --flag=g_print:1:c-format \
  --flag=g_printerr:1:c-format --flag=g_printf:1:c-format --flag=g_fprintf:2:c-format \
  --flag=g_sprintf:2:c-format --flag=g_snprintf:3:c-format \
  -f po/POTFILES.in -o "$tmp/cuocc.pot" 2>"$tmp/xgettext.log")
if [ $? -eq 0 ]; then
  echo "ok 1 xgettext extracts $(grep -c '^msgid ' "$tmp/cuocc.pot") strings"
else
  echo "not ok 1 xgettext failed"; sed 's/^/# /' "$tmp/xgettext.log"; exit 1
fi

n=1 failed=0
for lang in "${langs[@]}"; do
  n=$((n + 1))
  msgmerge --quiet --no-fuzzy-matching "$root/po/$lang.po" "$tmp/cuocc.pot" -o "$tmp/$lang.po"
  untranslated=$(msgattrib --untranslated --no-obsolete "$tmp/$lang.po" | grep -c '^msgid ' || true)
  fuzzy=$(msgattrib --only-fuzzy --no-obsolete "$root/po/$lang.po" | grep -c '^msgid ' || true)
  # msgattrib prints the header entry too whenever it prints anything.
  [ "$untranslated" -gt 0 ] && untranslated=$((untranslated - 1))
  [ "$fuzzy" -gt 0 ] && fuzzy=$((fuzzy - 1))
  if ! msgfmt --check -o /dev/null "$root/po/$lang.po" 2>"$tmp/msgfmt.log"; then
    echo "not ok $n $lang: msgfmt --check fails"; sed 's/^/# /' "$tmp/msgfmt.log"; failed=1
  elif [ "$untranslated" -ne 0 ] || [ "$fuzzy" -ne 0 ]; then
    echo "not ok $n $lang: $untranslated untranslated, $fuzzy fuzzy"
    msgattrib --untranslated --no-obsolete --no-wrap "$tmp/$lang.po" | grep '^msgid ' | tail -n +2 | head -20 | sed 's/^/# /'
    failed=1
  else
    echo "ok $n $lang: complete"
  fi
done
exit $failed
