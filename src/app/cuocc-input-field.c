/* cuocc-input-field.c — one input's entry and hint, showing what the input
 * model holds.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The model (cuocc-input-model.c) reads and checks the text; a field only
 * shows it: the text where it differs (so that what the user is typing is
 * left alone), the hint, and the marks of a value that is wrong or beyond
 * the GPU.
 */
#include "config.h"

#include "cuocc-input-field.h"

/* ----- helpers ----- */

static void
set_marked (GtkWidget *widget,
            gboolean   marked)
{
  if (marked)
    gtk_widget_add_css_class (widget, "error");
  else
    gtk_widget_remove_css_class (widget, "error");
}

/* ----- shared with the input panel ----- */

void
_cuocc_input_field_show (const CuoccInputField *f,
                         CuoccInputModel       *model,
                         CuoccInputKey          key)
{
  const char *text = cuocc_input_model_get_text (model, key);
  const char *hint = cuocc_input_model_get_hint (model, key);
  gboolean ok = cuocc_input_model_get_status (model, key) == CUOCC_INPUT_STATUS_OK;

  g_return_if_fail (f != NULL && GTK_IS_ENTRY (f->entry));

  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (f->entry)), text) != 0)
    gtk_editable_set_text (GTK_EDITABLE (f->entry), text);
  set_marked (GTK_WIDGET (f->entry), !ok);
  if (f->hint != NULL)
    {
      const char *source = cuocc_input_model_get_source (model, key);
      g_autofree char *tooltip = source != NULL ? g_strdup_printf ("%s\n%s", hint, source) : g_strdup (hint);

      gtk_label_set_label (f->hint, hint);
      set_marked (GTK_WIDGET (f->hint), !ok);
      /* The tooltip names which kernel or file, too. */
      gtk_widget_set_tooltip_text (GTK_WIDGET (f->entry), tooltip);
    }
  gtk_accessible_update_state (GTK_ACCESSIBLE (f->entry),
                               GTK_ACCESSIBLE_STATE_INVALID,
                               ok ? GTK_ACCESSIBLE_INVALID_FALSE : GTK_ACCESSIBLE_INVALID_TRUE,
                               -1);
}
