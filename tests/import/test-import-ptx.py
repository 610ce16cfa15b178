#!/usr/bin/env python3
# test-import-ptx.py — PTX kernels get the figures ptxas gives (issue 27).
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Real PTX and fat binaries are built here by nvcc 13 (skipped where nvcc is
# absent), and every expected figure is what `ptxas -v` prints when this
# test runs it itself on the same PTX for the same target: cuocc's rows must
# say the same. The bad cases run fake ptxas programs (shell scripts in the
# scratch folder). ptxas runs are counted by a wrapper script that appends
# a line to a file for each assembly, never by time. Each cuocc run gets a
# cache folder (XDG_CACHE_HOME) and TMPDIR of its own in the scratch folder,
# which must be empty of cuocc's temporary files afterwards.

import os
import re
import shutil
import signal
import subprocess
import sys

sys.path.insert(0, os.path.join(os.environ.get("CUOCC_SOURCE_ROOT", "."), "tests", "cli"))
import clitest  # noqa: E402
from clitest import (Skip, check, equal, main, parse_csv, process_alive,  # noqa: E402
                     scratch_dir, wait_for)

CUDA_BIN = "/usr/local/cuda/bin"
NVCC = shutil.which("nvcc") or os.path.join(CUDA_BIN, "nvcc")
PTXAS = shutil.which("ptxas") or os.path.join(CUDA_BIN, "ptxas")

KERNELS = r"""
#include <cstdio>
__global__ void add(float *a, const float *b, int n)
{ int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) a[i] += b[i]; }

__global__ void __launch_bounds__(128) tile(float *a)
{ __shared__ float s[1024]; s[threadIdx.x] = a[threadIdx.x]; __syncthreads();
  a[threadIdx.x] = s[(threadIdx.x + 1) % 1024]; }

template <int N> __global__ void local_array(float *a, int k)
{ float loc[N]; for (int i = 0; i < N; i++) loc[i] = a[i * k];
  a[0] = loc[(k * 7) % N]; printf("%f\n", loc[k % N]); }
template __global__ void local_array<64>(float *, int);

__global__ void heavy(const float *in, float *out)
{ float acc[48]; for (int i = 0; i < 48; i++) acc[i] = in[threadIdx.x * 48 + i];
  for (int r = 0; r < 8; r++) for (int i = 0; i < 48; i++) acc[i] = acc[i] * acc[(i + r) % 48] + 1.0f;
  float s = 0; for (int i = 0; i < 48; i++) s += acc[i]; out[threadIdx.x] = s; }

int main() { return 0; }
"""

_built = {}


def need_toolkit():
    if not (os.access(NVCC, os.X_OK) and os.access(PTXAS, os.X_OK)):
        raise Skip("nvcc and ptxas of the CUDA toolkit are not installed (%s)" % CUDA_BIN)


def build():
    """kernels.cu, its PTX for compute_80, and a program with sm_80 SASS and
    compute_80 PTX: made once for all the tests."""
    need_toolkit()
    if _built:
        return _built
    d = scratch_dir("cuocc-ptx-build-")
    src = os.path.join(d, "kernels.cu")
    with open(src, "w") as f:
        f.write(KERNELS)
    ptx = os.path.join(d, "kernels.ptx")
    exe = os.path.join(d, "kernels-exe")
    subprocess.run([NVCC, "-ptx", "-arch=compute_80", src, "-o", ptx], check=True, cwd=d)
    subprocess.run([NVCC, "-gencode", "arch=compute_80,code=sm_80", "-gencode", "arch=compute_80,code=compute_80",
                    src, "-o", exe], check=True, cwd=d)
    _built.update(dir=d, ptx=ptx, exe=exe)
    return _built


TWO_MODULES = {
    # The larger module: ptxas runs the largest first, so that even one
    # processor assembles it before the blocking one starts.
    "a.cu": r"""
__global__ void add(float *a, const float *b, int n)
{ int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] += b[i] * b[(i + 1) % n] + b[(i + 2) % n] * b[(i + 3) % n]; }
""",
    "b.cu": r"""
__global__ void scale(float *a, float s) { a[threadIdx.x] *= s; }
int main() { return 0; }
""",
}


def build_two_modules():
    """A program of two translation units, so two PTX modules (compute_80),
    and each one's PTX on its own."""
    need_toolkit()
    if "two" in _built:
        return _built["two"]
    d = scratch_dir("cuocc-ptx-two-")
    srcs = []
    ptx = {}
    for name, text in TWO_MODULES.items():
        src = os.path.join(d, name)
        with open(src, "w") as f:
            f.write(text)
        srcs.append(src)
        ptx[name] = src[:-3] + ".ptx"
        subprocess.run([NVCC, "-ptx", "-arch=compute_80", src, "-o", ptx[name]], check=True, cwd=d)
    exe = os.path.join(d, "two-exe")
    subprocess.run([NVCC, "-gencode", "arch=compute_80,code=compute_80"] + srcs + ["-o", exe], check=True, cwd=d)
    _built["two"] = dict(exe=exe, ptx=ptx)
    return _built["two"]


def ptxas_figures(ptx, target, entries=4):
    """What `ptxas -v` says of each entry, read here on its own."""
    proc = subprocess.run([PTXAS, "-arch=" + target, "-v", ptx, "-o", os.devnull],
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, check=True)
    figures = {}
    name = None
    for line in proc.stdout.decode().splitlines():
        m = re.search(r"Compiling entry function '([^']+)' for '(\w+)'", line)
        if m:
            name = m.group(1)
            equal(m.group(2), target, "ptxas's target")
            figures[name] = {"smem": "0"}
            continue
        m = re.search(r"(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads", line)
        if m and name:
            figures[name].update(stack=m.group(1), spill_stores=m.group(2), spill_loads=m.group(3))
            continue
        m = re.search(r"Used (\d+) registers", line)
        if m and name:
            figures[name]["regs"] = m.group(1)
            b = re.search(r"used (\d+) barriers", line)
            if b:
                figures[name]["barriers"] = b.group(1)
            s = re.search(r"(\d+) bytes smem", line)
            if s:
                figures[name]["smem"] = s.group(1)
    check(len(figures) == entries, "ptxas printed %d entries: %r" % (entries, figures))
    return figures


class Env:
    """A cache folder and a TMPDIR of their own, and a counting ptxas."""

    def __init__(self):
        self.dir = scratch_dir("cuocc-ptx-")
        self.cache = os.path.join(self.dir, "cache")
        self.tmp = os.path.join(self.dir, "tmp")
        os.mkdir(self.tmp)
        self.count = os.path.join(self.dir, "runs")
        self.counting = self.script("counting-ptxas", """
case "$1" in --version) ;; *) echo "$@" >> '%s' ;; esac
exec '%s' "$@"
""" % (self.count, PTXAS))

    def script(self, name, body):
        path = os.path.join(self.dir, name)
        with open(path, "w") as f:
            f.write("#!/bin/sh\n" + body)
        os.chmod(path, 0o755)
        return path

    def runs(self):
        if not os.path.exists(self.count):
            return 0
        with open(self.count) as f:
            return len(f.read().splitlines())

    def run(self, *args, extra_env=None, timeout=120):
        env = dict(os.environ, XDG_CACHE_HOME=self.cache, TMPDIR=self.tmp)
        for k in ("CUDA_PATH", "CUDA_HOME"):
            env.pop(k, None)
        env.update(extra_env or {})
        proc = subprocess.run(clitest.WRAPPER + [clitest.CUOCC] + [str(a) for a in args],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, timeout=timeout)
        equal(os.listdir(self.tmp), [], "cuocc's temporary files are gone")
        return clitest.Result(proc)

    def cache_files(self):
        d = os.path.join(self.cache, "cuocc", "ptxas")
        return sorted(os.path.join(d, n) for n in os.listdir(d)) if os.path.isdir(d) else []


def rows_by_mangled(result, arch):
    header, rows = parse_csv(result.out)
    check("figures_from" in header and header[-1] == "figures_from", "figures_from is the last column", result)
    return {r["mangled"]: r for r in rows if r["arch"] == arch}


FIGURES = ["regs", "smem", "barriers", "stack", "spill_stores", "spill_loads"]


def same_figures(rows, expected, target, result):
    equal(sorted(rows), sorted(expected), "kernels", result)
    for name, want in expected.items():
        row = rows[name]
        for key in FIGURES:
            if key in want:
                equal(row[key], want[key], "%s %s" % (name, key), result)
        equal(row["figures_from"], "ptxas 13.0 for %s" % target, "%s figures_from" % name, result)


def test_ptx_file_gets_ptxas_figures():
    b = build()
    e = Env()
    for cc, target in (("8.9", "sm_89"), ("12.0", "sm_120")):
        r = e.run("--import", b["ptx"], "--cc", cc, "--ptxas", e.counting, "--format", "csv")
        equal(r.rc, 1, "exit status: two kernels declare no block size", r)
        same_figures(rows_by_mangled(r, "compute_80"), ptxas_figures(b["ptx"], target), target, r)
        check("the driver's JIT compiler may give others" in r.err, "says the JIT may differ", r)
    equal(e.runs(), 2, "one ptxas run a target for the one module")


def test_fat_binary_ptx_loads_where_no_sass_runs():
    b = build()
    e = Env()
    # 8.9 runs the sm_80 SASS: nothing to assemble, figures from the binary.
    r = e.run("--import", b["exe"], "--cc", "8.9", "--ptxas", e.counting, "--format", "csv")
    sass = rows_by_mangled(r, "sm_80")
    check(all(row["figures_from"] == "binary" and row["loaded_on_gpu"] == "true" for row in sass.values()),
          "SASS loads on 8.9", r)
    equal(e.runs(), 0, "no ptxas run for 8.9")
    for cc, target in (("9.0", "sm_90"), ("12.0", "sm_120")):
        r = e.run("--import", b["exe"], "--cc", cc, "--ptxas", e.counting, "--threads", "128", "--format", "csv")
        equal(r.rc, 0, "exit status", r)
        ptx = rows_by_mangled(r, "compute_80")
        same_figures(ptx, ptxas_figures(b["ptx"], target), target, r)
        check(all(row["loaded_on_gpu"] == "true" and row["occupancy_pct"] != "" for row in ptx.values()),
              "the PTX loads and is worked out", r)
    equal(e.runs(), 2, "one run for 9.0 and one for 12.0")


def test_cache_makes_second_import_run_no_ptxas():
    b = build()
    e = Env()
    first = e.run("--import", b["exe"], "--cc", "9.0", "--ptxas", e.counting, "--format", "csv")
    equal(e.runs(), 1, "first import: one run")
    equal(len(e.cache_files()), 1, "one cache file")
    second = e.run("--import", b["exe"], "--cc", "9.0", "--ptxas", e.counting, "--format", "csv")
    equal(e.runs(), 1, "second import: no run")
    equal(second.out, first.out, "the same rows")
    # Without --ptxas, the ptxas found (here through CUDA_PATH) reads the cache.
    root = os.path.join(e.dir, "cuda")
    os.makedirs(os.path.join(root, "bin"))
    os.symlink(e.counting, os.path.join(root, "bin", "ptxas"))
    third = e.run("--import", b["exe"], "--cc", "9.0", "--format", "csv", extra_env={"CUDA_PATH": root})
    equal(third.out, first.out, "the cache alone gives the rows")
    equal(e.runs(), 1, "still no run")
    # Another target is another key.
    e.run("--import", b["exe"], "--cc", "12.0", "--ptxas", e.counting, "--format", "csv")
    equal(e.runs(), 2, "sm_120 is not in the cache")


def test_corrupt_cache_is_rebuilt():
    b = build()
    e = Env()
    first = e.run("--import", b["exe"], "--cc", "9.0", "--ptxas", e.counting, "--format", "csv")
    (path,) = e.cache_files()
    with open(path) as f:
        text = f.read()
    for broken in (text.replace("Used ", "Used 1"), text[: len(text) // 2], "garbage\n", ""):
        with open(path, "w") as f:
            f.write(broken)
        before = e.runs()
        r = e.run("--import", b["exe"], "--cc", "9.0", "--ptxas", e.counting, "--format", "csv")
        equal(r.out, first.out, "the same rows from a fresh run", r)
        equal(e.runs(), before + 1, "the broken file was not trusted")
        with open(path) as f:
            again = f.read()
        # What ptxas printed, but for its own compile times.
        same = [l for l in again.splitlines()[5:] if "Compile time" not in l]
        equal(same, [l for l in text.splitlines()[5:] if "Compile time" not in l], "the file was written again")
        equal(again.splitlines()[:3], text.splitlines()[:3], "its key and status")


def test_ptxas_version_is_remembered_while_the_program_is_unchanged():
    b = build()
    elf = os.environ.get("CUOCC_FAKE_PTXAS_ELF")
    if not elf or not os.access(elf, os.X_OK):
        raise Skip("the test's ELF ptxas (fake-ptxas-elf) is not built; run it through meson test")
    e = Env()
    fake = os.path.join(e.dir, "ptxas")
    shutil.copy(elf, fake)
    log = os.path.join(e.dir, "versions")
    env = {"CUOCC_FAKE_PTXAS_LOG": log, "CUOCC_FAKE_PTXAS_REAL": PTXAS}

    def versions():
        if not os.path.exists(log):
            return 0
        with open(log) as f:
            return len(f.read().splitlines())

    def run(program):
        r = e.run("--import", b["ptx"], "--cc", "9.0", "--ptxas", program, "--format", "csv", extra_env=env)
        same_figures(rows_by_mangled(r, "compute_80"), ptxas_figures(b["ptx"], "sm_90"), "sm_90", r)
        return r

    first = run(fake)
    equal(versions(), 1, "the first import asks ptxas --version")
    equal(run(fake).out, first.out, "the same rows")
    equal(versions(), 1, "the second remembers its answer")
    memo = os.path.join(e.cache, "cuocc", "ptxas-version")
    equal(len(os.listdir(memo)), 1, "one answer remembered")
    equal(len(e.cache_files()), 1, "beside the one module's output")
    # Changed in place (its modification time): asked again.
    st = os.stat(fake)
    os.utime(fake, ns=(st.st_atime_ns, st.st_mtime_ns + 1000000000))
    run(fake)
    equal(versions(), 2, "a ptxas whose time changed is asked again")
    run(fake)
    equal(versions(), 2, "and then remembered")
    # Replaced (another inode, as an upgrade renames a new file over it).
    shutil.copy(elf, fake + ".new")
    os.replace(fake + ".new", fake)
    run(fake)
    equal(versions(), 3, "a replaced ptxas is asked again")
    # A remembered answer that does not check out is not trusted.
    for name in os.listdir(memo):
        path = os.path.join(memo, name)
        with open(path) as f:
            text = f.read()
        with open(path, "w") as f:
            f.write(text.replace("release 13.0", "release 99.9"))
    equal(run(fake).out, first.out, "the same rows after a broken memo")
    equal(versions(), 4, "a memo whose checksum fails is asked again")
    # A script may run another ptxas: it is asked every time.
    script = e.script("wrapper", "exec '%s' \"$@\"\n" % fake)
    run(script)
    run(script)
    equal(versions(), 6, "a script ptxas is asked each import")


def test_without_assembly_one_line_says_what_to_pass():
    b = build()
    e = Env()
    root = os.path.join(e.dir, "cuda")
    os.makedirs(os.path.join(root, "bin"))
    os.symlink(e.counting, os.path.join(root, "bin", "ptxas"))
    r = e.run("--import", b["exe"], "--cc", "9.0", "--format", "csv", extra_env={"CUDA_PATH": root})
    equal(e.runs(), 0, "no assembly unless asked")
    lines = [l for l in r.err.splitlines() if "--assemble-ptx" in l]
    equal(len(lines), 1, "one line says what to pass", r)
    check(lines[0].startswith("cuocc: 4 kernels run from PTX without figures"), "how many", r)
    ptx = rows_by_mangled(r, "compute_80")
    check(all(row["regs"] == "" and row["figures_from"] == "" for row in ptx.values()), "no figures", r)
    r = e.run("--import", b["exe"], "--cc", "9.0", "--format", "csv", "--assemble-ptx",
              extra_env={"CUDA_PATH": root})
    equal(e.runs(), 1, "--assemble-ptx runs the ptxas found")
    r = e.run("--import", b["exe"], "--cc", "9.0", "--format", "csv", "--no-ptxas", extra_env={"CUDA_PATH": root})
    check(all(row["regs"] == "" for row in rows_by_mangled(r, "compute_80").values()), "--no-ptxas: no figures", r)


def test_bad_ptxas_each_says_why_on_its_rows():
    b = build()
    version = 'if [ "$1" = --version ]; then echo "Cuda compilation tools, release 13.0, V13.0.88"; exit 0; fi\n'
    names = "_Z3addPfPKfi _Z4tilePf _Z11local_arrayILi64EEvPfi _Z5heavyPKfPf"
    cases = {
        # name: script, what the rows say, whether the outcome is kept in the cache
        "fails": (version + "echo 'ptxas fatal   : out of luck' >&2; exit 3\n",
                  "exited with status 3: ptxas fatal   : out of luck", True),
        "crashes": (version + "kill -SEGV $$\n", "killed by signal 11", False),
        "hangs": (version + "exec sleep 60\n", "took longer than 1 s", False),
        "floods": (version + "exec cat /dev/zero\n", "printed more than 64 MiB", False),
        "garbage": (version + "head -c 20000 /dev/urandom | tr -d '\\000'; echo 'ptxas info : Used 7 registers'\n",
                    "gives no figures for this kernel", True),
        "other-target": (version + "for n in %s; do\n"
                         "echo \"ptxas info    : Compiling entry function '$n' for 'sm_80'\"\n"
                         "echo \"ptxas info    : Used 7 registers, used 0 barriers\"; done\n" % names,
                         "gives no figures for this kernel", True),
    }
    for name, (body, why, cached) in cases.items():
        e = Env()
        fake = e.script(name, body)
        # The flood must reach 64 MiB before the time limit, on a busy machine too.
        r = e.run("--import", b["exe"], "--cc", "9.0", "--ptxas", fake, "--ptxas-timeout", "1" if name == "hangs" else "100",
                  "--threads", "128", "--format", "csv", timeout=300)
        equal(r.rc, 1, "%s: exit status (rows not worked out)" % name, r)
        for row in rows_by_mangled(r, "compute_80").values():
            check(row["regs"] == "" and row["figures_from"] == "", "%s: no figure" % name, r)
            check(row["error"].startswith("PTX: no figures: ptxas 13.0 for sm_90: ") and why in row["error"],
                  "%s: the row says why (%s)" % (name, why), r)
        equal(len(e.cache_files()), 1 if cached else 0, "%s: cached only when ptxas finished" % name)


# A hang's guard, no budget (cuocc under memcheck is many times slower).
HANG_S = 240 * (20 if clitest.WRAPPER else 1)


def test_signal_during_assembly_cleans_up_and_keeps_the_cache():
    """SIGINT (Ctrl+C), SIGTERM and SIGHUP during the assembly: cuocc says so
    and exits with 128 + the signal, no ptxas left running (nor what it
    started), no temporary folder left, and what finished is in the cache,
    where the next import finds it."""
    b = build_two_modules()
    want = {}
    for name in ("a.cu", "b.cu"):
        want.update(ptxas_figures(b["ptx"][name], "sm_90", entries=1))
    for sig, name, words in ((signal.SIGTERM, "SIGTERM", "stopped by SIGTERM"),
                             (signal.SIGHUP, "SIGHUP", "stopped by SIGHUP"),
                             (signal.SIGINT, "SIGINT", "interrupted")):
        e = Env()
        pids = os.path.join(e.dir, "pids")
        # ptxas for the module of scale() starts a child and waits for it
        # (until killed), after writing both their process ids; the other
        # module goes to the real ptxas.
        blocking = e.script("blocking-ptxas", """
if [ "$1" = --version ]; then exec '%s' "$@"; fi
for a; do last=$a; done
if grep -q _Z5scalePff "$last"; then
  sleep 600 &
  echo "$$ $!" > '%s.new' && mv '%s.new' '%s'
  wait
  exit 9
fi
exec '%s' "$@"
""" % (PTXAS, pids, pids, pids, PTXAS))
        env = dict(os.environ, XDG_CACHE_HOME=e.cache, TMPDIR=e.tmp)
        for k in ("CUDA_PATH", "CUDA_HOME"):
            env.pop(k, None)
        cache = os.path.join(e.cache, "cuocc", "ptxas")

        def cached():
            return sorted(n for n in os.listdir(cache) if n.endswith(".txt")) if os.path.isdir(cache) else []

        proc = subprocess.Popen(clitest.WRAPPER + [clitest.CUOCC, "--import", b["exe"], "--cc", "9.0",
                                                   "--ptxas", blocking, "--format", "csv"],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        started = []
        try:
            wait_for("the blocking ptxas started", lambda: os.path.exists(pids), proc, HANG_S)
            with open(pids) as f:
                started = [(int(x), n) for x, n in zip(f.read().split(), ("blocking-ptxas", "sleep"))]
            wait_for("the other module was cached", lambda: len(cached()) == 1, proc, HANG_S)
            for pid, what in started:
                check(process_alive(pid, [what]), "%s: %s runs" % (name, what))
            proc.send_signal(sig)
            out, err = proc.communicate(timeout=HANG_S)
            r = clitest.Result(subprocess.CompletedProcess(proc.args, proc.returncode, out, err))
            left = [what for pid, what in started if process_alive(pid, [what])]
        finally:
            # Pass or fail, nothing of this test stays running.
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            for pid, what in started:
                if process_alive(pid, [what]):
                    os.kill(pid, signal.SIGKILL)
        equal(r.rc, 128 + int(sig), "%s: exit status" % name, r)
        lines = [l for l in r.err.splitlines() if words in l]
        equal(len(lines), 1, "%s: one line says so" % name, r)
        check("1 of 2 PTX modules assembled, kept in the cache" in lines[0], "%s: what was kept" % name, r)
        equal(r.out, "", "%s: no rows" % name, r)
        equal(left, [], "%s: the ptxas and what it started are gone" % name)
        equal(os.listdir(e.tmp), [], "%s: no temporary folder left (cuocc-ptxas-*)" % name)
        equal(len(cached()), 1, "%s: the finished module is in the cache" % name)
        equal(sorted(os.listdir(cache)), cached(), "%s: nothing half-written in the cache" % name)
        # The next import: one ptxas run (the module stopped), the other from the cache.
        r = e.run("--import", b["exe"], "--cc", "9.0", "--ptxas", e.counting, "--format", "csv")
        equal(r.rc, 0, "%s: the next import" % name, r)
        equal(e.runs(), 1, "%s: only the module that was stopped is assembled" % name, r)
        same_figures(rows_by_mangled(r, "compute_80"), want, "sm_90", r)
        equal(len(cached()), 2, "%s: both modules cached" % name)


def test_ptx_that_ptxas_rejects():
    need_toolkit()
    e = Env()
    bad = os.path.join(e.dir, "bad.ptx")
    with open(bad, "w") as f:
        f.write(".version 9.0\n.target sm_80\n.address_size 64\n\n"
                ".visible .entry broken()\n{\n\tmov.u32 %r1, 5;\n\tret;\n}\n")
    r = e.run("--import", bad, "--cc", "9.0", "--ptxas", e.counting, "--threads", "64", "--format", "csv")
    equal(r.rc, 1, "exit status", r)
    (row,) = parse_csv(r.out)[1]
    check("exited with status 255" in row["error"] and "error" in row["error"], "says ptxas's error", r)


def test_no_such_ptxas():
    b = build()
    e = Env()
    r = e.run("--import", b["exe"], "--cc", "9.0", "--ptxas", os.path.join(e.dir, "nowhere", "ptxas"))
    clitest.usage_error(r, "--ptxas", "no such program")
    liar = e.script("liar", "echo hello\n")
    r = e.run("--import", b["exe"], "--cc", "9.0", "--ptxas", liar)
    clitest.usage_error(r, "is no ptxas")
    r = e.run("--import", b["exe"], "--ptxas", e.counting)
    clitest.usage_error(r, "--gpu or --cc")


def test_check_and_strict_use_ptxas_figures():
    b = build()
    e = Env()
    want = ptxas_figures(b["ptx"], "sm_90")
    most = max(int(f["regs"]) for f in want.values())
    r = e.run("--import", b["exe"], "--cc", "9.0", "--ptxas", e.counting, "--check", "regs<%d" % most)
    equal(r.rc, 3, "the kernel with the most registers fails", r)
    check("regs" in r.err and "1 of 4 kernels checked failed" in r.err, "one of four", r)
    # Without ptxas figures (--no-ptxas) the registers are unknown: --strict fails them.
    r = e.run("--import", b["exe"], "--cc", "9.0", "--no-ptxas", "--check", "regs<1000", "--strict")
    equal(r.rc, 3, "--strict fails what stays unknown", r)
    r = e.run("--import", b["exe"], "--cc", "9.0", "--no-ptxas", "--check", "regs<1000")
    equal(r.rc, 0, "without --strict they are counted, not failed", r)


def test_old_target_assembled_for_new_gpu():
    """PTX for an old .target (sm_35) still assembles for today's GPUs, as the
    driver's JIT does; the figures are ptxas's own."""
    need_toolkit()
    b = build()
    e = Env()
    with open(b["ptx"]) as f:
        text = f.read()
    old = os.path.join(e.dir, "old.ptx")
    with open(old, "w") as f:
        f.write(text.replace(".target sm_80", ".target sm_35"))
    r = e.run("--import", old, "--cc", "12.0", "--ptxas", e.counting, "--format", "csv")
    same_figures(rows_by_mangled(r, "compute_35"), ptxas_figures(old, "sm_120"), "sm_120", r)


if __name__ == "__main__":
    main(globals())
