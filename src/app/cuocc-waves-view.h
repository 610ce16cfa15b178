/* cuocc-waves-view.h — how a launch grid runs on the whole GPU.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "cuocc-calculation.h"

G_BEGIN_DECLS

#define CUOCC_TYPE_WAVES_VIEW (cuocc_waves_view_get_type ())

G_DECLARE_FINAL_TYPE (CuoccWavesView, cuocc_waves_view, CUOCC, WAVES_VIEW, AdwBin)

/* The launch grid: the user's, kept in the session. */
void        cuocc_waves_view_set_grid    (CuoccWavesView    *self,
                                          gint64             grid);
gint64      cuocc_waves_view_get_grid    (CuoccWavesView    *self);
/* The launch's GPU and result. */
void        cuocc_waves_view_update      (CuoccWavesView    *self,
                                          const CuoccConfig *config);
void        cuocc_waves_view_clear       (CuoccWavesView    *self);

G_END_DECLS
