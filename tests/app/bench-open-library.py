#!/usr/bin/env python3
"""Open-library benchmark: the app's time from a chosen file to the first
frame that draws the kernels table's rows, as a ratio to the command line's
time for the same file (`cuocc --import FILE --gpu G --threads N --format
csv`), measured alternately in the same run; the app's peak resident memory;
its longest main loop iteration while the file loads; and the time from
Ctrl+Q's action to the process's end.

The file is tests/gen-library.py's realistic library (575 MB, 57,600 kernel
entries in 800 fat binaries). Each round starts a fresh app process (so its
peak memory is the import's), after a command line run.

Usage: bench-open-library.py BENCH_APP CUOCC GEN_LIBRARY [ROUNDS]
(run under an X server of at least 1920 × 1080: xvfb-run -s '-screen 0
1920x1080x24')
"""

import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

GPU_APP = "NVIDIA H100 SXM5"
GPU_CLI = "H100"
THREADS = "256"

LINE = re.compile(r"rows: ([\d.]+) ms, worked out: ([\d.]+) ms, longest iteration: ([\d.]+) ms, "
                  r"peak: (\d+) KiB, before: (\d+) KiB, kernels: (\d+), quit at: (\d+)")


def load():
    with open("/proc/loadavg") as f:
        return float(f.read().split()[0])


def cli_run(cuocc, path):
    start = time.monotonic()
    done = subprocess.run([cuocc, "--import", path, "--gpu", GPU_CLI, "--threads", THREADS, "--format", "csv"],
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    elapsed = time.monotonic() - start
    # Status 1: PTX entries and kernels without a block size are said, not an error.
    if done.returncode not in (0, 1) or done.stdout.count(b"\n") < 2:
        sys.exit(f"cuocc --import failed with status {done.returncode}")
    return elapsed * 1000, done.stdout.count(b"\n") - 1


def app_run(bench, path):
    proc = subprocess.Popen([bench, path, GPU_APP, THREADS], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    out, _ = proc.communicate(timeout=300)
    ended = time.monotonic()
    m = LINE.search(out)
    if proc.returncode != 0 or m is None:
        sys.exit(f"bench-open-library failed with status {proc.returncode}: {out!r}")
    rows, worked, longest, peak, before, kernels, quit_at = m.groups()
    return {
        "rows": float(rows), "worked": float(worked), "longest": float(longest),
        "peak": int(peak) / 1024, "before": int(before) / 1024, "kernels": int(kernels),
        # time.monotonic () and g_get_monotonic_time () read CLOCK_MONOTONIC.
        "quit": ended * 1000 - int(quit_at) / 1000,
    }


def spread(values):
    return f"median {statistics.median(values):.2f}, {min(values):.2f}–{max(values):.2f}"


def main():
    bench, cuocc, gen = sys.argv[1:4]
    rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 5
    with tempfile.TemporaryDirectory(prefix="cuocc-bench-") as tmp:
        path = os.path.join(tmp, "libgenerated.so")
        subprocess.run([sys.executable, gen, path], check=True, stdout=subprocess.DEVNULL)
        size = os.path.getsize(path) / 1e6
        cli_run(cuocc, path)  # the page cache holds the file for both

        cli_ms, apps, loads = [], [], []
        for _ in range(rounds):
            loads.append(load())
            ms, cli_rows = cli_run(cuocc, path)
            cli_ms.append(ms)
            apps.append(app_run(bench, path))
        ratios = [a["rows"] / c for a, c in zip(apps, cli_ms)]

        print(f"# {apps[0]['kernels']} kernel entries, {size:.0f} MB; {rounds} alternating rounds; "
              f"load average {spread(loads)}; renderer {os.environ.get('GSK_RENDERER', 'default')}")
        for i, (a, c) in enumerate(zip(apps, cli_ms)):
            print(f"round {i + 1}: cuocc {c:.0f} ms; app rows on screen {a['rows']:.0f} ms "
                  f"(ratio {a['rows'] / c:.2f}), all worked out {a['worked']:.0f} ms, longest iteration "
                  f"{a['longest']:.0f} ms, peak {a['peak']:.0f} MB ({a['before']:.0f} MB before), "
                  f"quit {a['quit']:.0f} ms")
        print(f"ratio rows on screen / cuocc: {spread(ratios)} (goal ≤ 1.3)")
        print(f"peak resident MB: {spread([a['peak'] for a in apps])} (goal < 300)")
        print(f"longest main loop iteration ms: {spread([a['longest'] for a in apps])}")
        print(f"quit ms (Ctrl+Q's action to the process's end): {spread([a['quit'] for a in apps])}")
        if cli_rows != apps[0]["kernels"]:
            sys.exit(f"the app read {apps[0]['kernels']} entries, the command line {cli_rows}")


if __name__ == "__main__":
    main()
