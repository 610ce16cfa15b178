/* cuocc-cli-gpus.h — the GPU database as text: --list-gpus and --gpu-data.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cuocc.h>

G_BEGIN_DECLS

char *cli_gpus_list (void);

/* This machine's GPUs through its driver, or why there are none. */
char *cli_gpus_detected (void);

/* Every compute capability side by side, like the sheet's GPU Data tab;
 * cap limits it to one. */
char *cli_gpus_data (const CuoccCapability *cap);

G_END_DECLS
