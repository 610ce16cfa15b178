/* cuocc-name-label.c — a kernel's name in a label, as the table's cells
 * and the summary show it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cuocc-name-label.h"

/* A kernel's name in a label, whole: it wraps between template arguments
 * (or inside a long identifier) rather than being cut, since the instances
 * of one template differ anywhere in their arguments, often only in the
 * last. Wrapping labels ask for their whole text's width unless told: a
 * long template name would widen what holds it to max_chars. The table's
 * kernel cells and the summary's kernels that lose most. */
void
cuocc_name_label_setup (GtkLabel *label,
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
