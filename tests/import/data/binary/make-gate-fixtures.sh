#!/usr/bin/env bash
# Regenerates the fixtures of the CLI's --check, cluster and shared memory
# tests (tests/import/test-import-cli.py) with nvcc (CUDA 13): gate.cu for
# sm_90 as it is and with -DREGRESSED, each cubin with its ptxas -v log.
#   usage: make-gate-fixtures.sh [NVCC]      (run in this folder)
set -euo pipefail
cd "$(dirname "$0")"
nvcc=${1:-${NVCC:-/usr/local/cuda/bin/nvcc}}
"$nvcc" -O3 -cubin -arch=sm_90 -Xptxas -v gate.cu -o gate-sm_90.cubin 2> gate-sm_90.log
"$nvcc" -O3 -cubin -arch=sm_90 -DREGRESSED -Xptxas -v gate.cu -o gate-regressed-sm_90.cubin \
  2> gate-regressed-sm_90.log
# Logs name the architecture as ptxas saw it; keep them free of timings.
sed -i '/Compile time/d' gate-sm_90.log gate-regressed-sm_90.log
