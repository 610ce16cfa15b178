/* cuocc-cli-heatmap.c — --plot heatmap-regs|heatmap-smem to a file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * src/plot draws heatmaps but exports only line graphs, so the surfaces are
 * made here: every format is rendered into memory, then
 * g_file_set_contents () writes a temporary file beside the target and
 * renames it over it.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#ifdef HAVE_CUOCC_PLOT
# include <cairo-pdf.h>
# include <cairo-svg.h>
# include <cuocc-plot.h>
#endif

#include "cuocc-cli-heatmap.h"

/* ------------------------------------------------------------------ */
/* Helpers                                                             */
/* ------------------------------------------------------------------ */

static gboolean
check_folder (const char  *path,
              GError     **error)
{
  g_autofree char *folder = g_path_get_dirname (path);

  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_ISDIR, _("Cannot write “%s”: it is a folder"), path);
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

static gboolean
write_atomically (const char  *path,
                  const char  *data,
                  gsize        length,
                  GError     **error)
{
  g_autoptr(GError) local_error = NULL;

  if (!g_file_set_contents (path, data, length, &local_error))
    {
      g_set_error (error, local_error->domain, local_error->code,
                   _("Cannot write “%s”: %s"), path, local_error->message);
      return FALSE;
    }
  return TRUE;
}

#ifdef HAVE_CUOCC_PLOT

typedef enum {
  SURFACE_PNG,
  SURFACE_SVG,
  SURFACE_PDF,
} SurfaceKind;

static cairo_status_t
append_bytes (void                *closure,
              const unsigned char *data,
              unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

static const char *
heatmap_title (CuoccSeriesKind y_kind)
{
  return y_kind == CUOCC_SERIES_REGS ? _("Occupancy by block size and registers per thread")
                                     : _("Occupancy by block size and shared memory per block");
}

static GByteArray *
render (SurfaceKind         kind,
        const CuoccHeatmap *map,
        int                 width,
        int                 height,
        GError            **error)
{
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  cairo_surface_t *surface;
  cairo_status_t status;
  CuoccPlotStyle style;
  cairo_t *cr;

  if (kind == SURFACE_PNG)
    surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  else if (kind == SURFACE_SVG)
    surface = cairo_svg_surface_create_for_stream (append_bytes, bytes, width, height);
  else
    {
      surface = cairo_pdf_surface_create_for_stream (append_bytes, bytes, width, height);
      cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, heatmap_title (map->y_kind));
      cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "cuocc");
    }

  cuocc_plot_style_init_light (&style);
  cr = cairo_create (surface);
  cuocc_plot_draw_heatmap (cr, width, height, map, &style, NULL);
  status = cairo_status (cr);
  cairo_destroy (cr);

  if (status == CAIRO_STATUS_SUCCESS && kind == SURFACE_PNG)
    status = cairo_surface_write_to_png_stream (surface, append_bytes, bytes);
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);

  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT,
                   _("Cannot draw the heatmap at %d × %d: %s"), width, height, cairo_status_to_string (status));
      return NULL;
    }
  return g_steal_pointer (&bytes);
}

static void
heatmap_from_grid (const CuoccGrid *grid,
                   CuoccHeatmap    *map)
{
  map->y_kind = grid->y_kind;
  map->n_x = grid->n_x;
  map->n_y = grid->n_y;
  map->x_values = grid->x_values;
  map->y_values = grid->y_values;
  map->occupancy = grid->occupancy;
  map->current_i = grid->current_i;
  map->current_j = grid->current_j;
}

#endif

/* ------------------------------------------------------------------ */
/* Public API                                                          */
/* ------------------------------------------------------------------ */

gboolean
cli_heatmap_export (const CuoccGpu   *gpu,
                    const CuoccInput *input,
                    CuoccSeriesKind   y_kind,
                    const char       *path,
                    int               width,
                    int               height,
                    GError          **error)
{
  g_autoptr(CuoccGrid) grid = NULL;
  g_autofree char *lower = g_ascii_strdown (path, -1);

  g_assert (y_kind == CUOCC_SERIES_REGS || y_kind == CUOCC_SERIES_SMEM);

  if (!check_folder (path, error))
    return FALSE;
  grid = cuocc_grid_new (gpu, input, y_kind);
  if (grid == NULL)
    {
      g_set_error_literal (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT,
                           _("Cannot compute the heatmap for this configuration"));
      return FALSE;
    }

  if (g_str_has_suffix (lower, ".csv"))
    {
      g_autofree char *csv = cuocc_grid_to_csv (grid);

      return write_atomically (path, csv, strlen (csv), error);
    }

#ifdef HAVE_CUOCC_PLOT
  {
    g_autoptr(GByteArray) bytes = NULL;
    SurfaceKind kind = SURFACE_PNG;
    CuoccHeatmap map;

    if (g_str_has_suffix (lower, ".svg"))
      kind = SURFACE_SVG;
    else if (g_str_has_suffix (lower, ".pdf"))
      kind = SURFACE_PDF;
    else
      g_assert (g_str_has_suffix (lower, ".png"));

    heatmap_from_grid (grid, &map);
    bytes = render (kind, &map, width, height, error);
    if (bytes == NULL)
      return FALSE;
    return write_atomically (path, (const char *) bytes->data, bytes->len, error);
  }
#else
  g_set_error_literal (error, CUOCC_ERROR, CUOCC_ERROR_UNSUPPORTED,
                       _("This build of cuocc cannot draw graphs; only .csv output is available"));
  return FALSE;
#endif
}
