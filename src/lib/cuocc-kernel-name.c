/* cuocc-kernel-name.c — a demangled kernel name shortened for a table's
 * row: the app's kernel column shows it, and its tests check it here.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cuocc-private.h"

/**
 * cuocc_kernel_short_name:
 * @name: a demangled kernel name
 *
 * The name as a table row shows it: without the return type and the
 * parameter list; the template arguments stay, since they are what tells
 * apart the instances of one template ("void splitKreduce_kernel<8, 32, int,
 * …>(…)" is "splitKreduce_kernel<8, 32, int, …>"). A name whose brackets do
 * not pair up (operators, a cut name) stays whole.
 *
 * Returns: (transfer full): the short name
 */
char *
cuocc_kernel_short_name (const char *name)
{
  gsize len, start = 0, end;
  int depth = 0;

  g_return_val_if_fail (name != NULL, NULL);

  len = strlen (name);
  end = len;
  /* The parameter list: the last top-level "(…)", perhaps followed by
   * qualifiers such as " const". */
  if (len > 0)
    {
      gssize i = (gssize) len - 1;

      while (i >= 0 && name[i] != ')')
        {
          if (name[i] == '>' || name[i] == '(' || name[i] == '<')
            return g_strdup (name);
          i--;
        }
      if (i >= 0)
        {
          for (; i >= 0; i--)
            {
              if (name[i] == ')')
                depth++;
              else if (name[i] == '(' && --depth == 0)
                break;
            }
          if (i <= 0 || depth != 0)
            return g_strdup (name);
          end = (gsize) i;
        }
    }

  /* The return type: up to the last space outside brackets. */
  depth = 0;
  for (gsize i = 0; i < end; i++)
    {
      char c = name[i];

      if (c == '<' || c == '(' || c == '[')
        depth++;
      else if (c == '>' || c == ')' || c == ']')
        {
          if (--depth < 0)
            return g_strdup (name);
        }
      else if (c == ' ' && depth == 0 && i + 1 < end)
        start = i + 1;
    }
  if (depth != 0 || start >= end)
    return g_strdup (name);

  return g_strndup (name + start, end - start);
}

static gboolean
is_identifier_char (char c)
{
  return g_ascii_isalnum (c) || c == '_' || c == '$';
}

/**
 * cuocc_kernel_unqualified:
 * @name: a short name (cuocc_kernel_short_name())
 *
 * The name without the namespaces and classes that qualify the kernel and
 * its template arguments, which a library's kernels mostly share
 * ("cutlass::gemm::", "cub::CUB_200200_800_NS::"), so that what is shown is
 * what tells it apart: "cutlass::Kernel<cutlass::gemm::GemmShape<64, 64,
 * 32> >" is "Kernel<GemmShape<64, 64, 32> >". A qualifier that is itself a
 * template instance stays ("Policy<float>::Policy600": which policy is the
 * point), as do the kernel's template arguments and "::" in anything else.
 *
 * Returns: (transfer full): the unqualified name
 */
char *
cuocc_kernel_unqualified (const char *name)
{
  static const char anonymous[] = "(anonymous namespace)";
  GString *out;

  g_return_val_if_fail (name != NULL, NULL);

  out = g_string_sized_new (strlen (name));
  for (const char *p = name; *p != '\0'; p++)
    {
      if (p[0] == ':' && p[1] == ':')
        {
          gsize start = out->len;

          while (start > 0 && is_identifier_char (out->str[start - 1]))
            start--;
          if (start < out->len && !g_ascii_isdigit (out->str[start]))
            {
              /* an identifier: a namespace's or a class's name */
              g_string_truncate (out, start);
              p++;
              continue;
            }
          if (g_str_has_suffix (out->str, anonymous))
            {
              g_string_truncate (out, out->len - strlen (anonymous));
              p++;
              continue;
            }
        }
      g_string_append_c (out, *p);
    }
  return g_string_free (out, FALSE);
}
