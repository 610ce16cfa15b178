/* cuocc-kernel-item.c — one imported kernel, as an item of a list model.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * An item owns a copy of its kernel, so that a list can be replaced while
 * rows and the chosen kernel still point at the old one.
 */
#include "config.h"

#include <string.h>

#include "cuocc-kernel-item.h"

/* ----- struct ----- */

struct _CuoccKernelItem
{
  GObject parent_instance;

  CuoccKernel kernel;
  CuoccKernel *before;             /* the same entry in the build compared with, or NULL */
  CuoccKernelChange change;        /* CUOCC_KERNEL_SAME when no build is compared */
  char *key;                       /* mangled name, architecture and occurrence */
  char *haystack;                  /* what the search looks in, case-folded: name and mangled name */
  char *arch_folded;               /* the architecture, case-folded, for the search */
  char *short_name;                /* the name without return type and parameters */
  CuoccKernelEval eval;
};

/* ----- type definition ----- */

G_DEFINE_FINAL_TYPE (CuoccKernelItem, cuocc_kernel_item, G_TYPE_OBJECT)

/* ----- helpers ----- */

/* An item's strings are interned reference-counted strings: a library's
 * name is in five or six rows (an entry for each architecture, in several
 * fat binaries), and template names run to hundreds of characters; 57,600
 * rows of tests/gen-library.py's library would hold about 50 MB more
 * with a copy each. */
static char *
intern (const char *text)
{
  return text != NULL ? g_ref_string_new_intern (text) : NULL;
}

static char *
intern_take (char *text)
{
  char *interned = intern (text);

  g_free (text);
  return interned;
}

static void
release (char *text)
{
  if (text != NULL)
    g_ref_string_release (text);
}

static void
copy_strings (CuoccKernel       *copy,
              const CuoccKernel *kernel)
{
  *copy = *kernel;
  copy->name = intern (kernel->name ? kernel->name : "");
  copy->mangled = intern (kernel->mangled ? kernel->mangled : "");
  copy->arch = intern (kernel->arch);
  copy->file = intern (kernel->file);
  copy->entry = intern (kernel->entry);
}

static void
release_strings (CuoccKernel *kernel)
{
  release (kernel->name);
  release (kernel->mangled);
  release (kernel->arch);
  release (kernel->file);
  release (kernel->entry);
}

static void
clear_before (CuoccKernelItem *self)
{
  if (self->before == NULL)
    return;
  release_strings (self->before);
  g_clear_pointer (&self->before, g_free);
}

/* ----- vfuncs ----- */

static void
cuocc_kernel_item_finalize (GObject *object)
{
  CuoccKernelItem *self = CUOCC_KERNEL_ITEM (object);

  release_strings (&self->kernel);
  clear_before (self);
  g_free (self->key);
  release (self->haystack);
  release (self->arch_folded);
  release (self->short_name);

  G_OBJECT_CLASS (cuocc_kernel_item_parent_class)->finalize (object);
}

/* ----- class_init / init ----- */

static void
cuocc_kernel_item_class_init (CuoccKernelItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = cuocc_kernel_item_finalize;
}

static void
cuocc_kernel_item_init (CuoccKernelItem *self)
{
  self->eval.occupancy = -1;
  self->eval.before = -1;
}

/* ----- public API ----- */

/* occurrence counts the earlier kernels with the same mangled name and
 * architecture (an Nsight Compute export has one row per launch). */
CuoccKernelItem *
cuocc_kernel_item_new (const CuoccKernel *kernel,
                       guint              occurrence)
{
  CuoccKernelItem *self;
  const char *mangled;
  g_autofree char *text = NULL;

  g_return_val_if_fail (kernel != NULL, NULL);

  self = g_object_new (CUOCC_TYPE_KERNEL_ITEM, NULL);
  copy_strings (&self->kernel, kernel);

  mangled = *self->kernel.mangled != '\0' ? self->kernel.mangled : self->kernel.name;
  self->key = g_strdup_printf ("%s\n%s\n%u", mangled, self->kernel.arch ? self->kernel.arch : "", occurrence);
  text = g_strjoin (" ", self->kernel.name, self->kernel.mangled, NULL);
  self->haystack = intern_take (g_utf8_casefold (text, -1));
  self->arch_folded = intern_take (g_utf8_casefold (self->kernel.arch ? self->kernel.arch : "", -1));
  {
    g_autofree char *short_name = cuocc_kernel_short_name (self->kernel.name);

    self->short_name = intern_take (cuocc_kernel_unqualified (short_name));
  }

  return self;
}

/* A demangled name as a table row shows it: without the return type and
 * the parameter list, which the tooltip shows; the template arguments stay,
 * since they are what tells apart the instances of one template
 * ("void splitKreduce_kernel<8, 32, int, …>(…)" is
 * "splitKreduce_kernel<8, 32, int, …>"). A name whose brackets do not pair
 * up (operators, a cut name) stays whole. */
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

/* A short name as the table's kernel column shows it: without the
 * namespaces and classes that qualify the kernel and its template
 * arguments, which a library's kernels mostly share ("cutlass::gemm::",
 * "cub::CUB_200200_800_NS::"), so that what a row shows is what tells it
 * apart: "cutlass::Kernel<cutlass::gemm::GemmShape<64, 64, 32> >" is
 * "Kernel<GemmShape<64, 64, 32> >". A qualifier that is itself a template
 * instance stays ("Policy<float>::Policy600": which policy is the point),
 * as do the kernel's template arguments and "::" in anything else. */
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

const char *
cuocc_kernel_item_get_short_name (CuoccKernelItem *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNEL_ITEM (self), NULL);

  return self->short_name;
}

const CuoccKernelEval *
cuocc_kernel_item_get_eval (CuoccKernelItem *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNEL_ITEM (self), NULL);

  return &self->eval;
}

void
cuocc_kernel_item_set_eval (CuoccKernelItem       *self,
                            const CuoccKernelEval *eval)
{
  g_return_if_fail (CUOCC_IS_KERNEL_ITEM (self));
  g_return_if_fail (eval != NULL);

  self->eval = *eval;
}

const CuoccKernel *
cuocc_kernel_item_get_kernel (CuoccKernelItem *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNEL_ITEM (self), NULL);

  return &self->kernel;
}

const char *
cuocc_kernel_item_get_key (CuoccKernelItem *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNEL_ITEM (self), NULL);

  return self->key;
}

/* Every word, already case-folded, must appear somewhere. */
gboolean
cuocc_kernel_item_matches (CuoccKernelItem    *self,
                           const char * const *words)
{
  g_return_val_if_fail (CUOCC_IS_KERNEL_ITEM (self), FALSE);

  for (guint i = 0; words != NULL && words[i] != NULL; i++)
    if (strstr (self->haystack, words[i]) == NULL && strstr (self->arch_folded, words[i]) == NULL)
      return FALSE;

  return TRUE;
}

/* Whether a re-read file says the same about the kernel. */
gboolean
cuocc_kernel_item_same_figures (CuoccKernelItem *self,
                                CuoccKernelItem *other)
{
  const CuoccKernel *a, *b;

  g_return_val_if_fail (CUOCC_IS_KERNEL_ITEM (self), FALSE);
  g_return_val_if_fail (CUOCC_IS_KERNEL_ITEM (other), FALSE);

  a = &self->kernel;
  b = &other->kernel;

  return a->regs == b->regs && a->smem == b->smem && a->barriers == b->barriers &&
         a->cc_major == b->cc_major && a->cc_minor == b->cc_minor &&
         a->stack == b->stack && a->spill_stores == b->spill_stores &&
         a->spill_loads == b->spill_loads && a->block_size == b->block_size &&
         a->dynamic_smem == b->dynamic_smem &&
         a->theoretical_occupancy == b->theoretical_occupancy;
}

gboolean
cuocc_kernel_item_has_spills (CuoccKernelItem *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNEL_ITEM (self), FALSE);

  return self->kernel.spill_stores > 0 || self->kernel.spill_loads > 0;
}

/* A store of items, one per kernel of the list, in the list's order. */
GListStore *
cuocc_kernel_item_list_new (const CuoccKernelList *list)
{
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  GListStore *store = g_list_store_new (CUOCC_TYPE_KERNEL_ITEM);

  g_return_val_if_fail (list != NULL, store);

  for (guint i = 0; i < list->n_kernels; i++)
    {
      const CuoccKernel *k = &list->kernels[i];
      g_autofree char *id = g_strdup_printf ("%s\n%s", k->mangled != NULL && *k->mangled != '\0' ? k->mangled : k->name,
                                             k->arch ? k->arch : "");
      guint occurrence = GPOINTER_TO_UINT (g_hash_table_lookup (seen, id));

      g_ptr_array_add (items, cuocc_kernel_item_new (k, occurrence));
      g_hash_table_replace (seen, g_steal_pointer (&id), GUINT_TO_POINTER (occurrence + 1));
    }

  g_list_store_splice (store, 0, 0, items->pdata, items->len);

  return store;
}

/* Whether the CUDA driver loads this entry on the chosen GPU. */
void
cuocc_kernel_item_set_loaded (CuoccKernelItem *self,
                              CuoccLoad        loaded)
{
  g_return_if_fail (CUOCC_IS_KERNEL_ITEM (self));

  self->kernel.loaded = loaded;
}

/* How the entry differs from the build compared with: before is that
 * build's entry (NULL when the entry is new there, or no build is compared). */
void
cuocc_kernel_item_set_change (CuoccKernelItem   *self,
                              CuoccKernelChange  change,
                              const CuoccKernel *before)
{
  g_return_if_fail (CUOCC_IS_KERNEL_ITEM (self));

  clear_before (self);
  self->change = change;
  if (before != NULL)
    {
      self->before = g_new0 (CuoccKernel, 1);
      copy_strings (self->before, before);
    }
}

CuoccKernelChange
cuocc_kernel_item_get_change (CuoccKernelItem    *self,
                              const CuoccKernel **before)
{
  g_return_val_if_fail (CUOCC_IS_KERNEL_ITEM (self), CUOCC_KERNEL_SAME);

  if (before != NULL)
    *before = self->before;
  return self->change;
}
