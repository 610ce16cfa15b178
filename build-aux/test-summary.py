#!/usr/bin/env python3
"""Counts meson's test results and prints one line: N passed, N failed, N skipped.

Each argument is a testlog.json; the counts are summed over all of them (the
normal build's and the sanitizer build's suites). A log that is missing counts
as one failure: its build never got as far as its tests."""
import json
import os
import sys

passed = failed = skipped = 0
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
            result = json.loads(line).get("result", "")
            if result in ("OK", "EXPECTEDFAIL"):
                passed += 1
            elif result == "SKIP":
                skipped += 1
            else:
                failed += 1
print(f"{passed} passed, {failed} failed, {skipped} skipped")
