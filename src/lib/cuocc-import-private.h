/* cuocc-import-private.h — what the import readers share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cuocc.h"

G_BEGIN_DECLS

#define MAX_FIGURE G_GINT64_CONSTANT (1000000000000000)

typedef enum {
  NCU_NONE,
  NCU_LONG,                        /* one metric a row */
  NCU_RAW,                         /* one launch a row, one metric a column */
} NcuMode;

typedef enum {
  COL_ID,
  COL_KERNEL,
  COL_SECTION,
  COL_METRIC,
  COL_UNIT,
  COL_VALUE,
  COL_CC,
  COL_BLOCK,
  COL_GRID,
  N_COLS,
} NcuColumn;

struct _CuoccImportParser {
  GString *line;
  gboolean line_too_long;
  guint line_no;
  GArray *kernels;                 /* CuoccKernel */
  gboolean truncated;
  guint n_skipped_lines;

  /* ptxas and nvlink */
  CuoccKernel ptxas;               /* the entry being read; name NULL when none */
  gboolean ptxas_props;            /* the next stack frame line is the entry's */

  /* cuobjdump */
  char *cuobjdump_arch;
  gboolean cuobjdump_in_ptx;
  char *cuobjdump_function;        /* "Function X:" waiting for its REG line */

  /* Nsight Compute */
  NcuMode ncu_mode;
  int ncu_cols[N_COLS];            /* -1 when absent */
  GPtrArray *ncu_header;           /* raw: the metric of each column */
  GPtrArray *ncu_units;            /* raw: the unit of each column, from the unit row */
  GHashTable *ncu_ids;             /* launch ID → index in kernels + 1 */
};

void     cuocc_import_kernel_init     (CuoccKernel *k);
void     cuocc_import_kernel_clear    (CuoccKernel *k);
void     cuocc_import_kernel_set_name (CuoccKernel *k, const char *raw);
void     cuocc_import_kernel_set_arch (CuoccKernel *k, const char *arch);
int      cuocc_import_add_kernel      (CuoccImportParser *parser, CuoccKernel *k);
gboolean cuocc_import_parse_sum       (const char *start, const char *end, gint64 *value);
int      cuocc_import_clamp_int       (gint64 v);

/* Binary readers (cuocc-import-cubin.c, cuocc-import-fatbin.c,
 * cuocc-import-triton.c). The cubin reader adds one kernel per function of
 * an ELF file ptxas wrote, with `file` and `entry` as given; it fails with
 * an error when the data is no cubin or holds no kernel. The Triton reader
 * uses it for the kernel's cubin. */
gboolean cuocc_import_read_cubin      (CuoccImportParser *parser, const guint8 *data, gsize len,
                                       const char *file, const char *entry, GError **error);

/* Each reader sees every line. */
void     cuocc_import_ptxas_line      (CuoccImportParser *parser, const char *line);
void     cuocc_import_cuobjdump_line  (CuoccImportParser *parser, const char *line);
void     cuocc_import_ncu_line        (CuoccImportParser *parser, const char *line);

G_END_DECLS
