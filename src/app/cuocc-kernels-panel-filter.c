/* cuocc-kernels-panel-filter.c — the kernels table's filters and search:
 * which rows pass (architecture, limiter, "occupancy below", the summary's
 * bar, what changed, the search's words), the page the table's place shows
 * and the count under it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "cuocc-format.h"
#include "cuocc-kernel-item.h"
#include "cuocc-kernels-panel-private.h"
#include "cuocc-testing.h"

static gboolean arch_hides (CuoccKernelsPanel *self);
static void     refilter   (CuoccKernelsPanel *self);

void
_cuocc_kernels_panel_update_list_page (CuoccKernelsPanel *self)
{
  guint total = self->store ? g_list_model_get_n_items (G_LIST_MODEL (self->store)) : 0;
  guint shown = g_list_model_get_n_items (G_LIST_MODEL (self->shown));
  g_autofree char *count = NULL;
  g_autofree char *shown_text = NULL;
  g_autofree char *total_text = NULL;

  if (self->pulse_id != 0)
    gtk_stack_set_visible_child_name (self->list_stack, "loading");
  else if (total == 0)
    gtk_stack_set_visible_child_name (self->list_stack, "empty");
  else if (shown == 0)
    gtk_stack_set_visible_child_name (self->list_stack, "no-match");
  else
    gtk_stack_set_visible_child_name (self->list_stack, "list");

  /* Nothing runs on the GPU: say so, and offer every architecture; not
   * when the other filters (a limiter, "occupancy below", the search) let
   * nothing through on any architecture. */
  {
    gboolean gpu_hides = total > 0 && shown == 0 && self->gpu_major > 0 &&
                         gtk_drop_down_get_selected (self->arch_dropdown) == ARCH_LOADED && arch_hides (self);
    g_autofree char *why = NULL;

    if (gpu_hides)
      /* Translators: the empty table's page, e.g. "None of the shown entries runs on compute capability 9.0." */
      why = g_strdup_printf (_("None of the entries the filters let through runs on compute capability %d.%d."),
                             self->gpu_major, self->gpu_minor);
    adw_status_page_set_description (self->no_match_page, why);
    gtk_widget_set_visible (self->show_all_button, gpu_hides);
  }

  gtk_widget_set_sensitive (GTK_WIDGET (self->search_entry), total > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->count_label), total > 0);
  gtk_widget_set_visible (self->count_box, total > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->block_label), total > 0 && self->threads > 0);
  if (self->threads > 0)
    {
      g_autofree char *threads = cuocc_format_count (self->threads);
      /* Translators: below the kernels table: the block size of the kernels that declare none (no
       * __launch_bounds__), the one typed in the inputs, e.g. "undeclared: 256 threads" */
      g_autofree char *text = g_strdup_printf (ngettext ("undeclared: %s thread", "undeclared: %s threads",
                                                         self->threads), threads);

      gtk_label_set_label (self->block_label, text);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->block_label),
                                   _("The block size of the kernels that declare none: the one you typed, whichever "
                                     "kernel is chosen"));
    }
  if (total == 0)
    return;

  shown_text = cuocc_format_count (shown);
  total_text = cuocc_format_count (total);
  if (shown == total)
    /* Translators: e.g. "36,621 kernels"; the number is formatted */
    count = g_strdup_printf (ngettext ("%s kernel", "%s kernels", total), total_text);
  else
    /* Translators: e.g. "1,742 of 36,621 kernels"; the numbers are formatted */
    count = g_strdup_printf (ngettext ("%s of %s kernel", "%s of %s kernels", total), shown_text, total_text);

  if (self->truncated)
    {
      /* Translators: appended to the count when a log holds more kernels than are read */
      g_autofree char *more = g_strdup_printf (_("%s (the log holds more)"), count);

      g_free (count);
      count = g_steal_pointer (&more);
    }

  gtk_label_set_label (self->count_label, count);
}

/* Whether the row passes the filters; those but the architecture's when
 * check_arch is FALSE. */
static gboolean
row_passes (CuoccKernelsPanel *self,
            CuoccKernelItem   *item,
            gboolean           check_arch)
{
  const CuoccKernel *k = cuocc_kernel_item_get_kernel (item);
  guint arch = gtk_drop_down_get_selected (self->arch_dropdown);

  const CuoccKernelEval *ev = cuocc_kernel_item_get_eval (item);
  guint limiter = gtk_drop_down_get_selected (self->limiter_dropdown);
  double below = gtk_spin_button_get_value (self->below_spin);

  /* Comparing GPUs, "One row a kernel" (_cuocc_kernels_panel_gpus_pass ()). */
  if (check_arch && arch == ARCH_LOADED && !_cuocc_kernels_panel_comparing (self) && k->loaded != CUOCC_LOAD_YES &&
      k->loaded != CUOCC_LOAD_UNKNOWN)
    return FALSE;
  if (!_cuocc_kernels_panel_gpus_pass (self, item, check_arch))
    return FALSE;
  if (check_arch && arch >= N_ARCH_CHOICES && arch != GTK_INVALID_LIST_POSITION &&
      g_strcmp0 (k->arch, gtk_string_list_get_string (self->arches, arch)) != 0)
    return FALSE;
  if (limiter != LIMITER_ANY && limiter != GTK_INVALID_LIST_POSITION &&
      (ev->occupancy < 0 || !(ev->limiters & (1u << (limiter - 1)))))
    return FALSE;
  /* Below 100 %: the kernels worked out on the GPU whose occupancy is less. */
  if (below < 100 && (ev->occupancy < 0 || ev->occupancy * 100.0 >= below))
    return FALSE;
  if (self->bin >= 0 && (ev->occupancy < 0 || (int) cuocc_histogram_bin (ev->occupancy) != self->bin))
    return FALSE;
  if (gtk_toggle_button_get_active (self->changed_toggle) &&
      cuocc_kernel_item_get_change (item, NULL) == CUOCC_KERNEL_SAME)
    return FALSE;
  return cuocc_kernel_item_matches (item, (const char * const *) self->words);
}

gboolean
_cuocc_kernels_panel_filter_func (gpointer item,
                                  gpointer user_data)
{
  return row_passes (user_data, item, TRUE);
}

/* Whether some row passes every filter but the architecture's: only then
 * is it the GPU that hides them. */
static gboolean
arch_hides (CuoccKernelsPanel *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->store));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (G_LIST_MODEL (self->store), i);

      if (row_passes (self, item, FALSE))
        return TRUE;
    }
  return FALSE;
}

/* What the search looks for: each word anywhere in the name (or the
 * mangled name, or the architecture), in any order; text in double quotes
 * as typed, spaces and all ("globalKernel<8, 32" finds that instance, not
 * every globalKernel), its closing quote optional. */
static char **
search_words (const char *folded)
{
  g_autoptr(GPtrArray) words = g_ptr_array_new ();
  const char *p = folded;

  while (*p != '\0')
    {
      const char *end;

      if (*p == ' ' || *p == '\t')
        {
          p++;
          continue;
        }
      if (*p == '"')
        {
          end = strchr (p + 1, '"');
          if (end == NULL)
            end = p + strlen (p);
          if (end > p + 1)
            g_ptr_array_add (words, g_strndup (p + 1, end - p - 1));
          p = *end == '"' ? end + 1 : end;
          continue;
        }
      end = p + strcspn (p, " \t\"");
      g_ptr_array_add (words, g_strndup (p, end - p));
      p = end;
    }
  g_ptr_array_add (words, NULL);
  return (char **) g_ptr_array_free (g_steal_pointer (&words), FALSE);
}

static void
search_changed_cb (CuoccKernelsPanel *self)
{
  g_autofree char *folded = g_utf8_casefold (gtk_editable_get_text (GTK_EDITABLE (self->search_entry)), -1);

  g_strfreev (self->words);
  self->words = search_words (folded);
  refilter (self);
}

/* Enter in the search chooses the first kernel it shows. */
static void
search_activate_cb (CuoccKernelsPanel *self)
{
  /* Enter may come before the entry's delayed search. */
  search_changed_cb (self);
  if (g_list_model_get_n_items (G_LIST_MODEL (self->shown)) > 0)
    cuocc_kernels_panel_choose (self, 0);
}

static void
stop_search_cb (CuoccKernelsPanel *self)
{
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
}

static void
arch_changed_cb (CuoccKernelsPanel *self)
{
  if (self->arches == NULL)
    return;
  refilter (self);
}

void
_cuocc_kernels_panel_show_all_cb (CuoccKernelsPanel *self)
{
  gtk_drop_down_set_selected (self->arch_dropdown, ARCH_ALL);
}

/* The summary's bar the table is filtered to, or -1: the summary shows it
 * through the panel's "bar". */
void
_cuocc_kernels_panel_set_bar (CuoccKernelsPanel *self,
                              int                bar)
{
  if (self->bin == bar)
    return;
  self->bin = bar;
  g_object_notify (G_OBJECT (self), "bar");
}

/* A bar of the summary shows its kernels; the same bar again shows all. */
void
_cuocc_kernels_panel_summary_bar_cb (CuoccKernelsPanel *self,
                                     guint              bar)
{
  _cuocc_kernels_panel_set_bar (self, self->bin == (int) bar ? -1 : (int) bar);
  refilter (self);
}

/* A limiter of the summary shows its kernels; the same one again shows
 * every limiter's. */
void
_cuocc_kernels_panel_summary_limiter_cb (CuoccKernelsPanel *self,
                                         guint              bit)
{
  guint choice = bit + 1;

  gtk_drop_down_set_selected (self->limiter_dropdown,
                              gtk_drop_down_get_selected (self->limiter_dropdown) == choice ? LIMITER_ANY : choice);
}

static void
filters_changed_cb (CuoccKernelsPanel *self)
{
  refilter (self);
}


/* Filters the list again, keeping the chosen kernel selected, and shows
 * the first rows, as a new order does: GTK keeps the scroll position, so
 * that after a filter was cleared the table stayed mid-list, the first rows
 * of its order out of sight, and a sort looked broken (issue 29). Only the
 * user's filters come here, not a new GPU or block size. */
static void
refilter (CuoccKernelsPanel *self)
{
  self->selecting = TRUE;
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
  self->selecting = FALSE;
  _cuocc_kernels_panel_select_chosen (self);
  _cuocc_kernels_panel_update_list_page (self);
  _cuocc_kernels_panel_scroll_to_top (self);
}

void
_cuocc_kernels_panel_update_arches (CuoccKernelsPanel *self)
{
  g_autoptr(GPtrArray) arches = g_ptr_array_new ();
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->store));
  guint old = g_list_model_get_n_items (G_LIST_MODEL (self->arches));
  /* A read lists them in its thread (cuocc-kernel-loader.c). */
  const char * const *listed = g_object_get_data (G_OBJECT (self->store), "cuocc-arches");

  for (guint i = 0; listed != NULL && listed[i] != NULL; i++)
    g_ptr_array_add (arches, (gpointer) listed[i]);
  for (guint i = 0; listed == NULL && i < n; i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (G_LIST_MODEL (self->store), i);
      const char *arch = cuocc_kernel_item_get_kernel (item)->arch;

      if (arch != NULL && !g_ptr_array_find_with_equal_func (arches, arch, g_str_equal, NULL))
        g_ptr_array_add (arches, (gpointer) arch);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->arch_dropdown), arches->len > 1);
  g_ptr_array_add (arches, NULL);
  if (gtk_drop_down_get_selected (self->arch_dropdown) >= N_ARCH_CHOICES)
    gtk_drop_down_set_selected (self->arch_dropdown, ARCH_ALL);
  gtk_string_list_splice (self->arches, N_ARCH_CHOICES, old - N_ARCH_CHOICES, (const char * const *) arches->pdata);
}

gboolean
cuocc_kernels_panel_export_histogram (CuoccKernelsPanel  *self,
                                      const char         *path,
                                      GError            **error)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), FALSE);

  return cuocc_kernels_summary_export_histogram (self->summary, path, error);
}

/* The filters' choices; their and the search's widgets filter the table as
 * they change. */
void
_cuocc_kernels_panel_connect_filters (CuoccKernelsPanel *self)
{
  g_autoptr(GtkStringList) limiters = NULL;

  {
    const char *choices[] = { _("All architectures"), _("Loaded on this GPU"), NULL };

    self->arches = gtk_string_list_new (choices);
    gtk_drop_down_set_model (self->arch_dropdown, G_LIST_MODEL (self->arches));
    g_object_unref (self->arches);
    /* What runs on the chosen GPU is what a user asks about first: an
     * sm_35 entry beside the sm_90 one is noise on an H100. */
    gtk_drop_down_set_selected (self->arch_dropdown, ARCH_LOADED);
  }
  limiters = gtk_string_list_new (NULL);
  gtk_string_list_append (limiters, _("Any limiter"));
  for (int bit = 0; bit < CUOCC_N_LIMITS; bit++)
    {
      /* Translators: a filter, e.g. "Limited by Registers" */
      g_autofree char *text = g_strdup_printf (_("Limited by %s"), cuocc_limit_title (1u << bit));

      gtk_string_list_append (limiters, text);
    }
  gtk_drop_down_set_model (self->limiter_dropdown, G_LIST_MODEL (limiters));

  g_signal_connect_swapped (self->search_entry, "search-changed", G_CALLBACK (search_changed_cb), self);
  g_signal_connect_swapped (self->search_entry, "activate", G_CALLBACK (search_activate_cb), self);
  g_signal_connect_swapped (self->search_entry, "stop-search", G_CALLBACK (stop_search_cb), self);
  g_signal_connect_swapped (self->arch_dropdown, "notify::selected", G_CALLBACK (arch_changed_cb), self);
  g_signal_connect_swapped (self->limiter_dropdown, "notify::selected", G_CALLBACK (filters_changed_cb), self);
  g_signal_connect_swapped (self->below_spin, "value-changed", G_CALLBACK (filters_changed_cb), self);
  g_signal_connect_swapped (self->changed_toggle, "toggled", G_CALLBACK (filters_changed_cb), self);
}

/* Puts the keyboard in the search, its text selected (Ctrl+F). */
void
cuocc_kernels_panel_focus_search (CuoccKernelsPanel *self)
{
  g_return_if_fail (CUOCC_IS_KERNELS_PANEL (self));

  gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
  gtk_editable_select_region (GTK_EDITABLE (self->search_entry), 0, -1);
}
