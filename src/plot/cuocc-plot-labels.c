/* cuocc-plot-labels.c — the graphs' words and number formats.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "cuocc-plot-private.h"

/* ----- titles ----- */

const char *
_cuocc_plot_title (CuoccSeriesKind kind)
{
  switch (kind)
    {
    case CUOCC_SERIES_THREADS:
      return _("Impact of varying block size");
    case CUOCC_SERIES_REGS:
      return _("Impact of varying register count per thread");
    case CUOCC_SERIES_SMEM:
      return _("Impact of varying shared memory usage per block");
    case CUOCC_SERIES_BARRIERS:
      return _("Impact of varying block barriers");
    case CUOCC_SERIES_CLUSTER_SIZE:
      return _("Impact of varying cluster size");
    default:
      return "";
    }
}

const char *
_cuocc_plot_x_title (CuoccSeriesKind kind)
{
  switch (kind)
    {
    case CUOCC_SERIES_THREADS:
      return _("Threads per block");
    case CUOCC_SERIES_REGS:
      return _("Registers per thread");
    case CUOCC_SERIES_SMEM:
      return _("Shared memory per block (KiB)");
    case CUOCC_SERIES_BARRIERS:
      return _("Block barriers per block");
    case CUOCC_SERIES_CLUSTER_SIZE:
      return _("Blocks per cluster (0: no clusters; the whole GPU, averaged per SM)");
    default:
      return "";
    }
}

const char *
_cuocc_plot_y_title (CuoccPlotYUnit unit)
{
  return unit == CUOCC_PLOT_Y_WARPS ? _("Active warps per SM") : _("Occupancy (%)");
}

const char *
_cuocc_plot_heatmap_title (CuoccSeriesKind y_kind)
{
  return y_kind == CUOCC_SERIES_SMEM
         ? _("Occupancy by block size and shared memory per block")
         : _("Occupancy by block size and registers per thread");
}

/* ----- numbers ----- */

/* Writes value / 1024 with up to three decimals and no trailing zeros. */
void
_cuocc_plot_format_kib (gint64       bytes,
                        const char  *suffix,
                        char        *buf,
                        gsize        size)
{
  gint64 whole = bytes / 1024;
  gint64 thousandths = ((bytes % 1024) * 1000 + 512) / 1024;

  if (thousandths == 1000)
    {
      whole++;
      thousandths = 0;
    }

  if (thousandths == 0)
    g_snprintf (buf, size, "%" G_GINT64_FORMAT "%s", whole, suffix);
  else
    {
      char frac[8];
      gsize len;

      g_snprintf (frac, sizeof frac, "%03" G_GINT64_FORMAT, thousandths);
      len = strlen (frac);
      while (len > 1 && frac[len - 1] == '0')
        frac[--len] = '\0';
      g_snprintf (buf, size, "%" G_GINT64_FORMAT ".%s%s", whole, frac, suffix);
    }
}

void
_cuocc_plot_format_x_tick (CuoccSeriesKind kind,
                           gint64          value,
                           char           *buf,
                           gsize           size)
{
  if (kind == CUOCC_SERIES_SMEM && value != 0)
    _cuocc_plot_format_kib (value, "K", buf, size);
  else
    g_snprintf (buf, size, "%" G_GINT64_FORMAT, value);
}

/* A size for a sentence: "48 KiB", "1.5 KiB", "200 bytes". */
void
_cuocc_plot_format_size (gint64  bytes,
                         char   *buf,
                         gsize   size)
{
  if (bytes != 0 && bytes % 128 == 0)
    _cuocc_plot_format_kib (bytes, " KiB", buf, size);
  else
    g_snprintf (buf, size, ngettext ("%d byte", "%d bytes", (int) bytes), (int) bytes);
}

/* The digits of the results format (cuocc-table.h), so that a graph's
 * read-out and the exported figures round alike. */
void
_cuocc_plot_format_percent (double  fraction,
                            char   *buf,
                            gsize   size)
{
  char number[CUOCC_TABLE_PERCENT_SIZE];

  cuocc_table_format_percent (fraction, number);
  g_snprintf (buf, size, "%s %%", number);
}

void
_cuocc_plot_format_config (gint64  bytes,
                           char   *buf,
                           gsize   size)
{
  if (bytes < 0)
    g_strlcpy (buf, _("Current config"), size);
  else
    {
      char kib[24];

      _cuocc_plot_format_kib (bytes, "", kib, sizeof kib);
      /* TRANSLATORS: a shared memory configuration in the legend, "100 KiB config" */
      g_snprintf (buf, size, _("%s KiB config"), kib);
    }
}

/* ----- captions ----- */

static void
append_config (GString          *out,
               const CuoccGpu   *gpu,
               const CuoccInput *input)
{
  char size[32];

  if (g_str_has_prefix (gpu->name, "Compute capability"))
    g_string_append (out, gpu->name);
  else
    /* TRANSLATORS: a GPU in an exported graph's caption: "NVIDIA H100 SXM5 (compute capability 9.0)" */
    g_string_append_printf (out, _("%s (compute capability %d.%d)"), gpu->name, gpu->cap.major, gpu->cap.minor);

  g_string_append (out, ": ");
  g_string_append_printf (out, ngettext ("%d thread per block", "%d threads per block", input->threads), input->threads);
  g_string_append (out, ", ");
  g_string_append_printf (out, ngettext ("%d register per thread", "%d registers per thread", input->regs), input->regs);
  g_string_append (out, ", ");
  _cuocc_plot_format_size (input->smem, size, sizeof size);
  /* TRANSLATORS: "12 KiB shared memory per block" */
  g_string_append_printf (out, _("%s shared memory per block"), size);
  if (input->smem_config >= 0)
    {
      _cuocc_plot_format_size (input->smem_config, size, sizeof size);
      g_string_append (out, ", ");
      /* TRANSLATORS: "100 KiB shared memory configuration" */
      g_string_append_printf (out, _("%s shared memory configuration"), size);
    }
  if (input->cluster_size > 0)
    {
      g_string_append (out, ", ");
      g_string_append_printf (out, ngettext ("clusters of %d block", "clusters of %d blocks", input->cluster_size),
                              input->cluster_size);
    }
}

char *
cuocc_plot_caption (const CuoccGpu   *gpu,
                    const CuoccInput *input,
                    const CuoccGpu   *pinned_gpu,
                    const CuoccInput *pinned_input)
{
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (gpu != NULL && input != NULL, NULL);

  append_config (out, gpu, input);
  if (pinned_gpu != NULL && pinned_input != NULL)
    {
      g_string_append_c (out, '\n');
      /* TRANSLATORS: the caption's second line, before the pinned configuration */
      g_string_append (out, _("Dashed, pinned: "));
      append_config (out, pinned_gpu, pinned_input);
    }

  return g_string_free (out, FALSE);
}
