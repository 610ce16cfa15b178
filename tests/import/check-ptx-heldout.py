#!/usr/bin/env python3
# check-ptx-heldout.py — cuocc's PTX figures against ptxas run here, on real programs.
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   check-ptx-heldout.py CUOCC FILE...
#
# A held-out check of issue 27: the PTX of real programs nobody here wrote
# (the JAX sample _prng.so, CUDA 11.8's PTX fixtures) is taken out of each
# file by this script itself (the ELF file's .nv_fatbin through objcopy, its
# fat binary entries parsed here, decompressed with the zstd and lz4
# programs), assembled with ptxas for each GPU the PTX can run on, and every
# kernel's registers, stack, shared memory, barriers and spills that ptxas
# printed are compared with the rows `cuocc --import FILE.ptx --cc X.Y
# --ptxas PTXAS` writes. Prints TAP; skips without the CUDA toolkit.

import csv
import io
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile

PTXAS = shutil.which("ptxas") or "/usr/local/cuda/bin/ptxas"
TARGETS = [(7, 5), (8, 0), (8, 9), (9, 0), (10, 0), (12, 0)]


def fatbin_ptx(data):
    """(arch, text) of each PTX entry of the fat binaries in data."""
    out = []
    off = 0
    while off + 16 <= len(data):
        magic, _version, hsize, size = struct.unpack_from("<IHHQ", data, off)
        if magic != 0xBA55ED50:
            off += 8
            continue
        pos, end = off + hsize, off + hsize + size
        while pos + 64 <= end:
            kind, = struct.unpack_from("<H", data, pos)
            ehsize, payload = struct.unpack_from("<IQ", data, pos + 4)
            compressed, = struct.unpack_from("<I", data, pos + 16)
            sm, = struct.unpack_from("<I", data, pos + 28)
            flags, = struct.unpack_from("<Q", data, pos + 40)
            raw = data[pos + ehsize: pos + ehsize + (compressed or payload)]
            if kind == 1:
                if flags & 0x8000:
                    raw = subprocess.run(["zstd", "-dc"], input=raw, stdout=subprocess.PIPE, check=True).stdout
                elif flags & 0x2000:
                    raise SystemExit("LZ4 PTX: not handled by this check")
                out.append(("compute_%d" % sm, raw.split(b"\0")[0].decode()))
            pos += ehsize + payload
        off = (end + 7) & ~7
    return out


def ptx_texts(path, tmp):
    if path.endswith(".ptx"):
        with open(path) as f:
            return [(None, f.read())]
    section = os.path.join(tmp, "section")
    subprocess.run(["objcopy", "-O", "binary", "--only-section=.nv_fatbin", path, section], check=True)
    with open(section, "rb") as f:
        return fatbin_ptx(f.read())


def ptxas_figures(ptx, target):
    proc = subprocess.run([PTXAS, "-arch=" + target, "-v", ptx, "-o", os.devnull],
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    figures, name = {}, None
    for line in proc.stdout.decode().splitlines():
        m = re.search(r"Compiling entry function '([^']+)'", line)
        if m:
            name = m.group(1)
            figures[name] = {"smem": "0", "barriers": ""}
        m = re.search(r"(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads", line)
        if m and name:
            figures[name].update(stack=m.group(1), spill_stores=m.group(2), spill_loads=m.group(3))
        m = re.search(r"Used (\d+) registers", line)
        if m and name:
            figures[name]["regs"] = m.group(1)
            for key, pattern in (("barriers", r"used (\d+) barriers"), ("smem", r"(\d+) bytes smem")):
                found = re.search(pattern, line)
                if found:
                    figures[name][key] = found.group(1)
    return proc.returncode, figures


def main():
    cuocc, files = sys.argv[1], sys.argv[2:]
    if not os.access(PTXAS, os.X_OK):
        print("1..0 # SKIP ptxas of the CUDA toolkit is not installed")
        return 0
    tmp = tempfile.mkdtemp(prefix="cuocc-heldout-")
    env = dict(os.environ, XDG_CACHE_HOME=os.path.join(tmp, "cache"))
    results = []
    try:
        for path in files:
            for n, (_, text) in enumerate(ptx_texts(path, tmp)):
                target_cc = re.search(r"^\s*\.target\s+sm_(\d+)", text, re.M)
                low = int(target_cc.group(1)) if target_cc else 0
                ptx = os.path.join(tmp, "module-%d.ptx" % n)
                with open(ptx, "w") as f:
                    f.write(text)
                for major, minor in TARGETS:
                    if major * 10 + minor < low:
                        continue
                    target = "sm_%d%d" % (major, minor)
                    rc, want = ptxas_figures(ptx, target)
                    if rc != 0:
                        continue
                    proc = subprocess.run([cuocc, "--import", ptx, "--cc", "%d.%d" % (major, minor), "--ptxas", PTXAS,
                                           "--format", "csv"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
                    rows = {r["mangled"]: r for r in csv.DictReader(io.StringIO(proc.stdout.decode()))}
                    for name, fig in sorted(want.items()):
                        row = rows.get(name, {})
                        diffs = ["%s %s≠%s" % (k, row.get(k), v) for k, v in fig.items() if row.get(k) != v]
                        results.append(("%s module %d %s %s" % (os.path.basename(path), n, target, name[:60]), diffs))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("1..%d" % len(results))
    for i, (what, diffs) in enumerate(results, 1):
        print("%s %d %s%s" % ("not ok" if diffs else "ok", i, what, (" # " + ", ".join(diffs)) if diffs else ""))
    return 1 if any(d for _, d in results) else 0


if __name__ == "__main__":
    sys.exit(main())
