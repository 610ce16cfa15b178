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

/* Binary input that arrives in pieces (standard input) is kept in memory up
 * to this size; a file is mapped instead, whatever its size. */
#define CUOCC_IMPORT_MAX_STREAMED_BINARY ((gsize) 1 << 30)

/* ----- the formats: one table ----- *
 *
 * Every format the import reads is one entry of _cuocc_import_formats[]
 * (cuocc-import-formats.c): its CuoccImportFormat, its name, how its first
 * bytes are told, and its reader. The parser (cuocc-import.c) knows no
 * format by name: detection, the names and the choice of reader all come
 * from the table. Private types have no Cuocc prefix, private functions and
 * data start with _cuocc_import_ (HACKING.md, "Naming"). */

/* How surely content is a format. */
typedef enum {
  IMPORT_SNIFF_NO,                 /* not this format */
  IMPORT_SNIFF_MAYBE,              /* text whose lines start this format (a CSV header, an entry's first
                                    * line) without a whole kernel yet */
  IMPORT_SNIFF_SURE,               /* its magic number or its syntax, or a whole kernel read from its lines */
} ImportSniff;

/* A reader takes its input in one of two shapes.
 *
 * Line readers (text: build logs, dumps, CSV exports) get every complete
 * line without its end, from a state of their own (state_new, state_free).
 * Text says what it is only as it goes on (a log starts with whatever the
 * build printed), and a log may hold several tools' output: every line
 * reader sees every line, each in its own state; the one that reads the
 * first kernel names the text's format. `seen` says which format the lines
 * showed before a kernel (NULL: none until a kernel), `finish` is called on
 * every reader at the end (NULL: nothing to do); a finish that filters
 * touches only its own format's kernels.
 *
 * Whole readers (`read`: binaries, JSON) get the whole input at once: a
 * file mapped, or bytes in memory. `streamed`: input that arrives in pieces
 * (standard input, a pipe) is kept for it, up to
 * CUOCC_IMPORT_MAX_STREAMED_BINARY, and read at the end; otherwise such
 * input goes to the line readers. `read_folder`: it also reads a folder. */
typedef struct {
  gpointer          (*state_new)   (void);
  void              (*state_free)  (gpointer state);
  void              (*line)        (CuoccImportParser *parser, gpointer state, const char *line);
  CuoccImportFormat (*seen)        (gconstpointer state);
  void              (*finish)      (CuoccImportParser *parser, gpointer state);

  gboolean          (*read)        (CuoccImportParser *parser, const guint8 *data, gsize len, const char *file,
                                    GError **error);
  gboolean          streamed;
  gboolean          (*read_folder) (CuoccImportParser *parser, const char *path, GError **error);
} ImportReader;

/* One format. `sniff` tells from the first bytes (`folder` FALSE) or from a
 * folder's path being a folder (`folder` TRUE, data NULL) whether the
 * content is this format; NULL for a line reader's format, which its lines
 * tell (the reader run over the first complete lines: SURE when it reads a
 * kernel of this format, MAYBE when `seen` says this format). Content that
 * a sniff is SURE of goes to that format's whole reader and is never read
 * as lines. Several formats may share a reader (a fat binary's and a
 * cubin's; Nsight Compute's two CSV pages); the kernels it adds say which
 * format each came from. */
typedef struct {
  CuoccImportFormat     format;
  const char           *name;     /* as the CSV and JSON columns and messages spell it */
  ImportSniff         (*sniff)    (const guint8 *data, gsize len, gboolean folder);
  const ImportReader   *reader;
} ImportFormatInfo;

extern const ImportFormatInfo _cuocc_import_formats[];
extern const guint            _cuocc_import_n_formats;

/* The entry of a format; NULL for CUOCC_IMPORT_FORMAT_UNKNOWN and values no entry has. */
const ImportFormatInfo *_cuocc_import_format_info (CuoccImportFormat format);

/* The sniff of a format that `sniff` leaves to its lines: its reader alone
 * over the complete lines of data. */
ImportSniff _cuocc_import_sniff_lines (const ImportFormatInfo *info, const guint8 *data, gsize len);

/* What ptxas printed for a module (cuocc-ptxas-assemble.c): the ptxas
 * reader alone over the text, names kept as printed, never demangled. The
 * caller matches entries by mangled name; demangling each again was a
 * quarter of what a cached import cost beyond one without PTX. */
CuoccKernelList *_cuocc_import_parse_ptxas_output (const char *data, gsize len);

/* The readers, each defined in its cuocc-import-FORMAT.c. */
extern const ImportReader _cuocc_import_ptxas_reader;
extern const ImportReader _cuocc_import_cuobjdump_reader;
extern const ImportReader _cuocc_import_ncu_reader;
extern const ImportReader _cuocc_import_binary_reader;
extern const ImportReader _cuocc_import_triton_reader;

ImportSniff _cuocc_import_cubin_sniff  (const guint8 *data, gsize len, gboolean folder);
ImportSniff _cuocc_import_fatbin_sniff (const guint8 *data, gsize len, gboolean folder);
ImportSniff _cuocc_import_triton_sniff (const guint8 *data, gsize len, gboolean folder);

/* ----- what every reader shares ----- */

/* What the input is, once its first bytes are seen. */
typedef enum {
  IMPORT_INPUT_UNDECIDED,          /* streamed input, too few bytes yet */
  IMPORT_INPUT_LINES,              /* the line readers */
  IMPORT_INPUT_WHOLE,              /* kept whole in `head` for `whole`'s reader, read at the end */
} ImportInput;

/* A line reader and its state. */
typedef struct {
  const ImportReader *reader;
  gpointer            state;
} ImportLineReader;

struct _CuoccImportParser {
  ImportInput input;
  GByteArray *head;                /* the first bytes, or the whole streamed input */
  const ImportFormatInfo *whole;   /* the format `head` is kept for */
  gboolean binary_too_large;
  char *file;                      /* the file streamed input comes from (a pipe); NULL: standard input */
  gboolean mapped;                 /* binary data is a read-only file mapping (cuocc_import_parse_file) */
  GString *line;
  gboolean line_too_long;
  guint line_no;
  ImportLineReader *line_readers;  /* NULL until the first line */
  guint n_line_readers;
  GArray *kernels;                 /* CuoccKernel */
  gboolean truncated;
  guint n_skipped_lines;
  guint n_helpers;                 /* device functions of binaries, not listed */
  guint n_skipped_entries;         /* fat binary entries not read */
  GPtrArray *skipped;              /* why, the first CUOCC_IMPORT_MAX_SKIPPED_NOTES */
  gboolean raw_names;              /* names kept as read, not demangled (_cuocc_import_parse_ptxas_output) */
};

void     _cuocc_import_kernel_init     (CuoccKernel *k);
void     _cuocc_import_kernel_clear    (CuoccKernel *k);
void     _cuocc_import_set_string      (char **field, const char *value);
void     _cuocc_import_kernel_set_name (CuoccKernel *k, const char *raw);
/* As the parser wants it: demangled, or, with parser->raw_names, name and
 * mangled both the name as read. */
void     _cuocc_import_parser_set_name (CuoccImportParser *parser, CuoccKernel *k, const char *raw);
void     _cuocc_import_kernel_set_arch (CuoccKernel *k, const char *arch);
int      _cuocc_import_add_kernel      (CuoccImportParser *parser, CuoccKernel *k);
gboolean _cuocc_import_parse_sum       (const char *start, const char *end, gint64 *value);
int      _cuocc_import_clamp_int       (gint64 v);

/* The cubin reader (cuocc-import-cubin.c) adds one kernel per function of
 * an ELF file ptxas wrote, with `file` and `entry` as given; it fails with
 * an error when the data is no cubin or holds no kernel. The fat binary
 * reader and the Triton reader use it for the cubins they find. */
gboolean _cuocc_import_read_cubin      (CuoccImportParser *parser, const guint8 *data, gsize len,
                                        const char *file, const char *entry, GError **error);

/* cuocc-import-fatbin.c: what binary content is, and the reader that takes
 * any of it (a cubin, a fat binary, a host ELF file, an archive). `file` is
 * the name the user gave, NULL for standard input. */
gboolean _cuocc_import_is_archive  (const guint8 *data, gsize len);
gboolean _cuocc_import_is_fatbin   (const guint8 *data, gsize len);
gboolean _cuocc_import_read_binary (CuoccImportParser *parser, const guint8 *data, gsize len,
                                    const char *file, GError **error);
/* Entry `index` of the fat binary at data, decompressed ("sm_90a SASS" in *name). */
GBytes  *_cuocc_import_fatbin_entry (const guint8 *data, gsize len, guint index, char **name, GError **error);
/* The most bytes of decompressed entries' written pages alive at once since
 * the last reset (cuocc-import-fatbin-entry.c): what reading fat binaries
 * holds beyond the file and the kernels. reset: start again from now. */
gsize    _cuocc_import_fatbin_peak_resident (gboolean reset);

/* A PTX module's stored bytes, compressed by a fat binary (flags: its
 * entry's), decompressed to size bytes. */
GBytes  *_cuocc_import_fatbin_inflate (GBytes *stored, guint64 flags, gsize size, GError **error);

/* PTX (cuocc-import-ptx.c): a module keeps the text as stored (flags 0:
 * plain text); read_ptx_text adds a fat binary PTX entry's kernels, each
 * holding a reference to module. */
CuoccPtxModule *_cuocc_ptx_module_new        (GBytes *stored, guint64 flags, gsize size, const char *arch);
GBytes         *_cuocc_ptx_module_get_stored (const CuoccPtxModule *module, guint64 *flags);
guint           _cuocc_import_read_ptx_text  (CuoccImportParser *parser, const char *text, gsize len,
                                              const char *arch, const char *file, const char *entry,
                                              CuoccPtxModule *module);
extern const ImportReader _cuocc_import_ptx_reader;

/* ELF helpers the binary readers share. `what` names the file in messages. */
gboolean      _cuocc_import_is_elf            (const guint8 *data, gsize len);
Elf          *_cuocc_import_elf_memory        (const guint8 *data, gsize len);
Elf          *_cuocc_import_elf_open          (const guint8 *data, gsize len, const char *what, GError **error);
const guint8 *_cuocc_import_elf_section_bytes (const guint8 *data, gsize len, const GElf_Shdr *shdr, gsize *size);
const char   *_cuocc_import_elf_section_name  (Elf *elf, size_t shstrndx, const GElf_Shdr *shdr);

/* Triton caches (cuocc-import-triton.c). read_triton takes a cache folder,
 * one kernel's folder or its .json; read_triton_json metadata already read
 * from json_path (NULL: standard input, whose cubin cannot be found);
 * read_triton_data metadata and cubin in memory (the fuzzer's way in). */
gboolean _cuocc_import_looks_like_json  (const char *data, gsize len);
gboolean _cuocc_import_read_triton      (CuoccImportParser *parser, const char *path, GError **error);
gboolean _cuocc_import_read_triton_json (CuoccImportParser *parser, const char *json, gsize json_len,
                                         const char *json_path, GError **error);
gboolean _cuocc_import_read_triton_data (CuoccImportParser *parser, const char *json, gsize json_len,
                                         const char *json_path, const guint8 *cubin, gsize cubin_len,
                                         GError **error);

G_END_DECLS
