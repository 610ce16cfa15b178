/* cuocc.h — the public interface of libcuocc, the CUDA occupancy model.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * libcuocc knows nothing of GTK. It holds the GPU database, the occupancy
 * calculation, the graph series and the tuning helpers. Every figure it
 * returns is in bytes, registers, threads, warps or blocks, never in
 * kibibytes.
 *
 * This is the only header to include; it includes one header per unit of
 * the library, and those refuse to be included on their own.
 */
#pragma once

#define CUOCC_INSIDE

#include "cuocc-version.h"
#include "cuocc-error.h"
#include "cuocc-file.h"
#include "cuocc-parse.h"
#include "cuocc-gpu.h"
#include "cuocc-result.h"
#include "cuocc-model.h"
#include "cuocc-inputs.h"
#include "cuocc-clusters.h"
#include "cuocc-waves.h"
#include "cuocc-table.h"
#include "cuocc-series.h"
#include "cuocc-advice.h"
#include "cuocc-detect.h"
#include "cuocc-import.h"
#include "cuocc-import-table.h"
#include "cuocc-ptxas.h"

#undef CUOCC_INSIDE
