#!/usr/bin/env bash
# Regenerates the fixtures of the multi-GPU import tests (tests/import/test-import-cli.py)
# with nvcc (CUDA 13): multi-gpu.cu as a fat binary with sm_80 SASS alone, and with
# sm_80 SASS and compute_80 PTX, each with its ptxas -v log.
#   usage: make-multi-gpu-fixtures.sh [NVCC]      (run in this folder)
set -euo pipefail
cd "$(dirname "$0")"
nvcc=${1:-${NVCC:-/usr/local/cuda/bin/nvcc}}
"$nvcc" -fatbin -Xptxas -v -gencode arch=compute_80,code=sm_80 multi-gpu.cu -o multi-gpu-sm_80.fatbin \
  2> multi-gpu-sm_80.log
"$nvcc" -fatbin -Xptxas -v -gencode 'arch=compute_80,code=[sm_80,compute_80]' multi-gpu.cu \
  -o multi-gpu-sm_80-ptx.fatbin 2> multi-gpu-sm_80-ptx.log
sed -i '/Compile time/d' multi-gpu-sm_80.log multi-gpu-sm_80-ptx.log
