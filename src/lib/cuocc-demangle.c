/* cuocc-demangle.c — kernel names through GNU libiberty's demangler
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Compilers and profilers print CUDA kernels by their mangled names. Why
 * libiberty's cplus_demangle_v3_callback () rather than a demangler of our
 * own: it is the demangler of c++filt, gdb and binutils, kept by the GCC
 * project against every name GCC (and so nvcc's host compiler) mangles. The
 * small one written here before read three kernels in four and gave up on
 * what real libraries hold (CUTLASS and xmma templates with enable_if
 * returns, expressions as template arguments, template parameters and back
 * references past T9_ and S9_): a fifth of cuBLASLt's names stayed mangled.
 * This prints what `c++filt --no-recurse-limit` prints, by construction.
 * libiberty (cp-demangle.c) is LGPL-2.1-or-later with a linking exception,
 * which GPL-3.0-or-later code may link; Debian's libiberty-dev ships it as a
 * position-independent static archive, linked into libcuocc.so with its
 * symbols kept out of the library's exports (src/lib/meson.build).
 *
 * Every input is untrusted, and DMGL_NO_RECURSE_LIMIT (which real names of
 * more than 1,024 characters need: without it libiberty refuses any name of
 * more than DEMANGLE_RECURSION_LIMIT / 2 characters) leaves libiberty's
 * recursion unbounded. So the bounds are ours:
 *   - a name of more than DM_MAX_INPUT bytes is not demangled. libiberty
 *     makes at most two components per byte of the name and its parser and
 *     printer recurse at most once per component, so this bounds the depth
 *     of both recursions (and the stack arrays libiberty sizes from the
 *     length): test-import's demangle/deep checks a worst case of each kind
 *     on a thread with a 1 MiB stack;
 *   - the callback interface allocates nothing on the heap, and its printer
 *     hands us the text in pieces: once the text passes DM_MAX_OUTPUT (back
 *     references can double it at each step) we leave libiberty with
 *     longjmp (), which unwinds nothing but its stack frames, so that the
 *     time taken is bounded by the text printed.
 */
#include "config.h"

#include <setjmp.h>
#include <string.h>

#include <libiberty/demangle.h>

#include "cuocc.h"

/* Real kernel names reach 2,198 bytes (cuBLASLt); twice that is allowed. */
#define DM_MAX_INPUT   4096
/* What is shown of a name: real ones demangle to up to ~40 KB. */
#define DM_MAX_OUTPUT  (64 * 1024)

typedef struct {
  GString *text;
  jmp_buf too_long;
} Sink;

static void
sink_append (const char *piece, size_t len, void *data)
{
  Sink *sink = data;

  if (sink->text->len + len > DM_MAX_OUTPUT)
    longjmp (sink->too_long, 1);
  g_string_append_len (sink->text, piece, len);
}

/* Nothing here changes after setjmp (), so that nothing is clobbered. */
static gboolean
demangle_into (const char *mangled, Sink *sink)
{
  if (setjmp (sink->too_long) != 0)
    return FALSE;
  return cplus_demangle_v3_callback (mangled, DMGL_PARAMS | DMGL_ANSI | DMGL_VERBOSE | DMGL_NO_RECURSE_LIMIT,
                                     sink_append, sink) != 0;
}

/* nvcc names a static __global__ function (or one in an anonymous
 * namespace) "__nv_static_" LEN "_" TAG "_" MANGLED, TAG being LEN
 * characters that say the translation unit ("_a1051d01_4_s_cu_d589cb60"
 * for s.cu): the mangled name it prefixes, or NULL. */
static const char *
skip_nv_static (const char *name)
{
  const char *p;
  guint64 len;
  char *end;

  if (!g_str_has_prefix (name, "__nv_static_"))
    return NULL;
  p = name + strlen ("__nv_static_");
  if (!g_ascii_isdigit (*p))
    return NULL;
  len = g_ascii_strtoull (p, &end, 10);
  if (*end != '_' || len > strlen (end + 1))
    return NULL;
  p = end + 1 + len;
  return *p == '_' ? p + 1 : NULL;
}

/**
 * cuocc_demangle:
 * @mangled: a symbol name as a compiler or profiler prints it
 *
 * A static kernel's name, which nvcc prefixes with "__nv_static_" and a
 * tag of its translation unit, is demangled without the prefix.
 *
 * Demangles as `c++filt --no-recurse-limit` does (GNU libiberty's
 * demangler), for names of up to 4,096 bytes whose demangled text is at
 * most 64 KiB.
 *
 * Returns: (transfer full) (nullable): the demangled name, or %NULL when
 * @mangled is no Itanium C++ name or passes those bounds.
 */
char *
cuocc_demangle (const char *mangled)
{
  g_autoptr (GString) text = NULL;
  Sink sink;
  const char *unprefixed;
  gsize len;

  g_return_val_if_fail (mangled != NULL, NULL);

  if ((unprefixed = skip_nv_static (mangled)) != NULL)
    mangled = unprefixed;
  len = strlen (mangled);
  /* Only C++ names: libiberty would also take "_GLOBAL__" and Java names. */
  if (len < 3 || len > DM_MAX_INPUT || strncmp (mangled, "_Z", 2) != 0)
    return NULL;

  text = g_string_sized_new (len * 2);
  sink.text = text;
  if (!demangle_into (mangled, &sink) || text->len == 0 || memchr (text->str, '\0', text->len) != NULL
      || !g_utf8_validate (text->str, text->len, NULL))
    return NULL;
  return g_string_free (g_steal_pointer (&text), FALSE);
}
