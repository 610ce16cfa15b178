#!/usr/bin/env python3
# test-cli.py — the cuocc command line, one configuration at a time: every
# format with values worked out by hand, the lists, and every error path.
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The expected figures come from the published rules, not from the program:
#   CC 7.0: 64 warps, 32 blocks, 65536 registers in 4 sub-partitions of 16384,
#     registers allocated per warp in units of 256; shared memory 96 KiB.
#   128 threads x 37 registers: 4 warps per block; a warp takes
#     ceil(37 * 32 = 1184, 256) = 1280 registers; a sub-partition holds
#     floor(16384 / 1280) = 12 warps, the SM 48; 48 / 4 = 12 blocks (warps
#     alone would allow 64 / 4 = 16): 12 blocks, 48 warps, 1536 threads, 75 %.
#     The best block size is the largest reaching 48 warps: 24 warps (768
#     threads), 2 blocks.
#   320 threads x 37 registers: 10 warps, 48 / 10 = 4 blocks, 40 warps, 62.5 %.
#   256 threads, 48 KiB shared memory: 98304 / 49152 = 2 blocks, 16 warps, 25 %;
#     every block size gets 2 blocks, so the best is 1024.
#   CC 8.0, 256 threads, 48 KiB: the runtime adds 1 KiB per block, 50176 bytes;
#     the largest configuration is 164 KiB = 167936; 3 blocks, 24 warps, 37.5 %.
#   CC 8.6 (48 warps, 16 blocks, 100 KiB), 256 threads, 24 KiB: 25600 bytes per
#     block, 102400 / 25600 = 4 blocks, 32 warps, 66.67 %; best block size 768
#     (2 blocks of 24 warps fill the SM; 3 x 16 and 4 x 12 tie below it).
#   CC 9.0, 32 threads, 4 barriers: the SM has 2 x 32 = 64 barriers, 16 blocks,
#     16 warps, 25 %.

import json
import os
from collections import OrderedDict

import clitest  # noqa: E402
from clitest import COLUMNS, check, equal, main, parse_csv, run, usage_error

U = "unlimited"

# (arguments, expected columns as CSV text)
CASES = [
    (["--cc", "7.0", "--threads", "128", "--regs", "37"],
     dict(cc="7.0", threads="128", regs="37", smem="0", smem_config="98304", barriers="1",
          global_caching="off", active_blocks="12", active_warps="48", active_threads="1536",
          occupancy_pct="75", blocks_by_warps="16", blocks_by_regs="12", blocks_by_smem=U,
          blocks_by_blocks="32", blocks_by_barriers=U, limiters="registers",
          regs_per_block="5120", smem_per_block="0", best_block_size="768", error="")),
    (["--cc", "7.0", "--threads", "320", "--regs", "37"],
     dict(cc="7.0", threads="320", active_blocks="4", active_warps="40", active_threads="1280",
          occupancy_pct="62.5", blocks_by_warps="6", blocks_by_regs="4", blocks_by_smem=U,
          limiters="registers", regs_per_block="12800", best_block_size="768")),
    (["--cc", "7.0", "--threads", "256", "--regs", "0", "--smem", "48K"],
     dict(smem="49152", smem_config="98304", active_blocks="2", active_warps="16",
          active_threads="512", occupancy_pct="25", blocks_by_warps="8", blocks_by_regs=U,
          blocks_by_smem="2", limiters="shared_memory", regs_per_block="0",
          smem_per_block="49152", best_block_size="1024")),
    (["--cc", "8.0", "--threads", "256", "--regs", "0", "--smem", "48KiB"],
     dict(cc="8.0", smem="49152", smem_config="167936", active_blocks="3", active_warps="24",
          occupancy_pct="37.5", blocks_by_smem="3", limiters="shared_memory",
          smem_per_block="50176", best_block_size="1024")),
    (["--cc", "8.6", "--threads", "256", "--regs", "0", "--smem", "24576"],
     dict(cc="8.6", smem="24576", smem_config="102400", active_blocks="4", active_warps="32",
          active_threads="1024", occupancy_pct="66.67", blocks_by_warps="6", blocks_by_smem="4",
          blocks_by_blocks="16", limiters="shared_memory", smem_per_block="25600",
          best_block_size="768")),
    (["--cc", "9.0", "--threads", "32", "--regs", "0", "--barriers", "4"],
     dict(cc="9.0", barriers="4", active_blocks="16", active_warps="16", occupancy_pct="25",
          blocks_by_warps="64", blocks_by_blocks="32", blocks_by_barriers="16",
          limiters="barriers")),
]


def json_value(text):
    if text == U:
        return None
    if text == "" :
        return None
    try:
        return int(text)
    except ValueError:
        try:
            return float(text)
        except ValueError:
            return text


def test_csv_values():
    for args, expected in CASES:
        r = run(*args, "--format", "csv")
        equal(r.rc, 0, "exit status of %s" % args, r)
        header, rows = parse_csv(r.out)
        equal(header, COLUMNS, "CSV columns")
        equal(len(rows), 1, "one row")
        for key, value in expected.items():
            equal(rows[0][key], value, "%s for %s" % (key, " ".join(args)), r)
        check(rows[0]["gpu"] != "", "the gpu column names the device", r)


def test_json_values():
    for args, expected in CASES:
        r = run(*args, "--format", "json")
        equal(r.rc, 0, "exit status of %s" % args, r)
        obj = json.loads(r.out, object_pairs_hook=OrderedDict)
        check(isinstance(obj, dict), "a single object", r)
        equal(list(obj.keys()), COLUMNS, "JSON keys in order")
        for key, value in expected.items():
            want = json_value(value) if key not in ("cc", "limiters", "global_caching") else value
            if key == "error":
                want = None
            equal(obj[key], want, "%s for %s" % (key, " ".join(args)), r)
        for key in ("threads", "regs", "smem", "smem_config", "barriers", "active_blocks",
                    "active_warps", "active_threads", "regs_per_block", "smem_per_block",
                    "best_block_size"):
            check(type(obj[key]) is int, "%s is a JSON integer" % key, r)
        check(isinstance(obj["occupancy_pct"], (int, float)), "occupancy_pct is a number", r)


def test_json_unlimited_is_null():
    r = run("--cc", "7.0", "--threads", "128", "--regs", "0", "--format", "json")
    obj = json.loads(r.out)
    equal(obj["blocks_by_regs"], None, "no registers: blocks_by_regs", r)
    equal(obj["blocks_by_smem"], None, "no shared memory: blocks_by_smem", r)
    equal(obj["blocks_by_barriers"], None, "barriers do not limit on 7.0", r)
    equal(obj["blocks_by_warps"], 16, "blocks_by_warps", r)
    equal(obj["occupancy_pct"], 100, "occupancy", r)
    equal(obj["limiters"], "warps", "limiters", r)


def test_text_report():
    r = run("--cc", "7.0", "--threads", "128", "--regs", "37")
    equal(r.rc, 0, "exit status", r)
    lines = r.out.splitlines()
    check(any("Occupancy" in l and "48 / 64 = 75 %" in l for l in lines), "occupancy line", r)
    check(any("Active threads per SM" in l and l.split()[-1] == "1536" for l in lines), "threads", r)
    check(any("Active warps per SM" in l and l.split()[-1] == "48" for l in lines), "warps", r)
    check(any("Active thread blocks per SM" in l and l.split()[-1] == "12" for l in lines), "blocks", r)
    regs = [l for l in lines if l.split()[:1] == ["Registers"] and l.split()[1].isdigit()]
    check(len(regs) == 1 and regs[0].split()[1:4] == ["5120", "65536", "12"] and "limiter" in regs[0],
          "registers row: 5120 per block, 65536 per SM, 12 blocks, marked as the limiter", r)
    warps = [l for l in lines if l.split()[:1] == ["Warps"]]
    check(len(warps) == 1 and warps[0].split()[1:4] == ["4", "64", "16"] and "limiter" not in warps[0],
          "warps row", r)
    smem = [l for l in lines if l.strip().startswith("Shared memory ") and "unlimited" in l]
    check(len(smem) == 1, "shared memory row is unlimited", r)
    check(any("Block size for most occupancy" in l and l.split()[-1] == "768" for l in lines),
          "suggested block size", r)
    check(any("Max registers per thread" in l and l.split()[-1] == "255" for l in lines),
          "physical limits", r)
    equal(r.err, "", "no warnings", r)


def test_text_product_has_sm_count():
    r = run("--gpu", "Tesla V100 SXM2", "--threads", "128", "--regs", "37")
    equal(r.rc, 0, "exit status", r)
    check(any("Multiprocessors (SMs)" in l and l.split()[-1] == "80" for l in r.out.splitlines()),
          "V100 has 80 SMs", r)
    # The best block size, 768 (24 warps x 37 -> 1280 registers = 30720 a
    # block), gives 65536 / 30720 = 2 blocks per SM, 160 on 80 SMs; the line
    # names that block size, not the 128 asked about.
    check(any("Minimum grid size" in l and l.split()[-5:-1] == ["160", "blocks", "of", "768"]
              and l.endswith(" threads") for l in r.out.splitlines()),
          "minimum grid size, for the block size that reaches it", r)


def test_gpu_by_name_csv():
    r = run("--gpu", "tesla v100 sxm2", "--threads", "320", "--regs", "37", "--format", "csv")
    equal(r.rc, 0, "exit status", r)
    _, rows = parse_csv(r.out)
    equal(rows[0]["cc"], "7.0", "cc of a V100", r)
    check("V100" in rows[0]["gpu"], "gpu column names the product", r)
    equal(rows[0]["occupancy_pct"], "62.5", "occupancy", r)


def test_sizes_with_suffixes():
    for text in ("48K", "48KB", "48KiB", "49152"):
        r = run("--cc", "7.0", "--threads", "256", "--smem", text, "--format", "csv")
        _, rows = parse_csv(r.out)
        equal(rows[0]["smem"], "49152", "--smem %s" % text, r)


def test_dynamic_smem_adds_to_smem():
    # CC 9.0: 8 KiB static + 48 KiB dynamic = 57344 bytes, + 1024 reserved = 58368 a
    # block; 233472 / 58368 = 4 blocks of 8 warps, 32 of 64 warps, 50 %.
    r = run("--cc", "9.0", "--threads", "256", "--smem", "8K", "--dynamic-smem", "48K", "--format", "csv")
    equal(r.rc, 0, "exit status", r)
    _, rows = parse_csv(r.out)
    equal([rows[0]["smem"], rows[0]["smem_per_block"], rows[0]["active_blocks"], rows[0]["occupancy_pct"]],
          ["57344", "58368", "4", "50"], "static plus dynamic", r)
    check("cudaFuncAttributeMaxDynamicSharedMemorySize, 49152" in r.err, "the opt-in note", r)
    r = run("--cc", "9.0", "--threads", "256", "--smem", "8K", "--dynamic-smem", "40K", "--format", "csv")
    equal(r.err, "", "no note at 48 KiB", r)
    usage_error(run("--cc", "9.0", "--threads", "256", "--dynamic-smem", "-1"), "--dynamic-smem")


def test_smem_config_chosen():
    r = run("--cc", "7.0", "--threads", "256", "--smem", "16K", "--smem-config", "32K", "--format", "csv")
    equal(r.rc, 0, "exit status", r)
    _, rows = parse_csv(r.out)
    equal(rows[0]["smem_config"], "32768", "configuration in effect", r)
    equal(rows[0]["blocks_by_smem"], "2", "32768 / 16384", r)
    equal(rows[0]["active_blocks"], "2", "active blocks", r)


def test_too_much_is_a_valid_question():
    for extra in (["--threads", "2048"], ["--threads", "128", "--regs", "300"],
                  ["--threads", "128", "--smem", "200K"]):
        r = run("--cc", "7.0", *extra, "--format", "csv")
        equal(r.rc, 0, "exit status for %s" % extra, r)
        _, rows = parse_csv(r.out)
        equal(rows[0]["active_blocks"], "0", "active blocks for %s" % extra, r)
        equal(rows[0]["occupancy_pct"], "0", "occupancy for %s" % extra, r)
        check(rows[0]["limiters"] != "", "a limiter is named for %s" % extra, r)
        check("warning" in r.err.lower(), "a warning on stderr for %s" % extra, r)


def test_why_a_question_that_cannot_launch_is_answered():
    # The text report says why it answers instead of refusing, with the
    # ranges the app states too: answered 1 to 1048576 threads, launched on
    # 7.0 1 to 1024 threads, up to 255 registers and 98304 bytes (96 KiB).
    for extra in (["--threads", "2048"], ["--threads", "128", "--regs", "300"],
                  ["--threads", "128", "--smem", "200K"]):
        r = run("--cc", "7.0", *extra)
        equal(r.rc, 0, "exit status for %s" % extra, r)
        note = r.out[r.out.index("\nNotes\n"):]
        for words in ("0 blocks, exit status 0", "a sweep, a batch or a graph",
                      "answers for 1 to 1048576 threads per block",
                      "compute capability 7.0 launches 1 to 1024 threads per block, up to 255 registers per "
                      "thread and up to 98304 bytes of shared memory per block"):
            check(words in note, "the note says %r for %s" % (words, extra), r)
    r = run("--cc", "7.0", "--threads", "1024")
    equal(r.rc, 0, "exit status", r)
    check("\nNotes\n" not in r.out, "no note for a block the GPU launches", r)
    # One term for the SM's parts, as the app's GPU Data page has it: 7.0 has four.
    check(any(l.split()[:2] == ["SM", "sub-partitions"] and l.split()[-1] == "4" for l in r.out.splitlines()),
          "SM sub-partitions", r)
    # Beyond what cuocc answers for: refused, naming the same bound.
    usage_error(run("--cc", "7.0", "--threads", "1048577"), "--threads", "1 to 1048576")
    usage_error(run("--cc", "7.0", "--threads", "128", "--barriers", "17"), "--barriers", "0 to 16")
    # The man page says it too.
    page = os.path.join(os.environ.get("G_TEST_SRCDIR", os.path.dirname(__file__) + "/.."), "..", "data", "cuocc.1")
    with open(page, encoding="utf-8") as f:
        text = " ".join(f.read().split())
    check("A configuration the GPU cannot launch is a question too" in text and "1 to 1048576 threads" in text,
          "the man page explains it")


def test_global_caching_on_maxwell():
    r = run("--cc", "5.2", "--threads", "256", "--regs", "32", "--global-caching", "on",
            "--format", "json")
    equal(r.rc, 0, "exit status", r)
    equal(json.loads(r.out)["global_caching"], "on", "caching in effect", r)


def test_help_and_version():
    r = run("--help")
    equal(r.rc, 0, "--help exit status", r)
    for word in ("--gpu", "--cc", "--device-file", "--threads", "--regs", "--smem", "--smem-config",
                 "--barriers", "--global-caching", "--format", "--batch", "--plot", "--output",
                 "--size", "--list-gpus", "--gpu-data", "--version"):
        check(word in r.out, "--help mentions %s" % word, r)
    check("Registers per thread (default 32)" in r.out, "--help gives the default registers", r)
    r = run("--version")
    equal(r.rc, 0, "--version exit status", r)
    check(r.out.startswith("cuocc 0.1.0"), "--version prints the version", r)


def test_list_gpus():
    r = run("--list-gpus")
    equal(r.rc, 0, "exit status", r)
    for name in ("V100", "RTX 4090", "A100", "H100", "Jetson", "RTX 5090"):
        check(name in r.out, "lists %s" % name, r)
    v100 = [l for l in r.out.splitlines() if "V100" in l and " 7.0 " in l]
    check(any(l.split()[-1] == "80" for l in v100), "V100: CC 7.0 with 80 SMs", r)
    for cc in ("1.0", "2.0", "3.5", "7.5", "8.9", "9.0", "10.0", "12.1"):
        check(any(l.startswith(cc + " ") for l in r.out.splitlines()), "lists CC %s" % cc, r)


def test_gpu_data():
    r = run("--gpu-data")
    equal(r.rc, 0, "exit status", r)
    ccs = "1.0 1.1 1.2 1.3 2.0 2.1 3.0 3.2 3.5 3.7 5.0 5.2 5.3 6.0 6.1 6.2 7.0 7.2 7.5 8.0 8.6 8.7 8.9 9.0 10.0 10.3 10.7 11.0 12.0 12.1"
    cc_rows = [l.split()[2:] for l in r.out.splitlines() if l.startswith("Compute capability")]
    equal(sum(cc_rows, []), ccs.split(), "every compute capability side by side", r)
    check("Source:" in r.out, "sources are shown", r)
    # A name as wide as its column keeps a space before the next: 8.6 is
    # "Ampere", 8.7 "Ampere", 8.9 "Ada Lovelace"; 10.0 "Blackwell", 10.3
    # "Blackwell Ultra" (the columns once ran together: "AmpereAda").
    arch = " ".join(l for l in r.out.splitlines() if l.startswith("Architecture"))
    check("Ampere Ada Lovelace" in arch and "Blackwell Blackwell Ultra" in arch, "architectures apart", r)

    r = run("--gpu-data", "--cc", "7.0")
    equal(r.rc, 0, "exit status", r)
    rows = {l[:36].strip(): l[36:].strip() for l in r.out.splitlines() if len(l) > 36}
    equal(rows.get("Compute capability"), "7.0", "one column", r)
    equal(rows.get("Max warps per SM"), "64", "warps", r)
    equal(rows.get("Registers per SM"), "65536", "registers", r)
    equal(rows.get("Max thread blocks per SM"), "32", "blocks", r)
    check("98304" in r.out and "Volta" in r.out and "Source:" in r.out, "figures and source", r)


# ---------------------------------------------------------------- errors

def test_error_unknown_option():
    usage_error(run("--frobnicate"), "--frobnicate")


def test_error_not_a_number():
    usage_error(run("--cc", "7.0", "--threads", "abc"), "abc")
    usage_error(run("--cc", "7.0", "--threads", "128", "--regs", "12x"), "12x")
    usage_error(run("--cc", "7.0", "--threads", "128", "--smem", "lots"), "lots")


def test_error_no_question():
    usage_error(run("--cc", "7.0", "--threads", "0"), "threads")
    usage_error(run("--cc", "7.0", "--threads=-32"), "threads")
    usage_error(run("--cc", "7.0", "--threads", "128", "--regs=-5"), "regs")
    usage_error(run("--cc", "7.0", "--threads", "128", "--smem=-1"), "smem")
    usage_error(run("--cc", "7.0", "--threads", "128", "--barriers=-1"), "barriers")


def test_error_overflow():
    usage_error(run("--cc", "7.0", "--threads", "99999999999999999999"), "99999999999999999999")
    usage_error(run("--cc", "7.0", "--threads", "128", "--regs", "4294967296"), "4294967296")
    usage_error(run("--cc", "7.0", "--threads", "128", "--smem", "99999999999999999999K"), "smem")


def test_error_unknown_gpu():
    usage_error(run("--gpu", "GeForce Imaginary 9999", "--threads", "128"), "GeForce Imaginary 9999")


def test_error_ambiguous_gpu():
    # Jetson modules span compute capabilities 3.2 to 11.0: which one?
    r = run("--gpu", "Jetson", "--threads", "128")
    usage_error(r, "Jetson")
    check(r.err.count("Jetson") >= 3, "the candidates are listed", r)


def test_several_products_of_one_cc():
    # The H100 SXM5, PCIe and NVL are all 9.0: the per-SM answer, with a
    # note naming them; waves need the product.
    r = run("--gpu", "H100", "--threads", "128", "--regs", "37", "--format", "csv")
    equal(r.rc, 0, "exit status", r)
    _, rows = parse_csv(r.out)
    equal((rows[0]["cc"], rows[0]["gpu"], rows[0]["active_blocks"]),
          ("9.0", "H100 (compute capability 9.0)", "12"), "the 9.0 answer", r)
    check("note:" in r.err and "NVIDIA H100 SXM5" in r.err and "NVIDIA H100 PCIe" in r.err,
          "the note names the products", r)
    usage_error(run("--gpu", "H100", "--threads", "128", "--grid", "1000"), "--sms")


def test_messages_name_the_real_limit():
    # 8.0: the opt-in maximum per block is 166912 bytes (163 KiB, the PG's
    # 163 KB); 164K = 167936 bytes is what the SM holds, not what a block may.
    r = run("--cc", "8.0", "--threads", "128", "--smem", "164K")
    equal(r.rc, 0, "a question the GPU cannot launch is still answered", r)
    check("167936 bytes (164 KiB)" in r.err and "166912 bytes (163 KiB)" in r.err and "opt-in" in r.err,
          "the opt-in maximum per block, in bytes and KiB", r)
    check("167936 that" not in r.err, "not the SM's 167936", r)
    # 7.0: a block may have at most 1024 threads.
    r = run("--cc", "7.0", "--threads", "2048")
    check("a block may have at most 1024 threads on compute capability 7.0, not 2048" in r.err,
          "the threads limit per block", r)


def test_readme_synopsis_lists_every_mode():
    readme = os.path.join(os.environ.get("G_TEST_SRCDIR", os.path.dirname(__file__) + "/.."), "..", "README.md")
    with open(readme, encoding="utf-8") as f:
        text = f.read()
    section = text[text.index("## The command line"):]
    synopsis = section[:section.index("\n\n", section.index("    cuocc"))]
    for mode in ("--advise", "--import", "--grid", "--detect", "--batch", "--plot", "--list-gpus", "--gpu-data"):
        check(mode in synopsis, "the README's synopsis lists %s" % mode)


def test_custom_cc_beyond_the_table():
    # 13.0 takes its figures from 12.1, the newest known, but is no Blackwell.
    import tempfile
    with tempfile.NamedTemporaryFile("w", suffix=".gpu", delete=False) as f:
        f.write("[Device]\nname=Future GPU\ncompute-capability=13.0\n")
        path = f.name
    try:
        r = run("--device-file", path, "--threads", "128")
        equal(r.rc, 0, "exit status", r)
        check("13.0 (based on 12.1)" in r.out, "labelled by its base", r)
        check("Blackwell" not in r.out, "not as Blackwell", r)
    finally:
        os.unlink(path)


def test_driver_names():
    for name, product in (("NVIDIA H100 80GB HBM3", "NVIDIA H100 SXM5"),
                          ("Tesla V100-SXM2-16GB", "NVIDIA Tesla V100 SXM2"),
                          ("A100-SXM4-80GB", "NVIDIA A100 SXM4"),
                          ("NVIDIA H20", "NVIDIA H20")):
        r = run("--gpu", name, "--threads", "128", "--format", "json")
        equal(r.rc, 0, "exit status for %s" % name, r)
        equal(json.loads(r.out)["gpu"], product, name, r)


def test_error_unknown_cc():
    r = run("--cc", "4.0", "--threads", "128")
    usage_error(r, "4.0")
    check("7.0" in r.err, "the known compute capabilities are listed", r)
    usage_error(run("--cc", "seven", "--threads", "128"), "seven")


def test_cc_spellings():
    # NVIDIA's tools write 9.0 as 90, sm_90, sm_90a and compute_90; the last
    # digit is the minor version. Each answers as --cc 9.0 (the barriers case
    # of the header: 16 blocks, 16 warps, 25 %).
    for spelling in ("9.0", "90", "sm_90", "sm_90a", "SM_90A", "compute_90", " 9.0 "):
        r = run("--cc", spelling, "--threads", "32", "--regs", "0", "--barriers", "4", "--format", "csv")
        equal(r.rc, 0, "exit status of %r" % spelling, r)
        equal(r.err, "", "no remark for %r" % spelling, r)
        _, rows = parse_csv(r.out)
        equal((rows[0]["cc"], rows[0]["active_blocks"], rows[0]["occupancy_pct"]), ("9.0", "16", "25"),
              "--cc %s" % spelling, r)
    for spelling, cc in (("sm_100f", "10.0"), ("120", "12.0"), ("sm_121a", "12.1"), ("compute_75", "7.5"),
                         ("sm_110", "11.0")):
        r = run("--cc", spelling, "--threads", "128", "--format", "csv")
        equal(r.rc, 0, "exit status of %r" % spelling, r)
        equal(parse_csv(r.out)[1][0]["cc"], cc, "--cc %s" % spelling, r)
    r = run("--gpu", "sm_89", "--threads", "128", "--format", "csv")
    equal(parse_csv(r.out)[1][0]["cc"], "8.9", "--gpu sm_89", r)


def test_rubin_10_7():
    # Rubin, compute capability 10.7 (CUDA 13.4), in every spelling. By hand,
    # 128 threads of 32 registers with 100 KiB of shared memory: a block holds
    # 100 + 1 KiB (the runtime's reservation), so the 328 KiB of a 10.7 SM
    # hold 3 blocks (12 warps of 64: 18.75 %) where 10.3's 228 KiB hold 2.
    for spelling in ("10.7", "107", "sm_107", "sm_107a", "sm_107f", "compute_107", "compute_107a"):
        r = run("--cc", spelling, "--threads", "128", "--regs", "32", "--smem", "100K", "--format", "csv")
        equal(r.rc, 0, "exit status of --cc %s" % spelling, r)
        row = parse_csv(r.out)[1][0]
        equal((row["cc"], row["active_blocks"], row["active_warps"], row["occupancy_pct"], row["limiters"],
               row["smem_per_block"], row["smem_config"]),
              ("10.7", "3", "12", "18.75", "shared_memory", str(101 * 1024), str(328 * 1024)),
              "--cc %s" % spelling, r)
    row = parse_csv(run("--cc", "10.3", "--threads", "128", "--regs", "32", "--smem", "100K",
                        "--format", "csv").out)[1][0]
    equal((row["active_blocks"], row["occupancy_pct"]), ("2", "12.5"), "the same block on 10.3")
    # CUTLASS's 334848 bytes a block may opt in to: one byte more cannot launch.
    row = parse_csv(run("--cc", "10.7", "--threads", "128", "--dynamic-smem", "334848", "--format", "csv").out)[1][0]
    equal(row["active_blocks"], "1", "334848 bytes launch on 10.7")
    r = run("--cc", "10.7", "--threads", "128", "--dynamic-smem", "334849", "--format", "csv")
    equal(parse_csv(r.out)[1][0]["active_blocks"], "0", "334849 bytes do not", r)
    check("334848" in r.err, "the limit is named", r)
    # The products, and the text report says that figures are assumed.
    r = run("--list-gpus")
    for name, cc, sms in (("NVIDIA Rubin", "10.7", "224"), ("NVIDIA Jetson T4000", "11.0", "12"),
                          ("NVIDIA Jetson T5000", "11.0", "20")):
        line = [l for l in r.out.splitlines() if l.startswith(name + " ")]
        equal(len(line), 1, "%s listed once" % name, r)
        equal(line[0].split()[-2:], [cc, sms], name, r)
    check(any(l.startswith("10.7  Rubin") for l in r.out.splitlines()), "CC 10.7 listed", r)
    r = run("--gpu", "rubin", "--threads", "256", "--regs", "64")
    equal(r.rc, 0, "exit status", r)
    check("assumed" in r.out and "10.7" in r.out, "the report says figures are assumed", r)
    r = run("--gpu-data", "--cc", "10.7")
    rows = {l[:36].strip(): l[36:].strip() for l in r.out.splitlines() if len(l) > 36}
    equal(rows.get("… with opt-in"), "334848", "the sourced figure has no asterisk", r)
    equal(rows.get("Max warps per SM"), "64*", "an assumed figure has one", r)
    check("*: assumed" in r.out and "CUTLASS" in r.out, "the legend and the source", r)
    r = run("--gpu-data", "--cc", "9.0")
    check("*" not in r.out.split("Cluster blocks per SM")[0], "9.0 assumes nothing", r)


def test_cc_sm_101_is_thor():
    # CUDA 12 called Jetson Thor sm_101 (10.1); CUDA 13 calls it 11.0: the same
    # answer as --cc 11.0, with a warning on stderr and a note in the report.
    want = run("--cc", "11.0", "--threads", "128", "--regs", "40", "--format", "csv")
    for spelling in ("sm_101", "sm_101a", "compute_101", "101", "10.1"):
        r = run("--cc", spelling, "--threads", "128", "--regs", "40", "--format", "csv")
        equal(r.rc, 0, "exit status of %r" % spelling, r)
        equal(r.out, want.out, "--cc %s answers as 11.0" % spelling, r)
        check(r.err.startswith("cuocc: warning: ") and "11.0" in r.err and "sm_101" in r.err,
              "a warning says how %r was read" % spelling, r)
    r = run("--cc", "sm_101", "--threads", "128")
    lines = r.out.splitlines()
    check(any(l.split()[:2] == ["Compute", "capability"] and "11.0" in l for l in lines), "CC 11.0", r)
    check(any(l.strip().startswith("Note") and "CUDA 13" in l for l in lines), "the report's note", r)
    r = run("--cc", "11.0", "--threads", "128")
    check(not any(l.strip().startswith("Note") for l in r.out.splitlines()), "no note for 11.0", r)


def test_error_cc_look_alikes():
    # 8.06 and 8.0000006 are not 8.6: refused, with what is allowed.
    for text in ("8.06", "8.0000006", "8.60"):
        r = run("--cc", text, "--threads", "128")
        usage_error(r, text, "one digit")
    for text in ("8", "sm_9", "sm_090", "sm_90b", "0x56", "8,6", "1e1"):
        r = run("--cc", text, "--threads", "128")
        usage_error(r, text, "sm_90a", "compute_90")


def test_error_invalid_smem_config():
    r = run("--cc", "7.0", "--threads", "128", "--smem-config", "50K")
    usage_error(r)
    check("51200" in r.err or "50K" in r.err, "the value is named", r)
    check("65536" in r.err and "98304" in r.err, "the allowed configurations are named", r)


def test_error_caching_without_hardware():
    usage_error(run("--cc", "7.0", "--threads", "128", "--global-caching", "on"), "caching")
    usage_error(run("--cc", "5.2", "--threads", "128", "--global-caching", "sometimes"), "sometimes")


def test_error_missing_and_conflicting():
    usage_error(run("--threads", "128"), "--gpu")
    usage_error(run("--cc", "7.0"), "--threads")
    usage_error(run("--cc", "7.0", "--gpu", "Tesla V100 SXM2", "--threads", "128"), "--cc")
    usage_error(run("--cc", "7.0", "--threads", "128", "--format", "xml"), "xml")
    usage_error(run("--cc", "7.0", "--threads", "128", "stray"), "stray")
    usage_error(run("--list-gpus", "--batch", "x.csv"))
    usage_error(run("--batch", "-", "--format", "text"), "text")
    usage_error(run("--gpu-data", "--cc", "4.0"), "4.0")
    usage_error(run("--cc", "7.0", "--threads", "128", "--output", "x.png"), "--plot")


DEVICE_FILE = """[Device]
name=Future GPU
compute-capability=13.0
base=12.0
sm-count=200
max-warps-per-sm=64
max-blocks-per-sm=32
max-threads-per-block=1024
registers-per-sm=65536
max-registers-per-block=65536
register-allocation-unit=256
sub-partitions=4
"""


def write_temp(name, text):
    path = os.path.join(clitest.scratch_dir("cuocc-cli-"), name)
    with open(path, "w") as f:
        f.write(text)
    return path


def test_device_file():
    # The same register file as 7.0: 128 x 37 gives 12 blocks, 48 warps, 75 %;
    # the best block size, 768, gets 2 blocks on each of 200 SMs: 400.
    path = write_temp("future.ini", DEVICE_FILE)
    r = run("--device-file", path, "--threads", "128", "--regs", "37", "--format", "json")
    equal(r.rc, 0, "exit status", r)
    obj = json.loads(r.out)
    equal((obj["cc"], obj["gpu"]), ("13.0", "Future GPU"), "the device as described", r)
    equal((obj["active_blocks"], obj["active_warps"], obj["occupancy_pct"]), (12, 48, 75), "figures", r)
    equal(obj["best_block_size"], 768, "best block size", r)
    r = run("--device-file", path, "--threads", "128", "--regs", "37")
    lines = r.out.splitlines()
    check(any("Multiprocessors (SMs)" in l and l.split()[-1] == "200" for l in lines), "SM count", r)
    check(any("Minimum grid size" in l and l.split()[-5:] == ["400", "blocks", "of", "768", "threads"] for l in lines),
          "minimum grid", r)

    # NVIDIA's spellings of a compute capability are read in device files too.
    spelled = write_temp("spelled.ini", DEVICE_FILE.replace("compute-capability=13.0", "compute-capability=sm_130a"))
    r = run("--device-file", spelled, "--threads", "128", "--regs", "37", "--format", "json")
    equal((json.loads(r.out)["cc"], json.loads(r.out)["active_blocks"]), ("13.0", 12), "compute-capability=sm_130a", r)
    lookalike = write_temp("lookalike.ini", DEVICE_FILE.replace("compute-capability=13.0", "compute-capability=13.00"))
    usage_error(run("--device-file", lookalike, "--threads", "128"), "13.00", "one digit")

    bad = write_temp("bad.ini", "[Device]\ncompute-capability=13.0\nbogus=1\n")
    usage_error(run("--device-file", bad, "--threads", "128"), "bogus")


def test_error_device_file_missing():
    usage_error(run("--device-file", "/nonexistent/gpu.ini", "--threads", "128"), "/nonexistent/gpu.ini")


if __name__ == "__main__":
    main(globals())
