/* cuocc-kernels-panel-gpus-popover.c — "Compare GPUs": the popover that
 * chooses the GPUs the kernels table compares (issue 27 §3).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A searchable list of the GPU list's GPUs, several checked: the
 * calculator's GPU first (always compared, not in the choice), then those
 * chosen, in their order (a chosen GPU the database no longer has keeps its
 * row), then every other. A toggle sets the panel's choice
 * (cuocc_kernels_panel_set_compare_gpus ()), which the columns and the
 * comparison follow (cuocc-kernels-panel-gpus.c).
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cuocc-gpu-choice.h"
#include "cuocc-kernels-panel-private.h"

/* ----- the popover ----- */

static gboolean
is_chosen (CuoccKernelsPanel *self,
           const char        *id)
{
  return self->gpu_ids != NULL && g_strv_contains ((const char * const *) self->gpu_ids, id);
}

static void
set_ids (CuoccKernelsPanel  *self,
         GPtrArray          *ids)
{
  g_ptr_array_add (ids, NULL);
  cuocc_kernels_panel_set_compare_gpus (self, (const char * const *) ids->pdata);
}

static void
check_toggled_cb (GtkCheckButton    *check,
                  CuoccKernelsPanel *self)
{
  const char *id = g_object_get_data (G_OBJECT (check), "cuocc-gpu-id");
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();
  gboolean active = gtk_check_button_get_active (check);

  if (active == is_chosen (self, id))
    return;
  /* In the order they were chosen: the columns' order. */
  for (guint i = 0; self->gpu_ids != NULL && self->gpu_ids[i] != NULL; i++)
    if (!g_str_equal (self->gpu_ids[i], id))
      g_ptr_array_add (ids, self->gpu_ids[i]);
  if (active)
    g_ptr_array_add (ids, (gpointer) id);
  set_ids (self, ids);
}

static gboolean
row_filter_cb (GtkListBoxRow *row,
               gpointer       user_data)
{
  GtkEditable *search = user_data;
  CuoccGpuChoice *choice = g_object_get_data (G_OBJECT (row), "cuocc-gpu-choice");

  /* The calculator's GPU stays, whatever the search. */
  return choice == NULL || cuocc_gpu_choice_matches (choice, gtk_editable_get_text (search));
}

static void
search_changed_cb (GtkSearchEntry *entry,
                   GtkListBox     *list)
{
  gtk_list_box_invalidate_filter (list);
}

static GtkWidget *
check_row (const char *title,
           const char *subtitle)
{
  GtkWidget *check = gtk_check_button_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *label = gtk_label_new (title);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_box_append (GTK_BOX (box), label);
  if (subtitle != NULL)
    {
      GtkWidget *sub = gtk_label_new (subtitle);

      gtk_label_set_xalign (GTK_LABEL (sub), 0);
      gtk_widget_add_css_class (sub, "caption");
      gtk_widget_add_css_class (sub, "dim-label");
      gtk_box_append (GTK_BOX (box), sub);
    }
  gtk_check_button_set_child (GTK_CHECK_BUTTON (check), box);
  return check;
}

/* The list, made as the popover opens: the calculator's GPU first (always
 * compared), then the GPUs chosen, in their order, then every other GPU of
 * the GPU list. A chosen GPU the database no longer has keeps its row. */
static void
fill_popover (CuoccKernelsPanel *self)
{
  g_autoptr(GListStore) choices = cuocc_gpu_choice_list_new ();
  guint n = g_list_model_get_n_items (G_LIST_MODEL (choices));
  GtkWidget *child;
  GtkWidget *check;
  guint n_chosen = self->gpu_ids != NULL ? g_strv_length (self->gpu_ids) : 0;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->gpus_list))) != NULL)
    gtk_list_box_remove (self->gpus_list, child);
  gtk_editable_set_text (GTK_EDITABLE (self->gpus_search), "");

  if (self->have_gpu)
    {
      /* Translators: the first row of "Compare GPUs": the calculator's GPU, always compared */
      check = check_row (self->gpu.name, _("The calculator’s GPU, always first"));
      gtk_check_button_set_active (GTK_CHECK_BUTTON (check), TRUE);
      gtk_widget_set_sensitive (check, FALSE);
      gtk_list_box_append (self->gpus_list, check);
    }
  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; i < (pass == 0 ? n_chosen : n); i++)
      {
        g_autoptr(CuoccGpuChoice) choice = NULL;
        const char *id, *title;
        GtkWidget *row;

        if (pass == 0)
          {
            /* The chosen, in their order; found in the list or not. */
            id = self->gpu_ids[i];
            for (guint j = 0; j < n && choice == NULL; j++)
              {
                g_autoptr(CuoccGpuChoice) c = g_list_model_get_item (G_LIST_MODEL (choices), j);

                if (g_strcmp0 (cuocc_gpu_choice_get_id (c), id) == 0)
                  choice = g_object_ref (c);
              }
            if (choice == NULL)
              choice = cuocc_gpu_choice_new (CUOCC_GPU_CHOICE_CUSTOM, id, id);
          }
        else
          {
            choice = g_list_model_get_item (G_LIST_MODEL (choices), i);
            id = cuocc_gpu_choice_get_id (choice);
            if (cuocc_gpu_choice_get_kind (choice) == CUOCC_GPU_CHOICE_LOAD_FILE ||
                cuocc_gpu_choice_get_kind (choice) == CUOCC_GPU_CHOICE_DETECTED || id == NULL ||
                is_chosen (self, id))
              continue;
          }
        title = cuocc_gpu_choice_get_title (choice);
        if (self->have_gpu && g_str_equal (title, self->gpu.name))
          continue;
        {
          CuoccGpu gpu = { 0 };
          g_autofree char *subtitle = NULL;

          gboolean found = cuocc_gpu_resolve_id (id, &gpu, NULL);

          if (found && gpu.sm_count > 0)
            /* Translators: under a GPU's name in "Compare GPUs", e.g. "Compute capability 8.9, 128 SMs" */
            subtitle = g_strdup_printf (_("Compute capability %d.%d, %d SMs"), gpu.cap.major, gpu.cap.minor,
                                        gpu.sm_count);
          else if (!found)
            subtitle = g_strdup (_("Not found: left out of the table"));
          check = check_row (title, subtitle);
        }
        gtk_check_button_set_active (GTK_CHECK_BUTTON (check), pass == 0);
        g_object_set_data_full (G_OBJECT (check), "cuocc-gpu-id", g_strdup (id), g_free);
        g_signal_connect (check, "toggled", G_CALLBACK (check_toggled_cb), self);
        gtk_list_box_append (self->gpus_list, check);
        row = gtk_widget_get_parent (check);
        g_object_set_data_full (G_OBJECT (row), "cuocc-gpu-choice", g_steal_pointer (&choice), g_object_unref);
      }
}

static void
popover_show_cb (CuoccKernelsPanel *self)
{
  fill_popover (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->gpus_search));
}

static void
clear_clicked_cb (CuoccKernelsPanel *self)
{
  cuocc_kernels_panel_set_compare_gpus (self, NULL);
  fill_popover (self);
}

/* ----- shared with the panel ----- */

/* The popover of the "Compare GPUs" button; once, from the panel's init. */
void
_cuocc_kernels_panel_init_gpus_popover (CuoccKernelsPanel *self)
{
  GtkWidget *popover = gtk_popover_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *heading = gtk_label_new (_("Compare GPUs"));
  GtkWidget *scroll = gtk_scrolled_window_new ();
  GtkWidget *clear = gtk_button_new_with_mnemonic (_("_Compare None"));

  gtk_widget_add_css_class (heading, "heading");
  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_box_append (GTK_BOX (box), heading);
  self->gpus_search = GTK_SEARCH_ENTRY (gtk_search_entry_new ());
  /* GTK 4.8's search entry has no placeholder call (4.10's); its property is there. */
  g_object_set (self->gpus_search, "placeholder-text", _("Search GPUs"), NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->gpus_search), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Search GPUs"), -1);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->gpus_search));
  self->gpus_list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->gpus_list, GTK_SELECTION_NONE);
  gtk_list_box_set_filter_func (self->gpus_list, row_filter_cb, self->gpus_search, NULL);
  gtk_widget_add_css_class (GTK_WIDGET (self->gpus_list), "boxed-list");
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroll), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroll), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroll), 360);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroll), GTK_WIDGET (self->gpus_list));
  gtk_widget_set_size_request (scroll, 300, -1);
  gtk_box_append (GTK_BOX (box), scroll);
  gtk_widget_set_halign (clear, GTK_ALIGN_END);
  gtk_box_append (GTK_BOX (box), clear);
  gtk_popover_set_child (GTK_POPOVER (popover), box);
  gtk_menu_button_set_popover (self->gpus_button, popover);

  g_signal_connect (self->gpus_search, "search-changed", G_CALLBACK (search_changed_cb), self->gpus_list);
  g_signal_connect_swapped (popover, "show", G_CALLBACK (popover_show_cb), self);
  g_signal_connect_swapped (clear, "clicked", G_CALLBACK (clear_clicked_cb), self);
}
