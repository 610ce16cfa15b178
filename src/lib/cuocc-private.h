/* cuocc-private.h — what the library's own files share.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib/gi18n-lib.h>

#include "cuocc.h"

G_BEGIN_DECLS

static inline gint64
_cuocc_round_up (gint64 value, gint64 unit)
{
  return (value + unit - 1) / unit * unit;
}

static inline gint64
_cuocc_div_round_up (gint64 value, gint64 unit)
{
  return (value + unit - 1) / unit;
}

/* The most points a graph's line, a search or a heatmap's axis visits,
 * whatever a device file says; beyond it the natural step is multiplied. */
#define CUOCC_MAX_POINTS 4096

/* A multiple of step that visits at most max_points values from first to last. */
static inline gint64
_cuocc_bounded_step (gint64 first, gint64 last, gint64 step, gint64 max_points)
{
  gint64 n = last >= first ? (last - first) / step + 1 : 0;

  return n > max_points ? step * _cuocc_div_round_up (n, max_points) : step;
}

void   _cuocc_utf8_strlcpy (char *dest, const char *src, gsize size);
int    _cuocc_best_block_size_for (const CuoccCapability *cap, const CuoccInput *input, int *best_blocks);
void   _cuocc_advise_cluster_size (const CuoccGpu *gpu, const CuoccInput *input, const CuoccResult *now, GPtrArray *list);
gint64 _cuocc_smem_config_effective (const CuoccCapability *cap, const CuoccInput *input);
char  *_cuocc_size_text (gint64 bytes, gboolean exact);

/* The one reading of architecture names, for cuocc_parse_cc and the import
 * readers: sm_90, sm_90a, sm_100f, compute_90, cc90, and with bare_ok "90"
 * or "120". *note is a translated remark when the name changed meaning
 * (sm_101 is 11.0), else NULL. */
gboolean _cuocc_arch_to_cc (const char *arch, gboolean bare_ok, int *major, int *minor, const char **note);

G_END_DECLS
