/* cuocc-import-fatbin-entry.c — one entry of a fat binary: its header, and
 * its payload as stored or decompressed (LZ4, Zstandard) within the file's
 * decompression budget, looked at first as far as its first bytes. The
 * format, and what bounds the work, are described in cuocc-import-fatbin.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <sys/mman.h>

#include <glib/gi18n-lib.h>
#include <lz4.h>
#include <zstd.h>

#include "cuocc-import-fatbin-private.h"

void
_cuocc_import_fatbin_entry_clear (Entry *e)
{
  g_free (e->arch);
  g_free (e->name);
}

/* Whether an entry's first bytes are what its kind says: an ELF header, or
 * PTX text (printable up to the end or a NUL). */
static gboolean
looks_like_code (guint kind, const guint8 *p, gsize n)
{
  if (kind == ENTRY_KIND_ELF)
    return _cuocc_import_is_elf (p, n);
  if (n == 0 || p[0] == '\0')
    return FALSE;
  for (gsize i = 0; i < n && p[i] != '\0'; i++)
    if (!g_ascii_isprint (p[i]) && !g_ascii_isspace (p[i]))
      return FALSE;
  return TRUE;
}

/* The first bytes of a compressed entry, decompressed no further; 0 when
 * the data is corrupt. */
static gsize
probe (const Entry *e, ZSTD_DCtx *dctx, guint8 out[PROBE_SIZE])
{
  if (e->flags & FLAG_COMPRESSED_ZSTD)
    {
      ZSTD_inBuffer in = { e->payload, e->compressed_size, 0 };
      ZSTD_outBuffer o = { out, PROBE_SIZE, 0 };

      ZSTD_DCtx_reset (dctx, ZSTD_reset_session_only);
      while (o.pos < o.size && in.pos < in.size)
        {
          size_t r = ZSTD_decompressStream (dctx, &o, &in);

          if (ZSTD_isError (r) || r == 0)
            break;
        }
      return o.pos;
    }
  else
    {
      int r = e->compressed_size > G_MAXINT ? -1
              : LZ4_decompress_safe_partial ((const char *) e->payload, (char *) out, (int) e->compressed_size,
                                             PROBE_SIZE, PROBE_SIZE);

      return r > 0 ? (gsize) r : 0;
    }
}

/* A decompressed entry lives only while it is read, and real libraries hold
 * entries of 16 to 75 MB (cuBLASLt 11.8). Such a buffer from malloc () is
 * mapped and given back on free (), but glibc then raises its threshold for
 * mapping to the size freed, and the next buffers, of any size below it,
 * come from its heaps, where what is freed stays with the process: an import
 * of cuBLASLt 13 peaked at 196 MB resident, 120 MB with the threshold held
 * (MALLOC_MMAP_THRESHOLD_). Buffers of BIG_BUFFER bytes or more are
 * therefore mapped here and unmapped when read, whatever malloc does. */
#define BIG_BUFFER ((gsize) 1 << 20)

/* An LZ4 cubin this big is decompressed without its code
 * (cuocc-import-fatbin-sparse.c) when it is read for its kernels. */
#define SPARSE_MIN ((gsize) 8 << 20)

/* The bytes of decompressed buffers' written pages alive, and the most at
 * once (_cuocc_import_fatbin_peak_resident ()); atomic. */
static gint64 resident_now;
static gint64 resident_peak;

static void
count_resident (gint64 bytes)
{
  gint64 now = __atomic_add_fetch (&resident_now, bytes, __ATOMIC_RELAXED);
  gint64 peak = __atomic_load_n (&resident_peak, __ATOMIC_RELAXED);

  while (now > peak &&
         !__atomic_compare_exchange_n (&resident_peak, &peak, now, TRUE, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
    ;
}

gsize
_cuocc_import_fatbin_peak_resident (gboolean reset)
{
  gsize peak = (gsize) __atomic_load_n (&resident_peak, __ATOMIC_RELAXED);

  if (reset)
    __atomic_store_n (&resident_peak, __atomic_load_n (&resident_now, __ATOMIC_RELAXED), __ATOMIC_RELAXED);
  return peak;
}

static guint8 *
buffer_alloc (gsize size)
{
  void *p;

  if (size < BIG_BUFFER)
    return g_try_malloc (size);
  p = mmap (NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  return p != MAP_FAILED ? p : NULL;
}

void
_cuocc_import_fatbin_buffer_free (Owned *owned)
{
  if (owned->p == NULL)
    return;
  count_resident (-(gint64) owned->resident);
  if (owned->size < BIG_BUFFER)
    g_free (owned->p);
  else
    munmap (owned->p, owned->size);
  owned->p = NULL;
}

static void
buffer_free_cb (gpointer data)
{
  Owned *owned = data;

  _cuocc_import_fatbin_buffer_free (owned);
  g_free (owned);
}

/* A decompressed buffer, of which len bytes are used, as GBytes that free it. */
static GBytes *
buffer_to_bytes (const Owned *owned, gsize len)
{
  Owned *b = g_memdup2 (owned, sizeof *owned);

  return g_bytes_new_with_free_func (b->p, len, buffer_free_cb, b);
}

/* Takes bytes from the file's decompression budget; FALSE when too few are left. */
static gboolean
take_budget (Reader *reader, guint64 bytes)
{
  gint64 left;

  if (reader == NULL)
    return TRUE;
  left = __atomic_sub_fetch (&reader->budget, (gint64) bytes, __ATOMIC_RELAXED);
  if (left >= 0)
    return TRUE;
  __atomic_add_fetch (&reader->budget, (gint64) bytes, __ATOMIC_RELAXED);
  return FALSE;
}

/* Decompresses e's payload into out (size bytes); the bytes decoded, 0
 * when corrupt. With sparse, a big LZ4 cubin's code is not written (it
 * stays untouched, not resident). *resident: the bytes of out's pages
 * written. */
static gsize
decompress (const Entry *e, ZSTD_DCtx *dctx, guint8 *out, gsize size, gboolean sparse, gsize *resident)
{
  *resident = size;
  if (e->flags & FLAG_COMPRESSED_ZSTD)
    {
      size_t r;

      ZSTD_DCtx_reset (dctx, ZSTD_reset_session_only);
      r = ZSTD_decompressDCtx (dctx, out, size, e->payload, e->compressed_size);
      return ZSTD_isError (r) ? 0 : r;
    }
  if (sparse && e->kind == ENTRY_KIND_ELF && size >= SPARSE_MIN)
    {
      gsize decoded;

      switch (_cuocc_import_fatbin_lz4_sparse (e->payload, e->compressed_size, out, size, &decoded, resident))
        {
        case SPARSE_DONE:
          return decoded;
        case SPARSE_CORRUPT:
          *resident = size;        /* what was written is not counted */
          return 0;
        case SPARSE_NOT_HERE:
          *resident = size;
          break;
        }
    }
  {
    int r = LZ4_decompress_safe ((const char *) e->payload, (char *) out, (int) e->compressed_size, (int) size);

    return r > 0 ? (gsize) r : 0;
  }
}

/* The payload as the reader needs it: the entry's own bytes, or a
 * decompressed copy in *owned, of buffer_alloc (e->uncompressed_size).
 * reader (NULL: no budget) bounds the work, and reads a big cubin for its
 * kernels: its code is then left out (see decompress ()). dctx is the
 * thread's Zstandard context. */
const guint8 *
_cuocc_import_fatbin_entry_bytes (Reader *reader, const Entry *e, ZSTD_DCtx *dctx, Owned *owned, gsize *len,
                                  GError **error)
{
  guint8 head[PROBE_SIZE];
  guint8 *out;
  gsize got, resident;
  const char *method = e->flags & FLAG_COMPRESSED_ZSTD ? "Zstandard" : "LZ4";

  owned->p = NULL;
  if ((e->flags & (FLAG_COMPRESSED_LZ4 | FLAG_COMPRESSED_ZSTD)) == 0)
    {
      *len = e->payload_size;
      return e->payload;
    }
  if (e->uncompressed_size == 0 || e->uncompressed_size > CUOCC_IMPORT_MAX_ENTRY)
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_PARSE,
                   _("the compressed entry claims %llu bytes; entries of 1 to %llu bytes are read"),
                   (unsigned long long) e->uncompressed_size, (unsigned long long) CUOCC_IMPORT_MAX_ENTRY);
      return NULL;
    }
  got = probe (e, dctx, head);
  if (got == 0)
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_PARSE, _("the compressed entry is corrupt (%s)"), method);
      return NULL;
    }
  if (!looks_like_code (e->kind, head, got))
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_PARSE,
                   e->kind == ENTRY_KIND_ELF ? _("its first decompressed bytes are no ELF header (%s)")
                                             : _("its first decompressed bytes are no PTX text (%s)"),
                   method);
      return NULL;
    }
  if (!take_budget (reader, e->uncompressed_size))
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_PARSE,
                   _("the file's decompression limit of %llu MiB is reached"),
                   (unsigned long long) (reader->budget_total >> 20));
      return NULL;
    }
  out = buffer_alloc ((gsize) e->uncompressed_size);
  if (out == NULL)
    {
      g_set_error_literal (error, CUOCC_ERROR, CUOCC_ERROR_PARSE, _("not enough memory to decompress the entry"));
      return NULL;
    }
  got = decompress (e, dctx, out, (gsize) e->uncompressed_size, reader != NULL, &resident);
  owned->p = out;
  owned->size = (gsize) e->uncompressed_size;
  owned->resident = resident;
  count_resident ((gint64) resident);
  if (got == 0)
    {
      _cuocc_import_fatbin_buffer_free (owned);
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_PARSE, _("the compressed entry is corrupt (%s)"), method);
      return NULL;
    }
  *len = got;
  return out;
}

/* An entry header at p with avail bytes left in the fat binary. */
gboolean
_cuocc_import_fatbin_parse_entry_header (const guint8 *p, gsize avail, Entry *e, gsize *consumed)
{
  gsize header_size, payload_size;

  if (avail < ENTRY_HEADER_SIZE)
    return FALSE;
  header_size = (gsize) read_le (p + 4, 4);
  payload_size = (gsize) MIN (read_le (p + 8, 8), (guint64) G_MAXSIZE);
  if (header_size < ENTRY_HEADER_SIZE || header_size > avail || payload_size > avail - header_size)
    return FALSE;
  e->kind = (guint) read_le (p, 2);
  e->sm = (guint) read_le (p + 28, 4);
  e->flags = read_le (p + 40, 8);
  e->payload = p + header_size;
  e->payload_size = payload_size;
  e->compressed_size = (gsize) read_le (p + 16, 4);
  if (e->compressed_size == 0 || e->compressed_size > payload_size)
    e->compressed_size = payload_size;
  e->uncompressed_size = read_le (p + 56, 8);
  e->arch = g_strdup_printf ("%s_%u%s", e->kind == ENTRY_KIND_PTX ? "compute" : "sm", e->sm,
                             (e->flags & FLAG_ARCH_SPECIFIC) ? "a" : (e->flags & FLAG_FAMILY) ? "f" : "");
  e->name = g_strdup_printf ("%s %s", e->arch, e->kind == ENTRY_KIND_PTX ? "PTX" : "SASS");
  *consumed = header_size + payload_size;
  return TRUE;
}

/* Entry `index` of the fat binary at data, decompressed, and its name. */
GBytes *
_cuocc_import_fatbin_entry (const guint8 *data, gsize len, guint index, char **name, GError **error)
{
  gsize header_size, end, off;

  if (len < FATBIN_HEADER_SIZE || !_cuocc_import_is_fatbin (data, len))
    {
      g_set_error_literal (error, CUOCC_ERROR, CUOCC_ERROR_PARSE, _("not a fat binary"));
      return NULL;
    }
  header_size = (gsize) read_le (data + 6, 2);
  end = header_size + (gsize) MIN (read_le (data + 8, 8), (guint64) (len - MIN (header_size, len)));
  for (off = header_size; off < end; index--)
    {
      Entry e = { 0 };
      gsize consumed, size;
      Owned owned;
      const guint8 *bytes;
      GBytes *out = NULL;

      if (!_cuocc_import_fatbin_parse_entry_header (data + off, end - off, &e, &consumed))
        break;
      if (index == 0)
        {
          ZSTD_DCtx *dctx = ZSTD_createDCtx ();

          bytes = _cuocc_import_fatbin_entry_bytes (NULL, &e, dctx, &owned, &size, error);
          ZSTD_freeDCtx (dctx);
          if (bytes != NULL)
            {
              out = owned.p != NULL ? buffer_to_bytes (&owned, size)
                                  : g_bytes_new (bytes, size);
              *name = g_steal_pointer (&e.name);
            }
          _cuocc_import_fatbin_entry_clear (&e);
          return out;
        }
      _cuocc_import_fatbin_entry_clear (&e);
      off += consumed;
    }
  g_set_error_literal (error, CUOCC_ERROR, CUOCC_ERROR_PARSE, _("a fat binary entry with a malformed header"));
  return NULL;
}

/* A PTX module's stored bytes (flags: its entry's compression flags), decompressed again. */
GBytes *
_cuocc_import_fatbin_inflate (GBytes *stored, guint64 flags, gsize size, GError **error)
{
  Entry e = { 0 };
  ZSTD_DCtx *dctx = ZSTD_createDCtx ();
  Owned owned;
  const guint8 *bytes;
  gsize len = 0;

  e.kind = ENTRY_KIND_PTX;
  e.flags = flags;
  e.payload = g_bytes_get_data (stored, &e.payload_size);
  e.compressed_size = e.payload_size;
  e.uncompressed_size = size;
  bytes = _cuocc_import_fatbin_entry_bytes (NULL, &e, dctx, &owned, &len, error);
  ZSTD_freeDCtx (dctx);
  if (bytes == NULL)
    return NULL;
  return owned.p != NULL ? buffer_to_bytes (&owned, len) : g_bytes_new (bytes, len);
}
