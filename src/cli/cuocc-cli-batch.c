/* cuocc-cli-batch.c — answers a CSV file of configurations, row by row.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The file is read whole and split in place: fields are unquoted into the
 * buffer they came from, so a row costs no allocation. GPU lookups are
 * cached per distinct name, and output goes through one buffered writer.
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <unistd.h>

#include "cuocc-cli-batch.h"
#include "cuocc-cli-input.h"

#define MAX_FIELDS 64
#define BEST_CACHE_SIZE 4096       /* a power of two */
/* Distinct GPU names kept at once: a file of a million different (or
 * unknown) names must not keep a million entries. */
#define GPU_CACHE_MAX 1024
/* The file is held whole: some 40 million rows. */
#define BATCH_MAX_BYTES (1024 * 1024 * 1024)

typedef struct {
  char *p;
  char *end;
  guint64 line;                    /* the line the current record starts on */
  guint64 next_line;
} CsvReader;

typedef enum {
  CSV_OK,
  CSV_UNCLOSED_QUOTE,
  CSV_NUL,
} CsvProblem;

typedef struct {
  CuoccGpu gpu;
  char cc[16];
  char *error;                     /* NULL when the lookup succeeded */
} GpuEntry;

typedef struct _BestEntry BestEntry;

typedef struct {
  BestEntry *best;                 /* holds pointers to entries: emptied with them */
  GHashTable *by_gpu;              /* name → GpuEntry */
  GHashTable *by_cc;               /* "7.0" → GpuEntry */
  const char *last_key;
  gboolean last_is_gpu;
  GpuEntry *last;
} GpuCache;

/* The best block size does not depend on the threads per block, and
 * batch files often sweep them for one kernel: remember recent answers. */
struct _BestEntry {
  const GpuEntry *entry;
  int regs;
  int barriers;
  gint64 smem;
  gint64 smem_config;
  int carveout;
  CuoccCaching caching;
  int best_block_size;
};

/* ----- reading CSV ----- */

static gboolean
read_all (const char  *path,
          char       **contents,
          gsize       *length,
          GError     **error)
{
  g_autoptr(GByteArray) bytes = NULL;
  guint8 chunk[65536];
  ssize_t n;

  if (g_strcmp0 (path, "-") != 0)
    return cuocc_file_read (path, BATCH_MAX_BYTES, contents, length, error);

  bytes = g_byte_array_new ();
  while ((n = read (STDIN_FILENO, chunk, sizeof chunk)) != 0)
    {
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved = errno;
          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                       _("Cannot read standard input: %s"), g_strerror (saved));
          return FALSE;
        }
      g_byte_array_append (bytes, chunk, n);
      if (bytes->len > BATCH_MAX_BYTES)
        {
          g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED,
                       _("Standard input holds more than %d MiB; split the batch"), BATCH_MAX_BYTES >> 20);
          return FALSE;
        }
    }
  *length = bytes->len;
  g_byte_array_append (bytes, (const guint8 *) "", 1);
  *contents = (char *) g_byte_array_free (g_steal_pointer (&bytes), FALSE);
  return TRUE;
}

static inline char *
strip (char *start,
       char *end)
{
  while (start < end && (*start == ' ' || *start == '\t'))
    start++;
  while (end > start && (end[-1] == ' ' || end[-1] == '\t'))
    end--;
  *end = '\0';
  return start;
}

/* Splits the next record into fields (at most MAX_FIELDS are kept; *n_fields
 * counts them all). Returns FALSE at the end of the input. A record that is
 * malformed (an unterminated quote, or a NUL byte that would cut a field
 * short once it is a C string) sets *bad. */
static gboolean
csv_next (CsvReader  *reader,
          char      **fields,
          guint      *n_fields,
          CsvProblem *bad)
{
  char *p = reader->p;
  char *end = reader->end;
  guint n = 0;

  if (p >= end)
    return FALSE;

  reader->line = reader->next_line;
  *bad = CSV_OK;
  for (;;)
    {
      char *start = p;
      char *w;
      char c;

      while (p < end && (*p == ' ' || *p == '\t'))
        p++;
      if (p < end && *p == '"')
        {
          start = w = ++p;
          for (;;)
            {
              if (p >= end)
                {
                  *bad = CSV_UNCLOSED_QUOTE;
                  break;
                }
              if (*p == '\0')
                *bad = CSV_NUL;
              if (*p == '"')
                {
                  if (p + 1 < end && p[1] == '"')
                    {
                      *w++ = '"';
                      p += 2;
                      continue;
                    }
                  p++;
                  break;
                }
              if (*p == '\n')
                reader->next_line++;
              *w++ = *p++;
            }
          /* Only blanks may follow the closing quote. */
          while (p < end && (*p == ' ' || *p == '\t'))
            p++;
          if (p < end && *p != ',' && *p != '\n' && *p != '\r')
            {
              *bad = CSV_UNCLOSED_QUOTE;
              while (p < end && *p != ',' && *p != '\n' && *p != '\r')
                p++;
            }
          c = p < end ? *p : '\0';
          *w = '\0';
          if (n < MAX_FIELDS)
            fields[n] = start;
        }
      else
        {
          p = start;
          while (p < end && *p != ',' && *p != '\n' && *p != '\r')
            {
              if (G_UNLIKELY (*p == '\0'))
                *bad = CSV_NUL;
              p++;
            }
          c = p < end ? *p : '\0';
          if (n < MAX_FIELDS)
            fields[n] = strip (start, p);
          else
            *p = '\0';
        }
      n++;

      if (c == ',')
        {
          p++;
          continue;
        }
      /* The terminator itself may have been overwritten by a NUL. */
      if (c == '\r')
        {
          p++;
          if (p < end && *p == '\n')
            p++;
        }
      else if (c == '\n')
        p++;
      reader->next_line++;
      break;
    }

  reader->p = p;
  *n_fields = n;
  return TRUE;
}

static gboolean
is_blank_record (char **fields,
                 guint  n_fields)
{
  return n_fields == 1 && fields[0][0] == '\0';
}

/* ----- the header ----- */

/* Where each column is in the file, or -1: the GPU's, and each input's as
 * the inputs' description names them. */
typedef struct {
  int cc;
  int gpu;
  int inputs[CUOCC_N_INPUT_KEYS];
} BatchColumns;

/* "threads, and optionally regs, smem, …": the columns the description gives. */
static char *
describe_columns (void)
{
  GString *optional = g_string_new (NULL);

  for (guint key = 0; key < CUOCC_N_INPUT_KEYS; key++)
    {
      const char *column = cuocc_input_info (key)->batch_column;

      if (column != NULL && key != CUOCC_INPUT_KEY_THREADS)
        g_string_append_printf (optional, "%s%s", optional->len > 0 ? ", " : "", column);
    }
  return g_string_free (optional, FALSE);
}

static int *
header_slot (BatchColumns *columns,
             const char   *name,
             const char  **canonical)
{
  const CuoccInputInfo *info;

  *canonical = name;
  if (strcmp (name, cli_input_column_name (CLI_INPUT_CC)) == 0)
    return &columns->cc;
  if (strcmp (name, cli_input_column_name (CLI_INPUT_GPU)) == 0)
    return &columns->gpu;
  info = cuocc_input_info_find_column (name);
  if (info == NULL)
    return NULL;
  *canonical = info->batch_column;
  return &columns->inputs[info->key];
}

static gboolean
parse_header (char         **fields,
              guint          n_fields,
              BatchColumns  *columns,
              GError       **error)
{
  g_autoptr(GString) unknown = g_string_new (NULL);
  guint n_unknown = 0;

  if (n_fields > MAX_FIELDS)
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_PARSE,
                   _("The header has %u columns; at most %d are read"), n_fields, MAX_FIELDS);
      return FALSE;
    }

  columns->cc = columns->gpu = -1;
  for (guint key = 0; key < CUOCC_N_INPUT_KEYS; key++)
    columns->inputs[key] = -1;

  for (guint i = 0; i < n_fields; i++)
    {
      g_autofree char *name = g_ascii_strdown (fields[i], -1);
      const char *canonical;
      int *slot = header_slot (columns, name, &canonical);

      if (slot == NULL)
        {
          g_string_append_printf (unknown, "%s“%s”", n_unknown++ > 0 ? ", " : "", fields[i]);
          continue;
        }
      if (*slot >= 0)
        {
          g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_PARSE,
                       _("The header names the column “%s” twice"), canonical);
          return FALSE;
        }
      *slot = i;
    }

  if (n_unknown > 0)
    {
      g_autofree char *optional = describe_columns ();

      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_PARSE,
                   /* Translators: the second %s lists the optional columns, "regs, smem, …" */
                   ngettext ("Unknown column %s in the header; the columns are cc or gpu, threads, "
                             "and optionally %s",
                             "Unknown columns %s in the header; the columns are cc or gpu, threads, "
                             "and optionally %s",
                             n_unknown),
                   unknown->str, optional);
      return FALSE;
    }
  if (columns->cc < 0 && columns->gpu < 0)
    {
      g_set_error_literal (error, CUOCC_ERROR, CUOCC_ERROR_PARSE,
                           _("The header needs a “cc” or a “gpu” column"));
      return FALSE;
    }
  if (columns->inputs[CUOCC_INPUT_KEY_THREADS] < 0)
    {
      g_set_error_literal (error, CUOCC_ERROR, CUOCC_ERROR_PARSE,
                           _("The header needs a “threads” column"));
      return FALSE;
    }
  return TRUE;
}

/* ----- GPU lookups ----- */

static void
gpu_entry_free (gpointer data)
{
  GpuEntry *entry = data;

  g_free (entry->error);
  g_free (entry);
}

static void
gpu_cache_init (GpuCache  *cache,
                BestEntry *best)
{
  cache->best = best;
  cache->by_gpu = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, gpu_entry_free);
  cache->by_cc = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, gpu_entry_free);
  cache->last_key = NULL;
  cache->last_is_gpu = FALSE;
  cache->last = NULL;
}

static void
gpu_cache_clear (GpuCache *cache)
{
  g_clear_pointer (&cache->by_gpu, g_hash_table_unref);
  g_clear_pointer (&cache->by_cc, g_hash_table_unref);
}

static const GpuEntry *
gpu_cache_lookup (GpuCache   *cache,
                  const char *key,
                  gboolean    is_gpu)
{
  GHashTable *table = is_gpu ? cache->by_gpu : cache->by_cc;
  g_autoptr(GError) error = NULL;
  GpuEntry *entry;

  /* Batch files usually repeat one GPU for many rows in a row. */
  if (cache->last != NULL && cache->last_is_gpu == is_gpu && strcmp (cache->last_key, key) == 0)
    return cache->last;

  entry = g_hash_table_lookup (table, key);
  if (entry == NULL)
    {
      char *owned_key;

      /* Full: start again rather than grow. Lookups are cheap; what the
       * cache saves is repeating them for the same few GPUs. */
      if (g_hash_table_size (table) >= GPU_CACHE_MAX)
        {
          g_hash_table_remove_all (table);
          memset (cache->best, 0, sizeof (BestEntry) * BEST_CACHE_SIZE);
        }
      owned_key = g_strdup (key);

      entry = g_new0 (GpuEntry, 1);
      if (is_gpu ? cuocc_gpu_find (key, &entry->gpu, &error) : cuocc_gpu_for_cc (key, &entry->gpu, &error))
        cli_format_cc (&entry->gpu.cap, entry->cc);
      else
        entry->error = g_strdup (error->message);
      g_hash_table_insert (table, owned_key, entry);
      cache->last_key = owned_key;
    }
  else
    {
      gpointer stored_key = NULL;

      g_hash_table_lookup_extended (table, key, &stored_key, NULL);
      cache->last_key = stored_key;
    }
  cache->last_is_gpu = is_gpu;
  cache->last = entry;
  return entry;
}

/* ----- rows ----- */

static int
best_block_size (BestEntry        *cache,
                 const GpuEntry   *entry,
                 const CuoccInput *input)
{
  guint hash = GPOINTER_TO_UINT (entry) ^ (guint) input->regs * 2654435761u ^
               (guint) input->smem * 40503u ^ (guint) input->smem_config * 7919u ^
               (guint) input->barriers * 131u ^ (guint) input->caching ^ (guint) input->carveout * 257u;
  BestEntry *slot = &cache[(hash ^ (hash >> 15)) & (BEST_CACHE_SIZE - 1)];
  int min_grid_size = 0;

  if (slot->entry == entry && slot->regs == input->regs && slot->smem == input->smem &&
      slot->smem_config == input->smem_config && slot->barriers == input->barriers &&
      slot->caching == input->caching && slot->carveout == input->carveout)
    return slot->best_block_size;

  slot->entry = entry;
  slot->regs = input->regs;
  slot->smem = input->smem;
  slot->smem_config = input->smem_config;
  slot->barriers = input->barriers;
  slot->caching = input->caching;
  slot->carveout = input->carveout;
  slot->best_block_size = cuocc_best_block_size (&entry->gpu, input, &min_grid_size);
  return slot->best_block_size;
}

/* Answers one row; returns FALSE when it ends up as an error row. */
static gboolean
answer_row (CliTable   *table,
            GpuCache   *cache,
            BestEntry  *best_cache,
            const BatchColumns *columns,
            char      **fields,
            guint       n_fields,
            guint       n_header_fields,
            CsvProblem  bad)
{
  const char *inputs[CLI_N_INPUTS];
  const char *texts[CUOCC_N_INPUT_KEYS];
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;
  const GpuEntry *entry = NULL;
  gboolean has_gpu, has_cc;
  CuoccGpu gpu;
  CuoccInputValues values;
  CuoccInput input;
  CuoccResult result;

#define FIELD(column) ((column) >= 0 && (guint) (column) < MIN (n_fields, MAX_FIELDS) ? fields[column] : NULL)
  for (guint key = 0; key < CUOCC_N_INPUT_KEYS; key++)
    texts[key] = FIELD (columns->inputs[key]);
  for (guint c = 0; c < CLI_N_INPUTS; c++)
    inputs[c] = c == CLI_INPUT_CC ? FIELD (columns->cc)
                : c == CLI_INPUT_GPU ? FIELD (columns->gpu) : texts[cli_input_column_key (c)];
#undef FIELD
  has_gpu = inputs[CLI_INPUT_GPU] != NULL && *inputs[CLI_INPUT_GPU] != '\0';
  has_cc = inputs[CLI_INPUT_CC] != NULL && *inputs[CLI_INPUT_CC] != '\0';

  if (bad == CSV_NUL)
    message = g_strdup (_("Malformed CSV: a field holds a NUL byte; fields are text"));
  else if (bad == CSV_UNCLOSED_QUOTE)
    message = g_strdup (_("Malformed CSV: a quoted field is not closed properly"));
  else if (n_fields != n_header_fields)
    message = g_strdup_printf (_("The row has %u fields but the header has %u"), n_fields, n_header_fields);
  else if (has_gpu && has_cc)
    message = g_strdup (_("The row gives both a gpu and a cc; give one"));
  else if (!has_gpu && !has_cc)
    message = g_strdup (_("The row gives neither a gpu nor a cc"));
  else if ((entry = gpu_cache_lookup (cache, has_gpu ? inputs[CLI_INPUT_GPU] : inputs[CLI_INPUT_CC], has_gpu))->error != NULL)
    message = g_strdup (entry->error);
  else if (!cli_input_parse (texts, FALSE, &values, &input, &error))
    message = g_strdup (error->message);
  else
    {
      /* The row's sms column: the SMs its launch may use. */
      gpu = entry->gpu;
      cuocc_input_values_apply_gpu (&values, &gpu);
      if (!cuocc_calculate (&gpu, &input, &result, &error))
        {
          cli_input_explain_error (&gpu, error);
          message = g_strdup (error->message);
        }
    }

  if (message != NULL)
    {
      cli_table_add_error (table, inputs, message);
      return FALSE;
    }

  cli_table_add_result (table, entry->cc, &gpu, &input, &result,
                        best_block_size (best_cache, entry, &input), NULL);
  return TRUE;
}

/* ----- public API ----- */

int
cli_batch_run (const char *path,
               CliFormat   format,
               FILE       *out)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(CliWriter) writer = NULL;
  g_autofree BestEntry *best_cache = g_new0 (BestEntry, BEST_CACHE_SIZE);
  char *fields[MAX_FIELDS];
  BatchColumns columns;
  guint n_fields = 0, n_header_fields;
  guint64 n_failed = 0;
  CsvProblem bad = CSV_OK;
  CsvReader reader;
  CliTable table;
  GpuCache cache;
  gsize length;

  const char *display_name = g_strcmp0 (path, "-") == 0 ? _("standard input") : path;

  if (!read_all (path, &contents, &length, &error))
    {
      g_printerr ("cuocc: %s\n", error->message);
      return 2;
    }

  reader.p = contents;
  reader.end = contents + length;
  reader.next_line = 1;
  if (length >= 3 && memcmp (contents, "\xef\xbb\xbf", 3) == 0)
    reader.p += 3;

  do
    {
      if (!csv_next (&reader, fields, &n_fields, &bad))
        {
          g_printerr (_("cuocc: %s: the batch file is empty; it needs a header naming its columns\n"), display_name);
          return 2;
        }
    }
  while (is_blank_record (fields, n_fields));

  if (bad != CSV_OK || !parse_header (fields, n_fields, &columns, &error))
    {
      g_printerr ("cuocc: %s: %s\n", display_name,
                  bad == CSV_NUL ? _("Malformed CSV in the header: it holds a NUL byte")
                  : bad != CSV_OK ? _("Malformed CSV in the header") : error->message);
      return 2;
    }
  n_header_fields = n_fields;

  writer = cli_writer_new (out);
  cli_table_init (&table, writer, format, TRUE);
  table.clusters = columns.inputs[CUOCC_INPUT_KEY_CLUSTER_SIZE] >= 0;
  gpu_cache_init (&cache, best_cache);
  cli_table_begin (&table);

  while (csv_next (&reader, fields, &n_fields, &bad))
    {
      if (is_blank_record (fields, n_fields))
        continue;
      if (!answer_row (&table, &cache, best_cache, &columns, fields, n_fields, n_header_fields, bad))
        n_failed++;
    }

  cli_table_end (&table);
  gpu_cache_clear (&cache);
  cli_table_clear (&table);

  if (!cli_writer_finish (writer))
    return 2;
  if (n_failed > 0)
    {
      char count[24];

      g_snprintf (count, sizeof count, "%" G_GUINT64_FORMAT, n_failed);
      g_printerr (ngettext ("cuocc: %s row could not be evaluated; see its error column\n",
                            "cuocc: %s rows could not be evaluated; see their error column\n",
                            (unsigned long) MIN (n_failed, G_MAXULONG)),
                  count);
      return 1;
    }
  return 0;
}
