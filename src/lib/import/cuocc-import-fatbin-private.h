/* cuocc-import-fatbin-private.h — what the fat binary reader's files share:
 * the reader of fat binaries and the host files that carry them
 * (cuocc-import-fatbin.c, which describes the format) and one entry of a
 * fat binary, its header and its payload decompressed within the file's
 * budget (cuocc-import-fatbin-entry.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <zstd.h>

#include "cuocc-import-private.h"

G_BEGIN_DECLS

#define FATBIN_MAGIC          0xba55ed50u
#define FATBIN_HEADER_SIZE    16
#define ENTRY_HEADER_SIZE     64
#define MAX_ENTRY_HEADER_SIZE 4096
#define EM_CUDA_MACHINE       190

#define ENTRY_KIND_PTX        1
#define ENTRY_KIND_ELF        2

#define FLAG_COMPRESSED_LZ4   0x2000
#define FLAG_COMPRESSED_ZSTD  0x8000
#define FLAG_ARCH_SPECIFIC    0x100000
#define FLAG_FAMILY           0x200000

/* How far an entry is decompressed before its first bytes are looked at. */
#define PROBE_SIZE 64

/* What reading one file keeps: its parser, the first error, and the
 * decompression budget of all its fat binaries. */
typedef struct _Reader {
  CuoccImportParser *parser;
  GError *first_error;             /* the first entry or member that could not be read */
  guint n_fatbins;
  int depth;
  gboolean mapped;                 /* data is a read-only file mapping: pages may be given back */
  gint64 budget;                   /* bytes left to decompress; atomic */
  gint64 budget_total;
} Reader;

/* One entry of a fat binary, as its header describes it. */
typedef struct {
  guint kind;
  guint sm;
  guint64 flags;
  const guint8 *payload;
  gsize payload_size;
  gsize compressed_size;
  guint64 uncompressed_size;
  char *arch;                      /* "sm_90a", "compute_120" */
  char *name;                      /* "sm_90a SASS" */
} Entry;

/* A little-endian number of 1 to 8 bytes. */
static inline guint64
read_le (const guint8 *p, int bytes)
{
  guint64 v = 0;

  for (int i = bytes - 1; i >= 0; i--)
    v = (v << 8) | p[i];
  return v;
}

/* A decompressed entry's buffer. */
typedef struct {
  guint8 *p;                       /* NULL: none */
  gsize size;                      /* as allocated */
  gsize resident;                  /* the bytes of its pages written: size, or less (sparse) */
} Owned;

/* cuocc-import-fatbin-entry.c */
void          _cuocc_import_fatbin_entry_clear        (Entry *e);
gboolean      _cuocc_import_fatbin_parse_entry_header (const guint8 *p, gsize avail, Entry *e, gsize *consumed);
const guint8 *_cuocc_import_fatbin_entry_bytes        (Reader *reader, const Entry *e, ZSTD_DCtx *dctx,
                                                       Owned *owned, gsize *len, GError **error);
void          _cuocc_import_fatbin_buffer_free        (Owned *owned);

/* cuocc-import-fatbin-sparse.c */
typedef enum {
  SPARSE_DONE,
  SPARSE_CORRUPT,
  SPARSE_NOT_HERE,
} SparseResult;

SparseResult  _cuocc_import_fatbin_lz4_sparse         (const guint8 *src, gsize src_len, guint8 *out, gsize size,
                                                       gsize *decoded, gsize *resident);

G_END_DECLS
