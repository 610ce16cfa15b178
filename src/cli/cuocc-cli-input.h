/* cuocc-cli-input.h — turns the command line's or a batch row's text into
 * a device and a calculation input.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cuocc.h>

#include "cuocc-cli-table.h"

G_BEGIN_DECLS

/* Parses fields[CLI_INPUT_THREADS .. CLI_INPUT_GLOBAL_CACHING]; NULL or
 * empty optional fields keep their defaults. Messages name the values as
 * options ("--threads") or as batch columns ("threads"). */
gboolean cli_input_parse (const char *const  fields[CLI_N_INPUTS],
                          gboolean           as_options,
                          CuoccInput        *input,
                          GError           **error);

/* Adds what the GPU allows to an invalid shared memory configuration's
 * message, when the library's message does not already say it. */
void     cli_input_explain_error (const CuoccGpu *gpu,
                                  GError         *error);

G_END_DECLS
