/* cuocc-input-field.c — one number input: its text checked as it is typed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Text that is no number, or a number that is no question at all (0
 * threads), marks the field and stops the calculation; a number beyond what
 * the GPU allows marks the field too but is still calculated, so that the
 * results say why it cannot launch. Nothing is clamped.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "cuocc-format.h"
#include "cuocc-input-field.h"

/* ----- helpers ----- */

static char *
format_value (const CuoccInputField *field,
              gint64                 value)
{
  if (field->is_size)
    return cuocc_format_bytes (value);

  return cuocc_format_count (value);
}

static char *
format_range (const CuoccInputField *field,
              gint64                 to)
{
  g_autofree char *min = format_value (field, field->min);
  g_autofree char *max = format_value (field, to);

  /* Translators: a range of allowed values, e.g. "1–1,024" */
  return g_strdup_printf (_("%s–%s"), min, max);
}

/* Whole numbers only, except shared memory in KiB, which may have a
 * fraction as long as it comes to whole bytes, and sizes typed with a
 * suffix ("48K"), which cuocc_parse_size understands. */
static gboolean
parse (const CuoccInputField *field,
       gboolean               kib,
       const char            *text,
       gint64                *value)
{
  g_autofree char *copy = g_strstrip (g_strdup (text));
  gint64 number;

  if (*copy == '\0')
    return FALSE;

  if (field->is_size)
    {
      char *end = NULL;
      double kibibytes;

      if (g_ascii_isalpha (copy[strlen (copy) - 1]))
        return cuocc_parse_size (copy, value, NULL);

      if (kib)
        {
          kibibytes = g_ascii_strtod (copy, &end);
          if (end == copy || *end != '\0' || !isfinite (kibibytes) || kibibytes < 0 ||
              kibibytes > G_MAXINT32 / 1024 || kibibytes * 1024 != floor (kibibytes * 1024))
            return FALSE;
          *value = (gint64) (kibibytes * 1024);
          return TRUE;
        }
    }

  if (!g_ascii_string_to_signed (copy, 10, G_MININT32, G_MAXINT32, &number, NULL))
    return FALSE;

  *value = number;
  return TRUE;
}

static void
set_marked (GtkWidget *widget,
            gboolean   marked)
{
  if (marked)
    gtk_widget_add_css_class (widget, "error");
  else
    gtk_widget_remove_css_class (widget, "error");
}

/* ----- public API ----- */

/* Reads the field's text, marks it where it is wrong and says what is
 * allowed beneath it. kib: a size without a suffix is in KiB. */
void
cuocc_input_field_check (CuoccInputField *f,
                         gboolean         kib)
{
  g_autofree char *range = format_range (f, f->max);
  g_autofree char *hint = NULL;
  gint64 value = 0;

  g_return_if_fail (f != NULL && GTK_IS_ENTRY (f->entry) && GTK_IS_LABEL (f->hint));

  if (!parse (f, kib, gtk_editable_get_text (GTK_EDITABLE (f->entry)), &value) ||
      value < f->min)
    {
      f->status = CUOCC_FIELD_STATUS_INVALID;
      /* Translators: shown under an input, e.g. "Enter a whole number: 1–1,024" */
      hint = g_strdup_printf (f->is_size ? _("Enter a size: %s") : _("Enter a whole number: %s"), range);
    }
  else if (value > f->limit)
    {
      g_autofree char *typed = format_value (f, value);
      g_autofree char *answered = format_range (f, f->limit);

      f->status = CUOCC_FIELD_STATUS_INVALID;
      /* Translators: shown under an input, e.g. "2,000,000 is more than cuocc answers for: 1–1,048,576" */
      hint = g_strdup_printf (_("%s is more than cuocc answers for: %s"), typed, answered);
    }
  else if (value > f->max)
    {
      g_autofree char *typed = format_value (f, value);

      f->status = CUOCC_FIELD_STATUS_BEYOND_GPU;
      f->value = value;
      /* Translators: shown under an input, e.g. "2,000 is more than this GPU allows: 1–1,024" */
      hint = g_strdup_printf (_("%s is more than this GPU allows: %s"), typed, range);
    }
  else
    {
      f->status = CUOCC_FIELD_STATUS_OK;
      f->value = value;
      /* Translators: shown under an input, e.g. "Allowed: 1–1,024" */
      hint = g_strdup_printf (_("Allowed: %s"), range);
    }

  if (f->origin != NULL)
    {
      char *full = g_strdup_printf ("%s · %s", hint, f->origin);

      g_free (hint);
      hint = full;
    }
  gtk_label_set_label (f->hint, hint);
  set_marked (GTK_WIDGET (f->entry), f->status != CUOCC_FIELD_STATUS_OK);
  set_marked (GTK_WIDGET (f->hint), f->status != CUOCC_FIELD_STATUS_OK);
  gtk_widget_set_tooltip_text (GTK_WIDGET (f->entry), hint);
  gtk_accessible_update_state (GTK_ACCESSIBLE (f->entry),
                               GTK_ACCESSIBLE_STATE_INVALID,
                               f->status == CUOCC_FIELD_STATUS_OK ? GTK_ACCESSIBLE_INVALID_FALSE
                                                     : GTK_ACCESSIBLE_INVALID_TRUE,
                               -1);
}
