/* cuocc-histogram-view.h — how the kernels that run on the chosen GPU spread
 * over occupancy: the drawing module's histogram, with bars to click.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cuocc-chart.h"

G_BEGIN_DECLS

#define CUOCC_TYPE_HISTOGRAM_VIEW (cuocc_histogram_view_get_type ())

G_DECLARE_FINAL_TYPE (CuoccHistogramView, cuocc_histogram_view, CUOCC, HISTOGRAM_VIEW, CuoccChart)

void                  cuocc_histogram_view_set_histogram (CuoccHistogramView   *self,
                                                          const CuoccHistogram *histogram);
void                  cuocc_histogram_view_set_highlighted (CuoccHistogramView *self,
                                                            int                 bin);

G_END_DECLS
