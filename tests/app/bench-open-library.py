#!/usr/bin/env python3
"""Open-library benchmark: the app's time from a chosen file to the first
frame that draws the kernels table's rows, as a ratio to the command line's
time for the same file (`cuocc --import FILE --gpu G --threads N --format
csv`), measured alternately in the same run; the same for CPU time (less
moved by other processes on a shared machine); the app's peak resident
memory (VmHWM); its longest main loop iteration while the file loads; and
the time from Ctrl+Q's action to the process's end.

Three files: the test suite's generated library ($CUOCC_GENERATED_LIBRARY,
tests/gen-library.py --size 0: 189 MB, 57,600 kernel entries in 800 fat
binaries), when set; the same library padded with host code to 575 MB
(gen-library.py's default, the size of the library the issue was filed
with); and one of cuBLASLt's size and names (issue 29 §6: gen-library.py
--kernels 28800 --names real: 575 MB, 28,800 entries, 4,800 CUTLASS and
xmma names of 164 to 2,021 characters, median 1,425, which demangle to up
to 40 KB, where the others' are 86 to 257 characters), both written into
a temporary folder. Each round starts a fresh app process (so its peak
memory is the import's), after a command line run.

Each file is opened with GTK's default renderer (GSK_RENDERER unset: under
Xvfb, GL through Mesa's llvmpipe, or cairo where GL fails; the line names
the renderer the window drew with) and with the cairo renderer, the
command line measured beside each in the same rounds.
CUOCC_BENCH_RENDERERS=default,cairo (the default) chooses them.

The goals (issue 20, point 8): the rows on screen within 1.3 × the command
line's time, under 300 MB peak. The benchmark fails (status 1) when the
median ratio of a file's rounds is above 1.3 or any round's peak reaches
300 MB; every round's figures are printed, so a median met with rounds
above the goal reads as such.

Usage: bench-open-library.py BENCH_APP CUOCC GEN_LIBRARY [ROUNDS]
(run under an X server of at least 1920 × 1080: xvfb-run -s '-screen 0
1920x1080x24'). CUOCC_BENCH_LARGE=0 leaves out the 575 MB files.
"""

import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time

GPU_APP = "NVIDIA H100 SXM5"
GPU_CLI = "H100"
THREADS = "256"
GOAL_RATIO = 1.3
GOAL_PEAK_MB = 300

LINE = re.compile(r"rows: ([\d.]+) ms, worked out: ([\d.]+) ms, longest iteration: ([\d.]+) ms, "
                  r"peak: (\d+) KiB, before: (\d+) KiB, kernels: (\d+), rows cpu: ([\d.]+) ms, "
                  r"resident: (\d+) KiB, quit at: (\d+), renderer: (\w+)")


def load():
    with open("/proc/loadavg") as f:
        return float(f.read().split()[0])


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def cli_run(cuocc, path):
    cpu = children_cpu()
    start = time.monotonic()
    done = subprocess.run([cuocc, "--import", path, "--gpu", GPU_CLI, "--threads", THREADS, "--format", "csv"],
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    elapsed = time.monotonic() - start
    cpu = children_cpu() - cpu
    # Status 1: PTX entries and kernels without a block size are said, not an error.
    if done.returncode not in (0, 1) or done.stdout.count(b"\n") < 2:
        sys.exit(f"cuocc --import failed with status {done.returncode}")
    return elapsed * 1000, cpu * 1000, done.stdout.count(b"\n") - 1


def app_run(bench, path, renderer):
    env = dict(os.environ)
    env.pop("GSK_RENDERER", None)
    if renderer != "default":
        env["GSK_RENDERER"] = renderer
    proc = subprocess.Popen([bench, path, GPU_APP, THREADS], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True, env=env)
    out, _ = proc.communicate(timeout=300)
    ended = time.monotonic()
    m = LINE.search(out)
    if proc.returncode != 0 or m is None:
        sys.exit(f"bench-open-library failed with status {proc.returncode}: {out!r}")
    rows, worked, longest, peak, before, kernels, rows_cpu, resident, quit_at, drew = m.groups()
    return {
        "rows": float(rows), "worked": float(worked), "longest": float(longest),
        "peak": int(peak) / 1024, "before": int(before) / 1024, "kernels": int(kernels),
        "cpu": float(rows_cpu), "resident": int(resident) / 1024,
        # time.monotonic () and g_get_monotonic_time () read CLOCK_MONOTONIC.
        "quit": ended * 1000 - int(quit_at) / 1000,
        "renderer": drew,
    }


def spread(values):
    return f"median {statistics.median(values):.2f}, {min(values):.2f}–{max(values):.2f}"


def bench_file(bench, cuocc, path, rounds, renderer):
    """Alternating rounds on PATH; returns what failed the goals."""
    size = os.path.getsize(path) / 1e6
    cli_run(cuocc, path)  # the page cache holds the file for both

    clis, apps, loads = [], [], []
    for _ in range(rounds):
        loads.append(load())
        ms, cpu, cli_rows = cli_run(cuocc, path)
        clis.append((ms, cpu))
        apps.append(app_run(bench, path, renderer))
    ratios = [a["rows"] / c[0] for a, c in zip(apps, clis)]
    cpu_ratios = [a["cpu"] / c[1] for a, c in zip(apps, clis)]

    print(f"# {os.path.basename(path)}: {apps[0]['kernels']} kernel entries, {size:.0f} MB; {rounds} alternating "
          f"rounds; load average {spread(loads)}; GSK_RENDERER {renderer}: "
          f"{', '.join(sorted(set(a['renderer'] for a in apps)))}")
    for i, (a, c) in enumerate(zip(apps, clis)):
        print(f"round {i + 1}: cuocc {c[0]:.0f} ms ({c[1]:.0f} ms CPU); app rows on screen {a['rows']:.0f} ms "
              f"({a['cpu']:.0f} ms CPU; ratio {ratios[i]:.2f}, CPU {cpu_ratios[i]:.2f}), all worked out "
              f"{a['worked']:.0f} ms, longest iteration {a['longest']:.0f} ms, peak {a['peak']:.0f} MB "
              f"({a['before']:.0f} MB before, {a['resident']:.0f} MB after), quit {a['quit']:.0f} ms")
    print(f"ratio rows on screen / cuocc: {spread(ratios)} (goal ≤ {GOAL_RATIO}: "
          f"{sum(r <= GOAL_RATIO for r in ratios)} of {rounds} rounds within it)")
    print(f"ratio of CPU time to rows / cuocc's CPU time: {spread(cpu_ratios)}")
    print(f"peak resident MB: {spread([a['peak'] for a in apps])} (goal < {GOAL_PEAK_MB})")
    print(f"peak less resident at start MB: {spread([a['peak'] - a['before'] for a in apps])}")
    print(f"longest main loop iteration ms: {spread([a['longest'] for a in apps])}")
    print(f"quit ms (Ctrl+Q's action to the process's end): {spread([a['quit'] for a in apps])}")
    if cli_rows != apps[0]["kernels"]:
        sys.exit(f"the app read {apps[0]['kernels']} entries, the command line {cli_rows}")

    failed = []
    what = f"{os.path.basename(path)} ({renderer})"
    if statistics.median(ratios) > GOAL_RATIO:
        failed.append(f"{what}: median ratio {statistics.median(ratios):.2f} > {GOAL_RATIO}")
    if max(a["peak"] for a in apps) >= GOAL_PEAK_MB:
        failed.append(f"{what}: peak {max(a['peak'] for a in apps):.0f} MB ≥ {GOAL_PEAK_MB} MB")
    return failed


def main():
    bench, cuocc, gen = sys.argv[1:4]
    rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 5
    failed = []
    renderers = os.environ.get("CUOCC_BENCH_RENDERERS", "default,cairo").split(",")
    generated = os.environ.get("CUOCC_GENERATED_LIBRARY")
    if generated and os.path.exists(generated):
        for renderer in renderers:
            failed += bench_file(bench, cuocc, generated, rounds, renderer)
    if os.environ.get("CUOCC_BENCH_LARGE", "1") != "0":
        with tempfile.TemporaryDirectory(prefix="cuocc-bench-") as tmp:
            for name, args in (("libgenerated-575.so", []),
                               ("libreal-names-575.so", ["--kernels", "28800", "--names", "real"])):
                path = os.path.join(tmp, name)
                subprocess.run([sys.executable, gen, path] + args, check=True, stdout=subprocess.DEVNULL)
                for renderer in renderers:
                    failed += bench_file(bench, cuocc, path, rounds, renderer)
                os.unlink(path)
    for f in failed:
        print(f"goal not met: {f}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
