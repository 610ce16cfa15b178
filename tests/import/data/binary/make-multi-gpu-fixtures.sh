#!/usr/bin/env bash
# Regenerates the fixtures of the multi-GPU import tests (tests/import/test-import-cli.py)
# with nvcc (CUDA 13): multi-gpu.cu as a fat binary with sm_80 SASS alone, and with
# sm_80 SASS and compute_80 PTX, each with its ptxas -v log; and what ptxas gives that
# compute_80 PTX for sm_90 (an H100, where the PTX is what loads): nvcc -ptx writes the
# PTX the fat binary embeds (compressed), ptxas -arch=sm_90 -v assembles it
# (multi-gpu-compute_80-sm_90.log, the truth of test_several_gpus_ptx_assembled).
#   usage: make-multi-gpu-fixtures.sh [NVCC]      (run in this folder)
set -euo pipefail
cd "$(dirname "$0")"
nvcc=${1:-${NVCC:-/usr/local/cuda/bin/nvcc}}
"$nvcc" -fatbin -Xptxas -v -gencode arch=compute_80,code=sm_80 multi-gpu.cu -o multi-gpu-sm_80.fatbin \
  2> multi-gpu-sm_80.log
"$nvcc" -fatbin -Xptxas -v -gencode 'arch=compute_80,code=[sm_80,compute_80]' multi-gpu.cu \
  -o multi-gpu-sm_80-ptx.fatbin 2> multi-gpu-sm_80-ptx.log
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$nvcc" -ptx -arch=compute_80 multi-gpu.cu -o "$tmp/multi-gpu.ptx"
"$(dirname "$nvcc")/ptxas" -arch=sm_90 -v "$tmp/multi-gpu.ptx" -o "$tmp/multi-gpu.cubin" 2> multi-gpu-compute_80-sm_90.log
sed -i '/Compile time/d' multi-gpu-sm_80.log multi-gpu-sm_80-ptx.log multi-gpu-compute_80-sm_90.log
