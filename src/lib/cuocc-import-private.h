/* cuocc-import-private.h — what the import readers share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gelf.h>

#include "cuocc.h"

G_BEGIN_DECLS

#define MAX_FIGURE G_GINT64_CONSTANT (1000000000000000)

/* libelf allocates some 200 bytes per section: a file claiming more is refused. */
#define CUOCC_IMPORT_MAX_SECTIONS (1 << 18)

/* The most a compressed fat binary entry may expand to (the largest cubins
 * of cuBLAS are some tens of MB). */
#define CUOCC_IMPORT_MAX_ENTRY (G_GUINT64_CONSTANT (128) << 20)

/* How many reasons for skipped entries a list keeps. */
#define CUOCC_IMPORT_MAX_SKIPPED_NOTES 20

typedef enum {
  NCU_NONE,
  NCU_LONG,                        /* one metric a row */
  NCU_RAW,                         /* one launch a row, one metric a column */
} NcuMode;

typedef enum {
  COL_ID,
  COL_KERNEL,
  COL_SECTION,
  COL_METRIC,
  COL_UNIT,
  COL_VALUE,
  COL_CC,
  COL_BLOCK,
  COL_GRID,
  N_COLS,
} NcuColumn;

/* What streamed input turns out to be, from its first bytes. */
typedef enum {
  STREAM_UNDECIDED,
  STREAM_TEXT,
  STREAM_BINARY,                   /* kept whole in `head` and read at the end */
} StreamMode;

/* Binary input that arrives in pieces (standard input) is kept in memory up
 * to this size; a file is mapped instead, whatever its size. */
#define CUOCC_IMPORT_MAX_STREAMED_BINARY ((gsize) 1 << 30)

struct _CuoccImportParser {
  StreamMode stream_mode;
  GByteArray *head;                /* the first bytes, or the whole binary input */
  gboolean binary_too_large;
  char *file;                      /* the file streamed input comes from (a pipe); NULL: standard input */
  gboolean mapped;                 /* binary data is a read-only file mapping (cuocc_import_parse_file) */
  GString *line;
  gboolean line_too_long;
  guint line_no;
  GArray *kernels;                 /* CuoccKernel */
  gboolean truncated;
  guint n_skipped_lines;
  guint n_helpers;                 /* device functions of binaries, not listed */
  guint n_skipped_entries;         /* fat binary entries not read */
  GPtrArray *skipped;              /* why, the first CUOCC_IMPORT_MAX_SKIPPED_NOTES */

  /* ptxas and nvlink */
  CuoccKernel ptxas;               /* the entry being read; name NULL when none */
  gboolean ptxas_props;            /* the next stack frame line is the entry's */

  /* cuobjdump */
  char *cuobjdump_arch;
  gboolean cuobjdump_in_ptx;
  char *cuobjdump_function;        /* "Function X:" waiting for its REG line */

  /* Nsight Compute */
  NcuMode ncu_mode;
  int ncu_cols[N_COLS];            /* -1 when absent */
  GPtrArray *ncu_header;           /* raw: the metric of each column */
  GPtrArray *ncu_units;            /* raw: the unit of each column, from the unit row */
  GHashTable *ncu_ids;             /* launch ID → index in kernels + 1 */
};

void     cuocc_import_kernel_init     (CuoccKernel *k);
void     cuocc_import_kernel_clear    (CuoccKernel *k);
void     cuocc_import_kernel_set_name (CuoccKernel *k, const char *raw);
void     cuocc_import_kernel_set_arch (CuoccKernel *k, const char *arch);
int      cuocc_import_add_kernel      (CuoccImportParser *parser, CuoccKernel *k);
gboolean cuocc_import_parse_sum       (const char *start, const char *end, gint64 *value);
int      cuocc_import_clamp_int       (gint64 v);

/* Binary readers (cuocc-import-cubin.c, cuocc-import-fatbin.c,
 * cuocc-import-triton.c). The cubin reader adds one kernel per function of
 * an ELF file ptxas wrote, with `file` and `entry` as given; it fails with
 * an error when the data is no cubin or holds no kernel. The Triton reader
 * uses it for the kernel's cubin. */
gboolean cuocc_import_read_cubin      (CuoccImportParser *parser, const guint8 *data, gsize len,
                                       const char *file, const char *entry, GError **error);

/* cuocc-import-fatbin.c: what binary content is, and the reader that takes
 * any of it (a cubin, a fat binary, a host ELF file, an archive). `file` is
 * the name the user gave, NULL for standard input. */
gboolean cuocc_import_is_archive  (const guint8 *data, gsize len);
gboolean cuocc_import_is_fatbin   (const guint8 *data, gsize len);
gboolean cuocc_import_read_binary (CuoccImportParser *parser, const guint8 *data, gsize len,
                                   const char *file, GError **error);
/* Entry `index` of the fat binary at data, decompressed ("sm_90a SASS" in *name). */
GBytes  *cuocc_import_fatbin_entry (const guint8 *data, gsize len, guint index, char **name, GError **error);

/* ELF helpers the binary readers share. `what` names the file in messages. */
gboolean      cuocc_import_is_elf            (const guint8 *data, gsize len);
Elf          *cuocc_import_elf_memory        (const guint8 *data, gsize len);
Elf          *cuocc_import_elf_open          (const guint8 *data, gsize len, const char *what, GError **error);
const guint8 *cuocc_import_elf_section_bytes (const guint8 *data, gsize len, const GElf_Shdr *shdr, gsize *size);
const char   *cuocc_import_elf_section_name  (Elf *elf, size_t shstrndx, const GElf_Shdr *shdr);

/* Triton caches (cuocc-import-triton.c). read_triton takes a cache folder,
 * one kernel's folder or its .json; read_triton_json metadata already read
 * from json_path (NULL: standard input, whose cubin cannot be found);
 * read_triton_data metadata and cubin in memory (the fuzzer's way in). */
gboolean cuocc_import_looks_like_json  (const char *data, gsize len);
gboolean cuocc_import_read_triton      (CuoccImportParser *parser, const char *path, GError **error);
gboolean cuocc_import_read_triton_json (CuoccImportParser *parser, const char *json, gsize json_len,
                                        const char *json_path, GError **error);
gboolean cuocc_import_read_triton_data (CuoccImportParser *parser, const char *json, gsize json_len,
                                        const char *json_path, const guint8 *cubin, gsize cubin_len,
                                        GError **error);

/* Each reader sees every line. */
void     cuocc_import_ptxas_line      (CuoccImportParser *parser, const char *line);
void     cuocc_import_cuobjdump_line  (CuoccImportParser *parser, const char *line);
void     cuocc_import_ncu_line        (CuoccImportParser *parser, const char *line);

G_END_DECLS
