/* cuocc-kernels-panel.c — the kernels read from a build log or a profile.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The list shown changes only when a read succeeds (cuocc-kernel-loader.c),
 * so a bad file leaves the list and the chosen kernel as they were.
 */
#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "cuocc-format.h"
#include "cuocc-kernel-item.h"
#include "cuocc-kernel-loader.h"
#include "cuocc-kernels-panel.h"

/* The CLI's tolerance for the profiler's figure, which has two decimals. */
#define AGREEMENT_TOLERANCE 0.01
/* What a label shows of a kernel's name: more than any screen, less than
 * what Pango lays out slowly. */
#define DETAILS_NAME_MAX_CHARS 600
#define LIST_NAME_MAX_CHARS 200

/* ----- struct ----- */

struct _CuoccKernelsPanel
{
  GtkWidget parent_instance;

  /* template */
  GtkWidget *box;
  GtkLabel *source_label;
  GtkSpinner *spinner;
  GtkSearchEntry *search_entry;
  GtkStack *list_stack;
  GtkListView *list_view;
  GtkLabel *count_label;
  GtkWidget *details_separator;
  GtkWidget *details_box;
  GtkLabel *name_label;
  GtkLabel *figures_label;
  GtkWidget *spill_box;
  GtkLabel *spill_label;
  GtkLabel *profiler_label;

  GListStore *store;
  GtkCustomFilter *filter;
  GtkFilterListModel *shown;
  GtkSingleSelection *selection;
  char **words;                    /* the search, case-folded */
  gboolean selecting;

  CuoccKernelItem *chosen;
  double comparison;               /* cuocc's occupancy in percent for the profiled launch, or < 0 */

  CuoccKernelLoader *loader;
  gboolean truncated;
  char *pending_key;               /* the kernel to choose when the log is read */
};

/* ----- type definition ----- */

G_DEFINE_FINAL_TYPE (CuoccKernelsPanel, cuocc_kernels_panel, GTK_TYPE_WIDGET)

enum {
  KERNEL_CHOSEN,
  KERNEL_RESTORED,
  IMPORT_FAILED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ----- helpers ----- */

/* "sm_80 · 32 regs · 9 KiB smem · 1 bar", the figures a row has room for. */
static char *
row_summary (const CuoccKernel *k)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);

  g_ptr_array_add (parts, g_strdup (k->arch ? k->arch : _("no architecture")));
  if (k->regs >= 0)
    /* Translators: registers per thread, short, e.g. "32 regs" */
    g_ptr_array_add (parts, g_strdup_printf (ngettext ("%d reg", "%d regs", k->regs), k->regs));
  if (k->smem > 0)
    {
      g_autofree char *size = cuocc_format_bytes (k->smem);

      /* Translators: shared memory per block, short, e.g. "9 KiB smem" */
      g_ptr_array_add (parts, g_strdup_printf (_("%s smem"), size));
    }
  if (k->barriers > 0)
    /* Translators: barriers per block, short, e.g. "2 bar" */
    g_ptr_array_add (parts, g_strdup_printf (_("%d bar"), k->barriers));
  g_ptr_array_add (parts, NULL);

  return g_strjoinv (" · ", (char **) parts->pdata);
}

static char *
details_summary (const CuoccKernel *k)
{
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);

  if (k->arch != NULL)
    /* Translators: e.g. "Architecture sm_80 (compute capability 8.0)" */
    g_ptr_array_add (lines, g_strdup_printf (_("Architecture %s (compute capability %d.%d)"),
                                             k->arch, k->cc_major, k->cc_minor));
  else if (k->cc_major > 0)
    g_ptr_array_add (lines, g_strdup_printf (_("Compute capability %d.%d"), k->cc_major, k->cc_minor));
  if (k->regs >= 0)
    g_ptr_array_add (lines, g_strdup_printf (ngettext ("%d register per thread", "%d registers per thread", k->regs),
                                             k->regs));
  if (k->smem >= 0)
    {
      g_autofree char *size = cuocc_format_bytes (k->smem);

      g_ptr_array_add (lines, g_strdup_printf (_("%s static shared memory per block"), size));
    }
  if (k->dynamic_smem > 0)
    {
      g_autofree char *size = cuocc_format_bytes (k->dynamic_smem);

      g_ptr_array_add (lines, g_strdup_printf (_("%s dynamic shared memory per block"), size));
    }
  if (k->barriers >= 0)
    g_ptr_array_add (lines, g_strdup_printf (ngettext ("%d barrier", "%d barriers", k->barriers), k->barriers));
  if (k->stack > 0)
    {
      g_autofree char *size = cuocc_format_bytes (k->stack);

      g_ptr_array_add (lines, g_strdup_printf (_("%s stack frame per thread"), size));
    }
  g_ptr_array_add (lines, NULL);

  return g_strjoinv ("\n", (char **) lines->pdata);
}

static char *
spill_text (const CuoccKernel *k)
{
  g_autofree char *stores = cuocc_format_bytes (MAX (k->spill_stores, 0));
  g_autofree char *loads = cuocc_format_bytes (MAX (k->spill_loads, 0));

  /* Translators: e.g. "Spills registers to local memory: 2,076 bytes of spill stores and 2,344 bytes of
     spill loads in the compiled code …" */
  return g_strdup_printf (_("Spills registers to local memory: %s of spill stores and %s of spill loads in "
                            "the compiled code (the sizes of those instructions, not bytes per thread). "
                            "More registers per thread would spill less; the Tuning page shows what "
                            "occupancy remains."), stores, loads);
}

/* What Nsight Compute saw, beside what cuocc works out for the same launch. */
static char *
profiler_text (CuoccKernelsPanel *self,
               gboolean          *disagrees)
{
  const CuoccKernel *k = cuocc_kernel_item_get_kernel (self->chosen);
  g_autofree char *theirs = NULL;
  g_autofree char *ours = NULL;
  g_autofree char *block = NULL;

  *disagrees = FALSE;
  if (k->theoretical_occupancy < 0 && k->block_size <= 0)
    return NULL;

  if (k->block_size > 0)
    /* Translators: e.g. "Nsight Compute profiled blocks of 256 threads." */
    block = g_strdup_printf (ngettext ("Nsight Compute profiled blocks of %d thread.",
                                       "Nsight Compute profiled blocks of %d threads.", k->block_size),
                             k->block_size);
  if (k->theoretical_occupancy < 0)
    return g_steal_pointer (&block);

  theirs = cuocc_format_percent (k->theoretical_occupancy / 100.0);
  if (self->comparison < 0)
    /* Translators: e.g. "Its theoretical occupancy: 50 %; the inputs now describe another launch." */
    return g_strdup_printf (_("%s Its theoretical occupancy: %s; the inputs now describe another launch."),
                            block ? block : "", theirs);

  ours = cuocc_format_percent (self->comparison / 100.0);
  *disagrees = fabs (round (self->comparison * 100.0) / 100.0 - k->theoretical_occupancy) > AGREEMENT_TOLERANCE + 1e-9;
  if (*disagrees)
    /* Translators: e.g. "… Theoretical occupancy: Nsight Compute 50 %, cuocc 100 %. They disagree." */
    return g_strdup_printf (_("%s Theoretical occupancy: Nsight Compute %s, cuocc %s. They disagree."),
                            block ? block : "", theirs, ours);

  /* Translators: e.g. "… Theoretical occupancy: Nsight Compute 100 %, cuocc 100 %." */
  return g_strdup_printf (_("%s Theoretical occupancy: Nsight Compute %s, cuocc %s."),
                          block ? block : "", theirs, ours);
}

static void
update_profiler (CuoccKernelsPanel *self)
{
  g_autofree char *text = NULL;
  gboolean disagrees = FALSE;

  if (self->chosen != NULL)
    text = profiler_text (self, &disagrees);

  gtk_label_set_label (self->profiler_label, text ? g_strstrip (text) : "");
  gtk_widget_set_visible (GTK_WIDGET (self->profiler_label), text != NULL);
  if (disagrees)
    gtk_widget_add_css_class (GTK_WIDGET (self->profiler_label), "warning");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->profiler_label), "warning");
}

static void
update_details (CuoccKernelsPanel *self)
{
  const CuoccKernel *k = self->chosen ? cuocc_kernel_item_get_kernel (self->chosen) : NULL;
  g_autofree char *figures = NULL;
  g_autofree char *spills = NULL;
  g_autofree char *name = NULL;
  g_autofree char *mangled = NULL;

  gtk_widget_set_visible (self->details_box, k != NULL);
  gtk_widget_set_visible (self->details_separator, k != NULL);
  if (k == NULL)
    return;

  figures = details_summary (k);
  /* Names of 20 KB without a space once froze the window for 41 s while the
   * label wrapped them: show at most a screenful. */
  name = cuocc_format_capped (k->name, DETAILS_NAME_MAX_CHARS);
  mangled = *k->mangled ? cuocc_format_capped (k->mangled, DETAILS_NAME_MAX_CHARS) : NULL;
  gtk_label_set_label (self->name_label, name);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->name_label), mangled);
  gtk_label_set_label (self->figures_label, figures);

  if (cuocc_kernel_item_has_spills (self->chosen))
    spills = spill_text (k);
  gtk_label_set_label (self->spill_label, spills ? spills : "");
  gtk_widget_set_visible (self->spill_box, spills != NULL);

  update_profiler (self);
}

static void
update_list_page (CuoccKernelsPanel *self)
{
  guint total = self->store ? g_list_model_get_n_items (G_LIST_MODEL (self->store)) : 0;
  guint shown = g_list_model_get_n_items (G_LIST_MODEL (self->shown));
  g_autofree char *count = NULL;

  if (total == 0)
    gtk_stack_set_visible_child_name (self->list_stack, "empty");
  else if (shown == 0)
    gtk_stack_set_visible_child_name (self->list_stack, "no-match");
  else
    gtk_stack_set_visible_child_name (self->list_stack, "list");

  gtk_widget_set_sensitive (GTK_WIDGET (self->search_entry), total > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->count_label), total > 0);
  if (total == 0)
    return;

  if (shown == total)
    count = g_strdup_printf (ngettext ("%u kernel", "%u kernels", total), total);
  else
    /* Translators: e.g. "3 of 30 kernels" */
    count = g_strdup_printf (ngettext ("%u of %u kernel", "%u of %u kernels", total), shown, total);

  if (self->truncated)
    {
      /* Translators: appended to the count when a log holds more kernels than are read */
      g_autofree char *more = g_strdup_printf (_("%s (the log holds more)"), count);

      g_free (count);
      count = g_steal_pointer (&more);
    }

  gtk_label_set_label (self->count_label, count);
}

/* Selects the chosen kernel where the filter shows it, without choosing
 * it again. */
static void
select_chosen (CuoccKernelsPanel *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->shown));
  guint position = GTK_INVALID_LIST_POSITION;

  for (guint i = 0; self->chosen != NULL && i < n && position == GTK_INVALID_LIST_POSITION; i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (G_LIST_MODEL (self->shown), i);

      if (item == self->chosen)
        position = i;
    }

  self->selecting = TRUE;
  gtk_single_selection_set_selected (self->selection, position);
  self->selecting = FALSE;
}

static void
set_chosen (CuoccKernelsPanel *self,
            CuoccKernelItem   *item,
            gboolean           announce)
{
  g_set_object (&self->chosen, item);
  self->comparison = -1;
  update_details (self);
  if (announce && item != NULL)
    g_signal_emit (self, signals[KERNEL_CHOSEN], 0);
}

static CuoccKernelItem *
find_item (GListModel *store,
           const char *key)
{
  guint n = g_list_model_get_n_items (store);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (store, i);

      if (g_str_equal (cuocc_kernel_item_get_key (item), key))
        return item;
    }

  return NULL;
}

/* The new list replaces the old; the chosen kernel stays chosen if the new
 * list still has it, and is announced again if its figures changed. */
static void
replace_list (CuoccKernelsPanel *self,
              GListModel        *store,
              gboolean           truncated)
{
  g_autoptr(CuoccKernelItem) old = self->chosen ? g_object_ref (self->chosen) : NULL;
  g_autofree char *wanted = g_steal_pointer (&self->pending_key);
  CuoccKernelItem *found = old ? find_item (store, cuocc_kernel_item_get_key (old)) : NULL;

  g_set_object (&self->store, G_LIST_STORE (store));
  self->truncated = truncated;

  self->selecting = TRUE;
  gtk_filter_list_model_set_model (self->shown, G_LIST_MODEL (self->store));
  self->selecting = FALSE;

  /* A restored session's kernel is chosen again once its log is read,
   * without filling in the inputs that were restored with it. */
  if (wanted != NULL)
    {
      found = find_item (store, wanted);
      set_chosen (self, found, FALSE);
      if (found != NULL)
        g_signal_emit (self, signals[KERNEL_RESTORED], 0);
    }
  else
    set_chosen (self, found, found != NULL && !cuocc_kernel_item_same_figures (found, old));
  select_chosen (self);
  update_list_page (self);
}

static void
set_source (CuoccKernelsPanel *self,
            const char        *name)
{
  gtk_label_set_label (self->source_label, name);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->source_label), name);
  gtk_widget_set_visible (GTK_WIDGET (self->source_label), name != NULL);
}

static void
set_busy (CuoccKernelsPanel *self,
          gboolean           busy)
{
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), busy);
  gtk_spinner_set_spinning (self->spinner, busy);
}

/* ----- callbacks ----- */

static void
loaded_cb (CuoccKernelLoader *loader,
           GListModel        *store,
           const char        *source_name,
           gboolean           truncated,
           gboolean           reread,
           CuoccKernelsPanel *self)
{
  set_busy (self, FALSE);
  set_source (self, source_name);
  replace_list (self, store, truncated);

  /* What the user imported is searched next; a re-read leaves focus be. */
  if (!reread)
    gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
}

static void
failed_cb (CuoccKernelLoader *loader,
           const char        *source_name,
           const GError      *error,
           gboolean           reread,
           CuoccKernelsPanel *self)
{
  set_busy (self, FALSE);
  g_signal_emit (self, signals[IMPORT_FAILED], 0, source_name, error, reread);
}

static gboolean
filter_func (gpointer item,
             gpointer user_data)
{
  CuoccKernelsPanel *self = user_data;

  return cuocc_kernel_item_matches (item, (const char * const *) self->words);
}

static void
search_changed_cb (CuoccKernelsPanel *self)
{
  g_autofree char *folded = g_utf8_casefold (gtk_editable_get_text (GTK_EDITABLE (self->search_entry)), -1);

  g_strfreev (self->words);
  self->words = g_strsplit_set (g_strstrip (folded), " \t", -1);

  self->selecting = TRUE;
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
  self->selecting = FALSE;
  select_chosen (self);
  update_list_page (self);
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
selection_changed_cb (CuoccKernelsPanel *self)
{
  CuoccKernelItem *item = gtk_single_selection_get_selected_item (self->selection);

  /* A kernel the search hides stays chosen. */
  if (self->selecting || item == NULL || item == self->chosen)
    return;

  set_chosen (self, item, TRUE);
}

static void
setup_row_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *list_item,
              gpointer                  user_data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *name = gtk_label_new (NULL);
  GtkWidget *summary = gtk_label_new (NULL);
  GtkWidget *spills = gtk_label_new (_("spills"));

  /* Ellipsized labels ask for their whole text's width unless told: a long
   * template name would widen the sidebar. */
  gtk_label_set_xalign (GTK_LABEL (name), 0);
  gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (name), 30);
  gtk_label_set_xalign (GTK_LABEL (summary), 0);
  gtk_label_set_ellipsize (GTK_LABEL (summary), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (summary), 30);
  gtk_widget_set_hexpand (summary, TRUE);
  gtk_widget_add_css_class (summary, "caption");
  gtk_widget_add_css_class (summary, "dim-label");
  gtk_widget_add_css_class (spills, "caption");
  gtk_widget_add_css_class (spills, "warning");
  gtk_box_append (GTK_BOX (line), summary);
  gtk_box_append (GTK_BOX (line), spills);
  gtk_box_append (GTK_BOX (box), name);
  gtk_box_append (GTK_BOX (box), line);
  gtk_widget_set_margin_top (box, 3);
  gtk_widget_set_margin_bottom (box, 3);
  gtk_list_item_set_child (list_item, box);
}

static void
bind_row_cb (GtkSignalListItemFactory *factory,
             GtkListItem              *list_item,
             gpointer                  user_data)
{
  g_autofree char *capped = NULL;
  CuoccKernelItem *item = gtk_list_item_get_item (list_item);
  const CuoccKernel *k = cuocc_kernel_item_get_kernel (item);
  GtkWidget *box = gtk_list_item_get_child (list_item);
  GtkWidget *name = gtk_widget_get_first_child (box);
  GtkWidget *line = gtk_widget_get_next_sibling (name);
  GtkWidget *summary = gtk_widget_get_first_child (line);
  GtkWidget *spills = gtk_widget_get_next_sibling (summary);
  g_autofree char *text = row_summary (k);
  g_autofree char *tooltip = *k->mangled ? g_strdup_printf ("%s\n%s", k->name, k->mangled) : g_strdup (k->name);

  capped = cuocc_format_capped (k->name, LIST_NAME_MAX_CHARS);
  gtk_label_set_label (GTK_LABEL (name), capped);
  gtk_label_set_label (GTK_LABEL (summary), text);
  gtk_widget_set_tooltip_text (box, tooltip);
  gtk_widget_set_visible (spills, cuocc_kernel_item_has_spills (item));
}

/* ----- dispose / finalize ----- */

static void
cuocc_kernels_panel_dispose (GObject *object)
{
  CuoccKernelsPanel *self = CUOCC_KERNELS_PANEL (object);

  if (self->loader != NULL)
    {
      cuocc_kernel_loader_cancel (self->loader);
      g_signal_handlers_disconnect_by_data (self->loader, self);
      g_clear_object (&self->loader);
    }

  g_clear_pointer (&self->box, gtk_widget_unparent);
  g_clear_object (&self->selection);
  g_clear_object (&self->store);
  g_clear_object (&self->chosen);

  G_OBJECT_CLASS (cuocc_kernels_panel_parent_class)->dispose (object);
}

static void
cuocc_kernels_panel_finalize (GObject *object)
{
  CuoccKernelsPanel *self = CUOCC_KERNELS_PANEL (object);

  g_strfreev (self->words);
  g_free (self->pending_key);

  G_OBJECT_CLASS (cuocc_kernels_panel_parent_class)->finalize (object);
}

/* ----- class_init / init ----- */

static void
cuocc_kernels_panel_class_init (CuoccKernelsPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cuocc_kernels_panel_dispose;
  object_class->finalize = cuocc_kernels_panel_finalize;

  /* The chosen kernel: cuocc_kernels_panel_get_chosen(). */
  signals[KERNEL_CHOSEN] =
    g_signal_new ("kernel-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* Chosen as cuocc_kernels_panel_load_file_choosing asked. */
  signals[KERNEL_RESTORED] =
    g_signal_new ("kernel-restored", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* The source's name, the error, and whether it was a re-read of a
   * changed file. */
  signals[IMPORT_FAILED] =
    g_signal_new ("import-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 3,
                  G_TYPE_STRING, G_TYPE_ERROR, G_TYPE_BOOLEAN);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/cuocc/Calculator/ui/cuocc-kernels-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, box);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, source_label);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, spinner);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, search_entry);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, list_stack);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, list_view);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, count_label);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, details_separator);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, details_box);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, name_label);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, figures_label);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, spill_box);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, spill_label);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, profiler_label);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
cuocc_kernels_panel_init (CuoccKernelsPanel *self)
{
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

  gtk_widget_init_template (GTK_WIDGET (self));

  self->comparison = -1;
  self->store = g_list_store_new (CUOCC_TYPE_KERNEL_ITEM);
  self->filter = gtk_custom_filter_new (filter_func, self, NULL);
  self->shown = gtk_filter_list_model_new (G_LIST_MODEL (g_object_ref (self->store)), GTK_FILTER (self->filter));
  self->selection = gtk_single_selection_new (G_LIST_MODEL (self->shown));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);

  g_signal_connect (factory, "setup", G_CALLBACK (setup_row_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row_cb), NULL);
  gtk_list_view_set_factory (self->list_view, factory);
  gtk_list_view_set_model (self->list_view, GTK_SELECTION_MODEL (self->selection));

  g_signal_connect_swapped (self->selection, "notify::selected-item", G_CALLBACK (selection_changed_cb), self);
  g_signal_connect_swapped (self->search_entry, "search-changed", G_CALLBACK (search_changed_cb), self);
  g_signal_connect_swapped (self->search_entry, "activate", G_CALLBACK (search_activate_cb), self);
  g_signal_connect_swapped (self->search_entry, "stop-search", G_CALLBACK (stop_search_cb), self);

  self->loader = cuocc_kernel_loader_new ();
  g_signal_connect (self->loader, "loaded", G_CALLBACK (loaded_cb), self);
  g_signal_connect (self->loader, "failed", G_CALLBACK (failed_cb), self);

  update_list_page (self);
}

/* ----- public API ----- */

/* Reads a log in the background; "import-failed" tells of a failure. */
void
cuocc_kernels_panel_load_file (CuoccKernelsPanel *self,
                               GFile             *file)
{
  g_return_if_fail (CUOCC_IS_KERNELS_PANEL (self));
  g_return_if_fail (G_IS_FILE (file));

  set_busy (self, TRUE);
  cuocc_kernel_loader_load_file (self->loader, file);
}

void
cuocc_kernels_panel_load_text (CuoccKernelsPanel *self,
                               const char        *text)
{
  g_return_if_fail (CUOCC_IS_KERNELS_PANEL (self));
  g_return_if_fail (text != NULL);

  set_busy (self, TRUE);
  cuocc_kernel_loader_load_text (self->loader, text, _("Pasted log"));
}

gboolean
cuocc_kernels_panel_is_busy (CuoccKernelsPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), FALSE);

  return cuocc_kernel_loader_is_busy (self->loader);
}

/* The watched file, or NULL when the list came from the clipboard. */
GFile *
cuocc_kernels_panel_get_file (CuoccKernelsPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), NULL);

  return cuocc_kernel_loader_get_file (self->loader);
}

guint
cuocc_kernels_panel_get_n_kernels (CuoccKernelsPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), 0);

  return g_list_model_get_n_items (G_LIST_MODEL (self->store));
}

/* The kernels the search lets through, as CuoccKernelItems. */
GListModel *
cuocc_kernels_panel_get_shown (CuoccKernelsPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), NULL);

  return G_LIST_MODEL (self->shown);
}

GtkEditable *
cuocc_kernels_panel_get_search (CuoccKernelsPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), NULL);

  return GTK_EDITABLE (self->search_entry);
}

/* Chooses the kernel at a position of the shown list, as a click does. */
void
cuocc_kernels_panel_choose (CuoccKernelsPanel *self,
                            guint              position)
{
  g_return_if_fail (CUOCC_IS_KERNELS_PANEL (self));
  g_return_if_fail (position < g_list_model_get_n_items (G_LIST_MODEL (self->shown)));

  gtk_single_selection_set_selected (self->selection, position);
}

const CuoccKernel *
cuocc_kernels_panel_get_chosen (CuoccKernelsPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), NULL);

  return self->chosen ? cuocc_kernel_item_get_kernel (self->chosen) : NULL;
}

/* cuocc's theoretical occupancy in percent for the launch the profiler saw,
 * or < 0 when the inputs describe another launch. */
void
cuocc_kernels_panel_set_comparison (CuoccKernelsPanel *self,
                                    double             occupancy)
{
  g_return_if_fail (CUOCC_IS_KERNELS_PANEL (self));

  if (self->comparison == occupancy)
    return;

  self->comparison = occupancy;
  update_profiler (self);
}

const char *
cuocc_kernels_panel_get_profiler_text (CuoccKernelsPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), NULL);

  return gtk_widget_get_visible (GTK_WIDGET (self->profiler_label))
         ? gtk_label_get_label (self->profiler_label) : NULL;
}

const char *
cuocc_kernels_panel_get_spill_text (CuoccKernelsPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), NULL);

  return self->chosen != NULL && gtk_widget_get_visible (self->spill_box)
         ? gtk_label_get_label (self->spill_label) : NULL;
}

/* Reads a log in the background and chooses the kernel with this key (as
 * cuocc_kernels_panel_get_chosen_key gave it) once it is read. */
void
cuocc_kernels_panel_load_file_choosing (CuoccKernelsPanel *self,
                                        GFile             *file,
                                        const char        *key)
{
  g_return_if_fail (CUOCC_IS_KERNELS_PANEL (self));
  g_return_if_fail (G_IS_FILE (file));

  g_free (self->pending_key);
  self->pending_key = g_strdup (key);
  cuocc_kernels_panel_load_file (self, file);
}

const char *
cuocc_kernels_panel_get_chosen_key (CuoccKernelsPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), NULL);

  return self->chosen ? cuocc_kernel_item_get_key (self->chosen) : NULL;
}
