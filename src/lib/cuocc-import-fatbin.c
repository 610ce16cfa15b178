/* cuocc-import-fatbin.c — fat binaries, and the host files that carry them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A fat binary is a 16-byte header {magic 0xba55ed50, u16 version, u16
 * header size, u64 size of the entries} and entries one after the other, each
 * a header (64 bytes or more) and its payload: a cubin (kind 2) or PTX text
 * (kind 1). What the entry header holds, worked out from nvcc 13 output:
 *
 *   0 u16 kind         4 u32 header size    8 u64 payload size
 *  16 u32 compressed size (when compressed)
 *  28 u32 SM number   40 u64 flags          56 u64 uncompressed size
 *
 * with the flags 0x2000 (payload is an LZ4 block), 0x8000 (payload is a
 * Zstandard frame), 0x100000 (an `a` architecture) and 0x200000 (an `f`
 * one). --compress-mode=speed writes LZ4, default, balance and size write
 * Zstandard; both are decompressed with their libraries (liblz4, libzstd),
 * never beyond what the header claims nor CUOCC_IMPORT_MAX_ENTRY bytes.
 *
 * nvcc puts fat binaries into host ELF files in the section .nv_fatbin
 * (executables, shared libraries, objects) or __nv_relfatbin (objects
 * compiled with -rdc); static archives are read member by member through
 * libelf. Nothing is copied but decompressed entries, one at a time.
 */
#include "config.h"

#include <ar.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <lz4.h>
#include <zstd.h>

#include "cuocc-import-private.h"

#define FATBIN_MAGIC          0xba55ed50u
#define FATBIN_HEADER_SIZE    16
#define ENTRY_HEADER_SIZE     64
#define EM_CUDA_MACHINE       190

#define ENTRY_KIND_PTX        1
#define ENTRY_KIND_ELF        2

#define FLAG_COMPRESSED_LZ4   0x2000
#define FLAG_COMPRESSED_ZSTD  0x8000
#define FLAG_ARCH_SPECIFIC    0x100000
#define FLAG_FAMILY           0x200000

/* An archive inside an archive is read; deeper nesting is not. */
#define MAX_NESTING 2

typedef struct {
  CuoccImportParser *parser;
  GError *first_error;             /* the first entry or member that could not be read */
  guint n_fatbins;
  int depth;
} Reader;

static gboolean read_content (Reader *reader, const guint8 *data, gsize len, const char *file);

/* ----- helpers ----- */

static guint64
read_le (const guint8 *p, int bytes)
{
  guint64 v = 0;

  for (int i = bytes - 1; i >= 0; i--)
    v = (v << 8) | p[i];
  return v;
}

gboolean
cuocc_import_is_archive (const guint8 *data, gsize len)
{
  return len >= SARMAG && memcmp (data, ARMAG, SARMAG) == 0;
}

gboolean
cuocc_import_is_fatbin (const guint8 *data, gsize len)
{
  return len >= 4 && read_le (data, 4) == FATBIN_MAGIC;
}

static gboolean
is_cubin (const guint8 *data, gsize len)
{
  return cuocc_import_is_elf (data, len) &&
         (len < EI_NIDENT + 4 || read_le (data + EI_NIDENT + 2, 2) == EM_CUDA_MACHINE);
}

/* Keeps the first problem to report when no kernel at all is found. */
static void
note_error (Reader *reader, GError *error)
{
  if (reader->first_error == NULL)
    reader->first_error = error;
  else
    g_error_free (error);
}

static void
note_problem (Reader *reader, const char *where, const char *message)
{
  g_autofree char *valid = g_utf8_make_valid (where != NULL ? where : "", -1);

  note_error (reader, where != NULL
                        ? g_error_new (CUOCC_ERROR, CUOCC_ERROR_PARSE, "%s: %s", valid, message)
                        : g_error_new_literal (CUOCC_ERROR, CUOCC_ERROR_PARSE, message));
}

/* ----- entries ----- */

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

static void
entry_clear (Entry *e)
{
  g_free (e->arch);
  g_free (e->name);
}

/* The payload as the reader needs it: the entry's own bytes, or a
 * decompressed copy in *owned. */
static const guint8 *
entry_bytes (const Entry *e, guint8 **owned, gsize *len, GError **error)
{
  guint8 *out;
  gsize got;

  *owned = NULL;
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
  out = g_try_malloc ((gsize) e->uncompressed_size);
  if (out == NULL)
    {
      g_set_error_literal (error, CUOCC_ERROR, CUOCC_ERROR_PARSE, _("not enough memory to decompress the entry"));
      return NULL;
    }
  if (e->flags & FLAG_COMPRESSED_ZSTD)
    {
      size_t r = ZSTD_decompress (out, (size_t) e->uncompressed_size, e->payload, e->compressed_size);

      got = ZSTD_isError (r) ? 0 : r;
    }
  else
    {
      int r = e->compressed_size > G_MAXINT ? -1
              : LZ4_decompress_safe ((const char *) e->payload, (char *) out,
                                     (int) e->compressed_size, (int) e->uncompressed_size);

      got = r > 0 ? (gsize) r : 0;
    }
  if (got == 0)
    {
      g_free (out);
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_PARSE, _("the compressed entry is corrupt (%s)"),
                   e->flags & FLAG_COMPRESSED_ZSTD ? "Zstandard" : "LZ4");
      return NULL;
    }
  *owned = out;
  *len = got;
  return out;
}

/* ----- PTX ----- */

static const char *
skip_space (const char *p, const char *end)
{
  while (p < end && g_ascii_isspace (*p))
    p++;
  return p;
}

static gboolean
is_ident_char (char c)
{
  return g_ascii_isalnum (c) || c == '_' || c == '$' || c == '.' || c == '%';
}

/* "N" or "X, Y, Z" after a directive; returns the product (or N). */
static gint64
read_dims (const char *p, const char *end, int dims[3])
{
  gint64 product = 1;
  int n = 0;

  dims[0] = dims[1] = dims[2] = 1;
  while (n < 3)
    {
      gint64 v = 0;
      int digits = 0;

      p = skip_space (p, end);
      for (; p < end && g_ascii_isdigit (*p) && digits < 10; p++, digits++)
        v = v * 10 + (*p - '0');
      if (digits == 0 || v > G_MAXINT)
        break;
      dims[n++] = (int) v;
      product *= v;
      p = skip_space (p, end);
      if (p >= end || *p != ',')
        break;
      p++;
    }
  return n > 0 ? product : CUOCC_IMPORT_UNKNOWN;
}

/* The performance directives between an entry's parameter list and its body. */
static void
read_ptx_directives (CuoccKernel *k, const char *p, const char *end)
{
  static const char *const names[] = { ".maxntid", ".reqntid", ".minnctapersm", ".maxnreg", ".reqnctapercluster" };
  const char *body = memchr (p, '{', (gsize) (end - p));

  if (body == NULL)
    return;
  for (; p < body; p++)
    {
      int dims[3];

      if (*p != '.')
        continue;
      for (guint i = 0; i < G_N_ELEMENTS (names); i++)
        {
          gsize n = strlen (names[i]);
          gint64 v;

          if ((gsize) (body - p) <= n || strncmp (p, names[i], n) != 0 || is_ident_char (p[n]))
            continue;
          v = read_dims (p + n, body, dims);
          if (v < 0)
            break;
          if (i <= 1)
            k->max_threads = k->max_threads > 0 ? MIN (k->max_threads, cuocc_import_clamp_int (v))
                                                : cuocc_import_clamp_int (v);
          else if (i == 2)
            k->min_blocks = dims[0];
          else if (i == 3)
            k->max_regs = dims[0];
          else
            memcpy (k->cluster_dims, dims, sizeof dims);
          break;
        }
    }
}

/* Every ".entry NAME" of the text: kernels whose figures are known only
 * once the driver compiles them. */
static guint
read_ptx (Reader *reader, const Entry *e, const char *text, gsize len, const char *file)
{
  static const char key[] = ".entry";
  const char *end = text + len;
  const char *p = text;
  guint added = 0;

  while (p < end && (p = g_strstr_len (p, end - p, key)) != NULL)
    {
      const char *name;
      g_autofree char *mangled = NULL;
      CuoccKernel k;
      gboolean starts_word = p == text || g_ascii_isspace (p[-1]);

      p += sizeof key - 1;
      if (!starts_word || p >= end || !g_ascii_isspace (*p))
        continue;
      name = p = skip_space (p, end);
      while (p < end && is_ident_char (*p))
        p++;
      if (p == name || p - name > 4096)
        continue;
      mangled = g_strndup (name, (gsize) (p - name));
      cuocc_import_kernel_init (&k);
      cuocc_import_kernel_set_name (&k, mangled);
      cuocc_import_kernel_set_arch (&k, e->arch);
      k.format = CUOCC_IMPORT_FORMAT_FATBIN;
      k.code = CUOCC_CODE_PTX;
      k.file = g_strdup (file);
      k.entry = g_strdup (e->name);
      read_ptx_directives (&k, p, MIN (end, p + 64 * 1024));
      cuocc_import_add_kernel (reader->parser, &k);
      added++;
      if (reader->parser->truncated)
        break;
    }
  return added;
}

/* ----- fat binaries ----- */

static void
read_entry (Reader *reader, const Entry *e, const char *file)
{
  g_autoptr (GError) error = NULL;
  g_autofree guint8 *owned = NULL;
  const guint8 *bytes;
  gsize len;
  guint first = reader->parser->kernels->len;

  bytes = entry_bytes (e, &owned, &len, &error);
  if (bytes == NULL)
    {
      g_autofree char *where = g_strdup_printf ("%s: %s", file != NULL ? file : "", e->name);

      note_problem (reader, where, error->message);
      return;
    }
  if (e->kind == ENTRY_KIND_PTX)
    {
      read_ptx (reader, e, (const char *) bytes, len, file);
      return;
    }
  if (!cuocc_import_read_cubin (reader->parser, bytes, len, file, e->name, &error))
    {
      note_error (reader, g_steal_pointer (&error));
      return;
    }
  /* The entry header knows the `a` and `f` variants even where the cubin
   * does not say them. */
  for (guint i = first; i < reader->parser->kernels->len; i++)
    {
      CuoccKernel *k = &g_array_index (reader->parser->kernels, CuoccKernel, i);

      if (g_strcmp0 (k->arch, e->arch) != 0 && k->cc_major * 10 + k->cc_minor > 0)
        {
          g_autofree char *plain = g_strdup_printf ("sm_%u", e->sm);

          if (g_str_has_prefix (e->arch, plain) && k->arch != NULL && g_str_has_prefix (k->arch, plain))
            cuocc_import_kernel_set_arch (k, e->arch);
        }
    }
}

static gboolean
parse_entry_header (const guint8 *p, gsize avail, Entry *e, gsize *consumed)
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

/* One fat binary at data; returns the bytes it spans (0: none there). */
static gsize
read_fatbin (Reader *reader, const guint8 *data, gsize len, const char *file)
{
  gsize header_size, size, off;

  if (len < FATBIN_HEADER_SIZE || !cuocc_import_is_fatbin (data, len))
    return 0;
  header_size = (gsize) read_le (data + 6, 2);
  size = (gsize) MIN (read_le (data + 8, 8), (guint64) G_MAXSIZE);
  if (header_size < FATBIN_HEADER_SIZE || header_size > len)
    {
      note_problem (reader, file, _("a fat binary with a malformed header"));
      return len;
    }
  if (size > len - header_size)
    {
      note_problem (reader, file, _("a fat binary larger than the data that holds it; reading what is there"));
      size = len - header_size;
    }
  reader->n_fatbins++;
  for (off = header_size; off < header_size + size && !reader->parser->truncated;)
    {
      Entry e = { 0 };
      gsize consumed;

      if (!parse_entry_header (data + off, header_size + size - off, &e, &consumed))
        {
          note_problem (reader, file, _("a fat binary entry with a malformed header"));
          break;
        }
      if (e.kind == ENTRY_KIND_ELF || e.kind == ENTRY_KIND_PTX)
        read_entry (reader, &e, file);
      entry_clear (&e);
      off += consumed;
    }
  return header_size + size;
}

/* Fat binaries one after the other, 8-byte aligned, as in .nv_fatbin. */
static void
read_fatbins (Reader *reader, const guint8 *data, gsize len, const char *file)
{
  gsize off = 0;

  while (off + FATBIN_HEADER_SIZE <= len && !reader->parser->truncated)
    {
      gsize spanned = read_fatbin (reader, data + off, len - off, file);

      off += spanned > 0 ? (spanned + 7) & ~(gsize) 7 : 8;
    }
}

/* ----- host files ----- */

static gboolean
is_fatbin_section (const char *name)
{
  return strcmp (name, ".nv_fatbin") == 0 || strcmp (name, "__nv_relfatbin") == 0;
}

static void
read_host_elf (Reader *reader, const guint8 *data, gsize len, const char *file)
{
  g_autoptr (GError) error = NULL;
  Elf *elf = cuocc_import_elf_open (data, len, file, &error);
  Elf_Scn *scn = NULL;
  size_t shstrndx;
  guint sections = 0;

  if (elf == NULL)
    {
      note_error (reader, g_steal_pointer (&error));
      return;
    }
  elf_getshdrstrndx (elf, &shstrndx);
  while ((scn = elf_nextscn (elf, scn)) != NULL && !reader->parser->truncated)
    {
      GElf_Shdr shdr;
      const guint8 *bytes;
      gsize size;

      if (gelf_getshdr (scn, &shdr) == NULL ||
          !is_fatbin_section (cuocc_import_elf_section_name (elf, shstrndx, &shdr)))
        continue;
      sections++;
      bytes = cuocc_import_elf_section_bytes (data, len, &shdr, &size);
      if (bytes == NULL)
        note_problem (reader, file, _("the fat binary section lies outside the file"));
      else
        read_fatbins (reader, bytes, size, file);
    }
  elf_end (elf);
  if (sections == 0)
    note_problem (reader, file, _("no CUDA device code: the ELF file has no .nv_fatbin or __nv_relfatbin section"));
}

static void
read_archive (Reader *reader, const guint8 *data, gsize len, const char *file)
{
  Elf *ar;
  Elf *member;
  Elf_Cmd cmd = ELF_C_READ_MMAP;

  if (reader->depth >= MAX_NESTING)
    {
      g_autofree char *message = g_strdup_printf (_("archives nested deeper than %d are not read"), MAX_NESTING);

      note_problem (reader, file, message);
      return;
    }
  ar = cuocc_import_elf_memory (data, len);
  if (ar == NULL || elf_kind (ar) != ELF_K_AR)
    {
      if (ar != NULL)
        elf_end (ar);
      note_problem (reader, file, _("malformed archive"));
      return;
    }
  reader->depth++;
  while ((member = elf_begin (-1, cmd, ar)) != NULL && !reader->parser->truncated)
    {
      Elf_Arhdr *header = elf_getarhdr (member);
      size_t size = 0;
      const guint8 *bytes = (const guint8 *) elf_rawfile (member, &size);

      if (header != NULL && header->ar_name != NULL && header->ar_name[0] != '/' && bytes != NULL &&
          bytes >= data && size <= len && (gsize) (bytes - data) <= len - size)
        {
          g_autofree char *name = g_strdup_printf ("%s(%s)", file != NULL ? file : "", header->ar_name);

          read_content (reader, bytes, size, name);
        }
      cmd = elf_next (member);
      elf_end (member);
    }
  reader->depth--;
  elf_end (ar);
}

/* Whatever the bytes are; FALSE when they are no binary this reader knows. */
static gboolean
read_content (Reader *reader, const guint8 *data, gsize len, const char *file)
{
  if (is_cubin (data, len))
    {
      GError *error = NULL;

      if (!cuocc_import_read_cubin (reader->parser, data, len, file, NULL, &error))
        note_error (reader, error);
    }
  else if (cuocc_import_is_elf (data, len))
    read_host_elf (reader, data, len, file);
  else if (cuocc_import_is_archive (data, len))
    read_archive (reader, data, len, file);
  else if (cuocc_import_is_fatbin (data, len))
    read_fatbins (reader, data, len, file);
  else
    return FALSE;
  return TRUE;
}

gboolean
cuocc_import_read_binary (CuoccImportParser *parser, const guint8 *data, gsize len,
                          const char *file, GError **error)
{
  Reader reader = { parser, NULL, 0, 0 };
  guint before = parser->kernels->len;

  if (!read_content (&reader, data, len, file))
    note_problem (&reader, file, _("not a cubin, fat binary, ELF file or archive"));
  if (parser->kernels->len > before || parser->truncated)
    {
      g_clear_error (&reader.first_error);
      return TRUE;
    }
  if (reader.first_error == NULL)
    note_problem (&reader, file, _("the fat binaries hold no kernel"));
  g_propagate_error (error, reader.first_error);
  return FALSE;
}

/* Entry `index` of the fat binary at data, decompressed, and its name. */
GBytes *
cuocc_import_fatbin_entry (const guint8 *data, gsize len, guint index, char **name, GError **error)
{
  gsize header_size, end, off;

  if (len < FATBIN_HEADER_SIZE || !cuocc_import_is_fatbin (data, len))
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
      guint8 *owned;
      const guint8 *bytes;
      GBytes *out = NULL;

      if (!parse_entry_header (data + off, end - off, &e, &consumed))
        break;
      if (index == 0)
        {
          bytes = entry_bytes (&e, &owned, &size, error);
          if (bytes != NULL)
            {
              out = owned != NULL ? g_bytes_new_take (owned, size) : g_bytes_new (bytes, size);
              *name = g_steal_pointer (&e.name);
            }
          entry_clear (&e);
          return out;
        }
      entry_clear (&e);
      off += consumed;
    }
  g_set_error_literal (error, CUOCC_ERROR, CUOCC_ERROR_PARSE, _("a fat binary entry with a malformed header"));
  return NULL;
}
