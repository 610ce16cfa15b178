#!/usr/bin/env python3
# test-cli-plot.py — cuocc --plot writes real PNG, SVG, PDF and CSV files.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import csv
import os
import struct
import xml.etree.ElementTree as ET

import clitest  # noqa: E402
from clitest import check, equal, main, run, usage_error

TMP = clitest.scratch_dir("cuocc-cli-plot-")
BASE = ["--cc", "7.0", "--threads", "128", "--regs", "37"]


def out(name):
    return os.path.join(TMP, name)


def read(path):
    with open(path, "rb") as f:
        return f.read()


def test_png():
    path = out("threads.png")
    r = run(*BASE, "--plot", "threads", "--output", path, "--size", "640x400")
    equal(r.rc, 0, "exit status", r)
    data = read(path)
    equal(data[:8], b"\x89PNG\r\n\x1a\n", "PNG signature")
    equal(data[12:16], b"IHDR", "IHDR chunk")
    width, height = struct.unpack(">II", data[16:24])
    equal((width, height), (640, 400), "PNG size")
    check(len(data) > 2000, "the PNG holds a drawing (%d bytes)" % len(data))


def test_png_default_size():
    path = out("registers.png")
    r = run(*BASE, "--plot", "registers", "--output", path)
    equal(r.rc, 0, "exit status", r)
    data = read(path)
    equal(struct.unpack(">II", data[16:24]), (800, 500), "default size")


def test_svg():
    path = out("smem.svg")
    r = run(*BASE, "--plot", "smem", "--output", path)
    equal(r.rc, 0, "exit status", r)
    root = ET.fromstring(read(path))
    check(root.tag.endswith("svg"), "an <svg> document")
    check(len(list(root.iter())) > 10, "the SVG holds a drawing")


def svg_desc(path):
    root = ET.fromstring(read(path))
    for node in root.iter():
        if node.tag.endswith("desc"):
            return node.text
    return None


def test_caption():
    # The GPU and the inputs under the graph, and as the SVG's description.
    path = out("caption.svg")
    r = run("--gpu", "Tesla V100-SXM2-16GB", "--threads", "128", "--regs", "37", "--smem", "2048",
            "--plot", "threads", "--output", path)
    equal(r.rc, 0, "exit status", r)
    equal(svg_desc(path), "NVIDIA Tesla V100 SXM2 (compute capability 7.0): 128 threads per block, "
          "37 registers per thread, 2 KiB shared memory per block", "caption")
    path = out("caption-heat.svg")
    r = run(*BASE, "--plot", "heatmap-regs", "--output", path)
    equal(r.rc, 0, "exit status", r)
    equal(svg_desc(path), "Compute capability 7.0: 128 threads per block, 37 registers per thread, "
          "0 bytes shared memory per block", "heatmap caption")


def test_all_in_one_image():
    # Every graph 9.0 has (five) in one image, 1440 x 900 unless --size says otherwise.
    path = out("all.png")
    r = run("--cc", "9.0", "--threads", "256", "--regs", "40", "--plot", "all", "--output", path)
    equal(r.rc, 0, "exit status", r)
    data = read(path)
    equal(data[:8], b"\x89PNG\r\n\x1a\n", "PNG signature")
    equal(struct.unpack(">II", data[16:24]), (1440, 900), "default size for all")
    path = out("all.svg")
    r = run(*BASE, "--plot", "all", "--output", path, "--size", "1200x700")
    equal(r.rc, 0, "exit status", r)
    equal(svg_desc(path), "Compute capability 7.0: 128 threads per block, 37 registers per thread, "
          "0 bytes shared memory per block", "caption")
    r = run(*BASE, "--plot", "all", "--output", out("all.csv"))
    check(r.rc != 0, "no CSV of all graphs")
    check(".png" in r.err and "csv" in r.err, "the message says which formats work: %r" % r.err)
    check(not os.path.exists(out("all.csv")), "no file after an error")


def test_pdf():
    path = out("threads.pdf")
    r = run(*BASE, "--plot", "threads", "--output", path)
    equal(r.rc, 0, "exit status", r)
    data = read(path)
    check(data.startswith(b"%PDF-"), "PDF header")
    check(b"%%EOF" in data[-32:], "PDF trailer")


def rows_of(path):
    with open(path, newline="") as f:
        return list(csv.reader(f))


def test_csv_threads():
    path = out("threads.csv")
    r = run(*BASE, "--plot", "threads", "--output", path)
    equal(r.rc, 0, "exit status", r)
    rows = rows_of(path)
    equal(rows[0][:4], ["threads", "active_blocks", "active_warps", "occupancy_pct"], "header")
    table = {int(x[0]): x for x in rows[1:]}
    check(all(t in table for t in range(32, 1025, 32)), "every warp multiple up to 1024")
    # 128 x 37 on 7.0: 12 blocks, 48 warps, 75 %; 320: 4 blocks, 40 warps, 62.5 %.
    equal([table[128][1], table[128][2]], ["12", "48"], "128 threads")
    equal(float(table[128][3]), 75.0, "128 threads occupancy")
    equal([table[320][1], table[320][2]], ["4", "40"], "320 threads")
    equal(float(table[320][3]), 62.5, "320 threads occupancy")


def test_csv_registers():
    path = out("regs.csv")
    r = run(*BASE, "--plot", "registers", "--output", path)
    equal(r.rc, 0, "exit status", r)
    rows = rows_of(path)
    equal(rows[0][:4], ["regs", "active_blocks", "active_warps", "occupancy_pct"], "header")
    table = {int(x[0]): x for x in rows[1:]}
    check(0 in table and 255 in table, "0 to 255 registers")
    equal(table[37][1:3], ["12", "48"], "37 registers")
    # 32 registers: 1024 per warp, 16 warps per sub-partition, all 64: 16 blocks.
    equal(table[32][1:3], ["16", "64"], "32 registers")


def test_csv_smem():
    path = out("smem.csv")
    r = run("--cc", "7.0", "--threads", "256", "--plot", "smem", "--output", path)
    equal(r.rc, 0, "exit status", r)
    rows = rows_of(path)
    equal(rows[0][:4], ["smem", "active_blocks", "active_warps", "occupancy_pct"], "header")
    table = {int(x[0]): x for x in rows[1:]}
    equal(table[49152][1:3], ["2", "16"], "48 KiB")
    equal(table[0][1:3], ["8", "64"], "no shared memory")


def test_plot_errors():
    usage_error(run(*BASE, "--plot", "threads", "--output", out("x.gif")), "x.gif")
    usage_error(run(*BASE, "--plot", "threads", "--output", out("x.png"), "--size", "big"), "big")
    usage_error(run(*BASE, "--plot", "threads", "--output", out("x.png"), "--size", "0x10"), "0x10")
    usage_error(run(*BASE, "--plot", "threads", "--output", out("x.png"), "--size", "800x"), "800x")
    usage_error(run(*BASE, "--plot", "occupancy", "--output", out("x.png")), "occupancy")
    usage_error(run(*BASE, "--plot", "threads"), "--output")
    check(not os.path.exists(out("x.png")), "no file after an error")


def test_graph_names_are_the_librarys():
    # The graph names are the library's (cuocc_series_kind_parse): its
    # "shared-memory" and any case, for a graph and a heatmap alike; the
    # command line refused "shared-memory", which the library and the man
    # page's series names take. A heatmap varies registers or shared memory
    # beside the block size, nothing else.
    def csv_of(name, file):
        path = out(file)
        r = run(*BASE, "--plot", name, "--output", path)
        equal(r.rc, 0, "exit status of --plot " + name, r)
        return read(path)

    smem = csv_of("smem", "smem.csv")
    equal(csv_of("shared-memory", "shared-memory.csv"), smem, "shared-memory is smem")
    equal(csv_of("SMEM", "smem-upper.csv"), smem, "any case")
    equal(csv_of("heatmap-shared-memory", "heat-shared.csv"), csv_of("heatmap-smem", "heat-smem.csv"),
          "heatmap-shared-memory is heatmap-smem")
    for bad in ("heatmap-threads", "heatmap-", "heatmap-all", "histogram"):
        r = run(*BASE, "--plot", bad, "--output", out("bad.csv"))
        usage_error(r, bad)
        check("heatmap-smem" in r.err, "says what is allowed", r)
    check(not os.path.exists(out("bad.csv")), "no file after an error")


# ---------------------------------------------------------------- heatmaps
# CC 7.0, 128 threads x 37 registers: 48 warps, 75 % (see test-cli.py).
# Shared memory rows step by 98304 / 128 = 768 bytes (a whole allocation
# unit of 256); 256 threads are 8 warps: 16128 bytes fit 6 blocks (48 warps,
# 75 %), 24576 fit 4 (32, 50 %), 49152 fit 2 (16, 25 %).

def test_heatmap_png():
    path = out("heat-regs.png")
    r = run(*BASE, "--plot", "heatmap-regs", "--output", path, "--size", "640x480")
    equal(r.rc, 0, "exit status", r)
    data = read(path)
    equal(data[:8], b"\x89PNG\r\n\x1a\n", "PNG signature")
    equal(struct.unpack(">II", data[16:24]), (640, 480), "PNG size")
    check(len(data) > 5000, "the PNG holds a heatmap (%d bytes)" % len(data))


def test_heatmap_svg_and_pdf():
    path = out("heat-smem.svg")
    r = run(*BASE, "--plot", "heatmap-smem", "--output", path)
    equal(r.rc, 0, "exit status", r)
    root = ET.fromstring(read(path))
    check(root.tag.endswith("svg"), "an <svg> document")
    equal((root.get("width"), root.get("height")), ("800pt", "500pt"), "default size")
    path = out("heat-regs.pdf")
    r = run(*BASE, "--plot", "heatmap-regs", "--output", path)
    equal(r.rc, 0, "exit status", r)
    data = read(path)
    check(data.startswith(b"%PDF-"), "PDF header")
    check(b"%%EOF" in data[-32:], "PDF trailer")


def test_heatmap_csv_registers():
    path = out("heat-regs.csv")
    r = run(*BASE, "--plot", "heatmap-regs", "--output", path)
    equal(r.rc, 0, "exit status", r)
    rows = rows_of(path)
    equal(rows[0], ["threads", "regs", "active_warps", "occupancy_pct"], "header")
    check(["128", "37", "48", "75"] in rows, "128 threads x 37 registers: 48 warps, 75 %")
    check(["128", "32", "64", "100"] in rows, "128 threads x 32 registers: 64 warps, 100 %")
    equal(len(rows) - 1, 32 * 256, "32 block sizes x 0..255 registers")


def test_heatmap_csv_smem():
    path = out("heat-smem.csv")
    r = run("--cc", "7.0", "--threads", "256", "--plot", "heatmap-smem", "--output", path)
    equal(r.rc, 0, "exit status", r)
    rows = rows_of(path)
    equal(rows[0], ["threads", "smem", "active_warps", "occupancy_pct"], "header")
    for row in (["256", "16128", "48", "75"], ["256", "24576", "32", "50"], ["256", "49152", "16", "25"]):
        check(row in rows, "row %s" % ",".join(row))


def test_heatmap_replaces_atomically():
    path = out("heat-replace.csv")
    with open(path, "w") as f:
        f.write("old")
    r = run(*BASE, "--plot", "heatmap-regs", "--output", path)
    equal(r.rc, 0, "exit status", r)
    check(read(path).startswith(b"threads,regs,"), "replaced")
    leftovers = [n for n in os.listdir(TMP) if n.startswith("heat-replace.csv.")]
    equal(leftovers, [], "no temporary file left")


def test_heatmap_errors():
    usage_error(run(*BASE, "--plot", "heatmap", "--output", out("h.png")), "heatmap")
    usage_error(run(*BASE, "--plot", "heatmap-regs", "--output", out("h.gif")), "h.gif")
    usage_error(run(*BASE, "--plot", "heatmap-regs"), "--output")
    r = run(*BASE, "--plot", "heatmap-regs", "--output", os.path.join(TMP, "no", "such", "h.png"))
    usage_error(r, "does not exist")
    check(not os.path.exists(out("h.png")), "no file after an error")


if __name__ == "__main__":
    main(globals())
