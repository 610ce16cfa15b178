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
 * never beyond what the header claims nor CUOCC_IMPORT_MAX_ENTRY bytes. Work
 * on a file is bounded: an entry is first decompressed only as far as its
 * first bytes (the partial and streaming APIs of both libraries), and goes
 * no further unless they are an ELF header or PTX text; all the entries of a
 * file together are decompressed to at most MAX (1 GiB, 16 × the file's
 * size). What is skipped is counted, and why is said (CuoccKernelList.skipped).
 *
 * nvcc puts fat binaries into host ELF files in the section .nv_fatbin
 * (executables, shared libraries, objects) or __nv_relfatbin (objects
 * compiled with -rdc); a library may also keep them in any other section
 * and load them itself (cuModuleLoadFatBinary, cuModuleLoadData): those
 * (a `const unsigned char[]`, `ld -r -b binary`) are found by their magic in
 * every section that is neither code nor debugging information, and taken
 * only when their whole structure checks out (version, header size, every
 * entry's header, sizes that tile the fat binary exactly), so that random
 * bytes never become kernels. Static archives are read member by member
 * through libelf.
 *
 * The CUDA driver loads each fat binary as a module of its own, so the entry
 * of a kernel that runs is chosen per fat binary: where a file holds more
 * than one fat binary with kernels, each kernel's `file` names its fat
 * binary, "lib.so[.nv_fatbin+0x1a40]" (the section and the offset in it),
 * which cuocc_kernel_list_select() keys on. The fat binaries of a file are
 * read on all processors (a GThreadPool, each with its own kernels, merged
 * in file order), and the pages of a mapped file are given back once read
 * (madvise MADV_DONTNEED), so that a library of 500 MB stays far below that
 * in memory. Nothing is copied but decompressed entries, one at a time per
 * thread, and of an LZ4 cubin of 8 MiB or more only what is not machine
 * code (cuocc-import-fatbin-sparse.c).
 */
#define _GNU_SOURCE              /* memmem, MADV_DONTNEED */
#include "config.h"

#include <ar.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>
#include <lz4.h>
#include <zstd.h>

#include "cuocc-import-fatbin-private.h"

/* An archive inside an archive is read; deeper nesting is not. */
#define MAX_NESTING 2

/* Decompression per file: at least this, else 16 × the file's size. */
#define MIN_BUDGET (G_GUINT64_CONSTANT (1) << 30)
#define BUDGET_FACTOR 16

/* Fat binaries read together, at most. */
#define BATCH_MODULES 256
#define BATCH_BYTES ((gsize) 64 << 20)

/* While fat binaries are looked for, the pages behind are given back every
 * this many bytes. */
#define RELEASE_STEP ((gsize) 4 << 20)

/* Fat binaries of a file read on other threads only when there are several
 * and they are this large together. */
#define PARALLEL_MIN_BYTES (1 << 20)

/* One fat binary: where it is, and what reading it gave. */
typedef struct {
  const guint8 *data;
  gsize len;
  const char *section;             /* NULL: the data is fat binaries one after the other */
  gsize offset;                    /* in the section or the data */
  char *file;                      /* the file as the user named it; NULL for standard input */
  struct _Reader *reader;
  CuoccImportParser *parser;       /* the kernels, helpers and skipped entries read */
  GError *first_error;
} Module;

/* The fat binaries of one file, read in batches as they are found, so that
 * memory does not grow with their number: what is pending, and what the
 * file's fat binaries gave so far. */
typedef struct {
  GPtrArray *pending;              /* Module */
  gsize pending_bytes;
  const char *file;
  guint first_kernel;              /* the file's first kernel in the parser */
  guint n_found;
  guint with_kernels;              /* fat binaries that held kernels */
} Batch;

static gboolean read_content (Reader *reader, const guint8 *data, gsize len, const char *file);

/* ----- helpers ----- */

gboolean
_cuocc_import_is_archive (const guint8 *data, gsize len)
{
  return len >= SARMAG && memcmp (data, ARMAG, SARMAG) == 0;
}

gboolean
_cuocc_import_is_fatbin (const guint8 *data, gsize len)
{
  return len >= 4 && read_le (data, 4) == FATBIN_MAGIC;
}

static gboolean
is_cubin (const guint8 *data, gsize len)
{
  return _cuocc_import_is_elf (data, len) &&
         (len < EI_NIDENT + 4 || read_le (data + EI_NIDENT + 2, 2) == EM_CUDA_MACHINE);
}

/* Keeps the first problem to report when no kernel at all is found. */
static void
keep_error (GError **first, GError *error)
{
  if (*first == NULL)
    *first = error;
  else
    g_error_free (error);
}

static void
note_error (Reader *reader, GError *error)
{
  keep_error (&reader->first_error, error);
}

static GError *
problem (const char *where, const char *message)
{
  g_autofree char *valid = g_utf8_make_valid (where != NULL ? where : "", -1);

  return where != NULL ? g_error_new (CUOCC_ERROR, CUOCC_ERROR_PARSE, "%s: %s", valid, message)
                       : g_error_new_literal (CUOCC_ERROR, CUOCC_ERROR_PARSE, message);
}

static void
note_problem (Reader *reader, const char *where, const char *message)
{
  note_error (reader, problem (where, message));
}

/* The name a fat binary's kernels carry when its file holds several. */
static char *
module_label (const Module *m)
{
  const char *file = m->file != NULL ? m->file : "-";

  return g_strdup_printf ("%s[%s+0x%" G_GSIZE_MODIFIER "x]", file, m->section != NULL ? m->section : "",
                          m->offset);
}

/* Gives the pages inside [p, p + len) of a mapped file back: they are read
 * again from the page cache should anything touch them. */
static void
release_pages (const Reader *reader, const guint8 *p, gsize len)
{
  static gsize page = 0;
  guintptr start, end;

  if (!reader->mapped || len == 0)
    return;
  if (page == 0)
    page = (gsize) sysconf (_SC_PAGESIZE);
  start = ((guintptr) p + page - 1) & ~(guintptr) (page - 1);
  end = ((guintptr) p + len) & ~(guintptr) (page - 1);
  if (end > start)
    madvise ((void *) start, end - start, MADV_DONTNEED);
}

/* ----- PTX ----- */

/* A PTX entry's kernels (cuocc-import-ptx.c), sharing a module that keeps
 * the entry as stored: its compressed bytes when it is compressed. */
static void
read_ptx (CuoccImportParser *parser, const Entry *e, const char *text, gsize len, const char *file)
{
  gboolean compressed = (e->flags & (FLAG_COMPRESSED_LZ4 | FLAG_COMPRESSED_ZSTD)) != 0;
  g_autoptr (GBytes) stored = g_bytes_new (compressed ? e->payload : (const guint8 *) text,
                                           compressed ? e->compressed_size : len);
  g_autoptr (CuoccPtxModule) module =
    _cuocc_ptx_module_new (stored, e->flags & (FLAG_COMPRESSED_LZ4 | FLAG_COMPRESSED_ZSTD), len, e->arch);

  _cuocc_import_read_ptx_text (parser, text, len, e->arch, file, e->name, module);
}

/* ----- fat binaries ----- */

/* Notes an entry that is not read, and why. */
static void
skip_entry (Module *m, const Entry *e, const char *why)
{
  CuoccImportParser *parser = m->parser;

  parser->n_skipped_entries++;
  if (parser->skipped->len < CUOCC_IMPORT_MAX_SKIPPED_NOTES)
    {
      g_autofree char *where = module_label (m);
      g_autofree char *valid = g_utf8_make_valid (where, -1);

      g_ptr_array_add (parser->skipped, g_strdup_printf ("%s: %s: %s", valid, e->name, why));
    }
}

static void
read_entry (Module *m, const Entry *e, ZSTD_DCtx *dctx)
{
  g_autoptr (GError) error = NULL;
  Owned owned;
  CuoccImportParser *parser = m->parser;
  const guint8 *bytes;
  gsize len;
  guint first = parser->kernels->len;

  bytes = _cuocc_import_fatbin_entry_bytes (m->reader, e, dctx, &owned, &len, &error);
  if (bytes == NULL)
    {
      g_autofree char *where = g_strdup_printf ("%s: %s", m->file != NULL ? m->file : "", e->name);

      skip_entry (m, e, error->message);
      keep_error (&m->first_error, problem (where, error->message));
      return;
    }
  if (e->kind == ENTRY_KIND_PTX)
    {
      read_ptx (parser, e, (const char *) bytes, len, m->file);
      _cuocc_import_fatbin_buffer_free (&owned);
      return;
    }
  if (!_cuocc_import_read_cubin (parser, bytes, len, m->file, e->name, &error))
    {
      _cuocc_import_fatbin_buffer_free (&owned);
      keep_error (&m->first_error, g_steal_pointer (&error));
      return;
    }
  _cuocc_import_fatbin_buffer_free (&owned);
  /* The entry header knows the `a` and `f` variants even where the cubin
   * does not say them. */
  for (guint i = first; i < parser->kernels->len; i++)
    {
      CuoccKernel *k = &g_array_index (parser->kernels, CuoccKernel, i);

      if (g_strcmp0 (k->arch, e->arch) != 0 && k->cc_major * 10 + k->cc_minor > 0)
        {
          g_autofree char *plain = g_strdup_printf ("sm_%u", e->sm);

          if (g_str_has_prefix (e->arch, plain) && k->arch != NULL && g_str_has_prefix (k->arch, plain))
            _cuocc_import_kernel_set_arch (k, e->arch);
        }
    }
}

/* The entries of one fat binary (its header already checked), into its
 * module's own parser. */
static void
read_module (Module *m)
{
  gsize header_size = (gsize) read_le (m->data + 6, 2);
  ZSTD_DCtx *dctx = ZSTD_createDCtx ();

  m->parser = cuocc_import_parser_new ();
  for (gsize off = header_size; off < m->len && !m->parser->truncated;)
    {
      Entry e = { 0 };
      gsize consumed;

      if (!_cuocc_import_fatbin_parse_entry_header (m->data + off, m->len - off, &e, &consumed))
        {
          keep_error (&m->first_error, problem (m->file, _("a fat binary entry with a malformed header")));
          break;
        }
      if (e.kind == ENTRY_KIND_ELF || e.kind == ENTRY_KIND_PTX)
        read_entry (m, &e, dctx);
      _cuocc_import_fatbin_entry_clear (&e);
      off += consumed;
    }
  ZSTD_freeDCtx (dctx);
  release_pages (m->reader, m->data, m->len);
}

static void
read_module_task (gpointer data, gpointer user_data)
{
  read_module (data);
}

/* Whether the whole structure of a fat binary at data checks out: the
 * header, and entries with sane headers that tile it exactly. Returns its
 * size, 0 when it does not. For fat binaries found among other data. */
static gsize
check_fatbin (const guint8 *data, gsize len, gsize *steps_left)
{
  gsize size, off;
  guint n_code = 0;

  if (len < FATBIN_HEADER_SIZE + ENTRY_HEADER_SIZE || !_cuocc_import_is_fatbin (data, len) ||
      read_le (data + 4, 2) != 1 || read_le (data + 6, 2) != FATBIN_HEADER_SIZE)
    return 0;
  size = (gsize) MIN (read_le (data + 8, 8), (guint64) G_MAXSIZE);
  if (size < ENTRY_HEADER_SIZE || size > len - FATBIN_HEADER_SIZE)
    return 0;
  for (off = FATBIN_HEADER_SIZE; off < FATBIN_HEADER_SIZE + size;)
    {
      const guint8 *p = data + off;
      gsize avail = FATBIN_HEADER_SIZE + size - off;
      guint kind;
      gsize header_size, payload_size, compressed;
      guint64 flags;

      if (avail < ENTRY_HEADER_SIZE || *steps_left == 0)
        return 0;
      (*steps_left)--;
      kind = (guint) read_le (p, 2);
      header_size = (gsize) read_le (p + 4, 4);
      payload_size = (gsize) MIN (read_le (p + 8, 8), (guint64) G_MAXSIZE);
      compressed = (gsize) read_le (p + 16, 4);
      flags = read_le (p + 40, 8);
      if (kind == 0 || kind > 0xff || header_size < ENTRY_HEADER_SIZE || header_size > MAX_ENTRY_HEADER_SIZE ||
          header_size % 8 != 0 || header_size > avail || payload_size > avail - header_size ||
          compressed > payload_size ||
          (flags & (FLAG_COMPRESSED_LZ4 | FLAG_COMPRESSED_ZSTD)) == (FLAG_COMPRESSED_LZ4 | FLAG_COMPRESSED_ZSTD))
        return 0;
      n_code += kind == ENTRY_KIND_ELF || kind == ENTRY_KIND_PTX;
      off += header_size + payload_size;
    }
  return n_code > 0 ? FATBIN_HEADER_SIZE + size : 0;
}

static void
module_free (Module *m)
{
  g_free (m->file);
  if (m->parser != NULL)
    cuocc_import_parser_free (m->parser);
  g_clear_error (&m->first_error);
  g_free (m);
}

static void read_modules (Reader *reader, Batch *batch);

static void
batch_init (Batch *batch, CuoccImportParser *parser, const char *file)
{
  batch->pending = g_ptr_array_new_with_free_func ((GDestroyNotify) module_free);
  batch->pending_bytes = 0;
  batch->file = file;
  batch->first_kernel = parser->kernels->len;
  batch->n_found = 0;
  batch->with_kernels = 0;
}

/* Reads what is pending. At the end of the file (last), a file whose
 * kernels are all in one fat binary names itself, not the fat binary. */
static void
batch_flush (Reader *reader, Batch *batch, gboolean last)
{
  GArray *kernels = reader->parser->kernels;

  if (batch->pending->len > 0 && !reader->parser->truncated)
    read_modules (reader, batch);
  g_ptr_array_set_size (batch->pending, 0);
  batch->pending_bytes = 0;
  if (!last)
    return;
  if (batch->with_kernels <= 1)
    for (guint i = batch->first_kernel; i < kernels->len; i++)
      {
        CuoccKernel *k = &g_array_index (kernels, CuoccKernel, i);

        _cuocc_import_set_string (&k->file, batch->file);
      }
  g_ptr_array_unref (batch->pending);
}

static void
add_module (Reader *reader, Batch *batch, const guint8 *data, gsize len, const char *section, gsize offset)
{
  Module *m = g_new0 (Module, 1);

  m->data = data;
  m->len = len;
  m->section = section;
  m->offset = offset;
  m->file = g_strdup (batch->file);
  m->reader = reader;
  g_ptr_array_add (batch->pending, m);
  batch->n_found++;
  batch->pending_bytes += len;
  if (batch->pending->len >= BATCH_MODULES || batch->pending_bytes >= BATCH_BYTES)
    batch_flush (reader, batch, FALSE);
}

/* Fat binaries one after the other, 8-byte aligned, as in .nv_fatbin: what
 * is malformed is said, and what is there is read. */
static void
find_fatbins (Reader *reader, Batch *batch, const guint8 *data, gsize len, const char *section)
{
  gsize off = 0;
  gsize released = 0;

  while (off + FATBIN_HEADER_SIZE <= len && !reader->parser->truncated)
    {
      const guint8 *p = data + off;
      gsize avail = len - off;
      gsize header_size, size;

      if (!_cuocc_import_is_fatbin (p, avail))
        {
          off += 8;
          continue;
        }
      header_size = (gsize) read_le (p + 6, 2);
      size = (gsize) MIN (read_le (p + 8, 8), (guint64) G_MAXSIZE);
      if (header_size < FATBIN_HEADER_SIZE || header_size > avail)
        {
          note_problem (reader, batch->file, _("a fat binary with a malformed header"));
          return;
        }
      if (size > avail - header_size)
        {
          note_problem (reader, batch->file, _("a fat binary larger than the data that holds it; reading what is there"));
          size = avail - header_size;
        }
      reader->n_fatbins++;
      add_module (reader, batch, p, header_size + size, section, off);
      off += (header_size + size + 7) & ~(gsize) 7;
      if (off - released >= RELEASE_STEP && off <= len)
        {
          release_pages (reader, data + released, off - released);
          released = off;
        }
    }
  release_pages (reader, data + released, len - released);
}

/* Fat binaries among other data, anywhere: only those whose whole
 * structure checks out. */
static void
scan_fatbins (Reader *reader, Batch *batch, const guint8 *data, gsize len, const char *section)
{
  static const guint8 magic[4] = { 0x50, 0xed, 0x55, 0xba };
  const guint8 *p = data;
  const guint8 *end = data + len;
  const guint8 *released = data;
  /* Entry headers looked at: candidates that fail late could otherwise each
   * walk the same long chain of entries again. */
  gsize steps_left = 4 * (len / ENTRY_HEADER_SIZE) + 4096;

  /* in steps, giving the pages behind back */
  while ((gsize) (end - p) >= FATBIN_HEADER_SIZE && !reader->parser->truncated)
    {
      const guint8 *step_end = (gsize) (end - p) > RELEASE_STEP ? p + RELEASE_STEP : end;
      const guint8 *found = memmem (p, (gsize) (step_end - p), magic, 4);
      gsize size;

      if (found == NULL)
        {
          if (step_end == end)
            break;
          p = step_end - 3;        /* a magic across the step's end */
        }
      else if ((size = check_fatbin (found, (gsize) (end - found), &steps_left)) == 0)
        {
          if (steps_left == 0)
            {
              g_autofree char *message =
                g_strdup_printf (_("stopped looking for fat binaries in %s: too many that are none"), section);

              note_problem (reader, batch->file, message);
              break;
            }
          p = found + 1;
        }
      else
        {
          reader->n_fatbins++;
          add_module (reader, batch, found, size, section, (gsize) (found - data));
          p = found + size;
        }
      if (p > released && (gsize) (p - released) >= RELEASE_STEP)
        {
          release_pages (reader, released, (gsize) (p - released));
          released = p;
        }
    }
  release_pages (reader, released, (gsize) (end - released));
}

/* Reads the pending fat binaries of a file, on several threads when they
 * are many, and adds their kernels in file order, each kernel's file naming
 * its fat binary (batch_flush names the file instead where it has only one
 * with kernels). */
static void
read_modules (Reader *reader, Batch *batch)
{
  CuoccImportParser *parser = reader->parser;
  GPtrArray *modules = batch->pending;
  guint n_threads = MIN (g_get_num_processors (), 8);

  if (modules->len > 1 && n_threads > 1 && batch->pending_bytes >= PARALLEL_MIN_BYTES)
    {
      GThreadPool *pool = g_thread_pool_new (read_module_task, NULL, (int) n_threads, FALSE, NULL);

      for (guint i = 0; i < modules->len; i++)
        g_thread_pool_push (pool, g_ptr_array_index (modules, i), NULL);
      g_thread_pool_free (pool, FALSE, TRUE);
    }
  else
    for (guint i = 0; i < modules->len; i++)
      read_module (g_ptr_array_index (modules, i));

  for (guint i = 0; i < modules->len; i++)
    {
      Module *m = g_ptr_array_index (modules, i);
      GArray *kernels = m->parser->kernels;
      g_autofree char *label = module_label (m);

      if (m->first_error != NULL)
        note_error (reader, g_steal_pointer (&m->first_error));
      parser->n_helpers += m->parser->n_helpers;
      parser->n_skipped_entries += m->parser->n_skipped_entries;
      for (guint j = 0; j < m->parser->skipped->len && parser->skipped->len < CUOCC_IMPORT_MAX_SKIPPED_NOTES; j++)
        g_ptr_array_add (parser->skipped, g_strdup (g_ptr_array_index (m->parser->skipped, j)));
      parser->truncated |= m->parser->truncated;
      batch->with_kernels += kernels->len > 0;
      for (guint j = 0; j < kernels->len; j++)
        {
          CuoccKernel *k = &g_array_index (kernels, CuoccKernel, j);

          _cuocc_import_set_string (&k->file, label);
          if (_cuocc_import_add_kernel (parser, k) < 0)
            {
              for (guint rest = j + 1; rest < kernels->len; rest++)
                _cuocc_import_kernel_clear (&g_array_index (kernels, CuoccKernel, rest));
              break;
            }
        }
      g_array_set_size (kernels, 0);
    }
}

/* ----- host files ----- */

static gboolean
is_fatbin_section (const char *name)
{
  return strcmp (name, ".nv_fatbin") == 0 || strcmp (name, "__nv_relfatbin") == 0;
}

/* Sections that may hold fat binaries a program loads itself: data, not
 * code, symbols, relocations or debugging information. */
static gboolean
may_hold_fatbins (const GElf_Shdr *shdr, const char *name)
{
  return shdr->sh_type == SHT_PROGBITS && (shdr->sh_flags & SHF_EXECINSTR) == 0 &&
         !g_str_has_prefix (name, ".debug") && !g_str_has_prefix (name, ".zdebug") &&
         shdr->sh_size >= FATBIN_HEADER_SIZE + ENTRY_HEADER_SIZE;
}

static void
read_host_elf (Reader *reader, const guint8 *data, gsize len, const char *file)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  Elf *elf = _cuocc_import_elf_open (data, len, file, &error);
  Elf_Scn *scn = NULL;
  size_t shstrndx;
  Batch batch;

  if (elf == NULL)
    {
      note_error (reader, g_steal_pointer (&error));
      return;
    }
  batch_init (&batch, reader->parser, file);
  elf_getshdrstrndx (elf, &shstrndx);
  while ((scn = elf_nextscn (elf, scn)) != NULL && !reader->parser->truncated)
    {
      GElf_Shdr shdr;
      const guint8 *bytes;
      const char *name;
      gsize size;
      gboolean fatbin_section;

      if (gelf_getshdr (scn, &shdr) == NULL)
        continue;
      name = _cuocc_import_elf_section_name (elf, shstrndx, &shdr);
      fatbin_section = is_fatbin_section (name);
      if (!fatbin_section && !may_hold_fatbins (&shdr, name))
        continue;
      bytes = _cuocc_import_elf_section_bytes (data, len, &shdr, &size);
      if (bytes == NULL)
        {
          if (fatbin_section)
            note_problem (reader, file, _("the fat binary section lies outside the file"));
          continue;
        }
      /* the name outlives libelf's handle */
      g_ptr_array_add (names, g_strdup (name));
      name = g_ptr_array_index (names, names->len - 1);
      if (fatbin_section)
        find_fatbins (reader, &batch, bytes, size, name);
      else
        scan_fatbins (reader, &batch, bytes, size, name);
    }
  batch_flush (reader, &batch, TRUE);
  elf_end (elf);
  if (batch.n_found == 0)
    note_problem (reader, file, _("no CUDA device code: the ELF file has no .nv_fatbin or __nv_relfatbin "
                                  "section, nor a fat binary in any other section"));
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
  ar = _cuocc_import_elf_memory (data, len);
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

      if (!_cuocc_import_read_cubin (reader->parser, data, len, file, NULL, &error))
        note_error (reader, error);
    }
  else if (_cuocc_import_is_elf (data, len))
    read_host_elf (reader, data, len, file);
  else if (_cuocc_import_is_archive (data, len))
    read_archive (reader, data, len, file);
  else if (_cuocc_import_is_fatbin (data, len))
    {
      Batch batch;

      batch_init (&batch, reader->parser, file);
      find_fatbins (reader, &batch, data, len, NULL);
      batch_flush (reader, &batch, TRUE);
    }
  else
    return FALSE;
  return TRUE;
}

gboolean
_cuocc_import_read_binary (CuoccImportParser *parser, const guint8 *data, gsize len,
                          const char *file, GError **error)
{
  Reader reader = { parser, NULL, 0, 0, parser->mapped, 0, 0 };
  guint before = parser->kernels->len;

  reader.budget_total = (gint64) MAX (MIN_BUDGET, (guint64) MIN (len, G_MAXINT64 / BUDGET_FACTOR) * BUDGET_FACTOR);
  reader.budget = reader.budget_total;
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

/* ----- the reader ----- */

/* Anything that may hold fat binaries: a fat binary, a host ELF file
 * (object, library, executable) or an archive of them. A cubin is the cubin
 * format's, though this reader reads it too. */
ImportSniff
_cuocc_import_fatbin_sniff (const guint8 *data, gsize len, gboolean folder)
{
  if (folder)
    return IMPORT_SNIFF_NO;
  if ((_cuocc_import_is_elf (data, len) && _cuocc_import_cubin_sniff (data, len, FALSE) == IMPORT_SNIFF_NO) ||
      _cuocc_import_is_archive (data, len) || _cuocc_import_is_fatbin (data, len))
    return IMPORT_SNIFF_SURE;
  return IMPORT_SNIFF_NO;
}

/* Cubins, fat binaries, host ELF files and archives, mapped or kept whole. */
const ImportReader _cuocc_import_binary_reader = {
  .read = _cuocc_import_read_binary,
  .streamed = TRUE,
};
