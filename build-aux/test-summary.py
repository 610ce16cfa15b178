#!/usr/bin/env python3
"""Counts meson's test results and prints, last, one line:
N passed, N failed, N skipped, N subtests skipped.

Each argument is a testlog.json; the counts are summed over all of them (the
normal build's and the sanitizer build's suites). A log that is missing counts
as one failure: its build never got as far as its tests.

A test program counts once, as meson counts it: passed (OK, or an expected
failure), skipped (SKIP: every check in it skipped) or failed. A check skipped
inside a program that passed (TAP's "ok N name # SKIP reason", which
g_test_skip () and clitest.skip () print) does not change the program's
result; every skipped check is listed with its reason above the last line
and counted as a subtest skipped (those of a program skipped whole too), so
that a skip never reads as a pass."""
import json
import os
import re
import sys

# TAP's test line with the SKIP directive (meson's own pattern, mtest.py).
SKIP_LINE = re.compile(r"^ok\s*(?:[0-9]+\s*)?([^#]*)#\s*[Ss][Kk][Ii][Pp]\S*\s*(.*)$")

passed = failed = skipped = subtests_skipped = 0
for path in sys.argv[1:]:
    if not os.path.exists(path):
        print(f"{path}: missing", file=sys.stderr)
        failed += 1
        continue
    with open(path, encoding="utf-8") as log:
        for line in log:
            line = line.strip()
            if not line:
                continue
            test = json.loads(line)
            result = test.get("result", "")
            if result in ("OK", "EXPECTEDFAIL"):
                passed += 1
            elif result == "SKIP":
                skipped += 1
                print(f"skipped: {test.get('name', '?')} (the whole program)")
            else:
                failed += 1
            for out in (test.get("stdout") or "").splitlines():
                m = SKIP_LINE.match(out.strip())
                if m:
                    subtests_skipped += 1
                    print(f"skipped: {test.get('name', '?')}: {m.group(1).strip()}: {m.group(2).strip()}")
print(f"{passed} passed, {failed} failed, {skipped} skipped, {subtests_skipped} subtests skipped")
