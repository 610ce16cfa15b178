#!/usr/bin/env python3
"""Fails when a source file with translatable strings is missing from po/POTFILES.in,
when POTFILES.in names a file that does not exist, or when it is not sorted."""
import os
import re
import sys

ROOT = sys.argv[1] if len(sys.argv) > 1 else os.environ["CUOCC_SOURCE_ROOT"]
SCANNED = ("src", "ui", "data")

C_MARK = re.compile(r'(?<![\w])(?:_|N_|C_|NC_|Q_|g_dgettext|g_dngettext|ngettext|dngettext)\s*\(')
UI_MARK = re.compile(r'translatable\s*=\s*"(?:yes|true|1)"')
DESKTOP_MARK = re.compile(r'^(?:Name|GenericName|Comment|Keywords)\s*=', re.M)
METAINFO_MARK = re.compile(r'<(?:name|summary|description|caption)\b')
SCHEMA_MARK = re.compile(r'gettext-domain\s*=.*?<(?:summary|description)\b', re.S)


def translatable(path):
    name = os.path.basename(path)
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except (UnicodeDecodeError, OSError):
        return False
    if name.endswith((".c", ".h")):
        # Strip comments so that a "_(" in prose does not count.
        text = re.sub(r'/\*.*?\*/|//[^\n]*', '', text, flags=re.S)
        return bool(C_MARK.search(text))
    if name.endswith(".ui"):
        return bool(UI_MARK.search(text))
    if ".desktop" in name:
        return bool(DESKTOP_MARK.search(text))
    if ".metainfo.xml" in name or ".appdata.xml" in name:
        return bool(METAINFO_MARK.search(text))
    if name.endswith(".gschema.xml"):
        return bool(SCHEMA_MARK.search(text))
    return False


def main():
    with open(os.path.join(ROOT, "po", "POTFILES.in"), encoding="utf-8") as f:
        listed = [l.strip() for l in f if l.strip() and not l.startswith("#")]
    failures = []
    for entry in listed:
        if not os.path.isfile(os.path.join(ROOT, entry)):
            failures.append(f"po/POTFILES.in names {entry}, which does not exist")
    if listed != sorted(listed):
        failures.append("po/POTFILES.in is not sorted")
    for top in SCANNED:
        for dirpath, dirnames, filenames in os.walk(os.path.join(ROOT, top)):
            dirnames[:] = sorted(d for d in dirnames if not d.startswith((".", "_build")))
            for filename in sorted(filenames):
                path = os.path.join(dirpath, filename)
                rel = os.path.relpath(path, ROOT)
                if translatable(path) and rel not in listed:
                    failures.append(f"{rel} has translatable strings but is not in po/POTFILES.in")
    print(f"1..{max(len(failures), 1)}")
    if not failures:
        print("ok 1 every file with translatable strings is in po/POTFILES.in")
        return 0
    for i, failure in enumerate(failures, 1):
        print(f"not ok {i} {failure}")
    return 1


if __name__ == "__main__":
    sys.exit(main())
