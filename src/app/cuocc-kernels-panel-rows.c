/* cuocc-kernels-panel-rows.c — one row of the kernels list: the name, its
 * figures, and what marks it (spills, a change against the compared build,
 * whether it loads on the GPU).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cuocc-format.h"
#include "cuocc-kernels-panel-private.h"

/* What a row shows of a kernel's name: more than any screen, less than
 * what Pango lays out slowly. */
#define LIST_NAME_MAX_CHARS 200

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

/* ----- callbacks ----- */

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

/* ----- shared with the panel ----- */

GtkListItemFactory *
cuocc_kernels_panel_row_factory_new (void)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (setup_row_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row_cb), NULL);
  return factory;
}
