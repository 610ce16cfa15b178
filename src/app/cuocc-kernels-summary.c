/* cuocc-kernels-summary.c — a library at a glance: how the kernels that
 * run on the chosen GPU spread over occupancy, how many each resource
 * limits, and the kernels that lose most to one limiter.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * It shows its `kernels` property, a list of CuoccKernelItem, as the items'
 * figures are: the panel binds it in its .ui, with `figures`, which the
 * panel changes each time the figures are worked out anew. Clicks on a bar,
 * a limiter or a kernel are signals; what they filter or choose is the
 * panel's.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cuocc-format.h"
#include "cuocc-name-label.h"
#include "cuocc-kernel-item.h"
#include "cuocc-kernels-summary.h"

/* The kernels the summary names as losing most. */
#define N_LOSERS 5

/* ----- struct ----- */

struct _CuoccKernelsSummary
{
  GtkWidget parent_instance;

  /* template */
  CuoccHistogramView *histogram_view;
  GtkFlowBox *limiter_box;
  GtkLabel *losers_heading;
  GtkBox *losers_box;

  GListModel *kernels;
  GSignalGroup *kernels_signals;
  guint figures;
  char *gpu_name;
  int highlighted_bar;
  CuoccHistogram histogram;
};

/* ----- property enum ----- */

enum {
  PROP_0,
  PROP_KERNELS,
  PROP_FIGURES,
  PROP_GPU_NAME,
  PROP_HIGHLIGHTED_BAR,
  PROP_HAS_KERNELS,
  N_PROPS
};

enum {
  BAR_ACTIVATED,
  LIMITER_ACTIVATED,
  KERNEL_ACTIVATED,
  N_SIGNALS
};

/* ----- type definition ----- */

G_DEFINE_FINAL_TYPE (CuoccKernelsSummary, cuocc_kernels_summary, GTK_TYPE_WIDGET)

static GParamSpec *props[N_PROPS];
static guint signals[N_SIGNALS];

/* ----- helpers ----- */

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

static void limiter_clicked_cb (CuoccKernelsSummary *self,
                                GtkButton           *button);
static void loser_clicked_cb   (CuoccKernelsSummary *self,
                                GtkButton           *button);

static void
show_limiters (CuoccKernelsSummary *self,
               const guint         *limited)
{
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
      g_signal_connect_swapped (button, "clicked", G_CALLBACK (limiter_clicked_cb), self);
      gtk_flow_box_append (self->limiter_box, button);
    }
}

/* The largest losses: what lifting that one limit would give. */
static void
show_losers (CuoccKernelsSummary *self,
             GPtrArray           *losers)
{
  clear_box (GTK_WIDGET (self->losers_box));
  for (guint i = 0; i < MIN (losers->len, N_LOSERS); i++)
    {
      CuoccKernelItem *item = g_ptr_array_index (losers, i);
      const CuoccKernelEval *ev = cuocc_kernel_item_get_eval (item);
      const CuoccKernel *k = cuocc_kernel_item_get_kernel (item);
      /* As the table's kernel cells: the instances of one template differ
       * anywhere in their arguments, so the name is kept whole and wrapped
       * (cut in the middle, the five read alike). */
      g_autofree char *name = cuocc_format_capped (cuocc_kernel_item_get_short_name (item), 200);
      g_autofree char *now = cuocc_format_percent (ev->occupancy);
      g_autofree char *without = cuocc_format_percent (MIN (1.0, ev->occupancy + ev->lost));
      g_autofree char *text = loser_text (ev->lost_to, name, k->arch ? k->arch : "–", now, without);
      GtkWidget *button = gtk_button_new_with_label (text);
      GtkWidget *label = gtk_button_get_child (GTK_BUTTON (button));

      cuocc_name_label_setup (GTK_LABEL (label), 30);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_add_css_class (button, "flat");
      gtk_widget_set_tooltip_text (button, k->name);
      g_object_set_data_full (G_OBJECT (button), "cuocc-item", g_object_ref (item), g_object_unref);
      g_signal_connect_swapped (button, "clicked", G_CALLBACK (loser_clicked_cb), self);
      gtk_box_append (self->losers_box, button);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->losers_heading), losers->len > 0);
}

/* The bars, the limiters' counts and the kernels that lose most, from the
 * entries that run on the GPU, as their figures are now. */
static void
update (CuoccKernelsSummary *self)
{
  guint n = self->kernels != NULL ? g_list_model_get_n_items (self->kernels) : 0;
  guint limited[CUOCC_N_LIMITS] = { 0 };
  g_autoptr(GPtrArray) losers = g_ptr_array_new_with_free_func (g_object_unref);
  gboolean had_kernels = self->histogram.n_kernels > 0;
  CuoccHistogram histogram = { { 0 } };

  for (guint i = 0; i < n; i++)
    {
      CuoccKernelItem *item = g_list_model_get_item (self->kernels, i);
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
  show_limiters (self, limited);
  show_losers (self, losers);
  if (had_kernels != (histogram.n_kernels > 0))
    g_object_notify_by_pspec (G_OBJECT (self), props[PROP_HAS_KERNELS]);
}

/* ----- callbacks ----- */

static void
kernels_changed_cb (CuoccKernelsSummary *self)
{
  update (self);
}

static void
bar_clicked_cb (CuoccKernelsSummary *self,
                guint                bin)
{
  g_signal_emit (self, signals[BAR_ACTIVATED], 0, bin);
}

static void
limiter_clicked_cb (CuoccKernelsSummary *self,
                    GtkButton           *button)
{
  guint bit = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "cuocc-limit-bit"));

  g_signal_emit (self, signals[LIMITER_ACTIVATED], 0, bit);
}

static void
loser_clicked_cb (CuoccKernelsSummary *self,
                  GtkButton           *button)
{
  g_signal_emit (self, signals[KERNEL_ACTIVATED], 0, g_object_get_data (G_OBJECT (button), "cuocc-item"));
}

/* ----- setters ----- */

static void
set_kernels (CuoccKernelsSummary *self,
             GListModel          *kernels)
{
  if (!g_set_object (&self->kernels, kernels))
    return;
  g_signal_group_set_target (self->kernels_signals, kernels);
  update (self);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_KERNELS]);
}

static void
set_figures (CuoccKernelsSummary *self,
             guint                figures)
{
  if (self->figures == figures)
    return;
  self->figures = figures;
  update (self);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_FIGURES]);
}

static void
set_gpu_name (CuoccKernelsSummary *self,
              const char          *name)
{
  if (g_strcmp0 (self->gpu_name, name) == 0)
    return;
  g_free (self->gpu_name);
  self->gpu_name = g_strdup (name);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_GPU_NAME]);
}

static void
set_highlighted_bar (CuoccKernelsSummary *self,
                     int                  bar)
{
  if (self->highlighted_bar == bar)
    return;
  self->highlighted_bar = bar;
  cuocc_histogram_view_set_highlighted (self->histogram_view, bar);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_HIGHLIGHTED_BAR]);
}

/* ----- dispose / finalize ----- */

static void
cuocc_kernels_summary_dispose (GObject *object)
{
  CuoccKernelsSummary *self = CUOCC_KERNELS_SUMMARY (object);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  if (self->kernels_signals != NULL)
    g_signal_group_set_target (self->kernels_signals, NULL);
  g_clear_object (&self->kernels_signals);
  g_clear_object (&self->kernels);
  G_OBJECT_CLASS (cuocc_kernels_summary_parent_class)->dispose (object);
}

static void
cuocc_kernels_summary_finalize (GObject *object)
{
  CuoccKernelsSummary *self = CUOCC_KERNELS_SUMMARY (object);

  g_free (self->gpu_name);
  G_OBJECT_CLASS (cuocc_kernels_summary_parent_class)->finalize (object);
}

/* ----- get/set_property ----- */

static void
cuocc_kernels_summary_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  CuoccKernelsSummary *self = CUOCC_KERNELS_SUMMARY (object);

  switch (prop_id)
    {
    case PROP_KERNELS:
      g_value_set_object (value, self->kernels);
      break;
    case PROP_FIGURES:
      g_value_set_uint (value, self->figures);
      break;
    case PROP_GPU_NAME:
      g_value_set_string (value, self->gpu_name);
      break;
    case PROP_HIGHLIGHTED_BAR:
      g_value_set_int (value, self->highlighted_bar);
      break;
    case PROP_HAS_KERNELS:
      g_value_set_boolean (value, self->histogram.n_kernels > 0);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cuocc_kernels_summary_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  CuoccKernelsSummary *self = CUOCC_KERNELS_SUMMARY (object);

  switch (prop_id)
    {
    case PROP_KERNELS:
      set_kernels (self, g_value_get_object (value));
      break;
    case PROP_FIGURES:
      set_figures (self, g_value_get_uint (value));
      break;
    case PROP_GPU_NAME:
      set_gpu_name (self, g_value_get_string (value));
      break;
    case PROP_HIGHLIGHTED_BAR:
      set_highlighted_bar (self, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* ----- class_init / init ----- */

static void
cuocc_kernels_summary_class_init (CuoccKernelsSummaryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = cuocc_kernels_summary_dispose;
  object_class->finalize = cuocc_kernels_summary_finalize;
  object_class->get_property = cuocc_kernels_summary_get_property;
  object_class->set_property = cuocc_kernels_summary_set_property;

  /* The kernels summed up: CuoccKernelItem, each with its figures. */
  props[PROP_KERNELS] = g_param_spec_object ("kernels", NULL, NULL, G_TYPE_LIST_MODEL, rw);
  /* Changed by the owner of the kernels each time their figures are
   * worked out anew: the summary is worked out again. */
  props[PROP_FIGURES] = g_param_spec_uint ("figures", NULL, NULL, 0, G_MAXUINT, 0, rw);
  /* The GPU the figures are for, which titles an exported histogram. */
  props[PROP_GPU_NAME] = g_param_spec_string ("gpu-name", NULL, NULL, NULL, rw);
  /* The bar drawn as chosen (the table's filter), or -1. */
  props[PROP_HIGHLIGHTED_BAR] =
    g_param_spec_int ("highlighted-bar", NULL, NULL, -1, CUOCC_HISTOGRAM_BINS - 1, -1, rw);
  /* Whether any kernel runs on the GPU: there is something to sum up. */
  props[PROP_HAS_KERNELS] =
    g_param_spec_boolean ("has-kernels", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, props);

  /* A bar was clicked: its index. */
  signals[BAR_ACTIVATED] =
    g_signal_new ("bar-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  /* A limiter's count was clicked: the limiter's bit (CuoccLimit is 1 << bit). */
  signals[LIMITER_ACTIVATED] =
    g_signal_new ("limiter-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  /* One of the kernels that lose most was clicked: its item. */
  signals[KERNEL_ACTIVATED] =
    g_signal_new ("kernel-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, CUOCC_TYPE_KERNEL_ITEM);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/cuocc/Calculator/ui/cuocc-kernels-summary.ui");
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsSummary, histogram_view);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsSummary, limiter_box);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsSummary, losers_heading);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsSummary, losers_box);
  gtk_widget_class_bind_template_callback (widget_class, bar_clicked_cb);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
cuocc_kernels_summary_init (CuoccKernelsSummary *self)
{
  g_type_ensure (CUOCC_TYPE_HISTOGRAM_VIEW);
  gtk_widget_init_template (GTK_WIDGET (self));
  self->highlighted_bar = -1;
  /* The kernels replaced in place (a list the owner refills) are summed up
   * again as a new list is. */
  self->kernels_signals = g_signal_group_new (G_TYPE_LIST_MODEL);
  g_signal_group_connect_swapped (self->kernels_signals, "items-changed", G_CALLBACK (kernels_changed_cb), self);
}

/* ----- public API ----- */

/* Writes the histogram, as drawn, to a .png, .svg, .pdf or .csv file,
 * titled with the GPU and the count. */
gboolean
cuocc_kernels_summary_export_histogram (CuoccKernelsSummary  *self,
                                        const char           *path,
                                        GError              **error)
{
  CuoccHistogram histogram;
  g_autofree char *title = NULL;
  CuoccPlotExportOptions options = { .width = 900, .height = 500 };

  g_return_val_if_fail (CUOCC_IS_KERNELS_SUMMARY (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  histogram = self->histogram;
  /* The same title as `cuocc --import … --plot occupancy` gives. */
  title = g_strdup_printf (_("Kernels by occupancy on %s (%u)"), self->gpu_name ? self->gpu_name : "",
                           histogram.n_kernels);
  histogram.title = title;
  return cuocc_plot_export_histogram (&histogram, &options, path, error);
}
