/* cuocc-cli-report.h — the readable report of one configuration, like the
 * Excel sheet's Calculator tab.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cuocc.h>

G_BEGIN_DECLS

/* What the report shows beyond the configuration's own figures. */
typedef struct {
  int best_block_size;
  int min_grid_size;
  gint64 grid;                     /* > 0: the --grid section */
  const CuoccWaves *waves;         /* NULL when they cannot be counted */
  const char *waves_problem;       /* why not */
  const GPtrArray *advice;         /* of CuoccAdvice; NULL: no --advise */
  const char *cc_note;             /* how the compute capability was read (sm_101); NULL: nothing to say */
  const CuoccClusters *clusters;   /* NULL: no cluster launch; with one, the waves count clusters */
} CliReportExtras;

char *cli_report_text (const CuoccGpu         *gpu,
                       const CuoccInput       *input,
                       const CuoccResult      *result,
                       const CliReportExtras  *extras);

/* Text padded to a column's width by the columns a terminal gives it (the
 * command line's text tables). */
void  cli_append_padded (GString    *out,
                         const char *text,
                         int         width,
                         gboolean    right);

G_END_DECLS
