/* cuocc-gone-window.c — the entries of a compared build that this build
 * has not, listed as `cuocc --import OLD --diff NEW` lists its "removed"
 * rows: the kernel, its architecture and what the older build's entry
 * declared (registers, shared memory, barriers, stack), with where it was.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The table lists this build's kernels, and its export and counts are
 * `cuocc --import`'s for this build: the gone entries get a window of
 * their own rather than rows in it.
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "cuocc-format.h"
#include "cuocc-gone-window.h"
#include "cuocc-kernel-item.h"

/* What a cell shows of a name: the table's cap; the tooltip and the file
 * place hold the rest. */
#define GONE_NAME_MAX_CHARS 400
#define GONE_TOOLTIP_MAX_CHARS 2400

typedef enum {
  GONE_KERNEL,
  GONE_ARCH,
  GONE_REGS,
  GONE_SMEM,
  GONE_BARRIERS,
  GONE_STACK,
  GONE_PLACE,
  N_GONE_COLUMNS
} GoneColumn;

static const struct {
  const char *title;
  gboolean numeric;
} gone_columns[N_GONE_COLUMNS] = {
  { N_("Kernel"), FALSE },
  { N_("Arch"), FALSE },
  { N_("Registers"), TRUE },
  { N_("Shared Memory"), TRUE },
  { N_("Barriers"), TRUE },
  { N_("Stack"), TRUE },
  { N_("Where It Was"), FALSE },
};

static char *
figure (gint64 value)
{
  return value >= 0 ? g_strdup_printf ("%" G_GINT64_FORMAT, value) : g_strdup ("–");
}

/* A cell's text; the tests read it through the window's labels. */
static char *
gone_cell_text (const CuoccKernel *k,
                GoneColumn         column)
{
  switch (column)
    {
    case GONE_KERNEL:
      return cuocc_format_capped_middle (k->name, GONE_NAME_MAX_CHARS);
    case GONE_ARCH:
      return g_strdup (k->arch != NULL ? k->arch : "–");
    case GONE_REGS:
      return figure (k->regs);
    case GONE_SMEM:
      return k->smem >= 0 ? cuocc_format_bytes (k->smem) : g_strdup ("–");
    case GONE_BARRIERS:
      return figure (k->barriers);
    case GONE_STACK:
      return k->stack >= 0 ? cuocc_format_bytes (k->stack) : g_strdup ("–");
    case GONE_PLACE:
      return cuocc_import_file_label (k);
    case N_GONE_COLUMNS:
    default:
      g_assert_not_reached ();
    }
}

static void
setup_cb (GtkSignalListItemFactory *factory,
          GtkListItem              *list_item,
          gpointer                  user_data)
{
  GoneColumn column = GPOINTER_TO_INT (user_data);
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), gone_columns[column].numeric ? 1 : 0);
  if (gone_columns[column].numeric)
    gtk_widget_add_css_class (label, "numeric");
  if (column == GONE_KERNEL || column == GONE_PLACE)
    {
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
      gtk_label_set_max_width_chars (GTK_LABEL (label), column == GONE_KERNEL ? 50 : 30);
      gtk_label_set_width_chars (GTK_LABEL (label), column == GONE_KERNEL ? 30 : 16);
      gtk_label_set_lines (GTK_LABEL (label), 4);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_MIDDLE);
    }
  gtk_list_item_set_child (list_item, label);
}

static void
bind_cb (GtkSignalListItemFactory *factory,
         GtkListItem              *list_item,
         gpointer                  user_data)
{
  GoneColumn column = GPOINTER_TO_INT (user_data);
  const CuoccKernel *k = cuocc_kernel_item_get_kernel (gtk_list_item_get_item (list_item));
  g_autofree char *text = gone_cell_text (k, column);
  GtkWidget *label = gtk_list_item_get_child (list_item);

  gtk_label_set_label (GTK_LABEL (label), text);
  if (column == GONE_KERNEL)
    {
      g_autofree char *tooltip = cuocc_format_capped_middle (k->name, GONE_TOOLTIP_MAX_CHARS);

      gtk_widget_set_tooltip_text (label, tooltip);
    }
}

/* The window over @parent listing @gone (CuoccKernelItems of the build
 * compared with, in its order), which it keeps. */
GtkWidget *
cuocc_gone_window_new (GtkWindow  *parent,
                       const char *compared_name,
                       GListModel *gone)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *intro;
  GtkWidget *scroll = gtk_scrolled_window_new ();
  GtkWidget *view;
  guint n = g_list_model_get_n_items (gone);
  g_autofree char *count = cuocc_format_count (n);
  g_autofree char *title = NULL;
  g_autofree char *text = NULL;

  /* Translators: the title of the window listing them, e.g. "Gone Since “old.so”" */
  title = g_strdup_printf (_("Gone Since “%s”"), compared_name);
  /* Translators: e.g. "1,152 entries of the older build that this build has not, as cuocc --import OLD --diff NEW lists them (removed)" */
  text = g_strdup_printf (ngettext ("%s entry of the older build that this build has not, as "
                                    "cuocc --import OLD --diff NEW lists it (removed), with what it declared there.",
                                    "%s entries of the older build that this build has not, as "
                                    "cuocc --import OLD --diff NEW lists them (removed), with what they declared there.", n),
                          count);
  gtk_window_set_title (GTK_WINDOW (window), title);
  gtk_window_set_transient_for (GTK_WINDOW (window), parent);
  gtk_window_set_modal (GTK_WINDOW (window), TRUE);
  gtk_window_set_destroy_with_parent (GTK_WINDOW (window), TRUE);
  gtk_window_set_default_size (GTK_WINDOW (window), 900, 560);
  gtk_window_set_titlebar (GTK_WINDOW (window), header);

  intro = gtk_label_new (text);
  gtk_label_set_wrap (GTK_LABEL (intro), TRUE);
  gtk_label_set_xalign (GTK_LABEL (intro), 0);
  gtk_widget_set_margin_start (intro, 12);
  gtk_widget_set_margin_end (intro, 12);
  gtk_widget_set_margin_top (intro, 6);
  gtk_widget_set_margin_bottom (intro, 6);
  gtk_widget_add_css_class (intro, "dim-label");
  gtk_box_append (GTK_BOX (box), intro);

  view = gtk_column_view_new (GTK_SELECTION_MODEL (gtk_no_selection_new (g_object_ref (gone))));
  gtk_column_view_set_show_column_separators (GTK_COLUMN_VIEW (view), TRUE);
  gtk_widget_add_css_class (view, "data-table");
  gtk_accessible_update_property (GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
  for (guint c = 0; c < N_GONE_COLUMNS; c++)
    {
      GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
      g_autoptr(GtkColumnViewColumn) column = NULL;

      g_signal_connect (factory, "setup", G_CALLBACK (setup_cb), GINT_TO_POINTER (c));
      g_signal_connect (factory, "bind", G_CALLBACK (bind_cb), GINT_TO_POINTER (c));
      column = gtk_column_view_column_new (_(gone_columns[c].title), factory);
      gtk_column_view_column_set_expand (column, c == GONE_KERNEL);
      gtk_column_view_column_set_resizable (column, TRUE);
      gtk_column_view_append_column (GTK_COLUMN_VIEW (view), column);
    }
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroll), view);
  gtk_widget_set_vexpand (scroll, TRUE);
  gtk_box_append (GTK_BOX (box), scroll);
  gtk_window_set_child (GTK_WINDOW (window), box);

  /* Escape closes it, as a dialog. */
  {
    GtkEventController *shortcuts = gtk_shortcut_controller_new ();

    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                          gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Escape, 0),
                                                            gtk_named_action_new ("window.close")));
    gtk_widget_add_controller (window, shortcuts);
  }
  return window;
}
