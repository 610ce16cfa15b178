#!/usr/bin/env python3
# bench-import-binary.py — cuocc --import on a 1 GB shared library with 10,000 kernels.
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Generates, in the build folder, a host ELF file (x86-64, shared object) of
# about 1 GB: a .text section of filler bytes (written, not sparse) and a
# .nv_fatbin section whose fat binary holds 100 generated cubins of 100
# kernels each (sm_90), a third of the entries Zstandard-compressed and a
# third LZ4-compressed through the same libraries cuocc uses. Then times
# `cuocc --import FILE --format csv` beside `cat FILE` in the same run (best
# of three each, the file in the page cache) and measures both peak resident
# sizes. Fails when the import takes 3 s or more, or 300 MB or more of memory,
# or does not list every kernel. The file is deleted afterwards.

import ctypes
import os
import random
import struct
import subprocess
import sys
import time

KERNELS_PER_CUBIN = 100
CUBINS = 100
TARGET_SIZE = 1 << 30
TARGET_SECONDS = 3.0
TARGET_RSS_MB = 300
RUNS = 3
SM = 90

EM_CUDA = 190
SHT_PROGBITS, SHT_SYMTAB, SHT_STRTAB, SHT_NOBITS = 1, 2, 3, 8
SHT_CUDA_INFO = 0x70000000


class Strtab:
    def __init__(self):
        self.data = bytearray(b"\0")

    def add(self, text):
        offset = len(self.data)
        self.data += text.encode() + b"\0"
        return offset


def elf64(sections, machine, osabi, abiversion, flags, etype):
    """sections: (name, type, flags, info, link, entsize, data or ('nobits', size), align)."""
    shstr = Strtab()
    names = [shstr.add(s[0]) for s in sections] + [shstr.add(".shstrtab")]
    shstrndx = len(sections) + 1
    sections = list(sections) + [(".shstrtab", SHT_STRTAB, 0, 0, 0, 0, bytes(shstr.data), 1)]
    out = bytearray(64)
    headers = [bytes(64)]
    for (name, stype, sflags, info, link, entsize, data, align), name_off in zip(sections, names):
        if isinstance(data, tuple):
            offset, size = len(out), data[1]
        else:
            while len(out) % max(align, 1):
                out += b"\0"
            offset, size = len(out), len(data)
            out += data
        headers.append(struct.pack("<IIQQQQIIQQ", name_off, stype, sflags, 0, offset, size, link, info,
                                   align, entsize))
    while len(out) % 8:
        out += b"\0"
    shoff = len(out)
    for h in headers:
        out += h
    ident = b"\x7fELF" + bytes([2, 1, 1, osabi, abiversion]) + bytes(7)
    out[0:64] = ident + struct.pack("<HHIQQQIHHHHHH", etype, machine, 1, 0, 0, shoff, flags, 64, 0, 0, 64,
                                    len(headers), shstrndx)
    return bytes(out)


def cubin(first, rnd):
    strtab = Strtab()
    sections = []
    symbols = [bytes(24)]
    info = bytearray()
    # section indices: 1 .strtab, 2 .symtab, 3 .nv.info, then 4 per kernel
    for i in range(KERNELS_PER_CUBIN):
        n = first + i
        name = "_ZN5bench6kernelILi%dEEEvPfPKfi" % n
        text_index = 4 + 4 * i + 1
        sym = len(symbols)
        symbols.append(struct.pack("<IBBHQQ", strtab.add(name), 0x12, 0x10, text_index, 0, 1024))
        regs, frame = rnd.randint(8, 128), rnd.choice([0, 0, 0, 16, 64])
        info += struct.pack("<BBHII", 4, 0x2F, 8, sym, regs) + struct.pack("<BBHII", 4, 0x11, 8, sym, frame)
        fn_info = struct.pack("<BBHIII", 4, 0x05, 12, rnd.choice([128, 256, 1024]), 1, 1)
        fn_info += struct.pack("<BBH", 3, 0x1B, 255) + struct.pack("<BBH", 2, 0x4C, rnd.randint(0, 2))
        fn_info += struct.pack("<BBH", 3, 0x19, 24) + struct.pack("<BBHII", 4, 0x0A, 8, 0, 24)
        sections += [
            (".nv.info." + name, SHT_CUDA_INFO, 0x40, text_index, 2, 0, fn_info, 4),
            (".text." + name, SHT_PROGBITS, 0x6, sym, 2, 0, rnd.randbytes(1024), 128),
            (".nv.constant0." + name, SHT_PROGBITS, 0x42, text_index, 0, 0, bytes(0x200 + 24), 4),
            (".nv.shared." + name, SHT_NOBITS, 0x43, text_index, 0, 0, ("nobits", 256 * rnd.randint(0, 64)), 16),
        ]
    head = [
        (".strtab", SHT_STRTAB, 0, 0, 0, 0, bytes(strtab.data), 1),
        (".symtab", SHT_SYMTAB, 0, len(symbols), 1, 24, b"".join(symbols), 8),
        (".nv.info", SHT_CUDA_INFO, 0, 0, 2, 0, bytes(info), 4),
    ]
    return elf64(head + sections, EM_CUDA, 0x41, 8, (SM << 8) | 0x4, 2)


def compressors():
    zstd = ctypes.CDLL("libzstd.so.1")
    zstd.ZSTD_compressBound.restype = ctypes.c_size_t
    zstd.ZSTD_compress.restype = ctypes.c_size_t
    zstd.ZSTD_isError.restype = ctypes.c_uint
    lz4 = ctypes.CDLL("liblz4.so.1")

    def with_zstd(data):
        bound = zstd.ZSTD_compressBound(ctypes.c_size_t(len(data)))
        out = ctypes.create_string_buffer(bound)
        n = zstd.ZSTD_compress(out, ctypes.c_size_t(bound), data, ctypes.c_size_t(len(data)), 3)
        assert not zstd.ZSTD_isError(ctypes.c_size_t(n))
        return out.raw[:n]

    def with_lz4(data):
        bound = lz4.LZ4_compressBound(len(data))
        out = ctypes.create_string_buffer(bound)
        n = lz4.LZ4_compress_default(data, out, len(data), bound)
        assert n > 0
        return out.raw[:n]

    return with_zstd, with_lz4


def fatbin(rnd):
    with_zstd, with_lz4 = compressors()
    entries = bytearray()
    for c in range(CUBINS):
        code = cubin(c * KERNELS_PER_CUBIN, rnd)
        flags, payload = 0x11, code
        if c % 3 == 1:
            flags, payload = 0x8011, with_zstd(code)
        elif c % 3 == 2:
            flags, payload = 0x2011, with_lz4(code)
        compressed = len(payload)
        payload += bytes(-len(payload) % 8)
        entries += struct.pack("<HHIQIIIIIIQQQ", 2, 0x101, 64, len(payload), compressed if flags != 0x11 else 0,
                               0, 0x10008, SM, 0, 0, flags, 0, len(code) if flags != 0x11 else 0)
        entries += payload
    return struct.pack("<IHHQ", 0xBA55ED50, 1, 16, len(entries)) + bytes(entries)


def generate(path):
    rnd = random.Random(9)
    fat = fatbin(rnd)
    block = rnd.randbytes(1 << 20)
    text_size = TARGET_SIZE - len(fat) - (1 << 16)
    text_size -= text_size % len(block)
    # Written in file order: header, filler, fat binary, names, section table.
    shstr = b"\0.text\0.nv_fatbin\0.shstrtab\0"
    text_off = 4096
    fat_off = text_off + text_size
    shstr_off = fat_off + len(fat)
    shoff = (shstr_off + len(shstr) + 7) & ~7
    headers = bytes(64)
    headers += struct.pack("<IIQQQQIIQQ", 1, SHT_PROGBITS, 0x6, 0, text_off, text_size, 0, 0, 4096, 0)
    headers += struct.pack("<IIQQQQIIQQ", 7, SHT_PROGBITS, 0x2, 0, fat_off, len(fat), 0, 0, 8, 0)
    headers += struct.pack("<IIQQQQIIQQ", 18, SHT_STRTAB, 0, 0, shstr_off, len(shstr), 0, 0, 1, 0)
    ident = b"\x7fELF" + bytes([2, 1, 1, 0, 0]) + bytes(7)
    ehdr = ident + struct.pack("<HHIQQQIHHHHHH", 3, 62, 1, 0, 0, shoff, 0, 64, 0, 0, 64, 4, 3)
    with open(path, "wb") as f:
        f.write(ehdr + bytes(text_off - len(ehdr)))
        for _ in range(text_size // len(block)):
            f.write(block)
        f.write(fat)
        f.write(shstr + bytes(shoff - shstr_off - len(shstr)))
        f.write(headers)


def run(args):
    """Seconds and peak resident MB of one run, output discarded."""
    start = time.perf_counter()
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        sys.exit("%s failed (%d): %s" % (args, proc.returncode, proc.stderr.read().decode()))
    proc.stderr.close()
    return elapsed, usage.ru_maxrss / 1024


def best(args):
    """Best time and peak resident MB of RUNS runs, measured from a fresh,
    small Python process: a child's peak counts its parent's memory up to
    the exec, and this one holds the generated fat binary."""
    out = subprocess.run([sys.executable, os.path.abspath(__file__), "--measure"] + args,
                         check=True, capture_output=True, text=True).stdout.split()
    return float(out[0]), float(out[1])


def measure(args):
    runs = [run(args) for _ in range(RUNS)]
    print(min(r[0] for r in runs), max(r[1] for r in runs))


def main():
    if sys.argv[1] == "--measure":
        measure(sys.argv[2:])
        return
    cuocc = os.path.abspath(sys.argv[1])
    path = os.path.join(os.environ.get("MESON_BUILD_ROOT", os.getcwd()), "bench-import-1gb.so")
    try:
        t0 = time.perf_counter()
        generate(path)
        size = os.path.getsize(path)
        print("generated %s: %.2f GB, %d kernels in %d cubins, in %.1f s"
              % (path, size / 1e9, KERNELS_PER_CUBIN * CUBINS, CUBINS, time.perf_counter() - t0))
        listing = subprocess.run([cuocc, "--import", path, "--format", "csv"], capture_output=True, check=True)
        rows = listing.stdout.decode().count("\n") - 1
        if rows != KERNELS_PER_CUBIN * CUBINS:
            sys.exit("cuocc listed %d kernels, expected %d" % (rows, KERNELS_PER_CUBIN * CUBINS))
        t_true, rss_true = best(["true"])
        t_cat, rss_cat = best(["cat", path])
        t_cuocc, rss_cuocc = best([cuocc, "--import", path, "--format", "csv"])
    finally:
        if os.path.exists(path):
            os.unlink(path)
    print("true (the measuring floor): %7.3f s  %7.1f MB peak resident" % (t_true, rss_true))
    print("cat FILE (reference):       %7.3f s  %7.1f MB peak resident" % (t_cat, rss_cat))
    print("cuocc --import FILE:        %7.3f s  %7.1f MB peak resident" % (t_cuocc, rss_cuocc))
    print("ratio cuocc / cat:          %7.2f    %7.2f" % (t_cuocc / t_cat, rss_cuocc / rss_cat))
    ok = t_cuocc < TARGET_SECONDS and rss_cuocc < TARGET_RSS_MB
    print("target: < %.0f s and < %d MB: %s" % (TARGET_SECONDS, TARGET_RSS_MB, "met" if ok else "NOT MET"))
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
