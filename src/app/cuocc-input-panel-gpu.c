/* cuocc-input-panel-gpu.c — the input panel's GPU: the searchable list of
 * products, compute capabilities and custom devices, the line that names
 * the chosen one, and its shared memory configurations.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cuocc-format.h"
#include "cuocc-gpu-choice.h"
#include "cuocc-gpu-search.h"
#include "cuocc-input-panel-private.h"

/* ----- callbacks ----- */

static void
setup_gpu_label_cb (GtkSignalListItemFactory *factory,
                    GtkListItem              *item,
                    gpointer                  user_data)
{
  /* The inputs' column is wide enough for every product's whole name
   * ("NVIDIA GeForce RTX 4070 Ti SU…" names another GPU); only a device
   * file's longer name is cut. A wrapping label would not do: the drop-down
   * lays its item out in a row, which asks a label for its one-line width. */
  gtk_list_item_set_child (item, g_object_new (GTK_TYPE_LABEL, "xalign", 0.0f, "ellipsize", PANGO_ELLIPSIZE_END, NULL));
}

static void
bind_gpu_label_cb (GtkSignalListItemFactory *factory,
                   GtkListItem              *item,
                   gpointer                  user_data)
{
  const char *title = cuocc_gpu_choice_get_title (gtk_list_item_get_item (item));
  GtkWidget *label = gtk_list_item_get_child (item);

  gtk_label_set_label (GTK_LABEL (label), title);
  gtk_widget_set_tooltip_text (label, title);
}

/* ----- shared with the panel ----- */

void
_cuocc_input_panel_init_gpu_list (CuoccInputPanel *self)
{
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (setup_gpu_label_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_gpu_label_cb), NULL);
  gtk_drop_down_set_factory (self->gpu_dropdown, factory);
  cuocc_gpu_search_attach (self->gpu_dropdown);
  self->gpus = cuocc_gpu_choice_list_new ();
  gtk_drop_down_set_model (self->gpu_dropdown, G_LIST_MODEL (self->gpus));
}

void
_cuocc_input_panel_update_cc_label (CuoccInputPanel *self)
{
  const CuoccGpu *gpu = cuocc_input_model_get_gpu (self->model);
  g_autofree char *text = NULL;

  if (gpu == NULL)
    {
      gtk_label_set_label (self->cc_label, cuocc_input_model_get_gpu_error (self->model));
      gtk_widget_add_css_class (GTK_WIDGET (self->cc_label), "error");
      return;
    }

  gtk_widget_remove_css_class (GTK_WIDGET (self->cc_label), "error");

  if (gpu->sm_count > 0)
    /* Translators: e.g. "Compute capability 9.0 · Hopper · 132 SMs" */
    text = g_strdup_printf (ngettext ("Compute capability %d.%d · %s · %d SM",
                                      "Compute capability %d.%d · %s · %d SMs",
                                      gpu->sm_count),
                            gpu->cap.major, gpu->cap.minor,
                            gpu->cap.architecture, gpu->sm_count);
  else
    /* Translators: e.g. "Compute capability 9.0 · Hopper" */
    text = g_strdup_printf (_("Compute capability %d.%d · %s"),
                            gpu->cap.major, gpu->cap.minor,
                            gpu->cap.architecture);

  /* A GPU a kernel chose (the user asked for its architecture) says so. */
  if (cuocc_input_model_get_gpu_origin (self->model) == CUOCC_INPUT_ORIGIN_KERNEL)
    {
      /* Translators: after the GPU's line, e.g. "Compute capability 8.0 · Ampere · chosen for the kernel" */
      char *chosen = g_strdup_printf (_("%s · chosen for the kernel"), text);

      g_free (text);
      text = chosen;
    }

  gtk_label_set_label (self->cc_label, text);
}

void
_cuocc_input_panel_update_smem_configs (CuoccInputPanel *self,
                                        const CuoccGpu  *gpu)
{
  const CuoccCapability *cap = &gpu->cap;
  g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);

  self->n_smem_configs = 0;
  for (int i = 0; i < cap->n_smem_configs && i < CUOCC_MAX_SMEM_CONFIGS; i++)
    {
      g_autofree char *text = cuocc_format_bytes (cap->smem_configs[i]);

      self->smem_configs[self->n_smem_configs++] = cap->smem_configs[i];
      gtk_string_list_append (list, text);
    }

  if (self->n_smem_configs == 0)
    {
      g_autofree char *text = cuocc_format_bytes (cap->smem_per_sm);

      self->smem_configs[self->n_smem_configs++] = cap->smem_per_sm;
      gtk_string_list_append (list, text);
    }

  gtk_drop_down_set_model (self->smem_config_dropdown, G_LIST_MODEL (list));
  gtk_drop_down_set_selected (self->smem_config_dropdown, 0);
  gtk_widget_set_sensitive (GTK_WIDGET (self->smem_config_dropdown), self->n_smem_configs > 1);
}

guint
_cuocc_input_panel_find_gpu (CuoccInputPanel *self,
                             const char      *id)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->gpus));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(CuoccGpuChoice) choice = g_list_model_get_item (G_LIST_MODEL (self->gpus), i);

      if (cuocc_gpu_choice_get_kind (choice) != CUOCC_GPU_CHOICE_LOAD_FILE &&
          g_strcmp0 (cuocc_gpu_choice_get_id (choice), id) == 0)
        return i;
    }

  return GTK_INVALID_LIST_POSITION;
}

/* A custom device goes just above the entry that loads one. */
guint
_cuocc_input_panel_add_custom_gpu (CuoccInputPanel *self,
                                   const char      *path,
                                   const CuoccGpu  *gpu)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->gpus));
  /* Translators: an entry of the GPU list for a device loaded from a file */
  g_autofree char *title = g_strdup_printf (_("Custom: %s"), gpu->name);
  g_autoptr(CuoccGpuChoice) choice = cuocc_gpu_choice_new (CUOCC_GPU_CHOICE_CUSTOM, title, path);

  g_list_store_insert (self->gpus, n - 1, choice);

  return n - 1;
}

/* The id of the list's entry at position, or NULL. The store keeps the
 * choice, and so its id, alive. */
const char *
_cuocc_input_panel_get_listed_id (CuoccInputPanel *self,
                                  guint            position)
{
  g_autoptr(CuoccGpuChoice) choice = NULL;

  if (position == GTK_INVALID_LIST_POSITION)
    return NULL;
  choice = g_list_model_get_item (G_LIST_MODEL (self->gpus), position);
  if (choice == NULL || cuocc_gpu_choice_get_kind (choice) == CUOCC_GPU_CHOICE_LOAD_FILE)
    return NULL;
  return cuocc_gpu_choice_get_id (choice);
}
