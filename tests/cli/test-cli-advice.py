#!/usr/bin/env python3
# test-cli-advice.py — cuocc --advise, --grid N (waves), --sms N and --gpu this.
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The expected figures come from the published rules, not from the program:
#   CC 7.5: 32 warps, 16 blocks, 65536 registers in 4 sub-partitions of
#     16384, allocated per warp in units of 256. 512 threads x 80 registers:
#     16 warps per block; a warp takes 80 x 32 = 2560 registers, a
#     sub-partition holds 6 warps, the SM 24: 1 block, 50 %. 2 blocks need
#     32 warps, 8 a sub-partition, at most 2048 registers a warp: 64 per
#     thread, __launch_bounds__(512, 2), 100 %. 3 blocks (48 warps) cannot be.
#   CC 8.6: 48 warps, 100 KiB per SM, 1 KiB reserved per block, allocated in
#     128 bytes. 256 threads, 32 registers, 20000 bytes: 21024 -> 21120 per
#     block, 4 blocks. 5 blocks: 102400 / 5 = 20480, less 1024 = 19456
#     (40 warps, 83.33 %); 6 blocks: 102400 / 6 -> 17024, less 1024 = 16000
#     (48 warps, 100 %).
#   H100 SXM5: CC 9.0, 132 SMs. 128 threads x 37 registers: 12 blocks per SM
#     (as on 7.0), 1584 a wave. 4000 blocks = 2 x 1584 + 832: 3 waves, the
#     last 832 / 1584 = 52.53 % full; 4000 / (3 x 1584) = 84.18 % of the
#     block slots busy. 3168 = 2 x 1584: 2 full waves.

import json
from collections import OrderedDict

from clitest import COLUMNS, check, equal, main, parse_csv, run, usage_error

ADVICE_COLUMNS = ["kind", "blocks", "active_warps", "occupancy_pct", "regs", "smem", "block_size",
                  "launch_bounds", "text"]
WAVE_COLUMNS = ["grid", "blocks_per_wave", "waves", "tail_blocks", "tail_fill_pct",
                "wave_efficiency_pct"]
H100 = ["--gpu", "H100 SXM5", "--threads", "128", "--regs", "37"]


def levels(rows):
    return {int(r["blocks"]): r for r in rows if r["kind"] == "level"}


# ---------------------------------------------------------------- advice

def test_advise_registers_csv():
    r = run("--cc", "7.5", "--threads", "512", "--regs", "80", "--advise", "--format", "csv")
    equal(r.rc, 0, "exit status", r)
    header, rows = parse_csv(r.out)
    equal(header, ADVICE_COLUMNS, "advice columns")
    by_blocks = levels(rows)
    check(2 in by_blocks, "a suggestion for 2 blocks", r)
    check(3 not in by_blocks, "no suggestion for 3 blocks (48 warps do not fit)", r)
    two = by_blocks[2]
    equal((two["regs"], two["smem"], two["active_warps"], two["occupancy_pct"]),
          ("64", "", "32", "100"), "2 blocks: 64 registers, 32 warps, 100 %", r)
    equal(two["launch_bounds"], "__launch_bounds__(512, 2)", "launch bounds", r)
    check("64" in two["text"], "the text names the register count", r)
    for row in rows:
        check(row["kind"] in ("level", "block_size", "warning"), "kind %r" % row["kind"], r)
        check(row["text"] != "", "every suggestion has a text", r)


def test_advise_shared_memory_json():
    r = run("--cc", "8.6", "--threads", "256", "--regs", "32", "--smem", "20000", "--advise",
            "--format", "json")
    equal(r.rc, 0, "exit status", r)
    rows = json.loads(r.out, object_pairs_hook=OrderedDict)
    check(isinstance(rows, list) and rows, "a non-empty array", r)
    for row in rows:
        equal(list(row.keys()), ADVICE_COLUMNS, "JSON keys in order")
    by_blocks = {row["blocks"]: row for row in rows if row["kind"] == "level"}
    equal((by_blocks[5]["smem"], by_blocks[5]["active_warps"], by_blocks[5]["occupancy_pct"]),
          (19456, 40, 83.33), "5 blocks", r)
    equal((by_blocks[6]["smem"], by_blocks[6]["active_warps"], by_blocks[6]["occupancy_pct"]),
          (16000, 48, 100), "6 blocks", r)
    for n in (5, 6):
        equal((by_blocks[n]["regs"], by_blocks[n]["launch_bounds"]), (None, None),
              "shared memory advice leaves registers alone (%d blocks)" % n, r)
    check(type(by_blocks[5]["smem"]) is int, "smem is a JSON integer", r)


def test_advise_text():
    r = run("--cc", "7.5", "--threads", "512", "--regs", "80", "--advise")
    equal(r.rc, 0, "exit status", r)
    lines = r.out.splitlines()
    check("Advice" in lines, "an Advice section", r)
    section = lines[lines.index("Advice") + 1:]
    section = section[:section.index("")] if "" in section else section
    check(any("__launch_bounds__(512, 2)" in l and "64" in l for l in section),
          "the 2-block suggestion is listed", r)
    check("Occupancy" in r.out and "16 / 32 = 50 %" in r.out, "the report is still there", r)


def test_advise_spills():
    r = run("--cc", "7.5", "--threads", "512", "--regs", "80", "--advise", "--spills", "24,16",
            "--format", "csv")
    equal(r.rc, 0, "exit status", r)
    _, rows = parse_csv(r.out)
    spills = [row for row in rows if row["kind"] == "warning" and
              "24 bytes of spill stores and 16 bytes of spill loads in the compiled code" in row["text"]]
    equal(len(spills), 1, "one spill warning naming the bytes of the compiled code", r)
    check("not bytes per thread" in spills[0]["text"], "spills are not per thread", r)
    equal((spills[0]["blocks"], spills[0]["regs"], spills[0]["launch_bounds"]), ("", "", ""),
          "a warning has no figures", r)
    r = run("--cc", "7.5", "--threads", "512", "--regs", "80", "--advise", "--format", "csv")
    check("spill" not in r.out.lower(), "no spill warning without --spills", r)


def test_advise_up_to_the_best():
    # H100 SXM5, 128 threads x 108 registers: 3456 -> 3584 registers a warp,
    # 4 warps in a quarter SM (16384), 4 blocks. 12 blocks need 12 warps a
    # quarter, 1365 -> 1280 registers a warp: 40 a thread, 75 %; 16 blocks
    # (the 64 warps) need 1024: 32 a thread, 100 %.
    r = run("--gpu", "H100 SXM5", "--threads", "128", "--regs", "108", "--advise", "--format", "csv")
    equal(r.rc, 0, "exit status", r)
    by_blocks = levels(parse_csv(r.out)[1])
    equal(sorted(by_blocks), [5, 6, 7, 8, 9, 10, 12, 16], "every level up to the best", r)
    equal((by_blocks[12]["regs"], by_blocks[12]["occupancy_pct"]), ("40", "75"), "12 blocks", r)
    equal((by_blocks[16]["regs"], by_blocks[16]["occupancy_pct"]), ("32", "100"), "16 blocks", r)
    r = run("--gpu", "H100 SXM5", "--threads", "128", "--regs", "108", "--advise")
    check("12 blocks per SM (75 %): at most 40 registers" in r.out, "the text lists 12 blocks", r)
    check("16 blocks per SM (100 %): at most 32 registers" in r.out, "the text lists 16 blocks", r)


def test_advise_more_registers_when_spilling():
    # The same kernel, spilling: 4 blocks hold up to 4096 registers a warp
    # (128 a thread), 3 blocks up to 16384 / 3 -> 5376 (168), 2 blocks up to
    # the 255 a thread may have.
    args = ("--gpu", "H100 SXM5", "--threads", "128", "--regs", "108", "--advise")
    r = run(*args, "--spills", "24,16", "--format", "csv")
    rows = [row for row in parse_csv(r.out)[1] if row["kind"] == "more_registers"]
    equal([(row["blocks"], row["regs"], row["occupancy_pct"]) for row in rows],
          [("4", "128", "25"), ("3", "168", "18.75"), ("2", "255", "12.5")], "more registers", r)
    r = run(*args, "--format", "csv")
    check("more_registers" not in r.out, "no such rows without spills", r)


def test_advise_other_gpus():
    # Every way to choose a GPU takes --advise.
    r = run(*H100, "--advise", "--format", "json")
    equal(r.rc, 0, "--gpu exit status", r)
    check(isinstance(json.loads(r.out), list), "an array", r)


def test_advise_errors():
    usage_error(run("--cc", "7.5", "--threads", "512", "--spills", "1,2"), "--spills", "--advise")
    usage_error(run("--cc", "7.5", "--threads", "512", "--advise", "--spills", "lots"), "lots")
    usage_error(run("--cc", "7.5", "--threads", "512", "--advise", "--spills", "1"), "--spills")
    usage_error(run("--cc", "7.5", "--threads", "512", "--advise", "--spills=-1,2"), "--spills")
    usage_error(run(*H100, "--advise", "--grid", "10", "--format", "csv"), "--grid")
    usage_error(run("--cc", "7.5", "--threads", "512", "--advise", "--plot", "threads",
                    "--output", "x.png"), "--plot")
    usage_error(run("--batch", "-", "--advise"), "--batch")
    usage_error(run("--list-gpus", "--advise"), "--list-gpus")


# ---------------------------------------------------------------- waves

def test_waves_csv():
    r = run(*H100, "--grid", "4000", "--format", "csv")
    equal(r.rc, 0, "exit status", r)
    header, rows = parse_csv(r.out)
    equal(header, COLUMNS + WAVE_COLUMNS, "the wave columns follow error")
    row = rows[0]
    equal(row["active_blocks"], "12", "blocks per SM", r)
    equal([row[c] for c in WAVE_COLUMNS], ["4000", "1584", "3", "832", "52.53", "84.18"], "waves", r)
    equal(row["error"], "", "no error", r)


def test_waves_json_full():
    r = run(*H100, "--grid", "3168", "--format", "json")
    equal(r.rc, 0, "exit status", r)
    obj = json.loads(r.out, object_pairs_hook=OrderedDict)
    equal(list(obj.keys()), COLUMNS + WAVE_COLUMNS, "JSON keys in order")
    equal([obj[c] for c in WAVE_COLUMNS], [3168, 1584, 2, 0, 100, 100], "2 full waves", r)


def test_waves_text():
    r = run(*H100, "--grid", "4000")
    equal(r.rc, 0, "exit status", r)
    lines = r.out.splitlines()
    check("Waves on 132 multiprocessors" in lines, "a waves section", r)
    check(any(l.split()[:1] == ["Waves"] and
              "3 (2 full + a last wave 52.53 % full: 832 of 1584 blocks)" in l for l in lines),
          "the waves line", r)
    check(any("Blocks per wave" in l and "1584 (12 per SM × 132 SMs)" in l for l in lines),
          "blocks per wave", r)
    check(any("Block slots busy" in l and l.endswith("84.18 %") for l in lines), "efficiency", r)
    r = run(*H100, "--grid", "100")
    check("1 (a single wave 6.31 % full: 100 of 1584 blocks)" in r.out, "a single partial wave", r)


def test_waves_without_grid_keep_the_columns():
    r = run(*H100, "--format", "csv")
    header, _ = parse_csv(r.out)
    equal(header, COLUMNS, "no --grid, no wave columns")
    check("Waves" not in run(*H100).out, "no --grid, no waves section")


def test_waves_need_the_sm_count():
    r = run("--cc", "9.0", "--threads", "128", "--grid", "10")
    usage_error(r, "--sms", "--gpu")
    r = run("--cc", "9.0", "--threads", "128", "--regs", "37", "--grid", "4000", "--sms", "132",
            "--format", "csv")
    equal(r.rc, 0, "with --sms", r)
    _, rows = parse_csv(r.out)
    equal([rows[0][c] for c in WAVE_COLUMNS], ["4000", "1584", "3", "832", "52.53", "84.18"],
          "--sms 132 counts like an H100 SXM5", r)
    # --sms overrides a product's count: 100 SMs x 12 = 1200 a wave.
    r = run(*H100, "--grid", "4000", "--sms", "100", "--format", "json")
    obj = json.loads(r.out)
    equal((obj["blocks_per_wave"], obj["waves"], obj["tail_blocks"]), (1200, 4, 400), "--sms 100", r)


def test_waves_when_no_block_fits():
    # 2048 threads cannot launch: the report stands, the waves are null.
    r = run(*H100[:2], "--threads", "2048", "--grid", "100", "--format", "json")
    equal(r.rc, 0, "exit status", r)
    obj = json.loads(r.out)
    equal(obj["grid"], 100, "grid echoed", r)
    equal([obj[c] for c in WAVE_COLUMNS[1:]], [None] * 5, "no waves", r)
    check("no waves" in r.err, "a warning says why", r)


def test_waves_errors():
    for bad in ("0", "-5", "abc", "1.5", "99999999999999999999"):
        usage_error(run(*H100, "--grid=" + bad), "--grid", bad)
    for bad in ("0", "100001", "many"):
        usage_error(run(*H100, "--grid", "10", "--sms", bad), "--sms", bad)
    usage_error(run(*H100, "--grid", "10", "--plot", "threads", "--output", "x.png"), "--plot")
    usage_error(run("--batch", "-", "--grid", "10"), "--batch")
    usage_error(run("--gpu-data", "--grid", "10"), "--gpu-data")


# ---------------------------------------------------------------- this machine

def test_gpu_this():
    for args in (["--gpu", "this"], ["--detect"]):
        r = run(*args, "--threads", "128", "--format", "csv")
        if r.rc == 0:
            _, rows = parse_csv(r.out)
            check(rows[0]["cc"] != "" and rows[0]["gpu"] != "", "a detected GPU", r)
        else:
            usage_error(r)
            check("libcuda.so.1" in r.err or "driver" in r.err.lower() or "GPU" in r.err,
                  "the message says why there is no GPU", r)


def test_detect_conflicts():
    usage_error(run("--detect", "--cc", "7.0", "--threads", "128"), "--detect")


def test_list_gpus_mentions_this_machine():
    r = run("--list-gpus")
    equal(r.rc, 0, "exit status", r)
    tail = r.out[r.out.index("This machine"):]
    check("No GPU detected:" in tail or len(tail.splitlines()) > 1, "detected GPUs or why none", r)


def test_help_names_the_new_options():
    r = run("--help")
    for word in ("--advise", "--spills", "--grid", "--sms", "--detect", "heatmap-regs", "heatmap-smem",
                 "wave_efficiency_pct", "launch_bounds"):
        check(word in r.out, "--help mentions %s" % word, r)


if __name__ == "__main__":
    main(globals())
