/* cuocc-plot-export.c — writes a graph to a PNG, SVG, PDF or CSV file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every format is rendered into memory first and then handed to
 * cuocc_file_write (), which writes a temporary file beside the target
 * and renames it over: a failed export leaves the old file as it was, and a
 * file the user had keeps its mode and owner.
 */
#include "config.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "cuocc-plot-private.h"

typedef enum {
  FORMAT_PNG,
  FORMAT_SVG,
  FORMAT_PDF,
  FORMAT_CSV,
} ExportFormat;

static const struct {
  const char *extension;
  ExportFormat format;
} formats[] = {
  { ".png", FORMAT_PNG },
  { ".svg", FORMAT_SVG },
  { ".pdf", FORMAT_PDF },
  { ".csv", FORMAT_CSV },
};

/* The file name extensions cuocc_plot_export understands, for messages. */
static const char *
export_formats (void)
{
  return ".png, .svg, .pdf, .csv";
}

static gboolean
format_for_path (const char    *path,
                 ExportFormat  *format,
                 GError       **error)
{
  const char *dot = strrchr (path, '.');
  const char *slash = strrchr (path, G_DIR_SEPARATOR);

  if (dot != NULL && (slash == NULL || dot > slash))
    for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
      if (g_ascii_strcasecmp (dot, formats[i].extension) == 0)
        {
          *format = formats[i].format;
          return TRUE;
        }

  g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT,
               _("Cannot export to “%s”: unknown file type; the name must end in one of %s"),
               path, export_formats ());
  return FALSE;
}

static cairo_status_t
append_bytes (void                *closure,
              const unsigned char *data,
              unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

/* What one export draws: line graphs (one, or several side by side) or a
 * heatmap, and how. */
typedef struct {
  const char *title;
  const CuoccSeries *const *series;
  const CuoccSeries *const *pinned; /* NULL, or one (or NULL) a series */
  guint n_series;
  const CuoccGrid *heatmap;
  const CuoccHistogram *histogram;
  CuoccPlotExportOptions options;
} Painter;

/* The caption, wrapped to the width, at the bottom; returns its height
 * with the space around it. */
static double
paint_caption (cairo_t              *cr,
               const char           *caption,
               const CuoccPlotStyle *style,
               int                   width,
               int                   height)
{
  double pad = round (_cuocc_plot_font_size (style) * 0.9);
  PangoLayout *layout;
  PangoFontDescription *desc;
  PangoRectangle logical;
  double text_height;

  if (caption == NULL || *caption == '\0' || width <= 2 * pad)
    return 0;

  layout = pango_cairo_create_layout (cr);
  _cuocc_plot_context_setup (pango_layout_get_context (layout));
  pango_layout_context_changed (layout);
  desc = _cuocc_plot_font_description (style, PLOT_TICK_FONT_SCALE, FALSE);
  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  pango_layout_set_width (layout, (int) ((width - 2 * pad) * PANGO_SCALE));
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_text (layout, caption, -1);
  pango_layout_get_extents (layout, NULL, &logical);
  text_height = ceil ((double) logical.height / PANGO_SCALE);

  /* A caption taller than half the image is left out rather than cut. */
  if (text_height + pad > height / 2.0)
    {
      g_object_unref (layout);
      return 0;
    }

  _cuocc_plot_set_color (cr, &style->foreground, 0.75);
  cairo_move_to (cr, pad, height - pad * 0.5 - text_height);
  pango_cairo_show_layout (cr, layout);
  g_object_unref (layout);

  return text_height + pad;
}

static void
paint (const Painter *painter,
       cairo_t       *cr)
{
  const CuoccPlotStyle *style = _cuocc_plot_style_or_default (painter->options.style);
  int width = painter->options.width, height = painter->options.height;
  guint columns, rows;
  double graphs_height;

  _cuocc_plot_paint_background (cr, style, width, height);
  graphs_height = height - paint_caption (cr, painter->options.caption, style, width, height);

  if (painter->heatmap != NULL)
    {
      cuocc_plot_draw_heatmap (cr, width, graphs_height, painter->heatmap, style, NULL);
      return;
    }
  if (painter->histogram != NULL)
    {
      cuocc_plot_draw_histogram (cr, width, graphs_height, painter->histogram, style, -1);
      return;
    }

  /* One graph fills the image; two sit side by side; more take rows of two
   * or three. */
  columns = painter->n_series <= 2 ? painter->n_series : painter->n_series == 4 ? 2 : 3;
  rows = (painter->n_series + columns - 1) / columns;
  for (guint i = 0; i < painter->n_series; i++)
    {
      double cell_width = floor ((double) width / columns);
      double cell_height = floor (graphs_height / rows);
      const CuoccSeries *pinned = painter->pinned != NULL ? painter->pinned[i] : NULL;

      cairo_save (cr);
      cairo_translate (cr, (i % columns) * cell_width, (i / columns) * cell_height);
      cuocc_plot_draw (cr, cell_width, cell_height, painter->series[i], painter->options.unit, style, NULL);
      if (pinned != NULL)
        cuocc_plot_draw_overlay (cr, cell_width, cell_height, painter->series[i], pinned,
                                 painter->options.unit, style);
      cairo_restore (cr);
    }
}

/* SVG and PDF carry the title and the caption as text a reader can find:
 * cairo draws text as glyphs. */
static void
svg_describe (GByteArray    *bytes,
              const Painter *painter)
{
  g_autofree char *title = g_markup_escape_text (painter->title != NULL ? painter->title : "", -1);
  g_autofree char *desc = g_markup_escape_text (painter->options.caption != NULL ? painter->options.caption : "", -1);
  g_autofree char *text = g_strdup_printf ("\n<title>%s</title>\n<desc>%s</desc>", title, desc);
  const char *data = (const char *) bytes->data;
  const char *start = g_strstr_len (data, bytes->len, "<svg");
  const char *end = start != NULL ? memchr (start, '>', bytes->len - (start - data)) : NULL;

  if (end != NULL)
    g_array_insert_vals ((GArray *) bytes, end + 1 - data, text, strlen (text));
}

static GByteArray *
render (ExportFormat   format,
        const Painter *painter,
        GError       **error)
{
  int width = painter->options.width, height = painter->options.height;
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;

  switch (format)
    {
    case FORMAT_PNG:
      surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
      break;
    case FORMAT_SVG:
      surface = cairo_svg_surface_create_for_stream (append_bytes, bytes, width, height);
      break;
    case FORMAT_PDF:
      surface = cairo_pdf_surface_create_for_stream (append_bytes, bytes, width, height);
      cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, painter->title);
      cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "cuocc");
      if (painter->options.caption != NULL)
        cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_SUBJECT, painter->options.caption);
      break;
    case FORMAT_CSV:
    default:
      g_assert_not_reached ();
    }

  cr = cairo_create (surface);
  paint (painter, cr);
  status = cairo_status (cr);
  cairo_destroy (cr);

  if (status == CAIRO_STATUS_SUCCESS && format == FORMAT_PNG)
    status = cairo_surface_write_to_png_stream (surface, append_bytes, bytes);
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  if (status == CAIRO_STATUS_SUCCESS && format == FORMAT_SVG)
    svg_describe (bytes, painter);

  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT,
                   _("Cannot draw the graph at %d × %d: %s"), width, height,
                   cairo_status_to_string (status));
      return NULL;
    }

  return g_steal_pointer (&bytes);
}

static gboolean
check_folder (const char  *path,
              GError     **error)
{
  g_autofree char *folder = g_path_get_dirname (path);

  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_ISDIR,
                   _("Cannot write “%s”: it is a folder"), path);
      return FALSE;
    }

  if (!g_file_test (folder, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT,
                   _("Cannot write “%s”: the folder “%s” does not exist"), path, folder);
      return FALSE;
    }

  return TRUE;
}

/* Checks the path and size, renders or takes the CSV, and replaces the
 * file atomically. */
static gboolean
export_any (const Painter  *painter,
            char          *(*to_csv) (gconstpointer data),
            gconstpointer   csv_data,
            const char     *path,
            GError        **error)
{
  g_autoptr(GByteArray) bytes = NULL;
  g_autofree char *csv = NULL;
  int width = painter->options.width, height = painter->options.height;
  ExportFormat format;
  const char *data;
  gsize length;

  if (!format_for_path (path, &format, error))
    return FALSE;

  if (format != FORMAT_CSV
      && (width < 1 || width > CUOCC_PLOT_MAX_SIZE || height < 1 || height > CUOCC_PLOT_MAX_SIZE))
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT,
                   _("Cannot export “%s” at %d × %d: width and height must be between 1 and %d"),
                   path, width, height, CUOCC_PLOT_MAX_SIZE);
      return FALSE;
    }

  if (!check_folder (path, error))
    return FALSE;

  if (format == FORMAT_CSV)
    {
      csv = to_csv (csv_data);
      data = csv;
      length = strlen (csv);
    }
  else
    {
      bytes = render (format, painter, error);
      if (bytes == NULL)
        return FALSE;
      data = (const char *) bytes->data;
      length = bytes->len;
    }

  if (!cuocc_file_write (path, data, (gssize) length, error))
    return FALSE;

  return TRUE;
}

static char *
series_to_csv (gconstpointer data)
{
  return cuocc_series_to_csv (data);
}

static char *
grid_to_csv (gconstpointer data)
{
  return cuocc_grid_to_csv (data);
}

static char *
histogram_to_csv (gconstpointer data)
{
  return cuocc_histogram_to_csv (data);
}

/* The zero-initialised options where the caller gave none. */
static CuoccPlotExportOptions
options_or_default (const CuoccPlotExportOptions *options)
{
  return options != NULL ? *options : (CuoccPlotExportOptions) { 0 };
}

gboolean
cuocc_plot_export (const CuoccSeries            *series,
                   const CuoccSeries            *pinned,
                   const CuoccPlotExportOptions *options,
                   const char                   *path,
                   GError                      **error)
{
  g_return_val_if_fail (series != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return export_any (&(Painter) { .title = _cuocc_plot_title (series->kind), .series = &series, .pinned = &pinned,
                                  .n_series = 1, .options = options_or_default (options) },
                     series_to_csv, series, path, error);
}

gboolean
cuocc_plot_export_sheet (const CuoccSeries *const     *series,
                         const CuoccSeries *const     *pinned,
                         guint                         n_series,
                         const CuoccPlotExportOptions *options,
                         const char                   *path,
                         GError                      **error)
{
  ExportFormat format;

  g_return_val_if_fail (series != NULL && n_series > 0, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!format_for_path (path, &format, error))
    return FALSE;
  if (format == FORMAT_CSV)
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT,
                   _("Cannot export “%s”: several graphs in one image can be .png, .svg or .pdf, not .csv"), path);
      return FALSE;
    }

  return export_any (&(Painter) { .title = _("Occupancy graphs"), .series = series, .pinned = pinned,
                                  .n_series = n_series, .options = options_or_default (options) },
                     NULL, NULL, path, error);
}

gboolean
cuocc_plot_export_heatmap (const CuoccGrid              *grid,
                           const CuoccPlotExportOptions *options,
                           const char                   *path,
                           GError                      **error)
{
  g_return_val_if_fail (grid != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return export_any (&(Painter) { .title = _cuocc_plot_heatmap_title (grid->y_kind), .heatmap = grid,
                                  .options = options_or_default (options) },
                     grid_to_csv, grid, path, error);
}

gboolean
cuocc_plot_export_histogram (const CuoccHistogram         *histogram,
                             const CuoccPlotExportOptions *options,
                             const char                   *path,
                             GError                      **error)
{
  g_return_val_if_fail (histogram != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return export_any (&(Painter) { .title = histogram->title != NULL ? histogram->title : _("Kernels by occupancy"),
                                  .histogram = histogram, .options = options_or_default (options) },
                     histogram_to_csv, histogram, path, error);
}
