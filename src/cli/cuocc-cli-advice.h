/* cuocc-cli-advice.h — --advise: what to change for a higher occupancy.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The CSV columns and JSON keys (kind, blocks, active_warps, occupancy_pct,
 * regs, smem, block_size, launch_bounds, text) are a stable contract.
 */
#pragma once

#include <cuocc.h>

#include "cuocc-cli-table.h"
#include "cuocc-cli-writer.h"

G_BEGIN_DECLS

/* "STORES,LOADS", e.g. "24,16". */
gboolean    cli_advice_parse_spills  (const char             *text,
                                      CuoccAdviceExtra       *extra,
                                      GError                **error);

/* The report's "Advice" section. */
void        cli_advice_append_text   (GString                *out,
                                      const GPtrArray        *advice);

/* One CSV row or JSON object (in an array) per suggestion. */
void        cli_advice_write_table   (CliWriter              *writer,
                                      CliFormat               format,
                                      const GPtrArray        *advice);

G_END_DECLS
