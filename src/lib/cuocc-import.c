/* cuocc-import.c — kernel resource usage read from compiler and profiler output
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The parser: it asks the table of formats (cuocc-import-formats.c) which
 * reader takes the content and hands it over. Content that a format's sniff
 * is sure of from its first bytes (a binary, JSON) goes whole to that
 * format's reader; text goes line by line to every line reader (a build log
 * may hold ptxas output and then a cuobjdump dump, and a profiler export
 * starts with whatever the program printed). Each reader keeps its own
 * state and adds kernels as they end; the first kernel's format names the
 * text's.
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

/* How many bytes of streamed input the sniffs see before it goes to the line
 * readers: the longest magic number, an archive's "!<arch>\n". */
#define SNIFF_STREAM_BYTES 8
#include "cuocc-private.h"

/* ----- kernels ----- */

void
_cuocc_import_kernel_init (CuoccKernel *k)
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

/* A kernel's name, mangled name, arch, file and entry are interned
 * reference-counted strings (GRefString), one copy however many entries
 * hold them: a library holds each kernel in several entries (an
 * architecture each, some fat binaries twice), and real names are long:
 * cuBLASLt 11.8's 61,055 entries carry 82 MB of demangled names, 69 MB of
 * them distinct (its CUTLASS and xmma names demangle to up to 41 KB), and
 * 57,600 entries named by tests/gen-library.py --names real held 677 MB
 * with a copy each. Sets *field to value, interned (NULL stays NULL). */
void
_cuocc_import_set_string (char **field, const char *value)
{
  char *old = *field;

  *field = value != NULL ? g_ref_string_new_intern (value) : NULL;
  if (old != NULL)
    g_ref_string_release (old);
}

void
_cuocc_import_kernel_clear (CuoccKernel *k)
{
  g_clear_pointer (&k->name, g_ref_string_release);
  g_clear_pointer (&k->mangled, g_ref_string_release);
  g_clear_pointer (&k->arch, g_ref_string_release);
  g_clear_pointer (&k->file, g_ref_string_release);
  g_clear_pointer (&k->entry, g_ref_string_release);
  g_clear_pointer (&k->ptx, cuocc_ptx_module_unref);
  g_clear_pointer (&k->figures_from, g_free);
  g_clear_pointer (&k->ptx_problem, g_free);
}

static gboolean
looks_demangled (const char *name)
{
  return strchr (name, '(') != NULL || strchr (name, ' ') != NULL || strchr (name, '<') != NULL;
}

/* A library names each kernel once a module and holds it in several
 * modules (one an architecture, some fat binaries twice): 57,600 entries of
 * tests/gen-library.py carry 9,600 names, and demangling was half the
 * import's time. Each thread that reads keeps the last names it demangled,
 * a slot a hash, by their interned mangled names (so a pointer compares
 * them), bounded: DEMANGLE_SLOTS names holding at most DEMANGLE_MAX_BYTES
 * of text (what is kept stays alive while the thread does, shared with the
 * kernels that hold the same names), freed when the thread ends. */
#define DEMANGLE_SLOTS 1024
#define DEMANGLE_MAX_BYTES (4 * 1024 * 1024)

typedef struct {
  char *mangled[DEMANGLE_SLOTS];       /* interned */
  char *demangled[DEMANGLE_SLOTS];     /* interned; NULL: the name does not demangle */
  gsize bytes;                         /* of both, in all slots */
} DemangleCache;

static void
demangle_cache_clear_slot (DemangleCache *cache, guint slot)
{
  if (cache->mangled[slot] != NULL)
    cache->bytes -= g_ref_string_length (cache->mangled[slot]);
  if (cache->demangled[slot] != NULL)
    cache->bytes -= g_ref_string_length (cache->demangled[slot]);
  g_clear_pointer (&cache->mangled[slot], g_ref_string_release);
  g_clear_pointer (&cache->demangled[slot], g_ref_string_release);
}

static void
demangle_cache_free (gpointer data)
{
  DemangleCache *cache = data;

  for (guint i = 0; i < DEMANGLE_SLOTS; i++)
    demangle_cache_clear_slot (cache, i);
  g_free (cache);
}

static GPrivate demangle_cache = G_PRIVATE_INIT (demangle_cache_free);

/* The demangled name of an interned mangled one, interned (a reference of
 * the caller's), or NULL. */
static char *
demangle_cached (char *mangled)
{
  DemangleCache *cache;
  guint slot;
  char *demangled;
  gsize bytes;

  if ((cache = g_private_get (&demangle_cache)) == NULL)
    {
      cache = g_new0 (DemangleCache, 1);
      g_private_set (&demangle_cache, cache);
    }
  slot = g_direct_hash (mangled) % DEMANGLE_SLOTS;
  if (cache->mangled[slot] == mangled)
    return cache->demangled[slot] != NULL ? g_ref_string_acquire (cache->demangled[slot]) : NULL;
  {
    g_autofree char *text = cuocc_demangle (mangled);

    demangled = text != NULL ? g_ref_string_new_intern (text) : NULL;
  }
  demangle_cache_clear_slot (cache, slot);
  bytes = g_ref_string_length (mangled) + (demangled != NULL ? g_ref_string_length (demangled) : 0);
  if (cache->bytes + bytes <= DEMANGLE_MAX_BYTES)
    {
      cache->mangled[slot] = g_ref_string_acquire (mangled);
      cache->demangled[slot] = demangled != NULL ? g_ref_string_acquire (demangled) : NULL;
      cache->bytes += bytes;
    }
  return demangled;
}

/* Names come from untrusted text: they are made valid UTF-8 and demangled. */
void
_cuocc_import_kernel_set_name (CuoccKernel *k, const char *raw)
{
  char *valid;
  char *demangled;

  if (g_utf8_validate (raw, -1, NULL))
    valid = g_ref_string_new_intern (raw);
  else
    {
      g_autofree char *made = g_utf8_make_valid (raw, -1);

      valid = g_ref_string_new_intern (made);
    }
  demangled = demangle_cached (valid);
  g_clear_pointer (&k->name, g_ref_string_release);
  g_clear_pointer (&k->mangled, g_ref_string_release);
  k->name = demangled != NULL ? demangled : g_ref_string_acquire (valid);
  if (demangled != NULL || !looks_demangled (valid))
    k->mangled = valid;
  else
    {
      g_ref_string_release (valid);
      k->mangled = g_ref_string_new_intern ("");
    }
}

void
_cuocc_import_parser_set_name (CuoccImportParser *parser, CuoccKernel *k, const char *raw)
{
  char *valid;

  if (!parser->raw_names)
    {
      _cuocc_import_kernel_set_name (k, raw);
      return;
    }
  if (g_utf8_validate (raw, -1, NULL))
    valid = g_ref_string_new_intern (raw);
  else
    {
      g_autofree char *made = g_utf8_make_valid (raw, -1);

      valid = g_ref_string_new_intern (made);
    }
  g_clear_pointer (&k->name, g_ref_string_release);
  g_clear_pointer (&k->mangled, g_ref_string_release);
  k->name = g_ref_string_acquire (valid);
  k->mangled = valid;
}

/* "sm_90a" → 9.0, "sm_100f" → 10.0, "sm_21" → 2.1, "sm_101" → 11.0. */
static gboolean
arch_to_cc (const char *arch, int *major, int *minor)
{
  const char *note;

  return _cuocc_arch_to_cc (arch, FALSE, major, minor, &note);
}

void
_cuocc_import_kernel_set_arch (CuoccKernel *k, const char *arch)
{
  int major, minor;

  _cuocc_import_set_string (&k->arch, NULL);
  k->cc_major = k->cc_minor = 0;
  if (arch == NULL || !arch_to_cc (arch, &major, &minor))
    return;
  _cuocc_import_set_string (&k->arch, arch);
  k->cc_major = major;
  k->cc_minor = minor;
}

/* Takes the kernel's strings. Returns its index, or -1 when the list is full. */
int
_cuocc_import_add_kernel (CuoccImportParser *parser, CuoccKernel *k)
{
  if (parser->kernels->len >= CUOCC_IMPORT_MAX_KERNELS)
    {
      parser->truncated = TRUE;
      _cuocc_import_kernel_clear (k);
      _cuocc_import_kernel_init (k);
      return -1;
    }
  k->line = parser->line_no;
  g_array_append_val (parser->kernels, *k);
  _cuocc_import_kernel_init (k);
  return (int) parser->kernels->len - 1;
}

/* ----- numbers ----- */

/* Reads "123" or "40+16" (older ptxas: static + parameter shared memory). */
gboolean
_cuocc_import_parse_sum (const char *start, const char *end, gint64 *value)
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
_cuocc_import_clamp_int (gint64 v)
{
  return v > G_MAXINT ? G_MAXINT : (int) v;
}

/* ----- lines ----- */

/* The line readers of the table, each once, with a new state; `only`: that
 * one alone (a sniff). */
static void
lines_start (CuoccImportParser *parser, const ImportReader *only)
{
  g_assert (parser->line_readers == NULL);
  parser->line_readers = g_new0 (ImportLineReader, _cuocc_import_n_formats);
  for (guint i = 0; i < _cuocc_import_n_formats; i++)
    {
      const ImportReader *reader = _cuocc_import_formats[i].reader;
      gboolean listed = FALSE;

      if (reader->line == NULL || (only != NULL && reader != only))
        continue;
      for (guint j = 0; j < parser->n_line_readers && !listed; j++)
        listed = parser->line_readers[j].reader == reader;
      if (listed)
        continue;
      parser->line_readers[parser->n_line_readers].reader = reader;
      parser->line_readers[parser->n_line_readers].state = reader->state_new ();
      parser->n_line_readers++;
    }
}

static void
lines_free (CuoccImportParser *parser)
{
  for (guint i = 0; i < parser->n_line_readers; i++)
    if (parser->line_readers[i].state != NULL)
      parser->line_readers[i].reader->state_free (parser->line_readers[i].state);
  g_clear_pointer (&parser->line_readers, g_free);
  parser->n_line_readers = 0;
}

/* Every line reader reads every line, each in its own state: a build log may
 * hold ptxas -v output and then cuobjdump's, and each reader takes only the
 * lines it knows. */
static void
parse_line (CuoccImportParser *parser, const char *line)
{
  parser->line_no++;
  if (parser->line_readers == NULL)
    lines_start (parser, NULL);
  for (guint i = 0; i < parser->n_line_readers; i++)
    {
      ImportLineReader *r = &parser->line_readers[i];

      r->reader->line (parser, r->state, line);
    }
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

/* What the line readers' states say before a whole kernel was read: a
 * header, an entry's first line. */
static CuoccImportFormat
lines_seen (const CuoccImportParser *parser)
{
  if (parser->kernels->len > 0)
    return g_array_index (parser->kernels, CuoccKernel, 0).format;
  for (guint i = 0; i < parser->n_line_readers; i++)
    {
      const ImportLineReader *r = &parser->line_readers[i];
      CuoccImportFormat seen;

      if (r->state != NULL && r->reader->seen != NULL &&
          (seen = r->reader->seen (r->state)) != CUOCC_IMPORT_FORMAT_UNKNOWN)
        return seen;
    }
  return CUOCC_IMPORT_FORMAT_UNKNOWN;
}

/* Only complete lines: the last one may be cut off mid-way. */
static gsize
complete_lines (const guint8 *data, gsize len)
{
  while (len > 0 && data[len - 1] != '\n')
    len--;
  return len;
}

ImportSniff
_cuocc_import_sniff_lines (const ImportFormatInfo *info, const guint8 *data, gsize len)
{
  g_autoptr (CuoccImportParser) parser = NULL;
  gsize complete = complete_lines (data, len);

  g_assert (info->reader->line != NULL);
  if (complete == 0)
    return IMPORT_SNIFF_NO;
  parser = cuocc_import_parser_new ();
  parser->input = IMPORT_INPUT_LINES;
  lines_start (parser, info->reader);
  feed_text (parser, (const char *) data, complete);
  if (lines_seen (parser) != info->format)
    return IMPORT_SNIFF_NO;
  return parser->kernels->len > 0 ? IMPORT_SNIFF_SURE : IMPORT_SNIFF_MAYBE;
}

/* ----- choosing a reader ----- */

/* The first format of the table whose sniff is sure of the bytes, whose
 * reader takes them whole (`streamed`: input that arrives in pieces);
 * NULL: lines. */
static const ImportFormatInfo *
whole_format (const guint8 *data, gsize len, gboolean streamed)
{
  for (guint i = 0; i < _cuocc_import_n_formats; i++)
    {
      const ImportFormatInfo *info = &_cuocc_import_formats[i];

      if (info->sniff == NULL || info->reader->read == NULL || (streamed && !info->reader->streamed))
        continue;
      if (info->sniff (data, len, FALSE) == IMPORT_SNIFF_SURE)
        return info;
    }
  return NULL;
}

/* Takes the parser. By content, never by name: a file called .log may be a cubin. */
static CuoccKernelList *
parse_content (CuoccImportParser *owned, const guint8 *data, gsize len, const char *file, GError **error)
{
  g_autoptr (CuoccImportParser) parser = owned;
  const ImportFormatInfo *whole = whole_format (data, len, FALSE);

  parser->input = IMPORT_INPUT_LINES;
  if (whole != NULL)
    {
      if (!whole->reader->read (parser, data, len, file, error))
        return NULL;
    }
  else
    feed_text (parser, (const char *) data, len);
  return cuocc_import_parser_finish (g_steal_pointer (&parser), error);
}

/* ----- public API ----- */

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
  return parser;
}

/* The first eight bytes say whether streamed input is for a whole reader
 * (ELF, archive, fat binary): then it is kept, bounded, and read whole at
 * the end. */
static void
decide_stream (CuoccImportParser *parser)
{
  GByteArray *head = parser->head;

  parser->whole = whole_format (head->data, head->len, TRUE);
  if (parser->whole != NULL)
    {
      parser->input = IMPORT_INPUT_WHOLE;
      return;
    }
  parser->input = IMPORT_INPUT_LINES;
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

  switch (parser->input)
    {
    case IMPORT_INPUT_LINES:
      feed_text (parser, data, len);
      break;
    case IMPORT_INPUT_UNDECIDED:
    case IMPORT_INPUT_WHOLE:
      if (parser->binary_too_large)
        break;
      if (len > CUOCC_IMPORT_MAX_STREAMED_BINARY - parser->head->len)
        {
          parser->binary_too_large = TRUE;
          g_byte_array_set_size (parser->head, 0);
          break;
        }
      g_byte_array_append (parser->head, (const guint8 *) data, (guint) len);
      if (parser->input == IMPORT_INPUT_UNDECIDED && parser->head->len >= SNIFF_STREAM_BYTES)
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
    _cuocc_import_kernel_clear (&g_array_index (parser->kernels, CuoccKernel, i));
  g_array_unref (parser->kernels);
  g_clear_pointer (&parser->head, g_byte_array_unref);
  g_free (parser->file);
  g_ptr_array_unref (parser->skipped);
  g_string_free (parser->line, TRUE);
  lines_free (parser);
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

  if (parser->input == IMPORT_INPUT_UNDECIDED && !parser->binary_too_large)
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
  if (parser->input == IMPORT_INPUT_WHOLE)
    {
      g_autoptr (GByteArray) head = g_steal_pointer (&parser->head);

      parser->input = IMPORT_INPUT_LINES;
      if (!parser->whole->reader->read (parser, head->data, head->len, parser->file, error))
        return NULL;
    }
  if (parser->line->len > 0 || parser->line_too_long)
    end_line (parser);
  for (guint i = 0; i < parser->n_line_readers; i++)
    {
      ImportLineReader *r = &parser->line_readers[i];

      if (r->reader->finish != NULL)
        r->reader->finish (parser, r->state);
    }
  kept = parser->kernels->len;

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
 * or cuobjdump entry, an Nsight Compute CSV header; a whole kernel counts
 * for more than a header, and where two formats show as much, the one the
 * library lists first is taken.
 *
 * Returns: the format, or %CUOCC_IMPORT_FORMAT_UNKNOWN when the bytes show
 *   none (a build log may still show ptxas output further on)
 */
CuoccImportFormat
cuocc_import_detect (const char *data, gsize len)
{
  const guint8 *bytes = (const guint8 *) data;
  const ImportFormatInfo *best = NULL;
  ImportSniff best_sniff = IMPORT_SNIFF_NO;

  g_return_val_if_fail (data != NULL || len == 0, CUOCC_IMPORT_FORMAT_UNKNOWN);

  /* What a whole reader takes is never read as lines (a binary may well
   * hold text that looks like ptxas output): the sniffs of the bytes first. */
  for (guint i = 0; i < _cuocc_import_n_formats; i++)
    {
      const ImportFormatInfo *info = &_cuocc_import_formats[i];

      if (info->sniff != NULL && info->sniff (bytes, len, FALSE) == IMPORT_SNIFF_SURE)
        return info->format;
    }
  for (guint i = 0; i < _cuocc_import_n_formats; i++)
    {
      const ImportFormatInfo *info = &_cuocc_import_formats[i];
      ImportSniff sniff;

      if (info->sniff != NULL)
        continue;
      sniff = _cuocc_import_sniff_lines (info, bytes, len);
      if (sniff > best_sniff)
        {
          best = info;
          best_sniff = sniff;
        }
    }
  return best != NULL ? best->format : CUOCC_IMPORT_FORMAT_UNKNOWN;
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

CuoccKernelList *
_cuocc_import_parse_ptxas_output (const char *data, gsize len)
{
  CuoccImportParser *parser = cuocc_import_parser_new ();

  parser->raw_names = TRUE;
  parser->input = IMPORT_INPUT_LINES;
  lines_start (parser, &_cuocc_import_ptxas_reader);
  feed_text (parser, data, len);
  return cuocc_import_parser_finish (parser, NULL);
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

/* A folder goes to the first format whose sniff takes folders (a Triton cache). */
static CuoccKernelList *
parse_folder (const char *path, GError **error)
{
  for (guint i = 0; i < _cuocc_import_n_formats; i++)
    {
      const ImportFormatInfo *info = &_cuocc_import_formats[i];
      g_autoptr (CuoccImportParser) parser = NULL;

      if (info->sniff == NULL || info->reader->read_folder == NULL ||
          info->sniff (NULL, 0, TRUE) != IMPORT_SNIFF_SURE)
        continue;
      parser = cuocc_import_parser_new ();
      if (!info->reader->read_folder (parser, path, error))
        return NULL;
      return cuocc_import_parser_finish (g_steal_pointer (&parser), error);
    }
  g_assert_not_reached ();
  return NULL;
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
    return parse_folder (path, error);
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
    _cuocc_import_kernel_clear (&list->kernels[i]);
  g_free (list->kernels);
  g_strfreev (list->skipped);
  g_free (list);
}
