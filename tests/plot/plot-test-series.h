/* plot-test-series.h — occupancy series built by hand for the drawing tests.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The drawing tests do not depend on the model being right: these series
 * follow a simplified CC 8.0 (64 warps, 32 blocks, 64K registers in 256-register
 * units, shared memory in 128-byte units with 1 KB reserved per block).
 */
#pragma once

#include <cuocc.h>

G_BEGIN_DECLS

CuoccSeries *plot_test_series_new  (CuoccSeriesKind kind,
                                    int             threads,
                                    int             regs,
                                    gint64          smem);
void         plot_test_series_free (CuoccSeries    *series);


G_END_DECLS
