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
      if (ev->occupancy >= 0)
        return limiter_text (ev->limiters);
      /* A PTX entry that loads: where ptxas is with it (the tooltip says why it failed). */
      if (k->code == CUOCC_CODE_PTX && k->loaded == CUOCC_LOAD_YES && k->regs < 0)
        return g_strdup (cuocc_kernel_item_get_ptx_pending (item) ? _("assembling…")
                         : k->ptx_problem != NULL ? _("ptxas failed") : _("PTX"));
      return g_strdup ("");
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

/* What the row sorts by in the column. */
void
_cuocc_kernels_panel_row_key (CuoccKernelItem *item,
                              TableColumn      column,
                              CuoccRowKey     *key)
{
  const CuoccKernel *k;

  key->unknown = FALSE;
  key->number = 0;
  key->text = NULL;
  switch (column)
    {
    case TABLE_KERNEL:
      key->text = cuocc_kernel_item_get_short_name (item);
      break;
    case TABLE_ARCH:
      /* sm_120 after sm_90: by compute capability. */
      k = cuocc_kernel_item_get_kernel (item);
      key->number = k->cc_major * 1000.0 + k->cc_minor;
      key->text = k->arch;
      break;
    default:
      key->number = column_number (item, column, &key->unknown);
      break;
    }
}

/* Two rows' keys in one column, both with the figure. */
int
_cuocc_kernels_panel_compare_keys (const CuoccRowKey *a,
                                   const CuoccRowKey *b)
{
  int order = compare_numbers (a->number, b->number);

  return order != 0 ? order : g_strcmp0 (a->text, b->text);
}

/* How two rows compare in a column, ascending: what is not known goes
 * after every figure. */
int
_cuocc_kernels_panel_compare_rows (CuoccKernelItem *a,
                                   CuoccKernelItem *b,
                                   TableColumn      column)
{
  CuoccRowKey ka, kb;

  _cuocc_kernels_panel_row_key (a, column, &ka);
  _cuocc_kernels_panel_row_key (b, column, &kb);
  if (ka.unknown || kb.unknown)
    return ka.unknown - kb.unknown;
  return _cuocc_kernels_panel_compare_keys (&ka, &kb);
}

/* Which column the table is sorted by and which way, as the view's headers
 * show it: GTK 4.8 has no call that says either
 * (gtk_column_view_sorter_get_primary_sort_column () and _order () are
 * 4.10's). They are found by asking the view's sorter to compare while
 * every column's sorter answers "smaller": the first column asked is the
 * primary one, and the view's answer is its order, reversed or not. The
 * view's sorter sorts nothing (cuocc-kernel-rows.c sorts); the
 * columns' sorters make the headers clickable. One per view. */
typedef struct {
  gboolean probing;
  int primary;
} SortState;

static void
sort_state_release (SortState *state)
{
  g_rc_box_release (state);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SortState, sort_state_release)

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

  if (sort->state->probing)
    {
      if (sort->state->primary < 0)
        sort->state->primary = sort->column;
      return -1;
    }
  return _cuocc_kernels_panel_compare_rows ((CuoccKernelItem *) a, (CuoccKernelItem *) b, sort->column);
}

/* The column (a TableColumn) the view's headers sort by, or -1, and
 * whether descending. */
int
_cuocc_kernels_panel_get_sort_column (GtkColumnView *view,
                                      gboolean      *descending)
{
  GtkSorter *sorter = gtk_column_view_get_sorter (view);
  SortState *state = g_object_get_data (G_OBJECT (view), "cuocc-sort-state");
  gboolean larger;

  *descending = FALSE;
  if (state == NULL || sorter == NULL || gtk_sorter_get_order (sorter) == GTK_SORTER_ORDER_NONE)
    return -1;
  /* Any two pointers (gtk_sorter_compare () calls an item equal to
   * itself): every column's sorter answers without looking at them. */
  state->probing = TRUE;
  state->primary = -1;
  larger = gtk_sorter_compare (sorter, sorter, state) == GTK_ORDERING_LARGER;
  state->probing = FALSE;
  *descending = state->primary >= 0 && larger;
  return state->primary;
}

/* ----- the cells' widgets ----- */

/* A kernel's name in a label, whole: it wraps between template arguments
 * (or inside a long identifier) rather than being cut, since the instances
 * of one template differ anywhere in their arguments, often only in the
 * last. Wrapping labels ask for their whole text's width unless told: a
 * long template name would widen what holds it to max_chars. The table's
 * kernel cells and the summary's kernels that lose most. */
void
_cuocc_kernels_panel_setup_name_label (GtkLabel *label,
                                       int       max_chars)
{
  PangoAttrList *attrs = pango_attr_list_new ();

  gtk_label_set_wrap (label, TRUE);
  gtk_label_set_wrap_mode (label, PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (label, max_chars);
  /* Pango would hyphenate "MmaMultist-age" or "cublasSplitKParams<fl-oat>",
   * which reads as part of the name. */
  pango_attr_list_insert (attrs, pango_attr_insert_hyphens_new (FALSE));
  gtk_label_set_attributes (label, attrs);
  pango_attr_list_unref (attrs);
}

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
      _cuocc_kernels_panel_setup_name_label (GTK_LABEL (label), 40);
      gtk_label_set_width_chars (GTK_LABEL (label), 21);
    }
  else if (column == TABLE_LIMITER)
    {
      /* "Registers, Shared memory" on one line widened the column past
       * the sidebar's default width, cutting every limiter; a line a
       * limiter keeps the column as wide as the longest word. */
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 9);
    }
  if (columns[column].numeric)
    gtk_widget_add_css_class (label, "numeric");
  gtk_list_item_set_child (list_item, label);
  g_object_set_data (G_OBJECT (list_item), "cuocc-column", GINT_TO_POINTER (column));
}

/* What a cell shows of its row: the text, and for some columns a tooltip
 * and a style. Set only where it differs: a new evaluation updates the
 * cells bound in place. */
static void
show_cell (GtkListItem *list_item,
           TableColumn  column)
{
  CuoccKernelItem *item = gtk_list_item_get_item (list_item);
  GtkWidget *label = gtk_list_item_get_child (list_item);
  g_autofree char *text = NULL;

  if (item == NULL || label == NULL)
    return;
  text = _cuocc_kernels_panel_cell_text (item, column);
  if (g_strcmp0 (gtk_label_get_label (GTK_LABEL (label)), text) != 0)
    gtk_label_set_label (GTK_LABEL (label), text);
  if (column == TABLE_KERNEL)
    {
      const CuoccKernel *k = cuocc_kernel_item_get_kernel (item);
      g_autofree char *name = cuocc_format_capped (k->name, 2000);
      g_autofree char *tooltip = *k->mangled ? g_strdup_printf ("%s\n%s", name, k->mangled) : g_strdup (name);
      const char *shown = gtk_widget_get_tooltip_text (label);

      if (g_strcmp0 (shown, tooltip) != 0)
        gtk_widget_set_tooltip_text (label, tooltip);
      if (cuocc_kernel_item_has_spills (item))
        gtk_widget_add_css_class (label, "warning");
      else
        gtk_widget_remove_css_class (label, "warning");
    }
  else if (column == TABLE_LIMITER)
    {
      const char *problem = cuocc_kernel_item_get_kernel (item)->ptx_problem;

      if (g_strcmp0 (gtk_widget_get_tooltip_text (label), problem) != 0)
        gtk_widget_set_tooltip_text (label, problem);
    }
  else if (column == TABLE_LOADED)
    {
      gboolean loads = cuocc_kernel_item_get_kernel (item)->loaded == CUOCC_LOAD_YES;

      gtk_widget_remove_css_class (label, loads ? "dim-label" : "success");
      gtk_widget_add_css_class (label, loads ? "success" : "dim-label");
    }
  else if (column == TABLE_CHANGED)
    gtk_widget_add_css_class (label, "accent");
}

static void
bind_cell_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *list_item,
              gpointer                  user_data)
{
  g_hash_table_add (g_object_get_data (G_OBJECT (factory), "cuocc-bound"), list_item);
  show_cell (list_item, GPOINTER_TO_INT (user_data));
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

  /* Shared by the view and the columns' sorters, whichever outlives the
   * others. */
  g_autoptr(SortState) state = g_rc_box_new0 (SortState);

  g_object_set_data_full (G_OBJECT (view), "cuocc-bound", bound, (GDestroyNotify) g_hash_table_unref);
  g_object_set_data_full (G_OBJECT (view), "cuocc-sort-state", g_rc_box_acquire (state),
                          (GDestroyNotify) sort_state_release);
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

/* The view's column with an id ("kernel", "occupancy" …), or NULL. */
GtkColumnViewColumn *
_cuocc_kernels_panel_get_column (GtkColumnView *view,
                                 const char    *id)
{
  GListModel *list = gtk_column_view_get_columns (view);

  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (list, i);

      if (g_strcmp0 (g_object_get_data (G_OBJECT (column), "cuocc-column-id"), id) == 0)
        return column;
    }
  return NULL;
}

/* Shows the "changed" column while there is a compared build. */
void
_cuocc_kernels_panel_show_changed_column (GtkColumnView *view,
                                          gboolean       shown)
{
  gtk_column_view_column_set_visible (_cuocc_kernels_panel_get_column (view, columns[TABLE_CHANGED].id), shown);
}

/* The rows were worked out again, or marked for another GPU: the cells
 * bound now show the new figures. For 60,000 rows this is a few hundred
 * labels (those whose text changed lay out again), where announcing every
 * row as changed rebuilt the whole table's rows in one main loop
 * iteration. */
void
_cuocc_kernels_panel_update_cells (GtkColumnView *view)
{
  GHashTable *bound = g_object_get_data (G_OBJECT (view), "cuocc-bound");
  GHashTableIter iter;
  gpointer list_item;

  g_hash_table_iter_init (&iter, bound);
  while (g_hash_table_iter_next (&iter, &list_item, NULL))
    show_cell (list_item, GPOINTER_TO_INT (g_object_get_data (list_item, "cuocc-column")));
}
