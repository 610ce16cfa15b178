#!/usr/bin/env python3
# test-app-signals.py — SIGTERM, SIGINT and SIGHUP end the app as Ctrl+Q
# does, while ptxas runs (issue 27).
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The real cuocc-gtk opens a session file whose kernel is compute_80 PTX on
# an RTX 4090 (8.9), so that the app assembles the chosen kernel alone at
# once (`ptxas --entry`) with the ptxas found through $CUDA_PATH: a fake one
# that answers --version as the real ptxas does and, asked to assemble,
# starts a child and waits for it (until killed), after writing both their
# process ids. Once that file exists the signal is sent. The app must exit
# with 128 + the signal's number (as a shell says a program a signal
# ended, and as `cuocc --import` does), leave neither the fake ptxas nor its
# child running (each ptxas runs in a process group of its own, which a
# signal to the app does not reach), leave nothing in its TMPDIR (ptxas's
# input is written into a folder there), keep the cache as it was, and keep
# the state the session gave it (the settings, in a key file of its own).
# Every wait is for a state, polled; the deadlines only guard against a hang.
#
# Usage: test-app-signals.py CUOCC_GTK (under an X server: xvfb-run)

import ast
import configparser
import os
import shutil
import signal
import subprocess
import sys

sys.path.insert(0, os.path.join(os.environ.get("CUOCC_SOURCE_ROOT", "."), "tests", "cli"))
import clitest  # noqa: E402
from clitest import Skip, check, equal, process_alive, scratch_dir  # noqa: E402

CUDA_BIN = "/usr/local/cuda/bin"
PTXAS = shutil.which("ptxas") or os.path.join(CUDA_BIN, "ptxas")
GPU = "NVIDIA GeForce RTX 4090"
# The session's key of the kernel: its name, its entry's architecture and
# which of the entries of that name and architecture (cuocc-kernel-item.c).
KERNEL = "_Z5heavyPKfPf\ncompute_80\n0"
# A hang's guard, no budget; the sanitizer build is many times slower.
HANG_S = 240 * (10 if os.environ.get("CUOCC_SANITIZED") else 1)


def fixture(*parts):
    return os.path.join(os.environ.get("CUOCC_SOURCE_ROOT", "."), "tests", "import", "data", *parts)


def snapshot(folder):
    """Every file under folder, by its path there, with its bytes."""
    files = {}
    for root, _, names in os.walk(folder):
        for name in names:
            path = os.path.join(root, name)
            with open(path, "rb") as f:
                files[os.path.relpath(path, folder)] = f.read()
    return files


def saved_state(env):
    """The state the app saved in its settings (a key file of this test's
    own), as `gsettings` reads it: the session's [Kernel] group."""
    got = subprocess.run(["gsettings", "get", "io.github.cuocc.Calculator", "state"], env=env,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=True)
    # A GVariant string's text: quoted, with Python's escapes.
    text = ast.literal_eval(got.stdout.decode().strip())
    check(text != "", "the settings hold a saved state")
    session = configparser.ConfigParser(interpolation=None, strict=False)
    session.optionxform = str
    session.read_string(text)
    # A key file's value escapes its line breaks.
    return {k: v.replace("\\n", "\n") for k, v in session["Kernel"].items()}


def run_until_signal(sig):
    d = scratch_dir("cuocc-app-signal-")
    tmp, cache, config, cuda = (os.path.join(d, n) for n in ("tmp", "cache", "config", "cuda"))
    for folder in (tmp, cache, config, os.path.join(cuda, "bin")):
        os.makedirs(folder)
    pids = os.path.join(d, "pids")
    ptxas = os.path.join(cuda, "bin", "ptxas")
    with open(ptxas, "w") as f:
        f.write("""#!/bin/sh
if [ "$1" = --version ]; then exec '%s' "$@"; fi
sleep 600 &
echo "$$ $!" > '%s.new' && mv '%s.new' '%s'
wait
exit 9
""" % (PTXAS, pids, pids, pids))
    os.chmod(ptxas, 0o755)
    session = os.path.join(d, "heavy.cuocc")
    with open(session, "w") as f:
        f.write("[Kernel]\ngpu=%s\nthreads=256\nregs=32\nsmem=0\ndynamic_smem=0\nsmem_config=-1\n"
                "barriers=1\ncaching=off\nlog=%s\nkernel=%s\n"
                % (GPU, fixture("kernels-compute80.ptx"), KERNEL.replace("\n", "\\n")))

    env = dict(os.environ, TMPDIR=tmp, XDG_CACHE_HOME=cache, XDG_CONFIG_HOME=config, CUDA_PATH=cuda,
               GSETTINGS_BACKEND="keyfile",
               # No session bus: the app runs as its own instance (and no
               # dbus-daemon is started for it, to be left behind).
               DBUS_SESSION_BUS_ADDRESS="unix:path=" + os.path.join(d, "no-bus"))
    env.pop("CUDA_HOME", None)
    proc = subprocess.Popen([clitest.CUOCC, session], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    started = []
    try:
        clitest.wait_for("the fake ptxas started", lambda: os.path.exists(pids), proc, HANG_S, "cuocc-gtk")
        with open(pids) as f:
            started = [(int(x), n) for x, n in zip(f.read().split(), ("ptxas", "sleep"))]
        # $! is written once the shell has forked, maybe before its child
        # has become sleep: waited for, not looked at once (a loaded
        # machine, or memcheck beside it, showed the shell's command line).
        for pid, what in started:
            clitest.wait_for("%s runs before the signal" % what, lambda: process_alive(pid, [what]), proc,
                             HANG_S, "cuocc-gtk")
        check(any(n.startswith("cuocc-ptxas-") for n in os.listdir(tmp)),
              "ptxas's input is in a folder of TMPDIR: %r" % os.listdir(tmp))
        cached = snapshot(cache)
        proc.send_signal(sig)
        out, err = proc.communicate(timeout=HANG_S)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
        for pid, _ in started:
            try:
                os.killpg(pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
    what = "%s\nstdout:\n%s\nstderr:\n%s" % (signal.Signals(sig).name, out.decode(), err.decode())
    equal(proc.returncode, 128 + sig, "exit status after %s" % what)
    for pid, name in started:
        check(not process_alive(pid, [name]), "%s (pid %d) was stopped: %s" % (name, pid, what))
    equal(os.listdir(tmp), [], "TMPDIR after %s" % what)
    equal(snapshot(cache), cached, "the cache after %s" % what)
    state = saved_state(env)
    equal(state.get("gpu"), GPU, "the saved state's GPU")
    equal(state.get("log"), fixture("kernels-compute80.ptx"), "the saved state's file")
    equal(state.get("kernel"), KERNEL, "the saved state's kernel")
    equal(state.get("threads"), "256", "the saved state's block size")


def test_sigterm_stops_ptxas_and_keeps_the_state():
    run_until_signal(signal.SIGTERM)


def test_sigint_stops_ptxas_and_keeps_the_state():
    run_until_signal(signal.SIGINT)


def test_sighup_stops_ptxas_and_keeps_the_state():
    run_until_signal(signal.SIGHUP)


def needs():
    if not os.environ.get("DISPLAY"):
        raise Skip("no display (run under xvfb-run)")
    if not os.access(PTXAS, os.X_OK):
        raise Skip("the CUDA toolkit's ptxas is not installed (%s)" % CUDA_BIN)
    if not shutil.which("gsettings"):
        raise Skip("gsettings (libglib2.0-bin), which reads the saved state, is not installed")


if __name__ == "__main__":
    clitest.main(globals(), needs)
