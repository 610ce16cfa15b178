/* cuocc-cli-advice.c — --advise: what to change for a higher occupancy.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cuocc-cli-advice.h"

static const char *const column_names[] = {
  "kind", "blocks", "active_warps", "occupancy_pct", "regs", "smem", "block_size",
  "launch_bounds", "text",
};

/* ------------------------------------------------------------------ */
/* Helpers                                                             */
/* ------------------------------------------------------------------ */

static void
put_key (CliWriter *writer,
         CliFormat  format,
         guint      column)
{
  if (format == CLI_FORMAT_CSV)
    {
      if (column > 0)
        cli_writer_putc (writer, ',');
      return;
    }
  cli_writer_puts (writer, column > 0 ? ", \"" : "{\"");
  cli_writer_puts (writer, column_names[column]);
  cli_writer_puts (writer, "\": ");
}

/* A figure that does not apply is empty in CSV and null in JSON. */
static void
put_optional_int (CliWriter *writer,
                  CliFormat  format,
                  guint      column,
                  gboolean   applies,
                  gint64     value)
{
  put_key (writer, format, column);
  if (applies)
    cli_writer_put_int (writer, value);
  else if (format == CLI_FORMAT_JSON)
    cli_writer_puts (writer, "null");
}

static void
put_string (CliWriter  *writer,
            CliFormat   format,
            guint       column,
            const char *text)
{
  put_key (writer, format, column);
  if (format == CLI_FORMAT_CSV)
    cli_writer_put_csv (writer, text);
  else
    cli_writer_put_json (writer, text);
}

static void
put_advice (CliWriter         *writer,
            CliFormat          format,
            const CuoccAdvice *a)
{
  gboolean reaches = a->kind != CUOCC_ADVICE_WARNING;
  guint c = 0;

  put_string (writer, format, c++, cli_advice_kind_name (a->kind));
  put_optional_int (writer, format, c++, reaches, a->blocks);
  put_optional_int (writer, format, c++, reaches, a->active_warps);
  put_key (writer, format, c++);
  if (reaches)
    cli_writer_put_percent (writer, a->occupancy);
  else if (format == CLI_FORMAT_JSON)
    cli_writer_puts (writer, "null");
  put_optional_int (writer, format, c++, a->regs >= 0, a->regs);
  put_optional_int (writer, format, c++, a->smem >= 0, a->smem);
  put_optional_int (writer, format, c++, a->block_size > 0, a->block_size);
  put_string (writer, format, c++, a->launch_bounds);
  put_string (writer, format, c++, a->text);
  g_assert (c == G_N_ELEMENTS (column_names));
  if (format == CLI_FORMAT_JSON)
    cli_writer_putc (writer, '}');
}

/* ------------------------------------------------------------------ */
/* Public API                                                          */
/* ------------------------------------------------------------------ */

const char *
cli_advice_kind_name (CuoccAdviceKind kind)
{
  switch (kind)
    {
    case CUOCC_ADVICE_LEVEL:
      return "level";
    case CUOCC_ADVICE_BLOCK_SIZE:
      return "block_size";
    case CUOCC_ADVICE_MORE_REGISTERS:
      return "more_registers";
    case CUOCC_ADVICE_CLUSTER_SIZE:
      return "cluster_size";
    case CUOCC_ADVICE_WARNING:
    default:
      return "warning";
    }
}

gboolean
cli_advice_parse_spills (const char        *text,
                         CuoccAdviceExtra  *extra,
                         GError           **error)
{
  g_auto(GStrv) parts = g_strsplit (text, ",", -1);
  guint64 stores, loads;

  if (g_strv_length (parts) != 2 ||
      !g_ascii_string_to_unsigned (g_strstrip (parts[0]), 10, 0, G_MAXINT, &stores, NULL) ||
      !g_ascii_string_to_unsigned (g_strstrip (parts[1]), 10, 0, G_MAXINT, &loads, NULL))
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT,
                   _("--spills: “%s” is not a spill count; give STORES,LOADS in bytes as ptxas reports them, e.g. 24,16"),
                   text);
      return FALSE;
    }
  extra->spill_stores = (int) stores;
  extra->spill_loads = (int) loads;
  return TRUE;
}

void
cli_advice_append_text (GString         *out,
                        const GPtrArray *advice)
{
  g_string_append_printf (out, "\n%s\n", _("Advice"));
  if (advice->len == 0)
    {
      g_string_append_printf (out, "  %s\n", _("Nothing to change: no suggestion reaches a higher occupancy."));
      return;
    }
  for (guint i = 0; i < advice->len; i++)
    {
      const CuoccAdvice *a = g_ptr_array_index (advice, i);

      g_string_append_printf (out, "  - %s\n", a->text);
    }
}

void
cli_advice_write_table (CliWriter       *writer,
                        CliFormat        format,
                        const GPtrArray *advice)
{
  g_assert (format == CLI_FORMAT_CSV || format == CLI_FORMAT_JSON);

  if (format == CLI_FORMAT_CSV)
    {
      for (guint c = 0; c < G_N_ELEMENTS (column_names); c++)
        {
          if (c > 0)
            cli_writer_putc (writer, ',');
          cli_writer_puts (writer, column_names[c]);
        }
      cli_writer_putc (writer, '\n');
    }
  else
    cli_writer_putc (writer, '[');

  for (guint i = 0; i < advice->len; i++)
    {
      if (format == CLI_FORMAT_JSON)
        cli_writer_puts (writer, i > 0 ? ",\n  " : "\n  ");
      put_advice (writer, format, g_ptr_array_index (advice, i));
      if (format == CLI_FORMAT_CSV)
        cli_writer_putc (writer, '\n');
    }

  if (format == CLI_FORMAT_JSON)
    cli_writer_puts (writer, advice->len > 0 ? "\n]\n" : "]\n");
}
