/* cuocc-import-fatbin.c — fat binaries, and the host files that carry them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <ar.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "cuocc-import-private.h"

#define FATBIN_MAGIC 0xba55ed50u
#define EM_CUDA_MACHINE 190

static guint32
read_u32 (const guint8 *p)
{
  return (guint32) p[0] | (guint32) p[1] << 8 | (guint32) p[2] << 16 | (guint32) p[3] << 24;
}

gboolean
cuocc_import_is_archive (const guint8 *data, gsize len)
{
  return len >= SARMAG && memcmp (data, ARMAG, SARMAG) == 0;
}

gboolean
cuocc_import_is_fatbin (const guint8 *data, gsize len)
{
  return len >= 4 && read_u32 (data) == FATBIN_MAGIC;
}

gboolean
cuocc_import_read_binary (CuoccImportParser *parser, const guint8 *data, gsize len,
                          const char *file, GError **error)
{
  if (cuocc_import_is_elf (data, len) && len >= EI_NIDENT + 4 &&
      (data[EI_NIDENT + 2] | data[EI_NIDENT + 3] << 8) == EM_CUDA_MACHINE)
    return cuocc_import_read_cubin (parser, data, len, file, NULL, error);
  g_set_error_literal (error, CUOCC_ERROR, CUOCC_ERROR_PARSE,
                       _("No CUDA device code found in this file"));
  return FALSE;
}
