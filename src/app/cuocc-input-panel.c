/* cuocc-input-panel.c — the inputs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every field is checked as it is typed (cuocc-input-field.c); nothing is
 * ever clamped behind the user's back.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cuocc-format.h"
#include "cuocc-gpu-choice.h"
#include "cuocc-input-panel-private.h"

/* ----- type definition ----- */

G_DEFINE_FINAL_TYPE (CuoccInputPanel, cuocc_input_panel, GTK_TYPE_WIDGET)

enum {
  LOAD_CUSTOM_DEVICE,
  GPU_UNAVAILABLE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The input each field gives, as the inputs' description (cuocc-inputs.c)
 * names it, ranges it and says what it allows. */
static const CuoccInputKey field_keys[CUOCC_N_FIELDS] = {
  [CUOCC_FIELD_THREADS] = CUOCC_INPUT_KEY_THREADS,
  [CUOCC_FIELD_REGS] = CUOCC_INPUT_KEY_REGS,
  [CUOCC_FIELD_SMEM] = CUOCC_INPUT_KEY_SMEM,
  [CUOCC_FIELD_BARRIERS] = CUOCC_INPUT_KEY_BARRIERS,
  [CUOCC_FIELD_CLUSTER_SIZE] = CUOCC_INPUT_KEY_CLUSTER_SIZE,
  [CUOCC_FIELD_DYNAMIC_SMEM] = CUOCC_INPUT_KEY_DYNAMIC_SMEM,
};

/* ----- helpers ----- */

/* The SMs a launch may use, as the inputs' description allows them: 0
 * (its none) when the entry is empty, the GPU's own count then; FALSE when
 * the text is no whole number in the range. */
static gboolean
read_sms (CuoccInputPanel *self,
          gint64          *sms)
{
  const CuoccInputInfo *info = cuocc_input_info (CUOCC_INPUT_KEY_SMS);
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->sms_entry))));

  *sms = info->none;
  if (*text == '\0')
    return TRUE;
  return g_ascii_string_to_signed (text, 10, info->min, info->max, sms, NULL);
}


/* What the fields say goes to the calculation: an input, or why there is
 * none. */
static void
write_calculation (CuoccInputPanel *self)
{
  g_autoptr(GError) error = NULL;
  CuoccInputValues values;
  CuoccGpu launch;
  CuoccInput input;
  gboolean valid;
  gint64 sms;

  if (self->calculation == NULL)
    return;

  valid = cuocc_input_panel_get_input (self, &input, &error);
  /* The calculation's GPU is the one the launch sees: the SMs it may use. */
  cuocc_input_values_init (&values);
  if (read_sms (self, &sms) && sms > 0)
    cuocc_input_values_set (&values, CUOCC_INPUT_KEY_SMS, sms);
  launch = self->gpu;
  cuocc_input_values_apply_gpu (&values, &launch);
  cuocc_calculation_set_input (self->calculation, cuocc_input_panel_get_gpu_id (self),
                               self->gpu_valid ? &launch : NULL, valid ? &input : NULL, error);
}

static void
emit_changed (CuoccInputPanel *self)
{
  if (self->frozen > 0)
    self->changed_while_frozen = TRUE;
  else
    write_calculation (self);
}

static void
freeze (CuoccInputPanel *self)
{
  self->frozen++;
}

static void
thaw (CuoccInputPanel *self)
{
  g_assert (self->frozen > 0);

  if (--self->frozen == 0 && self->changed_while_frozen)
    {
      self->changed_while_frozen = FALSE;
      write_calculation (self);
    }
}

static gboolean
smem_in_kib (CuoccInputPanel *self)
{
  return gtk_drop_down_get_selected (self->smem_unit_dropdown) == UNIT_KIB;
}

static void
check_field (CuoccInputPanel *self,
             CuoccField       field)
{
  cuocc_input_field_check (&self->fields[field], field == CUOCC_FIELD_SMEM && smem_in_kib (self));
}

static void
set_origin (CuoccInputPanel  *self,
            CuoccField        field,
            CuoccInputOrigin  origin,
            const char       *note)
{
  self->origins[field] = origin;
  g_free (self->origin_notes[field]);
  /* Translators: said after an input's hint: the user typed or chose its value */
  self->origin_notes[field] = origin == CUOCC_INPUT_ORIGIN_USER ? g_strdup (_("set by you")) : g_strdup (note);
  self->fields[field].origin = self->origin_notes[field];
  check_field (self, field);
}

static void
set_field_text (CuoccInputPanel *self,
                CuoccField       field,
                gint64           value)
{
  g_autofree char *text = NULL;

  if (field == CUOCC_FIELD_SMEM && smem_in_kib (self) && value % 1024 != 0)
    {
      /* A size that is no whole number of KiB is shown exactly, in bytes. */
      freeze (self);
      gtk_drop_down_set_selected (self->smem_unit_dropdown, UNIT_BYTES);
      thaw (self);
    }

  if (field == CUOCC_FIELD_SMEM && smem_in_kib (self))
    text = g_strdup_printf ("%" G_GINT64_FORMAT, value / 1024);
  else
    text = g_strdup_printf ("%" G_GINT64_FORMAT, value);

  /* Setting a text deletes the old one, then inserts: one change. */
  freeze (self);
  gtk_editable_set_text (GTK_EDITABLE (self->fields[field].entry), text);
  thaw (self);
}

/* The static and dynamic shared memory together; the dynamic part stays
 * as it is unless the total is less. */
static void
set_total_smem (CuoccInputPanel *self,
                gint64           total)
{
  const CuoccInputField *dynamic = &self->fields[CUOCC_FIELD_DYNAMIC_SMEM];
  gint64 part = dynamic->status != CUOCC_FIELD_STATUS_INVALID ? dynamic->value : 0;

  if (part > total)
    {
      part = 0;
      set_field_text (self, CUOCC_FIELD_DYNAMIC_SMEM, 0);
    }
  set_field_text (self, CUOCC_FIELD_SMEM, total - part);
}

/* Past 48 KiB a block, the kernel must ask for it. */
static void
update_opt_in (CuoccInputPanel *self)
{
  const CuoccInputField *fixed = &self->fields[CUOCC_FIELD_SMEM];
  const CuoccInputField *dynamic = &self->fields[CUOCC_FIELD_DYNAMIC_SMEM];
  gboolean valid = fixed->status != CUOCC_FIELD_STATUS_INVALID && dynamic->status != CUOCC_FIELD_STATUS_INVALID;
  gint64 total = fixed->value + dynamic->value;
  g_autofree char *text = NULL;

  if (valid && total > 48 * 1024)
    /* Translators: e.g. "57344 bytes a block pass 48 KiB: the kernel must opt in with cudaFuncSetAttribute(…)" */
    text = g_strdup_printf (_("%lld bytes a block pass 48 KiB: the kernel must opt in with cudaFuncSetAttribute(kernel, "
                              "cudaFuncAttributeMaxDynamicSharedMemorySize, %lld)"),
                            (long long) total, (long long) dynamic->value);
  gtk_label_set_label (self->opt_in_label, text ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->opt_in_label), text != NULL);
}

/* The ranges are the library's, the command line's too: the GPU's launch
 * limits, and what cuocc answers for beyond them. */
static void
update_ranges (CuoccInputPanel *self)
{
  for (guint i = 0; i < CUOCC_N_FIELDS; i++)
    {
      CuoccInputRange r = cuocc_input_range (&self->gpu.cap, cuocc_input_info (field_keys[i])->range_kind);

      self->fields[i].min = r.min;
      self->fields[i].max = r.launch_max;
      self->fields[i].limit = r.max;
      check_field (self, i);
    }
}

/* Clusters from 9.0 on, the carveout preference from 7.0 on; before, the
 * inputs stay, insensitive, and say why. */
static void
update_sensitivity (CuoccInputPanel *self)
{
  const CuoccCapability *cap = &self->gpu.cap;
  gboolean clusters = cap->max_cluster_size > 0;
  gboolean carveout = cap->major >= 7;

  gtk_widget_set_sensitive (GTK_WIDGET (self->cluster_size_entry), clusters);
  if (!clusters)
    {
      const char *why = _("Thread block clusters exist from compute capability 9.0 on");

      gtk_widget_set_tooltip_text (GTK_WIDGET (self->cluster_size_entry), why);
      gtk_label_set_label (self->cluster_size_hint, why);
      gtk_widget_remove_css_class (GTK_WIDGET (self->cluster_size_entry), "error");
      gtk_widget_remove_css_class (GTK_WIDGET (self->cluster_size_hint), "error");
    }

  gtk_widget_set_sensitive (GTK_WIDGET (self->carveout_entry), carveout);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->carveout_entry),
                               carveout ? _("Carveout preference in percent of the largest configuration, as "
                                            "cudaFuncAttributePreferredSharedMemoryCarveout takes it; empty for none")
                                        : _("The carveout preference exists from compute capability 7.0 on"));
}

/* The carveout in percent: -1 when the entry is empty; FALSE when its text
 * is no whole number from 0 to 100. */
static gboolean
read_carveout (CuoccInputPanel *self,
               int             *percent)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->carveout_entry))));
  CuoccInputRange range = cuocc_input_range (&self->gpu.cap, CUOCC_INPUT_CARVEOUT);
  gint64 value;

  *percent = CUOCC_CARVEOUT_NONE;
  if (*text == '\0' || self->gpu.cap.major < 7)
    return TRUE;
  if (!g_ascii_string_to_signed (text, 10, range.min, range.max, &value, NULL))
    return FALSE;
  *percent = (int) value;
  return TRUE;
}

static void
check_carveout (CuoccInputPanel *self)
{
  int percent;
  gboolean ok = read_carveout (self, &percent);

  if (ok)
    gtk_widget_remove_css_class (GTK_WIDGET (self->carveout_entry), "error");
  else
    gtk_widget_add_css_class (GTK_WIDGET (self->carveout_entry), "error");
  /* A carveout chooses the configuration; the list waits until it is cleared. */
  gtk_widget_set_sensitive (GTK_WIDGET (self->smem_config_dropdown),
                            self->n_smem_configs > 1 && (!ok || percent < 0));
}

static void
set_carveout_text (CuoccInputPanel *self,
                   int              percent)
{
  g_autofree char *text = percent >= 0 ? g_strdup_printf ("%d", percent) : g_strdup ("");

  gtk_editable_set_text (GTK_EDITABLE (self->carveout_entry), text);
}

static void
check_sms (CuoccInputPanel *self)
{
  const CuoccInputInfo *info = cuocc_input_info (CUOCC_INPUT_KEY_SMS);
  g_autofree char *hint = NULL;
  gint64 sms;
  gboolean ok = read_sms (self, &sms);

  if (!ok)
    /* Translators: shown under an input, e.g. "Enter a whole number from 1 to 100000, or nothing for all of the GPU's SMs" */
    hint = g_strdup_printf (_("Enter %s, or nothing for all of the GPU's SMs"), _(info->allowed));
  else if (self->gpu_valid && self->gpu.sm_count > 0)
    /* Translators: shown under an input, e.g. "Empty: all 132 of the GPU's" */
    hint = g_strdup_printf (_("Empty: all %d of the GPU's"), self->gpu.sm_count);
  else
    hint = g_strdup (_("Empty: the GPU's, where its SM count is known"));
  gtk_label_set_label (self->sms_hint, hint);
  if (ok)
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self->sms_entry), "error");
      gtk_widget_remove_css_class (GTK_WIDGET (self->sms_hint), "error");
    }
  else
    {
      gtk_widget_add_css_class (GTK_WIDGET (self->sms_entry), "error");
      gtk_widget_add_css_class (GTK_WIDGET (self->sms_hint), "error");
    }
}

static void
set_sms_text (CuoccInputPanel *self,
              gint64           sms)
{
  g_autofree char *text = sms > 0 ? g_strdup_printf ("%" G_GINT64_FORMAT, sms) : g_strdup ("");

  gtk_editable_set_text (GTK_EDITABLE (self->sms_entry), text);
}

static void
apply_gpu (CuoccInputPanel *self,
           const CuoccGpu  *gpu)
{
  freeze (self);

  self->gpu = *gpu;
  self->gpu_valid = TRUE;
  g_clear_pointer (&self->gpu_error, g_free);

  cuocc_input_panel_update_cc_label (self);
  cuocc_input_panel_update_smem_configs (self);
  gtk_widget_set_visible (self->caching_box, gpu->cap.partitioned_caching);
  update_ranges (self);
  update_sensitivity (self);
  check_carveout (self);
  check_sms (self);

  emit_changed (self);
  thaw (self);
}

static void
select_position (CuoccInputPanel *self,
                 guint            position)
{
  freeze (self);
  self->gpu_position = position;
  gtk_drop_down_set_selected (self->gpu_dropdown, position);
  thaw (self);
}

/* ----- callbacks ----- */

static void
gpu_selected_cb (CuoccInputPanel *self)
{
  g_autoptr(CuoccGpuChoice) choice = NULL;
  g_autoptr(GError) error = NULL;
  guint position = gtk_drop_down_get_selected (self->gpu_dropdown);
  guint previous;
  CuoccGpu gpu;

  if (self->frozen > 0 || position == GTK_INVALID_LIST_POSITION)
    return;

  choice = g_list_model_get_item (G_LIST_MODEL (self->gpus), position);

  if (cuocc_gpu_choice_get_kind (choice) == CUOCC_GPU_CHOICE_LOAD_FILE)
    {
      /* The entry is a command, not a GPU: go back to the GPU in use. */
      select_position (self, self->gpu_position);
      g_signal_emit (self, signals[LOAD_CUSTOM_DEVICE], 0);
      return;
    }

  previous = self->gpu_position;
  self->gpu_position = position;

  if (!cuocc_gpu_resolve_id (cuocc_gpu_choice_get_id (choice), &gpu, &error) &&
      cuocc_gpu_choice_get_kind (choice) == CUOCC_GPU_CHOICE_DETECTED)
    {
      /* No GPU here: say why, and keep the GPU in use. */
      select_position (self, previous);
      g_signal_emit (self, signals[GPU_UNAVAILABLE], 0, error->message);
      return;
    }

  if (error != NULL)
    {
      self->gpu_valid = FALSE;
      g_free (self->gpu_error);
      self->gpu_error = cuocc_format_capped (error->message, CUOCC_MESSAGE_MAX_CHARS);
      cuocc_input_panel_update_cc_label (self);
      emit_changed (self);
      return;
    }

  apply_gpu (self, &gpu);
}

static void
field_changed_cb (GtkEditable     *editable,
                  CuoccInputPanel *self)
{
  for (guint i = 0; i < CUOCC_N_FIELDS; i++)
    if (GTK_EDITABLE (self->fields[i].entry) == editable)
      {
        /* Text set by the panel itself comes frozen; the rest is typed. */
        if (self->frozen == 0)
          set_origin (self, i, CUOCC_INPUT_ORIGIN_USER, NULL);
        else
          check_field (self, i);
      }
  if (GTK_EDITABLE (self->cluster_size_entry) == editable)
    update_sensitivity (self);
  update_opt_in (self);

  emit_changed (self);
}

static void
sms_changed_cb (CuoccInputPanel *self)
{
  check_sms (self);
  emit_changed (self);
}

static void
carveout_changed_cb (CuoccInputPanel *self)
{
  check_carveout (self);
  emit_changed (self);
}

static void
smem_unit_changed_cb (CuoccInputPanel *self)
{
  CuoccInputField *f = &self->fields[CUOCC_FIELD_SMEM];

  if (self->frozen > 0)
    return;

  /* The size stays; only the way it is written changes. */
  if (f->status != CUOCC_FIELD_STATUS_INVALID)
    set_field_text (self, CUOCC_FIELD_SMEM, f->value);
  else
    check_field (self, CUOCC_FIELD_SMEM);
}

static void
dropdown_changed_cb (CuoccInputPanel *self)
{
  emit_changed (self);
}

/* ----- dispose / finalize ----- */

static void
cuocc_input_panel_dispose (GObject *object)
{
  CuoccInputPanel *self = CUOCC_INPUT_PANEL (object);

  g_clear_pointer (&self->box, gtk_widget_unparent);
  g_clear_object (&self->gpus);
  g_clear_object (&self->calculation);

  G_OBJECT_CLASS (cuocc_input_panel_parent_class)->dispose (object);
}

static void
cuocc_input_panel_finalize (GObject *object)
{
  CuoccInputPanel *self = CUOCC_INPUT_PANEL (object);

  g_free (self->gpu_error);
  for (guint i = 0; i < CUOCC_N_FIELDS; i++)
    g_free (self->origin_notes[i]);

  G_OBJECT_CLASS (cuocc_input_panel_parent_class)->finalize (object);
}

/* ----- class_init / init ----- */

static void
cuocc_input_panel_class_init (CuoccInputPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cuocc_input_panel_dispose;
  object_class->finalize = cuocc_input_panel_finalize;

  signals[LOAD_CUSTOM_DEVICE] =
    g_signal_new ("load-custom-device", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  /* "This machine's GPU" was chosen where there is none; the message says why. */
  signals[GPU_UNAVAILABLE] =
    g_signal_new ("gpu-unavailable", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/cuocc/Calculator/ui/cuocc-input-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, CuoccInputPanel, box);
  gtk_widget_class_bind_template_child (widget_class, CuoccInputPanel, gpu_dropdown);
  gtk_widget_class_bind_template_child (widget_class, CuoccInputPanel, cc_label);
  gtk_widget_class_bind_template_child (widget_class, CuoccInputPanel, smem_config_dropdown);
  gtk_widget_class_bind_template_child (widget_class, CuoccInputPanel, caching_box);
  gtk_widget_class_bind_template_child (widget_class, CuoccInputPanel, caching_dropdown);
  gtk_widget_class_bind_template_child (widget_class, CuoccInputPanel, threads_entry);
  gtk_widget_class_bind_template_child (widget_class, CuoccInputPanel, threads_hint);
  gtk_widget_class_bind_template_child (widget_class, CuoccInputPanel, regs_entry);
  gtk_widget_class_bind_template_child (widget_class, CuoccInputPanel, regs_hint);
  gtk_widget_class_bind_template_child (widget_class, CuoccInputPanel, smem_entry);
  gtk_widget_class_bind_template_child (widget_class, CuoccInputPanel, smem_unit_dropdown);
  gtk_widget_class_bind_template_child (widget_class, CuoccInputPanel, smem_hint);
  gtk_widget_class_bind_template_child (widget_class, CuoccInputPanel, barriers_entry);
  gtk_widget_class_bind_template_child (widget_class, CuoccInputPanel, barriers_hint);
  gtk_widget_class_bind_template_child (widget_class, CuoccInputPanel, cluster_size_entry);
  gtk_widget_class_bind_template_child (widget_class, CuoccInputPanel, cluster_size_hint);
  gtk_widget_class_bind_template_child (widget_class, CuoccInputPanel, dynamic_smem_entry);
  gtk_widget_class_bind_template_child (widget_class, CuoccInputPanel, dynamic_smem_hint);
  gtk_widget_class_bind_template_child (widget_class, CuoccInputPanel, opt_in_label);
  gtk_widget_class_bind_template_child (widget_class, CuoccInputPanel, carveout_entry);
  gtk_widget_class_bind_template_child (widget_class, CuoccInputPanel, sms_entry);
  gtk_widget_class_bind_template_child (widget_class, CuoccInputPanel, sms_hint);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
cuocc_input_panel_init (CuoccInputPanel *self)
{
  GtkEntry *entries[CUOCC_N_FIELDS];
  GtkLabel *hints[CUOCC_N_FIELDS];
  CuoccInput defaults;

  gtk_widget_init_template (GTK_WIDGET (self));

  entries[CUOCC_FIELD_THREADS] = self->threads_entry;
  entries[CUOCC_FIELD_REGS] = self->regs_entry;
  entries[CUOCC_FIELD_SMEM] = self->smem_entry;
  entries[CUOCC_FIELD_BARRIERS] = self->barriers_entry;
  entries[CUOCC_FIELD_CLUSTER_SIZE] = self->cluster_size_entry;
  entries[CUOCC_FIELD_DYNAMIC_SMEM] = self->dynamic_smem_entry;
  hints[CUOCC_FIELD_THREADS] = self->threads_hint;
  hints[CUOCC_FIELD_REGS] = self->regs_hint;
  hints[CUOCC_FIELD_SMEM] = self->smem_hint;
  hints[CUOCC_FIELD_BARRIERS] = self->barriers_hint;
  hints[CUOCC_FIELD_CLUSTER_SIZE] = self->cluster_size_hint;
  hints[CUOCC_FIELD_DYNAMIC_SMEM] = self->dynamic_smem_hint;

  cuocc_input_init (&defaults);
  freeze (self);
  for (guint i = 0; i < CUOCC_N_FIELDS; i++)
    {
      self->fields[i].entry = entries[i];
      self->fields[i].hint = hints[i];
      self->fields[i].is_size = i == CUOCC_FIELD_SMEM || i == CUOCC_FIELD_DYNAMIC_SMEM;
      gtk_accessible_update_relation (GTK_ACCESSIBLE (entries[i]),
                                      GTK_ACCESSIBLE_RELATION_DESCRIBED_BY, hints[i], NULL,
                                      -1);
      g_signal_connect (entries[i], "changed", G_CALLBACK (field_changed_cb), self);
    }
  set_field_text (self, CUOCC_FIELD_THREADS, defaults.threads);
  set_field_text (self, CUOCC_FIELD_REGS, defaults.regs);
  set_field_text (self, CUOCC_FIELD_SMEM, defaults.smem);
  set_field_text (self, CUOCC_FIELD_BARRIERS, defaults.barriers);
  set_field_text (self, CUOCC_FIELD_CLUSTER_SIZE, defaults.cluster_size);
  set_field_text (self, CUOCC_FIELD_DYNAMIC_SMEM, 0);

  cuocc_input_panel_init_gpu_list (self);
  thaw (self);
  self->changed_while_frozen = FALSE;

  g_signal_connect_swapped (self->gpu_dropdown, "notify::selected", G_CALLBACK (gpu_selected_cb), self);
  g_signal_connect_swapped (self->smem_config_dropdown, "notify::selected", G_CALLBACK (dropdown_changed_cb), self);
  g_signal_connect_swapped (self->caching_dropdown, "notify::selected", G_CALLBACK (dropdown_changed_cb), self);
  g_signal_connect_swapped (self->smem_unit_dropdown, "notify::selected", G_CALLBACK (smem_unit_changed_cb), self);
  g_signal_connect_swapped (self->carveout_entry, "changed", G_CALLBACK (carveout_changed_cb), self);
  g_signal_connect_swapped (self->sms_entry, "changed", G_CALLBACK (sms_changed_cb), self);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (self->sms_entry), GTK_ACCESSIBLE_RELATION_DESCRIBED_BY,
                                  self->sms_hint, NULL, -1);

  /* The first GPU until the window restores the user's. */
  gpu_selected_cb (self);
}

/* ----- public API ----- */

const CuoccGpu *
cuocc_input_panel_get_gpu (CuoccInputPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_INPUT_PANEL (self), NULL);

  return self->gpu_valid ? &self->gpu : NULL;
}

gboolean
cuocc_input_panel_get_input (CuoccInputPanel  *self,
                             CuoccInput       *input,
                             GError          **error)
{
  guint caching;
  int carveout;
  gint64 sms;

  g_return_val_if_fail (CUOCC_IS_INPUT_PANEL (self), FALSE);
  g_return_val_if_fail (input != NULL, FALSE);

  if (!self->gpu_valid)
    {
      g_set_error_literal (error, CUOCC_ERROR, CUOCC_ERROR_UNKNOWN_GPU,
                           self->gpu_error ? self->gpu_error : _("No GPU is chosen."));
      return FALSE;
    }

  for (guint i = 0; i < CUOCC_N_FIELDS; i++)
    if (self->fields[i].status == CUOCC_FIELD_STATUS_INVALID &&
        (i != CUOCC_FIELD_CLUSTER_SIZE || self->gpu.cap.max_cluster_size > 0))
      {
        g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT,
                     "%s: %s", _(cuocc_input_info (field_keys[i])->label), gtk_label_get_label (self->fields[i].hint));
        return FALSE;
      }

  cuocc_input_init (input);
  input->threads = (int) self->fields[CUOCC_FIELD_THREADS].value;
  input->regs = (int) self->fields[CUOCC_FIELD_REGS].value;
  input->smem = self->fields[CUOCC_FIELD_SMEM].value + self->fields[CUOCC_FIELD_DYNAMIC_SMEM].value;
  input->barriers = (int) self->fields[CUOCC_FIELD_BARRIERS].value;
  if (self->gpu.cap.max_cluster_size > 0)
    input->cluster_size = (int) self->fields[CUOCC_FIELD_CLUSTER_SIZE].value;
  if (!read_carveout (self, &carveout))
    {
      const CuoccInputInfo *info = cuocc_input_info (CUOCC_INPUT_KEY_CARVEOUT);

      /* Translators: e.g. "Carveout preference: enter a whole number of percent from 0 to 100, or nothing for none" */
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT, _("%s: enter %s, or nothing for none"),
                   _(info->label), _(info->allowed));
      return FALSE;
    }
  input->carveout = carveout;
  if (!read_sms (self, &sms))
    {
      const CuoccInputInfo *info = cuocc_input_info (CUOCC_INPUT_KEY_SMS);

      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT, _("%s: enter %s, or nothing for none"),
                   _(info->label), _(info->allowed));
      return FALSE;
    }
  input->smem_config = -1;
  if (self->gpu.cap.n_smem_configs > 0 && carveout < 0)
    input->smem_config = self->smem_configs[MIN (gtk_drop_down_get_selected (self->smem_config_dropdown),
                                                 self->n_smem_configs - 1)];
  caching = gtk_drop_down_get_selected (self->caching_dropdown);
  input->caching = self->gpu.cap.partitioned_caching && caching <= CUOCC_CACHING_STRICT
                   ? (CuoccCaching) caching : CUOCC_CACHING_OFF;

  return TRUE;
}

void
cuocc_input_panel_set_value (CuoccInputPanel *self,
                             CuoccField       field,
                             gint64           value)
{
  g_return_if_fail (CUOCC_IS_INPUT_PANEL (self));
  g_return_if_fail (field < CUOCC_N_FIELDS);

  /* The shared memory a graph or the advice asks for is the total. */
  freeze (self);
  if (field == CUOCC_FIELD_SMEM)
    set_total_smem (self, value);
  else
    set_field_text (self, field, value);
  set_origin (self, field, CUOCC_INPUT_ORIGIN_USER, NULL);
  thaw (self);
}

/* Says where a field's value came from, after its hint: the kernel's
 * figures, or that the kernel has none and the value was kept. */
void
cuocc_input_panel_set_origin (CuoccInputPanel  *self,
                              CuoccField        field,
                              CuoccInputOrigin  origin,
                              const char       *note)
{
  g_return_if_fail (CUOCC_IS_INPUT_PANEL (self));
  g_return_if_fail (field < CUOCC_N_FIELDS);

  set_origin (self, field, origin, note);
}

CuoccInputOrigin
cuocc_input_panel_get_origin (CuoccInputPanel *self,
                              CuoccField       field)
{
  g_return_val_if_fail (CUOCC_IS_INPUT_PANEL (self), CUOCC_INPUT_ORIGIN_DEFAULT);
  g_return_val_if_fail (field < CUOCC_N_FIELDS, CUOCC_INPUT_ORIGIN_DEFAULT);

  return self->origins[field];
}

/* What the field's hint says now: what is allowed, or what is wrong, and
 * where the value came from. */
const char *
cuocc_input_panel_get_hint (CuoccInputPanel *self,
                            CuoccField       field)
{
  g_return_val_if_fail (CUOCC_IS_INPUT_PANEL (self), NULL);
  g_return_val_if_fail (field < CUOCC_N_FIELDS, NULL);

  return gtk_label_get_label (self->fields[field].hint);
}

GtkEditable *
cuocc_input_panel_get_editable (CuoccInputPanel *self,
                                CuoccField       field)
{
  g_return_val_if_fail (CUOCC_IS_INPUT_PANEL (self), NULL);
  g_return_val_if_fail (field < CUOCC_N_FIELDS, NULL);

  return GTK_EDITABLE (self->fields[field].entry);
}

GtkEditable *
cuocc_input_panel_get_carveout_editable (CuoccInputPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_INPUT_PANEL (self), NULL);

  return GTK_EDITABLE (self->carveout_entry);
}

gboolean
cuocc_input_panel_field_is_marked (CuoccInputPanel *self,
                                   CuoccField       field)
{
  g_return_val_if_fail (CUOCC_IS_INPUT_PANEL (self), FALSE);
  g_return_val_if_fail (field < CUOCC_N_FIELDS, FALSE);

  return self->fields[field].status != CUOCC_FIELD_STATUS_OK;
}

/* Selects a product, a compute capability or a custom device file by id;
 * on failure nothing changes. */
gboolean
cuocc_input_panel_select_gpu (CuoccInputPanel  *self,
                              const char       *id,
                              GError          **error)
{
  CuoccGpu gpu;
  guint position;

  g_return_val_if_fail (CUOCC_IS_INPUT_PANEL (self), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);

  if (!cuocc_gpu_resolve_id (id, &gpu, error))
    return FALSE;

  position = cuocc_input_panel_find_gpu (self, id);
  if (position == GTK_INVALID_LIST_POSITION)
    position = cuocc_input_panel_add_custom_gpu (self, id, &gpu);

  select_position (self, position);
  apply_gpu (self, &gpu);

  return TRUE;
}

/* Everything is checked before anything changes, so a session that cannot
 * be applied leaves the panel as it was. */
gboolean
cuocc_input_panel_apply_session (CuoccInputPanel     *self,
                                 const CuoccSession  *session,
                                 GError             **error)
{
  const gint64 *v;
  CuoccGpu gpu;

  g_return_val_if_fail (CUOCC_IS_INPUT_PANEL (self), FALSE);
  g_return_val_if_fail (session != NULL && session->gpu != NULL, FALSE);

  v = session->inputs.values;
  if (!cuocc_gpu_resolve_id (session->gpu, &gpu, error))
    return FALSE;

  if (v[CUOCC_INPUT_KEY_SMEM_CONFIG] >= 0 && gpu.cap.n_smem_configs > 0 &&
      !cuocc_smem_config_valid (&gpu.cap, v[CUOCC_INPUT_KEY_SMEM_CONFIG]))
    {
      g_autofree char *size = cuocc_format_bytes (v[CUOCC_INPUT_KEY_SMEM_CONFIG]);

      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_SMEM_CONFIG,
                   /* Translators: e.g. "48 KiB is no shared memory configuration of NVIDIA T4" */
                   _("%s is no shared memory configuration of %s"), size, gpu.name);
      return FALSE;
    }

  if (v[CUOCC_INPUT_KEY_CACHING] != CUOCC_CACHING_OFF && !gpu.cap.partitioned_caching)
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_UNSUPPORTED,
                   _("%s has no partitioned global caching"), gpu.name);
      return FALSE;
    }

  freeze (self);
  if (!cuocc_input_panel_select_gpu (self, session->gpu, error))
    {
      self->changed_while_frozen = FALSE;
      thaw (self);
      return FALSE;
    }
  cuocc_input_panel_set_smem_config (self, v[CUOCC_INPUT_KEY_SMEM_CONFIG]);
  gtk_drop_down_set_selected (self->caching_dropdown, (guint) v[CUOCC_INPUT_KEY_CACHING]);
  set_field_text (self, CUOCC_FIELD_THREADS, v[CUOCC_INPUT_KEY_THREADS]);
  set_field_text (self, CUOCC_FIELD_REGS, v[CUOCC_INPUT_KEY_REGS]);
  /* The static and the dynamic shared memory each to its own field. */
  set_field_text (self, CUOCC_FIELD_SMEM, v[CUOCC_INPUT_KEY_SMEM]);
  set_field_text (self, CUOCC_FIELD_DYNAMIC_SMEM, v[CUOCC_INPUT_KEY_DYNAMIC_SMEM]);
  set_field_text (self, CUOCC_FIELD_BARRIERS, v[CUOCC_INPUT_KEY_BARRIERS]);
  set_field_text (self, CUOCC_FIELD_CLUSTER_SIZE, v[CUOCC_INPUT_KEY_CLUSTER_SIZE]);
  set_carveout_text (self, (int) v[CUOCC_INPUT_KEY_CARVEOUT]);
  set_sms_text (self, v[CUOCC_INPUT_KEY_SMS]);
  /* A session's values are the work as it was: no origin is said; a
   * kernel's writer says its own (cuocc_input_panel_set_origin). */
  for (guint i = 0; i < CUOCC_N_FIELDS; i++)
    set_origin (self, i, CUOCC_INPUT_ORIGIN_DEFAULT, NULL);
  emit_changed (self);
  thaw (self);

  return TRUE;
}

/* What the fields hold, as entered: the static and dynamic shared memory
 * apart, the SMs empty (0) for the GPU's. */
void
cuocc_input_panel_get_session (CuoccInputPanel *self,
                               CuoccSession    *session)
{
  CuoccInputValues *values;
  gint64 smem_config = -1;
  gint64 sms;
  int carveout;

  g_return_if_fail (CUOCC_IS_INPUT_PANEL (self));
  g_return_if_fail (session != NULL);

  cuocc_session_clear (session);
  session->gpu = g_strdup (cuocc_input_panel_get_gpu_id (self));
  values = &session->inputs;
  cuocc_input_values_init (values);
  for (guint i = 0; i < CUOCC_N_FIELDS; i++)
    cuocc_input_values_set (values, field_keys[i], self->fields[i].value);
  if (!read_carveout (self, &carveout))
    carveout = CUOCC_CARVEOUT_NONE;
  cuocc_input_values_set (values, CUOCC_INPUT_KEY_CARVEOUT, carveout);
  if (carveout < 0 && self->gpu.cap.n_smem_configs > 0 && gtk_drop_down_get_selected (self->smem_config_dropdown) > 0)
    smem_config = self->smem_configs[gtk_drop_down_get_selected (self->smem_config_dropdown)];
  cuocc_input_values_set (values, CUOCC_INPUT_KEY_SMEM_CONFIG, smem_config);
  cuocc_input_values_set (values, CUOCC_INPUT_KEY_CACHING,
                          self->gpu.cap.partitioned_caching ? gtk_drop_down_get_selected (self->caching_dropdown)
                                                            : CUOCC_CACHING_OFF);
  if (read_sms (self, &sms))
    cuocc_input_values_set (values, CUOCC_INPUT_KEY_SMS, sms);
}

/* The note that the kernel must opt in to its shared memory, or NULL. */
const char *
cuocc_input_panel_get_opt_in_text (CuoccInputPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_INPUT_PANEL (self), NULL);

  return gtk_widget_get_visible (GTK_WIDGET (self->opt_in_label)) ? gtk_label_get_label (self->opt_in_label) : NULL;
}

/* The panel writes what its fields say into calculation, now and after
 * every change. */
void
cuocc_input_panel_set_calculation (CuoccInputPanel  *self,
                                   CuoccCalculation *calculation)
{
  g_return_if_fail (CUOCC_IS_INPUT_PANEL (self));
  g_return_if_fail (CUOCC_IS_CALCULATION (calculation));
  g_return_if_fail (self->calculation == NULL);

  self->calculation = g_object_ref (calculation);
  write_calculation (self);
}
