/* cuocc-cli-gpus.c — the GPU database as text.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cuocc-cli-gpus.h"
#include "cuocc-cli-report.h"

#define LABEL_WIDTH 36
#define COLUMN_WIDTH 11
#define COLUMNS_PER_BLOCK 8

typedef char *(*WordsFunc) (const CuoccCapability *cap);

/* A row of the table: a figure in words, with its label, or one of
 * cuocc_capability_figure's, labelled by cuocc_figure_label(). */
typedef struct {
  const char *label;               /* NULL: the figure's own */
  WordsFunc words;
  CuoccFigure figure;
} Figure;

/* ----- helpers ----- */

static char *
fig_cc (const CuoccCapability *cap)
{
  return g_strdup_printf ("%d.%d", cap->major, cap->minor);
}

static char *
fig_architecture (const CuoccCapability *cap)
{
  return g_strdup (cap->architecture);
}

static char *
fig_reg_granularity (const CuoccCapability *cap)
{
  return g_strdup (cap->reg_alloc_granularity == CUOCC_ALLOC_WARP ? _("warp") : _("block"));
}

static char *
fig_caching (const CuoccCapability *cap)
{
  return g_strdup (cap->partitioned_caching ? _("yes") : _("no"));
}

static const Figure figures[] = {
  { N_("Compute capability"), fig_cc },
  { N_("Architecture"), fig_architecture },
  { NULL, NULL, CUOCC_FIGURE_WARP_SIZE },
  { NULL, NULL, CUOCC_FIGURE_MAX_THREADS_PER_BLOCK },
  { NULL, NULL, CUOCC_FIGURE_MAX_WARPS_PER_SM },
  { NULL, NULL, CUOCC_FIGURE_MAX_THREADS_PER_SM },
  { NULL, NULL, CUOCC_FIGURE_MAX_BLOCKS_PER_SM },
  { NULL, NULL, CUOCC_FIGURE_REGS_PER_SM },
  { NULL, NULL, CUOCC_FIGURE_MAX_REGS_PER_BLOCK },
  { NULL, NULL, CUOCC_FIGURE_MAX_REGS_PER_THREAD },
  { NULL, NULL, CUOCC_FIGURE_REG_ALLOC_UNIT },
  { N_("Register allocation granularity"), fig_reg_granularity },
  { NULL, NULL, CUOCC_FIGURE_WARP_ALLOC_GRANULARITY },
  { NULL, NULL, CUOCC_FIGURE_SUB_PARTITIONS },
  { NULL, NULL, CUOCC_FIGURE_SMEM_PER_SM },
  { NULL, NULL, CUOCC_FIGURE_SMEM_PER_BLOCK },
  { NULL, NULL, CUOCC_FIGURE_SMEM_PER_BLOCK_OPTIN },
  { NULL, NULL, CUOCC_FIGURE_SMEM_RESERVED_PER_BLOCK },
  { NULL, NULL, CUOCC_FIGURE_SMEM_ALLOC_UNIT },
  { NULL, NULL, CUOCC_FIGURE_BARRIERS_PER_SM },
  { N_("Partitioned global caching"), fig_caching },
  { NULL, NULL, CUOCC_FIGURE_MAX_CLUSTER_SIZE },
  { NULL, NULL, CUOCC_FIGURE_CLUSTER_BLOCKS_PER_SM },
};

/* Plain digits, bytes included; "-" where the capability has no such thing. */
static char *
figure_text (const Figure          *figure,
             const CuoccCapability *cap)
{
  CuoccFigureValue value;

  if (figure->words != NULL)
    return figure->words (cap);
  cuocc_capability_figure (cap, figure->figure, &value);
  if (value.absent)
    return g_strdup ("-");
  return g_strdup_printf ("%" G_GINT64_FORMAT "%s", value.value, value.assumed ? "*" : "");
}

static void
append_block (GString                      *out,
              const CuoccCapability *const *caps,
              guint                         n_caps)
{
  for (guint f = 0; f < G_N_ELEMENTS (figures); f++)
    {
      const char *label = figures[f].label != NULL ? _(figures[f].label)
                                                   : cuocc_figure_label (figures[f].figure, CUOCC_FIGURE_WORDING_REPORT);

      cli_append_padded (out, label, LABEL_WIDTH, FALSE);
      for (guint i = 0; i < n_caps; i++)
        {
          g_autofree char *value = figure_text (&figures[f], caps[i]);

          cli_append_padded (out, value, COLUMN_WIDTH, TRUE);
        }
      g_string_append_c (out, '\n');
    }
}

static void
append_details (GString               *out,
                const CuoccCapability *cap)
{
  g_string_append_printf (out, "%d.%d  %s", cap->major, cap->minor, cap->architecture);
  if (cap->chips != NULL && *cap->chips != '\0')
    g_string_append_printf (out, " (%s)", cap->chips);
  g_string_append (out, "\n");
  g_string_append_printf (out, "     %s", _("Shared memory configurations (bytes):"));
  for (int i = 0; i < cap->n_smem_configs; i++)
    g_string_append_printf (out, " %d", cap->smem_configs[i]);
  g_string_append_c (out, '\n');
  if (cap->source != NULL && *cap->source != '\0')
    g_string_append_printf (out, "     %s %s\n", _("Source:"), cap->source);
  if (cap->notes != NULL && *cap->notes != '\0')
    g_string_append_printf (out, "     %s %s\n", _("Notes:"), cap->notes);
}

/* ----- public API ----- */

char *
cli_gpus_list (void)
{
  g_autoptr(GString) out = g_string_new (NULL);
  const CuoccProduct *products;
  const CuoccCapability *caps;
  guint n_products = 0, n_caps = 0;
  int name_width = 4;

  products = cuocc_products (&n_products);
  caps = cuocc_capabilities (&n_caps);
  for (guint i = 0; i < n_products; i++)
    name_width = MAX (name_width, (int) g_utf8_strlen (products[i].name, -1));

  g_string_append_printf (out, "%s\n", _("Products"));
  cli_append_padded (out, _("Name"), name_width + 2, FALSE);
  cli_append_padded (out, _("CC"), 6, FALSE);
  cli_append_padded (out, _("SMs"), 5, TRUE);
  g_string_append_c (out, '\n');
  for (guint i = 0; i < n_products; i++)
    {
      char cc[16], sms[16];

      g_snprintf (cc, sizeof cc, "%d.%d", products[i].major, products[i].minor);
      g_snprintf (sms, sizeof sms, "%d", products[i].sm_count);
      cli_append_padded (out, products[i].name, name_width + 2, FALSE);
      cli_append_padded (out, cc, 6, FALSE);
      cli_append_padded (out, products[i].sm_count > 0 ? sms : "-", 5, TRUE);
      g_string_append_c (out, '\n');
    }

  g_string_append_printf (out, "\n%s\n", _("Compute capabilities (use with --cc)"));
  for (guint i = 0; i < n_caps; i++)
    {
      char cc[16];

      g_snprintf (cc, sizeof cc, "%d.%d", caps[i].major, caps[i].minor);
      cli_append_padded (out, cc, 6, FALSE);
      g_string_append (out, caps[i].architecture);
      if (caps[i].chips != NULL && *caps[i].chips != '\0')
        g_string_append_printf (out, " (%s)", caps[i].chips);
      g_string_append_c (out, '\n');
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

char *
cli_gpus_data (const CuoccCapability *cap)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GPtrArray) caps = g_ptr_array_new ();

  if (cap != NULL)
    g_ptr_array_add (caps, (gpointer) cap);
  else
    {
      guint n_caps = 0;
      const CuoccCapability *all = cuocc_capabilities (&n_caps);

      for (guint i = 0; i < n_caps; i++)
        g_ptr_array_add (caps, (gpointer) &all[i]);
    }

  for (guint first = 0; first < caps->len; first += COLUMNS_PER_BLOCK)
    {
      if (first > 0)
        g_string_append_c (out, '\n');
      append_block (out, (const CuoccCapability *const *) caps->pdata + first,
                    MIN (COLUMNS_PER_BLOCK, caps->len - first));
    }

  g_string_append_printf (out, "\n%s\n", _("*: assumed, no public source gives it; the notes say from what"));
  g_string_append_printf (out, "\n%s\n", _("Shared memory configurations and sources"));
  for (guint i = 0; i < caps->len; i++)
    append_details (out, caps->pdata[i]);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

char *
cli_gpus_detected (void)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  CuoccGpu gpus[16];
  int n = cuocc_detect_gpus (gpus, G_N_ELEMENTS (gpus), &error);

  g_string_append_printf (out, "\n%s\n", _("This machine (use with --gpu this)"));
  if (n < 0)
    {
      g_string_append_printf (out, _("No GPU detected: %s\n"), error->message);
      return g_string_free (g_steal_pointer (&out), FALSE);
    }
  if (n == 0)
    g_string_append_printf (out, "%s\n", _("No GPU detected: the CUDA driver reports none"));
  for (int i = 0; i < n; i++)
    {
      char cc[16], sms[16];

      g_snprintf (cc, sizeof cc, "%d.%d", gpus[i].cap.major, gpus[i].cap.minor);
      g_snprintf (sms, sizeof sms, "%d", gpus[i].sm_count);
      cli_append_padded (out, gpus[i].name, 40, FALSE);
      cli_append_padded (out, cc, 6, FALSE);
      cli_append_padded (out, gpus[i].sm_count > 0 ? sms : "-", 5, TRUE);
      g_string_append_c (out, '\n');
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}
