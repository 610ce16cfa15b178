# clitest.py — a small TAP harness for the cuocc command line tests.
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Each test is a function named test_*; it runs the real cuocc binary and
# asserts on what it printed. The output is TAP, for meson's protocol: 'tap'.

import atexit
import csv
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import traceback

CUOCC = None

COLUMNS = [
    "cc", "gpu", "threads", "regs", "smem", "smem_config", "barriers", "global_caching",
    "active_blocks", "active_warps", "active_threads", "occupancy_pct",
    "blocks_by_warps", "blocks_by_regs", "blocks_by_smem", "blocks_by_blocks", "blocks_by_barriers",
    "limiters", "regs_per_block", "smem_per_block", "best_block_size", "error",
]


class Result:
    def __init__(self, proc):
        self.rc = proc.returncode
        self.out = proc.stdout.decode("utf-8")
        self.err = proc.stderr.decode("utf-8")

    def __repr__(self):
        return "rc=%d\nstdout:\n%s\nstderr:\n%s" % (self.rc, self.out, self.err)


_scratch_dirs = []


def scratch_dir(prefix="cuocc-test-"):
    """A new folder under the system's temporary one, removed when the test
    program ends: the hostile-input tests write 160 MB a run, and leaving
    them behind filled the disk after a few hundred runs."""
    directory = tempfile.mkdtemp(prefix=prefix)
    _scratch_dirs.append(directory)
    return directory


@atexit.register
def _remove_scratch_dirs():
    for directory in _scratch_dirs:
        shutil.rmtree(directory, ignore_errors=True)


# Under `meson test --setup valgrind`, cuocc itself runs under memcheck.
WRAPPER = os.environ.get("CUOCC_TEST_WRAPPER", "").split()


# A hang's guard, no budget: one run of cuocc takes well under a second
# here, and the suite must pass on slower or busier machines.
def run(*args, stdin=None, timeout=300):
    if WRAPPER:
        timeout *= 20
    proc = subprocess.run(WRAPPER + [CUOCC] + [str(a) for a in args], input=stdin,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)
    return Result(proc)


class Skip(Exception):
    """What a test raises (through skip ()) when it cannot check what it is
    for here: reported as TAP's "ok N name # SKIP reason", never as a pass."""


def skip(reason):
    """Ends the test as skipped, saying why (meson counts it as skipped, and
    the whole program as SKIP when every test in it is)."""
    raise Skip(reason)


def check(cond, what, result=None):
    if not cond:
        raise AssertionError(what + ("\n" + repr(result) if result is not None else ""))


def equal(actual, expected, what, result=None):
    check(actual == expected, "%s: expected %r, got %r" % (what, expected, actual), result)


def process_alive(pid, names):
    """Whether pid is still a running process (a zombie is not), and one of
    names (not another process that took the number since)."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            state = f.read().rsplit(")", 1)[1].split()[0]
        with open("/proc/%d/cmdline" % pid, "rb") as f:
            cmdline = f.read().decode(errors="replace")
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return False
    return state != "Z" and any(n in cmdline for n in names)


def wait_for(what, cond, proc, hang_s, program="cuocc"):
    """Waits for a state (cond () true), polling; fails at once when proc
    (the program's run) ends first. hang_s only guards against a hang: it is
    no budget."""
    deadline = time.monotonic() + hang_s
    while not cond():
        if proc.poll() is not None:
            out, err = proc.communicate()
            raise AssertionError("%s ended (status %d) before %s\nstdout:\n%s\nstderr:\n%s"
                                 % (program, proc.returncode, what, out.decode(), err.decode()))
        check(time.monotonic() < deadline, "%s: no sign after a very long wait (hang)" % what)
        time.sleep(0.02)


def parse_csv(text):
    rows = list(csv.reader(io.StringIO(text)))
    return rows[0], [dict(zip(rows[0], r)) for r in rows[1:]]


def usage_error(result, *words):
    """A usage error: exit 2, nothing on stdout, a message naming each word."""
    equal(result.rc, 2, "exit status", result)
    equal(result.out, "", "stdout", result)
    check(result.err.startswith("cuocc: "), "message starts with cuocc:", result)
    for w in words:
        check(w.lower() in result.err.lower(), "message names %r" % w, result)


def main(module_globals, needs=None):
    """Runs every test_* function of module_globals, as TAP. argv[1] is the
    program under test (CUOCC). needs, when given, is called before each
    test and raises Skip when what the tests need is not here."""
    global CUOCC
    if len(sys.argv) < 2:
        print("usage: %s PATH-TO-CUOCC" % sys.argv[0], file=sys.stderr)
        sys.exit(2)
    CUOCC = os.path.abspath(sys.argv[1])
    tests = [(name, f) for name, f in module_globals.items()
             if name.startswith("test_") and callable(f)]
    print("1..%d" % len(tests))
    failed = 0
    for i, (name, f) in enumerate(tests, 1):
        try:
            if needs:
                needs()
            f()
            print("ok %d %s" % (i, name))
        except Skip as reason:
            # One line: TAP's directive ends at the line's end.
            print("ok %d %s # SKIP %s" % (i, name, " ".join(str(reason).split())))
        except Exception:
            failed += 1
            print("not ok %d %s" % (i, name))
            for line in traceback.format_exc().splitlines():
                print("# " + line)
        sys.stdout.flush()
    sys.exit(1 if failed else 0)
