#!/usr/bin/env python3
"""Checks that data/cuocc.1 and `cuocc --help` name the same options: every option
of the man page's synopsis and option list is named somewhere in --help, and every
option --help names is documented in the man page.
Every input of the inputs' description (PRINT-INPUTS prints it) has its option
in the man page's OPTIONS, its batch column named by --batch, and its choices on
its option's line.
   check-man-page.py MANPAGE CUOCC PRINT-INPUTS"""
import os
import re
import shutil
import subprocess
import sys

OPTION = re.compile(r'(?<![\w-])--([a-z][a-z0-9-]*)')


def man_options(path):
    with open(path, encoding="utf-8") as f:
        lines = f.read().replace("\\-", "-").splitlines()
    found, section, tagged = set(), None, False
    for line in lines:
        if line.startswith(".SH"):
            section = line[3:].strip().strip('"')
            continue
        # In OPTIONS, only an item's tag names the option; its text may name other programs' options.
        if section == "SYNOPSIS" or (section == "OPTIONS" and tagged):
            found.update(OPTION.findall(line))
        tagged = line.startswith(".TP")
    return found


def man_items(path):
    """The OPTIONS section's items: each tag line with the text that follows it."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().replace("\\-", "-").splitlines()
    items, section, current = [], None, None
    for i, line in enumerate(lines):
        if line.startswith(".SH"):
            section = line[3:].strip().strip('"')
            current = None
            continue
        if section != "OPTIONS":
            continue
        if line.startswith(".TP") and i + 1 < len(lines):
            current = [lines[i + 1], ""]
            items.append(current)
        elif current is not None:
            current[1] += " " + re.sub(r"^\.[A-Z]+ ?", "", line)
    return items


def described_inputs(program):
    out = subprocess.run([program], capture_output=True, text=True, check=True).stdout
    return [line.split("\t") for line in out.splitlines()]


def help_options(cli):
    # Under `meson test --setup valgrind`, cuocc runs under memcheck (tests/memcheck.sh).
    wrapper = os.environ.get("CUOCC_TEST_WRAPPER", "").split()
    out = subprocess.run(wrapper + [cli, "--help"], capture_output=True, text=True,
                         env={"LC_ALL": "C.UTF-8", "LANGUAGE": "C"}, check=False)
    # An option counts when --help names it anywhere, its synopsis included.
    return set(OPTION.findall(out.stdout)), out.returncode


def groff_warnings(path):
    """What groff says about the page with every warning turned on ("" when it
    renders cleanly), or None without groff."""
    if shutil.which("groff") is None:
        return None
    out = subprocess.run(["groff", "-man", "-Tutf8", "-ww", "-z", path],
                         capture_output=True, text=True, check=False)
    return out.stderr.strip() or ("" if out.returncode == 0 else f"groff exits with {out.returncode}")


def main():
    man = man_options(sys.argv[1])
    helped, status = help_options(sys.argv[2])
    helped -= {"help-all"}
    warnings = groff_warnings(sys.argv[1])
    # A test is (name, ok), ok None for a check that cannot run here: TAP's SKIP.
    tests = [("cuocc --help exits with 0", status == 0),
             ("the man page renders without groff warnings" +
              (" # SKIP groff is not installed (build-aux/install-deps.sh installs it)" if warnings is None
               else f" ({warnings})" if warnings else ""),
              None if warnings is None else not warnings)]
    tests += [(f"--{o} of the man page is in cuocc --help", o in helped) for o in sorted(man)]
    tests += [(f"--{o} of cuocc --help is in the man page", o in man) for o in sorted(helped - man)]
    items = man_items(sys.argv[1])
    batch_text = next((text for tag, text in items if "--batch" in tag), "")
    batch_words = set(re.findall(r"[a-z_]+", batch_text.replace("\\fB", " ").replace("\\fR", " ")))
    for option, column, _session, choices in described_inputs(sys.argv[3]):
        tag = next((tag for tag, _ in items if re.search(re.escape(option) + r"(?![\w-])", tag)), None)
        tests.append((f"the input {option} has an item in OPTIONS", tag is not None))
        if column != "-":
            tests.append((f"--batch names the column {column} of {option}", column in batch_words))
        for choice in (choices.split() if choices != "-" else []):
            tests.append((f"{option}'s item offers {choice}", tag is not None and choice in tag))
    print(f"1..{len(tests)}")
    for i, (name, ok) in enumerate(tests, 1):
        print(f"{'ok' if ok or ok is None else 'not ok'} {i} {name}")
    return 0 if all(ok or ok is None for _, ok in tests) else 1


if __name__ == "__main__":
    sys.exit(main())
