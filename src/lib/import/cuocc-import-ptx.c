/* cuocc-import-ptx.c — PTX: its kernels, and the module text ptxas assembles
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * PTX reaches cuocc in two ways: as a fat binary's PTX entry, and as a .ptx
 * file (nvcc -ptx, Numba, JAX, Triton). Either way each `.entry NAME` is a
 * kernel of code CUOCC_CODE_PTX, with the performance directives that sit
 * between its parameters and its body (.maxntid, .reqntid, .minnctapersm,
 * .maxnreg, .reqnctapercluster), and the kernels of one module share one
 * CuoccPtxModule: the text as the input stored it, compressed where it was
 * compressed, so that a library of 64 MB of PTX costs its compressed size
 * and nothing is decompressed until ptxas is asked to assemble it
 * (cuocc-ptxas.c). The module is a copy, never a pointer into the mapped
 * file: a file rewritten while the app holds its kernels would otherwise
 * turn a later read into SIGBUS.
 *
 * A .ptx file is read line by line, like a build log (it may come through a
 * pipe): from its `.version` line on, its lines are kept, up to
 * CUOCC_IMPORT_MAX_ENTRY bytes, and become the module at the end.
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "cuocc-import-private.h"

struct _CuoccPtxModule {
  gatomicrefcount ref;
  GBytes *stored;                  /* the text, or its compressed form */
  guint64 flags;                   /* the fat binary entry's compression flags; 0: text */
  gsize size;                      /* the text's size */
  char *arch;                      /* "compute_80", "compute_90a" */
};

/* ----- the module ----- */

CuoccPtxModule *
_cuocc_ptx_module_new (GBytes *stored, guint64 flags, gsize size, const char *arch)
{
  CuoccPtxModule *module = g_new0 (CuoccPtxModule, 1);

  g_atomic_ref_count_init (&module->ref);
  module->stored = g_bytes_ref (stored);
  module->flags = flags;
  module->size = size;
  module->arch = g_strdup (arch);
  return module;
}

/**
 * cuocc_ptx_module_ref:
 * @module: a module
 *
 * Returns: (transfer full): @module
 */
CuoccPtxModule *
cuocc_ptx_module_ref (CuoccPtxModule *module)
{
  g_return_val_if_fail (module != NULL, NULL);

  g_atomic_ref_count_inc (&module->ref);
  return module;
}

/**
 * cuocc_ptx_module_unref:
 * @module: (transfer full): a module
 */
void
cuocc_ptx_module_unref (CuoccPtxModule *module)
{
  g_return_if_fail (module != NULL);

  if (!g_atomic_ref_count_dec (&module->ref))
    return;
  g_bytes_unref (module->stored);
  g_free (module->arch);
  g_free (module);
}

/**
 * cuocc_ptx_module_get_arch:
 * @module: a module
 *
 * Returns: the virtual architecture the PTX is for ("compute_80")
 */
const char *
cuocc_ptx_module_get_arch (const CuoccPtxModule *module)
{
  g_return_val_if_fail (module != NULL, NULL);

  return module->arch;
}

/**
 * cuocc_ptx_module_get_size:
 * @module: a module
 *
 * Returns: the size of the PTX text in bytes
 */
gsize
cuocc_ptx_module_get_size (const CuoccPtxModule *module)
{
  g_return_val_if_fail (module != NULL, 0);

  return module->size;
}

/* The module as stored: what the cache key hashes (cuocc-ptxas-cache.c). */
GBytes *
_cuocc_ptx_module_get_stored (const CuoccPtxModule *module, guint64 *flags)
{
  *flags = module->flags;
  return module->stored;
}

/**
 * cuocc_ptx_module_get_text:
 * @module: a module
 * @error: return location for a #GError
 *
 * The PTX text, decompressed when the input stored it compressed.
 *
 * Returns: (transfer full) (nullable): the text, without a trailing NUL;
 *   %NULL with %CUOCC_ERROR_PARSE when it cannot be decompressed
 */
GBytes *
cuocc_ptx_module_get_text (const CuoccPtxModule *module, GError **error)
{
  g_autoptr (GBytes) text = NULL;
  const char *data;
  gsize len;
  const char *nul;

  g_return_val_if_fail (module != NULL, NULL);

  text = module->flags != 0 ? _cuocc_import_fatbin_inflate (module->stored, module->flags, module->size, error)
                            : g_bytes_ref (module->stored);
  if (text == NULL)
    return NULL;
  data = g_bytes_get_data (text, &len);
  /* A fat binary pads its PTX with NULs. */
  nul = len > 0 ? memchr (data, '\0', len) : NULL;
  if (nul != NULL)
    return g_bytes_new_from_bytes (text, 0, (gsize) (nul - data));
  return g_steal_pointer (&text);
}

/* ----- kernels of PTX text ----- */

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

/* The performance directives in [p, end), all before the entry's body. */
static void
read_directives (CuoccKernel *k, const char *p, const char *end)
{
  static const char *const names[] = { ".maxntid", ".reqntid", ".minnctapersm", ".maxnreg", ".reqnctapercluster" };

  for (; p < end; p++)
    {
      int dims[3];

      if (*p != '.')
        continue;
      for (guint i = 0; i < G_N_ELEMENTS (names); i++)
        {
          gsize n = strlen (names[i]);
          gint64 v;

          if ((gsize) (end - p) <= n || strncmp (p, names[i], n) != 0 || is_ident_char (p[n]))
            continue;
          v = read_dims (p + n, end, dims);
          if (v < 0)
            break;
          if (i <= 1)
            k->max_threads = k->max_threads > 0 ? MIN (k->max_threads, _cuocc_import_clamp_int (v))
                                                : _cuocc_import_clamp_int (v);
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

/* ".entry NAME" at p (p at the directive): the name's end, or NULL. */
static const char *
entry_name (const char *text, const char *p, const char *end, const char **name)
{
  static const char key[] = ".entry";
  gboolean starts_word = p == text || g_ascii_isspace (p[-1]);

  p += sizeof key - 1;
  if (!starts_word || p >= end || !g_ascii_isspace (*p))
    return NULL;
  *name = p = skip_space (p, end);
  while (p < end && is_ident_char (*p))
    p++;
  if (p == *name || p - *name > 4096)
    return NULL;
  return p;
}

static void
init_kernel (CuoccKernel *k, const char *name, gsize len, const char *arch, CuoccImportFormat format,
             const char *file, const char *entry)
{
  g_autofree char *mangled = g_strndup (name, len);

  _cuocc_import_kernel_init (k);
  _cuocc_import_kernel_set_name (k, mangled);
  _cuocc_import_kernel_set_arch (k, arch);
  k->format = format;
  k->code = CUOCC_CODE_PTX;
  _cuocc_import_set_string (&k->file, file);
  _cuocc_import_set_string (&k->entry, entry);
}

/* Every ".entry NAME" of a fat binary's PTX entry: its kernels, sharing module. */
guint
_cuocc_import_read_ptx_text (CuoccImportParser *parser, const char *text, gsize len, const char *arch,
                             const char *file, const char *entry, CuoccPtxModule *module)
{
  const char *end = text + len;
  const char *p = text;
  guint added = 0;

  while (p < end && (p = g_strstr_len (p, end - p, ".entry")) != NULL)
    {
      const char *name;
      const char *after = entry_name (text, p, end, &name);
      const char *body;
      CuoccKernel k;

      p += 6;
      if (after == NULL)
        continue;
      p = after;
      init_kernel (&k, name, (gsize) (after - name), arch, CUOCC_IMPORT_FORMAT_FATBIN, file, entry);
      body = memchr (p, '{', (gsize) (MIN (end, p + 64 * 1024) - p));
      if (body != NULL)
        read_directives (&k, p, body);
      if (module != NULL)
        k.ptx = cuocc_ptx_module_ref (module);
      _cuocc_import_add_kernel (parser, &k);
      added++;
      if (parser->truncated)
        break;
    }
  return added;
}

/* ----- .ptx files, line by line ----- */

typedef struct {
  GString *text;                   /* from the .version line on; NULL before it */
  char *arch;                      /* "compute_80", from .target */
  gboolean too_large;
  gboolean binary;                 /* a control character came before .version: no PTX file */
  guint skipped_lines;             /* the parser's count when .version came */
  guint n_kernels;
  int pending;                     /* the kernel whose directives come, or -1 */
} Ptx;

static gpointer
ptx_new (void)
{
  Ptx *ptx = g_new0 (Ptx, 1);

  ptx->pending = -1;
  return ptx;
}

static void
ptx_free (gpointer state)
{
  Ptx *ptx = state;

  if (ptx->text != NULL)
    g_string_free (ptx->text, TRUE);
  g_free (ptx->arch);
  g_free (ptx);
}

static gboolean
directive (const char *line, const char *name, const char **rest)
{
  gsize n = strlen (name);

  line = skip_space (line, line + strlen (line));
  if (strncmp (line, name, n) != 0 || !g_ascii_isspace (line[n]))
    return FALSE;
  *rest = skip_space (line + n, line + strlen (line));
  return TRUE;
}

/* ".target sm_80" → "compute_80"; ".target sm_90a, debug" → "compute_90a". */
static char *
target_arch (const char *rest)
{
  gsize n = 0;

  if (!g_str_has_prefix (rest, "sm_"))
    return NULL;
  while (g_ascii_isalnum (rest[3 + n]))
    n++;
  if (n == 0 || n > 8 || !g_ascii_isdigit (rest[3]))
    return NULL;
  return g_strdup_printf ("compute_%.*s", (int) n, rest + 3);
}

static void
ptx_line (CuoccImportParser *parser, gpointer state, const char *line)
{
  Ptx *ptx = state;
  const char *rest;
  const char *entry;

  if (ptx->too_large || ptx->binary)
    return;
  if (ptx->text == NULL)
    {
      /* The PTX inside an executable is no .ptx file: its ELF header
       * comes first. */
      for (const char *c = line; *c != '\0'; c++)
        if (((guchar) *c < 0x20 && *c != '\t') || *c == 0x7f)
          {
            ptx->binary = TRUE;
            return;
          }
      if (!directive (line, ".version", &rest))
        return;
      ptx->text = g_string_new (NULL);
      ptx->skipped_lines = parser->n_skipped_lines;
    }
  if (ptx->text->len + strlen (line) + 1 > CUOCC_IMPORT_MAX_ENTRY)
    {
      ptx->too_large = TRUE;
      return;
    }
  g_string_append (ptx->text, line);
  g_string_append_c (ptx->text, '\n');

  if (ptx->arch == NULL && directive (line, ".target", &rest))
    ptx->arch = target_arch (rest);
  if ((entry = strstr (line, ".entry")) != NULL && ptx->arch != NULL && !parser->truncated)
    {
      const char *name;
      const char *end = line + strlen (line);
      const char *after = entry_name (line, entry, end, &name);
      CuoccKernel k;
      int index;

      if (after != NULL)
        {
          init_kernel (&k, name, (gsize) (after - name), ptx->arch, CUOCC_IMPORT_FORMAT_PTX, NULL, NULL);
          index = _cuocc_import_add_kernel (parser, &k);
          if (index >= 0)
            {
              ptx->n_kernels++;
              ptx->pending = index;
            }
          line = after;
        }
    }
  if (ptx->pending >= 0)
    {
      const char *body = strchr (line, '{');
      CuoccKernel *k = &g_array_index (parser->kernels, CuoccKernel, ptx->pending);

      read_directives (k, line, body != NULL ? body : line + strlen (line));
      if (body != NULL)
        ptx->pending = -1;
    }
}

static CuoccImportFormat
ptx_seen (gconstpointer state)
{
  const Ptx *ptx = state;

  return ptx->text != NULL && ptx->arch != NULL ? CUOCC_IMPORT_FORMAT_PTX : CUOCC_IMPORT_FORMAT_UNKNOWN;
}

/* The kept text becomes the module of the kernels read; text that lost a
 * line (too long to read) or that passed the size limit is not handed to
 * ptxas, which would reject it or assemble something else. */
static void
ptx_finish (CuoccImportParser *parser, gpointer state)
{
  Ptx *ptx = state;
  g_autoptr (CuoccPtxModule) module = NULL;
  gsize len;

  if (ptx->n_kernels == 0)
    return;
  if (ptx->too_large || parser->n_skipped_lines != ptx->skipped_lines)
    {
      if (parser->skipped->len < CUOCC_IMPORT_MAX_SKIPPED_NOTES)
        g_ptr_array_add (parser->skipped,
                         g_strdup_printf (ptx->too_large ? _("PTX text beyond %u MiB: ptxas cannot assemble it")
                                                         : _("PTX text with lines too long to read: ptxas cannot "
                                                             "assemble it"),
                                          (guint) (CUOCC_IMPORT_MAX_ENTRY >> 20)));
      return;
    }
  len = ptx->text->len;
  {
    g_autoptr (GBytes) stored = g_string_free_to_bytes (g_steal_pointer (&ptx->text));

    module = _cuocc_ptx_module_new (stored, 0, len, ptx->arch);
  }
  /* By format rather than by index: another reader's finish may have
   * dropped kernels before these. */
  for (guint i = 0; i < parser->kernels->len; i++)
    {
      CuoccKernel *k = &g_array_index (parser->kernels, CuoccKernel, i);

      if (k->format == CUOCC_IMPORT_FORMAT_PTX && k->ptx == NULL)
        k->ptx = cuocc_ptx_module_ref (module);
    }
}

const ImportReader _cuocc_import_ptx_reader = {
  .state_new = ptx_new,
  .state_free = ptx_free,
  .line = ptx_line,
  .seen = ptx_seen,
  .finish = ptx_finish,
};
