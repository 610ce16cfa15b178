/* cuocc-import.c — kernel resource usage read from compiler and profiler output
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One pass over the input, line by line, with every format's reader looking
 * at every line: a build log may hold ptxas output and a cuobjdump dump one
 * after the other, and a profiler export starts with whatever the program
 * printed. Each reader keeps a little state and adds kernels as they end.
 */
#define _GNU_SOURCE              /* MADV_NOHUGEPAGE */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>

#include "cuocc-import-private.h"

#define SARMAG_BYTES 8             /* the longest magic detect_content looks for: "!<arch>\n" */
#include "cuocc-private.h"

/* ----- kernels ----- */

void
cuocc_import_kernel_init (CuoccKernel *k)
{
  memset (k, 0, sizeof *k);
  k->regs = k->barriers = CUOCC_IMPORT_UNKNOWN;
  k->smem = k->stack = k->spill_stores = k->spill_loads = CUOCC_IMPORT_UNKNOWN;
  k->lmem = k->cmem = CUOCC_IMPORT_UNKNOWN;
  k->block_size = k->sm_count = CUOCC_IMPORT_UNKNOWN;
  k->grid_size = k->dynamic_smem = k->driver_smem = k->smem_config = CUOCC_IMPORT_UNKNOWN;
  k->theoretical_occupancy = k->achieved_occupancy = k->theoretical_warps = -1.0;
  k->block_limit_regs = k->block_limit_smem = k->block_limit_warps = CUOCC_IMPORT_UNKNOWN;
  k->block_limit_blocks = k->block_limit_barriers = CUOCC_IMPORT_UNKNOWN;
  k->max_threads = k->min_blocks = k->max_regs = CUOCC_IMPORT_UNKNOWN;
  k->code = CUOCC_CODE_SASS;
  k->loaded = CUOCC_LOAD_UNKNOWN;
}

void
cuocc_import_kernel_clear (CuoccKernel *k)
{
  g_clear_pointer (&k->name, g_free);
  g_clear_pointer (&k->mangled, g_free);
  g_clear_pointer (&k->arch, g_free);
  g_clear_pointer (&k->file, g_free);
  g_clear_pointer (&k->entry, g_free);
}

static gboolean
looks_demangled (const char *name)
{
  return strchr (name, '(') != NULL || strchr (name, ' ') != NULL || strchr (name, '<') != NULL;
}

/* Names come from untrusted text: they are made valid UTF-8 and demangled. */
void
cuocc_import_kernel_set_name (CuoccKernel *k, const char *raw)
{
  g_autofree char *valid = g_utf8_make_valid (raw, -1);
  char *demangled = cuocc_demangle (valid);

  g_free (k->name);
  g_free (k->mangled);
  k->name = demangled != NULL ? demangled : g_strdup (valid);
  k->mangled = demangled != NULL || !looks_demangled (valid) ? g_steal_pointer (&valid) : g_strdup ("");
}

/* "sm_90a" → 9.0, "sm_100f" → 10.0, "sm_21" → 2.1, "sm_101" → 11.0. */
static gboolean
arch_to_cc (const char *arch, int *major, int *minor)
{
  const char *note;

  return _cuocc_arch_to_cc (arch, FALSE, major, minor, &note);
}

void
cuocc_import_kernel_set_arch (CuoccKernel *k, const char *arch)
{
  int major, minor;

  g_free (k->arch);
  k->arch = NULL;
  k->cc_major = k->cc_minor = 0;
  if (arch == NULL || !arch_to_cc (arch, &major, &minor))
    return;
  k->arch = g_strdup (arch);
  k->cc_major = major;
  k->cc_minor = minor;
}

/* Takes the kernel's strings. Returns its index, or -1 when the list is full. */
int
cuocc_import_add_kernel (CuoccImportParser *parser, CuoccKernel *k)
{
  if (parser->kernels->len >= CUOCC_IMPORT_MAX_KERNELS)
    {
      parser->truncated = TRUE;
      cuocc_import_kernel_clear (k);
      cuocc_import_kernel_init (k);
      return -1;
    }
  k->line = parser->line_no;
  g_array_append_val (parser->kernels, *k);
  cuocc_import_kernel_init (k);
  return (int) parser->kernels->len - 1;
}

/* ----- numbers ----- */

/* Reads "123" or "40+16" (older ptxas: static + parameter shared memory). */
gboolean
cuocc_import_parse_sum (const char *start, const char *end, gint64 *value)
{
  const char *p = end;
  gint64 total = 0;

  while (p > start && p[-1] == ' ')
    p--;
  end = p;
  while (p > start && (g_ascii_isdigit (p[-1]) || p[-1] == '+'))
    p--;
  if (p == end || *p == '+')
    return FALSE;
  while (p < end)
    {
      gint64 term = 0;

      if (!g_ascii_isdigit (*p))
        return FALSE;
      for (; p < end && g_ascii_isdigit (*p); p++)
        {
          term = term * 10 + (*p - '0');
          if (term > MAX_FIGURE)
            return FALSE;
        }
      total += term;
      if (total > MAX_FIGURE)
        return FALSE;
      if (p < end && *p == '+')
        p++;
    }
  *value = total;
  return TRUE;
}

int
cuocc_import_clamp_int (gint64 v)
{
  return v > G_MAXINT ? G_MAXINT : (int) v;
}

/* ----- lines ----- */

static void
parse_line (CuoccImportParser *parser, const char *line)
{
  parser->line_no++;
  cuocc_import_ptxas_line (parser, line);
  cuocc_import_cuobjdump_line (parser, line);
  cuocc_import_ncu_line (parser, line);
}

static void
end_line (CuoccImportParser *parser)
{
  if (parser->line_too_long)
    {
      parser->n_skipped_lines++;
      parser->line_no++;
    }
  else
    {
      if (parser->line->len > 0 && parser->line->str[parser->line->len - 1] == '\r')
        g_string_truncate (parser->line, parser->line->len - 1);
      parse_line (parser, parser->line->str);
    }
  g_string_truncate (parser->line, 0);
  parser->line_too_long = FALSE;
}

/* ----- binaries ----- */

static gboolean
is_text_format (CuoccImportFormat format)
{
  return format == CUOCC_IMPORT_FORMAT_PTXAS || format == CUOCC_IMPORT_FORMAT_CUOBJDUMP ||
         format == CUOCC_IMPORT_FORMAT_NCU_CSV || format == CUOCC_IMPORT_FORMAT_NCU_RAW;
}

typedef enum {
  CONTENT_TEXT,                    /* a log or a CSV export: the line readers */
  CONTENT_BINARY,                  /* ELF, archive or fat binary */
  CONTENT_JSON,                    /* a Triton cache entry's metadata */
} Content;

/* By content, never by name: a file called .log may be a cubin. */
static Content
detect_content (const guint8 *data, gsize len)
{
  if (cuocc_import_is_elf (data, len) || cuocc_import_is_archive (data, len) ||
      cuocc_import_is_fatbin (data, len))
    return CONTENT_BINARY;
  return cuocc_import_looks_like_json ((const char *) data, len) ? CONTENT_JSON : CONTENT_TEXT;
}

static void feed_text (CuoccImportParser *parser, const char *data, gsize len);

/* Takes the parser. */
static CuoccKernelList *
parse_content (CuoccImportParser *owned, const guint8 *data, gsize len, const char *file, GError **error)
{
  g_autoptr (CuoccImportParser) parser = owned;

  parser->stream_mode = STREAM_TEXT;
  switch (detect_content (data, len))
    {
    case CONTENT_BINARY:
      if (!cuocc_import_read_binary (parser, data, len, file, error))
        return NULL;
      break;
    case CONTENT_JSON:
      if (!cuocc_import_read_triton_json (parser, (const char *) data, len, file, error))
        return NULL;
      break;
    case CONTENT_TEXT:
    default:
      feed_text (parser, (const char *) data, len);
      break;
    }
  return cuocc_import_parser_finish (g_steal_pointer (&parser), error);
}

/* ----- public API ----- */

/**
 * cuocc_import_format_name:
 * @format: a format
 *
 * The name of an import format.
 *
 * Returns: (transfer none): the format's name as the CSV and JSON columns
 *   write it: "ptxas", "cuobjdump", "ncu-csv", "ncu-raw", "cubin", "fatbin",
 *   "triton", or "unknown"
 */
const char *
cuocc_import_format_name (CuoccImportFormat format)
{
  switch (format)
    {
    case CUOCC_IMPORT_FORMAT_PTXAS:
      return "ptxas";
    case CUOCC_IMPORT_FORMAT_CUOBJDUMP:
      return "cuobjdump";
    case CUOCC_IMPORT_FORMAT_NCU_CSV:
      return "ncu-csv";
    case CUOCC_IMPORT_FORMAT_NCU_RAW:
      return "ncu-raw";
    case CUOCC_IMPORT_FORMAT_CUBIN:
      return "cubin";
    case CUOCC_IMPORT_FORMAT_FATBIN:
      return "fatbin";
    case CUOCC_IMPORT_FORMAT_TRITON:
      return "triton";
    case CUOCC_IMPORT_FORMAT_UNKNOWN:
    default:
      return "unknown";
    }
}

/**
 * cuocc_import_parser_new: (skip)
 *
 * Makes a parser for input that arrives in pieces, such as a pipe: feed it
 * with cuocc_import_parser_feed(), then cuocc_import_parser_finish(). The
 * format is found from the content.
 *
 * Returns: (transfer full): a new parser
 */
CuoccImportParser *
cuocc_import_parser_new (void)
{
  CuoccImportParser *parser = g_new0 (CuoccImportParser, 1);

  parser->head = g_byte_array_new ();
  parser->line = g_string_sized_new (256);
  parser->kernels = g_array_new (FALSE, FALSE, sizeof (CuoccKernel));
  parser->skipped = g_ptr_array_new_with_free_func (g_free);
  parser->ncu_ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  cuocc_import_kernel_init (&parser->ptxas);
  for (int c = 0; c < N_COLS; c++)
    parser->ncu_cols[c] = -1;
  return parser;
}

static void
feed_text (CuoccImportParser *parser, const char *data, gsize len)
{
  const char *end;

  if (len == 0)
    return;                         /* data may be NULL */
  end = data + len;

  while (data < end)
    {
      const char *nl = memchr (data, '\n', (gsize) (end - data));
      const char *stop = nl != NULL ? nl : end;
      gsize piece = (gsize) (stop - data);

      if (!parser->line_too_long)
        {
          if (parser->line->len + piece > CUOCC_IMPORT_MAX_LINE)
            {
              parser->line_too_long = TRUE;
              g_string_truncate (parser->line, 0);
            }
          else
            g_string_append_len (parser->line, data, (gssize) piece);
        }
      if (nl == NULL)
        break;
      end_line (parser);
      data = nl + 1;
    }
}

/* The first eight bytes say whether streamed input is binary (ELF, archive,
 * fat binary): then it is kept, bounded, and read whole at the end. */
static void
decide_stream (CuoccImportParser *parser)
{
  GByteArray *head = parser->head;

  if (detect_content (head->data, head->len) == CONTENT_BINARY)
    {
      parser->stream_mode = STREAM_BINARY;
      return;
    }
  parser->stream_mode = STREAM_TEXT;
  parser->head = NULL;
  feed_text (parser, (const char *) head->data, head->len);
  g_byte_array_unref (head);
}

/**
 * cuocc_import_parser_feed:
 * @parser: a parser
 * @data: (array length=len): the next piece of input
 * @len: the length of @data
 *
 * Reads the next piece. Text is read line by line as it comes; binary input
 * is kept, up to 1 GiB, and read when the parser finishes.
 */
void
cuocc_import_parser_feed (CuoccImportParser *parser, const char *data, gsize len)
{
  g_return_if_fail (parser != NULL);
  g_return_if_fail (data != NULL || len == 0);

  switch (parser->stream_mode)
    {
    case STREAM_TEXT:
      feed_text (parser, data, len);
      break;
    case STREAM_UNDECIDED:
    case STREAM_BINARY:
      if (parser->binary_too_large)
        break;
      if (len > CUOCC_IMPORT_MAX_STREAMED_BINARY - parser->head->len)
        {
          parser->binary_too_large = TRUE;
          g_byte_array_set_size (parser->head, 0);
          break;
        }
      g_byte_array_append (parser->head, (const guint8 *) data, (guint) len);
      if (parser->stream_mode == STREAM_UNDECIDED && parser->head->len >= SARMAG_BYTES)
        decide_stream (parser);
      break;
    default:
      g_assert_not_reached ();
    }
}

/**
 * cuocc_import_parser_free:
 * @parser: (nullable) (transfer full): a parser
 *
 * Frees a parser that was not finished.
 */
void
cuocc_import_parser_free (CuoccImportParser *parser)
{
  if (parser == NULL)
    return;
  for (guint i = 0; i < parser->kernels->len; i++)
    cuocc_import_kernel_clear (&g_array_index (parser->kernels, CuoccKernel, i));
  g_array_unref (parser->kernels);
  g_clear_pointer (&parser->head, g_byte_array_unref);
  g_free (parser->file);
  g_ptr_array_unref (parser->skipped);
  g_string_free (parser->line, TRUE);
  cuocc_import_kernel_clear (&parser->ptxas);
  g_free (parser->cuobjdump_arch);
  g_free (parser->cuobjdump_function);
  g_clear_pointer (&parser->ncu_header, g_ptr_array_unref);
  g_clear_pointer (&parser->ncu_units, g_ptr_array_unref);
  g_hash_table_unref (parser->ncu_ids);
  g_free (parser);
}

/**
 * cuocc_import_parser_finish: (skip)
 * @parser: (transfer full): a parser
 * @error: return location for a #GError
 *
 * Reads what is left and frees @parser.
 *
 * Returns: (transfer full) (nullable): the kernels; %NULL with
 *   %CUOCC_ERROR_PARSE when none were found
 */
CuoccKernelList *
cuocc_import_parser_finish (CuoccImportParser *owned, GError **error)
{
  g_autoptr (CuoccImportParser) parser = owned;
  CuoccKernelList *list;
  guint kept = 0;

  g_return_val_if_fail (owned != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (parser->stream_mode == STREAM_UNDECIDED && !parser->binary_too_large)
    decide_stream (parser);
  if (parser->binary_too_large)
    {
      if (parser->file != NULL)
        {
          g_autofree char *display = g_filename_display_name (parser->file);

          g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_PARSE,
                       _("%s: binary input from a pipe is read up to %u MiB; give a regular file instead"),
                       display, (guint) (CUOCC_IMPORT_MAX_STREAMED_BINARY >> 20));
        }
      else
        g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_PARSE,
                     _("Binary input on standard input is read up to %u MiB; name the file instead"),
                     (guint) (CUOCC_IMPORT_MAX_STREAMED_BINARY >> 20));
      return NULL;
    }
  if (parser->stream_mode == STREAM_BINARY)
    {
      g_autoptr (GByteArray) head = g_steal_pointer (&parser->head);

      parser->stream_mode = STREAM_TEXT;
      if (!cuocc_import_read_binary (parser, head->data, head->len, parser->file, error))
        return NULL;
    }
  if (parser->line->len > 0 || parser->line_too_long)
    end_line (parser);

  /* A profiler launch without the Launch Statistics section says nothing we can use. */
  for (guint i = 0; i < parser->kernels->len; i++)
    {
      CuoccKernel *k = &g_array_index (parser->kernels, CuoccKernel, i);

      if (k->regs < 0 && k->code == CUOCC_CODE_SASS && is_text_format (k->format))
        cuocc_import_kernel_clear (k);
      else
        g_array_index (parser->kernels, CuoccKernel, kept++) = *k;
    }
  g_array_set_size (parser->kernels, kept);

  if (kept == 0)
    {
      g_set_error_literal (error, CUOCC_ERROR, CUOCC_ERROR_PARSE,
                           _("No kernel resource usage found: expected ptxas -v, "
                             "cuobjdump --dump-resource-usage or Nsight Compute CSV output"));
      return NULL;
    }

  list = g_new0 (CuoccKernelList, 1);
  list->n_kernels = kept;
  list->kernels = (CuoccKernel *) (gpointer) g_array_free (g_steal_pointer (&parser->kernels), FALSE);
  list->format = list->kernels[0].format;
  list->truncated = parser->truncated;
  list->n_skipped_lines = parser->n_skipped_lines;
  list->n_helpers = parser->n_helpers;
  list->n_skipped_entries = parser->n_skipped_entries;
  if (parser->skipped->len > 0)
    {
      g_ptr_array_add (parser->skipped, NULL);
      list->skipped = (char **) g_ptr_array_steal (parser->skipped, NULL);
    }
  parser->kernels = g_array_new (FALSE, FALSE, sizeof (CuoccKernel));
  return list;
}

/* The figures of the line readers' state that say a format was recognized
 * before a whole kernel was read: an entry's header, a CSV header. */
static CuoccImportFormat
text_format_seen (const CuoccImportParser *parser)
{
  if (parser->kernels->len > 0)
    return g_array_index (parser->kernels, CuoccKernel, 0).format;
  if (parser->ncu_mode == NCU_LONG)
    return CUOCC_IMPORT_FORMAT_NCU_CSV;
  if (parser->ncu_mode == NCU_RAW)
    return CUOCC_IMPORT_FORMAT_NCU_RAW;
  if (parser->ptxas.name != NULL)
    return CUOCC_IMPORT_FORMAT_PTXAS;
  if (parser->cuobjdump_arch != NULL || parser->cuobjdump_function != NULL)
    return CUOCC_IMPORT_FORMAT_CUOBJDUMP;
  return CUOCC_IMPORT_FORMAT_UNKNOWN;
}

/**
 * cuocc_import_detect:
 * @data: (array length=len) (element-type guint8): the first bytes of a file
 * @len: how many; CUOCC_IMPORT_DETECT_BYTES are enough to tell
 *
 * Tells from a file's first bytes, never its name, which format the import
 * reads it as. A front end that opens several kinds of files (sessions of its
 * own beside what the import reads) asks this before reading the whole file.
 *
 * A CUDA ELF file is %CUOCC_IMPORT_FORMAT_CUBIN; a fat binary, and anything
 * that may hold fat binaries (a host object, library, executable or archive),
 * %CUOCC_IMPORT_FORMAT_FATBIN; a Triton cache entry's metadata
 * %CUOCC_IMPORT_FORMAT_TRITON. Text is what its complete lines show: a ptxas
 * or cuobjdump entry, an Nsight Compute CSV header.
 *
 * Returns: the format, or %CUOCC_IMPORT_FORMAT_UNKNOWN when the bytes show
 *   none (a build log may still show ptxas output further on)
 */
CuoccImportFormat
cuocc_import_detect (const char *data, gsize len)
{
  const guint8 *bytes = (const guint8 *) data;
  g_autoptr (CuoccImportParser) parser = NULL;
  gsize complete = len;

  g_return_val_if_fail (data != NULL || len == 0, CUOCC_IMPORT_FORMAT_UNKNOWN);

  switch (detect_content (bytes, len))
    {
    case CONTENT_BINARY:
      /* e_machine, EM_CUDA (190), little-endian at byte 18. */
      if (cuocc_import_is_elf (bytes, len) && len >= 20 && bytes[18] == 190 && bytes[19] == 0)
        return CUOCC_IMPORT_FORMAT_CUBIN;
      return CUOCC_IMPORT_FORMAT_FATBIN;
    case CONTENT_JSON:
      return CUOCC_IMPORT_FORMAT_TRITON;
    case CONTENT_TEXT:
    default:
      break;
    }

  /* Only complete lines: the last one may be cut off mid-way. */
  while (complete > 0 && data[complete - 1] != '\n')
    complete--;
  if (complete == 0)
    return CUOCC_IMPORT_FORMAT_UNKNOWN;
  parser = cuocc_import_parser_new ();
  parser->stream_mode = STREAM_TEXT;
  feed_text (parser, data, complete);
  return text_format_seen (parser);
}

/**
 * cuocc_import_parse: (skip)
 * @data: (array length=len): the whole input
 * @len: the length of @data
 * @error: return location for a #GError
 *
 * Reads the kernels of input in any format cuocc knows, found from the
 * content: ptxas -v, cuobjdump --dump-resource-usage, Nsight Compute CSV,
 * cubins, fat binaries, host ELF files and archives holding them, Triton
 * metadata.
 *
 * Returns: (transfer full) (nullable): the kernels; %NULL with
 *   %CUOCC_ERROR_PARSE when none were found
 */
CuoccKernelList *
cuocc_import_parse (const char *data, gsize len, GError **error)
{
  g_return_val_if_fail (data != NULL || len == 0, NULL);

  return parse_content (cuocc_import_parser_new (), (const guint8 *) data, len, NULL, error);
}

/* A file that cannot be mapped (a pipe, as `<(…)` and named pipes give, or
 * a file of /proc) is read as standard input is: in pieces, binary input
 * kept up to CUOCC_IMPORT_MAX_STREAMED_BINARY, then read with the same
 * bounds as a mapped file. */
static CuoccKernelList *
parse_stream_file (const char *path, GError **error)
{
  g_autofree char *display = g_filename_display_name (path);
  g_autoptr (CuoccImportParser) parser = NULL;
  g_autofree char *buffer = NULL;
  int fd;

  do
    fd = open (path, O_RDONLY | O_CLOEXEC);
  while (fd < 0 && errno == EINTR);
  if (fd < 0)
    {
      int saved = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), _("Could not open %s: %s"), display,
                   g_strerror (saved));
      return NULL;
    }
  parser = cuocc_import_parser_new ();
  parser->file = g_strdup (path);
  buffer = g_malloc (1 << 16);
  for (;;)
    {
      gssize n = read (fd, buffer, 1 << 16);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved = errno;

          close (fd);
          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), _("Could not read %s: %s"), display,
                       g_strerror (saved));
          return NULL;
        }
      if (n == 0)
        break;
      cuocc_import_parser_feed (parser, buffer, (gsize) n);
    }
  close (fd);
  return cuocc_import_parser_finish (g_steal_pointer (&parser), error);
}

/**
 * cuocc_import_parse_file: (skip)
 * @path: a file, or a Triton cache folder
 * @error: return location for a #GError
 *
 * Like cuocc_import_parse(), for a file, which is mapped rather than read: a
 * shared library may be a gigabyte, of which the readers touch only the
 * headers and the device code. What cannot be mapped (a pipe, as a shell's
 * `<(…)` gives) is read like standard input, binary input up to 1 GiB. Every
 * kernel's #CuoccKernel.file is @path, or names a fat binary in it.
 *
 * Returns: (transfer full) (nullable): the kernels; %NULL with @error set
 *   when the file cannot be read or holds no kernel
 */
CuoccKernelList *
cuocc_import_parse_file (const char *path, GError **error)
{
  g_autoptr (GMappedFile) mapped = NULL;
  GError *local_error = NULL;
  CuoccImportParser *parser;
  struct stat st;
  const guint8 *data;

  g_return_val_if_fail (path != NULL, NULL);

  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_autoptr (CuoccImportParser) triton = cuocc_import_parser_new ();

      /* A Triton cache, or one kernel's folder in it. */
      if (!cuocc_import_read_triton (triton, path, error))
        return NULL;
      return cuocc_import_parser_finish (g_steal_pointer (&triton), error);
    }
  /* GLib's own message for a file it cannot map names the file twice, garbled. */
  if (stat (path, &st) != 0 || !S_ISREG (st.st_mode) ||
      (mapped = g_mapped_file_new (path, FALSE, &local_error)) == NULL)
    {
      g_clear_error (&local_error);
      return parse_stream_file (path, error);
    }
  data = (const guint8 *) g_mapped_file_get_contents (mapped);
  parser = cuocc_import_parser_new ();
  parser->mapped = data != NULL;
  /* Pages of 4 KiB, not the 2 MiB ones the page cache may hold a file in:
   * the readers give pages back as they finish with them (release_pages in
   * cuocc-import-fatbin.c), which a 2 MiB mapping would keep whole. */
  if (data != NULL)
    madvise ((void *) data, g_mapped_file_get_length (mapped), MADV_NOHUGEPAGE);
  return parse_content (parser, data != NULL ? data : (const guint8 *) "",
                        g_mapped_file_get_length (mapped), path, error);
}

/**
 * cuocc_kernel_list_free:
 * @list: (nullable) (transfer full): kernels
 *
 * Frees @list and its kernels.
 */
void
cuocc_kernel_list_free (CuoccKernelList *list)
{
  if (list == NULL)
    return;
  for (guint i = 0; i < list->n_kernels; i++)
    cuocc_import_kernel_clear (&list->kernels[i]);
  g_free (list->kernels);
  g_strfreev (list->skipped);
  g_free (list);
}
