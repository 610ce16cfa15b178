#!/usr/bin/env python3
# bench-import-multi.py — cuocc --import of a large library on three GPUs against one.
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Generates, in the build folder, tests/gen-library.py's library (57,600 kernel
# entries in 800 fat binaries, SASS for sm_80, sm_86 and sm_90 and PTX; without
# the host-code padding), then times, in the same run, best of three each:
#   one GPU:    cuocc --import FILE --gpu "A100 SXM4" --threads 256 --format csv
#   three GPUs: cuocc --import FILE --gpu "A100 SXM4" --gpu "RTX 4090" --gpu "H100 SXM5" ... (CSV, and text)
# The file is read once however many GPUs are asked about; only the choice of
# entries and the evaluation repeat. Fails when a three-GPU import takes 2 times
# the one-GPU import's CPU time or more, or when its rows are not one per kernel
# and GPU. The file is deleted afterwards.

import csv
import importlib.util
import io
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TARGET_RATIO = 2.0
RUNS = 3


def load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run(args):
    """Seconds, peak resident MB and CPU seconds of one run, output discarded.
    Exit status 1 is an answer here: some kernels of the library cannot be
    worked out on some GPU (PTX, launch bounds), which standard error counts."""
    start = time.perf_counter()
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        sys.exit("%s failed (%d)" % (args, os.waitstatus_to_exitcode(status)))
    return elapsed, usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime


def main():
    if sys.argv[1] == "--measure":
        runs = [run(sys.argv[2:]) for _ in range(RUNS)]
        print(min(r[0] for r in runs), max(r[1] for r in runs), min(r[2] for r in runs))
        return
    gen = load("gen_library", os.path.join(HERE, "..", "gen-library.py"))
    cuocc = os.path.abspath(sys.argv[1])
    path = os.path.join(os.environ.get("MESON_BUILD_ROOT", os.getcwd()), "bench-import-multi.so")
    one = [cuocc, "--import", path, "--gpu", "A100 SXM4", "--threads", "256", "--format", "csv"]
    three = [cuocc, "--import", path, "--gpu", "A100 SXM4", "--gpu", "RTX 4090", "--gpu", "H100 SXM5",
             "--threads", "256"]

    def best(args):
        out = subprocess.run([sys.executable, os.path.abspath(__file__), "--measure"] + args,
                             check=True, capture_output=True, text=True).stdout.split()
        return float(out[0]), float(out[1]), float(out[2])

    try:
        manifest = gen.generate(path, 57600, 0, 0.25, 18)
        listing = subprocess.run(three + ["--format", "csv"], capture_output=True)
        rows = listing.stdout.decode().count("\n") - 1
        kernels = subprocess.run(one, capture_output=True).stdout.decode().count("\n") - 1
        print("generated %s: %d kernel entries; one GPU lists %d rows, three GPUs %d" %
              (path, manifest["rows"], kernels, rows))
        # One row per kernel and GPU: every kernel (a name in a fat binary,
        # whose place the file column gives before its entry), once, three times.
        entries = list(csv.DictReader(io.StringIO(subprocess.run(
            [cuocc, "--import", path, "--format", "csv"], capture_output=True, text=True).stdout)))
        n_kernels = len({(e["file"].rsplit(" (", 1)[0], e["mangled"] or e["kernel"]) for e in entries})
        print("%d kernels in %d entries" % (n_kernels, len(entries)))
        t_one, rss_one, cpu_one = best(one)
        t_csv, rss_csv, cpu_csv = best(three + ["--format", "csv"])
        t_text, rss_text, cpu_text = best(three)
    finally:
        if os.path.exists(path):
            os.unlink(path)
    with open("/proc/loadavg") as f:
        load_avg = f.read().split()[0]
    print("load average: %s" % load_avg)
    print("one GPU, CSV:        %7.3f s  %7.1f MB peak resident  %7.3f s CPU" % (t_one, rss_one, cpu_one))
    print("three GPUs, CSV:     %7.3f s  %7.1f MB peak resident  %7.3f s CPU" % (t_csv, rss_csv, cpu_csv))
    print("three GPUs, text:    %7.3f s  %7.1f MB peak resident  %7.3f s CPU" % (t_text, rss_text, cpu_text))
    ratio = max(cpu_csv, cpu_text) / cpu_one
    print("ratio three / one (CPU time): %.2f (CSV %.2f, text %.2f)" % (ratio, cpu_csv / cpu_one,
                                                                      cpu_text / cpu_one))
    ok = ratio < TARGET_RATIO and rows == 3 * n_kernels and n_kernels > 0
    print("target: < %.1f and one row per kernel and GPU: %s" % (TARGET_RATIO, "met" if ok else "NOT MET"))
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
