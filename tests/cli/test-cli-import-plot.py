#!/usr/bin/env python3
# test-cli-import-plot.py — cuocc --import FILE --gpu G --plot occupancy: how
# the kernels that run on the GPU spread over occupancy, as the app's summary
# draws it.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import struct

import clitest  # noqa: E402
from clitest import check, equal, main, run, usage_error

TMP = clitest.scratch_dir("cuocc-cli-import-plot-")
LOG = os.path.join(os.environ.get("CUOCC_SOURCE_ROOT", "."), "tests/import/data/resource-usage-multi.log")
BASE = ["--import", LOG, "--cc", "8.9", "--threads", "256"]


def out(name):
    return os.path.join(TMP, name)


def test_csv_bars():
    # On 8.9 at 256 threads the ten sm_89 entries run. heavy() has 72
    # registers: 2,304 a warp, 65,536 / 2,304 = 28 warps, 3 blocks of 8, 24
    # of 48 warps: 50 %, the 50-60 bar. The others use at most 24 registers
    # (1,024 a warp after rounding, 64 warps fit) and at most 9 KiB + 1 KiB
    # reserved (10 blocks fit): warps allow 6 blocks, 48 warps, 100 %.
    path = out("bars.csv")
    r = run(*BASE, "--plot", "occupancy", "--output", path, "--format", "csv")
    equal(r.rc, 0, "exit status", r)
    check(r.out.startswith("kernel,"), "the rows are written as without --plot", r)
    with open(path) as f:
        lines = f.read().splitlines()
    equal(lines[0], "occupancy_from_pct,occupancy_to_pct,kernels", "header")
    counts = {line.split(",")[0]: int(line.split(",")[2]) for line in lines[1:]}
    equal(counts["50"], 1, "heavy() at 50 %")
    equal(counts["90"], 9, "the nine at 100 %")
    equal(sum(counts.values()), 10, "the entries that run on 8.9")


def test_png_size():
    path = out("bars.png")
    r = run(*BASE, "--plot", "occupancy", "--output", path, "--size", "640x360")
    equal(r.rc, 0, "exit status", r)
    with open(path, "rb") as f:
        data = f.read()
    equal(data[:8], b"\x89PNG\r\n\x1a\n", "PNG signature")
    equal(struct.unpack(">II", data[16:24]), (640, 360), "PNG size")


def test_usage_errors():
    usage_error(run("--import", LOG, "--threads", "256", "--plot", "occupancy", "--output", out("x.png")),
                "--gpu", "--cc")
    usage_error(run(*BASE, "--plot", "threads", "--output", out("x.png")), "occupancy")
    usage_error(run(*BASE, "--plot", "occupancy", "--output", out("x.gif")), ".png")
    usage_error(run(*BASE, "--plot", "occupancy"), "--output")
    usage_error(run(*BASE, "--output", out("x.png")), "--plot")
    check(not os.path.exists(out("x.png")), "nothing written on a usage error")


if __name__ == "__main__":
    main(globals())
