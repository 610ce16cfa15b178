/* cuocc-plot-layout.c — where everything of a graph goes, from measurement.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The drawing and the pointer's inverse mapping both call
 * plot_layout_compute (), so a click lands on the value drawn under it. Text
 * is measured on a private Pango context, never on the target's, so the
 * layout is the same whether or not a cairo context is at hand.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "cuocc-plot-private.h"

#define TICK_FONT_SCALE 0.92
#define TITLE_FONT_SCALE 1.2
#define DEFAULT_FONT_SIZE 13.0

/* ------------------------------------------------------------------ */
/* Text measurement                                                     */
/* ------------------------------------------------------------------ */

#define LAYOUT_CACHE_SIZE 4

/* Everything plot_layout_compute () reads, so a layout can be reused while
 * the pointer moves or the inputs change within the same ranges. */
typedef struct {
  CuoccSeriesKind kind;
  int max_warps;
  gint64 x_max;
  gint64 last_x;
  PlotSnap snap;
  guint n_lines;
  gint64 configs[PLOT_MAX_LEGEND];
  double width;
  double height;
  double font_size;
  char family[64];
} PlotLayoutKey;

typedef struct {
  gboolean valid;
  gboolean fits;
  PlotLayoutKey key;
  PlotLayout layout;
} PlotLayoutCacheEntry;

#define TEXT_CACHE_SIZE 512

struct _PlotText {
  PangoContext *context;
  GHashTable *layouts;             /* "font\nstring" → PangoLayout */
  PangoFontDescription *font;
  char *font_key;
};

typedef struct {
  PangoContext *context;
  PangoLayout *layout;
  PlotLayoutCacheEntry cache[LAYOUT_CACHE_SIZE];
  guint next;
  PlotText text;
} PlotMeasure;

static void
plot_measure_free (gpointer data)
{
  PlotMeasure *measure = data;

  g_clear_object (&measure->text.context);
  g_clear_pointer (&measure->text.layouts, g_hash_table_unref);
  g_clear_pointer (&measure->text.font, pango_font_description_free);
  g_clear_pointer (&measure->text.font_key, g_free);
  g_object_unref (measure->layout);
  g_object_unref (measure->context);
  g_free (measure);
}

/* Pango's default cairo font map is per thread, so the measuring context is too. */
static GPrivate measure_key = G_PRIVATE_INIT (plot_measure_free);

void
plot_context_setup (PangoContext *context)
{
  cairo_font_options_t *options = cairo_font_options_create ();

  /* Unhinted metrics make a label as wide on a PDF page as on the screen,
   * and as wide when drawn as when the layout measured it. */
  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  pango_cairo_context_set_font_options (context, options);
  pango_context_set_round_glyph_positions (context, FALSE);
  cairo_font_options_destroy (options);
}

static PlotMeasure *
plot_measure_get (void)
{
  PlotMeasure *measure = g_private_get (&measure_key);

  if (measure == NULL)
    {
      measure = g_new0 (PlotMeasure, 1);
      measure->context = pango_font_map_create_context (pango_cairo_font_map_get_default ());
      plot_context_setup (measure->context);
      measure->layout = pango_layout_new (measure->context);
      g_private_set (&measure_key, measure);
    }

  return measure;
}

PangoLayout *
plot_measure_layout (void)
{
  return plot_measure_get ()->layout;
}

PlotText *
plot_text_begin (cairo_t *cr)
{
  PlotText *text = &plot_measure_get ()->text;

  if (text->context == NULL)
    {
      text->context = pango_font_map_create_context (pango_cairo_font_map_get_default ());
      plot_context_setup (text->context);
      text->layouts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
    }

  /* Only a change of transform or font options bumps the context, and
   * with it re-shapes the cached layouts. */
  pango_cairo_update_context (cr, text->context);

  return text;
}

void
plot_text_set_font (PlotText             *text,
                    const CuoccPlotStyle *style,
                    double                scale,
                    gboolean              bold)
{
  g_clear_pointer (&text->font, pango_font_description_free);
  g_clear_pointer (&text->font_key, g_free);
  text->font = plot_font_description (style, scale, bold);
  text->font_key = pango_font_description_to_string (text->font);
}

PangoLayout *
plot_text_layout (PlotText   *text,
                  const char *string)
{
  g_autofree char *key = g_strconcat (text->font_key != NULL ? text->font_key : "", "\n", string, NULL);
  PangoLayout *layout = g_hash_table_lookup (text->layouts, key);

  if (layout != NULL)
    return layout;

  if (g_hash_table_size (text->layouts) >= TEXT_CACHE_SIZE)
    g_hash_table_remove_all (text->layouts);

  layout = pango_layout_new (text->context);
  pango_layout_set_font_description (layout, text->font);
  pango_layout_set_text (layout, string, -1);
  g_hash_table_insert (text->layouts, g_steal_pointer (&key), layout);

  return layout;
}

void
plot_measure (PangoLayout *layout,
              const char  *text,
              double      *width,
              double      *height)
{
  PangoRectangle logical;

  pango_layout_set_text (layout, text, -1);
  pango_layout_get_extents (layout, NULL, &logical);
  if (width != NULL)
    *width = ceil ((double) logical.width / PANGO_SCALE);
  if (height != NULL)
    *height = ceil ((double) logical.height / PANGO_SCALE);
}

const CuoccPlotStyle *
plot_style_or_default (const CuoccPlotStyle *style)
{
  static CuoccPlotStyle light;
  static gsize initialized;

  if (style != NULL)
    return style;

  if (g_once_init_enter (&initialized))
    {
      cuocc_plot_style_init_light (&light);
      g_once_init_leave (&initialized, 1);
    }

  return &light;
}

static double
plot_font_size (const CuoccPlotStyle *style)
{
  return style->font_size > 0 ? style->font_size : DEFAULT_FONT_SIZE;
}

PangoFontDescription *
plot_font_description (const CuoccPlotStyle *style,
                       double                scale,
                       gboolean              bold)
{
  PangoFontDescription *desc = pango_font_description_new ();

  pango_font_description_set_family (desc, style->font_family != NULL ? style->font_family : "Sans");
  pango_font_description_set_absolute_size (desc, plot_font_size (style) * scale * PANGO_SCALE);
  if (bold)
    pango_font_description_set_weight (desc, PANGO_WEIGHT_BOLD);

  return desc;
}

/* ------------------------------------------------------------------ */
/* Words and numbers                                                    */
/* ------------------------------------------------------------------ */

const char *
plot_title (CuoccSeriesKind kind)
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
plot_x_title (CuoccSeriesKind kind)
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
plot_y_title (CuoccPlotYUnit unit)
{
  return unit == CUOCC_PLOT_Y_WARPS ? _("Active warps per SM") : _("Occupancy (%)");
}

/* Writes value / 1024 with up to three decimals and no trailing zeros. */
static void
plot_format_kib (gint64       bytes,
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
plot_format_x_tick (CuoccSeriesKind kind,
                    gint64          value,
                    char           *buf,
                    gsize           size)
{
  if (kind == CUOCC_SERIES_SMEM && value != 0)
    plot_format_kib (value, "K", buf, size);
  else
    g_snprintf (buf, size, "%" G_GINT64_FORMAT, value);
}

/* A size for a sentence: "48 KiB", "1.5 KiB", "200 bytes". */
void
plot_format_size (gint64  bytes,
                  char   *buf,
                  gsize   size)
{
  if (bytes != 0 && bytes % 128 == 0)
    plot_format_kib (bytes, " KiB", buf, size);
  else
    g_snprintf (buf, size, ngettext ("%d byte", "%d bytes", (int) bytes), (int) bytes);
}

void
plot_format_percent (double  fraction,
                     char   *buf,
                     gsize   size)
{
  char number[G_ASCII_DTOSTR_BUF_SIZE];
  gsize len;

  g_ascii_formatd (number, sizeof number, "%.2f", fraction * 100.0);
  len = strlen (number);
  while (len > 0 && number[len - 1] == '0')
    number[--len] = '\0';
  if (len > 0 && number[len - 1] == '.')
    number[--len] = '\0';

  g_snprintf (buf, size, "%s %%", number);
}

void
plot_format_config (gint64  bytes,
                    char   *buf,
                    gsize   size)
{
  if (bytes < 0)
    g_strlcpy (buf, _("Current config"), size);
  else
    {
      char kib[24];

      plot_format_kib (bytes, "", kib, sizeof kib);
      /* TRANSLATORS: a shared memory configuration in the legend, "100 KiB config" */
      g_snprintf (buf, size, _("%s KiB config"), kib);
    }
}

/* ------------------------------------------------------------------ */
/* Ticks                                                                */
/* ------------------------------------------------------------------ */

/* Candidate steps, smallest first: multiples of the warp for threads,
 * powers of two of a kibibyte (and its halves) for shared memory, and
 * 1, 2, 5 × 10^k for registers and for whatever range is left over. */
static guint
plot_x_step_candidates (CuoccSeriesKind  kind,
                        gint64           warp,
                        gint64           range,
                        gint64          *steps,
                        guint            max_steps)
{
  static const gint64 nice[] = { 1, 2, 5 };
  guint n = 0;
  gint64 s;

  if (kind == CUOCC_SERIES_THREADS)
    for (s = MAX (warp, 1); s <= range && n < max_steps; s *= 2)
      steps[n++] = s;
  else if (kind == CUOCC_SERIES_SMEM)
    for (s = 128; s <= range && n < max_steps; s *= 2)
      steps[n++] = s;
  else
    for (gint64 decade = 1; decade <= range && n < max_steps; decade *= 10)
      for (guint i = 0; i < G_N_ELEMENTS (nice) && n < max_steps; i++)
        steps[n++] = nice[i] * decade;

  /* Always end with one step that spans the range, so there is a choice. */
  if (n == 0 || steps[n - 1] < range)
    {
      if (n == max_steps)
        n--;
      steps[n++] = MAX (range, 1);
    }

  return n;
}

static void
plot_layout_x_ticks (PlotLayout        *layout,
                     const CuoccSeries *series,
                     const PlotSnap    *snap,
                     PangoLayout       *measure)
{
  gint64 range = layout->x_hi - layout->x_lo;
  gint64 steps[40];
  guint n_steps;
  gint64 chosen = 0;
  double min_spacing = layout->font_size * 5.5;
  char label[PLOT_LABEL_LEN];

  n_steps = plot_x_step_candidates (series->kind, snap->step, range, steps, G_N_ELEMENTS (steps));

  for (guint i = 0; i < n_steps; i++)
    {
      gint64 step = steps[i];
      gint64 last;
      double width;
      double spacing;

      if (range / step > PLOT_MAX_TICKS - 1)
        continue;

      last = layout->x_lo + (range / step) * step;
      plot_format_x_tick (series->kind, last, label, sizeof label);
      plot_measure (measure, label, &width, NULL);
      spacing = layout->area.width * (double) step / (double) range;

      chosen = step;
      if (spacing >= MAX (width + layout->font_size * 1.2, min_spacing))
        break;
    }

  layout->n_x_ticks = 0;
  if (chosen <= 0)
    return;

  for (gint64 v = ((layout->x_lo + chosen - 1) / chosen) * chosen;
       v <= layout->x_hi && layout->n_x_ticks < PLOT_MAX_TICKS;
       v += chosen)
    {
      PlotTick *tick = &layout->x_ticks[layout->n_x_ticks++];

      tick->pos = (double) (v - layout->x_lo) / (double) range;
      plot_format_x_tick (series->kind, v, tick->label, sizeof tick->label);
      plot_measure (measure, tick->label, &tick->width, NULL);
    }
}

static void
plot_layout_y_ticks_for (PlotLayout    *layout,
                         CuoccPlotYUnit unit,
                         int            top,
                         const int     *steps,
                         guint          n_steps,
                         PangoLayout   *measure)
{
  double min_spacing = layout->line_height * 3.6;
  guint *n_ticks = &layout->n_y_ticks[unit];
  int chosen = top;

  for (guint i = 0; i < n_steps; i++)
    if (top / steps[i] < PLOT_MAX_TICKS
        && layout->area.height * steps[i] / top >= min_spacing)
      {
        chosen = steps[i];
        break;
      }

  *n_ticks = 0;
  for (int v = 0; v <= top && *n_ticks < PLOT_MAX_TICKS; v += chosen)
    {
      PlotTick *tick = &layout->y_ticks[unit][(*n_ticks)++];

      tick->pos = (double) v / top;
      g_snprintf (tick->label, sizeof tick->label, "%d", v);
      plot_measure (measure, tick->label, &tick->width, NULL);
    }
}

static void
plot_layout_y_ticks (PlotLayout        *layout,
                     const CuoccSeries *series,
                     PangoLayout       *measure)
{
  static const int percent_steps[] = { 5, 10, 20, 25, 50, 100 };
  int max_warps = MAX (series->max_warps, 1);
  int divisors[64];
  guint n_divisors = 0;

  plot_layout_y_ticks_for (layout, CUOCC_PLOT_Y_PERCENT, 100,
                           percent_steps, G_N_ELEMENTS (percent_steps), measure);

  /* Warp ticks divide the SM's warps, so the top of the axis is labelled. */
  for (int d = 1; d <= max_warps && n_divisors < G_N_ELEMENTS (divisors); d++)
    if (max_warps % d == 0)
      divisors[n_divisors++] = d;

  plot_layout_y_ticks_for (layout, CUOCC_PLOT_Y_WARPS, max_warps,
                           divisors, n_divisors, measure);
}

/* ------------------------------------------------------------------ */
/* The legend                                                           */
/* ------------------------------------------------------------------ */

static double
plot_swatch_width (const PlotLayout *layout)
{
  return round (layout->font_size * 1.8);
}

static guint
plot_layout_legend_rows (PlotLayout        *layout,
                         const CuoccSeries *series,
                         PangoLayout       *measure,
                         gboolean           compact,
                         double             left,
                         double             right,
                         double             top)
{
  double widths[PLOT_MAX_LEGEND];
  double swatch = plot_swatch_width (layout);
  double spacing = round (layout->font_size * (compact ? 1.0 : 1.5));
  double row_height = layout->line_height + round (layout->gap * 0.5);
  guint row_start = 0;
  guint rows = 0;
  double row_width = 0;

  layout->n_legend = 0;
  for (guint i = 0; i < series->n_lines && layout->n_legend < PLOT_MAX_LEGEND; i++)
    {
      PlotLegendEntry *entry;

      if (i > 0 && series->lines[i].smem_config == series->lines[0].smem_config)
        continue;

      entry = &layout->legend[layout->n_legend];
      entry->line = i;
      if (compact)
        plot_format_kib (series->lines[i].smem_config, " KiB", entry->label, sizeof entry->label);
      else
        plot_format_config (series->lines[i].smem_config, entry->label, sizeof entry->label);
      plot_measure (measure, entry->label, &widths[layout->n_legend], NULL);
      widths[layout->n_legend] += swatch + layout->gap;
      layout->n_legend++;
    }

  for (guint i = 0; i <= layout->n_legend; i++)
    {
      gboolean flush = i == layout->n_legend
                       || (i > row_start && row_width + spacing + widths[i] > right - left);

      if (flush)
        {
          double x = left + MAX (0, (right - left - row_width) / 2);

          x = round (x);
          for (guint k = row_start; k < i; k++)
            {
              layout->legend[k].x = x;
              layout->legend[k].y = top + rows * row_height;
              layout->legend[k].text_x = x + swatch + layout->gap;
              x += widths[k] + spacing;
            }
          rows++;
          row_start = i;
          row_width = 0;
        }

      if (i < layout->n_legend)
        row_width += (row_width > 0 ? spacing : 0) + widths[i];
    }

  return rows;
}

/* Lays the legend out in rows under the title, each row centred, from top;
 * returns the number of rows. Where "100 KiB config" labels would take more
 * than two rows, the legend says only "100 KiB". */
static guint
plot_layout_legend (PlotLayout        *layout,
                    const CuoccSeries *series,
                    PangoLayout       *measure,
                    double             left,
                    double             right,
                    double             top)
{
  guint rows;

  layout->n_legend = 0;
  if (series->n_lines < 2)
    return 0;

  rows = plot_layout_legend_rows (layout, series, measure, FALSE, left, right, top);
  if (rows > 2)
    rows = plot_layout_legend_rows (layout, series, measure, TRUE, left, right, top);
  return rows;
}

/* ------------------------------------------------------------------ */
/* The layout                                                           */
/* ------------------------------------------------------------------ */

void
plot_snap_compute (const CuoccSeries *series,
                   PlotSnap          *snap)
{
  const CuoccLine *line = series->n_lines > 0 ? &series->lines[0] : NULL;
  gint64 g = 0;

  snap->step = 1;
  snap->lo = 0;
  snap->hi = MAX (series->x_max, 0);
  if (line == NULL || line->n_points == 0)
    return;

  /* The current value may sit between the grid's points (100 threads),
   * so it does not take part in finding the step. */
  for (guint i = 0; i < line->n_points; i++)
    {
      gint64 a = ABS (line->points[i].x);

      if (line->points[i].x == series->current_x)
        continue;
      while (a != 0)
        {
          gint64 t = g % a;
          g = a;
          a = t;
        }
    }
  snap->step = g > 0 ? g : 1;

  snap->lo = G_MAXINT64;
  snap->hi = G_MININT64;
  for (guint i = 0; i < line->n_points; i++)
    {
      gint64 x = line->points[i].x;

      if (x % snap->step != 0 || (series->x_max > 0 && x > series->x_max))
        continue;
      snap->lo = MIN (snap->lo, x);
      snap->hi = MAX (snap->hi, x);
    }
  if (snap->lo > snap->hi)
    {
      snap->lo = 0;
      snap->hi = MAX (series->x_max, 0);
    }
}

static double
plot_max_x_label_width (const CuoccSeries *series,
                        gint64             x_hi,
                        PangoLayout       *measure)
{
  char label[PLOT_LABEL_LEN];
  double width;

  plot_format_x_tick (series->kind, x_hi, label, sizeof label);
  plot_measure (measure, label, &width, NULL);

  return width;
}

static gboolean
plot_layout_measure (PlotLayout           *layout,
                     const CuoccSeries    *series,
                     const CuoccPlotStyle *style,
                     const PlotSnap       *snap,
                     double                width,
                     double                height)
{
  PangoLayout *measure = plot_measure_layout ();
  PangoFontDescription *desc;
  char number[PLOT_LABEL_LEN];
  double w, title_width, title_height, axis_height, y_label_width = 0;
  double left, right, top, bottom;
  guint legend_rows;

  layout->font_size = plot_font_size (style);
  layout->pad = round (layout->font_size * 0.9);
  layout->gap = round (layout->font_size * 0.5);
  layout->tick_length = round (layout->font_size * 0.4);
  layout->area = (PlotRect) { 0, 0, 0, 0 };
  layout->n_x_ticks = 0;
  layout->n_y_ticks[0] = layout->n_y_ticks[1] = 0;
  layout->n_legend = 0;

  layout->x_lo = 0;
  layout->x_hi = series->x_max;
  if (layout->x_hi <= layout->x_lo && series->n_lines > 0 && series->lines[0].n_points > 0)
    layout->x_hi = series->lines[0].points[series->lines[0].n_points - 1].x;
  if (layout->x_hi <= layout->x_lo)
    layout->x_hi = layout->x_lo + 1;

  desc = plot_font_description (style, TITLE_FONT_SCALE, TRUE);
  pango_layout_set_font_description (measure, desc);
  pango_font_description_free (desc);
  plot_measure (measure, plot_title (series->kind), &title_width, &title_height);

  desc = plot_font_description (style, 1.0, FALSE);
  pango_layout_set_font_description (measure, desc);
  pango_font_description_free (desc);
  plot_measure (measure, plot_x_title (series->kind), NULL, &axis_height);

  desc = plot_font_description (style, TICK_FONT_SCALE, FALSE);
  pango_layout_set_font_description (measure, desc);
  pango_font_description_free (desc);
  plot_measure (measure, "0123456789", NULL, &layout->line_height);

  /* The top label of either unit is its widest, whichever step is chosen,
   * so the inset does not move when the unit is toggled. */
  plot_measure (measure, "100", &y_label_width, NULL);
  g_snprintf (number, sizeof number, "%d", MAX (series->max_warps, 1));
  plot_measure (measure, number, &w, NULL);
  y_label_width = MAX (y_label_width, w);

  left = layout->pad + axis_height + layout->gap + y_label_width + layout->gap * 0.5 + layout->tick_length;
  right = width - MAX (layout->pad, ceil (plot_max_x_label_width (series, layout->x_hi, measure) / 2) + 2);
  left = round (left);
  right = round (right);

  top = layout->pad + title_height + layout->gap;
  legend_rows = plot_layout_legend (layout, series, measure, left, right, top);
  if (legend_rows > 0)
    top = layout->legend[layout->n_legend - 1].y + layout->line_height + layout->gap;
  top = round (top + layout->line_height * 0.5);

  bottom = height - layout->pad - axis_height - layout->gap - layout->line_height
           - layout->tick_length - layout->gap * 0.5;
  bottom = round (bottom);

  if (right - left < 8 || bottom - top < 8)
    return FALSE;

  layout->area = (PlotRect) { left, top, right - left, bottom - top };

  /* Centred over the plot area; where the window is too narrow for it, it
   * starts at the edge and the drawing ellipsizes it. */
  layout->title_max_width = MAX (1, width - 2 * layout->pad);
  layout->title_x = round (left + (right - left - title_width) / 2);
  if (layout->title_x + title_width > width - layout->pad)
    layout->title_x = width - layout->pad - title_width;
  layout->title_x = MAX (layout->pad, layout->title_x);
  layout->title_y = layout->pad;
  layout->y_title_x = layout->pad;
  layout->y_title_center = top + (bottom - top) / 2;
  layout->y_label_right = left - layout->tick_length - layout->gap * 0.5;
  layout->x_label_y = bottom + layout->tick_length + layout->gap * 0.5;
  layout->x_title_y = layout->x_label_y + layout->line_height + layout->gap;
  layout->x_title_center = left + (right - left) / 2;

  plot_layout_x_ticks (layout, series, snap, measure);
  plot_layout_y_ticks (layout, series, measure);

  return TRUE;
}

static void
plot_layout_key_init (PlotLayoutKey        *key,
                      const CuoccSeries    *series,
                      const CuoccPlotStyle *style,
                      const PlotSnap       *snap,
                      double                width,
                      double                height)
{
  const CuoccLine *line = series->n_lines > 0 ? &series->lines[0] : NULL;

  /* Zeroed whole, padding included, so keys compare with memcmp (). */
  memset (key, 0, sizeof *key);
  key->kind = series->kind;
  key->max_warps = series->max_warps;
  key->x_max = series->x_max;
  key->last_x = line != NULL && line->n_points > 0 ? line->points[line->n_points - 1].x : 0;
  key->snap = *snap;
  key->n_lines = series->n_lines;
  for (guint i = 0; i < series->n_lines && i < PLOT_MAX_LEGEND; i++)
    key->configs[i] = series->lines[i].smem_config;
  key->width = width;
  key->height = height;
  key->font_size = plot_font_size (style);
  g_strlcpy (key->family, style->font_family != NULL ? style->font_family : "", sizeof key->family);
}

/* Lays the graph out, or copies the layout measured last time for the same
 * ranges, size and font: measuring text is most of a layout's cost. */
gboolean
plot_layout_compute (PlotLayout           *layout,
                     const CuoccSeries    *series,
                     const CuoccPlotStyle *style,
                     double                width,
                     double                height)
{
  PlotMeasure *measure = plot_measure_get ();
  PlotLayoutCacheEntry *entry;
  PlotLayoutKey key;
  PlotSnap snap;

  style = plot_style_or_default (style);
  plot_snap_compute (series, &snap);
  plot_layout_key_init (&key, series, style, &snap, width, height);

  for (guint i = 0; i < LAYOUT_CACHE_SIZE; i++)
    {
      entry = &measure->cache[i];
      if (entry->valid && memcmp (&entry->key, &key, sizeof key) == 0)
        {
          *layout = entry->layout;
          return entry->fits;
        }
    }

  entry = &measure->cache[measure->next];
  measure->next = (measure->next + 1) % LAYOUT_CACHE_SIZE;
  entry->fits = plot_layout_measure (&entry->layout, series, style, &snap, width, height);
  entry->key = key;
  entry->valid = TRUE;
  *layout = entry->layout;

  return entry->fits;
}

gboolean
plot_area_contains (const PlotRect *area,
                    double          x,
                    double          y)
{
  return x >= area->x && x <= area->x + area->width
         && y >= area->y && y <= area->y + area->height;
}

double
plot_x_position (const PlotLayout *layout,
                 double            value)
{
  double fraction = (value - layout->x_lo) / (double) (layout->x_hi - layout->x_lo);

  return layout->area.x + CLAMP (fraction, 0.0, 1.0) * layout->area.width;
}

gint64
plot_snap_value (const PlotLayout *layout,
                 const PlotSnap   *snap,
                 double            x)
{
  double fraction = (x - layout->area.x) / layout->area.width;
  double data = layout->x_lo + fraction * (double) (layout->x_hi - layout->x_lo);
  gint64 value = (gint64) llround (data / snap->step) * snap->step;

  return CLAMP (value, snap->lo, snap->hi);
}
