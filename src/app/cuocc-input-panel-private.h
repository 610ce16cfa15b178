/* cuocc-input-panel-private.h — what the input panel's files share: the
 * panel (cuocc-input-panel.c: the fields, the carveout, the calculation it
 * writes) and its GPU (cuocc-input-panel-gpu.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cuocc-input-field.h"
#include "cuocc-input-panel.h"

G_BEGIN_DECLS

/* The shared memory field's unit. */
enum {
  UNIT_BYTES,
  UNIT_KIB,
};

struct _CuoccInputPanel
{
  GtkWidget parent_instance;

  /* template */
  GtkWidget *box;
  GtkDropDown *gpu_dropdown;
  GtkLabel *cc_label;
  GtkDropDown *smem_config_dropdown;
  GtkEntry *carveout_entry;
  GtkWidget *caching_box;
  GtkDropDown *caching_dropdown;
  GtkEntry *threads_entry;
  GtkLabel *threads_hint;
  GtkEntry *regs_entry;
  GtkLabel *regs_hint;
  GtkEntry *smem_entry;
  GtkDropDown *smem_unit_dropdown;
  GtkLabel *smem_hint;
  GtkEntry *barriers_entry;
  GtkLabel *barriers_hint;
  GtkEntry *cluster_size_entry;
  GtkLabel *cluster_size_hint;
  GtkEntry *dynamic_smem_entry;
  GtkLabel *dynamic_smem_hint;
  GtkLabel *opt_in_label;
  GtkEntry *sms_entry;
  GtkLabel *sms_hint;

  GListStore *gpus;
  guint gpu_position;
  CuoccGpu gpu;
  gboolean gpu_valid;
  char *gpu_error;
  gint64 smem_configs[CUOCC_MAX_SMEM_CONFIGS];
  guint n_smem_configs;
  CuoccInputField fields[CUOCC_N_FIELDS];
  CuoccInputOrigin origins[CUOCC_N_FIELDS];
  char *origin_notes[CUOCC_N_FIELDS];  /* what each field's hint says of its origin */
  guint frozen;
  gboolean changed_while_frozen;

  CuoccCalculation *calculation;
};

/* cuocc-input-panel-gpu.c */
void   cuocc_input_panel_init_gpu_list       (CuoccInputPanel *self);
void   cuocc_input_panel_update_cc_label     (CuoccInputPanel *self);
void   cuocc_input_panel_update_smem_configs (CuoccInputPanel *self);
guint  cuocc_input_panel_find_gpu            (CuoccInputPanel *self,
                                              const char      *id);
guint  cuocc_input_panel_add_custom_gpu      (CuoccInputPanel *self,
                                              const char      *path,
                                              const CuoccGpu  *gpu);

G_END_DECLS
