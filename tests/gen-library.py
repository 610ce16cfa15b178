#!/usr/bin/env python3
# gen-library.py — writes a shared library that looks like a real CUDA library, for tests and benchmarks.
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# usage: gen-library.py OUT.so [--kernels N] [--size MB] [--data-share F] [--seed S] [--build B]
#                        [--manifest OUT.json] [--names short|real]
#
#   OUT.so         the host ELF file written (x86-64 shared object)
#   --kernels N    kernel entries (rows cuocc lists) to write, about: default 57,600
#   --size MB      pad the file with host code (a .text section of filler) to this size in MB
#                  (10^6 bytes); default 575; 0: no filler
#   --data-share F the share of fat binaries kept in .data (loaded by the program itself, as
#                  cuModuleLoadFatBinary users do) rather than .nv_fatbin; default 0.25
#   --seed S       the random seed (default 18): the same arguments write the same bytes
#   --build B      a later build of the same library (default 0, the first): with B > 0, some
#                  kernels' registers or shared memory differ from build 0's, some translation
#                  units are gone and some are new, everything else the same (see "builds" below)
#   --manifest P   write what the file holds as JSON to P (see below)
#   --names N      "short" (default): the six families below, 100–400 characters; "real": the
#                  length and shape of cuBLASLt's CUTLASS and xmma kernels (see "real names")
#
# What it holds, as nvcc 13 lays it out (the ELF writer is
# tests/import/bench-import-binary.py's):
#   - fat binaries, one per "translation unit" (module); a unit has 24 kernels, and each unit's
#     kernels are in two modules (the same names, as template instances are in real libraries),
#     one built for sm_80, sm_86, sm_90 and compute_90 PTX, the other for sm_80 and compute_80 PTX;
#   - most modules in .nv_fatbin (8-byte aligned, one after the other), the rest in .data between
#     other data;
#   - entries uncompressed, LZ4 (--compress-mode=speed) and Zstandard (default), by turns;
#   - in each cubin, device functions beside kernels that are not kernels: a LOCAL
#     "$NAME$__internal_trig_reduction_slowpathd" in every third kernel's .text section and a WEAK
#     "$__internal_N_$__cuda_sm20_div_rn_f64_full" in every fifth; the LOCAL one with .nv.info
#     records of its own after the kernel's (nvcc 13 writes a helper's frame size, before the
#     kernel's; a register count too here, which a reader must not take for the kernel's);
#   - launch bounds on two kernels in three: EIATTR_MAX_THREADS (.maxntid) on one, EIATTR_REQNTID
#     (.reqntid) on the other, none on the third; the PTX entries say the same with .maxntid and
#     .reqntid;
#   - __launch_bounds__ (256, 4) on kernels 9 and 21 of a unit: .maxntid 256 and .minnctapersm 4 in
#     the PTX; in the cubins EIATTR_MAX_THREADS and at most 64 registers, as ptxas keeps them for
#     4 blocks of 256 threads an SM;
#   - __cluster_dims__ on kernels 6, 14 and 22 of a unit (a maxntid, a reqntid and an undeclared
#     one) in their sm_90 entries only (EIATTR_CTA_PER_CLUSTER; .reqnctapercluster in the
#     compute_90 PTX), as an arch-conditional attribute gives them: 2, 4, 2×2, 16 and 4×4×2 blocks
#     by turns (cluster_dims()); nvcc 13 accepts all of them, and a cluster of 32 cannot launch on
#     any GPU, which `cuocc --import` says;
#   - kernel names as real libraries have them (see "kernel names" below): cuBLAS, CUTLASS, CUB
#     and PyTorch template instances that differ only in their template arguments, and static
#     kernels with nvcc's "__nv_static_" prefix.
# The manifest gives {"rows", "entries" (rows per arch), "helpers", "modules", "modules_in_data",
# "kernels" (distinct names), "kernels_per_module", "names_in_modules" (how many modules hold
# each name), "declared": {"maxntid", "reqntid", "none"} (rows), "static" (rows of static kernels),
# "min_blocks" (rows declaring a minimum of blocks), "clusters" (rows declaring a cluster),
# "size", "names" (--names), "name_length": {"min", "median", "max"} (of the distinct mangled
# names, nvcc's static prefix included), "name_bytes" (their lengths summed)}, and for a later build "build" and "diff": {"changed",
# "added", "removed", "same"}, what
# `cuocc --import BUILD0 --diff BUILD` counts (entries paired by name, architecture and kind).
#
# builds: build B > 0 draws every figure build 0 draws, in the same order, so that what it does not
# change stays the same, then changes in each unit's cubin for sm_X the kernels whose
# changed(unit, i, sm, B) says so (registers ± 8, or static shared memory ± 1 KiB); a changed sm_80
# kernel changes in both modules that hold its sm_80 entry. The kernels bounds_changed(unit, i, B)
# picks declare another .maxntid in every entry, SASS and PTX. It leaves out the units gone(unit, B)
# picks (drawn all the same) and appends NEW_UNITS units after the last one, with names no unit
# of build 0 has.

import argparse
import importlib.util
import json
import os
import random
import struct

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("bench", os.path.join(HERE, "import", "bench-import-binary.py"))
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)

KERNELS_PER_UNIT = 24
LAYOUTS = [  # (archs of the module's SASS entries, PTX arch)
    ([80, 86, 90], 90),
    ([80], 80),
]
SHT_PROGBITS, SHT_SYMTAB, SHT_STRTAB, SHT_NOBITS = 1, 2, 3, 8
SHT_CUDA_INFO = 0x70000000
STO_CUDA_ENTRY = 0x10


class Code:
    """Filler that compresses about as well as SASS does (2–4×): instruction-sized words drawn
    from a small vocabulary."""

    def __init__(self, rnd):
        self.words = [rnd.randbytes(16) for _ in range(64)]
        self.rnd = rnd

    def text(self, size):
        return b"".join(self.rnd.choices(self.words, k=size // 16))


# ----- kernel names -----
# Real Itanium C++ ABI names, as nvcc (through the host compiler's ABI) mangles them, of the shapes
# cuBLAS, CUTLASS, CUB and PyTorch kernels take: function templates in and out of namespaces,
# class templates and integer, bool, enum and type template arguments, nested classes as template
# arguments, parameters naming template parameters (T_), substitutions (S_). Six families by turns;
# within a family the names differ only in their template arguments (each of a unit's 4 kernels of
# a family, and each unit, gets others: a mixed-radix decoding of unit × 4 + j whose last digit is
# unbounded, so no two kernels share a name). Every name demangles with c++filt; g++ mangles the
# same declarations to the same strings (checked when this was written, one of each family).
# Two kernels a unit are static (__global__ in a static function or an anonymous namespace): nvcc
# prefixes their names with "__nv_static_N_<translation unit>_".

class B:
    """A builtin type, by its code ("f" float, "i" int, …)."""

    def __init__(self, code):
        self.code = code


class P:
    """A pointer."""

    def __init__(self, t):
        self.t = t


class K:
    """A const type."""

    def __init__(self, t):
        self.t = t


class T:
    """The function template's parameter i (0-based): T_, T0_, T1_, …"""

    def __init__(self, i):
        self.i = i


class Lit:
    """An integer template argument of a builtin or enumeration type."""

    def __init__(self, t, v):
        self.t, self.v = t, v


class Q:
    """A qualified name: (identifier, template arguments or None) each; prefix: a T (T::Params)."""

    def __init__(self, *parts, prefix=None):
        self.parts, self.prefix = list(parts), prefix


def key(x):
    """What identifies a component in the substitution table."""
    if isinstance(x, B):
        return ("B", x.code)
    if isinstance(x, P):
        return ("P", key(x.t))
    if isinstance(x, K):
        return ("K", key(x.t))
    if isinstance(x, T):
        return ("T", x.i)
    if isinstance(x, Lit):
        return ("L", key(x.t), x.v)
    return ("Q", key(x.prefix) if x.prefix else None,
            tuple((n, None if a is None else tuple(key(y) for y in a)) for n, a in x.parts))


def base36(n):
    digits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    out = ""
    while True:
        out = digits[n % 36] + out
        n //= 36
        if n == 0:
            return out


class Mangler:
    """One function name's mangling, with its substitution table (S_, S0_, …): every prefix,
    template prefix, class, pointer, const type and template parameter once mangled, in order;
    not builtins, not the function's own name."""

    def __init__(self):
        self.subs = []

    def sub(self, k):
        i = self.subs.index(k)
        return "S_" if i == 0 else "S%s_" % base36(i - 1)

    def type(self, t):
        if isinstance(t, B):
            return t.code
        k = key(t)
        if k in self.subs:
            return self.sub(k)
        if isinstance(t, Q):
            return self.name(t, function=False)
        if isinstance(t, P):
            out = "P" + self.type(t.t)
        elif isinstance(t, K):
            out = "K" + self.type(t.t)
        else:
            out = "T_" if t.i == 0 else "T%d_" % (t.i - 1)
        self.subs.append(k)
        return out

    def args(self, a):
        out = "I"
        for x in a:
            if isinstance(x, Lit):
                out += "L" + self.type(x.t) + ("n%d" % -x.v if x.v < 0 else "%d" % x.v) + "E"
            else:
                out += self.type(x)
        return out + "E"

    def name(self, q, function):
        def full(n):
            return key(Q(*q.parts[:n], prefix=q.prefix))

        def template(n):
            return key(Q(*(q.parts[:n - 1] + [(q.parts[n - 1][0], None)]), prefix=q.prefix)) + ("template",)

        def own(n):  # the function's own name is no candidate
            return function and n == len(q.parts)

        nested = q.prefix is not None or len(q.parts) > 1
        out, done = "", 0
        # the longest prefix already in the table
        for n in range(len(q.parts), 0, -1):
            if not own(n) and full(n) in self.subs:
                if n == len(q.parts):
                    return self.sub(full(n))
                out, done = self.sub(full(n)), n
                break
            if q.parts[n - 1][1] is not None and template(n) in self.subs:
                out, done = self.sub(template(n)) + self.args(q.parts[n - 1][1]), n
                if not own(n):
                    self.subs.append(full(n))
                break
        if done == 0 and q.prefix is not None:
            out = self.type(q.prefix)
        for n in range(done + 1, len(q.parts) + 1):
            ident, a = q.parts[n - 1]
            out += "%d%s" % (len(ident), ident)
            if a is not None:
                self.subs.append(template(n))
                out += self.args(a)
            if not own(n):
                self.subs.append(full(n))
        return "N" + out + "E" if nested else out


def mangle(q, params):
    """_Z, the name, for a template its return type (void), the parameters."""
    m = Mangler()
    out = "_Z" + m.name(q, function=True)
    if q.parts[-1][1] is not None:
        out += "v"
    return out + ("".join(m.type(p) for p in params) if params else "v")


F, D, I, L, J, C, BOOL = B("f"), B("d"), B("i"), B("l"), B("j"), B("c"), B("b")
HALF = Q(("__half", None))
CUB = [("cub", None), ("CUB_200200_800_NS", None)]
TILES = [(64, 64), (64, 128), (128, 64), (128, 128), (128, 256), (256, 128), (256, 64), (64, 256), (256, 256)]


def lit(v):
    return Lit(I, v)


def boolean(v):
    return Lit(BOOL, int(bool(v)))


def family_name(family, n):
    """The mangled name of kernel n of a family."""
    if family == 0:  # cuBLAS gemv
        t = [F, D, HALF][n // 2 % 3]
        ix = [I, L][n // 192 % 2]
        params = Q(("cublasGemvParamsEx", [ix, P(K(t)), P(K(t)), P(t), P(K(t))]))
        args = [ix, I, t, t, t, t, lit([128, 256][n // 6 % 2]), lit([2, 4, 8, 16][n // 48 % 4]), lit(4),
                lit(1 + n // 384), boolean(n // 12 % 2), boolean(n // 24 % 2), boolean(1), boolean(0), params]
        return mangle(Q(("gemv2%s_kernel_val" % "NT"[n % 2], args)), [T(14), T(5), T(5)])
    if family == 1:  # cuBLAS split-K reduction
        t = [F, D, HALF][n // 12 % 3]
        args = [lit([8, 16, 32][n % 3]), lit([16, 32, 64, 128][n // 3 % 4]), I, t, t, t, t,
                boolean(n // 36 % 2), boolean(n // 72 % 2), lit(1 + n // 144)]
        return mangle(Q(("splitKreduce_kernel", args)),
                      [Q(("cublasSplitKParams", [T(6)])), P(K(T(3))), P(K(T(4))), P(T(5)), P(K(T(6)))])
    if family == 2:  # CUTLASS 2's library: a class a configuration
        m, nn = TILES[n // 3 % 9]
        op = "cutlass_80_tensorop_%s1688gemm_%dx%d_%dx%d_%s_align%d" % (
            "sdh"[n % 3], m, nn, [16, 32, 64][n // 27 % 3], 3 + n // 324, ["nn", "nt", "tn", "tt"][n // 81 % 4],
            [1, 2, 4, 8][n // 81 % 4])
        return mangle(Q(("cutlass", None), ("Kernel2", [Q((op, None))])), [Q(("Params", None), prefix=T(0))])
    if family == 3:  # CUTLASS's device kernel of a class template
        m, nn = TILES[n % 9]
        shape = Q(("cutlass", None), ("gemm", None), ("GemmShape", [lit(m), lit(nn), lit([32, 64, 16][n // 9 % 3])]))
        elem = Q(("cutlass", None), (["half_t", "bfloat16_t", "tfloat32_t"][n // 27 % 3], None))
        layout = Q(("cutlass", None), ("layout", None), (["RowMajor", "ColumnMajor"][n // 81 % 2], None))
        mma = Q(("cutlass", None), ("gemm", None), ("threadblock", None),
                ("MmaMultistage", [shape, elem, layout, lit(2 + n // 648)]))
        epilogue = Q(("cutlass", None), ("epilogue", None), ("threadblock", None), ("Epilogue", [shape, F]))
        swizzle = Q(("cutlass", None), ("gemm", None), ("threadblock", None),
                    ("GemmIdentityThreadblockSwizzle", [lit([1, 2, 4, 8][n // 162 % 4])]))
        gemm = Q(("cutlass", None), ("gemm", None), ("kernel", None), ("Gemm", [mma, epilogue, swizzle, boolean(0)]))
        return mangle(Q(("cutlass", None), ("Kernel", [gemm])), [Q(("Params", None), prefix=T(0))])
    if family == 4:  # CUB reduction
        t = [F, D, I, L, J, C][n % 6]
        op = Q(*CUB, (["Sum", "Max", "Min"][n // 6 % 3], None))
        offset = [I, L][n // 18 % 2]
        algorithm = Lit(Q(*CUB, ("BlockReduceAlgorithm", None)), 2)
        load = Lit(Q(*CUB, ("CacheLoadModifier", None)), 5)
        policy = Q(*CUB, ("AgentReducePolicy", [lit(128 << n // 36 % 3), lit(4 + n // 108), t, lit(4), algorithm, load]))
        return mangle(Q(*CUB, ("DeviceReduceKernel", [policy, P(t), P(t), offset, op])),
                      [T(1), T(2), T(3), Q(*CUB, ("GridEvenShare", [T(3)])), T(4)])
    # PyTorch's element-wise kernels
    t = [F, D, Q(("c10", None), ("Half", None)), Q(("c10", None), ("BFloat16", None))][n // 32 % 4]
    functor = Q(("at", None), ("native", None), (["AbsFunctor", "NegFunctor", "SqrtFunctor", "ExpFunctor", "LogFunctor",
                                                  "SigmoidFunctor", "TanhFunctor", "ReluFunctor"][n // 4 % 8], [t]))
    array = Q(("at", None), ("detail", None), ("Array", [P(C), lit(2 + n // 128)]))
    return mangle(Q(("at", None), ("native", None), ("vectorized_elementwise_kernel", [lit(1 << n % 4), functor, array])),
                  [I, T(1), T(2)])


def is_static(i):
    """Kernel i of a unit is a static __global__ function."""
    return i % 12 == 11


# ----- real names -----
# What cuBLASLt (CUDA 11.8) holds: mangled CUTLASS and xmma kernel templates of 150 to 2,198
# characters, median 1,287 (issue 29), which demangle to up to ~40 KB: templates nested six deep,
# enable_if returns with expressions as template arguments, template parameters past T9_, back
# references far past S9_. The short families above are a tenth of that. Made from the 160 names
# nvcc 13 mangled for tests/import/data/demangle/cutlass-names.cu (160 to 1,971 characters,
# demangled 524 to 39,501): half of a library's kernels take one of the 48 of 1,287 characters or
# more, half one of the others, so that the median is about the real one; each kernel gets its own
# value of the name's first integer template argument (Li128E: 128 + 4,096 × (its index + 1)),
# which changes no substitution, so that every name differs and still demangles, as c++filt
# --no-recurse-limit shows.

REAL_LONG = 1287
_real_bases = None


def real_bases():
    """(long, short): the corpus's names of REAL_LONG characters or more, and the others."""
    global _real_bases
    if _real_bases is None:
        import gzip
        path = os.path.join(HERE, "import", "data", "demangle", "cutlass-names.txt.gz")
        with gzip.open(path, "rt") as f:
            names = sorted(line.strip() for line in f if line.strip())
        _real_bases = ([n for n in names if len(n) >= REAL_LONG], [n for n in names if len(n) < REAL_LONG])
    return _real_bases


def real_name(unit, i):
    """A name of real length and shape for kernel i of a unit."""
    v = unit * KERNELS_PER_UNIT + i
    h = (v * 2654435761) & 0xffffffff
    long_names, short_names = real_bases()
    pool = long_names if h & 1 else short_names
    base = pool[(h >> 1) % len(pool)]
    at = base.index("Li") + 2
    end = base.index("E", at)
    return base[:at] + str(int(base[at:end]) + 4096 * (v + 1)) + base[end:]


def kernel_name(unit, i, names="short"):
    name = (real_name(unit, i) if names == "real" else family_name(i % 6, unit * 4 + i // 6))
    if is_static(i):
        # nvcc's prefix: the length of the translation unit's tag, the tag ("_" hash "_" the
        # length of the file's name, the name with "." as "_", "_" hash), "_"
        file = "unit%d_cu" % unit
        tag = "_%08x_%d_%s_%08x" % ((unit * 2654435761) & 0xffffffff, len(file), file, (unit * 40503 + 17) & 0xffffffff)
        name = "__nv_static_%d_%s_%s" % (len(tag), tag, name)
    return name


def declared(i, unit=0, build=0):
    """(kind, dims): what kernel i of a unit declares (in that build)."""
    if i % 3 == 0:
        threads = 128 << (i % 4)
        if bounds_changed(unit, i, build):
            threads = threads // 2 if threads == 1024 else threads * 2
        return "maxntid", (threads, 1, 1)
    if i % 3 == 1:
        return "reqntid", (64, 2 + i % 3, 1)
    return "none", None


def min_blocks(i):
    """The minimum of blocks an SM kernel i of a unit declares with __launch_bounds__, or None."""
    return 4 if i in (9, 21) else None


CLUSTERS = [(2, 1, 1), (4, 1, 1), (2, 2, 1), (16, 1, 1), (4, 4, 2)]


def cluster_dims(unit, i, sm):
    """The cluster kernel i of a unit declares in its entry for sm (90: the sm_90 cubin and the
    compute_90 PTX), or None."""
    if sm != 90 or i % 8 != 6:
        return None
    return CLUSTERS[(unit + i) % len(CLUSTERS)]


NEW_UNITS = 3


def gone(unit, build):
    """Unit left out of a later build: one in 50."""
    return build > 0 and (unit + 7 * build) % 50 == 0


def bounds_changed(unit, i, build):
    """Whether a later build declares other launch bounds for kernel i of a unit (its
    __launch_bounds__ maximum halved or doubled, in every entry): about 1 in 25 of those with
    .maxntid."""
    if build == 0 or i % 3 != 0:
        return False
    return (unit * 31 + i * 17 + build * 7) % 25 == 0


def changed(unit, i, sm, build):
    """What a later build changes in kernel i of a unit's cubin for sm: "regs", "smem" or None;
    about 3 % and 2 % of them."""
    if build == 0:
        return None
    h = (unit * 7919 + i * 104729 + sm * 131 + build * 1000003) % 100
    return "regs" if h < 3 else "smem" if h < 5 else None


def cubin(unit, sm, rnd, code, build=0, names="short"):
    strtab = bench.Strtab()
    sections = []
    symbols = [bytes(24)]
    info = bytearray()
    helpers = 0
    for i in range(KERNELS_PER_UNIT):
        name = kernel_name(unit, i, names)
        text_index = 4 + 4 * i + 1
        sym = len(symbols)
        size = 512 * rnd.randint(4, 40)
        # a static kernel's symbol is LOCAL, as nvcc writes it
        binding = 0x02 if is_static(i) else 0x12
        symbols.append(struct.pack("<IBBHQQ", strtab.add(name), binding, STO_CUDA_ENTRY, text_index, 0, size))
        regs, frame = rnd.randint(16, 255), rnd.choice([0, 0, 0, 16, 40, 64])
        if min_blocks(i):
            # what ptxas leaves for 4 blocks of 256 threads (65,536 / 1,024), less a change's 8
            regs = min(regs, 65536 // (declared(i)[1][0] * min_blocks(i)) - 8)
        if changed(unit, i, sm, build) == "regs":
            regs += 8 if regs <= 247 else -8
        info += struct.pack("<BBHII", 4, 0x2F, 8, sym, regs) + struct.pack("<BBHII", 4, 0x11, 8, sym, frame)
        if i % 3 == 0:
            hsym = len(symbols)
            symbols.append(struct.pack("<IBBHQQ", strtab.add("$%s$__internal_trig_reduction_slowpathd" % name),
                                       0x02, 0, text_index, size // 2, size // 4))
            info += struct.pack("<BBHII", 4, 0x2F, 8, hsym, 40) + struct.pack("<BBHII", 4, 0x11, 8, hsym, 0)
            helpers += 1
        if i % 5 == 0:
            hsym = len(symbols)
            symbols.append(struct.pack("<IBBHQQ", strtab.add("$__internal_%d_$__cuda_sm20_div_rn_f64_full" % i),
                                       0x22, 0, text_index, size // 4, size // 4))
            helpers += 1
        kind, dims = declared(i, unit, build)
        fn_info = b""
        if kind == "maxntid":
            fn_info += struct.pack("<BBHIII", 4, 0x05, 12, *dims)
        elif kind == "reqntid":
            fn_info += struct.pack("<BBHIII", 4, 0x10, 12, *dims)
        if cluster_dims(unit, i, sm):
            fn_info += struct.pack("<BBHIII", 4, 0x3D, 12, *cluster_dims(unit, i, sm))
        fn_info += struct.pack("<BBH", 3, 0x1B, 255) + struct.pack("<BBH", 2, 0x4C, rnd.randint(0, 1))
        fn_info += struct.pack("<BBH", 3, 0x19, 24) + struct.pack("<BBHII", 4, 0x0A, 8, 0, 24)
        text = code.text(size)
        shared = 256 * rnd.randint(0, 64)
        if changed(unit, i, sm, build) == "smem":
            shared += 1024 if shared < 1024 else -1024
        sections += [
            (".nv.info." + name, SHT_CUDA_INFO, 0x40, text_index, 2, 0, fn_info, 4),
            (".text." + name, SHT_PROGBITS, 0x6, sym, 2, 0, text, 128),
            (".nv.constant0." + name, SHT_PROGBITS, 0x42, text_index, 0, 0, bytes(0x210 + 24), 4),
            (".nv.shared." + name, SHT_NOBITS, 0x43, text_index, 0, 0, ("nobits", shared), 16),
        ]
    head = [
        (".strtab", SHT_STRTAB, 0, 0, 0, 0, bytes(strtab.data), 1),
        (".symtab", SHT_SYMTAB, 0, len(symbols), 1, 24, b"".join(symbols), 8),
        (".nv.info", SHT_CUDA_INFO, 0, 0, 2, 0, bytes(info), 4),
    ]
    # ABI version 8: the SM number in bits 8–15 of e_flags
    return bench.elf64(head + sections, bench.EM_CUDA, 0x41, 8, (sm << 8) | 0x4, 2), helpers


def ptx(unit, arch, build=0, names="short"):
    lines = ["//\n// Generated by gen-library.py\n//\n\n.version 9.0\n.target sm_%d\n.address_size 64\n" % arch]
    for i in range(KERNELS_PER_UNIT):
        name = kernel_name(unit, i, names)
        kind, dims = declared(i, unit, build)
        lines.append(".func $%s$helper(.param .b64 p)\n{\n\tret;\n}\n" % name)
        directive = "" if dims is None else "\t.%s %d, %d, %d\n" % (kind, *dims)
        if min_blocks(i):
            directive += "\t.minnctapersm %d\n" % min_blocks(i)
        if cluster_dims(unit, i, arch):
            directive += "\t.explicitcluster\n\t.reqnctapercluster %d, %d, %d\n" % cluster_dims(unit, i, arch)
        lines.append("%s.entry %s(\n\t.param .u64 p0,\n\t.param .u32 p1\n)\n%s{\n\tret;\n}\n"
                     % ("" if is_static(i) else ".visible ", name, directive))
    return "".join(lines).encode()


def entry(kind, sm, payload, mode, zstd, lz4):
    """One fat binary entry: header and payload, as nvcc writes it."""
    flags, body, compressed = 0x11, payload, 0
    if mode == 1:
        flags, body = 0x2011, lz4(payload)
        compressed = len(body)
    elif mode == 2:
        flags, body = 0x8011, zstd(payload)
        compressed = len(body)
    body += bytes(-len(body) % 8)
    header = struct.pack("<HHIQIIIIIIQQQ", kind, 0x101, 64, len(body), compressed, 0, 0x10008, sm, 0, 0, flags, 0,
                         len(payload) if compressed else 0)
    return header + body


def generate(path, n_kernels, size_mb, data_share, seed, build=0, names="short"):
    rnd = random.Random(seed)
    code = Code(rnd)
    zstd, lz4 = bench.compressors()
    per_unit_rows = sum(len(archs) + 1 for archs, _ in LAYOUTS) * KERNELS_PER_UNIT
    units = max(1, round(n_kernels / per_unit_rows))
    all_units = units + (NEW_UNITS if build > 0 else 0)
    kept = [unit for unit in range(all_units) if not gone(unit, build)]
    modules = []  # (bytes, in_data)
    manifest = {"rows": 0, "entries": {}, "helpers": 0, "modules": 0, "modules_in_data": 0,
                "kernels": len(kept) * KERNELS_PER_UNIT, "kernels_per_module": KERNELS_PER_UNIT,
                "names_in_modules": len(LAYOUTS), "declared": {"maxntid": 0, "reqntid": 0, "none": 0}, "static": 0,
                "min_blocks": 0, "clusters": 0}
    diff = {"changed": 0, "added": 0, "removed": 0, "same": 0}
    mode = 0
    for unit in range(all_units):
        cubins = {}
        for layout, (archs, ptx_arch) in enumerate(LAYOUTS):
            entries = bytearray()
            rows = (len(archs) + 1) * KERNELS_PER_UNIT
            for sm in archs:
                if sm not in cubins:
                    cubins[sm] = cubin(unit, sm, rnd, code, build, names)
                data, helpers = cubins[sm]
                entries += entry(2, sm, data, mode, zstd, lz4)
                mode = (mode + 1) % 3
                if gone(unit, build):
                    continue
                manifest["helpers"] += helpers
                manifest["entries"]["sm_%d" % sm] = manifest["entries"].get("sm_%d" % sm, 0) + KERNELS_PER_UNIT
                if unit < units:
                    n = sum(1 for i in range(KERNELS_PER_UNIT)
                            if changed(unit, i, sm, build) or bounds_changed(unit, i, build))
                    diff["changed"] += n
                    diff["same"] += KERNELS_PER_UNIT - n
            entries += entry(1, ptx_arch, ptx(unit, ptx_arch, build, names) + b"\0", mode, zstd, lz4)
            mode = (mode + 1) % 3
            fat = struct.pack("<IHHQ", 0xBA55ED50, 1, 16, len(entries)) + bytes(entries)
            # drawn for a unit that is gone too, so that what follows is drawn as build 0 draws it
            in_data = rnd.random() < data_share
            if gone(unit, build):
                diff["removed"] += rows
                continue
            if unit >= units:
                diff["added"] += rows
            elif build > 0:
                # the PTX: no figures, but the launch bounds it declares
                n = sum(1 for i in range(KERNELS_PER_UNIT) if bounds_changed(unit, i, build))
                diff["changed"] += n
                diff["same"] += KERNELS_PER_UNIT - n
            arch = "compute_%d" % ptx_arch
            manifest["entries"][arch] = manifest["entries"].get(arch, 0) + KERNELS_PER_UNIT
            manifest["rows"] += rows
            for i in range(KERNELS_PER_UNIT):
                manifest["declared"][declared(i)[0]] += len(archs) + 1
                manifest["static"] += (len(archs) + 1) if is_static(i) else 0
                manifest["min_blocks"] += (len(archs) + 1) if min_blocks(i) else 0
                manifest["clusters"] += sum(1 for sm in archs + [ptx_arch] if cluster_dims(unit, i, sm))
            modules.append((fat, in_data))
    if build > 0:
        manifest["build"] = build
        manifest["diff"] = diff
    all_names = [kernel_name(unit, i, names) for unit in kept for i in range(KERNELS_PER_UNIT)]
    if len(set(all_names)) != len(all_names):
        raise SystemExit("gen-library.py: two kernels of the library share a name")
    lengths = sorted(len(n) for n in all_names)
    manifest["names"] = names
    manifest["name_length"] = {"min": lengths[0], "median": lengths[len(lengths) // 2], "max": lengths[-1]}
    manifest["name_bytes"] = sum(lengths)
    manifest["modules"] = len(modules)
    manifest["modules_in_data"] = sum(1 for _, d in modules if d)

    nv_fatbin = bytearray()
    data = bytearray()
    for fat, in_data in modules:
        if in_data:
            # other program data around it, as a loader keeps it
            data += rnd.randbytes(rnd.randint(1, 64) * 8) + fat
        else:
            nv_fatbin += fat + bytes(-len(fat) % 8)
    data += rnd.randbytes(64)

    # Header, .text filler, .nv_fatbin, .data, names, section table; written in file order.
    shstr = b"\0.text\0.nv_fatbin\0.data\0.shstrtab\0"
    text_off = 4096
    used = text_off + len(nv_fatbin) + len(data) + (1 << 16)
    block = code.text(1 << 20)
    text_size = max(0, size_mb * 1000000 - used)
    text_size -= text_size % len(block)
    fat_off = text_off + text_size
    data_off = (fat_off + len(nv_fatbin) + 4095) & ~4095
    shstr_off = data_off + len(data)
    shoff = (shstr_off + len(shstr) + 7) & ~7
    headers = bytes(64)
    headers += struct.pack("<IIQQQQIIQQ", 1, SHT_PROGBITS, 0x6, text_off, text_off, text_size, 0, 0, 4096, 0)
    headers += struct.pack("<IIQQQQIIQQ", 7, SHT_PROGBITS, 0x2, fat_off, fat_off, len(nv_fatbin), 0, 0, 8, 0)
    headers += struct.pack("<IIQQQQIIQQ", 18, SHT_PROGBITS, 0x3, data_off, data_off, len(data), 0, 0, 8, 0)
    headers += struct.pack("<IIQQQQIIQQ", 24, SHT_STRTAB, 0, 0, shstr_off, len(shstr), 0, 0, 1, 0)
    ident = b"\x7fELF" + bytes([2, 1, 1, 0, 0]) + bytes(7)
    ehdr = ident + struct.pack("<HHIQQQIHHHHHH", 3, 62, 1, 0, 0, shoff, 0, 64, 0, 0, 64, 5, 4)
    with open(path, "wb") as f:
        f.write(ehdr + bytes(text_off - len(ehdr)))
        for _ in range(text_size // len(block)):
            f.write(block)
        f.write(nv_fatbin)
        f.write(bytes(data_off - fat_off - len(nv_fatbin)))
        f.write(data)
        f.write(shstr + bytes(shoff - shstr_off - len(shstr)))
        f.write(headers)
    manifest["size"] = os.path.getsize(path)
    return manifest


def main():
    parser = argparse.ArgumentParser(description="Write a shared library that looks like a real CUDA library.")
    parser.add_argument("out")
    parser.add_argument("--kernels", type=int, default=57600)
    parser.add_argument("--size", type=int, default=575)
    parser.add_argument("--data-share", type=float, default=0.25)
    parser.add_argument("--seed", type=int, default=18)
    parser.add_argument("--build", type=int, default=0)
    parser.add_argument("--manifest")
    parser.add_argument("--names", choices=["short", "real"], default="short")
    args = parser.parse_args()
    if args.build < 0:
        parser.error("--build: a build number, 0 or more")
    manifest = generate(args.out, args.kernels, args.size, args.data_share, args.seed, args.build, args.names)
    if args.manifest:
        with open(args.manifest, "w") as f:
            json.dump(manifest, f, indent=1)
            f.write("\n")


if __name__ == "__main__":
    main()
