/* cuocc-kernels-panel-summary.c — a library at a glance: how the kernels
 * that run on the chosen GPU spread over occupancy, how many each resource
 * limits, and the kernels that lose most to one limiter. Clicking a bar or
 * a limiter filters the table.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cuocc-compat.h"
#include "cuocc-format.h"
#include "cuocc-kernels-panel-private.h"
#include "cuocc-testing.h"

/* The kernels the summary names as losing most. */
#define N_LOSERS 5

static const CuoccFileFilter histogram_filters[] = {
  { N_("PNG image"), { "*.png", NULL } },
  { N_("SVG image"), { "*.svg", NULL } },
  { N_("PDF document"), { "*.pdf", NULL } },
  { N_("CSV table"), { "*.csv", NULL } },
};

/* A kernel that loses occupancy to one limiter, as a sentence: the
 * limiter's name in the middle of it is lower case (a title such as
 * "Registers" read "without the Registers limit"), so one whole sentence
 * a limiter, for the translators. */
static char *
loser_text (CuoccLimit  limit,
            const char *name,
            const char *arch,
            const char *now,
            const char *without)
{
  switch (limit)
    {
    case CUOCC_LIMIT_WARPS:
      /* Translators: a kernel that loses occupancy to one limiter, e.g.
         "heavy (sm_89): 50 %, 100 % without the warps limit" */
      return g_strdup_printf (_("%s (%s): %s, %s without the warps limit"), name, arch, now, without);
    case CUOCC_LIMIT_REGISTERS:
      /* Translators: e.g. "heavy (sm_89): 50 %, 100 % without the registers limit" */
      return g_strdup_printf (_("%s (%s): %s, %s without the registers limit"), name, arch, now, without);
    case CUOCC_LIMIT_SHARED_MEMORY:
      /* Translators: e.g. "heavy (sm_89): 50 %, 100 % without the shared memory limit" */
      return g_strdup_printf (_("%s (%s): %s, %s without the shared memory limit"), name, arch, now, without);
    case CUOCC_LIMIT_BLOCKS:
      /* Translators: e.g. "heavy (sm_89): 50 %, 100 % without the blocks limit" */
      return g_strdup_printf (_("%s (%s): %s, %s without the blocks limit"), name, arch, now, without);
    case CUOCC_LIMIT_BARRIERS:
    default:
      /* Translators: e.g. "heavy (sm_89): 50 %, 100 % without the barriers limit" */
      return g_strdup_printf (_("%s (%s): %s, %s without the barriers limit"), name, arch, now, without);
    }
}

/* ----- helpers ----- */

static void
clear_box (GtkWidget *box)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (box)) != NULL)
    {
      if (GTK_IS_FLOW_BOX (box))
        gtk_flow_box_remove (GTK_FLOW_BOX (box), child);
      else
        gtk_box_remove (GTK_BOX (box), child);
    }
}

static void
limiter_clicked_cb (GtkButton         *button,
                    CuoccKernelsPanel *self)
{
  guint bit = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "cuocc-limit-bit"));
  guint choice = bit + 1;

  /* Again: every limiter. */
  gtk_drop_down_set_selected (self->limiter_dropdown,
                              gtk_drop_down_get_selected (self->limiter_dropdown) == choice ? LIMITER_ANY : choice);
}

static void
loser_clicked_cb (GtkButton         *button,
                  CuoccKernelsPanel *self)
{
  CuoccKernelItem *item = g_object_get_data (G_OBJECT (button), "cuocc-item");
  GListModel *shown = cuocc_kernels_panel_get_shown (self);

  for (guint i = 0; i < g_list_model_get_n_items (shown); i++)
    {
      g_autoptr(CuoccKernelItem) other = g_list_model_get_item (shown, i);

      if (other == item)
        {
          cuocc_kernels_panel_choose (self, i);
          return;
        }
    }
}

/* Keeps the N_LOSERS items that lose most, most first, an earlier row
 * before a later one that loses as much (what a stable sort of all would
 * give): tens of thousands of rows lose something, five are shown. Takes
 * the item. */
static void
keep_loser (GPtrArray       *losers,
            CuoccKernelItem *item)
{
  double lost = cuocc_kernel_item_get_eval (item)->lost;
  guint at = losers->len;

  while (at > 0 && cuocc_kernel_item_get_eval (g_ptr_array_index (losers, at - 1))->lost < lost)
    at--;
  if (at >= N_LOSERS)
    {
      g_object_unref (item);
      return;
    }
  g_ptr_array_insert (losers, (int) at, item);
  if (losers->len > N_LOSERS)
    g_ptr_array_remove_index (losers, losers->len - 1);
}

static void
export_chosen_cb (GObject  *owner,
                  GFile    *file,
                  gpointer  user_data)
{
  CuoccKernelsPanel *self = CUOCC_KERNELS_PANEL (user_data);
  g_autofree char *path = g_file_get_path (file);
  g_autoptr(GError) error = NULL;

  if (path == NULL)
    g_set_error_literal (&error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, _("Only local files can be written."));
  else
    cuocc_kernels_panel_export_histogram (self, path, &error);
  g_signal_emit_by_name (self, "histogram-exported", path, error);
}

/* ----- shared with the panel ----- */

void
_cuocc_kernels_panel_export_histogram_cb (CuoccKernelsPanel *self)
{
  const CuoccFileDialogSpec spec = {
    CUOCC_FILE_DIALOG_SAVE, _("Export the Histogram"), _("kernels-by-occupancy.png"),
    histogram_filters, G_N_ELEMENTS (histogram_filters)
  };
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  cuocc_compat_file_dialog_run (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, &spec, export_chosen_cb,
                                g_object_ref (self), g_object_unref);
}

/* The summary of the rows as worked out now: the bars, the limiters' counts
 * and the kernels that lose most, from the entries that run on the GPU. */
void
_cuocc_kernels_panel_update_summary (CuoccKernelsPanel *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->store));
  guint limited[CUOCC_N_LIMITS] = { 0 };
  g_autoptr(GPtrArray) losers = g_ptr_array_new_with_free_func (g_object_unref);
  CuoccHistogram histogram = { { 0 } };

  for (guint i = 0; i < n; i++)
    {
      CuoccKernelItem *item = g_list_model_get_item (G_LIST_MODEL (self->store), i);
      const CuoccKernelEval *ev = cuocc_kernel_item_get_eval (item);

      if (ev->occupancy < 0)
        {
          g_object_unref (item);
          continue;
        }
      cuocc_histogram_add (&histogram, ev->occupancy);
      for (int bit = 0; bit < CUOCC_N_LIMITS; bit++)
        limited[bit] += (ev->limiters & (1u << bit)) != 0;
      if (ev->lost > 0)
        keep_loser (losers, item);
      else
        g_object_unref (item);
    }
  self->histogram = histogram;
  cuocc_histogram_view_set_histogram (self->histogram_view, &histogram);
  gtk_widget_set_visible (GTK_WIDGET (self->summary_expander), histogram.n_kernels > 0);

  clear_box (GTK_WIDGET (self->limiter_box));
  for (int bit = 0; bit < CUOCC_N_LIMITS; bit++)
    {
      g_autofree char *count = NULL;
      g_autofree char *label = NULL;
      GtkWidget *button;

      if (limited[bit] == 0)
        continue;
      count = cuocc_format_count (limited[bit]);
      /* Translators: a limiter and how many kernels it limits, e.g. "Registers: 1,203" */
      label = g_strdup_printf (_("%s: %s"), cuocc_limit_title (1u << bit), count);
      button = gtk_button_new_with_label (label);
      gtk_widget_add_css_class (button, "pill");
      gtk_widget_add_css_class (button, "small");
      g_object_set_data (G_OBJECT (button), "cuocc-limit-bit", GUINT_TO_POINTER (bit));
      g_signal_connect (button, "clicked", G_CALLBACK (limiter_clicked_cb), self);
      gtk_flow_box_append (self->limiter_box, button);
    }

  /* The largest losses: what lifting that one limit would give. */
  clear_box (GTK_WIDGET (self->losers_box));
  for (guint i = 0; i < MIN (losers->len, N_LOSERS); i++)
    {
      CuoccKernelItem *item = g_ptr_array_index (losers, i);
      const CuoccKernelEval *ev = cuocc_kernel_item_get_eval (item);
      /* As the table's kernel cells: the instances of one template differ
       * anywhere in their arguments, so the name is kept whole and wrapped
       * (cut in the middle, the five read alike). */
      g_autofree char *name = cuocc_format_capped (cuocc_kernel_item_get_short_name (item), 200);
      g_autofree char *now = cuocc_format_percent (ev->occupancy);
      g_autofree char *without = cuocc_format_percent (MIN (1.0, ev->occupancy + ev->lost));
      g_autofree char *text = loser_text (ev->lost_to, name,
                                          cuocc_kernel_item_get_kernel (item)->arch ?
                                          cuocc_kernel_item_get_kernel (item)->arch : "–",
                                          now, without);
      GtkWidget *button = gtk_button_new_with_label (text);
      GtkWidget *label = gtk_button_get_child (GTK_BUTTON (button));

      _cuocc_kernels_panel_setup_name_label (GTK_LABEL (label), 30);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_add_css_class (button, "flat");
      gtk_widget_set_tooltip_text (button, cuocc_kernel_item_get_kernel (item)->name);
      g_object_set_data_full (G_OBJECT (button), "cuocc-item", g_object_ref (item), g_object_unref);
      g_signal_connect (button, "clicked", G_CALLBACK (loser_clicked_cb), self);
      gtk_box_append (self->losers_box, button);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->losers_heading), losers->len > 0);
}

/* ----- public API ----- */

/* Writes the summary's histogram, as drawn, to a .png, .svg, .pdf or .csv
 * file, titled with the GPU and the count. */
gboolean
cuocc_kernels_panel_export_histogram (CuoccKernelsPanel  *self,
                                      const char         *path,
                                      GError            **error)
{
  CuoccHistogram histogram;
  g_autofree char *title = NULL;
  CuoccPlotExportOptions options = { .width = 900, .height = 500 };

  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  histogram = self->histogram;
  /* The same title as `cuocc --import … --plot occupancy` gives. */
  title = g_strdup_printf (_("Kernels by occupancy on %s (%u)"), self->gpu.name, histogram.n_kernels);
  histogram.title = title;
  return cuocc_plot_export_histogram (&histogram, &options, path, error);
}

/* What the summary counts now, for the tests. */
const CuoccHistogram *
cuocc_kernels_panel_get_histogram (CuoccKernelsPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), NULL);

  return &self->histogram;
}

CuoccHistogramView *
cuocc_kernels_panel_get_histogram_view (CuoccKernelsPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), NULL);

  return self->histogram_view;
}

GtkWidget *
cuocc_kernels_panel_get_summary (CuoccKernelsPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), NULL);

  return GTK_WIDGET (self->summary_expander);
}

/* The text of the summary's n-th kernel that loses most, or NULL. */
const char *
cuocc_kernels_panel_get_loser_text (CuoccKernelsPanel *self,
                                    guint              n)
{
  GtkWidget *child;

  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), NULL);

  for (child = gtk_widget_get_first_child (GTK_WIDGET (self->losers_box)); child != NULL && n > 0;
       child = gtk_widget_get_next_sibling (child))
    n--;
  return child != NULL ? gtk_button_get_label (GTK_BUTTON (child)) : NULL;
}
