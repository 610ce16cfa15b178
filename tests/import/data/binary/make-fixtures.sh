#!/usr/bin/env bash
# Regenerates the binary fixtures with nvcc (CUDA 13): cubins per architecture
# with their ptxas -v logs (the expected answers), a fat binary in every
# compression mode, and the same fat binary inside an executable, a shared
# library, relocatable objects and a static archive.
#   usage: make-fixtures.sh [NVCC]      (run in this folder)
set -euo pipefail
cd "$(dirname "$0")"
nvcc=${1:-${NVCC:-/usr/local/cuda/bin/nvcc}}
flags=(-O3 -maxrregcount=32)
archs=(sm_75 sm_80 sm_90a sm_100f sm_120)
gencode=()
for a in "${archs[@]}"; do
  gencode+=(-gencode "arch=compute_${a#sm_},code=$a")
done
gencode+=(-gencode arch=compute_120,code=compute_120)
# Host files carry fewer architectures, to keep them small.
host_gencode=(-gencode arch=compute_80,code=sm_80 -gencode arch=compute_120,code=sm_120
              -gencode arch=compute_120,code=compute_120)

# One cubin per architecture; its log is the answer for it and for the same
# architecture's entry in every container below (the same ptxas run).
for a in "${archs[@]}"; do
  "$nvcc" "${flags[@]}" -cubin -arch="$a" -Xptxas -v kernels.cu -o "kernels-$a.cubin" 2> "kernels-$a.log"
done
"$nvcc" -O3 -cubin -arch=sm_90a -Xptxas -v cluster.cu -o cluster-sm_90a.cubin 2> cluster-sm_90a.log

# The fat binary in each compression mode nvcc writes, with ptxas -v in
# every build (it is recorded in each cubin); the logs must agree.
same_log () {
  sed -i '/Compile time/d' "$1"
  cmp -s "$1" "$2" || { echo "ptxas -v differs between $1 and $2" >&2; exit 1; }
  rm -f "$1"
}
for mode in none default size speed balance; do
  if [ "$mode" = none ]; then compress=--no-compress; else compress=--compress-mode=$mode; fi
  "$nvcc" "${flags[@]}" -fatbin "$compress" "${gencode[@]}" -Xptxas -v kernels.cu -o "kernels-$mode.fatbin" \
    2> "kernels-$mode.log"
  sed -i '/Compile time/d' "kernels-$mode.log"
  if [ "$mode" = none ]; then mv kernels-none.log kernels-fatbin.log; else same_log "kernels-$mode.log" kernels-fatbin.log; fi
done

# Host files: an object (and one with relocatable device code), a static
# archive of both, a shared library and an executable.
"$nvcc" "${flags[@]}" -c --compress-mode=size "${host_gencode[@]}" -Xptxas -v kernels.cu -o kernels.o 2> kernels-host.log
sed -i '/Compile time/d' kernels-host.log
"$nvcc" -O3 -c -rdc=true --compress-mode=speed -gencode arch=compute_90a,code=sm_90a -Xptxas -v \
  cluster.cu -o cluster-rdc.o 2> cluster-rdc.log
rm -f libkernels.a
ar rcs libkernels.a kernels.o cluster-rdc.o
"$nvcc" "${flags[@]}" -shared -Xcompiler -fPIC -cudart shared --compress-mode=default "${host_gencode[@]}" \
  -Xptxas -v kernels.cu -o libkernels.so 2> so.log
same_log so.log kernels-host.log
"$nvcc" -c main.cu -o main.o
"$nvcc" "${flags[@]}" -cudart shared --no-compress "${host_gencode[@]}" -Xptxas -v kernels.cu main.o \
  -o kernels-exe 2> exe.log
rm -f main.o
same_log exe.log kernels-host.log
strip kernels-exe libkernels.so
# Logs name the architecture as ptxas saw it; keep them free of timings.
sed -i '/Compile time/d' ./*.log
