/* cuocc-import-cubin.c — kernels read from the ELF files ptxas writes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A cubin is an ELF file (machine EM_CUDA) with one .text.<name> section per
 * function. What this reader takes from it, worked out by compiling kernels
 * with nvcc 13 and comparing with ptxas -v:
 *
 *   - the architecture: the ELF header's e_flags (the SM number in bits 0–7
 *     up to ABI version 7, in bits 8–15 from ABI version 8 on); the `a` and
 *     `f` variants only from the ptxas command line that the .note.nv.tkinfo
 *     note records ("-arch sm_100f"), or an `a` from .nv.compat;
 *   - kernels: function symbols whose st_other has STO_CUDA_ENTRY; the other
 *     functions of a kernel's .text section are device functions (counted in
 *     the list's n_helpers, never a row);
 *   - .nv.info: records of {format, attribute, size or value} that give per
 *     symbol the register count and stack frame, and .nv.info.<name> (its
 *     sh_info is the function's .text section) what the kernel declares:
 *     launch bounds, required block size, cluster dimensions, register limit
 *     and named barriers;
 *   - .nv.shared.<name> and .nv.constant0.<name>: their sizes are the static
 *     shared memory (less the runtime's reserve where ptxas put it there: see
 *     kernel_smem) and the constant bank 0; older cubins keep the registers
 *     in the top byte of the .text section's sh_info and the barriers in its
 *     sh_flags.
 *
 * ptxas does not record spill stores and loads, nor the launch bounds'
 * minimum blocks per SM (it only lowers the register limit for them): those
 * stay unknown. libelf reads the headers and checks the offsets it uses; the
 * header, the section count and every record are checked here too, since
 * the data is untrusted.
 */
#define _GNU_SOURCE              /* memmem */
#include "config.h"

#include <string.h>

#include <gelf.h>
#include <glib/gi18n-lib.h>

#include "cuocc-import-private.h"

#define EM_CUDA_MACHINE   190
#define STO_CUDA_ENTRY    0x10

/* .nv.info record formats and the attributes read */
enum {
  EIFMT_NVAL = 1,                  /* no value */
  EIFMT_BVAL = 2,                  /* a byte in the size field */
  EIFMT_HVAL = 3,                  /* 16 bits in the size field */
  EIFMT_SVAL = 4,                  /* size bytes follow */
};

enum {
  EIATTR_MAX_THREADS = 0x05,
  EIATTR_PARAM_CBANK = 0x0a,
  EIATTR_REQNTID = 0x10,
  EIATTR_FRAME_SIZE = 0x11,
  EIATTR_CBANK_PARAM_SIZE = 0x19,
  EIATTR_MAXREG_COUNT = 0x1b,
  EIATTR_REGCOUNT = 0x2f,
  EIATTR_CUDA_API_VERSION = 0x37,  /* the toolkit of ptxas: 118 for CUDA 11.8, 130 for 13.0 */
  EIATTR_CTA_PER_CLUSTER = 0x3d,
  EIATTR_NUM_BARRIERS = 0x4c,
  EIATTR_COMPAT_ARCH_SPECIFIC = 0x09, /* in .nv.compat: 1 for sm_XXa code */
};

/* What one .text section's function declares and uses. */
typedef struct {
  int regs;
  int barriers;
  gint64 smem;
  gint64 cmem;
  gint64 frame;
  gint64 max_threads;
  gint64 reqntid;
  int max_regs;
  int cluster[3];
  int api_version;                 /* EIATTR_CUDA_API_VERSION; 0: not recorded */
  gboolean has_params;             /* .nv.info.<name> describes kernel parameters */
  gboolean own_regs;               /* regs and frame from the records of the function */
  gboolean own_frame;              /*   the section is named after (see global_record) */
} Func;

typedef struct {
  const guint8 *data;
  gsize len;
  Elf *elf;
  size_t n_sections;
  size_t shstrndx;
  Func *funcs;                     /* by section index */
  Elf_Data *syms;
  size_t symstrndx;                /* the symbols' names' section */
  gboolean reserved_smem;          /* a .nv.shared.reserved.* section: see kernel_smem */
  guint n_without_regs;            /* kernels left out: no register count */
  gboolean any_entry_mark;         /* some function symbol has STO_CUDA_ENTRY */
  char *arch;
} Cubin;

/* ----- ELF ----- */

static gsize
read_uint (const guint8 *p, int bytes)
{
  guint64 v = 0;

  for (int i = bytes - 1; i >= 0; i--)
    v = (v << 8) | p[i];
  return (gsize) MIN (v, (guint64) G_MAXSIZE);
}

static void
set_parse_error (GError **error, const char *what, const char *message)
{
  g_autofree char *display = g_utf8_make_valid (what != NULL ? what : "", -1);

  if (what != NULL)
    g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_PARSE, "%s: %s", display, message);
  else
    g_set_error_literal (error, CUOCC_ERROR, CUOCC_ERROR_PARSE, message);
}

gboolean
_cuocc_import_is_elf (const guint8 *data, gsize len)
{
  return len >= 4 && memcmp (data, ELFMAG, SELFMAG) == 0;
}

/* Checks what libelf would trust: the class, the byte order, and that the
 * section header table lies inside the data with no more than
 * CUOCC_IMPORT_MAX_SECTIONS entries (libelf allocates per section). */
static gboolean
elf_check_header (const guint8 *data, gsize len, const char *what, GError **error)
{
  gboolean is64;
  gsize ehsize, shoff, shentsize, shnum;

  if (!_cuocc_import_is_elf (data, len) || len < EI_NIDENT)
    {
      set_parse_error (error, what, _("not an ELF file"));
      return FALSE;
    }
  if ((data[EI_CLASS] != ELFCLASS32 && data[EI_CLASS] != ELFCLASS64) || data[EI_DATA] != ELFDATA2LSB)
    {
      set_parse_error (error, what, _("unsupported ELF file: expected a 32- or 64-bit little-endian file"));
      return FALSE;
    }
  is64 = data[EI_CLASS] == ELFCLASS64;
  ehsize = is64 ? sizeof (Elf64_Ehdr) : sizeof (Elf32_Ehdr);
  if (len < ehsize)
    {
      set_parse_error (error, what, _("truncated ELF header"));
      return FALSE;
    }
  shoff = is64 ? read_uint (data + 40, 8) : read_uint (data + 32, 4);
  shentsize = read_uint (data + (is64 ? 58 : 46), 2);
  shnum = read_uint (data + (is64 ? 60 : 48), 2);
  if (shoff == 0)
    return TRUE;
  if (shentsize != (is64 ? sizeof (Elf64_Shdr) : sizeof (Elf32_Shdr)) || shoff > len || len - shoff < shentsize)
    {
      set_parse_error (error, what, _("the ELF section header table lies outside the file"));
      return FALSE;
    }
  if (shnum == 0)                   /* the count is in section 0's sh_size */
    shnum = is64 ? read_uint (data + shoff + 32, 8) : read_uint (data + shoff + 20, 4);
  if (shnum > CUOCC_IMPORT_MAX_SECTIONS)
    {
      g_autofree char *message =
        g_strdup_printf (_("the ELF file claims %llu sections; at most %d are read"),
                         (unsigned long long) shnum, CUOCC_IMPORT_MAX_SECTIONS);

      set_parse_error (error, what, message);
      return FALSE;
    }
  if ((len - shoff) / shentsize < shnum)
    {
      set_parse_error (error, what, _("the ELF section header table lies outside the file"));
      return FALSE;
    }
  return TRUE;
}

/* libelf over the bytes, which it only reads: the cast drops const for
 * elf_memory's prototype. */
Elf *
_cuocc_import_elf_memory (const guint8 *data, gsize len)
{
  static gsize initialized = 0;

  if (g_once_init_enter (&initialized))
    {
      elf_version (EV_CURRENT);
      g_once_init_leave (&initialized, 1);
    }
  return elf_memory ((char *) data, len);
}

Elf *
_cuocc_import_elf_open (const guint8 *data, gsize len, const char *what, GError **error)
{
  Elf *elf;
  size_t n;

  if (!elf_check_header (data, len, what, error))
    return NULL;
  elf = _cuocc_import_elf_memory (data, len);
  if (elf == NULL || elf_kind (elf) != ELF_K_ELF || elf_getshdrnum (elf, &n) != 0 || elf_getshdrstrndx (elf, &n) != 0)
    {
      g_autofree char *message = g_strdup_printf (_("malformed ELF file (%s)"), elf_errmsg (-1));

      set_parse_error (error, what, message);
      if (elf != NULL)
        elf_end (elf);
      return NULL;
    }
  return elf;
}

/* The bytes of a section with contents, checked against the data; NULL
 * (with *size 0) when the section has none or they lie outside. */
const guint8 *
_cuocc_import_elf_section_bytes (const guint8 *data, gsize len, const GElf_Shdr *shdr, gsize *size)
{
  *size = 0;
  if (shdr->sh_type == SHT_NOBITS || shdr->sh_offset > len || len - shdr->sh_offset < shdr->sh_size)
    return NULL;
  *size = (gsize) shdr->sh_size;
  return data + shdr->sh_offset;
}

const char *
_cuocc_import_elf_section_name (Elf *elf, size_t shstrndx, const GElf_Shdr *shdr)
{
  const char *name = elf_strptr (elf, shstrndx, shdr->sh_name);

  return name != NULL ? name : "";
}

/* ----- .nv.info ----- */

typedef void (*RecordFunc) (Cubin *cubin, gsize owner, int attr, int format,
                            const guint8 *value, gsize size, guint small);

/* Walks {format, attribute, u16} records; stops at a format it cannot size. */
static void
walk_records (Cubin *cubin, gsize owner, const guint8 *p, gsize size, RecordFunc func)
{
  const guint8 *end = p + size;

  while (end - p >= 4)
    {
      int format = p[0];
      int attr = p[1];
      guint small = (guint) read_uint (p + 2, 2);

      p += 4;
      if (format == EIFMT_SVAL)
        {
          if ((gsize) (end - p) < small)
            return;
          func (cubin, owner, attr, format, p, small, small);
          p += small;
        }
      else if (format == EIFMT_NVAL || format == EIFMT_BVAL || format == EIFMT_HVAL)
        func (cubin, owner, attr, format, NULL, 0, small);
      else
        return;
    }
}

static gint64
dims_product (const guint8 *value, gsize size)
{
  gint64 product = 1;

  if (size < 12)
    return CUOCC_IMPORT_UNKNOWN;
  /* saturated at G_MAXINT: three 32-bit factors overflow 64 bits */
  for (int i = 0; i < 3; i++)
    product = MIN (product, (gint64) G_MAXINT) * (gint64) read_uint (value + 4 * i, 4);
  return MIN (product, (gint64) G_MAXINT);
}

/* Whether the symbol is the function its .text section is named after. */
static gboolean
names_its_section (const Cubin *cubin, const GElf_Sym *sym)
{
  Elf_Scn *scn = elf_getscn (cubin->elf, sym->st_shndx);
  const char *name = elf_strptr (cubin->elf, cubin->symstrndx, sym->st_name);
  const char *section;
  GElf_Shdr shdr;

  if (scn == NULL || name == NULL || gelf_getshdr (scn, &shdr) == NULL)
    return FALSE;
  section = _cuocc_import_elf_section_name (cubin->elf, cubin->shstrndx, &shdr);
  return g_str_has_prefix (section, ".text.") && strcmp (section + strlen (".text."), name) == 0;
}

/* A global .nv.info record: {symbol index, value} for one function. The
 * figures are kept by section, and the device functions ptxas keeps in a
 * kernel's own .text section (see is_entry) have records of their own
 * (nvcc 13 writes their frame sizes before the kernel's): the record of
 * the function the section is named after wins whatever the order, so
 * that a kernel never shows a helper's registers or frame. */
static void
global_record (Cubin *cubin, gsize owner, int attr, int format,
               const guint8 *value, gsize size, guint small)
{
  GElf_Sym sym;
  gsize index, figure;
  gboolean own;
  Func *f;

  if (format != EIFMT_SVAL || size < 8 || cubin->syms == NULL)
    return;
  index = read_uint (value, 4);
  figure = read_uint (value + 4, 4);
  if (index > G_MAXINT || gelf_getsym (cubin->syms, (int) index, &sym) == NULL || sym.st_shndx >= cubin->n_sections)
    return;
  f = &cubin->funcs[sym.st_shndx];
  if (attr != EIATTR_REGCOUNT && attr != EIATTR_FRAME_SIZE)
    return;
  own = names_its_section (cubin, &sym);
  if (attr == EIATTR_REGCOUNT && (own || !f->own_regs))
    {
      f->regs = _cuocc_import_clamp_int ((gint64) figure);
      f->own_regs = own;
    }
  else if (attr == EIATTR_FRAME_SIZE && (own || !f->own_frame))
    {
      f->frame = (gint64) figure;
      f->own_frame = own;
    }
}

static void
function_record (Cubin *cubin, gsize text, int attr, int format,
                 const guint8 *value, gsize size, guint small)
{
  Func *f = &cubin->funcs[text];

  switch (attr)
    {
    case EIATTR_MAX_THREADS:
      f->max_threads = dims_product (value, size);
      break;
    case EIATTR_REQNTID:
      f->reqntid = dims_product (value, size);
      break;
    case EIATTR_MAXREG_COUNT:
      /* 255 is the architecture's own limit: nothing was declared. */
      if (format == EIFMT_HVAL && small < 255)
        f->max_regs = (int) small;
      break;
    case EIATTR_NUM_BARRIERS:
      if (format == EIFMT_BVAL || format == EIFMT_HVAL)
        f->barriers = (int) (small & 0xff);
      break;
    case EIATTR_CTA_PER_CLUSTER:
      if (size >= 12)
        for (int i = 0; i < 3; i++)
          f->cluster[i] = _cuocc_import_clamp_int ((gint64) read_uint (value + 4 * i, 4));
      break;
    case EIATTR_CUDA_API_VERSION:
      if (size >= 4)
        f->api_version = _cuocc_import_clamp_int ((gint64) read_uint (value, 4));
      break;
    case EIATTR_PARAM_CBANK:
    case EIATTR_CBANK_PARAM_SIZE:
      f->has_params = TRUE;
      break;
    default:
      break;
    }
}

/* ----- architecture ----- */

/* "-arch sm_100f" in the ptxas (or nvlink) command line of .note.nv.tkinfo:
 * the suffix of the SM number sm, or "" when the note does not say. */
static const char *
tkinfo_suffix (const guint8 *bytes, gsize size, guint sm)
{
  static const char key[] = "-arch sm_";
  const guint8 *p = bytes;
  const guint8 *end = bytes + size;

  while ((p = memmem (p, (gsize) (end - p), key, sizeof key - 1)) != NULL)
    {
      guint n = 0;
      int digits = 0;

      p += sizeof key - 1;
      for (; p < end && g_ascii_isdigit (*p) && digits < 4; p++, digits++)
        n = n * 10 + (guint) (*p - '0');
      if (n == sm && digits > 0 && p < end && (*p == 'a' || *p == 'f'))
        return *p == 'a' ? "a" : "f";
      if (n == sm)
        return "";
    }
  return "";
}

static gboolean
compat_arch_specific (const guint8 *p, gsize size)
{
  const guint8 *end = p + size;

  while (end - p >= 4)
    {
      guint small = (guint) read_uint (p + 2, 2);

      if (p[0] == EIFMT_SVAL)
        {
          if ((gsize) (end - p - 4) < small)
            return FALSE;
          p += 4 + small;
          continue;
        }
      if (p[0] < EIFMT_NVAL || p[0] > EIFMT_HVAL)
        return FALSE;
      if (p[1] == EIATTR_COMPAT_ARCH_SPECIFIC)
        return (small & 0xff) == 1;
      p += 4;
    }
  return FALSE;
}

static guint
header_sm (const guint8 *data)
{
  guint32 flags = (guint32) read_uint (data + (data[EI_CLASS] == ELFCLASS64 ? 48 : 36), 4);

  return data[EI_ABIVERSION] >= 8 ? (flags >> 8) & 0xff : flags & 0xff;
}

/* ----- reading ----- */

static void
func_init (Func *f)
{
  f->regs = f->barriers = f->max_regs = CUOCC_IMPORT_UNKNOWN;
  f->smem = f->cmem = f->frame = f->max_threads = f->reqntid = CUOCC_IMPORT_UNKNOWN;
  f->cluster[0] = f->cluster[1] = f->cluster[2] = 0;
  f->api_version = 0;
  f->has_params = FALSE;
  f->own_regs = f->own_frame = FALSE;
}

/* One pass over the sections: what each says about the function of the
 * .text section its sh_info names. Returns the symbol table's index, or 0. */
static size_t
read_sections (Cubin *cubin, const char **suffix)
{
  size_t symtab = 0;
  gboolean arch_specific = FALSE;
  Elf_Scn *scn = NULL;

  *suffix = NULL;
  while ((scn = elf_nextscn (cubin->elf, scn)) != NULL)
    {
      GElf_Shdr shdr;
      const char *name;
      const guint8 *bytes;
      gsize size;
      size_t owner;

      if (gelf_getshdr (scn, &shdr) == NULL)
        continue;
      name = _cuocc_import_elf_section_name (cubin->elf, cubin->shstrndx, &shdr);
      bytes = _cuocc_import_elf_section_bytes (cubin->data, cubin->len, &shdr, &size);
      owner = shdr.sh_info;
      if (shdr.sh_type == SHT_SYMTAB && symtab == 0)
        symtab = elf_ndxscn (scn);
      else if (strcmp (name, ".note.nv.tkinfo") == 0 && bytes != NULL && *suffix == NULL)
        *suffix = tkinfo_suffix (bytes, size, header_sm (cubin->data));
      else if (strcmp (name, ".nv.compat") == 0 && bytes != NULL)
        arch_specific = compat_arch_specific (bytes, size);
      else if (g_str_has_prefix (name, ".nv.shared.reserved."))
        cubin->reserved_smem = TRUE;
      else if (owner == 0 || owner >= cubin->n_sections)
        continue;
      else if (g_str_has_prefix (name, ".nv.info.") && bytes != NULL)
        walk_records (cubin, owner, bytes, size, function_record);
      else if (g_str_has_prefix (name, ".nv.shared."))
        cubin->funcs[owner].smem = (gint64) MIN (shdr.sh_size, (guint64) MAX_FIGURE);
      else if (g_str_has_prefix (name, ".nv.constant0.") && bytes != NULL)
        cubin->funcs[owner].cmem = (gint64) size;
    }
  if (*suffix == NULL || (**suffix == '\0' && arch_specific))
    *suffix = arch_specific ? "a" : "";
  return symtab;
}

static void
read_global_info (Cubin *cubin)
{
  Elf_Scn *scn = NULL;

  while ((scn = elf_nextscn (cubin->elf, scn)) != NULL)
    {
      GElf_Shdr shdr;
      const guint8 *bytes;
      gsize size;

      if (gelf_getshdr (scn, &shdr) == NULL ||
          strcmp (_cuocc_import_elf_section_name (cubin->elf, cubin->shstrndx, &shdr), ".nv.info") != 0)
        continue;
      bytes = _cuocc_import_elf_section_bytes (cubin->data, cubin->len, &shdr, &size);
      if (bytes != NULL)
        walk_records (cubin, 0, bytes, size, global_record);
    }
}

/* Older cubins: registers in the top byte of sh_info, barriers in sh_flags. */
static void
read_text_header (Cubin *cubin, Func *f, const GElf_Shdr *text)
{
  if (f->regs < 0 && (text->sh_info >> 24) != 0)
    f->regs = (int) (text->sh_info >> 24);
  if (f->barriers < 0)
    f->barriers = (int) ((text->sh_flags >> 20) & 0x7f);
}

/* Where ptxas lays the runtime's reserved shared memory (1 KB) out itself, a
 * kernel's .nv.shared section starts with that reserve whenever it has one at
 * all; ptxas -v and cuobjdump leave it out, and so does the model, which adds
 * it itself. Worked out from the cubins of tests/import/data/binary/cuda118:
 *   - CUDA 12 and later mark it with a .nv.shared.reserved.* section (sm_90
 *     on; sm_80's sections hold no reserve);
 *   - CUDA 11.8's ptxas, the only CUDA 11 that writes sm_90, puts the reserve
 *     into sm_90 kernels' sections too (3,008 bytes of arrays: a 4,032-byte
 *     section) but writes no such section. What tells its cubins apart is
 *     the toolkit version each kernel's .nv.info records
 *     (EIATTR_CUDA_API_VERSION: 118; CUDA 13 writes 130). */
static gboolean
smem_holds_reserve (const Cubin *cubin, const Func *f, int major)
{
  if (cubin->reserved_smem)
    return TRUE;
  return major >= 9 && f->api_version > 0 && f->api_version < 120;
}

static gint64
kernel_smem (Cubin *cubin, const Func *f, int major, int minor)
{
  const CuoccCapability *cap;

  if (f->smem <= 0)
    return 0;                       /* no .nv.shared.<name>: the kernel has none */
  if (!smem_holds_reserve (cubin, f, major))
    return f->smem;
  cap = cuocc_capability_lookup (major, minor);
  if (cap == NULL || f->smem < cap->smem_reserved_per_block)
    return CUOCC_IMPORT_UNKNOWN;
  return f->smem - cap->smem_reserved_per_block;
}

static void
add_function (CuoccImportParser *parser, Cubin *cubin, const char *mangled, size_t text,
              const char *file, const char *entry)
{
  Func *f = &cubin->funcs[text];
  CuoccKernel k;

  _cuocc_import_kernel_init (&k);
  _cuocc_import_kernel_set_name (&k, mangled);
  _cuocc_import_kernel_set_arch (&k, cubin->arch);
  k.format = entry != NULL ? CUOCC_IMPORT_FORMAT_FATBIN : CUOCC_IMPORT_FORMAT_CUBIN;
  _cuocc_import_set_string (&k.file, file);
  _cuocc_import_set_string (&k.entry, entry);
  k.regs = f->regs;
  k.barriers = f->barriers;
  k.smem = kernel_smem (cubin, f, k.cc_major, k.cc_minor);
  k.cmem = f->cmem;
  k.stack = f->frame;
  k.max_regs = f->max_regs;
  if (f->max_threads > 0 || f->reqntid > 0)
    k.max_threads = _cuocc_import_clamp_int (f->reqntid > 0 && (f->max_threads <= 0 || f->reqntid < f->max_threads)
                                            ? f->reqntid : f->max_threads);
  memcpy (k.cluster_dims, f->cluster, sizeof k.cluster_dims);
  _cuocc_import_add_kernel (parser, &k);
}

/* Whether a function symbol is a kernel. ptxas marks entries with
 * STO_CUDA_ENTRY in st_other; the device functions it keeps beside a kernel
 * in the kernel's own .text section (WEAK runtime helpers such as
 * $__internal_0_$__cuda_sm20_div_rn_f64_full, LOCAL ones such as
 * $_Z5heavyPKdPdi$__internal_trig_reduction_slowpathd) have no mark, and
 * share the section's .nv.info.<name>. Only for a cubin that marks no symbol
 * at all is the kernel the global function the section is named after whose
 * .nv.info.<name> describes parameters. */
static gboolean
is_entry (const Cubin *cubin, const GElf_Sym *sym, const char *name, const char *section)
{
  if (cubin->any_entry_mark)
    return (sym->st_other & STO_CUDA_ENTRY) != 0;
  return GELF_ST_BIND (sym->st_info) == STB_GLOBAL && strcmp (section + strlen (".text."), name) == 0 &&
         cubin->funcs[sym->st_shndx].has_params;
}

static guint
read_kernels (CuoccImportParser *parser, Cubin *cubin, size_t symtab, const char *file, const char *entry)
{
  Elf_Scn *scn = elf_getscn (cubin->elf, symtab);
  Elf_Data *syms = cubin->syms;
  GElf_Shdr symtab_shdr;
  guint added = 0;
  gsize n_syms;

  if (syms == NULL || gelf_getshdr (scn, &symtab_shdr) == NULL || symtab_shdr.sh_entsize == 0)
    return 0;
  n_syms = syms->d_size / gelf_fsize (cubin->elf, ELF_T_SYM, 1, EV_CURRENT);
  for (gsize i = 1; i < n_syms && i <= G_MAXINT && !cubin->any_entry_mark; i++)
    {
      GElf_Sym sym;

      if (gelf_getsym (syms, (int) i, &sym) != NULL && GELF_ST_TYPE (sym.st_info) == STT_FUNC &&
          (sym.st_other & STO_CUDA_ENTRY) != 0)
        cubin->any_entry_mark = TRUE;
    }
  for (gsize i = 1; i < n_syms && i <= G_MAXINT; i++)
    {
      GElf_Sym sym;
      GElf_Shdr text;
      Elf_Scn *text_scn;
      const char *name;
      const char *section;

      if (gelf_getsym (syms, (int) i, &sym) == NULL || GELF_ST_TYPE (sym.st_info) != STT_FUNC ||
          sym.st_shndx == SHN_UNDEF || sym.st_shndx >= cubin->n_sections)
        continue;
      text_scn = elf_getscn (cubin->elf, sym.st_shndx);
      if (text_scn == NULL || gelf_getshdr (text_scn, &text) == NULL)
        continue;
      section = _cuocc_import_elf_section_name (cubin->elf, cubin->shstrndx, &text);
      if (!g_str_has_prefix (section, ".text."))
        continue;
      name = elf_strptr (cubin->elf, symtab_shdr.sh_link, sym.st_name);
      if (name == NULL || *name == '\0')
        continue;
      if (!is_entry (cubin, &sym, name, section))
        {
          parser->n_helpers++;      /* a device function, not a kernel */
          continue;
        }
      read_text_header (cubin, &cubin->funcs[sym.st_shndx], &text);
      /* ptxas always records them: without, the file is damaged, and an
       * occupancy worked out from it would be a guess. */
      if (cubin->funcs[sym.st_shndx].regs < 0)
        {
          cubin->n_without_regs++;
          continue;
        }
      add_function (parser, cubin, name, sym.st_shndx, file, entry);
      added++;
      if (parser->truncated)
        break;
    }
  return added;
}

gboolean
_cuocc_import_read_cubin (CuoccImportParser *parser, const guint8 *data, gsize len,
                         const char *file, const char *entry, GError **error)
{
  Cubin cubin = { data, len, NULL, 0, 0, NULL, NULL, 0, FALSE, 0, FALSE, NULL };
  const char *what = entry != NULL ? entry : file;
  const char *suffix;
  size_t symtab;
  guint added;

  g_return_val_if_fail (parser != NULL, FALSE);
  g_return_val_if_fail (data != NULL || len == 0, FALSE);

  cubin.elf = _cuocc_import_elf_open (data, len, what, error);
  if (cubin.elf == NULL)
    return FALSE;
  if (read_uint (data + EI_NIDENT + 2, 2) != EM_CUDA_MACHINE)
    {
      elf_end (cubin.elf);
      set_parse_error (error, what, _("an ELF file, but not a cubin (its machine is not EM_CUDA)"));
      return FALSE;
    }
  elf_getshdrnum (cubin.elf, &cubin.n_sections);
  elf_getshdrstrndx (cubin.elf, &cubin.shstrndx);
  cubin.funcs = g_new (Func, MAX (cubin.n_sections, 1));
  for (size_t i = 0; i < cubin.n_sections; i++)
    func_init (&cubin.funcs[i]);

  symtab = read_sections (&cubin, &suffix);
  if (symtab != 0)
    {
      GElf_Shdr symtab_shdr;

      cubin.syms = elf_getdata (elf_getscn (cubin.elf, symtab), NULL);
      if (gelf_getshdr (elf_getscn (cubin.elf, symtab), &symtab_shdr) != NULL)
        cubin.symstrndx = symtab_shdr.sh_link;
      read_global_info (&cubin);
    }
  cubin.arch = g_strdup_printf ("sm_%u%s", header_sm (data), suffix);
  added = cubin.syms != NULL ? read_kernels (parser, &cubin, symtab, file, entry) : 0;

  g_free (cubin.arch);
  g_free (cubin.funcs);
  elf_end (cubin.elf);
  if (added == 0 && !parser->truncated)
    {
      set_parse_error (error, what, cubin.n_without_regs > 0
                                      ? _("a damaged cubin: its kernels do not record their register counts")
                                      : _("a cubin without kernels"));
      return FALSE;
    }
  return TRUE;
}

/* ----- the format ----- */

/* An ELF file for the CUDA machine (e_machine EM_CUDA, 190, little-endian
 * at byte 18). Its reader is the binary reader (cuocc-import-fatbin.c),
 * which takes any binary and reads a cubin here. */
ImportSniff
_cuocc_import_cubin_sniff (const guint8 *data, gsize len, gboolean folder)
{
  if (!folder && _cuocc_import_is_elf (data, len) && len >= 20 && data[18] == 190 && data[19] == 0)
    return IMPORT_SNIFF_SURE;
  return IMPORT_SNIFF_NO;
}
