/* cuocc-plot-layout.c — where everything of a graph goes, from measurement.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The drawing and the pointer's inverse mapping both call
 * _cuocc_plot_layout_compute (), so a click lands on the value drawn under it.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "cuocc-plot-private.h"

/* ----- the cache ----- */

#define LAYOUT_CACHE_SIZE 4

/* Everything _cuocc_plot_layout_compute () reads, so a layout can be reused while
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

typedef struct {
  PlotLayoutCacheEntry entries[LAYOUT_CACHE_SIZE];
  guint next;
} PlotLayoutCache;

/* Per thread, as the measuring context is. */
static GPrivate cache_key = G_PRIVATE_INIT (g_free);

static PlotLayoutCache *
plot_layout_cache_get (void)
{
  PlotLayoutCache *cache = g_private_get (&cache_key);

  if (cache == NULL)
    {
      cache = g_new0 (PlotLayoutCache, 1);
      g_private_set (&cache_key, cache);
    }

  return cache;
}

/* ----- the frame ----- */

/* Measures what every graph shows around its plot area; leaves measure
 * set to the tick labels' font. */
void
_cuocc_plot_frame_measure (PlotFrame            *frame,
                           PangoLayout          *measure,
                           const CuoccPlotStyle *style,
                           const char           *title,
                           const char           *x_title,
                           double                width)
{
  memset (frame, 0, sizeof *frame);
  frame->font_size = _cuocc_plot_font_size (style);
  frame->pad = round (frame->font_size * 0.9);
  frame->gap = round (frame->font_size * 0.5);
  frame->tick_length = round (frame->font_size * 0.4);
  frame->title_max_width = MAX (1, width - 2 * frame->pad);

  _cuocc_plot_measure_set_font (measure, style, PLOT_TITLE_FONT_SCALE, TRUE);
  _cuocc_plot_measure (measure, title, &frame->title_width, &frame->title_height);
  if (frame->title_width > frame->title_max_width)
    {
      /* Two lines where one does not fit, as the drawing shows them; the
       * plot area starts below both. */
      PangoLayout *wrapped = pango_layout_copy (measure);

      frame->title_wrapped = TRUE;
      _cuocc_plot_title_wrap (wrapped, frame->title_max_width);
      _cuocc_plot_measure (wrapped, title, &frame->title_width, &frame->title_height);
      frame->title_width = MIN (frame->title_width, frame->title_max_width);
      g_object_unref (wrapped);
    }

  _cuocc_plot_measure_set_font (measure, style, 1.0, FALSE);
  _cuocc_plot_measure (measure, x_title, &frame->x_title_width, &frame->axis_height);

  _cuocc_plot_measure_set_font (measure, style, PLOT_TICK_FONT_SCALE, FALSE);
  _cuocc_plot_measure (measure, "0123456789", NULL, &frame->line_height);
}

/* The plot area's left edge: the y axis' title and its widest label. */
double
_cuocc_plot_frame_left (const PlotFrame *frame,
                        double           y_label_width)
{
  return round (frame->pad + frame->axis_height + frame->gap + y_label_width
                + frame->gap * 0.5 + frame->tick_length);
}

/* The plot area's top under the title, with nothing between them. */
double
_cuocc_plot_frame_top (const PlotFrame *frame)
{
  return round (frame->pad + frame->title_height + frame->gap + frame->line_height * 0.5);
}

/* The plot area's bottom over the x tick labels and the x axis' title. */
double
_cuocc_plot_frame_bottom (const PlotFrame *frame,
                          double           height)
{
  return round (height - frame->pad - frame->axis_height - frame->gap - frame->line_height
                - frame->tick_length - frame->gap * 0.5);
}

void
_cuocc_plot_frame_place (PlotFrame *frame,
                         double     left,
                         double     right,
                         double     top,
                         double     bottom,
                         double     width)
{
  frame->area = (PlotRect) { left, top, right - left, bottom - top };
  frame->width = width;

  /* Centred over the plot area; where the window is too narrow for it, it
   * starts at the edge, wrapped (_cuocc_plot_frame_measure ()). */
  frame->title_x = round (left + (right - left - frame->title_width) / 2);
  if (frame->title_x + frame->title_width > width - frame->pad)
    frame->title_x = width - frame->pad - frame->title_width;
  frame->title_x = MAX (frame->pad, frame->title_x);
  frame->title_y = frame->pad;
  frame->y_title_x = frame->pad;
  frame->y_title_center = top + (bottom - top) / 2;
  frame->y_label_right = left - frame->tick_length - frame->gap * 0.5;
  frame->x_label_y = bottom + frame->tick_length + frame->gap * 0.5;
  frame->x_title_y = frame->x_label_y + frame->line_height + frame->gap;
  frame->x_title_center = left + (right - left) / 2;

  /* The y axis' title is as long as the plot area is high only where it
   * must be: a short graph (five of them stacked in a window 1080 pixels
   * high) left it "Occup…". Its column runs from the top to the bottom
   * edge wherever the title above and the x axis' title below stand clear
   * of it; the tick labels and the legend never reach it. */
  {
    double column_right = frame->y_title_x + frame->axis_height + frame->gap;
    double x_title_width = MIN (frame->x_title_width, width - 2 * frame->pad);
    double x_title_left = CLAMP (round (frame->x_title_center - x_title_width / 2), frame->pad,
                                 MAX (frame->pad, width - frame->pad - x_title_width));

    frame->y_title_top = frame->title_x >= column_right ? frame->pad : top;
    frame->y_title_bottom = x_title_left >= column_right ? frame->x_title_y + frame->axis_height
                                                         : frame->x_title_y - frame->gap;
  }
}

/* The middle of the rotated y axis' title of the given length: the plot
 * area's, moved as little as it takes to stay within its room. */
double
_cuocc_plot_frame_y_title_center (const PlotFrame *frame,
                                  double           length)
{
  double center = frame->y_title_center;

  length = MIN (length, frame->y_title_bottom - frame->y_title_top);
  center = MAX (center, frame->y_title_top + length / 2);
  return MIN (center, frame->y_title_bottom - length / 2);
}

/* Places a row of labels under the plot area, each centred on its centre,
 * left to right; a label that would come closer than gap to the last one
 * shown, or run off the surface, is not shown. */
void
_cuocc_plot_frame_place_row (const PlotFrame *frame,
                             PlotTick        *labels,
                             guint            n,
                             double           gap)
{
  double last_right = -G_MAXDOUBLE;

  for (guint i = 0; i < n; i++)
    {
      PlotTick *l = &labels[i];

      l->x = round (l->center - l->width / 2);
      l->y = frame->x_label_y;
      l->shown = l->x >= last_right + gap && l->x >= 0 && l->x + l->width <= frame->width;
      if (l->shown)
        last_right = l->x + l->width;
    }
}

/* Stacks a column of labels, bottom first, each one line high and centred
 * on its centre, at the x the caller gave it; a label that would come
 * closer than gap to the last one shown, or run off the surface's right
 * edge, is not shown. */
void
_cuocc_plot_frame_place_column (const PlotFrame *frame,
                                PlotTick        *labels,
                                guint            n,
                                double           gap)
{
  double last_top = G_MAXDOUBLE;

  for (guint i = 0; i < n; i++)
    {
      PlotTick *l = &labels[i];

      l->y = round (l->center - frame->line_height / 2);
      l->shown = l->y + frame->line_height <= last_top - gap && l->x + l->width <= frame->width;
      if (l->shown)
        last_top = l->y;
    }
}

/* ----- ticks ----- */

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

/* Labels closer than this to their neighbour are not shown. */
static double
plot_layout_min_gap (const PlotLayout *layout)
{
  return layout->frame.font_size * 0.6;
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
  double min_spacing = layout->frame.font_size * 5.5;
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
      _cuocc_plot_format_x_tick (series->kind, last, label, sizeof label);
      _cuocc_plot_measure (measure, label, &width, NULL);
      spacing = layout->frame.area.width * (double) step / (double) range;

      chosen = step;
      if (spacing >= MAX (width + layout->frame.font_size * 1.2, min_spacing))
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
      tick->center = layout->frame.area.x + tick->pos * layout->frame.area.width;
      _cuocc_plot_format_x_tick (series->kind, v, tick->label, sizeof tick->label);
      _cuocc_plot_measure (measure, tick->label, &tick->width, NULL);
    }

  _cuocc_plot_frame_place_row (&layout->frame, layout->x_ticks, layout->n_x_ticks, plot_layout_min_gap (layout));
}

static void
plot_layout_y_ticks_for (PlotLayout    *layout,
                         CuoccPlotYUnit unit,
                         int            top,
                         const int     *steps,
                         guint          n_steps,
                         PangoLayout   *measure)
{
  double min_spacing = layout->frame.line_height * 3.6;
  guint *n_ticks = &layout->n_y_ticks[unit];
  int chosen = top;

  for (guint i = 0; i < n_steps; i++)
    if (top / steps[i] < PLOT_MAX_TICKS
        && layout->frame.area.height * steps[i] / top >= min_spacing)
      {
        chosen = steps[i];
        break;
      }

  *n_ticks = 0;
  for (int v = 0; v <= top && *n_ticks < PLOT_MAX_TICKS; v += chosen)
    {
      PlotTick *tick = &layout->y_ticks[unit][(*n_ticks)++];

      tick->pos = (double) v / top;
      tick->center = layout->frame.area.y + (1.0 - tick->pos) * layout->frame.area.height;
      g_snprintf (tick->label, sizeof tick->label, "%d", v);
      _cuocc_plot_measure (measure, tick->label, &tick->width, NULL);
      tick->x = layout->frame.y_label_right - tick->width;
    }

  _cuocc_plot_frame_place_column (&layout->frame, layout->y_ticks[unit], *n_ticks, plot_layout_min_gap (layout) * 0.5);
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

/* ----- the legend ----- */

static double
plot_swatch_width (const PlotLayout *layout)
{
  return round (layout->frame.font_size * 1.8);
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
  double spacing = round (layout->frame.font_size * (compact ? 1.0 : 1.5));
  double row_height = layout->frame.line_height + round (layout->frame.gap * 0.5);
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
        _cuocc_plot_format_kib (series->lines[i].smem_config, " KiB", entry->label, sizeof entry->label);
      else
        _cuocc_plot_format_config (series->lines[i].smem_config, entry->label, sizeof entry->label);
      _cuocc_plot_measure (measure, entry->label, &entry->width, NULL);
      widths[layout->n_legend] = swatch + layout->frame.gap + entry->width;
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
              layout->legend[k].text_x = x + swatch + layout->frame.gap;
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

  /* A label wider than the plot would run off the graph: no legend then. */
  for (guint i = 0; i < layout->n_legend; i++)
    if (layout->legend[i].text_x + layout->legend[i].width > right)
      return 0;

  return rows;
}

/* ----- the layout ----- */

void
_cuocc_plot_snap_compute (const CuoccSeries *series,
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

  _cuocc_plot_format_x_tick (series->kind, x_hi, label, sizeof label);
  _cuocc_plot_measure (measure, label, &width, NULL);

  return width;
}

/* Measures the layout key asks for: its size and snap. */
static gboolean
plot_layout_measure (PlotLayout           *layout,
                     const CuoccSeries    *series,
                     const CuoccPlotStyle *style,
                     const PlotLayoutKey  *key)
{
  const PlotSnap *snap = &key->snap;
  double width = key->width, height = key->height;
  PangoLayout *measure = _cuocc_plot_measure_layout ();
  PlotFrame *frame = &layout->frame;
  char number[PLOT_LABEL_LEN];
  double w, y_label_width = 0;
  double left, right, top, bottom;
  guint legend_rows;

  layout->n_x_ticks = 0;
  layout->n_y_ticks[0] = layout->n_y_ticks[1] = 0;
  layout->n_legend = 0;
  layout->legend_rows = 0;

  layout->x_lo = 0;
  layout->x_hi = series->x_max;
  if (layout->x_hi <= layout->x_lo && series->n_lines > 0 && series->lines[0].n_points > 0)
    layout->x_hi = series->lines[0].points[series->lines[0].n_points - 1].x;
  if (layout->x_hi <= layout->x_lo)
    layout->x_hi = layout->x_lo + 1;

  _cuocc_plot_frame_measure (frame, measure, style, _cuocc_plot_title (series->kind), _cuocc_plot_x_title (series->kind),
                             width);

  /* The top label of either unit is its widest, whichever step is chosen,
   * so the inset does not move when the unit is toggled. */
  _cuocc_plot_measure (measure, "100", &y_label_width, NULL);
  g_snprintf (number, sizeof number, "%d", MAX (series->max_warps, 1));
  _cuocc_plot_measure (measure, number, &w, NULL);
  y_label_width = MAX (y_label_width, w);

  left = _cuocc_plot_frame_left (frame, y_label_width);
  right = round (width - MAX (frame->pad, ceil (plot_max_x_label_width (series, layout->x_hi, measure) / 2) + 2));

  top = _cuocc_plot_frame_top (frame);
  bottom = _cuocc_plot_frame_bottom (frame, height);
  legend_rows = plot_layout_legend (layout, series, measure, left, right,
                                    frame->pad + frame->title_height + frame->gap);
  if (legend_rows > 0)
    {
      double below = round (layout->legend[layout->n_legend - 1].y + frame->line_height
                            + frame->gap + frame->line_height * 0.5);

      /* The legend may take at most half of the plot's height. */
      if (bottom - below >= MAX (8, (bottom - top) / 2))
        top = below;
      else
        legend_rows = 0;
    }
  layout->legend_rows = legend_rows;

  if (right - left < 8 || bottom - top < 8)
    return FALSE;

  _cuocc_plot_frame_place (frame, left, right, top, bottom, width);
  plot_layout_x_ticks (layout, series, snap, measure);
  plot_layout_y_ticks (layout, series, measure);

  return TRUE;
}

static void
plot_layout_key_init (PlotLayoutKey        *key,
                      const CuoccSeries    *series,
                      const CuoccPlotStyle *style,
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
  _cuocc_plot_snap_compute (series, &key->snap);
  key->n_lines = series->n_lines;
  for (guint i = 0; i < series->n_lines && i < PLOT_MAX_LEGEND; i++)
    key->configs[i] = series->lines[i].smem_config;
  key->width = width;
  key->height = height;
  key->font_size = _cuocc_plot_font_size (style);
  g_strlcpy (key->family, style->font_family != NULL ? style->font_family : "", sizeof key->family);
}

/* Lays the graph out, or copies the layout measured last time for the same
 * ranges, size and font: measuring text is most of a layout's cost. */
gboolean
_cuocc_plot_layout_compute (PlotLayout           *layout,
                            const CuoccSeries    *series,
                            const CuoccPlotStyle *style,
                            double                width,
                            double                height)
{
  PlotLayoutCache *cache = plot_layout_cache_get ();
  PlotLayoutCacheEntry *entry;
  PlotLayoutKey key;

  style = _cuocc_plot_style_or_default (style);
  plot_layout_key_init (&key, series, style, width, height);

  for (guint i = 0; i < LAYOUT_CACHE_SIZE; i++)
    {
      entry = &cache->entries[i];
      if (entry->valid && memcmp (&entry->key, &key, sizeof key) == 0)
        {
          *layout = entry->layout;
          return entry->fits;
        }
    }

  entry = &cache->entries[cache->next];
  cache->next = (cache->next + 1) % LAYOUT_CACHE_SIZE;
  entry->fits = plot_layout_measure (&entry->layout, series, style, &key);
  entry->key = key;
  entry->valid = TRUE;
  *layout = entry->layout;

  return entry->fits;
}

/* Adds the rectangles of the title and the axis titles, as
 * _cuocc_plot_text_show_title () and _cuocc_plot_text_show_axis_titles () fit them, to
 * boxes; returns how many it added. */
guint
_cuocc_plot_frame_text_boxes (const PlotFrame      *frame,
                              const CuoccPlotStyle *style,
                              const char           *title G_GNUC_UNUSED,
                              const char           *x_title,
                              const char           *y_title,
                              PlotRect             *boxes,
                              guint                 max_boxes)
{
  PangoLayout *measure = _cuocc_plot_measure_layout ();
  PlotRect found[3];
  double w;

  found[0] = (PlotRect) { frame->title_x, frame->title_y, frame->title_width, frame->title_height };

  _cuocc_plot_measure_set_font (measure, style, 1.0, FALSE);
  _cuocc_plot_measure (measure, x_title, &w, NULL);
  w = MIN (w, frame->width - 2 * frame->pad);
  found[1] = (PlotRect) { CLAMP (round (frame->x_title_center - w / 2), frame->pad, MAX (frame->pad, frame->width - frame->pad - w)),
                          frame->x_title_y, w, frame->axis_height };
  _cuocc_plot_measure (measure, y_title, &w, NULL);
  w = MIN (w, frame->y_title_bottom - frame->y_title_top);
  found[2] = (PlotRect) { frame->y_title_x, round (_cuocc_plot_frame_y_title_center (frame, w) + w / 2) - w,
                          frame->axis_height, w };

  memcpy (boxes, found, MIN (max_boxes, G_N_ELEMENTS (found)) * sizeof *boxes);
  return MIN (max_boxes, G_N_ELEMENTS (found));
}

/* Adds the rectangles of the labels shown to boxes, which holds n of
 * max_boxes; returns how many it holds then. */
guint
_cuocc_plot_frame_label_boxes (const PlotFrame *frame,
                               const PlotTick  *labels,
                               guint            n_labels,
                               PlotRect        *boxes,
                               guint            n,
                               guint            max_boxes)
{
  for (guint i = 0; i < n_labels && n < max_boxes; i++)
    if (labels[i].shown)
      boxes[n++] = (PlotRect) { labels[i].x, labels[i].y, labels[i].width, frame->line_height };

  return n;
}

/* Lists the rectangles of every text the drawing shows for unit, the
 * legend's swatches with their labels: what must not overlap. Returns how
 * many it wrote; none where the graph does not fit. */
guint
_cuocc_plot_layout_text_boxes (const PlotLayout     *layout,
                               const CuoccSeries    *series,
                               const CuoccPlotStyle *style,
                               CuoccPlotYUnit        unit,
                               PlotRect             *boxes,
                               guint                 max_boxes)
{
  const PlotFrame *f = &layout->frame;
  guint n;

  if (f->area.width <= 0)
    return 0;

  n = _cuocc_plot_frame_text_boxes (f, _cuocc_plot_style_or_default (style), _cuocc_plot_title (series->kind),
                             _cuocc_plot_x_title (series->kind), _cuocc_plot_y_title (unit), boxes, max_boxes);
  n = _cuocc_plot_frame_label_boxes (f, layout->x_ticks, layout->n_x_ticks, boxes, n, max_boxes);
  n = _cuocc_plot_frame_label_boxes (f, layout->y_ticks[unit], layout->n_y_ticks[unit], boxes, n, max_boxes);

  for (guint i = 0; layout->legend_rows > 0 && i < layout->n_legend && n < max_boxes; i++)
    boxes[n++] = (PlotRect) { layout->legend[i].x, layout->legend[i].y,
                              layout->legend[i].text_x + layout->legend[i].width - layout->legend[i].x,
                              f->line_height };

  return n;
}

gboolean
_cuocc_plot_area_contains (const PlotRect *area,
                           double          x,
                           double          y)
{
  return x >= area->x && x <= area->x + area->width
         && y >= area->y && y <= area->y + area->height;
}

void
_cuocc_plot_layout_get_area (const PlotLayout *layout,
                             CuoccPlotArea    *area)
{
  *area = (CuoccPlotArea) { layout->frame.area.x, layout->frame.area.y, layout->frame.area.width,
                            layout->frame.area.height, layout->x_lo, layout->x_hi };
}

double
cuocc_plot_area_x_for_value (const CuoccPlotArea *area,
                             double               value)
{
  double fraction;

  g_return_val_if_fail (area != NULL, 0);

  fraction = (value - area->x_lo) / (double) (area->x_hi - area->x_lo);
  return area->x + CLAMP (fraction, 0.0, 1.0) * area->width;
}

double
_cuocc_plot_x_position (const PlotLayout *layout,
                        double            value)
{
  CuoccPlotArea area;

  _cuocc_plot_layout_get_area (layout, &area);
  return cuocc_plot_area_x_for_value (&area, value);
}

gint64
_cuocc_plot_snap_value (const PlotLayout *layout,
                        const PlotSnap   *snap,
                        double            x)
{
  double fraction = (x - layout->frame.area.x) / layout->frame.area.width;
  double data = layout->x_lo + fraction * (double) (layout->x_hi - layout->x_lo);
  gint64 value = (gint64) llround (data / snap->step) * snap->step;

  return CLAMP (value, snap->lo, snap->hi);
}
