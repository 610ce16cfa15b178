/* cuocc-import-formats.c — the formats the import reads: one table
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One line a format: its public identifier, its name, its sniff and its
 * reader (cuocc-import-private.h says what each is). A new format is a
 * reader in its own cuocc-import-FORMAT.c and one line here (HACKING.md,
 * "A new import format"). The parser (cuocc-import.c) asks this table which
 * reader takes the content and which name a format has; it names no format
 * itself.
 *
 * Order matters in two places only: when two sniffs are equally sure of the
 * same bytes, the earlier line wins; and line readers see each line in this
 * order until one of them reads a kernel.
 */
#include "config.h"

#include "cuocc-import-private.h"

const ImportFormatInfo _cuocc_import_formats[] = {
  /* format                        name         sniff (NULL: its lines)      reader */
  { CUOCC_IMPORT_FORMAT_PTXAS,     "ptxas",     NULL,                        &_cuocc_import_ptxas_reader },
  { CUOCC_IMPORT_FORMAT_CUOBJDUMP, "cuobjdump", NULL,                        &_cuocc_import_cuobjdump_reader },
  { CUOCC_IMPORT_FORMAT_NCU_CSV,   "ncu-csv",   NULL,                        &_cuocc_import_ncu_reader },
  { CUOCC_IMPORT_FORMAT_NCU_RAW,   "ncu-raw",   NULL,                        &_cuocc_import_ncu_reader },
  { CUOCC_IMPORT_FORMAT_CUBIN,     "cubin",     _cuocc_import_cubin_sniff,   &_cuocc_import_binary_reader },
  { CUOCC_IMPORT_FORMAT_FATBIN,    "fatbin",    _cuocc_import_fatbin_sniff,  &_cuocc_import_binary_reader },
  { CUOCC_IMPORT_FORMAT_TRITON,    "triton",    _cuocc_import_triton_sniff,  &_cuocc_import_triton_reader },
  { CUOCC_IMPORT_FORMAT_PTX,       "ptx",       NULL,                        &_cuocc_import_ptx_reader },
};

const guint _cuocc_import_n_formats = G_N_ELEMENTS (_cuocc_import_formats);

const ImportFormatInfo *
_cuocc_import_format_info (CuoccImportFormat format)
{
  for (guint i = 0; i < G_N_ELEMENTS (_cuocc_import_formats); i++)
    if (_cuocc_import_formats[i].format == format)
      return &_cuocc_import_formats[i];
  return NULL;
}

/**
 * cuocc_import_format_name:
 * @format: a format
 *
 * The name of an import format.
 *
 * Returns: (transfer none): the format's name as the CSV and JSON columns
 *   write it: "ptxas", "cuobjdump", "ncu-csv", "ncu-raw", "cubin", "fatbin",
 *   "triton", "ptx", or "unknown"
 */
const char *
cuocc_import_format_name (CuoccImportFormat format)
{
  const ImportFormatInfo *info = _cuocc_import_format_info (format);

  return info != NULL ? info->name : "unknown";
}
