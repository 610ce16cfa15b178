/* cuocc-kernels-panel-rows.c — the columns of the kernels table: what each
 * cell shows of an entry and how each column sorts.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cuocc-format.h"
#include "cuocc-kernels-panel-private.h"

/* What a cell shows of a kernel's name: more than any screen, less than
 * what Pango lays out slowly. */
#define LIST_NAME_MAX_CHARS 200

static const struct {
  const char *id;
  const char *title;
  gboolean numeric;
} columns[N_TABLE_COLUMNS] = {
  [TABLE_KERNEL] = { "kernel", N_("Kernel"), FALSE },
  [TABLE_ARCH] = { "arch", N_("Arch"), FALSE },
  [TABLE_REGS] = { "regs", N_("Regs"), TRUE },
  [TABLE_SMEM] = { "smem", N_("Shared"), TRUE },
  [TABLE_STACK] = { "stack", N_("Stack"), TRUE },
  [TABLE_THREADS] = { "threads", N_("Block"), TRUE },
  [TABLE_BLOCKS] = { "blocks", N_("Blocks/SM"), TRUE },
  [TABLE_OCCUPANCY] = { "occupancy", N_("Occupancy"), TRUE },
  [TABLE_LIMITER] = { "limiter", N_("Limiter"), FALSE },
  [TABLE_LOADED] = { "loaded", N_("Loaded"), FALSE },
  [TABLE_CHANGED] = { "changed", N_("Changed"), FALSE },
};

/* ----- cells ----- */

static char *
known_count (gint64 value)
{
  return value >= 0 ? cuocc_format_count (value) : g_strdup ("–");
}

static char *
known_bytes (gint64 value)
{
  return value >= 0 ? cuocc_format_bytes (value) : g_strdup ("–");
}

/* The limiting factors, short: "registers, shared memory". */
static char *
limiter_text (guint limiters)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new ();

  for (int bit = 0; bit < CUOCC_N_LIMITS; bit++)
    if (limiters & (1u << bit))
      g_ptr_array_add (parts, (gpointer) cuocc_limit_title (1u << bit));
  g_ptr_array_add (parts, NULL);
  /* Translators: the separator between limiting factors, e.g. "Registers, Shared memory" */
  return g_strjoinv (_(", "), (char **) parts->pdata);
}

char *
_cuocc_kernels_panel_cell_text (CuoccKernelItem *item,
                                TableColumn      column)
{
  const CuoccKernel *k = cuocc_kernel_item_get_kernel (item);
  const CuoccKernelEval *ev = cuocc_kernel_item_get_eval (item);
  CuoccKernelChange change;

  switch (column)
    {
    case TABLE_KERNEL:
      return cuocc_format_capped (cuocc_kernel_item_get_short_name (item), LIST_NAME_MAX_CHARS);
    case TABLE_ARCH:
      return g_strdup (k->arch ? k->arch : "–");
    case TABLE_REGS:
      return known_count (k->regs);
    case TABLE_SMEM:
      return k->smem < 0 && k->dynamic_smem < 0 ? g_strdup ("–")
             : known_bytes (MAX (k->smem, 0) + MAX (k->dynamic_smem, 0));
    case TABLE_STACK:
      return known_bytes (k->stack);
    case TABLE_THREADS:
      return ev->threads > 0 ? cuocc_format_count (ev->threads) : g_strdup ("–");
    case TABLE_BLOCKS:
      return ev->occupancy >= 0 ? cuocc_format_count (ev->blocks) : g_strdup ("–");
    case TABLE_OCCUPANCY:
      return ev->occupancy >= 0 ? cuocc_format_percent (ev->occupancy) : g_strdup ("–");
    case TABLE_LIMITER:
      return ev->occupancy >= 0 ? limiter_text (ev->limiters) : g_strdup ("");
    case TABLE_LOADED:
      return g_strdup (k->loaded == CUOCC_LOAD_YES ? _("loads")
                       : k->loaded == CUOCC_LOAD_OTHER ? _("another entry")
                       : k->loaded == CUOCC_LOAD_NONE ? _("cannot run") : "");
    case TABLE_CHANGED:
      change = cuocc_kernel_item_get_change (item, NULL);
      if (change == CUOCC_KERNEL_ADDED)
        return g_strdup (_("new"));
      if (change != CUOCC_KERNEL_CHANGED)
        return g_strdup ("");
      if (ev->before >= 0 && ev->occupancy >= 0)
        {
          g_autofree char *before = cuocc_format_percent (ev->before);
          g_autofree char *after = cuocc_format_percent (ev->occupancy);

          /* Translators: the occupancy in the compared (old) build and in this one, e.g. "50 % → 25 %" */
          return g_strdup_printf (_("%s → %s"), before, after);
        }
      return g_strdup (_("changed"));
    case N_TABLE_COLUMNS:
    default:
      g_assert_not_reached ();
    }
}

/* ----- sorting ----- */

static int
compare_numbers (double a,
                 double b)
{
  return a < b ? -1 : a > b ? 1 : 0;
}

/* The row's figure in a numeric column, and whether it is not known ("–":
 * a PTX entry's registers before JIT, an entry that cannot run here, a log
 * without the figure). One call a row and comparison: sorting 60,000 rows
 * makes about a million. */
static double
column_number (CuoccKernelItem *item,
               TableColumn      column,
               gboolean        *unknown)
{
  const CuoccKernel *k = cuocc_kernel_item_get_kernel (item);
  const CuoccKernelEval *ev = cuocc_kernel_item_get_eval (item);

  *unknown = FALSE;
  switch (column)
    {
    case TABLE_REGS: *unknown = k->regs < 0; return k->regs;
    case TABLE_SMEM:
      *unknown = k->smem < 0 && k->dynamic_smem < 0;
      return *unknown ? -1 : (double) (MAX (k->smem, 0) + MAX (k->dynamic_smem, 0));
    case TABLE_STACK: *unknown = k->stack < 0; return (double) k->stack;
    case TABLE_THREADS: *unknown = ev->threads <= 0; return ev->threads;
    case TABLE_BLOCKS: *unknown = ev->occupancy < 0; return ev->blocks;
    case TABLE_OCCUPANCY: *unknown = ev->occupancy < 0; return ev->occupancy;
    case TABLE_LIMITER: *unknown = ev->occupancy < 0; return (double) ev->limiters;
    case TABLE_LOADED: return k->loaded == CUOCC_LOAD_YES ? 0 : k->loaded == CUOCC_LOAD_UNKNOWN ? 1
                              : k->loaded == CUOCC_LOAD_OTHER ? 2 : 3;
    case TABLE_CHANGED:
      {
        CuoccKernelChange change = cuocc_kernel_item_get_change (item, NULL);

        if (change == CUOCC_KERNEL_CHANGED)
          return ev->before >= 0 && ev->occupancy >= 0 ? ev->occupancy - ev->before : 2;
        return change == CUOCC_KERNEL_ADDED ? 3 : 4;
      }
    case TABLE_KERNEL:
    case TABLE_ARCH:
    case N_TABLE_COLUMNS:
    default:
      g_assert_not_reached ();
    }
}

/* As _cuocc_kernels_panel_compare_rows (), saying whether one of the two
 * has the figure and the other not. */
static int
compare_rows (CuoccKernelItem *a,
              CuoccKernelItem *b,
              TableColumn      column,
              gboolean        *one_unknown)
{
  const CuoccKernel *ka, *kb;
  gboolean unknown_a, unknown_b;
  double va, vb;

  *one_unknown = FALSE;
  switch (column)
    {
    case TABLE_KERNEL:
      return strcmp (cuocc_kernel_item_get_short_name (a), cuocc_kernel_item_get_short_name (b));
    case TABLE_ARCH:
      /* sm_120 after sm_90: by compute capability. */
      ka = cuocc_kernel_item_get_kernel (a);
      kb = cuocc_kernel_item_get_kernel (b);
      return ka->cc_major != kb->cc_major ? (ka->cc_major < kb->cc_major ? -1 : 1)
             : ka->cc_minor != kb->cc_minor ? (ka->cc_minor < kb->cc_minor ? -1 : 1)
             : g_strcmp0 (ka->arch, kb->arch);
    default:
      va = column_number (a, column, &unknown_a);
      vb = column_number (b, column, &unknown_b);
      /* What is not known goes after every figure (the sort callback keeps
       * it there when the order is reversed). */
      if (unknown_a || unknown_b)
        {
          *one_unknown = unknown_a != unknown_b;
          return unknown_a - unknown_b;
        }
      return compare_numbers (va, vb);
    }
}

int
_cuocc_kernels_panel_compare_rows (CuoccKernelItem *a,
                                   CuoccKernelItem *b,
                                   TableColumn      column)
{
  gboolean one_unknown;

  return compare_rows (a, b, column, &one_unknown);
}

/* The order the table sorts in, which a column's sorter needs to keep rows
 * without the figure last either way: GtkColumnView reverses what a
 * column's sorter says for a descending order, and GTK 4.8 has no call
 * that says which order is in force (gtk_column_view_sorter_get_primary_sort_order ()
 * is 4.10's). It is found by asking the view's sorter to compare while
 * every column's sorter answers "smaller": the view's answer is then the
 * primary column's order, reversed or not. One per view. */
typedef struct {
  gboolean probing;
  gboolean descending;
} SortState;

static void
sort_state_release (SortState *state)
{
  g_rc_box_release (state);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SortState, sort_state_release)

static void
sort_state_closure_notify (gpointer  data,
                           GClosure *closure)
{
  sort_state_release (data);
}

typedef struct {
  TableColumn column;
  SortState *state;
} ColumnSort;

static void
column_sort_free (gpointer data)
{
  ColumnSort *sort = data;

  sort_state_release (sort->state);
  g_free (sort);
}

static int
sort_cb (gconstpointer a,
         gconstpointer b,
         gpointer      user_data)
{
  const ColumnSort *sort = user_data;
  gboolean one_unknown;
  int order;

  if (sort->state->probing)
    return -1;
  order = compare_rows ((CuoccKernelItem *) a, (CuoccKernelItem *) b, sort->column, &one_unknown);
  /* Reversed by the view, a figure against none: keep the one without last. */
  if (sort->state->descending && one_unknown)
    order = -order;
  return order;
}

/* Connected before the table's sort model is given the view's sorter, so
 * the order is known before it sorts again. */
static void
view_sorter_changed_cb (GtkSorter       *sorter,
                        GtkSorterChange  change,
                        SortState       *state)
{
  /* Any two pointers (gtk_sorter_compare () calls an item equal to
   * itself): every column's sorter answers without looking at them. */
  state->probing = TRUE;
  state->descending = gtk_sorter_compare (sorter, sorter, state) == GTK_ORDERING_LARGER;
  state->probing = FALSE;
}

/* ----- the cells' widgets ----- */

static void
setup_cell_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *list_item,
               gpointer                  user_data)
{
  TableColumn column = GPOINTER_TO_INT (user_data);
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), columns[column].numeric ? 1 : 0);
  if (column == TABLE_KERNEL)
    {
      /* The name without qualifiers, whole: it wraps between template
       * arguments (or inside a long identifier) rather than being cut, since
       * the instances of one template differ anywhere in their arguments,
       * often only in the last. Wrapping labels ask for their whole text's
       * width unless told: a long template name would widen the table. */
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 40);
      gtk_label_set_width_chars (GTK_LABEL (label), 21);
      /* Pango would hyphenate "MmaMultist-age", which reads as part of the name. */
      {
        PangoAttrList *attrs = pango_attr_list_new ();

        pango_attr_list_insert (attrs, pango_attr_insert_hyphens_new (FALSE));
        gtk_label_set_attributes (GTK_LABEL (label), attrs);
        pango_attr_list_unref (attrs);
      }
    }
  if (columns[column].numeric)
    gtk_widget_add_css_class (label, "numeric");
  gtk_list_item_set_child (list_item, label);
  g_object_set_data (G_OBJECT (list_item), "cuocc-column", GINT_TO_POINTER (column));
}

static void
bind_cell_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *list_item,
              gpointer                  user_data)
{
  TableColumn column = GPOINTER_TO_INT (user_data);
  CuoccKernelItem *item = gtk_list_item_get_item (list_item);
  GtkWidget *label = gtk_list_item_get_child (list_item);
  g_autofree char *text = _cuocc_kernels_panel_cell_text (item, column);

  g_hash_table_add (g_object_get_data (G_OBJECT (factory), "cuocc-bound"), list_item);
  gtk_label_set_label (GTK_LABEL (label), text);
  if (column == TABLE_KERNEL)
    {
      const CuoccKernel *k = cuocc_kernel_item_get_kernel (item);
      g_autofree char *name = cuocc_format_capped (k->name, 2000);
      g_autofree char *tooltip = *k->mangled ? g_strdup_printf ("%s\n%s", name, k->mangled) : g_strdup (name);

      gtk_widget_set_tooltip_text (label, tooltip);
      if (cuocc_kernel_item_has_spills (item))
        gtk_widget_add_css_class (label, "warning");
      else
        gtk_widget_remove_css_class (label, "warning");
    }
  else if (column == TABLE_LOADED)
    {
      gtk_widget_remove_css_class (label, "success");
      gtk_widget_remove_css_class (label, "dim-label");
      gtk_widget_add_css_class (label, cuocc_kernel_item_get_kernel (item)->loaded == CUOCC_LOAD_YES
                                       ? "success" : "dim-label");
    }
  else if (column == TABLE_CHANGED)
    gtk_widget_add_css_class (label, "accent");
}

static void
unbind_cell_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *list_item,
                gpointer                  user_data)
{
  g_hash_table_remove (g_object_get_data (G_OBJECT (factory), "cuocc-bound"), list_item);
}

/* ----- shared with the panel ----- */

/* Adds the table's columns to the view, each sortable. */
void
_cuocc_kernels_panel_add_columns (GtkColumnView *view)
{
  /* The cells bound to a row now, of every column: what a new evaluation
   * updates in place (_cuocc_kernels_panel_update_cells ()). */
  GHashTable *bound = g_hash_table_new (NULL, NULL);

  /* What a user opened the table for comes first, beside the name: at the
   * sidebar's default width the kernel, its architecture, its occupancy
   * and what limits it are on screen; the figures behind them follow. The
   * change against a compared build, shown only while there is one, comes
   * before the occupancy: it is what a comparison is looked at for. */
  static const TableColumn shown_order[N_TABLE_COLUMNS] = {
    TABLE_KERNEL, TABLE_ARCH, TABLE_CHANGED, TABLE_OCCUPANCY, TABLE_LIMITER, TABLE_BLOCKS, TABLE_THREADS,
    TABLE_REGS, TABLE_SMEM, TABLE_STACK, TABLE_LOADED,
  };

  /* Shared by the view's sorter and the columns' sorters, whichever
   * outlives the others. */
  g_autoptr(SortState) state = g_rc_box_new0 (SortState);

  g_object_set_data_full (G_OBJECT (view), "cuocc-bound", bound, (GDestroyNotify) g_hash_table_unref);
  g_signal_connect_data (gtk_column_view_get_sorter (view), "changed", G_CALLBACK (view_sorter_changed_cb),
                         g_rc_box_acquire (state), sort_state_closure_notify, 0);
  for (guint i = 0; i < G_N_ELEMENTS (shown_order); i++)
    {
      TableColumn c = shown_order[i];
      GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
      GtkColumnViewColumn *column;
      ColumnSort *sort = g_new (ColumnSort, 1);
      GtkSorter *sorter;

      sort->column = c;
      sort->state = g_rc_box_acquire (state);
      sorter = GTK_SORTER (gtk_custom_sorter_new (sort_cb, sort, column_sort_free));

      g_signal_connect (factory, "setup", G_CALLBACK (setup_cell_cb), GINT_TO_POINTER (c));
      g_signal_connect (factory, "bind", G_CALLBACK (bind_cell_cb), GINT_TO_POINTER (c));
      g_signal_connect (factory, "unbind", G_CALLBACK (unbind_cell_cb), GINT_TO_POINTER (c));
      g_object_set_data_full (G_OBJECT (factory), "cuocc-bound", g_hash_table_ref (bound),
                              (GDestroyNotify) g_hash_table_unref);
      column = gtk_column_view_column_new (_(columns[c].title), factory);
      gtk_column_view_column_set_sorter (column, sorter);
      gtk_column_view_column_set_resizable (column, TRUE);
      gtk_column_view_column_set_expand (column, c == TABLE_KERNEL);
      g_object_set_data (G_OBJECT (column), "cuocc-column-id", (gpointer) columns[c].id);
      gtk_column_view_column_set_visible (column, c != TABLE_CHANGED);
      gtk_column_view_append_column (view, column);
      g_object_unref (column);
      g_object_unref (sorter);
    }
}

/* Shows the "changed" column while there is a compared build. */
void
_cuocc_kernels_panel_show_changed_column (GtkColumnView *view,
                                          gboolean       shown)
{
  GListModel *list = gtk_column_view_get_columns (view);

  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (list, i);

      if (g_strcmp0 (g_object_get_data (G_OBJECT (column), "cuocc-column-id"), columns[TABLE_CHANGED].id) == 0)
        gtk_column_view_column_set_visible (column, shown);
    }
}

/* The rows were worked out again: the cells bound now show the new figures.
 * For a re-evaluation of 60,000 rows this is a few hundred labels set
 * (those whose text changed lay out again), where announcing every row
 * as changed rebuilt the whole table's rows in one main loop iteration. */
void
_cuocc_kernels_panel_update_cells (GtkColumnView *view)
{
  GHashTable *bound = g_object_get_data (G_OBJECT (view), "cuocc-bound");
  GHashTableIter iter;
  gpointer list_item;

  g_hash_table_iter_init (&iter, bound);
  while (g_hash_table_iter_next (&iter, &list_item, NULL))
    {
      TableColumn column = GPOINTER_TO_INT (g_object_get_data (list_item, "cuocc-column"));
      CuoccKernelItem *item = gtk_list_item_get_item (list_item);
      GtkWidget *label = gtk_list_item_get_child (list_item);
      g_autofree char *text = NULL;

      if (item == NULL || label == NULL)
        continue;
      text = _cuocc_kernels_panel_cell_text (item, column);
      if (g_strcmp0 (gtk_label_get_label (GTK_LABEL (label)), text) != 0)
        gtk_label_set_label (GTK_LABEL (label), text);
    }
}
