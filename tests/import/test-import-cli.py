#!/usr/bin/env python3
# test-import-cli.py — cuocc --import on the fixtures in tests/import/data.
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The occupancy figures are worked out by hand from the published rules:
#   CC 9.0, 256 threads (8 warps): 64 / 8 = 8 blocks, 100 %, unless registers
#     bind. heavy() has 72 registers: a warp takes 72 x 32 = 2304, a
#     sub-partition of 16384 holds 7 warps, the SM 28: 3 blocks, 24 warps,
#     37.5 %. bounded() has 27: 864 rounds up to 1024 a warp, 16 warps a
#     sub-partition, 64 in all: 8 blocks, bound by warps and registers alike.
#   CC 8.6 (48 warps, 16 blocks, 100 KiB), stencil::compute<8>: 128 threads,
#     72 registers (7 blocks), 16380 bytes static shared memory: 16384 + the
#     runtime's 1024 = 17408 a block, 102400 / 17408 = 5 blocks, 20 warps,
#     41.67 %, as the profiler says. dynamic_smem(): 512 threads (16 warps),
#     16 registers, 2050 bytes: 48 / 16 = 3 blocks, 100 %; the fixture's
#     profiler says 50 %, so the two must be flagged as disagreeing.

import json
import os
import sys

sys.path.insert(0, os.path.join(os.environ.get("CUOCC_SOURCE_ROOT", "."), "tests", "cli"))
from clitest import check, equal, main, parse_csv, run, usage_error  # noqa: E402

DATA = os.path.join(os.environ.get("CUOCC_SOURCE_ROOT", "."), "tests", "import", "data")

BASE = ["kernel", "mangled", "arch", "regs", "smem", "barriers", "stack", "spill_stores", "spill_loads"]
OCCUPANCY = ["cc", "gpu", "threads", "smem_config", "global_caching",
             "active_blocks", "active_warps", "active_threads", "occupancy_pct",
             "blocks_by_warps", "blocks_by_regs", "blocks_by_smem", "blocks_by_blocks", "blocks_by_barriers",
             "limiters", "regs_per_block", "smem_per_block", "best_block_size", "error"]
PROFILER = ["dynamic_smem", "profiled_threads", "profiler_occupancy_pct", "achieved_occupancy_pct",
            "occupancy_agrees"]


def data(name):
    return os.path.join(DATA, name)


def by_kernel(rows, name, arch=None):
    found = [r for r in rows if r["kernel"] == name and (arch is None or r["arch"] == arch)]
    equal(len(found), 1, "rows for %s %s" % (name, arch))
    return found[0]


def test_text_lists_every_kernel():
    r = run("--import", data("ptxas-sm90.log"))
    equal(r.rc, 0, "exit status", r)
    lines = r.out.splitlines()
    equal(len(lines), 11, "header and ten kernels", r)
    check(lines[0].split()[0] == "ARCH" and lines[0].split()[-1] == "KERNEL", "header", r)
    check(lines[7].endswith("heavy(float const*, float*)") and lines[7].split()[1] == "72", "heavy row", r)


def test_csv_columns_and_figures():
    r = run("--import", data("ptxas-sm90.log"), "--format", "csv")
    equal(r.rc, 0, "exit status", r)
    header, rows = parse_csv(r.out)
    equal(header, BASE, "columns")
    row = by_kernel(rows, "named_barriers(int*)")
    equal([row[c] for c in BASE[1:]], ["_Z14named_barriersPi", "sm_90", "10", "256", "3", "0", "0", "0"], "figures")
    equal(by_kernel(rows, "plain_c_kernel")["mangled"], "plain_c_kernel", "extern C name")


def test_spills():
    r = run("--import", data("ptxas-maxrreg32-sm80.log"), "--format", "csv")
    _, rows = parse_csv(r.out)
    row = by_kernel(rows, "heavy(float const*, float*)")
    equal([row["regs"], row["stack"], row["spill_stores"], row["spill_loads"]], ["32", "992", "2076", "2344"], "spills")


def test_threads_adds_occupancy():
    r = run("--import", data("ptxas-sm90.log"), "--threads", "256", "--format", "csv")
    equal(r.rc, 0, "exit status", r)
    header, rows = parse_csv(r.out)
    equal(header, BASE + OCCUPANCY, "columns")
    heavy = by_kernel(rows, "heavy(float const*, float*)")
    equal([heavy["cc"], heavy["threads"], heavy["active_blocks"], heavy["active_warps"], heavy["occupancy_pct"],
           heavy["limiters"]], ["9.0", "256", "3", "24", "37.5", "registers"], "heavy")
    bounded = by_kernel(rows, "bounded(float*, float const*)")
    equal([bounded["active_blocks"], bounded["occupancy_pct"], bounded["limiters"]],
          ["8", "100", "warps|registers"], "bounded")


def test_each_architecture_its_own_cc():
    r = run("--import", data("resource-usage-multi.log"), "--threads", "128", "--format", "csv")
    equal(r.rc, 0, "exit status", r)
    _, rows = parse_csv(r.out)
    equal(len(rows), 70, "rows")
    equal(sorted(set((row["arch"], row["cc"]) for row in rows)),
          [("sm_100", "10.0"), ("sm_120", "12.0"), ("sm_75", "7.5"), ("sm_80", "8.0"), ("sm_86", "8.6"),
           ("sm_89", "8.9"), ("sm_90", "9.0")], "arch and cc")


def test_cc_names_one_gpu():
    r = run("--import", data("resource-usage-multi.log"), "--threads", "128", "--cc", "8.0", "--format", "csv")
    _, rows = parse_csv(r.out)
    equal(set(row["cc"] for row in rows), {"8.0"}, "every row on CC 8.0")


def test_ncu_compares_with_profiler():
    r = run("--import", data("ncu-details-sm86.csv"), "--format", "csv")
    equal(r.rc, 0, "exit status", r)
    header, rows = parse_csv(r.out)
    equal(header, BASE + OCCUPANCY + PROFILER, "columns")
    stencil = by_kernel(rows, "void stencil::compute<8>(const float *, float *, int)")
    equal([stencil["threads"], stencil["active_blocks"], stencil["occupancy_pct"], stencil["limiters"],
           stencil["profiler_occupancy_pct"], stencil["occupancy_agrees"]],
          ["128", "5", "41.67", "shared_memory", "41.67", "true"], "stencil")
    dyn = by_kernel(rows, "dynamic_smem(float*, int)")
    equal([dyn["dynamic_smem"], dyn["occupancy_pct"], dyn["profiler_occupancy_pct"], dyn["occupancy_agrees"]],
          ["2050", "100", "50", "false"], "dynamic_smem")
    check("dynamic_smem(float*, int)" in r.err and "50%" in r.err, "disagreement warned about", r)


def test_ncu_other_threads_not_compared():
    r = run("--import", data("ncu-details-sm86.csv"), "--format", "csv", "--threads", "64")
    _, rows = parse_csv(r.out)
    equal(set(row["occupancy_agrees"] for row in rows), {""}, "no comparison for another launch")
    equal(r.err, "", "no warning", r)


def test_ncu_raw_json():
    r = run("--import", data("ncu-raw-sm90.csv"), "--format", "json")
    equal(r.rc, 0, "exit status", r)
    rows = json.loads(r.out)
    equal(len(rows), 2, "rows")
    equal(rows[0]["mangled"], "_ZN3gpt9layernormILi256EEEvPK6__halfPS1_i", "mangled")
    equal(rows[0]["barriers"], None, "unknown is null")
    equal([rows[0]["occupancy_pct"], rows[0]["profiler_occupancy_pct"], rows[0]["occupancy_agrees"]],
          [75, 75, True], "layernorm")
    equal([rows[1]["dynamic_smem"], rows[1]["smem_per_block"]], [49152, 49152 + 1024], "dynamic shared memory counts")


def test_standard_input():
    with open(data("cuobjdump-multi.txt"), "rb") as f:
        r = run("--import", "-", "--format", "csv", stdin=f.read())
    equal(r.rc, 0, "exit status", r)
    _, rows = parse_csv(r.out)
    equal([(row["arch"], row["regs"]) for row in rows], [("sm_80", "40"), ("sm_80", "255"), ("sm_90", "38"),
                                                          ("sm_90", "168")], "kernels")


def test_no_arch_needs_a_gpu():
    r = run("--import", data("ptxas-cuda2.log"), "--threads", "64", "--format", "csv")
    equal(r.rc, 1, "exit status", r)
    _, rows = parse_csv(r.out)
    check("--gpu" in rows[0]["error"], "the error says what to do", r)
    r = run("--import", data("ptxas-cuda2.log"), "--threads", "64", "--cc", "7.0", "--format", "csv")
    equal(r.rc, 0, "exit status with --cc", r)


def test_not_a_log():
    r = run("--import", "-", stdin=b"hello\nworld\n")
    usage_error(r, "ptxas -v", "cuobjdump", "Nsight Compute")
    r = run("--import", "-", stdin=bytes(range(256)) * 64)
    usage_error(r, "ptxas -v")
    r = run("--import", os.path.join(DATA, "no-such-file.log"))
    usage_error(r, "no-such-file.log")


def test_usage_errors():
    usage_error(run("--import"), "import")
    usage_error(run("--import", data("ptxas-sm90.log"), "--threads", "0"), "--threads")
    usage_error(run("--import", data("ptxas-sm90.log"), "--format", "xml"), "xml")
    usage_error(run("--import", data("ptxas-sm90.log"), "--cc", "8.0", "--gpu", "A100"), "--gpu", "--cc")
    usage_error(run("--import", data("ptxas-sm90.log"), "--gpu", "no such gpu"))
    usage_error(run("--import", data("ptxas-sm90.log"), "stray"), "stray")


if __name__ == "__main__":
    main(globals())
