/* cuocc-cli-batch.h — answers a CSV file of configurations, row by row.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdio.h>

#include "cuocc-cli-table.h"

G_BEGIN_DECLS

/* Returns the exit status: 0, 1 when some rows could not be evaluated,
 * 2 when the file cannot be read or its header is wrong. */
int cli_batch_run (const char *path,
                   CliFormat   format,
                   FILE       *out);

G_END_DECLS
