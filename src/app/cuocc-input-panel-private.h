/* cuocc-input-panel-private.h — what the input panel's files share: the
 * panel (cuocc-input-panel.c: the fields bound to the input model) and its
 * GPU list (cuocc-input-panel-gpu.c).
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

  /* The inputs typed into an entry, by key; the choices have none. */
  CuoccInputField fields[CUOCC_N_INPUT_KEYS];

  CuoccInputModel *model;
  GSignalGroup *model_signals;     /* follows model's "changed" */
  GBindingGroup *model_bindings;   /* the opt-in note, from model's "opt-in-text" */
  guint syncing;                   /* the panel is showing the model: its own changes are no user's */

  /* What the GPU list and the configuration list show. */
  GListStore *gpus;
  guint gpu_position;
  CuoccGpu shown_gpu;
  gboolean shown_gpu_valid;
  gint64 smem_configs[CUOCC_MAX_SMEM_CONFIGS];
  guint n_smem_configs;
};

/* cuocc-input-panel-gpu.c */
void   _cuocc_input_panel_init_gpu_list       (CuoccInputPanel *self);
void   _cuocc_input_panel_update_cc_label     (CuoccInputPanel *self);
void   _cuocc_input_panel_update_smem_configs (CuoccInputPanel *self,
                                               const CuoccGpu  *gpu);
guint  _cuocc_input_panel_find_gpu            (CuoccInputPanel *self,
                                               const char      *id);
guint  _cuocc_input_panel_add_custom_gpu      (CuoccInputPanel *self,
                                               const char      *path,
                                               const CuoccGpu  *gpu);
const char *_cuocc_input_panel_get_listed_id  (CuoccInputPanel *self,
                                               guint            position);

G_END_DECLS
