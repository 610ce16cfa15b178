/* cuocc-input-panel.h — the inputs: GPU, shared memory configuration,
 * caching, and the kernel's threads, registers, shared memory, barriers.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include <cuocc.h>

#include "cuocc-calculation.h"
#include "cuocc-session.h"

G_BEGIN_DECLS

#define CUOCC_TYPE_INPUT_PANEL (cuocc_input_panel_get_type ())

G_DECLARE_FINAL_TYPE (CuoccInputPanel, cuocc_input_panel, CUOCC, INPUT_PANEL, GtkWidget)

typedef enum {
  CUOCC_FIELD_THREADS,
  CUOCC_FIELD_REGS,
  CUOCC_FIELD_SMEM,
  CUOCC_FIELD_BARRIERS,
  CUOCC_FIELD_CLUSTER_SIZE,        /* 0: a launch without clusters */
  CUOCC_FIELD_DYNAMIC_SMEM,        /* added to CUOCC_FIELD_SMEM, the static shared memory */
  CUOCC_N_FIELDS
} CuoccField;

void            cuocc_input_panel_set_calculation  (CuoccInputPanel     *self,
                                                    CuoccCalculation    *calculation);
const CuoccGpu *cuocc_input_panel_get_gpu          (CuoccInputPanel     *self);
const char     *cuocc_input_panel_get_opt_in_text  (CuoccInputPanel     *self);
gboolean        cuocc_input_panel_get_input        (CuoccInputPanel     *self,
                                                    CuoccInput          *input,
                                                    GError             **error);
/* Where a field's value came from: said after its hint. A value the user
 * types, or a graph or the advice sets, is theirs. */
typedef enum {
  CUOCC_INPUT_ORIGIN_DEFAULT,      /* the default, or a session's: nothing is said */
  CUOCC_INPUT_ORIGIN_USER,
  CUOCC_INPUT_ORIGIN_KERNEL,
} CuoccInputOrigin;

void            cuocc_input_panel_set_origin       (CuoccInputPanel     *self,
                                                    CuoccField           field,
                                                    CuoccInputOrigin     origin,
                                                    const char          *note);
CuoccInputOrigin cuocc_input_panel_get_origin      (CuoccInputPanel     *self,
                                                    CuoccField           field);
const char     *cuocc_input_panel_get_hint         (CuoccInputPanel     *self,
                                                    CuoccField           field);
void            cuocc_input_panel_set_value        (CuoccInputPanel     *self,
                                                    CuoccField           field,
                                                    gint64               value);
GtkEditable    *cuocc_input_panel_get_editable     (CuoccInputPanel     *self,
                                                    CuoccField           field);
/* The carveout preference in percent, beside the configuration list; empty for none. */
GtkEditable    *cuocc_input_panel_get_carveout_editable (CuoccInputPanel *self);
gboolean        cuocc_input_panel_field_is_marked  (CuoccInputPanel     *self,
                                                    CuoccField           field);
gboolean        cuocc_input_panel_select_gpu       (CuoccInputPanel     *self,
                                                    const char          *id,
                                                    GError             **error);
const char     *cuocc_input_panel_get_gpu_id       (CuoccInputPanel     *self);
gboolean        cuocc_input_panel_set_smem_config  (CuoccInputPanel     *self,
                                                    gint64               config);
gboolean        cuocc_input_panel_apply_session    (CuoccInputPanel     *self,
                                                    const CuoccSession  *session,
                                                    GError             **error);
void            cuocc_input_panel_get_session      (CuoccInputPanel     *self,
                                                    CuoccSession        *session);

G_END_DECLS
