/* cuocc-cli-report.c — the readable report of one configuration.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cuocc-cli-advice.h"
#include "cuocc-cli-report.h"
#include "cuocc-cli-table.h"

#define LABEL_WIDTH 38
#define CELL_WIDTH 14

/* ----- helpers ----- */

/* 98304 → "98304 bytes (96 KiB)". */
static char *
format_bytes (gint64 bytes)
{
  char number[24], kib[24];

  g_snprintf (number, sizeof number, "%" G_GINT64_FORMAT, bytes);
  if (bytes <= 0 || bytes % 1024 != 0)
    return g_strdup_printf (_("%s bytes"), number);
  g_snprintf (kib, sizeof kib, "%" G_GINT64_FORMAT, bytes / 1024);
  return g_strdup_printf (_("%s bytes (%s KiB)"), number, kib);
}

/* The columns a terminal gives text: CJK characters take two, combining
 * marks none. */
static int
display_width (const char *text)
{
  int width = 0;

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_iszerowidth (c))
        continue;
      width += g_unichar_iswide (c) ? 2 : 1;
    }
  return width;
}

/* Pads by display columns, not bytes, so translated labels line up. A
 * right-aligned cell as wide as its column still keeps a space before it. */
void
cli_append_padded (GString    *out,
                   const char *text,
                   int         width,
                   gboolean    right)
{
  int pad = MAX (0, width - display_width (text));

  if (right && pad == 0)
    pad = 1;
  if (right)
    for (int i = 0; i < pad; i++)
      g_string_append_c (out, ' ');
  g_string_append (out, text);
  if (!right)
    for (int i = 0; i < pad; i++)
      g_string_append_c (out, ' ');
}

static void
append_line (GString    *out,
             const char *label,
             const char *value)
{
  g_string_append (out, "  ");
  cli_append_padded (out, label, LABEL_WIDTH - 2, FALSE);
  if (display_width (label) >= LABEL_WIDTH - 2)
    g_string_append_c (out, ' ');
  g_string_append (out, value);
  g_string_append_c (out, '\n');
}

static void
append_line_int (GString    *out,
                 const char *label,
                 gint64      value)
{
  char buf[32];

  g_snprintf (buf, sizeof buf, "%" G_GINT64_FORMAT, value);
  append_line (out, label, buf);
}

static void
append_line_bytes (GString    *out,
                   const char *label,
                   gint64      bytes)
{
  g_autofree char *text = format_bytes (bytes);

  append_line (out, label, text);
}

static char *
format_limit (gint64 value)
{
  if (value == CUOCC_UNLIMITED)
    return g_strdup (_("unlimited"));
  return g_strdup_printf ("%" G_GINT64_FORMAT, value);
}

/* Translatable strings cannot hold G_GINT64_FORMAT, so counts go in as text. */
static char *
int64_text (gint64 value)
{
  return g_strdup_printf ("%" G_GINT64_FORMAT, value);
}

static void
append_resource (GString                *out,
                 const CuoccResourceRow *row)
{
  g_autofree char *per_block = int64_text (row->per_block);
  g_autofree char *per_sm = row->per_sm == CUOCC_UNLIMITED ? g_strdup ("-") : int64_text (row->per_sm);
  g_autofree char *blocks = format_limit (row->blocks);

  g_string_append (out, "  ");
  cli_append_padded (out, row->name, 18, FALSE);
  cli_append_padded (out, per_block, CELL_WIDTH, TRUE);
  cli_append_padded (out, per_sm, CELL_WIDTH, TRUE);
  cli_append_padded (out, blocks, CELL_WIDTH, TRUE);
  if (row->limiting)
    g_string_append (out, _("  <- limiter"));
  g_string_append_c (out, '\n');
}

static void
append_resources (GString           *out,
                  const CuoccGpu    *gpu,
                  const CuoccInput  *input,
                  const CuoccResult *result)
{
  CuoccResourceRow rows[CUOCC_N_LIMITS];

  g_string_append_printf (out, "\n%s\n", _("Allocated resources"));
  g_string_append (out, "  ");
  cli_append_padded (out, "", 18, FALSE);
  cli_append_padded (out, _("Per block"), CELL_WIDTH, TRUE);
  cli_append_padded (out, _("Limit per SM"), CELL_WIDTH, TRUE);
  cli_append_padded (out, _("Blocks per SM"), CELL_WIDTH, TRUE);
  g_string_append_c (out, '\n');

  cuocc_table_resource_rows (gpu, input, result, rows);
  for (guint i = 0; i < CUOCC_N_LIMITS; i++)
    append_resource (out, &rows[i]);
}

static char *
format_wave_count (const CuoccWaves *waves,
                   gboolean          clusters)
{
  g_autofree char *total = int64_text (waves->waves);
  g_autofree char *full = int64_text (waves->full_waves);
  g_autofree char *tail = int64_text (waves->tail_blocks);
  g_autofree char *per_wave = int64_text (waves->blocks_per_wave);
  g_autofree char *fill = cli_percent_text (waves->tail_fill);

  if (waves->tail_blocks == 0)
    return g_strdup_printf (ngettext ("%s (a full wave)", "%s (all full)", waves->waves), total);
  if (clusters && waves->full_waves == 0)
    return g_strdup_printf (_("1 (a single wave %s %% full: %s of %s clusters)"), fill, tail, per_wave);
  if (clusters)
    return g_strdup_printf (ngettext ("%s (%s full + a last wave %s %% full: %s of %s clusters)",
                                      "%s (%s full + a last wave %s %% full: %s of %s clusters)",
                                      waves->full_waves),
                            total, full, fill, tail, per_wave);
  if (waves->full_waves == 0)
    return g_strdup_printf (_("1 (a single wave %s %% full: %s of %s blocks)"), fill, tail, per_wave);
  return g_strdup_printf (ngettext ("%s (%s full + a last wave %s %% full: %s of %s blocks)",
                                    "%s (%s full + a last wave %s %% full: %s of %s blocks)",
                                    waves->full_waves),
                          total, full, fill, tail, per_wave);
}

static void
append_waves (GString               *out,
              const CuoccGpu        *gpu,
              const CliReportExtras *extras)
{
  const CuoccWaves *waves = extras->waves;
  g_autofree char *grid_count = int64_text (extras->grid);
  g_autofree char *grid = g_strdup_printf (ngettext ("%s block", "%s blocks", extras->grid), grid_count);
  g_autofree char *per_wave_count = NULL;
  g_autofree char *per_wave = NULL;
  g_autofree char *count = NULL;
  g_autofree char *busy_pct = NULL;
  g_autofree char *busy = NULL;

  g_string_append_printf (out, ngettext ("\nWaves on %d multiprocessor\n",
                                         "\nWaves on %d multiprocessors\n",
                                         gpu->sm_count),
                          gpu->sm_count);
  if (extras->clusters != NULL)
    {
      g_free (grid);
      grid = g_strdup_printf (ngettext ("%s cluster", "%s clusters", extras->grid), grid_count);
    }
  append_line (out, _("Grid size"), grid);
  if (waves == NULL)
    {
      g_string_append_printf (out, "  %s\n", extras->waves_problem);
      return;
    }

  per_wave_count = int64_text (waves->blocks_per_wave);
  if (extras->clusters != NULL)
    {
      per_wave = g_strdup_printf (_("%s (the max active clusters)"), per_wave_count);
      append_line (out, _("Clusters per wave"), per_wave);
    }
  else
    {
      per_wave = g_strdup_printf (_("%s (%d per SM × %d SMs)"), per_wave_count, waves->blocks_per_sm, waves->sm_count);
      append_line (out, _("Blocks per wave"), per_wave);
    }
  count = format_wave_count (waves, extras->clusters != NULL);
  append_line (out, _("Waves"), count);
  busy_pct = cli_percent_text (waves->efficiency);
  busy = g_strdup_printf ("%s %%", busy_pct);
  append_line (out, _("Block slots busy over all waves"), busy);
}

static char *
cluster_cap_text (const CuoccGpu      *gpu,
                  const CuoccClusters *c)
{
  if (c->cap_assumed)
    return g_strdup_printf (_("%d (the launch's cap of %d per SM: an assumption for compute capability %d.%d, seen on 9.0 and 10.0)"),
                            c->blocks_per_sm, c->blocks_per_sm_cap, gpu->cap.major, gpu->cap.minor);
  return g_strdup_printf (_("%d (the launch's cap of %d per SM: %s)"),
                          c->blocks_per_sm, c->blocks_per_sm_cap, gpu->cap.cluster_cap_source);
}

static void
append_clusters (GString             *out,
                 const CuoccGpu      *gpu,
                 const CuoccResult   *result,
                 const CuoccClusters *c)
{
  g_autofree char *cap = cluster_cap_text (gpu, c);
  g_autofree char *pct = cli_percent_text (c->blocks_lost_fraction);
  g_autofree char *clusters = NULL;
  g_autofree char *lost = NULL;
  g_autofree char *count = NULL;
  g_autofree char *lost_count = NULL;

  g_string_append_printf (out, "\n%s\n", _("Thread block clusters"));
  append_line_int (out, _("Cluster size"), c->cluster_size);
  append_line (out, _("Blocks per SM in a cluster launch"), cap);

  if (c->basis == CUOCC_CLUSTERS_PER_SM)
    {
      lost = g_strdup_printf (_("%d of %d per SM (%s %%)"), c->blocks_lost_per_sm, result->active_blocks, pct);
      append_line (out, _("Blocks lost to the cluster launch"), lost);
      g_string_append_printf (out, "  %s\n",
                              _("A compute capability alone has no SM count: only per-SM figures. Name a GPU product "
                                "for the clusters on the whole GPU."));
      return;
    }

  /* Not one block fits on an SM: no cluster fits either, whatever the
   * table, and nothing is lost to clusters. */
  if (c->blocks_per_sm == 0)
    {
      append_line (out, _("Max active clusters on the GPU"),
                   _("0 (not one block of this configuration fits on an SM, with clusters or without)"));
      append_line (out, _("Blocks lost to cluster placement"), "0 (0 %)");
      return;
    }

  count = g_strdup_printf ("%" G_GINT64_FORMAT, c->max_active_clusters);
  lost_count = g_strdup_printf ("%" G_GINT64_FORMAT, c->blocks_lost);
  switch (c->basis)
    {
    case CUOCC_CLUSTERS_MEASURED:
      clusters = g_strdup_printf (_("%s (measured: %s)"), count, c->source);
      break;
    case CUOCC_CLUSTERS_DRIVER:
      clusters = g_strdup_printf (_("%s (asked of this machine's CUDA driver)"), count);
      break;
    case CUOCC_CLUSTERS_UPPER_BOUND:
    case CUOCC_CLUSTERS_PER_SM:
    default:
      clusters = g_strdup_printf (_("at most %s (an upper bound: no measured table for this GPU; clusters are "
                                    "placed inside GPCs, so fewer may fit)"), count);
      break;
    }
  append_line (out, _("Max active clusters on the GPU"), clusters);
  if (c->basis == CUOCC_CLUSTERS_UPPER_BOUND)
    lost = g_strdup_printf (_("at least %s (%s %%)"), lost_count, pct);
  else
    lost = g_strdup_printf ("%s (%s %%)", lost_count, pct);
  append_line (out, _("Blocks lost to cluster placement"), lost);
}

/* Why a configuration the GPU cannot launch gets an answer, not exit 2:
 * the ranges are the library's, which the app states too. */
static void
append_launch_note (GString               *out,
                    const CuoccCapability *cap,
                    const CuoccResult     *result)
{
  const guint cannot_launch = CUOCC_WARN_THREADS_EXCEED_BLOCK | CUOCC_WARN_REGS_EXCEED_THREAD |
                              CUOCC_WARN_REGS_EXCEED_BLOCK | CUOCC_WARN_SMEM_EXCEED_BLOCK;
  CuoccInputRange threads = cuocc_input_range (cap, CUOCC_INPUT_THREADS);
  CuoccInputRange regs = cuocc_input_range (cap, CUOCC_INPUT_REGS);
  CuoccInputRange smem = cuocc_input_range (cap, CUOCC_INPUT_SMEM);

  if ((result->warnings & cannot_launch) == 0)
    return;
  g_string_append_printf (out, "\n%s\n  ", _("Notes"));
  /* Translators: the numbers are threads per block (2), registers per thread, bytes of shared memory per
     block, the compute capability (2), then the same three limits of that compute capability. */
  g_string_append_printf (out, _("cuocc answers a configuration the GPU cannot launch (0 blocks, exit status 0) "
                                 "instead of refusing it, so that a sweep, a batch or a graph has a row for every "
                                 "configuration: it answers for %lld to %lld threads per block, up to %lld registers "
                                 "per thread and up to %lld bytes of shared memory per block; compute capability "
                                 "%d.%d launches %lld to %lld threads per block, up to %lld registers per thread "
                                 "and up to %lld bytes of shared memory per block."),
                          (long long) threads.min, (long long) threads.max, (long long) regs.max,
                          (long long) smem.max, cap->major, cap->minor, (long long) threads.min,
                          (long long) threads.launch_max, (long long) regs.launch_max, (long long) smem.launch_max);
  g_string_append_c (out, '\n');
}

static void
append_physical_limits (GString        *out,
                        const CuoccGpu *gpu)
{
  const CuoccCapability *cap = &gpu->cap;
  g_autoptr(GString) configs = g_string_new (NULL);

  g_string_append_printf (out, _("\nPhysical limits for compute capability %d.%d\n"), cap->major, cap->minor);
  append_line_int (out, _("Threads per warp"), cap->warp_size);
  append_line_int (out, _("Max warps per SM"), cap->max_warps_per_sm);
  append_line_int (out, _("Max threads per SM"), (gint64) cap->max_warps_per_sm * cap->warp_size);
  append_line_int (out, _("Max thread blocks per SM"), cap->max_blocks_per_sm);
  append_line_int (out, _("Max threads per block"), cap->max_threads_per_block);
  append_line_int (out, _("Registers per SM"), cap->regs_per_sm);
  append_line_int (out, _("Max registers per block"), cap->max_regs_per_block);
  append_line_int (out, _("Max registers per thread"), cap->max_regs_per_thread);
  append_line (out, _("Register allocation granularity"),
               cap->reg_alloc_granularity == CUOCC_ALLOC_WARP ? _("warp") : _("block"));
  append_line_int (out, _("Register allocation unit"), cap->reg_alloc_unit);
  if (cap->warp_alloc_granularity > 0)
    append_line_int (out, _("Warp allocation granularity"), cap->warp_alloc_granularity);
  if (cap->sub_partitions > 0)
    append_line_int (out, _("SM sub-partitions"), cap->sub_partitions);
  for (int i = 0; i < cap->n_smem_configs; i++)
    g_string_append_printf (configs, "%s%d", i > 0 ? ", " : "", cap->smem_configs[i]);
  append_line (out, _("Shared memory configurations"), configs->str);
  append_line_bytes (out, _("Max shared memory per block"), cap->smem_per_block);
  if (cap->smem_per_block_optin > cap->smem_per_block)
    append_line_bytes (out, _("… with opt-in"), cap->smem_per_block_optin);
  append_line_bytes (out, _("Shared memory reserved per block"), cap->smem_reserved_per_block);
  append_line_bytes (out, _("Shared memory allocation unit"), cap->smem_alloc_unit);
  append_line (out, _("Partitioned global caching"), cap->partitioned_caching ? _("yes") : _("no"));
  if (cap->assumed_figures != 0)
    g_string_append_printf (out, _("  No public source gives some of these figures for %d.%d: they are assumed "
                                   "(marked * in cuocc --gpu-data --cc %d.%d, which says from what).\n"),
                            cap->major, cap->minor, cap->major, cap->minor);
}

/* ----- public API ----- */

char *
cli_report_text (const CuoccGpu        *gpu,
                 const CuoccInput      *input,
                 const CuoccResult     *result,
                 const CliReportExtras *extras)
{
  const CuoccCapability *cap = &gpu->cap;
  g_autoptr(GString) out = g_string_new (NULL);
  g_autofree char *percent = cli_percent_text (result->occupancy);
  g_autofree char *occupancy = NULL;
  g_autofree char *warnings = NULL;
  char buf[256];

  g_string_append_printf (out, "%s\n", _("Inputs"));
  append_line (out, _("GPU"), gpu->name);
  g_snprintf (buf, sizeof buf, "%d.%d (%s)", cap->major, cap->minor, cap->architecture);
  append_line (out, _("Compute capability"), buf);
  if (extras->cc_note != NULL)
    append_line (out, _("Note"), extras->cc_note);
  if (gpu->sm_count > 0)
    append_line_int (out, _("Multiprocessors (SMs)"), gpu->sm_count);
  append_line_int (out, _("Threads per block"), input->threads);
  append_line_int (out, _("Registers per thread"), input->regs);
  append_line_bytes (out, _("Shared memory per block"), input->smem);
  if (input->carveout >= 0)
    {
      g_autofree char *bytes = format_bytes (cuocc_carveout_config (cap, input->carveout));
      g_autofree char *text = g_strdup_printf (_("%d %% of the largest configuration → %s"), input->carveout, bytes);

      append_line (out, _("Carveout preference"), text);
    }
  append_line_bytes (out, _("Shared memory configuration"), result->smem_config);
  append_line_int (out, _("Block barriers"), input->barriers);
  append_line (out, _("Global caching"), cuocc_caching_name (result->caching));

  g_string_append_printf (out, "\n%s\n", _("Occupancy of each multiprocessor"));
  occupancy = g_strdup_printf ("%d / %d = %s %%", result->active_warps, cap->max_warps_per_sm, percent);
  append_line (out, _("Occupancy"), occupancy);
  append_line_int (out, _("Active threads per SM"), result->active_threads);
  append_line_int (out, _("Active warps per SM"), result->active_warps);
  append_line_int (out, _("Active thread blocks per SM"), result->active_blocks);

  if (extras->clusters != NULL)
    append_clusters (out, gpu, result, extras->clusters);

  append_resources (out, gpu, input, result);

  g_string_append_printf (out, "\n%s\n", _("Suggestions"));
  append_line_int (out, _("Block size for most occupancy"), extras->best_block_size);
  if (gpu->sm_count > 0 && extras->min_grid_size > 0)
    {
      /* The grid that fills every SM at the block size for most occupancy,
         the line above: say so, it is not the block size asked about. */
      g_autofree char *grid = g_strdup_printf (ngettext ("%d block of %d threads", "%d blocks of %d threads",
                                                         extras->min_grid_size),
                                               extras->min_grid_size, extras->best_block_size);

      append_line (out, _("Minimum grid size for a full GPU"), grid);
    }
  if (result->active_blocks > 0)
    {
      gint64 available = 0;

      if (cuocc_available_dynamic_smem (gpu, input, result->active_blocks, &available, NULL))
        {
          g_autofree char *bytes = format_bytes (available);
          g_autofree char *text = g_strdup_printf (ngettext ("%s at %d block per SM",
                                                             "%s at %d blocks per SM",
                                                             result->active_blocks),
                                                   bytes, result->active_blocks);

          append_line (out, _("Dynamic shared memory to spare"), text);
        }
    }

  if (extras->grid > 0)
    append_waves (out, gpu, extras);
  if (extras->advice != NULL)
    cli_advice_append_text (out, extras->advice);

  append_physical_limits (out, gpu);

  warnings = cuocc_warnings_to_string (gpu, input, result);
  if (warnings != NULL && *warnings != '\0')
    {
      g_auto(GStrv) lines = g_strsplit (g_strstrip (warnings), "\n", -1);

      g_string_append_printf (out, "\n%s\n", _("Warnings"));
      for (guint i = 0; lines[i] != NULL; i++)
        g_string_append_printf (out, "  %s\n", lines[i]);
    }
  append_launch_note (out, cap, result);

  return g_string_free (g_steal_pointer (&out), FALSE);
}
