/* cuocc-plot-text.c — measuring and showing the graphs' text.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Text is measured on a private Pango context, never on the target's, so a
 * layout is the same whether or not a cairo context is at hand; drawing
 * shapes each label once, on a context kept in step with the target.
 */
#include "config.h"

#include <math.h>

#include "cuocc-plot-private.h"

/* ----- measuring ----- */

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
_cuocc_plot_context_setup (PangoContext *context)
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
      _cuocc_plot_context_setup (measure->context);
      measure->layout = pango_layout_new (measure->context);
      g_private_set (&measure_key, measure);
    }

  return measure;
}

PangoLayout *
_cuocc_plot_measure_layout (void)
{
  return plot_measure_get ()->layout;
}

PlotText *
_cuocc_plot_text_begin (cairo_t *cr)
{
  PlotText *text = &plot_measure_get ()->text;

  if (text->context == NULL)
    {
      text->context = pango_font_map_create_context (pango_cairo_font_map_get_default ());
      _cuocc_plot_context_setup (text->context);
      text->layouts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
    }

  /* Only a change of transform or font options bumps the context, and
   * with it re-shapes the cached layouts. */
  pango_cairo_update_context (cr, text->context);

  return text;
}

void
_cuocc_plot_text_set_font (PlotText             *text,
                           const CuoccPlotStyle *style,
                           double                scale,
                           gboolean              bold)
{
  g_clear_pointer (&text->font, pango_font_description_free);
  g_clear_pointer (&text->font_key, g_free);
  text->font = _cuocc_plot_font_description (style, scale, bold);
  text->font_key = pango_font_description_to_string (text->font);
}

PangoLayout *
_cuocc_plot_text_layout (PlotText   *text,
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
_cuocc_plot_measure (PangoLayout *layout,
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

/* Makes layout the title of a graph too narrow for it on one line: two
 * lines at most of width, the second ellipsized where even two do not hold
 * it, centred. At 800 × 600 a graph is about 400 pixels wide, and one line
 * cut "Impact of varying register count per thread" to "… per th…". */
void
_cuocc_plot_title_wrap (PangoLayout *layout,
                        double       width)
{
  pango_layout_set_width (layout, (int) (MAX (1, width) * PANGO_SCALE));
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_height (layout, -2);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
}

/* ----- fonts ----- */

double
_cuocc_plot_font_size (const CuoccPlotStyle *style)
{
  return style->font_size > 0 ? style->font_size : PLOT_DEFAULT_FONT_SIZE;
}

PangoFontDescription *
_cuocc_plot_font_description (const CuoccPlotStyle *style,
                              double                scale,
                              gboolean              bold)
{
  PangoFontDescription *desc = pango_font_description_new ();

  pango_font_description_set_family (desc, style->font_family != NULL ? style->font_family : "Sans");
  pango_font_description_set_absolute_size (desc, _cuocc_plot_font_size (style) * scale * PANGO_SCALE);
  if (bold)
    pango_font_description_set_weight (desc, PANGO_WEIGHT_BOLD);

  return desc;
}

/* Sets the measuring layout's font. */
void
_cuocc_plot_measure_set_font (PangoLayout          *measure,
                              const CuoccPlotStyle *style,
                              double                scale,
                              gboolean              bold)
{
  PangoFontDescription *desc = _cuocc_plot_font_description (style, scale, bold);

  pango_layout_set_font_description (measure, desc);
  pango_font_description_free (desc);
}

/* ----- showing ----- */

void
_cuocc_plot_text_show (cairo_t    *cr,
                       PlotText   *text,
                       const char *string,
                       double      x,
                       double      y)
{
  cairo_move_to (cr, x, y);
  pango_cairo_show_layout (cr, _cuocc_plot_text_layout (text, string));
}

/* The labels the layout shows, where it placed them. */
void
_cuocc_plot_text_show_labels (cairo_t        *cr,
                              PlotText       *text,
                              const PlotTick *labels,
                              guint           n)
{
  for (guint i = 0; i < n; i++)
    if (labels[i].shown)
      _cuocc_plot_text_show (cr, text, labels[i].label, labels[i].x, labels[i].y);
}

/* The cached layout of string, or where it is wider than max_width an
 * ellipsized copy, which *copy then holds for the caller to unref. */
static PangoLayout *
fitted_layout (PlotText     *text,
               const char   *string,
               double        max_width,
               double       *width,
               PangoLayout **copy)
{
  PangoLayout *layout = _cuocc_plot_text_layout (text, string);
  PangoRectangle logical;

  *copy = NULL;
  pango_layout_get_extents (layout, NULL, &logical);
  if (logical.width > max_width * PANGO_SCALE)
    {
      layout = *copy = pango_layout_copy (layout);
      pango_layout_set_width (layout, (int) (MAX (1, max_width) * PANGO_SCALE));
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
      pango_layout_get_extents (layout, NULL, &logical);
    }
  *width = (double) logical.width / PANGO_SCALE;

  return layout;
}

/* The x axis' title centred on x_center, shortened to max_width and kept
 * between left and right. */
static void
show_centered (cairo_t    *cr,
               PlotText   *text,
               const char *string,
               double      x_center,
               double      y,
               double      left,
               double      right)
{
  g_autoptr(PangoLayout) copy = NULL;
  double width;
  PangoLayout *layout = fitted_layout (text, string, right - left, &width, &copy);

  cairo_move_to (cr, CLAMP (round (x_center - width / 2), left, MAX (left, right - width)), y);
  pango_cairo_show_layout (cr, layout);
}

/* The y axis' title turned a quarter left, centred on y_center and
 * shortened to max_height. It is shown through the rotated transform
 * without updating the shared context, which would re-shape every cached
 * label twice a frame. */
static void
show_rotated (cairo_t         *cr,
              PlotText        *text,
              const char      *string,
              const PlotFrame *frame)
{
  g_autoptr(PangoLayout) copy = NULL;
  double width;
  PangoLayout *layout = fitted_layout (text, string, frame->y_title_bottom - frame->y_title_top, &width, &copy);

  cairo_save (cr);
  cairo_translate (cr, frame->y_title_x, round (_cuocc_plot_frame_y_title_center (frame, width) + width / 2));
  cairo_rotate (cr, -G_PI / 2);
  cairo_move_to (cr, 0, 0);
  pango_cairo_show_layout (cr, layout);
  cairo_restore (cr);
}

/* The axes' titles in the text's current font: the x axis' under its tick
 * labels, the y axis' beside its own, each shortened to fit. */
void
_cuocc_plot_text_show_axis_titles (cairo_t         *cr,
                                   PlotText        *text,
                                   const PlotFrame *frame,
                                   const char      *x_title,
                                   const char      *y_title)
{
  show_centered (cr, text, x_title, frame->x_title_center, frame->x_title_y,
                 frame->pad, frame->width - frame->pad);
  show_rotated (cr, text, y_title, frame);
}

/* The title, on two lines where the graph is too narrow for one
 * (_cuocc_plot_frame_measure () measured it so), each centred. */
void
_cuocc_plot_text_show_title (cairo_t         *cr,
                             PlotText        *text,
                             const char      *string,
                             const PlotFrame *frame)
{
  g_autoptr(PangoLayout) wrapped = NULL;
  PangoLayout *layout = _cuocc_plot_text_layout (text, string);

  if (frame->title_wrapped)
    {
      /* Wrapped at the widest line's width, the lines break where they did
       * at the full width, and centre within the title's box. */
      layout = wrapped = pango_layout_copy (layout);
      _cuocc_plot_title_wrap (layout, MIN (frame->title_max_width, frame->title_width + 1));
      pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
    }
  cairo_move_to (cr, frame->title_x, frame->title_y);
  pango_cairo_show_layout (cr, layout);
}
