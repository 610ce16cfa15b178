#!/usr/bin/env python3
# test-cli-clusters.py — thread block clusters and the carveout preference
# through the command line.
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The measured figures come from tests/data/clusters-gh100-132sm.csv (a
# copy of the measurements), read here, not from the library. The driver
# path runs against the stand-in libcuda.so.1 built by the tests
# (tests/cli/fake-cuda), which answers like that table.

import csv
import json
import re
import os
import subprocess
import sys
import tempfile

import clitest
from clitest import check, equal, parse_csv, run, usage_error

FAKE_CUDA_DIR = os.path.abspath(sys.argv[2]) if len(sys.argv) > 2 else None
TABLE_PATH = os.path.join(os.environ.get("G_TEST_SRCDIR", os.path.dirname(__file__) + "/.."),
                          "data", "clusters-gh100-132sm.csv")
COVERED = ["NVIDIA H100 SXM5", "NVIDIA H100 NVL", "NVIDIA H200", "NVIDIA GH200"]
CLUSTER_COLUMNS = ["cluster_size", "cluster_blocks_per_sm", "max_active_clusters", "clusters_basis",
                   "cluster_blocks_lost", "cluster_blocks_lost_pct"]


def measured_table():
    with open(TABLE_PATH) as f:
        rows = [line for line in f if not line.startswith("#")]
    return {(int(r["blocks_per_sm"]), int(r["cluster_size"])): int(r["max_active_clusters"])
            for r in csv.DictReader(rows)}


TABLE = measured_table()


def pinning_smem(blocks):
    """Dynamic shared memory that holds a kernel to `blocks` per SM on 9.0:
    228 KiB / blocks in 128-byte units, less the 1 KiB reservation."""
    return min(233472 // blocks // 128 * 128 - 1024, 232448)


def run_driver(*args, log=None):
    env = dict(os.environ)
    # First on the path, before whatever the environment (a Flatpak build) needs.
    env["LD_LIBRARY_PATH"] = FAKE_CUDA_DIR + (":" + env["LD_LIBRARY_PATH"] if env.get("LD_LIBRARY_PATH") else "")
    env["CUOCC_FAKE_CUDA_TABLE"] = TABLE_PATH
    if log is not None:
        env["CUOCC_FAKE_CUDA_LOG"] = log
    # Under memcheck too, as clitest.run starts cuocc (the stand-in library included).
    proc = subprocess.run(clitest.WRAPPER + [clitest.CUOCC] + [str(a) for a in args], env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          timeout=300 * (20 if clitest.WRAPPER else 1))
    return clitest.Result(proc)


def test_table_reproduced_for_each_product():
    lines = ["gpu,threads,regs,smem,cluster_size"]
    for gpu in COVERED:
        for (b, size) in sorted(TABLE):
            lines.append('"%s",128,0,%d,%d' % (gpu, pinning_smem(b), size))
    r = run("--batch", "-", stdin=("\n".join(lines) + "\n").encode())
    equal(r.rc, 0, "exit status", r)
    header, rows = parse_csv(r.out)
    equal(header[-6:], CLUSTER_COLUMNS, "cluster columns come last", r)
    equal(header[:22], clitest.COLUMNS, "the other columns keep their order", r)
    equal(len(rows), 4 * 128, "rows")
    for i, row in enumerate(rows):
        b, size = sorted(TABLE)[i % 128]
        equal(int(row["active_blocks"]), b, "pinned blocks per SM", r)
        equal(row["clusters_basis"], "measured", "basis of %s" % row["gpu"])
        equal(int(row["max_active_clusters"]), TABLE[(b, size)], "%s b=%d size=%d" % (row["gpu"], b, size))
        equal(int(row["cluster_blocks_lost"]), 132 * b - TABLE[(b, size)] * size, "blocks lost")


def test_capped_at_eight_text_and_csv():
    # 128 threads: 16 blocks per SM; a cluster launch holds 8, row 8 of the
    # table: clusters of 4 → 248, 992 of 2112 blocks, 1120 lost (53.03 %).
    r = run("--gpu", "H100 SXM5", "--threads", 128, "--cluster-size", 4, "--format", "csv")
    equal(r.rc, 0, "exit status", r)
    header, rows = parse_csv(r.out)
    row = rows[0]
    equal(row["cluster_blocks_per_sm"], "8", "capped", r)
    equal(row["max_active_clusters"], str(TABLE[(8, 4)]), "clusters", r)
    equal(row["cluster_blocks_lost"], "1120", "lost", r)
    equal(row["cluster_blocks_lost_pct"], "53.03", "lost %", r)

    r = run("--gpu", "H100 SXM5", "--threads", 128, "--cluster-size", 4)
    equal(r.rc, 0, "exit status", r)
    check("Thread block clusters" in r.out, "a clusters section", r)
    check("248 (measured" in r.out, "the measured answer", r)
    check("1120 (53.03 %)" in r.out, "the blocks lost", r)


def test_upper_bound_labelled():
    # H100 PCIe, 114 SMs, no table: ⌊114 × 8 / 4⌋ = 228, an upper bound.
    r = run("--gpu", "H100 PCIe", "--threads", 128, "--cluster-size", 4, "--format", "json")
    equal(r.rc, 0, "exit status", r)
    obj = json.loads(r.out)
    equal(obj["clusters_basis"], "upper-bound", "basis", r)
    equal(obj["max_active_clusters"], 228, "bound", r)
    r = run("--gpu", "H100 PCIe", "--threads", 128, "--cluster-size", 4)
    check("at most 228 (an upper bound" in r.out, "the text calls it a bound", r)
    # B200, 148 SMs, clusters of 1: 148 × 8 = 1184, the published figure,
    # still labelled a bound.
    r = run("--gpu", "B200", "--threads", 128, "--cluster-size", 1, "--format", "csv")
    header, rows = parse_csv(r.out)
    equal(rows[0]["max_active_clusters"], "1184", "B200 bound", r)
    equal(rows[0]["clusters_basis"], "upper-bound", "B200 basis", r)


# A configuration that cannot launch: 768 threads of 234 registers need
# 234 × 32 = 7488, rounded up to 7680 a warp, × 24 warps = 184320 registers,
# more than the SM's 65536. No cluster fits, and that is no upper bound: the
# text used to read "at most 0 (an upper bound: no measured table for this
# GPU …)" and "at least 0 (0 %)" on an H100, which has a measured table.
def test_cannot_launch_no_bound():
    r = run("--gpu", "H100 SXM5", "--threads", 768, "--regs", 234, "--cluster-size", 2)
    equal(r.rc, 0, "exit status", r)
    check(re.search(r"Active thread blocks per SM +0\n", r.out) is not None, "no block fits", r)
    check("upper bound" not in r.out, "no bound where none fits", r)
    check("Max active clusters on the GPU      0 (not one block of this configuration fits on an SM, "
          "with clusters or without)" in r.out, "no cluster fits, and why", r)
    check("Blocks lost to cluster placement    0 (0 %)" in r.out, "nothing lost", r)


def test_bare_cc_per_sm():
    r = run("--cc", "9.0", "--threads", 64, "--regs", 0, "--cluster-size", 2, "--format", "csv")
    equal(r.rc, 0, "exit status", r)
    header, rows = parse_csv(r.out)
    equal(rows[0]["clusters_basis"], "per-sm", "basis", r)
    equal(rows[0]["max_active_clusters"], "", "no whole-GPU figure", r)
    equal(rows[0]["cluster_blocks_lost_pct"], "75", "32 → 8 per SM", r)
    r = run("--cc", "9.0", "--threads", 64, "--regs", 0, "--cluster-size", 2)
    check("no SM count: only per-SM figures" in r.out, "says so", r)
    r = run("--cc", "12.0", "--threads", 64, "--cluster-size", 2)
    check("an assumption" in r.out, "the cap is labelled an assumption on 12.0", r)


def test_sizes_refused():
    usage_error(run("--cc", "8.0", "--threads", 128, "--cluster-size", 2), "8.0", "9.0")
    usage_error(run("--cc", "9.0", "--threads", 128, "--cluster-size", 17), "--cluster-size", "16")
    usage_error(run("--cc", "12.0", "--threads", 128, "--cluster-size", 9), "12.0", "8")
    usage_error(run("--cc", "11.0", "--threads", 128, "--cluster-size", 16), "11.0", "8")
    usage_error(run("--cc", "9.0", "--threads", 128, "--cluster-size", "four"), "--cluster-size")
    equal(run("--cc", "10.0", "--threads", 128, "--cluster-size", 16).rc, 0, "16 on 10.0")
    r = run("--batch", "-", stdin=b"cc,threads,cluster_size\n8.6,128,2\n9.0,128,x\n9.0,128,\n")
    equal(r.rc, 1, "rows failed", r)
    header, rows = parse_csv(r.out)
    check("9.0" in rows[0]["error"], "8.6 refused", r)
    equal(rows[0]["cluster_size"], "2", "echoed", r)
    check("cluster_size" in rows[1]["error"], "not a number", r)
    equal(rows[2]["error"], "", "empty means no cluster launch", r)
    equal(rows[2]["clusters_basis"], "", "and no cluster figures", r)


def test_grid_counts_clusters():
    # 1000 clusters, 248 at once: 4 full waves and 8 clusters in a fifth.
    r = run("--gpu", "H100 SXM5", "--threads", 128, "--cluster-size", 4, "--grid", 1000, "--format", "csv")
    equal(r.rc, 0, "exit status", r)
    header, rows = parse_csv(r.out)
    equal(header[22:28], ["grid", "blocks_per_wave", "waves", "tail_blocks", "tail_fill_pct",
                          "wave_efficiency_pct"], "waves before the cluster columns", r)
    equal(header[28:], CLUSTER_COLUMNS, "cluster columns last", r)
    equal(rows[0]["blocks_per_wave"], "248", "clusters per wave", r)
    equal(rows[0]["waves"], "5", "waves", r)
    equal(rows[0]["tail_blocks"], "8", "tail", r)
    r = run("--gpu", "H100 SXM5", "--threads", 128, "--cluster-size", 4, "--grid", 1000)
    check("1000 clusters" in r.out, "the grid in clusters", r)
    check("5 (4 full + a last wave 3.23 % full: 8 of 248 clusters)" in r.out, "the waves in clusters", r)


def test_advice_on_cluster_size():
    # Clusters of 8 with 8 blocks per SM: 124 × 8 = 992 blocks; clusters of 2
    # hold 528 × 2 = 1056; no larger size beats 992.
    r = run("--gpu", "H100 SXM5", "--threads", 128, "--cluster-size", 8, "--advise", "--format", "csv")
    equal(r.rc, 0, "exit status", r)
    header, rows = parse_csv(r.out)
    advice = [row for row in rows if row["kind"] == "cluster_size"]
    equal(len(advice), 1, "one cluster-size advice", r)
    check("Clusters of 2 blocks keep 1056" in advice[0]["text"], "names size 2 and 1056", r)


def test_carveout():
    # H200, 40000 bytes: 41088 per block. 50 % = 116736 → 132 KiB: 3 blocks,
    # the largest configuration would hold 5.
    r = run("--gpu", "H200", "--threads", 256, "--smem", 40000, "--carveout", 50, "--format", "csv")
    equal(r.rc, 0, "exit status", r)
    header, rows = parse_csv(r.out)
    equal(rows[0]["smem_config"], "135168", "configuration", r)
    equal(rows[0]["active_blocks"], "3", "blocks", r)
    check("a preference, not a guarantee: the driver may grant more shared memory and run more blocks"
          in r.err, "the warning", r)
    r = run("--gpu", "H200", "--threads", 256, "--smem", 40000, "--carveout", 100)
    check("preference, not a guarantee" not in r.out + r.err, "no warning at 100 %", r)
    check("100 % of the largest configuration" in r.out, "the input is shown", r)
    usage_error(run("--cc", "9.0", "--threads", 128, "--carveout", 50, "--smem-config", "100K"),
                "--smem-config", "--carveout")
    usage_error(run("--cc", "9.0", "--threads", 128, "--carveout", 101), "--carveout", "100")
    usage_error(run("--cc", "6.1", "--threads", 128, "--carveout", 50), "7.0")
    r = run("--batch", "-", stdin=b"cc,threads,smem,carveout\n9.0,256,40000,25\n9.0,256,40000,\n")
    equal(r.rc, 0, "batch", r)
    header, rows = parse_csv(r.out)
    equal(rows[0]["smem_config"], "65536", "25 % = 58368 → 64 KiB", r)
    equal(rows[0]["active_blocks"], "1", "one block of 41088 in 64 KiB", r)
    equal(rows[1]["smem_config"], "233472", "no preference: the largest", r)
    r = run("--batch", "-", stdin=b"cc,threads,smem_config,carveout\n9.0,256,100K,25\n")
    equal(r.rc, 1, "both is an error row", r)


def test_measure_clusters_from_driver():
    with tempfile.TemporaryDirectory() as tmp:
        log = os.path.join(tmp, "log")
        r = run_driver("--detect", "--measure-clusters", log=log)
        equal(r.rc, 0, "exit status", r)
        lines = [line for line in r.out.splitlines() if not line.startswith("#")]
        equal(lines[0], "blocks_per_sm,cluster_size,max_active_clusters", "the data file's header", r)
        got = {(int(b), int(s)): int(n) for b, s, n in (line.split(",") for line in lines[1:])}
        equal(got, TABLE, "all 128 entries")
        check("NVIDIA H100 80GB HBM3" in r.out, "names the GPU", r)
        with open(log) as f:
            counts = dict(item.split("=") for item in f.read().split())
        equal(counts["retained"], counts["released"], "contexts released", counts)
        equal(counts["loaded"], "1", "one probe module", counts)
        equal(counts["unloaded"], "1", "and unloaded", counts)
        equal(counts["cluster_queries"], "128", "one query per entry", counts)


def test_driver_basis():
    b = 5
    with tempfile.TemporaryDirectory() as tmp:
        log = os.path.join(tmp, "log")
        r = run_driver("--gpu", "this", "--threads", 128, "--regs", 0, "--smem", pinning_smem(b),
                       "--cluster-size", 16, "--format", "json", log=log)
        equal(r.rc, 0, "exit status", r)
        obj = json.loads(r.out)
        equal(obj["gpu"], "NVIDIA H100 80GB HBM3", "the driver's GPU", r)
        equal(obj["clusters_basis"], "driver", "basis", r)
        equal(obj["max_active_clusters"], TABLE[(b, 16)], "the driver's answer", r)
        # Without a cluster size nothing is measured.
        r = run_driver("--detect", "--threads", 128, log=log)
        equal(r.rc, 0, "exit status", r)
        with open(log) as f:
            check("loaded=0" in f.read(), "no probe without --cluster-size")


def test_plot_cluster_size_and_barriers():
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "clusters.csv")
        r = run("--gpu", "H100 SXM5", "--threads", 128, "--cluster-size", 4, "--plot", "cluster-size",
                "--output", out)
        equal(r.rc, 0, "exit status", r)
        with open(out) as f:
            header, rows = parse_csv(f.read())
        equal(header, ["cluster_size", "active_blocks", "active_warps", "occupancy_pct", "clusters_basis"],
              "columns")
        equal([row["cluster_size"] for row in rows], [str(i) for i in range(17)], "0 to 16")
        # No clusters: 16 blocks, 64 warps. Clusters of 1: 1056 blocks of 4
        # warps on 132 SMs = 32 warps per SM. Clusters of 4: 248 × 4 × 4 /
        # 132 = 30.06 → 30 warps, 46.88 %.
        equal((rows[0]["active_warps"], rows[0]["clusters_basis"]), ("64", "no-clusters"), "no clusters")
        equal((rows[1]["active_warps"], rows[1]["occupancy_pct"]), ("32", "50"), "clusters of 1")
        equal((rows[4]["active_warps"], rows[4]["occupancy_pct"], rows[4]["clusters_basis"]),
              ("30", "46.88", "measured"), "clusters of 4")
        for kind in ("cluster-size", "barriers"):
            png = os.path.join(tmp, kind + ".png")
            r = run("--gpu", "H100 SXM5", "--threads", 128, "--cluster-size", 4, "--plot", kind, "--output", png)
            equal(r.rc, 0, "exit status", r)
            with open(png, "rb") as f:
                check(f.read(8) == b"\x89PNG\r\n\x1a\n", "a PNG")
        # Barriers on 9.0: 2 × 32 slots; 6 barriers per block → 10 blocks =
        # 40 warps, 62.5 %.
        out = os.path.join(tmp, "barriers.csv")
        r = run("--gpu", "H100 SXM5", "--threads", 128, "--plot", "barriers", "--output", out)
        with open(out) as f:
            header, rows = parse_csv(f.read())
        equal((rows[6]["active_blocks"], rows[6]["occupancy_pct"]), ("10", "62.5"), "6 barriers")
        usage_error(run("--cc", "8.0", "--threads", 128, "--plot", "cluster-size", "--output", out), "9.0")


def test_measure_clusters_usage():
    usage_error(run("--measure-clusters"), "--measure-clusters")
    usage_error(run("--cc", "9.0", "--measure-clusters"), "--measure-clusters")
    usage_error(run("--detect", "--measure-clusters", "--threads", 128), "--measure-clusters")


# Every input of a question is refused by the modes that ask none: the
# three hand-written lists these checks once were disagreed, and
# --dynamic-smem slipped past --measure-clusters to the driver.
INPUT_OPTIONS = [("--threads", "128"), ("--regs", "32"), ("--smem", "1K"), ("--dynamic-smem", "1K"),
                 ("--smem-config", "100K"), ("--barriers", "1"), ("--carveout", "50"),
                 ("--cluster-size", "2"), ("--global-caching", "off")]


def test_modes_refuse_every_input():
    for option, value in INPUT_OPTIONS:
        usage_error(run("--detect", "--measure-clusters", option, value), "--measure-clusters")
        usage_error(run("--gpu-data", option, value), "--gpu-data")
        usage_error(run("--list-gpus", option, value), "--list-gpus")
        usage_error(run("--batch", "-", option, value, stdin=b"cc,threads\n8.0,128\n"), "--batch")


# The SMs a launch may use (--sms, the batch column sms): the minimum grid,
# the waves and the clusters count them. H100 SXM5, 128 threads × 37
# registers: the best block size is 768 threads, 2 blocks an SM, so a full
# GPU takes 2 × 132 = 264 blocks, and 2 × 66 = 132 on 66 SMs (half an H100
# under MIG or MPS).
def test_sms_a_launch_may_use():
    def min_grid(*extra):
        r = run("--gpu", "H100 SXM5", "--threads", 128, "--regs", 37, *extra)
        equal(r.rc, 0, "exit status", r)
        line = [l for l in r.out.splitlines() if "Minimum grid size" in l]
        return line[0].split()[-5] if line else None
    equal(min_grid(), "264", "a full H100 SXM5")
    equal(min_grid("--sms", 66), "132", "66 of its SMs")

    # Clusters of 2: 8 of a cluster's blocks fit an SM, 4 clusters; 528 on
    # the 132 SMs the measured table is for, at most 4 × 66 = 264 on 66
    # (the table no longer applies: an upper bound).
    r = run("--batch", "-", stdin=b"gpu,threads,regs,cluster_size,sms\n"
            b"H100 SXM5,128,37,2,\nH100 SXM5,128,37,2,66\nH100 SXM5,128,37,2,0\n")
    header, rows = parse_csv(r.out)
    equal((rows[0]["max_active_clusters"], rows[0]["clusters_basis"]), ("528", "measured"), "all SMs")
    equal((rows[1]["cluster_blocks_per_sm"], rows[1]["max_active_clusters"], rows[1]["clusters_basis"]),
          ("8", "264", "upper-bound"), "66 SMs")
    check("sms: 0 is out of range; allowed: 1 to 100000" in rows[2]["error"], "sms 0 refused", r)
    equal(r.rc, 1, "one row refused", r)

    # Waves: 4000 blocks of 12 an SM on 66 SMs: 792 a wave, 5 full and 40 more.
    r = run("--gpu", "H100 SXM5", "--threads", 128, "--regs", 37, "--sms", 66, "--grid", 4000, "--format", "csv")
    header, rows = parse_csv(r.out)
    equal((rows[0]["blocks_per_wave"], rows[0]["waves"], rows[0]["tail_blocks"]), ("792", "6", "40"), "waves on 66 SMs")
    usage_error(run("--gpu", "H100 SXM5", "--threads", 128, "--sms", 0), "--sms", "1 to 100000")


# An option given an empty value says what it allows, for every input.
def test_empty_values_say_what_is_allowed():
    allowed = {"--cluster-size": "a whole number from 0 to 16",
               "--carveout": "a whole number of percent from 0 to 100",
               "--dynamic-smem": "a size such as 49152 or 48K",
               "--global-caching": "off, on or strict"}
    for option, words in allowed.items():
        usage_error(run("--cc", "9.0", "--threads", 128, option, ""), option, "allowed: " + words)


if __name__ == "__main__":
    clitest.main(globals())
