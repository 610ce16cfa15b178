/* cuocc-cli-heatmap.h — --plot heatmap-regs|heatmap-smem: occupancy over
 * block size × registers or shared memory, to a PNG, SVG, PDF or CSV file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cuocc.h>

G_BEGIN_DECLS

/* The format comes from the extension of path, which has been checked.
 * The file is replaced atomically: a failed export leaves what was there. */
gboolean cli_heatmap_export (const CuoccGpu   *gpu,
                             const CuoccInput *input,
                             CuoccSeriesKind   y_kind,
                             const char       *path,
                             int               width,
                             int               height,
                             GError          **error);

G_END_DECLS
