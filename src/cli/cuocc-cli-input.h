/* cuocc-cli-input.h — turns the command line's or a batch row's text into
 * a device and a calculation input.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cuocc.h>

#include "cuocc-cli-table.h"

G_BEGIN_DECLS

/* Parses texts, by CuoccInputKey, as the inputs' description says; NULL or
 * empty optional texts keep their defaults. Messages name the values as
 * options ("--threads") or as batch columns ("threads"). values: the inputs
 * as given, the dynamic shared memory apart; input: the calculation's. */
gboolean cli_input_parse (const char *const  texts[CUOCC_N_INPUT_KEYS],
                          gboolean           as_options,
                          CuoccInputValues  *values,
                          CuoccInput        *input,
                          GError           **error);

/* Adds what the GPU allows to an invalid shared memory configuration's
 * message, when the library's message does not already say it. */
void     cli_input_explain_error (const CuoccGpu *gpu,
                                  GError         *error);

G_END_DECLS
