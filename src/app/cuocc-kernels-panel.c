/* cuocc-kernels-panel.c — the kernels read from a build log or a profile.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The list shown changes only when a read succeeds (cuocc-kernel-loader.c),
 * so a bad file leaves the list and the chosen kernel as they were.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cuocc-format.h"
#include "cuocc-kernel-item.h"
#include "cuocc-kernel-loader.h"
#include "cuocc-kernels-panel.h"

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
  GtkDropDown *arch_dropdown;
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
  GtkWidget *load_box;
  GtkLabel *load_label;
  GtkButton *load_button;
  GtkLabel *change_label;
  GtkLabel *compare_label;

  GListStore *store;
  GtkCustomFilter *filter;
  GtkFilterListModel *shown;
  GtkSingleSelection *selection;
  char **words;                    /* the search, case-folded */
  gboolean selecting;

  CuoccKernelItem *chosen;
  double comparison;               /* cuocc's occupancy in percent for the profiled launch, or < 0 */

  GtkStringList *arches;           /* the dropdown's choices: all, loaded, then each architecture */
  int gpu_major;                   /* the GPU the load marks are for; 0: none */
  int gpu_minor;

  CuoccKernelLoader *loader;
  CuoccKernelLoader *compare_loader;
  GListStore *compare_store;       /* the build compared with, or NULL */
  char *compare_name;
  gboolean truncated;
  char *pending_key;               /* the kernel to choose when the log is read */
};

/* ----- type definition ----- */

G_DEFINE_FINAL_TYPE (CuoccKernelsPanel, cuocc_kernels_panel, GTK_TYPE_WIDGET)

enum {
  KERNEL_CHOSEN,
  KERNEL_RESTORED,
  IMPORT_FAILED,
  SWITCH_GPU,
  N_SIGNALS
};

/* The first choices of the architecture dropdown; architectures follow. */
enum {
  ARCH_ALL,
  ARCH_LOADED,
  N_ARCH_CHOICES
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
  *disagrees = !cuocc_table_occupancy_agrees (self->comparison, k->theoretical_occupancy);
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

/* A view of the items' kernels as a list, for the library's selection
 * and diff; the strings stay the items'. */
static CuoccKernelList *
store_as_list (GListModel *store)
{
  CuoccKernelList *list = g_new0 (CuoccKernelList, 1);
  guint n = store != NULL ? g_list_model_get_n_items (store) : 0;

  list->kernels = g_new0 (CuoccKernel, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (store, i);

      list->kernels[list->n_kernels++] = *cuocc_kernel_item_get_kernel (item);
    }
  return list;
}

static void
free_list_view (CuoccKernelList *list)
{
  g_free (list->kernels);
  g_free (list);
}

static CuoccKernelItem *
loaded_sibling (CuoccKernelsPanel *self,
                const CuoccKernel *k)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->store));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (G_LIST_MODEL (self->store), i);
      const CuoccKernel *other = cuocc_kernel_item_get_kernel (item);

      if (other->loaded == CUOCC_LOAD_YES && g_strcmp0 (other->file, k->file) == 0 &&
          g_strcmp0 (*other->mangled ? other->mangled : other->name, *k->mangled ? k->mangled : k->name) == 0)
        return item;
    }
  return NULL;
}

/* Says when the chosen entry is not what the driver runs on the GPU, and
 * offers the way out: the entry that loads, or a GPU that runs this one. */
static void
update_load (CuoccKernelsPanel *self)
{
  const CuoccKernel *k = self->chosen ? cuocc_kernel_item_get_kernel (self->chosen) : NULL;
  g_autofree char *text = NULL;
  g_autofree char *button = NULL;
  CuoccKernelItem *sibling;

  if (k != NULL && k->loaded == CUOCC_LOAD_OTHER && (sibling = loaded_sibling (self, k)) != NULL)
    {
      const char *arch = cuocc_kernel_item_get_kernel (sibling)->arch;

      if (cuocc_kernel_runs_on (k, self->gpu_major, self->gpu_minor))
        /* Translators: e.g. "On compute capability 8.9 the CUDA driver loads this kernel's sm_89 entry." */
        text = g_strdup_printf (_("On compute capability %d.%d the CUDA driver loads this kernel's %s entry."),
                                self->gpu_major, self->gpu_minor, arch);
      else
        /* Translators: e.g. "sm_120 code cannot run on compute capability 8.9: the CUDA driver loads this
           kernel's sm_80 entry. The inputs were left as they were." */
        text = g_strdup_printf (_("%s code cannot run on compute capability %d.%d: the CUDA driver loads this "
                                  "kernel's %s entry. The inputs were left as they were."),
                                k->arch, self->gpu_major, self->gpu_minor, arch);
      /* Translators: a button, e.g. "Show sm_89" */
      button = g_strdup_printf (_("Show %s"), arch);
    }
  else if (k != NULL && k->loaded == CUOCC_LOAD_NONE)
    {
      /* Translators: e.g. "sm_90 code cannot run on compute capability 8.9, and no entry of this kernel can. …" */
      text = g_strdup_printf (_("%s code cannot run on compute capability %d.%d, and no entry of this kernel can. "
                                "The inputs were left as they were."),
                              k->arch, self->gpu_major, self->gpu_minor);
      /* Translators: a button, e.g. "Use Compute Capability 9.0" */
      button = g_strdup_printf (_("Use Compute Capability %d.%d"), k->cc_major, k->cc_minor);
    }

  gtk_widget_set_visible (self->load_box, text != NULL);
  gtk_label_set_label (self->load_label, text ? text : "");
  gtk_button_set_label (self->load_button, button ? button : "");
}

static char *
change_text (CuoccKernelItem *item)
{
  const CuoccKernel *before = NULL;
  CuoccKernelChange change = item != NULL ? cuocc_kernel_item_get_change (item, &before) : CUOCC_KERNEL_SAME;
  const CuoccKernel *k = item != NULL ? cuocc_kernel_item_get_kernel (item) : NULL;
  g_autoptr(GPtrArray) parts = NULL;
  g_autofree char *joined = NULL;

  if (change == CUOCC_KERNEL_ADDED)
    return g_strdup (_("New in this build: the compared build has no such entry."));
  if (change != CUOCC_KERNEL_CHANGED || before == NULL)
    return NULL;

  parts = g_ptr_array_new_with_free_func (g_free);
  if (before->regs != k->regs)
    /* Translators: before and after, e.g. "registers 32 → 72" */
    g_ptr_array_add (parts, g_strdup_printf (_("registers %d → %d"), before->regs, k->regs));
  if (before->smem != k->smem)
    g_ptr_array_add (parts, g_strdup_printf (_("shared memory %lld → %lld bytes"), (long long) before->smem,
                                             (long long) k->smem));
  if (before->barriers != k->barriers)
    g_ptr_array_add (parts, g_strdup_printf (_("barriers %d → %d"), before->barriers, k->barriers));
  if (before->stack != k->stack)
    g_ptr_array_add (parts, g_strdup_printf (_("stack %lld → %lld bytes"), (long long) before->stack,
                                             (long long) k->stack));
  if (before->spill_stores != k->spill_stores || before->spill_loads != k->spill_loads)
    g_ptr_array_add (parts, g_strdup_printf (_("spills %lld → %lld bytes"),
                                             (long long) (MAX (before->spill_stores, 0) + MAX (before->spill_loads, 0)),
                                             (long long) (MAX (k->spill_stores, 0) + MAX (k->spill_loads, 0))));
  if (parts->len == 0)
    g_ptr_array_add (parts, g_strdup (_("what the kernel declares")));
  g_ptr_array_add (parts, NULL);
  joined = g_strjoinv (", ", (char **) parts->pdata);

  /* Translators: e.g. "Changed since the compared build: registers 32 → 72, stack 992 → 0 bytes." */
  return g_strdup_printf (_("Changed since the compared build: %s."), joined);
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
    {
      gtk_widget_set_visible (self->load_box, FALSE);
      return;
    }

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
  update_load (self);
  {
    g_autofree char *change = change_text (self->chosen);

    gtk_label_set_label (self->change_label, change ? change : "");
    gtk_widget_set_visible (GTK_WIDGET (self->change_label), change != NULL);
  }
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

/* Rebinds every row, keeping the chosen kernel selected. */
static void
refresh_rows (CuoccKernelsPanel *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->store));

  self->selecting = TRUE;
  g_list_model_items_changed (G_LIST_MODEL (self->store), 0, n, n);
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
  self->selecting = FALSE;
  select_chosen (self);
  update_list_page (self);
}

static void
mark_loaded (CuoccKernelsPanel *self)
{
  CuoccKernelList *view = store_as_list (G_LIST_MODEL (self->store));

  cuocc_kernel_list_select (view, self->gpu_major, self->gpu_minor);
  for (guint i = 0; i < view->n_kernels; i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (G_LIST_MODEL (self->store), i);

      cuocc_kernel_item_set_loaded (item, view->kernels[i].loaded);
    }
  free_list_view (view);
}

/* Marks each entry of the list with its counterpart in the compared build. */
static void
mark_changes (CuoccKernelsPanel *self)
{
  CuoccKernelList *now = store_as_list (G_LIST_MODEL (self->store));
  CuoccKernelList *then = store_as_list (self->compare_store ? G_LIST_MODEL (self->compare_store) : NULL);
  g_autofree CuoccKernelPair *pairs = NULL;
  guint n_pairs = 0, n_removed = 0, n_changed = 0;

  if (self->compare_store != NULL)
    pairs = cuocc_kernel_list_diff (then, now, &n_pairs);
  for (guint i = 0; i < now->n_kernels; i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (G_LIST_MODEL (self->store), i);

      cuocc_kernel_item_set_change (item, CUOCC_KERNEL_SAME, NULL);
    }
  for (guint p = 0; p < n_pairs; p++)
    {
      g_autoptr(CuoccKernelItem) item = NULL;

      if (pairs[p].after == NULL)
        {
          n_removed++;
          continue;
        }
      n_changed += pairs[p].change != CUOCC_KERNEL_SAME;
      item = g_list_model_get_item (G_LIST_MODEL (self->store), (guint) (pairs[p].after - now->kernels));
      cuocc_kernel_item_set_change (item, pairs[p].change, pairs[p].before);
    }

  if (self->compare_store != NULL)
    {
      /* Translators: e.g. "Compared with “old.so”: 3 changed or new, 1 gone" */
      g_autofree char *text = g_strdup_printf (_("Compared with “%s”: %u changed or new, %u gone"),
                                               self->compare_name, n_changed, n_removed);

      gtk_label_set_label (self->compare_label, text);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->compare_label), self->compare_store != NULL);
  free_list_view (now);
  free_list_view (then);
}

static void
update_arches (CuoccKernelsPanel *self)
{
  g_autoptr(GPtrArray) arches = g_ptr_array_new ();
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->store));
  guint old = g_list_model_get_n_items (G_LIST_MODEL (self->arches));

  for (guint i = 0; i < n; i++)
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
  mark_loaded (self);
  mark_changes (self);
  update_arches (self);

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
            const char        *source_name)
{
  g_autofree char *name = cuocc_format_capped (source_name, CUOCC_NAME_MAX_CHARS);

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
  const CuoccKernel *k = cuocc_kernel_item_get_kernel (item);
  guint arch = gtk_drop_down_get_selected (self->arch_dropdown);

  if (arch == ARCH_LOADED && k->loaded != CUOCC_LOAD_YES && k->loaded != CUOCC_LOAD_UNKNOWN)
    return FALSE;
  if (arch >= N_ARCH_CHOICES && arch != GTK_INVALID_LIST_POSITION &&
      g_strcmp0 (k->arch, gtk_string_list_get_string (self->arches, arch)) != 0)
    return FALSE;
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
  GtkWidget *mark = gtk_label_new (NULL);
  GtkWidget *load = gtk_label_new (NULL);

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
  gtk_widget_add_css_class (mark, "caption");
  gtk_widget_add_css_class (mark, "accent");
  gtk_widget_add_css_class (load, "caption");
  gtk_box_append (GTK_BOX (line), summary);
  gtk_box_append (GTK_BOX (line), spills);
  gtk_box_append (GTK_BOX (line), mark);
  gtk_box_append (GTK_BOX (line), load);
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
  GtkWidget *mark = gtk_widget_get_next_sibling (spills);
  GtkWidget *load = gtk_widget_get_next_sibling (mark);
  CuoccKernelChange change = cuocc_kernel_item_get_change (item, NULL);
  g_autofree char *text = row_summary (k);
  g_autofree char *tooltip = *k->mangled ? g_strdup_printf ("%s\n%s", k->name, k->mangled) : g_strdup (k->name);

  capped = cuocc_format_capped (k->name, LIST_NAME_MAX_CHARS);
  gtk_label_set_label (GTK_LABEL (name), capped);
  gtk_label_set_label (GTK_LABEL (summary), text);
  gtk_widget_set_tooltip_text (box, tooltip);
  gtk_widget_set_visible (spills, cuocc_kernel_item_has_spills (item));

  /* What the row adds to its figures: a change against the compared build,
   * and whether it runs on the GPU. */
  gtk_label_set_label (GTK_LABEL (mark), change == CUOCC_KERNEL_CHANGED ? _("changed")
                                         : change == CUOCC_KERNEL_ADDED ? _("new") : "");
  gtk_widget_set_visible (mark, change == CUOCC_KERNEL_CHANGED || change == CUOCC_KERNEL_ADDED);
  gtk_widget_remove_css_class (load, "success");
  gtk_widget_remove_css_class (load, "dim-label");
  gtk_widget_add_css_class (load, k->loaded == CUOCC_LOAD_YES ? "success" : "dim-label");
  gtk_label_set_label (GTK_LABEL (load), k->loaded == CUOCC_LOAD_YES ? _("loads")
                                         : k->loaded == CUOCC_LOAD_NONE ? _("cannot run") : "");
  gtk_widget_set_visible (load, k->loaded == CUOCC_LOAD_YES || k->loaded == CUOCC_LOAD_NONE);
}

static void
arch_changed_cb (CuoccKernelsPanel *self)
{
  if (self->arches == NULL)
    return;
  self->selecting = TRUE;
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
  self->selecting = FALSE;
  select_chosen (self);
  update_list_page (self);
}

static void
load_button_cb (CuoccKernelsPanel *self)
{
  const CuoccKernel *k = self->chosen ? cuocc_kernel_item_get_kernel (self->chosen) : NULL;
  CuoccKernelItem *sibling;

  if (k == NULL)
    return;
  if (k->loaded == CUOCC_LOAD_OTHER && (sibling = loaded_sibling (self, k)) != NULL)
    {
      set_chosen (self, sibling, TRUE);
      select_chosen (self);
    }
  else if (k->loaded == CUOCC_LOAD_NONE)
    g_signal_emit (self, signals[SWITCH_GPU], 0, k->cc_major, k->cc_minor);
}

static void
compare_loaded_cb (CuoccKernelLoader *loader,
                   GListModel        *store,
                   const char        *source_name,
                   gboolean           truncated,
                   gboolean           reread,
                   CuoccKernelsPanel *self)
{
  set_busy (self, FALSE);
  g_set_object (&self->compare_store, G_LIST_STORE (store));
  g_free (self->compare_name);
  self->compare_name = cuocc_format_capped (source_name, CUOCC_NAME_MAX_CHARS);
  mark_changes (self);
  refresh_rows (self);
  update_details (self);
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

  if (self->compare_loader != NULL)
    {
      cuocc_kernel_loader_cancel (self->compare_loader);
      g_signal_handlers_disconnect_by_data (self->compare_loader, self);
      g_clear_object (&self->compare_loader);
    }
  g_clear_object (&self->compare_store);

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
  g_free (self->compare_name);

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

  /* The compute capability of a GPU that runs the chosen entry, which the
   * user asked to switch to. */
  signals[SWITCH_GPU] =
    g_signal_new ("switch-gpu", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_INT);

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
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, arch_dropdown);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, load_box);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, load_label);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, load_button);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, change_label);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, compare_label);
  gtk_widget_class_bind_template_callback (widget_class, load_button_cb);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
cuocc_kernels_panel_init (CuoccKernelsPanel *self)
{
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

  gtk_widget_init_template (GTK_WIDGET (self));

  self->comparison = -1;
  {
    const char *choices[] = { _("All architectures"), _("Loaded on this GPU"), NULL };

    self->arches = gtk_string_list_new (choices);
    gtk_drop_down_set_model (self->arch_dropdown, G_LIST_MODEL (self->arches));
    g_object_unref (self->arches);
  }
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
  self->compare_loader = cuocc_kernel_loader_new ();
  g_signal_connect (self->compare_loader, "loaded", G_CALLBACK (compare_loaded_cb), self);
  g_signal_connect (self->compare_loader, "failed", G_CALLBACK (failed_cb), self);
  g_signal_connect_swapped (self->arch_dropdown, "notify::selected", G_CALLBACK (arch_changed_cb), self);

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

  return cuocc_kernel_loader_is_busy (self->loader) || cuocc_kernel_loader_is_busy (self->compare_loader);
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

/* Marks the entry of each kernel that the CUDA driver loads on a GPU of
 * this compute capability. */
void
cuocc_kernels_panel_set_gpu (CuoccKernelsPanel *self,
                             int                major,
                             int                minor)
{
  g_return_if_fail (CUOCC_IS_KERNELS_PANEL (self));

  if (self->gpu_major == major && self->gpu_minor == minor)
    return;
  self->gpu_major = major;
  self->gpu_minor = minor;
  mark_loaded (self);
  refresh_rows (self);
  update_details (self);

  /* The GPU is the user's choice; the entry follows it: the chosen kernel's
   * entry that loads there takes the place of one that does not. */
  if (self->chosen != NULL && cuocc_kernel_item_get_kernel (self->chosen)->loaded == CUOCC_LOAD_OTHER)
    {
      CuoccKernelItem *sibling = loaded_sibling (self, cuocc_kernel_item_get_kernel (self->chosen));

      if (sibling != NULL)
        {
          set_chosen (self, sibling, TRUE);
          select_chosen (self);
        }
    }
}

/* Reads a second build in the background and marks what changed in the
 * list against it. */
void
cuocc_kernels_panel_compare_file (CuoccKernelsPanel *self,
                                  GFile             *file)
{
  g_return_if_fail (CUOCC_IS_KERNELS_PANEL (self));
  g_return_if_fail (G_IS_FILE (file));

  set_busy (self, TRUE);
  cuocc_kernel_loader_load_file (self->compare_loader, file);
}

/* What the details say about loading on the GPU, or NULL. */
const char *
cuocc_kernels_panel_get_load_text (CuoccKernelsPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), NULL);

  return gtk_widget_get_visible (self->load_box) ? gtk_label_get_label (self->load_label) : NULL;
}

GtkButton *
cuocc_kernels_panel_get_load_button (CuoccKernelsPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), NULL);

  return self->load_button;
}

const char *
cuocc_kernels_panel_get_change_text (CuoccKernelsPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), NULL);

  return gtk_widget_get_visible (GTK_WIDGET (self->change_label)) ? gtk_label_get_label (self->change_label) : NULL;
}

GtkDropDown *
cuocc_kernels_panel_get_arch_dropdown (CuoccKernelsPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), NULL);

  return self->arch_dropdown;
}
