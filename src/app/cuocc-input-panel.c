/* cuocc-input-panel.c — the inputs, as the input model holds them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The panel is a view of the input model (cuocc-input-model.c): what the
 * user types or chooses is written to the model, as theirs; every change of
 * the model (theirs, a kernel's, a session's…) is shown: the entries' text
 * where it differs, the hints with what is allowed or wrong and where each
 * value came from. Text the panel writes itself is never taken for typing.
 * The model checks the text; nothing is ever clamped behind the user's back.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "cuocc-format.h"
#include "cuocc-gpu-choice.h"
#include "cuocc-input-panel-private.h"

/* ----- type definition ----- */

G_DEFINE_FINAL_TYPE (CuoccInputPanel, cuocc_input_panel, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_MODEL,
  N_PROPS
};

enum {
  LOAD_CUSTOM_DEVICE,
  GPU_UNAVAILABLE,
  N_SIGNALS
};

static GParamSpec *props[N_PROPS];
static guint signals[N_SIGNALS];

/* ----- helpers ----- */

static void
select_position (CuoccInputPanel *self,
                 guint            position)
{
  self->syncing++;
  self->gpu_position = position;
  gtk_drop_down_set_selected (self->gpu_dropdown, position);
  self->syncing--;
}

/* The GPU the model holds, in the list: a product named otherwise than the
 * list names it (a session's "NVIDIA A100 SXM4 40GB") is the list's entry of
 * the GPU it names; a custom device file the list does not have yet is
 * added. */
static void
show_gpu (CuoccInputPanel *self)
{
  const char *id = cuocc_input_model_get_gpu_id (self->model);
  const CuoccGpu *gpu = cuocc_input_model_get_gpu (self->model);

  if (id != NULL && g_strcmp0 (id, _cuocc_input_panel_get_listed_id (self, self->gpu_position)) != 0)
    {
      guint position = _cuocc_input_panel_find_gpu (self, id);

      if (position == GTK_INVALID_LIST_POSITION && gpu != NULL && !g_path_is_absolute (id))
        position = _cuocc_input_panel_find_gpu (self, gpu->name);
      if (position == GTK_INVALID_LIST_POSITION && gpu != NULL)
        position = _cuocc_input_panel_add_custom_gpu (self, id, gpu);
      if (position != GTK_INVALID_LIST_POSITION)
        select_position (self, position);
    }

  _cuocc_input_panel_update_cc_label (self);
  if (gpu != NULL && (!self->shown_gpu_valid || memcmp (gpu, &self->shown_gpu, sizeof *gpu) != 0))
    {
      self->shown_gpu = *gpu;
      self->shown_gpu_valid = TRUE;
      _cuocc_input_panel_update_smem_configs (self, gpu);
      gtk_widget_set_visible (self->caching_box, gpu->cap.partitioned_caching);
    }
}

/* Clusters from 9.0 on, the carveout preference from 7.0 on; before, the
 * inputs stay, insensitive, and say why. A carveout chooses the
 * configuration: the list waits until it is cleared. */
static void
update_sensitivity (CuoccInputPanel *self)
{
  gboolean clusters = cuocc_input_model_applies (self->model, CUOCC_INPUT_KEY_CLUSTER_SIZE);
  gboolean carveout = cuocc_input_model_applies (self->model, CUOCC_INPUT_KEY_CARVEOUT);
  gboolean preference = cuocc_input_model_get_status (self->model, CUOCC_INPUT_KEY_CARVEOUT) == CUOCC_INPUT_STATUS_OK &&
                        cuocc_input_model_get_value (self->model, CUOCC_INPUT_KEY_CARVEOUT) >= 0;

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
  /* The carveout has no hint beneath: what is wrong is its tooltip. */
  if (carveout && cuocc_input_model_get_status (self->model, CUOCC_INPUT_KEY_CARVEOUT) == CUOCC_INPUT_STATUS_INVALID)
    gtk_widget_set_tooltip_text (GTK_WIDGET (self->carveout_entry),
                                 cuocc_input_model_get_message (self->model, CUOCC_INPUT_KEY_CARVEOUT));
  else
    gtk_widget_set_tooltip_text (GTK_WIDGET (self->carveout_entry),
                                 carveout ? _("Carveout preference in percent of the largest configuration, as "
                                              "cudaFuncAttributePreferredSharedMemoryCarveout takes it; empty for none")
                                          : _("The carveout preference exists from compute capability 7.0 on"));
  gtk_widget_set_sensitive (GTK_WIDGET (self->smem_config_dropdown), self->n_smem_configs > 1 && !preference);
}

static void
show_choices (CuoccInputPanel *self)
{
  gint64 config = cuocc_input_model_get_value (self->model, CUOCC_INPUT_KEY_SMEM_CONFIG);
  guint position = 0;

  for (guint i = 0; i < self->n_smem_configs; i++)
    if (self->smem_configs[i] == config)
      position = i;
  gtk_drop_down_set_selected (self->smem_config_dropdown, position);
  gtk_drop_down_set_selected (self->caching_dropdown,
                              (guint) cuocc_input_model_get_value (self->model, CUOCC_INPUT_KEY_CACHING));
  gtk_drop_down_set_selected (self->smem_unit_dropdown,
                              cuocc_input_model_get_smem_in_kib (self->model) ? UNIT_KIB : UNIT_BYTES);
}

/* The opt-in note, bound to the model's "opt-in-text": shown while there
 * is one. */
static gboolean
text_to_label (GBinding     *binding,
               const GValue *from,
               GValue       *to,
               gpointer      user_data)
{
  const char *text = g_value_get_string (from);

  g_value_set_string (to, text != NULL ? text : "");
  return TRUE;
}

static gboolean
text_to_visible (GBinding     *binding,
                 const GValue *from,
                 GValue       *to,
                 gpointer      user_data)
{
  g_value_set_boolean (to, g_value_get_string (from) != NULL);
  return TRUE;
}

/* ----- callbacks ----- */

/* The model changed: show it all. The entries' text is set only where it
 * differs, so that what the user is typing stays as it is. */
static void
model_changed_cb (CuoccInputPanel *self)
{
  self->syncing++;
  show_gpu (self);
  for (guint i = 0; i < CUOCC_N_INPUT_KEYS; i++)
    if (self->fields[i].entry != NULL)
      _cuocc_input_field_show (&self->fields[i], self->model, i);
  show_choices (self);
  update_sensitivity (self);
  self->syncing--;
}

/* No model: no values, no hints and nothing to type into. */
static void
show_nothing (CuoccInputPanel *self)
{
  self->syncing++;
  for (guint i = 0; i < CUOCC_N_INPUT_KEYS; i++)
    {
      if (self->fields[i].entry != NULL)
        gtk_editable_set_text (GTK_EDITABLE (self->fields[i].entry), "");
      if (self->fields[i].hint != NULL)
        gtk_label_set_label (self->fields[i].hint, "");
    }
  gtk_label_set_label (self->cc_label, "");
  gtk_widget_set_visible (GTK_WIDGET (self->opt_in_label), FALSE);
  self->syncing--;
}

static void
gpu_selected_cb (CuoccInputPanel *self)
{
  g_autoptr(CuoccGpuChoice) choice = NULL;
  g_autoptr(GError) error = NULL;
  guint position = gtk_drop_down_get_selected (self->gpu_dropdown);
  guint previous;

  if (self->syncing > 0 || self->model == NULL || position == GTK_INVALID_LIST_POSITION)
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
  if (cuocc_input_model_set_gpu (self->model, cuocc_gpu_choice_get_id (choice), CUOCC_INPUT_ORIGIN_USER, &error))
    return;

  if (cuocc_gpu_choice_get_kind (choice) == CUOCC_GPU_CHOICE_DETECTED)
    {
      /* No GPU here: say why, and keep the GPU in use. */
      select_position (self, previous);
      g_signal_emit (self, signals[GPU_UNAVAILABLE], 0, error->message);
      return;
    }

  /* A custom device whose file is gone: chosen, and no calculation. */
  cuocc_input_model_set_gpu_unavailable (self->model, cuocc_gpu_choice_get_id (choice), error->message);
}

static void
field_changed_cb (GtkEditable     *editable,
                  CuoccInputPanel *self)
{
  if (self->syncing > 0 || self->model == NULL)
    return;

  for (guint i = 0; i < CUOCC_N_INPUT_KEYS; i++)
    if (GTK_EDITABLE (self->fields[i].entry) == editable)
      cuocc_input_model_set_text (self->model, i, gtk_editable_get_text (editable), CUOCC_INPUT_ORIGIN_USER, NULL);
}

static void
smem_unit_changed_cb (CuoccInputPanel *self)
{
  if (self->syncing > 0 || self->model == NULL)
    return;

  /* The size stays; only the way it is written changes. */
  cuocc_input_model_set_smem_in_kib (self->model, gtk_drop_down_get_selected (self->smem_unit_dropdown) == UNIT_KIB);
}

static void
smem_config_changed_cb (CuoccInputPanel *self)
{
  guint position = gtk_drop_down_get_selected (self->smem_config_dropdown);

  if (self->syncing > 0 || self->model == NULL || position >= self->n_smem_configs)
    return;

  /* The first is the largest, the default: none is said. */
  cuocc_input_model_set_value (self->model, CUOCC_INPUT_KEY_SMEM_CONFIG,
                               position == 0 ? -1 : self->smem_configs[position], CUOCC_INPUT_ORIGIN_USER, NULL);
}

static void
caching_changed_cb (CuoccInputPanel *self)
{
  guint position = gtk_drop_down_get_selected (self->caching_dropdown);

  if (self->syncing > 0 || self->model == NULL || position > CUOCC_CACHING_STRICT)
    return;

  cuocc_input_model_set_value (self->model, CUOCC_INPUT_KEY_CACHING, position, CUOCC_INPUT_ORIGIN_USER, NULL);
}

/* ----- dispose / finalize ----- */

static void
cuocc_input_panel_dispose (GObject *object)
{
  CuoccInputPanel *self = CUOCC_INPUT_PANEL (object);

  if (self->model_signals != NULL)
    g_signal_group_set_target (self->model_signals, NULL);
  g_clear_object (&self->model_signals);
  if (self->model_bindings != NULL)
    g_binding_group_set_source (self->model_bindings, NULL);
  g_clear_object (&self->model_bindings);
  g_clear_object (&self->model);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  g_clear_object (&self->gpus);

  G_OBJECT_CLASS (cuocc_input_panel_parent_class)->dispose (object);
}

/* ----- get/set_property ----- */

/* Shows model, and writes what the user types and chooses into it; a model
 * without a GPU gets the first of the list. NULL: the panel shows nothing
 * and takes nothing. */
static void
set_model (CuoccInputPanel *self,
           CuoccInputModel *model)
{
  if (!g_set_object (&self->model, model))
    return;

  g_signal_group_set_target (self->model_signals, model);
  g_binding_group_set_source (self->model_bindings, model);
  gtk_widget_set_sensitive (self->box, model != NULL);
  if (model == NULL)
    {
      show_nothing (self);
      g_object_notify_by_pspec (G_OBJECT (self), props[PROP_MODEL]);
      return;
    }
  /* The first GPU until the window restores the user's. */
  if (cuocc_input_model_get_gpu_id (model) == NULL)
    {
      self->gpu_position = GTK_INVALID_LIST_POSITION;
      gtk_drop_down_set_selected (self->gpu_dropdown, 0);
      gpu_selected_cb (self);
    }
  model_changed_cb (self);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_MODEL]);
}

static void
cuocc_input_panel_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  CuoccInputPanel *self = CUOCC_INPUT_PANEL (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      g_value_set_object (value, self->model);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cuocc_input_panel_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  CuoccInputPanel *self = CUOCC_INPUT_PANEL (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      set_model (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* ----- class_init / init ----- */

static void
cuocc_input_panel_class_init (CuoccInputPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cuocc_input_panel_dispose;
  object_class->get_property = cuocc_input_panel_get_property;
  object_class->set_property = cuocc_input_panel_set_property;

  /* What the panel shows and writes: set where the panel is declared (the
   * window's .ui binds it to the window's), replaced or NULL at any time. */
  props[PROP_MODEL] =
    g_param_spec_object ("model", NULL, NULL, CUOCC_TYPE_INPUT_MODEL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, props);

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
  static const CuoccInputKey hinted[] = {
    CUOCC_INPUT_KEY_THREADS, CUOCC_INPUT_KEY_REGS, CUOCC_INPUT_KEY_SMEM, CUOCC_INPUT_KEY_BARRIERS,
    CUOCC_INPUT_KEY_CLUSTER_SIZE, CUOCC_INPUT_KEY_DYNAMIC_SMEM, CUOCC_INPUT_KEY_SMS,
  };

  gtk_widget_init_template (GTK_WIDGET (self));

  self->fields[CUOCC_INPUT_KEY_THREADS] = (CuoccInputField) { self->threads_entry, self->threads_hint };
  self->fields[CUOCC_INPUT_KEY_REGS] = (CuoccInputField) { self->regs_entry, self->regs_hint };
  self->fields[CUOCC_INPUT_KEY_SMEM] = (CuoccInputField) { self->smem_entry, self->smem_hint };
  self->fields[CUOCC_INPUT_KEY_BARRIERS] = (CuoccInputField) { self->barriers_entry, self->barriers_hint };
  self->fields[CUOCC_INPUT_KEY_CLUSTER_SIZE] = (CuoccInputField) { self->cluster_size_entry, self->cluster_size_hint };
  self->fields[CUOCC_INPUT_KEY_DYNAMIC_SMEM] = (CuoccInputField) { self->dynamic_smem_entry, self->dynamic_smem_hint };
  self->fields[CUOCC_INPUT_KEY_CARVEOUT] = (CuoccInputField) { self->carveout_entry, NULL };
  self->fields[CUOCC_INPUT_KEY_SMS] = (CuoccInputField) { self->sms_entry, self->sms_hint };

  for (guint i = 0; i < G_N_ELEMENTS (hinted); i++)
    gtk_accessible_update_relation (GTK_ACCESSIBLE (self->fields[hinted[i]].entry),
                                    GTK_ACCESSIBLE_RELATION_DESCRIBED_BY, self->fields[hinted[i]].hint, NULL,
                                    -1);
  for (guint i = 0; i < CUOCC_N_INPUT_KEYS; i++)
    if (self->fields[i].entry != NULL)
      g_signal_connect (self->fields[i].entry, "changed", G_CALLBACK (field_changed_cb), self);

  _cuocc_input_panel_init_gpu_list (self);

  g_signal_connect_swapped (self->gpu_dropdown, "notify::selected", G_CALLBACK (gpu_selected_cb), self);
  g_signal_connect_swapped (self->smem_config_dropdown, "notify::selected", G_CALLBACK (smem_config_changed_cb), self);
  g_signal_connect_swapped (self->caching_dropdown, "notify::selected", G_CALLBACK (caching_changed_cb), self);
  g_signal_connect_swapped (self->smem_unit_dropdown, "notify::selected", G_CALLBACK (smem_unit_changed_cb), self);

  self->model_signals = g_signal_group_new (CUOCC_TYPE_INPUT_MODEL);
  g_signal_group_connect_swapped (self->model_signals, "changed", G_CALLBACK (model_changed_cb), self);
  self->model_bindings = g_binding_group_new ();
  g_binding_group_bind_full (self->model_bindings, "opt-in-text", self->opt_in_label, "label", G_BINDING_SYNC_CREATE,
                             text_to_label, NULL, NULL, NULL);
  g_binding_group_bind_full (self->model_bindings, "opt-in-text", self->opt_in_label, "visible", G_BINDING_SYNC_CREATE,
                             text_to_visible, NULL, NULL, NULL);
}
