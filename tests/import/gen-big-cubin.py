#!/usr/bin/env python3
# gen-big-cubin.py — fat binaries with LZ4 cubins as big as real libraries' (issue 29 §6).
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# usage: gen-big-cubin.py OUT.fatbin OUT-CORRUPT.fatbin
#
# CUDA 11.8's cuBLASLt holds LZ4 cubins of 16 to 75 MB decompressed, nine tenths of them machine
# code (.text), which the import does not need. OUT.fatbin is one fat binary of two such entries,
# KERNELS kernels each, whose .text sections are TEXT_BYTES of filler that compresses about as
# SASS does:
#   - sm_80: the section headers after the sections, as GNU tools lay an ELF file out;
#   - sm_86: the section headers right after the ELF header, as nvcc lays a cubin out.
# Kernel i ("big_kernel_<i>") uses 32 + i registers and 1,024 × (i + 1) bytes of shared memory in
# both; its .nv.info.<name> comes after the kernel before it's code, as in nvcc's cubins.
# OUT-CORRUPT.fatbin is the sm_86 entry with its LZ4 block cut to half its length.
# The ELF writer and the compressors are tests/import/bench-import-binary.py's.

import importlib.util
import os
import random
import struct
import sys

spec = importlib.util.spec_from_file_location(
    "bench", os.path.join(os.path.dirname(os.path.abspath(__file__)), "bench-import-binary.py"))
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)

KERNELS = 8
TEXT_BYTES = 5 << 18  # 1.25 MiB a kernel: 10 MiB an entry
STO_CUDA_ENTRY = 0x10


def filler(rnd, size):
    words = [rnd.randbytes(16) for _ in range(64)]
    return b"".join(rnd.choices(words, k=size // 16))


def sections(rnd):
    strtab = bench.Strtab()
    symbols = [bytes(24)]
    info = bytearray()
    per_kernel = []
    for i in range(KERNELS):
        name = "big_kernel_%d" % i
        text_index = 4 + 4 * i + 1
        sym = len(symbols)
        symbols.append(struct.pack("<IBBHQQ", strtab.add(name), 0x12, STO_CUDA_ENTRY, text_index, 0, TEXT_BYTES))
        info += struct.pack("<BBHII", 4, 0x2F, 8, sym, 32 + i) + struct.pack("<BBHII", 4, 0x11, 8, sym, 0)
        fn_info = struct.pack("<BBH", 3, 0x1B, 255) + struct.pack("<BBH", 3, 0x19, 24)
        fn_info += struct.pack("<BBHII", 4, 0x0A, 8, 0, 24)
        per_kernel += [
            (".nv.info." + name, bench.SHT_CUDA_INFO, 0x40, text_index, 2, 0, fn_info, 4),
            (".text." + name, bench.SHT_PROGBITS, 0x6, sym, 2, 0, filler(rnd, TEXT_BYTES), 128),
            (".nv.constant0." + name, bench.SHT_PROGBITS, 0x42, text_index, 0, 0, bytes(0x210 + 24), 4),
            (".nv.shared." + name, bench.SHT_NOBITS, 0x43, text_index, 0, 0, ("nobits", 1024 * (i + 1)), 16),
        ]
    return [
        (".strtab", bench.SHT_STRTAB, 0, 0, 0, 0, bytes(strtab.data), 1),
        (".symtab", bench.SHT_SYMTAB, 0, len(symbols), 1, 24, b"".join(symbols), 8),
        (".nv.info", bench.SHT_CUDA_INFO, 0, 0, 2, 0, bytes(info), 4),
    ] + per_kernel


def headers_first(elf):
    """The same ELF file with its section header table moved to offset 64, the sections after it."""
    shoff = struct.unpack_from("<Q", elf, 40)[0]
    shnum = struct.unpack_from("<H", elf, 60)[0]
    table = bytearray(elf[shoff:shoff + 64 * shnum])
    shift = 64 * shnum
    for i in range(1, shnum):
        offset = struct.unpack_from("<Q", table, 64 * i + 24)[0]
        struct.pack_into("<Q", table, 64 * i + 24, offset + shift)
    out = bytearray(elf[:64]) + table + elf[64:shoff]
    struct.pack_into("<Q", out, 40, 64)
    return bytes(out)


def entry(sm, cubin, lz4, cut=False):
    body = lz4(cubin)
    if cut:
        body = body[:len(body) // 2]
    compressed = len(body)
    body += bytes(-len(body) % 8)
    header = struct.pack("<HHIQIIIIIIQQQ", 2, 0x101, 64, len(body), compressed, 0, 0x10008, sm, 0, 0, 0x2011, 0,
                         len(cubin))
    return header + body


def fatbin(entries):
    data = b"".join(entries)
    return struct.pack("<IHHQ", 0xba55ed50, 1, 16, len(data)) + data


def main():
    rnd = random.Random(29)
    _, lz4 = bench.compressors()
    sm80 = bench.elf64(sections(rnd), bench.EM_CUDA, 0x41, 8, (80 << 8) | 0x4, 2)
    sm86 = headers_first(bench.elf64(sections(rnd), bench.EM_CUDA, 0x41, 8, (86 << 8) | 0x4, 2))
    with open(sys.argv[1], "wb") as f:
        f.write(fatbin([entry(80, sm80, lz4), entry(86, sm86, lz4)]))
    with open(sys.argv[2], "wb") as f:
        f.write(fatbin([entry(86, sm86, lz4, cut=True)]))


if __name__ == "__main__":
    main()
