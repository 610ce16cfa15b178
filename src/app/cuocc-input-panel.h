/* cuocc-input-panel.h — the inputs: GPU, shared memory configuration,
 * caching, and the kernel's threads, registers, shared memory, barriers;
 * the view of the input model (cuocc-input-model.h), which owns them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include <cuocc.h>

#include "cuocc-input-model.h"

G_BEGIN_DECLS

#define CUOCC_TYPE_INPUT_PANEL (cuocc_input_panel_get_type ())

G_DECLARE_FINAL_TYPE (CuoccInputPanel, cuocc_input_panel, CUOCC, INPUT_PANEL, GtkWidget)

/* The "model" property is the input model the panel shows, and writes
 * what the user types and chooses into. A model without a GPU gets the
 * first of the list. */

G_END_DECLS
