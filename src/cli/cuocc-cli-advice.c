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

/* ----- helpers ----- */

static const char *
advice_kind_name (CuoccAdviceKind kind)
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

/* A figure that does not apply is empty in CSV and null in JSON. */
static CuoccCell
optional_int (gboolean applies,
              gint64   value)
{
  return applies ? cuocc_cell_int (value) : cuocc_cell_null ();
}

static void
put_advice (CliWriter         *writer,
            CliFormat          format,
            const CuoccAdvice *a)
{
  gboolean reaches = a->kind != CUOCC_ADVICE_WARNING;
  CuoccCell cells[G_N_ELEMENTS (column_names)];
  guint c = 0;

  cells[c++] = cuocc_cell_string (advice_kind_name (a->kind));
  cells[c++] = optional_int (reaches, a->blocks);
  cells[c++] = optional_int (reaches, a->active_warps);
  cells[c++] = reaches ? cuocc_cell_percent (a->occupancy) : cuocc_cell_null ();
  cells[c++] = optional_int (a->regs >= 0, a->regs);
  cells[c++] = optional_int (a->smem >= 0, a->smem);
  cells[c++] = optional_int (a->block_size > 0, a->block_size);
  cells[c++] = cuocc_cell_string (a->launch_bounds);
  cells[c++] = cuocc_cell_string (a->text);
  g_assert (c == G_N_ELEMENTS (column_names));
  cuocc_table_append_row (writer->buf, cli_table_format (format), column_names, cells, c);
  cli_writer_commit (writer);
}

/* ----- public API ----- */

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
    cli_writer_put_header (writer, column_names, G_N_ELEMENTS (column_names));
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
