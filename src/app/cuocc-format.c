/* cuocc-format.c — numbers as the app shows them: grouped digits in the
 * user's locale, sizes in KiB where they divide evenly.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <locale.h>
#include <string.h>

#include <glib/gi18n.h>

#include "cuocc-format.h"

char *
cuocc_format_count (gint64 value)
{
  return g_strdup_printf ("%'" G_GINT64_FORMAT, value);
}

char *
cuocc_format_bytes (gint64 bytes)
{
  g_autofree char *number = NULL;

  if (bytes >= 1024 && bytes % 1024 == 0)
    {
      number = cuocc_format_count (bytes / 1024);
      /* Translators: a size in kibibytes, e.g. "48 KiB" */
      return g_strdup_printf (_("%s KiB"), number);
    }

  number = cuocc_format_count (bytes);
  /* Translators: a size in bytes, e.g. "1,536 bytes" */
  return g_strdup_printf (ngettext ("%s byte", "%s bytes", bytes), number);
}

char *
cuocc_format_blocks (int blocks)
{
  if (blocks == CUOCC_UNLIMITED)
    return g_strdup (_("unlimited"));

  return cuocc_format_count (blocks);
}

/* The digits of the results format (cuocc-table.h), so that the window,
 * its exports and the command line round a percentage alike; only the
 * decimal point is the user's locale's. */
static char *
percent_number (double fraction)
{
  char number[CUOCC_TABLE_PERCENT_SIZE];
  const char *point = localeconv ()->decimal_point;
  char *dot;

  cuocc_table_format_percent (fraction, number);
  dot = strchr (number, '.');
  if (dot != NULL && g_strcmp0 (point, ".") != 0 && point != NULL && *point != '\0')
    {
      *dot = '\0';
      return g_strconcat (number, point, dot + 1, NULL);
    }
  return g_strdup (number);
}

char *
cuocc_format_percent (double fraction)
{
  g_autofree char *number = percent_number (fraction);

  /* Translators: a percentage, e.g. "62.5 %" */
  return g_strdup_printf (_("%s %%"), number);
}

/* A difference of percentages, in points, with the percentages' digits. */
char *
cuocc_format_points (double points)
{
  g_autofree char *number = percent_number (points / 100.0);

  /* Translators: a difference of occupancy in percentage points, e.g. "37.5 pts" */
  return g_strdup_printf (_("%s pts"), number);
}

char *
cuocc_format_cc (int major,
                 int minor)
{
  return g_strdup_printf ("%d.%d", major, minor);
}

/* A count or a size, by what it counts. */
char *
cuocc_format_amount (gint64    value,
                     CuoccUnit unit)
{
  return unit == CUOCC_UNIT_BYTES ? cuocc_format_bytes (value) : cuocc_format_count (value);
}

/* A figure of the GPU data: a dash where the GPU has no such thing, an
 * asterisk where no source gives it (only a count is ever assumed). */
char *
cuocc_format_figure (const CuoccFigureValue *value)
{
  g_autofree char *number = NULL;

  if (value->absent)
    return g_strdup ("–");

  number = cuocc_format_amount (value->value, value->unit);
  return value->assumed ? g_strconcat (number, "*", NULL) : g_steal_pointer (&number);
}

/* At most max_chars characters of valid UTF-8, cut with an ellipsis: text
 * from outside (a kernel's name, a file name, a GPU id) is never laid out
 * whole, however long it is. */
char *
cuocc_format_capped (const char *text,
                     glong       max_chars)
{
  g_autofree char *valid = NULL;
  const char *end;

  g_return_val_if_fail (max_chars > 1, NULL);

  if (text == NULL)
    return NULL;
  valid = g_utf8_make_valid (text, -1);
  if (g_utf8_strlen (valid, -1) <= max_chars)
    return g_steal_pointer (&valid);
  end = g_utf8_offset_to_pointer (valid, max_chars - 1);
  return g_strdup_printf ("%.*s…", (int) (end - valid), valid);
}

/* At most max_chars characters of valid UTF-8, the middle left out for an
 * ellipsis: a kernel's name keeps its start (the template) and its end (the
 * last template arguments, where the instances of one template often
 * differ). */
char *
cuocc_format_capped_middle (const char *text,
                            glong       max_chars)
{
  g_autofree char *valid = NULL;
  glong length, head, tail;
  const char *head_end, *tail_start;

  g_return_val_if_fail (max_chars > 2, NULL);

  if (text == NULL)
    return NULL;
  valid = g_utf8_make_valid (text, -1);
  length = g_utf8_strlen (valid, -1);
  if (length <= max_chars)
    return g_steal_pointer (&valid);
  head = (max_chars - 1) / 2;
  tail = max_chars - 1 - head;
  head_end = g_utf8_offset_to_pointer (valid, head);
  tail_start = g_utf8_offset_to_pointer (valid, length - tail);
  return g_strdup_printf ("%.*s…%s", (int) (head_end - valid), valid, tail_start);
}

/* The limiting factors, short: "Registers, Shared memory" (the table's
 * Limiter column and the comparison's cells). */
char *
cuocc_format_limiters (guint limiters)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new ();

  for (int bit = 0; bit < CUOCC_N_LIMITS; bit++)
    if (limiters & (1u << bit))
      g_ptr_array_add (parts, (gpointer) cuocc_limit_title (1u << bit));
  g_ptr_array_add (parts, NULL);
  /* Translators: the separator between limiting factors, e.g. "Registers, Shared memory" */
  return g_strjoinv (_(", "), (char **) parts->pdata);
}
