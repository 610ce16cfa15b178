#!/usr/bin/env python3
# bench-cli-batch.py — benchmark (b): cuocc --batch throughput on 200,000 rows.
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Generates 200,000 varied rows (product names and bare compute capabilities,
# every block size, registers and shared memory), then times cuocc --batch on
# them beside `cat` of the same file in the same run, best of a few runs each.
# Prints rows/s and the ratio; fails below 500,000 rows/s.

import os
import random
import subprocess
import sys
import tempfile
import time

ROWS = 200_000
TARGET = 500_000
RUNS = 5


def generate(path):
    rnd = random.Random(42)
    gpus = ["Tesla V100 SXM2", "A100 SXM4", "RTX 4090", "H100 SXM5", "Tesla T4"]
    ccs = ["3.5", "5.2", "6.1", "7.0", "7.5", "8.0", "8.6", "8.9", "9.0", "12.0"]
    with open(path, "w") as f:
        f.write("gpu,cc,threads,regs,smem,barriers\n")
        for i in range(ROWS):
            device = ("%s," % rnd.choice(gpus)) if i % 4 == 0 else (",%s" % rnd.choice(ccs))
            f.write("%s,%d,%d,%d,%d\n" % (device, 32 * rnd.randint(1, 32), rnd.randint(0, 128),
                                          256 * rnd.randint(0, 160), rnd.randint(0, 2)))


def best_time(args, stdin_path):
    best = float("inf")
    for _ in range(RUNS):
        with open(stdin_path, "rb") as f:
            start = time.perf_counter()
            proc = subprocess.run(args, stdin=f, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            elapsed = time.perf_counter() - start
        if proc.returncode not in (0, 1):
            sys.exit("%s failed (%d): %s" % (args, proc.returncode, proc.stderr.decode()))
        best = min(best, elapsed)
    return best


def main():
    cuocc = os.path.abspath(sys.argv[1])
    with tempfile.TemporaryDirectory(prefix="cuocc-bench-") as tmp:
        path = os.path.join(tmp, "rows.csv")
        generate(path)
        size = os.path.getsize(path)
        # The rows' names must all resolve: no row may be an error.
        check = subprocess.run([cuocc, "--batch", path], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        if check.returncode != 0:
            sys.exit("cuocc --batch reported row errors: %s" % check.stderr.decode())
        t_cat = best_time(["cat", path], path)
        t_cuocc = best_time([cuocc, "--batch", path], path)
        t_stdin = best_time([cuocc, "--batch", "-"], path)
    rate = ROWS / t_cuocc
    print("rows: %d (%.1f MB)" % (ROWS, size / 1e6))
    print("cat (reference):       %8.1f ms  %12.0f rows/s" % (t_cat * 1e3, ROWS / t_cat))
    print("cuocc --batch FILE:    %8.1f ms  %12.0f rows/s" % (t_cuocc * 1e3, rate))
    print("cuocc --batch - (pipe): %7.1f ms  %12.0f rows/s" % (t_stdin * 1e3, ROWS / t_stdin))
    print("ratio cuocc / cat:     %8.1f" % (t_cuocc / t_cat))
    print("target: >= %d rows/s: %s" % (TARGET, "met" if rate >= TARGET else "NOT MET"))
    sys.exit(0 if rate >= TARGET else 1)


if __name__ == "__main__":
    main()
