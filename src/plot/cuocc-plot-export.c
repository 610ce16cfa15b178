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

const char *
cuocc_plot_export_formats (void)
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
               path, cuocc_plot_export_formats ());
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

/* What one export draws: a line graph or a heatmap. */
typedef struct {
  const char *title;
  const CuoccSeries *series;
  CuoccPlotYUnit unit;
  const CuoccGrid *heatmap;
  const CuoccPlotStyle *style;
} Painter;

static void
paint (const Painter *painter,
       cairo_t       *cr,
       int            width,
       int            height)
{
  if (painter->heatmap != NULL)
    cuocc_plot_draw_heatmap (cr, width, height, painter->heatmap, painter->style, NULL);
  else
    cuocc_plot_draw (cr, width, height, painter->series, painter->unit, painter->style, NULL);
}

static GByteArray *
render (ExportFormat   format,
        const Painter *painter,
        int            width,
        int            height,
        GError       **error)
{
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
      break;
    case FORMAT_CSV:
    default:
      g_assert_not_reached ();
    }

  cr = cairo_create (surface);
  paint (painter, cr, width, height);
  status = cairo_status (cr);
  cairo_destroy (cr);

  if (status == CAIRO_STATUS_SUCCESS && format == FORMAT_PNG)
    status = cairo_surface_write_to_png_stream (surface, append_bytes, bytes);
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);

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
            int             width,
            int             height,
            GError        **error)
{
  g_autoptr(GByteArray) bytes = NULL;
  g_autofree char *csv = NULL;
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
      bytes = render (format, painter, width, height, error);
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

gboolean
cuocc_plot_export (const CuoccSeries    *series,
                   CuoccPlotYUnit        unit,
                   const CuoccPlotStyle *style,
                   const char           *path,
                   int                   width,
                   int                   height,
                   GError              **error)
{
  Painter painter = { plot_title (series != NULL ? series->kind : CUOCC_SERIES_THREADS), series, unit, NULL, style };

  g_return_val_if_fail (series != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return export_any (&painter, series_to_csv, series, path, width, height, error);
}

gboolean
cuocc_plot_export_heatmap (const CuoccGrid      *grid,
                           const CuoccPlotStyle *style,
                           const char           *path,
                           int                   width,
                           int                   height,
                           GError              **error)
{
  Painter painter = { NULL, NULL, CUOCC_PLOT_Y_PERCENT, grid, style };

  g_return_val_if_fail (grid != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  painter.title = plot_heatmap_title (grid->y_kind);
  return export_any (&painter, grid_to_csv, grid, path, width, height, error);
}
