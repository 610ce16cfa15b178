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

import contextlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.environ.get("CUOCC_SOURCE_ROOT", "."), "tests", "cli"))
import clitest  # noqa: E402
from clitest import check, equal, main, parse_csv, run, skip, usage_error  # noqa: E402

DATA = os.path.join(os.environ.get("CUOCC_SOURCE_ROOT", "."), "tests", "import", "data")

BASE = ["kernel", "mangled", "arch", "regs", "smem", "barriers", "stack", "spill_stores", "spill_loads"]
OCCUPANCY = ["cc", "gpu", "threads", "smem_config", "global_caching",
             "active_blocks", "active_warps", "active_threads", "occupancy_pct",
             "blocks_by_warps", "blocks_by_regs", "blocks_by_smem", "blocks_by_blocks", "blocks_by_barriers",
             "limiters", "regs_per_block", "smem_per_block", "best_block_size", "error"]
PROFILER = ["dynamic_smem", "profiled_threads", "profiler_occupancy_pct", "achieved_occupancy_pct",
            "occupancy_agrees"]
# Appended for binaries and Triton caches; a name appears once, so dynamic_smem
# and threads are left out where the profiler's or the occupancy columns hold them.
BINARY = ["file", "max_threads", "min_blocks", "max_regs", "cluster_dims", "dynamic_smem", "threads",
          "loaded_on_gpu"]


def binary_columns(*shown):
    return [c for c in BINARY if c not in shown]


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
    equal(header, BASE + BINARY, "columns")
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
    equal(header, BASE + OCCUPANCY + binary_columns("threads"), "columns")
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
    # Only the sm_80 entries run on 8.0: the others are not worked out there.
    r = run("--import", data("resource-usage-multi.log"), "--threads", "128", "--cc", "8.0", "--format", "csv")
    equal(r.rc, 0, "exit status", r)
    _, rows = parse_csv(r.out)
    equal(set(row["cc"] for row in rows if row["arch"] == "sm_80"), {"8.0"}, "sm_80 rows on CC 8.0")
    equal(set(row["cc"] for row in rows if row["arch"] != "sm_80"), {""}, "no other row worked out")
    equal(set(row["loaded_on_gpu"] for row in rows if row["arch"] == "sm_80"), {"true"}, "sm_80 loads")
    equal(set(row["loaded_on_gpu"] for row in rows if row["arch"] != "sm_80"), {"false"}, "the others do not")


def test_gpu_loads_its_own_entry():
    # An RTX 4090 is 8.9: the log's sm_89 code runs there, never its sm_90 code.
    # heavy(): 72 registers, 2304 a warp; 16384 / 2304 = 7 warps a sub-partition,
    # 28 an SM: 3 blocks of 8 warps, 24 of 48 warps, 50 %.
    r = run("--import", data("resource-usage-multi.log"), "--gpu", "RTX 4090", "--threads", "256",
            "--format", "csv")
    equal(r.rc, 0, "exit status", r)
    _, rows = parse_csv(r.out)
    loaded = [row for row in rows if row["loaded_on_gpu"] == "true"]
    equal(len(loaded), 10, "one entry of each of the ten kernels")
    equal(set(row["arch"] for row in loaded), {"sm_89"}, "the sm_89 entries")
    heavy = by_kernel(rows, "heavy(float const*, float*)", "sm_89")
    equal([heavy["cc"], heavy["active_blocks"], heavy["active_warps"], heavy["occupancy_pct"], heavy["error"]],
          ["8.9", "3", "24", "50", ""], "heavy on 8.9")
    sm90 = by_kernel(rows, "heavy(float const*, float*)", "sm_90")
    equal([sm90["loaded_on_gpu"], sm90["occupancy_pct"]], ["false", ""], "sm_90 not worked out")
    check("sm_89" in sm90["error"] and "8.9" in sm90["error"], "the error names the entry that loads", r)


def test_gpu_without_threads_marks_entries():
    r = run("--import", data("resource-usage-multi.log"), "--gpu", "RTX 4090")
    equal(r.rc, 0, "exit status", r)
    check("--threads" in r.err, "says that the block size is needed", r)
    lines = r.out.splitlines()
    check(lines[0].split()[-2:] == ["LOADED", "KERNEL"], "LOADED column", r)
    check(all(line.split()[0] == "sm_89" for line in lines[1:] if " yes " in line), "only sm_89 says yes", r)
    equal(sum(" yes " in line for line in lines[1:]), 10, "ten entries load", r)
    equal(len(lines), 71, "every entry listed", r)


def test_gpu_where_nothing_runs():
    r = run("--import", data("resource-usage-multi.log"), "--cc", "6.1", "--threads", "128", "--format", "json")
    equal(r.rc, 1, "exit status: no kernel can run", r)
    rows = json.loads(r.out)
    equal(set(row["loaded_on_gpu"] for row in rows), {False}, "nothing loads")
    check(all("cannot run on compute capability 6.1" in row["error"] for row in rows), "every row says why", r)


def test_loaded_unknown_without_gpu():
    r = run("--import", data("ptxas-sm90.log"), "--format", "json")
    rows = json.loads(r.out)
    equal(set(row["loaded_on_gpu"] for row in rows), {None}, "no GPU, no mark")
    equal([rows[0][c] for c in BINARY], [data("ptxas-sm90.log"), None, None, None, None, None, None, None],
          "what a log does not record is null, never 0")


def test_dynamic_smem():
    # CC 9.0, 256 threads. bounded(): 9216 static + 40960 dynamic = 50176 bytes,
    # + 1024 reserved = 51200 a block; 233472 / 51200 = 4 blocks, 32 warps, 50 %.
    # plain_c_kernel: 512 + 40960 + 1024 = 42496: 5 blocks, 62.5 %.
    r = run("--import", data("ptxas-sm90.log"), "--threads", "256", "--dynamic-smem", "40K", "--format", "csv")
    equal(r.rc, 0, "exit status", r)
    _, rows = parse_csv(r.out)
    bounded = by_kernel(rows, "bounded(float*, float const*)")
    equal([bounded["smem_per_block"], bounded["active_blocks"], bounded["occupancy_pct"]], ["51200", "4", "50"],
          "bounded")
    plain = by_kernel(rows, "plain_c_kernel")
    equal([plain["smem_per_block"], plain["active_blocks"], plain["occupancy_pct"]], ["42496", "5", "62.5"],
          "plain_c_kernel")
    check("bounded(float*, float const*): 50176 bytes" in r.err and
          "cudaFuncAttributeMaxDynamicSharedMemorySize, 40960" in r.err, "opt-in note past 48 KiB", r)
    check("plain_c_kernel:" not in r.err, "no note below 48 KiB", r)
    usage_error(run("--import", data("ptxas-sm90.log"), "--dynamic-smem", "lots"), "--dynamic-smem")


def test_several_files():
    r = run("--import", data("ptxas-sm90.log"), "--import", data("ptxas-maxrreg32-sm80.log"), "--format", "csv")
    equal(r.rc, 0, "exit status", r)
    _, rows = parse_csv(r.out)
    equal(len(rows), 20, "both files' kernels")
    equal([row["file"] for row in rows], [data("ptxas-sm90.log")] * 10 + [data("ptxas-maxrreg32-sm80.log")] * 10,
          "each row's file")
    r = run("--import", data("ptxas-sm90.log"), "--import", data("no-such-file.log"))
    usage_error(r, "no-such-file.log")


def test_check_passes_and_fails():
    # CC 9.0, 256 threads: heavy() 37.5 % with 72 registers; every other kernel 100 %.
    r = run("--import", data("ptxas-sm90.log"), "--threads", "256", "--check", "occupancy>=50,regs<=64,spills==0")
    equal(r.rc, 3, "exit status", r)
    failures = [line for line in r.err.splitlines() if line.startswith("cuocc: check failed:")]
    equal(len(failures), 2, "two failures", r)
    check("heavy(float const*, float*) (sm_90): occupancy is 37.5" in failures[0], "occupancy failure", r)
    check("regs is 72" in failures[1], "register failure", r)
    r = run("--import", data("ptxas-sm90.log"), "--threads", "256", "--check", "occupancy>=37.5, regs <= 72")
    equal(r.rc, 0, "exit status when every kernel passes", r)
    r = run("--import", data("ptxas-maxrreg32-sm80.log"), "--check", "spills==0")
    equal(r.rc, 3, "spills: 2076 + 2344 bytes", r)
    check("spills is 4420" in r.err, "the sum of stores and loads", r)


def test_check_only_what_loads():
    # On an RTX 4090 only the sm_89 entries are checked: heavy() has 72 registers there (50 %).
    r = run("--import", data("resource-usage-multi.log"), "--gpu", "RTX 4090", "--threads", "256",
            "--check", "occupancy>50")
    equal(r.rc, 3, "exit status", r)
    failures = [line for line in r.err.splitlines() if line.startswith("cuocc: check failed:")]
    equal(failures, ["cuocc: check failed: heavy(float const*, float*) (sm_89): occupancy is 50; "
                     "the check asks occupancy>50"], "one failure, on sm_89", r)


def test_check_needs_a_valid_expression():
    for expr in ["occupancy=>50", "occupancy", "speed>3", "regs<=many", "", "regs<=1,"]:
        r = run("--import", data("ptxas-sm90.log"), "--check", expr)
        usage_error(r, "occupancy, regs, smem, stack, spills", "< <= == != >= >")


def test_diff():
    # The same kernels built without -maxrregcount: heavy() on 8.0 goes from 32
    # registers (1024 a warp, 64 warps: 8 blocks, 100 %) with 992 bytes of stack
    # and 2076 + 2344 bytes of spills, to 72 registers (3 blocks, 37.5 %).
    r = run("--import", data("ptxas-maxrreg32-sm80.log"), "--diff", data("resource-usage-multi.log"),
            "--cc", "8.0", "--threads", "256", "--format", "csv")
    equal(r.rc, 0, "exit status", r)
    header, rows = parse_csv(r.out)
    equal(header[:6], ["change", "kernel", "mangled", "arch", "regs_before", "regs_after"], "columns")
    first = rows[0]
    equal([first["change"], first["kernel"], first["arch"], first["regs_before"], first["regs_after"],
           first["stack_before"], first["stack_after"], first["spill_stores_before"], first["spill_loads_before"],
           first["occupancy_pct_before"], first["occupancy_pct_after"], first["occupancy_change_pct"],
           first["limiters_after"]],
          ["changed", "heavy(float const*, float*)", "sm_80", "32", "72", "992", "0", "2076", "2344",
           "100", "37.5", "-62.5", "registers"], "heavy first: the largest loss")
    equal(sum(row["change"] == "added" for row in rows), 60, "six new architectures of ten kernels")
    equal(sum(row["change"] == "changed" for row in rows), 1, "one changed")
    check("1 changed, 60 added, 0 removed, 9 unchanged" in r.err, "summary", r)
    r = run("--import", data("resource-usage-multi.log"), "--diff", data("ptxas-maxrreg32-sm80.log"),
            "--format", "json")
    rows = json.loads(r.out)
    equal(sum(row["change"] == "removed" for row in rows), 60, "vanished")
    equal([rows[0]["change"], rows[0]["regs_before"], rows[0]["regs_after"]], ["changed", 72, 32], "heavy")
    r = run("--import", data("ptxas-maxrreg32-sm80.log"), "--diff", data("resource-usage-multi.log"), "--cc", "8.0",
            "--threads", "256")
    lines = r.out.splitlines()
    check(lines[1].split()[:8] == ["changed", "sm_80", "32→72", "0", "0", "992→0", "4420→0", "100→37.5"],
          "text row", r)


# CC 7.5 (32 warps, 64K registers), 160 threads (5 warps), 200 registers:
# 200 x 32 = 6400 a warp, 32000 a block, 65536 / 32000 = 1 block, 5 warps,
# 5 / 32 = 15.625 % exactly, a true half at the third decimal: 15.63, halves
# away from zero, in every format. The text table used to say 15.62 ("%.2f"
# rounds halves to even) where the CSV said 15.63.
TIE_LOG = (b"ptxas info    : Compiling entry function '_Z1kv' for 'sm_75'\n"
           b"ptxas info    : Used 200 registers, 0 bytes smem, 0 bytes cmem[0]\n")


def test_percent_rounds_alike_in_every_format():
    text = run("--import", "-", "--cc", "7.5", "--threads", "160", stdin=TIE_LOG)
    lines = text.out.splitlines()
    occ = lines[0].split().index("OCC%")
    equal(lines[1].split()[occ], "15.63", "text", text)
    csv = run("--import", "-", "--cc", "7.5", "--threads", "160", "--format", "csv", stdin=TIE_LOG)
    equal(parse_csv(csv.out)[1][0]["occupancy_pct"], "15.63", "csv", csv)
    js = run("--import", "-", "--cc", "7.5", "--threads", "160", "--format", "json", stdin=TIE_LOG)
    equal(json.loads(js.out)[0]["occupancy_pct"], 15.63, "json", js)


def binary(name):
    return os.path.join(DATA, "binary", name)


def test_binary_loads_one_entry_per_gpu():
    # kernels-default.fatbin (binary/make-fixtures.sh): SASS for sm_75, sm_80,
    # sm_90a, sm_100f, sm_120 and compute_120 PTX, five kernels each.
    expected = {"7.5": "sm_75", "8.6": "sm_80", "8.9": "sm_80", "9.0": "sm_90a", "10.0": "sm_100f",
                "10.3": "sm_100f", "12.0": "sm_120", "12.1": "sm_120"}
    for cc, arch in expected.items():
        r = run("--import", binary("kernels-default.fatbin"), "--cc", cc, "--threads", "128", "--format", "json")
        rows = json.loads(r.out)
        loaded = [row for row in rows if row["loaded_on_gpu"]]
        equal(sorted(set(row["arch"] for row in loaded)), [arch], "the entry that loads on %s" % cc, r)
        equal(len(loaded), 5, "one entry of each kernel on %s" % cc, r)
    # Nothing for 6.1 or for 11.0 (no SASS of major 6 or 11; compute_120 PTX is newer).
    for cc in ("6.1", "11.0"):
        r = run("--import", binary("kernels-default.fatbin"), "--cc", cc, "--threads", "128", "--format", "json")
        equal(r.rc, 1, "exit status on %s" % cc, r)
        check(all(row["loaded_on_gpu"] is False for row in json.loads(r.out)), "nothing loads on %s" % cc, r)


def test_binary_declared_block_size():
    # scale<float, 128> has __launch_bounds__(256, 2): on an RTX 4090 (8.9) its
    # sm_80 entry, 10 registers and 512 + 1024 bytes a block, runs 256 threads:
    # 48 / 8 = 6 blocks by warps, 100 %. spills() declares no block size.
    r = run("--import", binary("kernels-default.fatbin"), "--gpu", "RTX 4090", "--format", "csv")
    equal(r.rc, 1, "exit status: three kernels need --threads", r)
    _, rows = parse_csv(r.out)
    scale = by_kernel(rows, "void cuocc::test::scale<float, 128>(float*, float)", "sm_80")
    equal([scale["loaded_on_gpu"], scale["max_threads"], scale["threads"], scale["active_blocks"],
           scale["occupancy_pct"]], ["true", "256", "256", "6", "100"], "scale<float, 128>")
    check(scale["file"].endswith("kernels-default.fatbin (sm_80 SASS)"), "file and entry", r)
    spills = by_kernel(rows, "spills", "sm_80")
    equal([spills["loaded_on_gpu"], spills["max_threads"], spills["occupancy_pct"]], ["true", "", ""], "spills")
    check("--threads" in spills["error"], "asks for --threads", r)
    ptx = by_kernel(rows, "spills", "compute_120")
    equal(ptx["regs"], "", "PTX has no registers before JIT")


def test_threads_above_launch_bounds():
    # scale<float, 128> and scale<double, 64> declare __launch_bounds__(256, 2)
    # (binary/kernels.cu, built by nvcc 13: max_threads 256 in the cubin);
    # spills() declares nothing. On an RTX 4090 (8.9: 48 warps, 24 blocks, 64K
    # registers, 100 KiB) the sm_80 entries load; scale<float, 128> has 10
    # registers (512 a warp after rounding) and 512 + 1024 bytes a block.
    #   --threads 128 (4 warps), within the bounds: 48 / 4 = 12 blocks by warps
    #     (registers allow 128 / 4 = 32, shared memory 102400 / 1536 = 66, the
    #     SM 24): 12 blocks, 48 warps, 100 %, at 128 threads, not at 256.
    #   --threads 512 (16 warps), above them: the CUDA runtime refuses the
    #     launch (a block larger than __launch_bounds__ never runs), so the row
    #     has no figures and says why; spills() has no bounds and runs 512
    #     threads: 48 / 16 = 3 blocks, 100 %.
    r = run("--import", binary("kernels-default.fatbin"), "--gpu", "RTX 4090", "--threads", "128", "--format", "csv")
    _, rows = parse_csv(r.out)
    scale = by_kernel(rows, "void cuocc::test::scale<float, 128>(float*, float)", "sm_80")
    equal([scale["max_threads"], scale["threads"], scale["active_blocks"], scale["active_warps"],
           scale["occupancy_pct"], scale["error"]], ["256", "128", "12", "48", "100", ""], "128 threads fit the bounds")

    r = run("--import", binary("kernels-default.fatbin"), "--gpu", "RTX 4090", "--threads", "512", "--format", "csv")
    equal(r.rc, 1, "exit status: rows that could not be worked out", r)
    _, rows = parse_csv(r.out)
    for name in ("void cuocc::test::scale<float, 128>(float*, float)",
                 "void cuocc::test::scale<double, 64>(double*, double)"):
        scale = by_kernel(rows, name, "sm_80")
        equal([scale["max_threads"], scale["threads"], scale["active_blocks"], scale["occupancy_pct"]],
              ["256", "", "", ""], "%s: no figures for a launch that fails" % name, r)
        equal(scale["error"], "512 threads a block pass the kernel's launch bounds of 256 threads: the launch fails; "
              "give --threads 256 or less", "%s: why" % name, r)
    spills = by_kernel(rows, "spills", "sm_80")
    equal([spills["threads"], spills["active_blocks"], spills["occupancy_pct"], spills["error"]],
          ["512", "3", "100", ""], "spills() declares no bounds", r)
    check("cuocc: 2 kernels' launch bounds are below --threads 512: their launch fails; see their error column"
          in r.err.splitlines(), "says it once on standard error", r)

    # A gate at that block size fails the kernels whose launch fails, saying why.
    r = run("--import", binary("kernels-default.fatbin"), "--gpu", "RTX 4090", "--threads", "512",
            "--check", "occupancy>=50")
    equal(r.rc, 3, "exit status: the check failed", r)
    failures = [line for line in r.err.splitlines() if line.startswith("cuocc: check failed:")]
    equal(len(failures), 2, "the two bounded kernels fail the check", r)
    check(all("launch bounds of 256 threads" in line for line in failures), "each says why", r)


def test_binary_check():
    # On 9.0 the sm_90a entries are checked: spills() has 32 registers and a
    # 504-byte stack (kernels-sm_90a.log), the others at most 12 registers.
    r = run("--import", binary("kernels-default.fatbin"), "--cc", "9.0", "--threads", "128",
            "--check", "regs<=16,stack==0")
    equal(r.rc, 3, "exit status", r)
    failures = [line for line in r.err.splitlines() if line.startswith("cuocc: check failed:")]
    equal(failures, ["cuocc: check failed: spills (sm_90a): regs is 32; the check asks regs<=16",
                     "cuocc: check failed: spills (sm_90a): stack is 504; the check asks stack==0"], "failures", r)
    r = run("--import", binary("kernels-default.fatbin"), "--cc", "9.0", "--threads", "128", "--check", "regs<=32")
    equal(r.rc, 0, "every kernel passes", r)


def test_binary_diff():
    # kernels.o holds sm_80, sm_120 and compute_120 of the same build as the
    # fat binary, which adds sm_75, sm_90a and sm_100f.
    r = run("--import", binary("kernels.o"), "--diff", binary("kernels-default.fatbin"), "--format", "csv")
    equal(r.rc, 0, "exit status", r)
    _, rows = parse_csv(r.out)
    equal(sorted(set((row["change"], row["arch"]) for row in rows)),
          [("added", "sm_100f"), ("added", "sm_75"), ("added", "sm_90a")], "what the fat binary adds")
    check("0 changed, 15 added, 0 removed, 15 unchanged" in r.err, "summary", r)


def test_binary_only_kernels():
    # heavy.cu (issue 18): nvcc -cubin -arch=sm_90 keeps two device functions
    # in the kernel's .text section; one row, 30 registers and a 40-byte stack
    # as ptxas -v says (heavy-sm_90.log), and the two counted on stderr.
    r = run("--import", binary("heavy-sm_90.cubin"), "--format", "csv")
    equal(r.rc, 0, "exit status", r)
    _, rows = parse_csv(r.out)
    equal([(row["mangled"], row["regs"], row["stack"]) for row in rows], [("_Z5heavyPKdPdi", "30", "40")], "rows", r)
    check("2 device functions (not kernels) are not listed" in r.err, "helpers counted", r)


def test_binary_fatbins_in_data():
    # libembedded.so keeps kernels-size.fatbin as a const array (.rodata) and
    # as an array (.data); embedded-binary.o is ld -r -b binary of it.
    r = run("--import", binary("libembedded.so"), "--format", "csv")
    equal(r.rc, 0, "exit status", r)
    _, rows = parse_csv(r.out)
    files = sorted(set(row["file"].rsplit(" (", 1)[0] for row in rows))
    equal(files, [binary("libembedded.so[.data+0x8]"), binary("libembedded.so[.rodata+0x0]")], "fat binaries", r)
    equal(len(rows), 60, "kernels of both copies", r)
    r = run("--import", binary("embedded-binary.o"), "--format", "csv")
    _, rows = parse_csv(r.out)
    equal(len(rows), 30, "ld -r -b binary", r)


def test_binary_loaded_per_module():
    # libmodules.so: scale<4> in two fat binaries (modules), one with sm_80 and
    # sm_86, one with sm_80 only. On an RTX 3090 (8.6) each module loads its
    # own entry: a's sm_86 and b's sm_80. 8 registers, 256 threads: 48 warps
    # / 8 = 6 blocks by warps, 100 %.
    r = run("--import", binary("libmodules.so"), "--gpu", "RTX 3090", "--threads", "256", "--format", "csv")
    equal(r.rc, 0, "exit status", r)
    _, rows = parse_csv(r.out)
    got = [(row["arch"], row["file"].rsplit("[", 1)[1], row["loaded_on_gpu"], row["occupancy_pct"]) for row in rows]
    equal(got, [("sm_80", ".nv_fatbin+0x5f8] (sm_80 SASS)", "false", ""),
                ("sm_86", ".nv_fatbin+0x5f8] (sm_86 SASS)", "true", "100"),
                ("sm_80", ".nv_fatbin+0x20d8] (sm_80 SASS)", "true", "100")], "loaded entries", r)
    # Two builds still pair entry by entry.
    r = run("--import", binary("libmodules.so"), "--diff", binary("libmodules.so"), "--format", "csv")
    equal(r.rc, 0, "exit status", r)
    check("0 changed, 0 added, 0 removed, 3 unchanged" in r.err, "summary", r)


def test_binary_from_a_pipe():
    # A pipe under a file name (a shell's <(cat lib.so), a named pipe) reads
    # as the file does.
    import threading
    folder = clitest.scratch_dir()
    fifo = os.path.join(folder, "lib.so")
    os.mkfifo(fifo)

    def feed():
        with open(binary("libmodules.so"), "rb") as f, open(fifo, "wb") as out:
            out.write(f.read())
    writer = threading.Thread(target=feed)
    writer.start()
    try:
        r = run("--import", fifo, "--cc", "8.6", "--format", "csv")
    finally:
        writer.join()
        os.unlink(fifo)
        os.rmdir(folder)
    equal(r.rc, 0, "exit status", r)
    _, rows = parse_csv(r.out)
    equal([(row["arch"], row["file"], row["loaded_on_gpu"]) for row in rows],
          [("sm_80", fifo + "[.nv_fatbin+0x5f8] (sm_80 SASS)", "false"),
           ("sm_86", fifo + "[.nv_fatbin+0x5f8] (sm_86 SASS)", "true"),
           ("sm_80", fifo + "[.nv_fatbin+0x20d8] (sm_80 SASS)", "true")], "rows", r)
    missing = os.path.join(DATA, "no such file.so")
    r = run("--import", missing)
    equal(r.rc, 2, "exit status", r)
    equal(r.err.count(missing), 1, "names the file once", r)
    check("No such file or directory" in r.err, "says why", r)


def test_generated_library():
    # tests/gen-library.py at a small scale (10 units of 24 kernels, 20 fat
    # binaries, some in .data): every kernel entry it wrote is a row, and
    # nothing else; each fat binary is named; on 8.6 each kernel is loaded
    # once in each of its two modules (sm_86 where the module has it, else
    # sm_80); the launch bounds it declared are the rows' max_threads.
    import subprocess
    folder = clitest.scratch_dir("cuocc-genlib-")
    path = os.path.join(folder, "libgen.so")
    manifest_path = os.path.join(folder, "libgen.json")
    gen = os.path.join(os.environ.get("CUOCC_SOURCE_ROOT", "."), "tests", "gen-library.py")
    subprocess.run([sys.executable, gen, path, "--kernels", "1440", "--size", "0", "--data-share", "0.3",
                    "--manifest", manifest_path], check=True)
    with open(manifest_path) as f:
        manifest = json.load(f)
    try:
        r = run("--import", path, "--cc", "8.6", "--format", "csv")
    finally:
        os.unlink(path)
        os.unlink(manifest_path)
        os.rmdir(folder)
    equal(r.rc, 1, "exit status: a third of the kernels declare no block size", r)
    _, rows = parse_csv(r.out)
    equal(len(rows), manifest["rows"], "rows", r)
    check(not any("$" in row["mangled"] for row in rows), "no device function is a row")
    check("%d device functions (not kernels) are not listed" % manifest["helpers"] in r.err, "helpers counted", r)
    modules = set(row["file"].rsplit(" (", 1)[0] for row in rows)
    equal(len(modules), manifest["modules"], "fat binaries named", r)
    equal(len([m for m in modules if "[.data+" in m]), manifest["modules_in_data"], "fat binaries in .data", r)
    loaded = [row for row in rows if row["loaded_on_gpu"] == "true"]
    equal(len(loaded), manifest["kernels"] * manifest["names_in_modules"], "one loaded entry a kernel and module", r)
    equal(sorted(set(row["arch"] for row in loaded)), ["sm_80", "sm_86"], "loaded architectures", r)
    equal(len([row for row in rows if row["max_threads"] == ""]), manifest["declared"]["none"], "no launch bounds", r)
    equal(sorted(set(row["max_threads"] for row in rows)), ["", "1024", "128", "192", "256", "512"],
          "maxntid 128 << (i % 4), reqntid 64 x (2 + i % 3)", r)
    # __launch_bounds__ (256, 4): the minimum of blocks in the PTX, at most 64
    # registers in the cubins (65,536 / (256 × 4)); __cluster_dims__ in the
    # sm_90 entries and the compute_90 PTX.
    bounded = [row for row in rows if row["min_blocks"] != ""]
    check(bounded and set(row["min_blocks"] for row in bounded) == {"4"}, "min_blocks 4", r)
    equal(set(row["arch"] for row in bounded), {"compute_80", "compute_90"}, "min_blocks: a PTX directive", r)
    names = set(row["mangled"] for row in bounded)
    sass = [row for row in rows if row["mangled"] in names and row["arch"].startswith("sm_")]
    check(sass and all(row["max_threads"] == "256" and int(row["regs"]) <= 64 for row in sass),
          "256 threads and at most 64 registers in the cubins", r)
    clustered = [row for row in rows if row["cluster_dims"] != ""]
    equal(len(clustered), manifest["clusters"], "rows declaring a cluster", r)
    equal(set(row["arch"] for row in clustered), {"sm_90", "compute_90"}, "clusters: sm_90 entries", r)
    equal(set(row["cluster_dims"] for row in clustered), {"2x1x1", "4x1x1", "2x2x1", "16x1x1", "4x4x2"},
          "cluster dims", r)
    # Real mangled names: every one demangled, as c++filt demangles it (the
    # static kernels' without nvcc's "__nv_static_N_TAG_" prefix, which
    # c++filt does not know); template instances that differ only in their
    # arguments.
    import re
    import shutil
    check(not any(row["kernel"] == row["mangled"] for row in rows), "every name demangled")
    static = [row for row in rows if row["mangled"].startswith("__nv_static_")]
    equal(len(static), manifest["static"], "static kernels", r)
    def unprefix(name):
        m = re.match(r"__nv_static_(\d+)_", name)
        return name[m.end() + int(m.group(1)) + 1:] if m else name
    unprefixed = [unprefix(row["mangled"]) for row in rows]
    check(all(name.startswith("_Z") for name in unprefixed), "the static kernels' mangled names")
    templates = set(row["kernel"].split("<", 1)[0] for row in rows)
    check(len(templates) < 12 < len(set(row["kernel"] for row in rows)),
          "a few templates, many instances: %d templates" % len(templates))
    # The names against c++filt's, the demangler outside cuocc: last, so that
    # without it everything above was checked and the skip says what was not.
    if not shutil.which("c++filt"):
        clitest.skip("c++filt is not installed (binutils; build-aux/install-deps.sh installs it): "
                     "the %d demangled names were not compared with its" % len(rows))
    filt = subprocess.run(["c++filt"], input="\n".join(unprefixed) + "\n", capture_output=True, text=True,
                          check=True).stdout.split("\n")
    for row, expected in zip(rows, filt):
        equal(row["kernel"], expected, "demangled as c++filt does: " + row["mangled"], r)


def test_ncu_compares_with_profiler():
    r = run("--import", data("ncu-details-sm86.csv"), "--format", "csv")
    equal(r.rc, 0, "exit status", r)
    header, rows = parse_csv(r.out)
    equal(header, BASE + OCCUPANCY + PROFILER + binary_columns("threads", "dynamic_smem"), "columns")
    stencil = by_kernel(rows, "void stencil::compute<8>(const float *, float *, int)")
    equal([stencil["threads"], stencil["active_blocks"], stencil["occupancy_pct"], stencil["limiters"],
           stencil["profiler_occupancy_pct"], stencil["occupancy_agrees"]],
          ["128", "5", "41.67", "shared_memory", "41.67", "true"], "stencil")
    dyn = by_kernel(rows, "dynamic_smem(float*, int)")
    equal([dyn["dynamic_smem"], dyn["occupancy_pct"], dyn["profiler_occupancy_pct"], dyn["occupancy_agrees"]],
          ["2050", "100", "50", "false"], "dynamic_smem")
    check("dynamic_smem(float*, int)" in r.err and "50%" in r.err, "disagreement warned about", r)


def test_gpu_uses_the_recorded_block_size():
    # No --threads: each kernel's profiled launch gives the block size, on the
    # GPU named (stencil::compute<8>: 128 threads, 41.67 % on 8.6, as above).
    r = run("--import", data("ncu-details-sm86.csv"), "--cc", "8.6", "--format", "csv")
    equal(r.rc, 0, "exit status", r)
    _, rows = parse_csv(r.out)
    stencil = by_kernel(rows, "void stencil::compute<8>(const float *, float *, int)")
    equal([stencil["loaded_on_gpu"], stencil["threads"], stencil["occupancy_pct"]], ["true", "128", "41.67"],
          "stencil")
    # The profile's code is sm_86: it cannot run on a 9.0 GPU.
    r = run("--import", data("ncu-details-sm86.csv"), "--cc", "9.0", "--format", "csv")
    equal(r.rc, 1, "exit status", r)
    _, rows = parse_csv(r.out)
    equal(set(row["loaded_on_gpu"] for row in rows), {"false"}, "nothing loads on 9.0")


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
    # --cc and --gpu together compare two GPUs (test_several_gpus_*); two of
    # them with --diff do not go together.
    usage_error(run("--import", data("ptxas-sm90.log"), "--cc", "8.0", "--gpu", "A100", "--diff",
                    data("ptxas-sm90.log")), "--diff", "--gpu or --cc")
    usage_error(run("--import", data("ptxas-sm90.log"), "--gpu", "no such gpu"))
    usage_error(run("--import", data("ptxas-sm90.log"), "stray"), "stray")
    usage_error(run("--import", data("ptxas-sm90.log"), "--diff", data("ptxas-sm90.log"), "--check", "regs<1"),
                "--diff", "--check")
    usage_error(run("--import", "-", "--import", data("ptxas-sm90.log")), "standard input")


def test_triton_cache_launch():
    # Three Triton kernels compiled on an H100 (tests/import/data/triton/truth.csv):
    # each launches 32 x num_warps = 128 threads with its own dynamic shared
    # memory; the blocks per SM are what the CUDA driver reported (16, 16, 8).
    r = run("--import", os.path.join(DATA, "triton"), "--gpu", "H100 SXM5", "--format", "json")
    equal(r.rc, 0, "exit status", r)
    rows = {row["kernel"]: row for row in json.loads(r.out)}
    equal(sorted(rows), ["add_kernel", "matmul_kernel", "softmax_kernel"], "kernels")
    equal([(k, rows[k]["threads"], rows[k]["dynamic_smem"], rows[k]["active_blocks"], rows[k]["loaded_on_gpu"])
           for k in sorted(rows)],
          [("add_kernel", 128, 0, 16, True), ("matmul_kernel", 128, 16384, 8, True),
           ("softmax_kernel", 128, 16, 16, True)], "threads, dynamic shared memory, blocks per SM")
    # --dynamic-smem replaces Triton's: 64 KiB + 1024 reserved = 66560 a block,
    # 233472 / 66560 = 3 blocks, past 48 KiB.
    r = run("--import", os.path.join(DATA, "triton"), "--gpu", "H100 SXM5", "--dynamic-smem", "64K", "--format", "json")
    rows = {row["kernel"]: row for row in json.loads(r.out)}
    equal(rows["add_kernel"]["active_blocks"], 3, "add_kernel with 64 KiB", r)
    check("cudaFuncAttributeMaxDynamicSharedMemorySize, 65536" in r.err, "opt-in note", r)


def read_truth():
    import csv
    with open(data(os.path.join("triton", "truth.csv"))) as f:
        return list(csv.DictReader(f))


def test_triton_cache():
    # The cache folder, one kernel's folder and its .json: registers from the
    # cubin, as the CUDA driver reported them on an H100 (truth.csv).
    truth = read_truth()
    r = run("--import", data("triton"), "--format", "csv")
    equal(r.rc, 0, "exit status", r)
    header, rows = parse_csv(r.out)
    equal(header[:len(BASE)], BASE, "the import columns come first")
    equal(sorted(x["kernel"] for x in rows), sorted(t["triton_name"] for t in truth), "one row per entry", r)
    for t in truth:
        row = by_kernel(rows, t["triton_name"])
        equal((row["arch"], row["regs"]), ("sm_90", t["n_regs"]), t["triton_name"], r)
    folder = data(os.path.join("triton", "MPADQTD4BVY34WCA37SCV3JBBKABKEA7XIRNVTDCOHIYJNNADL7Q"))
    for path in (folder, os.path.join(folder, "matmul_kernel.json")):
        r = run("--import", path, "--format", "csv")
        equal(r.rc, 0, "exit status", r)
        _, rows = parse_csv(r.out)
        equal([(x["kernel"], x["regs"]) for x in rows], [("matmul_kernel", "64")], path, r)


def test_triton_occupancy():
    # 128 threads (4 warps) and the entry's dynamic shared memory on the H100
    # SXM5 give the driver's blocks per SM: matmul's 64 registers take 2048 a
    # warp, 8 warps a sub-partition, 32 warps: 8 blocks (16384 + 1024 bytes a
    # block would allow 13); add and softmax (26 and 29 registers, 1024 a
    # warp) are bound at 16 by warps and registers alike.
    truth = read_truth()
    r = run("--import", data("triton"), "--gpu", "H100 SXM5", "--threads", "128", "--format", "csv")
    equal(r.rc, 0, "exit status", r)
    _, rows = parse_csv(r.out)
    for t in truth:
        equal(by_kernel(rows, t["triton_name"])["active_blocks"], t["driver_blocks_per_sm"], t["triton_name"], r)


def test_triton_errors():
    empty = clitest.scratch_dir("cuocc-triton-cli-")
    r = run("--import", empty)
    usage_error(r, "No Triton kernel", empty)
    path = os.path.join(empty, "other.json")
    with open(path, "w") as f:
        f.write('{"configs": [1, 2]}')
    usage_error(run("--import", path), "not a Triton kernel", "num_warps")
    os.unlink(path)
    os.rmdir(empty)


# ----- the README's CI gate: --check "occupancy>=50,spills==0" -----
#
# gate.cu (binary/make-gate-fixtures.sh), nvcc 13 for sm_90, declares each
# kernel's block size. As built, on compute capability 9.0 (64 warps, 32
# blocks, 228 KiB a SM):
#   tuned(): 128 threads (4 warps), 10 registers, 512 + 1024 reserved bytes:
#     64 / 4 = 16 blocks by warps, 100 %.
#   shared3008(): 256 threads (8 warps), 14 registers, 3008 + 1024 bytes:
#     8 blocks, 100 %.
#   cluster_pair(): 128 threads, 8 registers, no shared memory: 16 blocks, 100 %.
# Built with -DREGRESSED, tuned() holds 49152 bytes: 49152 + 1024 = 50176 a
# block, 233472 / 50176 = 4 blocks of 4 warps, 16 / 64 = 25 %.
RECIPE = "occupancy>=50,spills==0"


def check_failures(r):
    return [line for line in r.err.splitlines() if line.startswith("cuocc: check failed:")]


def test_recipe_passes_on_binaries():
    for path, gpu in [(binary("gate-sm_90.cubin"), "H100 SXM5"), (binary("gate-sm_90.cubin"), None),
                      (binary("kernels-default.fatbin"), "H100 SXM5"), (binary("libkernels.so"), "A100"),
                      (os.environ.get("CUOCC_PRNG_SO", ""), "H100 SXM5")]:
        args = ["--import", path] + (["--gpu", gpu] if gpu else []) + ["--check", RECIPE]
        r = run(*args)
        equal(r.rc, 0, "the recipe passes on %s %s" % (path, gpu), r)
        equal(r.out, "", "no table without --format", r)
        equal(check_failures(r), [], "no failure", r)
        # A binary records no spills: said once, with what to check instead.
        notes = [line for line in r.err.splitlines() if line.startswith("cuocc: note: spills==0:")]
        equal(len(notes), 1, "one note for spills", r)
        check("not checked" in notes[0] and "stack frame" in notes[0] and "stack==0" in notes[0] and
              "--strict" in notes[0], "the note says what to use instead", r)
        # JAX's kernel declares no block size and a binary records no spills:
        # the recipe weighs nothing there, and says so rather than "passed".
        last = r.err.splitlines()[-1]
        if path == os.environ.get("CUOCC_PRNG_SO", ""):
            equal(last, "cuocc: warning: no kernel was checked against occupancy>=50,spills==0: "
                  "every kernel lacks the figures it names (see the notes above)", "a summary last", r)
        else:
            check(last.startswith("cuocc: check passed:"), "a summary last", r)
    # gate.cu's three kernels on 9.0, each counted once.
    r = run("--import", binary("gate-sm_90.cubin"), "--gpu", "H100 SXM5", "--check", RECIPE)
    check("cuocc: note: spills==0: 3 kernels not checked" in r.err, "three kernels lack spills", r)
    check("cuocc: check passed: 3 kernels checked against occupancy>=50,spills==0" in r.err, "summary", r)
    # kernels-default.fatbin: spills(), named_barrier() and capped() declare
    # no block size; their occupancy is not checked rather than failed.
    r = run("--import", binary("kernels-default.fatbin"), "--gpu", "H100 SXM5", "--check", RECIPE)
    check("cuocc: note: occupancy>=50: 3 kernels not checked: no block size is declared: give --threads" in r.err,
          "kernels without a block size are counted", r)


def test_check_that_weighs_nothing_says_so():
    # kernels-sm_80.cubin: five kernels, none with spills in a binary.
    r = run("--import", binary("kernels-sm_80.cubin"), "--gpu", "A100", "--check", "spills==0")
    equal(r.rc, 0, "exit status without --strict", r)
    check("cuocc: note: spills==0: 5 kernels not checked" in r.err, "counted", r)
    equal(r.err.splitlines()[-1], "cuocc: warning: no kernel was checked against spills==0: every kernel "
          "lacks the figures it names (see the notes above)", "not called a pass", r)
    check("check passed" not in r.err, "no pass", r)
    r = run("--import", binary("kernels-sm_80.cubin"), "--gpu", "A100", "--check", "spills==0", "--strict")
    equal(r.rc, 3, "--strict fails it", r)
    # One term weighed is a check: stack is in the binary.
    r = run("--import", binary("kernels-sm_80.cubin"), "--gpu", "A100", "--check", "spills==0,stack<=100000")
    equal(r.rc, 0, "exit status", r)
    equal(r.err.splitlines()[-1], "cuocc: check passed: 5 kernels checked against spills==0,stack<=100000",
          "summary", r)
    # An sm_90a cubin on an RTX 4090 (8.9): nothing runs there.
    r = run("--import", binary("kernels-sm_90a.cubin"), "--gpu", "RTX 4090", "--check", "regs<=255")
    check("cuocc: warning: no kernel was checked against regs<=255: none of the input's kernels runs on "
          "the chosen GPU" in r.err, "nothing runs", r)
    check("check passed" not in r.err, "no pass", r)


def test_recipe_fails_on_a_regressed_binary():
    r = run("--import", binary("gate-regressed-sm_90.cubin"), "--gpu", "H100 SXM5", "--check", RECIPE)
    equal(r.rc, 3, "exit status", r)
    equal(r.out, "", "no table without --format", r)
    equal(check_failures(r), ["cuocc: check failed: tuned (sm_90): occupancy is 25; the check asks occupancy>=50"],
          "the regressed kernel", r)
    check("cuocc: 1 of 3 kernels checked failed occupancy>=50,spills==0" in r.err, "summary", r)
    # Without a GPU, each kernel on its own architecture: the same.
    r = run("--import", binary("gate-regressed-sm_90.cubin"), "--check", RECIPE)
    equal(r.rc, 3, "exit status without --gpu", r)


def test_recipe_on_logs():
    # ptxas -v records spills; its log declares no block size.
    r = run("--import", binary("gate-sm_90.log"), "--threads", "128", "--check", RECIPE)
    equal([r.rc, r.out, check_failures(r)], [0, "", []], "the log passes", r)
    check("not checked" not in r.err, "a log records every figure the recipe asks", r)
    r = run("--import", binary("gate-sm_90.log"), "--check", RECIPE)
    equal(r.rc, 0, "without --threads the occupancy is not checked, not failed", r)
    check("cuocc: note: occupancy>=50: 3 kernels not checked: no block size is declared: give --threads" in r.err,
          "said once", r)
    r = run("--import", binary("gate-regressed-sm_90.log"), "--threads", "128", "--check", RECIPE)
    equal(r.rc, 3, "the regressed log fails", r)
    equal(check_failures(r), ["cuocc: check failed: tuned (sm_90): occupancy is 25; the check asks occupancy>=50"],
          "the regressed kernel", r)
    # -maxrregcount=32 spills heavy(): 2076 + 2344 bytes.
    r = run("--import", data("ptxas-maxrreg32-sm80.log"), "--threads", "128", "--check", RECIPE)
    equal(r.rc, 3, "spills fail", r)
    equal(check_failures(r), ["cuocc: check failed: heavy(float const*, float*) (sm_80): spills is 4420; "
                              "the check asks spills==0"], "heavy spills", r)


def test_recipe_on_a_triton_cache():
    import shutil
    # On an H100 the driver runs 16, 16 and 8 blocks of 4 warps (truth.csv):
    # 100 %, 100 % and 32 / 64 = 50 %.
    r = run("--import", data("triton"), "--gpu", "H100 SXM5", "--check", RECIPE)
    equal([r.rc, r.out, check_failures(r)], [0, "", []], "the cache passes", r)
    check("cuocc: note: spills==0: 3 kernels not checked" in r.err, "a cubin records no spills", r)
    # The same cache where matmul_kernel's launch grew to 120000 bytes of
    # shared memory: 120000 + 1024 = 121024 a block, 1 block of 4 warps, 6.25 %.
    tmp = clitest.scratch_dir("cuocc-gate-")
    try:
        cache = os.path.join(tmp, "triton")
        shutil.copytree(data("triton"), cache)
        meta = os.path.join(cache, "MPADQTD4BVY34WCA37SCV3JBBKABKEA7XIRNVTDCOHIYJNNADL7Q", "matmul_kernel.json")
        with open(meta) as f:
            doc = json.load(f)
        doc["shared"] = 120000
        with open(meta, "w") as f:
            json.dump(doc, f)
        r = run("--import", cache, "--gpu", "H100 SXM5", "--check", RECIPE)
        equal(r.rc, 3, "the grown kernel fails", r)
        equal(check_failures(r), ["cuocc: check failed: matmul_kernel (sm_90): occupancy is 6.25; "
                                  "the check asks occupancy>=50"], "matmul_kernel", r)
    finally:
        shutil.rmtree(tmp)


def test_check_strict():
    r = run("--import", binary("gate-sm_90.cubin"), "--gpu", "H100 SXM5", "--check", RECIPE, "--strict")
    equal(r.rc, 3, "unknown fails with --strict", r)
    equal(sorted(check_failures(r)),
          ["cuocc: check failed: %s (sm_90): spills is unknown (spills==0): the input does not record it" % k
           for k in ["cluster_pair", "shared3008", "tuned"]], "each kernel's spills", r)
    check("not checked" not in r.err, "nothing is left unchecked", r)
    r = run("--import", binary("gate-sm_90.log"), "--check", "occupancy>=50", "--strict")
    equal(r.rc, 3, "no block size fails with --strict", r)
    check("tuned (sm_90): occupancy is unknown (occupancy>=50): the kernel declares no block size" in r.err,
          "says why", r)
    usage_error(run("--import", binary("gate-sm_90.cubin"), "--strict"), "--strict", "--check")


def test_check_prints_rows_only_with_a_format():
    r = run("--import", binary("gate-sm_90.cubin"), "--gpu", "H100 SXM5", "--check", RECIPE, "--format", "csv")
    equal(r.rc, 0, "exit status", r)
    header, rows = parse_csv(r.out)
    equal(sorted(row["kernel"] for row in rows), ["cluster_pair", "shared3008", "tuned"], "rows with --format", r)
    r = run("--import", binary("gate-sm_90.cubin"), "--check", RECIPE, "--format", "text")
    equal(len(r.out.splitlines()), 4, "a header and three rows", r)
    # The opt-in notes are one line without the rows: the regressed tuned()
    # holds 49152 bytes, exactly 48 KiB; 1 KiB of dynamic shared memory takes
    # it to 50176, past the limit.
    r = run("--import", binary("gate-regressed-sm_90.cubin"), "--gpu", "H100 SXM5", "--dynamic-smem", "1K",
            "--check", "regs<=64")
    equal([r.rc, r.out], [0, ""], "passes", r)
    check("cuocc: note: 1 kernel entry needs more than 48 KiB of shared memory a block" in r.err and
          "tuned:" not in r.err, "counted, not listed", r)
    r = run("--import", binary("gate-regressed-sm_90.cubin"), "--gpu", "H100 SXM5", "--dynamic-smem", "1K",
            "--check", "regs<=64", "--format", "csv")
    check("tuned: 50176 bytes of shared memory" in r.err, "listed with the rows", r)
    r = run("--import", binary("gate-regressed-sm_90.cubin"), "--check", RECIPE, "--format", "json")
    equal([row["kernel"] for row in json.loads(r.out)], ["cluster_pair", "shared3008", "tuned"], "json rows", r)
    equal(r.rc, 3, "exit status", r)


# ----- what exit status 1 has in common -----

def test_exit_1_says_why():
    # On an RTX 4090 (8.9) the sm_80 entries load; spills(), named_barrier()
    # and capped() declare no block size (binary/kernels.cu).
    r = run("--import", binary("kernels-default.fatbin"), "--gpu", "RTX 4090")
    equal(r.rc, 1, "exit status", r)
    equal(r.err.splitlines(), ["cuocc: 3 kernels declare no block size: give --threads"], "one line a reason", r)
    # Every entry of every kernel lacks 9.0 code in the host files (sm_80, sm_120, compute_120):
    # five kernels, whatever their number of entries.
    r = run("--import", binary("libkernels.so"), "--cc", "9.0", "--threads", "128")
    equal(r.rc, 1, "exit status", r)
    check("cuocc: 5 kernels have no entry that runs on compute capability 9.0" in r.err, "no entry", r)
    r = run("--import", data("ptxas-cuda2.log"), "--threads", "64")
    equal(r.rc, 1, "exit status", r)
    equal(r.err, "cuocc: 1 kernel names no architecture: give --gpu or --cc\n", "no architecture", r)
    r = run("--import", binary("kernels-default.fatbin"), "--gpu", "RTX 4090", "--threads", "128")
    equal([r.rc, r.err], [0, ""], "nothing to say when every kernel is worked out", r)


def test_exit_status_documented():
    root = os.environ.get("CUOCC_SOURCE_ROOT", ".")
    with open(os.path.join(root, "README.md")) as f:
        readme = f.read()
    with open(os.path.join(root, "data", "cuocc.1")) as f:
        man = f.read()
    r = run("--import", binary("gate-sm_90.cubin"), "--help")
    for where, text in [("README", readme), ("man page", man), ("--help", r.out)]:
        for what in ["--strict", "declare no block size", "status 3"]:
            check(what.replace("-", "\\-") in text or what in text, "%s says %r" % (where, what))


# ----- clusters (gate.cu's cluster_pair: __cluster_dims__(2, 1, 1)) -----

CLUSTER_COLUMNS = ["cluster_size", "cluster_blocks_per_sm", "max_active_clusters", "clusters_basis",
                   "cluster_blocks_lost", "cluster_blocks_lost_pct"]


def test_declared_cluster_gets_cluster_columns():
    # 128 threads, 8 registers, no shared memory: 16 blocks per SM, 100 %.
    # A cluster launch holds at most 8 blocks per SM; the H100 SXM5's measured
    # table gives 528 clusters of 2 at 8 blocks per SM (132 x 8 / 2): 1056 of
    # the 132 x 16 = 2112 blocks a launch without clusters runs are lost, 50 %.
    r = run("--import", binary("gate-sm_90.cubin"), "--gpu", "H100 SXM5", "--format", "csv")
    equal(r.rc, 0, "exit status", r)
    header, rows = parse_csv(r.out)
    equal(header[-len(CLUSTER_COLUMNS):], CLUSTER_COLUMNS, "the cluster columns come last", r)
    equal(header[:-len(CLUSTER_COLUMNS)], BASE + OCCUPANCY + binary_columns("threads"), "the others unchanged", r)
    pair = by_kernel(rows, "cluster_pair")
    equal([pair["cluster_dims"], pair["active_blocks"]] + [pair[c] for c in CLUSTER_COLUMNS],
          ["2x1x1", "16", "2", "8", "528", "measured", "1056", "50"], "cluster_pair")
    equal([by_kernel(rows, "tuned")[c] for c in CLUSTER_COLUMNS], [""] * 6, "no cluster, no figures")
    # The same figures given by hand.
    hand = run("--gpu", "H100 SXM5", "--threads", "128", "--regs", "8", "--smem", "0", "--barriers", "0",
               "--cluster-size", "2", "--format", "csv")
    equal(hand.rc, 0, "exit status by hand", hand)
    _, hand_rows = parse_csv(hand.out)
    equal([pair[c] for c in ["active_blocks", "occupancy_pct", "limiters"] + CLUSTER_COLUMNS],
          [hand_rows[0][c] for c in ["active_blocks", "occupancy_pct", "limiters"] + CLUSTER_COLUMNS],
          "as --cluster-size 2 gives them", r)
    # JSON and the text table alike.
    r = run("--import", binary("gate-sm_90.cubin"), "--gpu", "H100 SXM5", "--format", "json")
    pair = [row for row in json.loads(r.out) if row["kernel"] == "cluster_pair"][0]
    equal([pair[c] for c in CLUSTER_COLUMNS], [2, 8, 528, "measured", 1056, 50], "json", r)
    r = run("--import", binary("gate-sm_90.cubin"), "--gpu", "H100 SXM5")
    lines = r.out.splitlines()
    heads = lines[0].split()
    row = [line for line in lines if line.endswith("cluster_pair")][0].split()
    equal([row[heads.index("CL_BLOCKS")], row[heads.index("CL_LOST%")]], ["8", "50"], "text", r)
    # Without a GPU, on its own 9.0: no SM count, the per-SM figures only.
    r = run("--import", binary("gate-sm_90.cubin"), "--threads", "128", "--format", "json")
    pair = [row for row in json.loads(r.out) if row["kernel"] == "cluster_pair"][0]
    equal([pair[c] for c in CLUSTER_COLUMNS], [2, 8, None, "per-sm", None, 50], "per SM", r)



def patched_cluster_cubin(dims):
    """gate-sm_90.cubin with cluster_pair's EIATTR_CTA_PER_CLUSTER record
    (.nv.info.cluster_pair: 04 3d 0c 00, then 2, 1, 1) set to dims."""
    import struct
    with open(binary("gate-sm_90.cubin"), "rb") as f:
        elf = bytearray(f.read())
    record = bytes.fromhex("043d0c00") + struct.pack("<III", 2, 1, 1)
    at = elf.find(record)
    check(at > 0 and elf.find(record, at + 1) < 0, "one cluster record in the fixture")
    elf[at + 4:at + 16] = struct.pack("<III", *dims)
    path = os.path.join(clitest.scratch_dir("cuocc-cluster-"), "patched.cubin")
    with open(path, "wb") as f:
        f.write(elf)
    return path


def test_declared_cluster_out_of_range():
    # 16 blocks (non-portable, allowed on 9.0) is worked out: a cluster launch
    # still holds 8 blocks per SM. Past 16, or dimensions a hostile file makes
    # up, the row says what the GPU allows and the exit message counts it.
    path = patched_cluster_cubin((16, 1, 1))
    try:
        r = run("--import", path, "--gpu", "H100 SXM5", "--format", "json")
        equal(r.rc, 0, "16 blocks a cluster", r)
        pair = [row for row in json.loads(r.out) if row["kernel"] == "cluster_pair"][0]
        equal([pair["cluster_size"], pair["cluster_blocks_per_sm"]], [16, 8], "16 blocks", r)
    finally:
        os.unlink(path)
    for dims in [(32, 1, 1), (0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF), (4, 4, 4)]:
        path = patched_cluster_cubin(dims)
        try:
            r = run("--import", path, "--gpu", "H100 SXM5", "--format", "json")
            equal(r.rc, 1, "exit status for %s" % (dims,), r)
            pair = [row for row in json.loads(r.out) if row["kernel"] == "cluster_pair"][0]
            check(pair["error"] is not None and "1 to 16" in pair["error"], "the error says what is allowed", r)
            equal(r.err, "cuocc: 1 kernel could not be worked out; see its error column\n", "said once", r)
        finally:
            os.unlink(path)


# ----- shared memory as the driver counts it -----

def elf_section_sizes(path):
    """{name: size} of an ELF64 little-endian file's sections, read by hand."""
    import struct
    with open(path, "rb") as f:
        elf = f.read()
    shoff, = struct.unpack_from("<Q", elf, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", elf, 0x3A)
    headers = [struct.unpack_from("<IIQQQQIIQQ", elf, shoff + i * shentsize) for i in range(shnum)]
    strtab = headers[shstrndx][4]
    return {elf[strtab + h[0]:elf.index(b"\0", strtab + h[0])].decode(): h[5] for h in headers}


def test_shared_memory_is_the_drivers():
    # shared3008() has a 3008-byte array. ptxas says 3008 bytes smem, and so
    # does cudaFuncGetAttributes; the cubin's .nv.shared section holds 4032,
    # the 1 KiB reserved a block on sm_90 included (cuobjdump shows that).
    sizes = elf_section_sizes(binary("gate-sm_90.cubin"))
    equal(sizes[".nv.shared.shared3008"], 3008 + 1024, "the section includes the reserved 1 KiB")
    with open(binary("gate-sm_90.log")) as f:
        check("3008 bytes smem" in f.read(), "ptxas says 3008")
    # cuocc lists the driver's 3008 and adds the reserved 1 KiB in the model:
    # 3008 + 1024 = 4032, allocated in 128-byte units: 4096 a block,
    # 233472 / 4096 = 57 blocks by shared memory.
    r = run("--import", binary("gate-sm_90.cubin"), "--gpu", "H100 SXM5", "--format", "csv")
    row = by_kernel(parse_csv(r.out)[1], "shared3008")
    equal([row["smem"], row["smem_per_block"], row["blocks_by_smem"]], ["3008", "4096", "57"], "shared3008", r)
    root = os.environ.get("CUOCC_SOURCE_ROOT", ".")
    for doc in ("README.md", os.path.join("data", "cuocc.1")):
        with open(os.path.join(root, doc)) as f:
            text = f.read().replace("\\", "")
        check("cuobjdump" in text and "1,024" in text and ".nv.shared" in text,
              "%s says why cuocc and cuobjdump differ by 1,024" % doc)


# ---------------------------------------------------------------- several GPUs
#
# binary/multi-gpu.cu, built by nvcc 13 (binary/make-multi-gpu-fixtures.sh); its
# ptxas -v logs give scale() 8 registers, stage() 16 registers and 40960 bytes of
# shared memory, bounded() 12 registers and launch bounds of 128 threads. With 256
# threads (8 warps a block), by hand:
#   A100 (8.0: 64 warps, 32 blocks, 164 KiB, 1 KiB reserved a block): scale() 64 / 8
#     = 8 blocks, 100 %, by warps; stage() 40960 + 1024 = 41984 bytes a block,
#     167936 / 41984 = 4 blocks, 32 warps, 50 %, by shared memory.
#   RTX 4090 (8.9: 48 warps, 24 blocks, 100 KiB): scale() 48 / 8 = 6 blocks, 100 %;
#     stage() 102400 / 41984 = 2 blocks, 16 warps, 33.33 %.
#   H100 (9.0): sm_80 SASS never runs on 9.x; the compute_80 PTX does, by JIT.
#   bounded(): 256 threads pass its launch bounds of 128 on every GPU.
# The fat binary lists bounded, stage, scale in that order.

MULTI_SASS = "binary/multi-gpu-sm_80.fatbin"
MULTI_PTX = "binary/multi-gpu-sm_80-ptx.fatbin"
THREE_GPUS = ["--gpu", "A100 SXM4", "--cc", "8.9", "--gpu", "H100 SXM5"]
GPU_NAMES = ["NVIDIA A100 SXM4", "Compute capability 8.9", "NVIDIA H100 SXM5"]


def multi_rows(path, fmt, *extra):
    r = run("--import", data(path), *THREE_GPUS, "--threads", "256", "--format", fmt, *extra)
    if fmt == "csv":
        header, rows = parse_csv(r.out)
        return r, header, rows
    rows = json.loads(r.out)
    return r, list(rows[0].keys()) if rows else [], rows


def test_several_gpus_csv_rows_and_order():
    for fmt in ("csv", "json"):
        r, header, rows = multi_rows(MULTI_SASS, fmt)
        equal(r.rc, 1, "exit status: some kernels are not worked out (%s)" % fmt, r)
        # The columns of a one-GPU import, unchanged.
        one = run("--import", data(MULTI_SASS), "--gpu", "A100 SXM4", "--threads", "256", "--format", fmt)
        one_header = parse_csv(one.out)[0] if fmt == "csv" else list(json.loads(one.out)[0].keys())
        equal(header, one_header, "the columns of a one-GPU import (%s)" % fmt, r)
        equal(len(rows), 9, "three kernels on three GPUs (%s)" % fmt, r)
        equal([(row["kernel"].split("(")[0], row["cc"], row["gpu"]) for row in rows],
              [(k, cc, gpu) for k in ("bounded", "stage", "scale")
               for cc, gpu in zip(("8.0", "8.9", "9.0"), GPU_NAMES)],
              "kernel by kernel, the GPUs in the order given (%s)" % fmt, r)

        def cell(kernel, cc, key):
            found = [row for row in rows if row["kernel"].startswith(kernel + "(") and row["cc"] == cc]
            equal(len(found), 1, "one row of %s on %s" % (kernel, cc), r)
            value = found[0][key]
            return str(value).lower() if isinstance(value, bool) else ("" if value is None else str(value))

        for kernel, cc, blocks, warps, pct, limiter in (
                ("scale", "8.0", "8", "64", "100", "warps"), ("scale", "8.9", "6", "48", "100", "warps"),
                ("stage", "8.0", "4", "32", "50", "shared_memory"),
                ("stage", "8.9", "2", "16", "33.33", "shared_memory")):
            equal((cell(kernel, cc, "arch"), cell(kernel, cc, "active_blocks"), cell(kernel, cc, "active_warps"),
                   cell(kernel, cc, "occupancy_pct"), cell(kernel, cc, "limiters"),
                   cell(kernel, cc, "loaded_on_gpu")),
                  ("sm_80", blocks, warps, pct, limiter, "true"), "%s on %s (%s)" % (kernel, cc, fmt), r)
        for kernel in ("bounded", "stage", "scale"):
            check("no entry" in cell(kernel, "9.0", "error"), "%s cannot run on 9.0 (%s)" % (kernel, fmt), r)
            equal(cell(kernel, "9.0", "loaded_on_gpu"), "false", "%s not loaded on 9.0" % kernel, r)
            equal(cell(kernel, "9.0", "active_blocks"), "", "no figures on 9.0", r)
        for cc in ("8.0", "8.9"):
            check("launch bounds of 128" in cell("bounded", cc, "error"), "bounded() on %s (%s)" % (cc, fmt), r)
    check("Compute capability 9.0" not in r.err and "NVIDIA H100 SXM5 (9.0): 3 kernels not worked out" in r.err,
          "standard error counts, per GPU", r)


def test_several_gpus_ptx_by_jit():
    r, _, rows = multi_rows(MULTI_PTX, "csv")
    h100 = [row for row in rows if row["cc"] == "9.0"]
    equal(len(rows), 9, "one row per kernel and GPU, the PTX entries beside the SASS ones", r)
    equal([row["arch"] for row in h100], ["compute_80"] * 3, "on 9.0 the PTX is what loads", r)
    for row in h100:
        equal(row["loaded_on_gpu"], "true", "the PTX entry is loaded", r)
    equal([row["arch"] for row in rows if row["cc"] == "8.0"], ["sm_80"] * 3, "SASS before PTX on 8.0", r)


PTXAS = shutil.which("ptxas") or "/usr/local/cuda/bin/ptxas"


@contextlib.contextmanager
def own_cache():
    """A cache folder and TMPDIR of cuocc's own, gone afterwards: the suite's
    cache must not hold figures that the JIT tests above do not expect."""
    saved = {k: os.environ.get(k) for k in ("XDG_CACHE_HOME", "TMPDIR")}
    with tempfile.TemporaryDirectory(prefix="cuocc-test-mptx-") as folder:
        os.environ["XDG_CACHE_HOME"] = os.path.join(folder, "cache")
        os.environ["TMPDIR"] = folder
        try:
            yield folder
        finally:
            for k, v in saved.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v
        equal([n for n in os.listdir(folder) if n != "cache"], [], "cuocc leaves no temporary files")


def ptxas_truth():
    """The figures of multi-gpu-compute_80-sm_90.log: ptxas 13.0 -arch=sm_90 -v on
    the compute_80 PTX that the fat binary embeds (make-multi-gpu-fixtures.sh)."""
    truth, name = {}, None
    with open(data("binary/multi-gpu-compute_80-sm_90.log")) as f:
        for line in f:
            m = re.search(r"Compiling entry function '(\w+)' for 'sm_90'", line)
            if m:
                name = m.group(1)
                truth[name] = {}
            m = re.search(r"(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads", line)
            if m and name:
                truth[name].update(stack=m.group(1), spill_stores=m.group(2), spill_loads=m.group(3))
            m = re.search(r"Used (\d+) registers, used (\d+) barriers(?:, (\d+) bytes smem)?", line)
            if m and name:
                truth[name].update(regs=m.group(1), barriers=m.group(2), smem=m.group(3) or "0")
    equal(sorted(truth), ["_Z5scalePffi", "_Z5stagePfi", "_Z7boundedPfi"], "the log's three kernels")
    return truth


def test_several_gpus_ptx_assembled():
    if not os.access(PTXAS, os.X_OK):
        skip("no ptxas (CUDA toolkit) here: %s" % PTXAS)
    version = subprocess.run([PTXAS, "--version"], stdout=subprocess.PIPE, text=True).stdout
    if "release 13.0," not in version:
        skip("the truth was made by ptxas 13.0; this one is another: %s" % version.strip().splitlines()[-2:])
    truth = ptxas_truth()
    with own_cache():
        # Not asked: nothing is assembled, the JIT rows stay, and one line says what to pass.
        r, _, rows = multi_rows(MULTI_PTX, "csv")
        check(all(row["figures_from"] == "" for row in rows if row["cc"] == "9.0"), "no figures unasked", r)
        check("--assemble-ptx" in r.err, "what to pass, on standard error", r)

        for fmt in ("csv", "json"):
            r, header, rows = multi_rows(MULTI_PTX, fmt, "--ptxas", PTXAS)
            equal(header[-1], "figures_from", "figures_from appended (%s)" % fmt, r)
            equal(len(rows), 9, "one row per kernel and GPU (%s)" % fmt, r)
            for row in rows:
                got = {k: "" if row[k] is None else str(row[k]) for k in row}
                if row["cc"] != "9.0":
                    equal((got["arch"], got["figures_from"]), ("sm_80", "binary"), "SASS on %s" % row["cc"], r)
                    continue
                equal(got["arch"], "compute_80", "the PTX loads on the H100", r)
                equal(got["figures_from"], "ptxas 13.0 for sm_90", "figures_from (%s)" % fmt, r)
                t = truth[got["mangled"]]
                for key in ("regs", "smem", "barriers", "stack", "spill_stores", "spill_loads"):
                    equal(got[key], t[key], "%s %s on 9.0 as ptxas -arch=sm_90 -v says (%s)"
                          % (got["mangled"], key, fmt), r)
                if got["mangled"] == "_Z5scalePffi":
                    # 8 registers, no shared memory, 256 threads: 64 warps / 8 = 8 blocks, 100 %.
                    equal((got["active_blocks"], got["occupancy_pct"]), ("8", "100"), "scale() on 9.0", r)
                if got["mangled"] == "_Z5stagePfi":
                    # 40960 + 1024 bytes a block in 228 KiB (233472): 5 blocks, 40 warps, 62.5 %.
                    equal((got["active_blocks"], got["occupancy_pct"]), ("5", "62.5"), "stage() on 9.0", r)
            check("ptxas 13.0 for sm_90" in r.err and "JIT compiler may give others" in r.err,
                  "the note of the one-GPU import", r)

        # Text: the H100's ENTRY cells say where the figures come from; stage() now
        # differs by 62.5 - 33.33 = 29.17 points (A100 50 %, 8.9 33.33 %).
        r = run("--import", data(MULTI_PTX), *THREE_GPUS, "--threads", "256")
        rows = text_table(r)
        stage = [line for line in rows if line.endswith("stage(float*, int)")][0]
        check("compute_80 → ptxas" in stage and "JIT" not in r.out, "the entry cell, from the cache", r)
        equal(stage.split()[0], "29.17", "stage()'s difference", r)
        equal(stage.split("compute_80 → ptxas")[1].split()[:2], ["62.5", "shared_memory"], "stage() on 9.0", r)

        # --no-ptxas reads no cache; a --ptxas that is no ptxas is refused.
        r, _, rows = multi_rows(MULTI_PTX, "csv", "--no-ptxas")
        check(all(row["figures_from"] == "" for row in rows if row["cc"] == "9.0"), "--no-ptxas", r)
        usage_error(run("--import", data(MULTI_PTX), *THREE_GPUS, "--ptxas", data("no-such-ptxas")), "--ptxas")


def text_table(r):
    lines = r.out.splitlines()
    check(len(lines) >= 2, "a title line and a heading line", r)
    heading = lines[1].split()
    equal(heading, ["DIFF"] + ["ENTRY", "OCC%", "LIMITER"] * 3 + ["KERNEL"], "the headings", r)
    for title in ("NVIDIA A100 SXM4 (8.0)", "Compute capability 8.9", "NVIDIA H100 SXM5 (9.0)"):
        check(title in lines[0], "%s over its columns" % title, r)
    return lines[2:]


def test_several_gpus_text_sorted_by_difference():
    r = run("--import", data(MULTI_SASS), *THREE_GPUS, "--threads", "256")
    equal(r.rc, 1, "exit status", r)
    rows = text_table(r)
    equal(len(rows), 3, "one line a kernel", r)
    # scale(): 100, 100, none (0) -> 100 points; stage(): 50, 33.33, 0 -> 50;
    # bounded(): it cannot launch anywhere -> 0.
    equal([line.split()[0] for line in rows], ["100", "50", "0"], "the largest difference first", r)
    check(rows[0].endswith("scale(float*, float, int)") and rows[1].endswith("stage(float*, int)") and
          rows[2].endswith("bounded(float*, int)"), "the kernels in that order", r)
    equal(rows[1].split()[1:8], ["sm_80", "50", "shared_memory", "sm_80", "33.33", "shared_memory", "none"],
          "stage(): the entry, occupancy and limiter on each GPU", r)
    check("no entry runs here" in rows[1], "the H100 cell says why", r)
    check(rows[2].count("launch bounds 128 threads") == 2, "bounded(): its launch bounds, in its cells", r)

    # With the PTX, the H100 runs every kernel by JIT, its occupancy unknown: it
    # leaves the differences (stage() 50 - 33.33 = 16.67; scale() 0; bounded() 0,
    # the input's order between the last two).
    r = run("--import", data(MULTI_PTX), *THREE_GPUS, "--threads", "256")
    rows = text_table(r)
    equal([line.split()[0] for line in rows], ["16.67", "0", "0"], "differences with PTX", r)
    check(rows[0].endswith("stage(float*, int)") and rows[1].endswith("bounded(float*, int)"), "order", r)
    check("compute_80 JIT" in rows[0] and "PTX: known after JIT" in rows[0], "the JIT entry and why", r)


def test_several_gpus_shared_memory_over_the_block_limit():
    # 80 KiB of dynamic shared memory more: stage() asks 40960 + 81920 = 122880 bytes
    # a block, more than the 101376 an RTX 4090 block may opt in to: it cannot launch
    # there. On the A100, 122880 + 1024 = 123904: 1 block, 8 warps, 12.5 %; scale()
    # 81920 + 1024 = 82944: 2 blocks there (25 %), 1 on the 4090 (8 / 48 = 16.67 %).
    r = run("--import", data(MULTI_SASS), *THREE_GPUS, "--threads", "256", "--dynamic-smem", "80K")
    rows = text_table(r)
    stage = [line for line in rows if line.endswith("stage(float*, int)")][0]
    scale = [line for line in rows if line.endswith("scale(float*, float, int)")][0]
    equal(stage.split()[:4], ["12.5", "sm_80", "12.5", "shared_memory"], "stage() on the A100", r)
    check("smem > 101376 B a block" in stage, "the 4090 cell says why", r)
    equal(scale.split()[:7], ["25", "sm_80", "25", "shared_memory", "sm_80", "16.67", "shared_memory"],
          "scale()", r)
    r, _, csv_rows = multi_rows(MULTI_SASS, "csv", "--dynamic-smem", "80K")
    row = [x for x in csv_rows if x["kernel"].startswith("stage(") and x["cc"] == "8.9"][0]
    equal((row["active_blocks"], row["limiters"]), ("0", "shared_memory"), "the CSV row of stage() on 8.9", r)


def test_several_gpus_errors():
    # Outside --import, a second GPU is an error, never the last one silently.
    for args in (("--gpu", "H100 SXM5", "--gpu", "RTX 4090"), ("--cc", "9.0", "--cc=8.9"),
                 ("--gpu", "A100 SXM4", "--cc", "8.9"), ("-g", "A100 SXM4", "-c", "9.0")):
        r = run(*args, "--threads", "256")
        usage_error(r, "--import FILE --gpu A --gpu B")
        equal(r.out, "", "no answer for either GPU", r)
    r = run("--gpu", "A100 SXM4", "--cc", "8.9", "--import", data(MULTI_SASS), "--check", "occupancy>=50")
    usage_error(r, "--check")
    usage_error(run("--import", data(MULTI_SASS), "--diff", data(MULTI_PTX), "--cc", "8.0", "--cc", "9.0"), "--diff")
    usage_error(run("--import", data(MULTI_SASS), "--cc", "8.0", "--cc", "9.0", "--plot", "occupancy",
                    "--output", "x.png"), "--plot")
    usage_error(run("--import", data(MULTI_SASS), "--cc", "8.0", "--gpu", "no such GPU"), "no such GPU")
    # A bounded number of GPUs: each keeps a cell a kernel in the text table.
    many = []
    for _ in range(17):
        many += ["--cc", "8.0"]
    usage_error(run("--import", data(MULTI_SASS), *many), "17 GPUs", "16")
    r = run("--import", data(MULTI_SASS), *many[:32], "--threads", "256", "--format", "csv")
    equal(len(parse_csv(r.out)[1]), 3 * 16, "16 GPUs are answered", r)
    # One --gpu is the one-GPU import it always was.
    one = run("--import", data(MULTI_SASS), "--gpu", "A100 SXM4", "--threads", "256", "--format", "csv")
    equal(len(parse_csv(one.out)[1]), 3, "one row a kernel entry", one)


if __name__ == "__main__":
    main(globals())
