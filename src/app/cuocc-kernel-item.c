/* cuocc-kernel-item.c — one imported kernel, as an item of a list model.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * An item keeps its kernel alive, so that a list can be replaced while
 * rows and the chosen kernel still point at the old one: either a copy of
 * its own, or, for the items of one read (cuocc_kernel_item_list_new ()),
 * a reference to the list they were read into. A library holds 60,000
 * entries: copying five strings of each and printing keys nobody asks
 * for took a third of the time between the read and the rows on screen.
 */
#include "config.h"

#include <string.h>

#include "cuocc-gpu-comparison.h"
#include "cuocc-kernel-entries.h"
#include "cuocc-kernel-item.h"

/* ----- struct ----- */


struct _CuoccKernelItem
{
  GObject parent_instance;

  CuoccKernel *kernel;             /* an entry of shared's list */
  CuoccKernelEntries *shared;
  CuoccKernel *before;             /* the same entry in the build compared with, or NULL */
  CuoccKernelChange change;        /* CUOCC_KERNEL_SAME when no build is compared */
  guint occurrence;                /* the earlier entries with the same mangled name and architecture */
  char *key;                       /* mangled name, architecture and occurrence; made when first asked */
  char *haystack;                  /* a name that is not ASCII: what the search looks in, case-folded
                                    * (name and mangled name); NULL: ASCII, searched as it is */
  char *short_name;                /* the name without return type, parameters and qualifiers */
  CuoccKernelEval eval;
  CuoccGpuComparison *gpus;        /* the GPUs compared, or NULL */
  guint gpus_kernel;               /* its kernel there */
  gboolean gpus_stands;            /* it stands for its kernel on the first GPU */
  /* What ptxas gave (cuocc-kernels-panel-ptxas.c): the figures the entry
   * was read with, put back when another GPU is chosen; NULL while ptxas
   * gave nothing. */
  CuoccKernel *read_figures;
  gboolean ptx_pending;            /* an assembly of it is under way */
};

/* ----- type definition ----- */

G_DEFINE_FINAL_TYPE (CuoccKernelItem, cuocc_kernel_item, G_TYPE_OBJECT)

/* ----- helpers ----- */

/* The search's text and the short name are interned reference-counted
 * strings: a library's name is in five or six rows (an entry for each
 * architecture, in several fat binaries), and template names run to
 * hundreds of characters: 57,600 rows of tests/gen-library.py's library
 * held about 50 MB more with a copy each. */
static char *
intern_take (char *text)
{
  char *interned = g_ref_string_new_intern (text);

  g_free (text);
  return interned;
}

static void
copy_strings (CuoccKernel       *copy,
              const CuoccKernel *kernel)
{
  *copy = *kernel;
  copy->name = g_strdup (kernel->name ? kernel->name : "");
  copy->mangled = g_strdup (kernel->mangled ? kernel->mangled : "");
  copy->arch = g_strdup (kernel->arch);
  copy->file = g_strdup (kernel->file);
  copy->entry = g_strdup (kernel->entry);
  copy->ptx = kernel->ptx != NULL ? cuocc_ptx_module_ref (kernel->ptx) : NULL;
  copy->figures_from = g_strdup (kernel->figures_from);
  copy->ptx_problem = g_strdup (kernel->ptx_problem);
}

static void
free_strings (CuoccKernel *copy)
{
  g_free (copy->name);
  g_free (copy->mangled);
  g_free (copy->arch);
  g_free (copy->file);
  g_free (copy->entry);
  g_clear_pointer (&copy->ptx, cuocc_ptx_module_unref);
  g_free (copy->figures_from);
  g_free (copy->ptx_problem);
}

static void
clear_before (CuoccKernelItem *self)
{
  if (self->before == NULL)
    return;
  free_strings (self->before);
  g_clear_pointer (&self->before, g_free);
}

/* ----- vfuncs ----- */

static void
cuocc_kernel_item_finalize (GObject *object)
{
  CuoccKernelItem *self = CUOCC_KERNEL_ITEM (object);

  g_clear_pointer (&self->gpus, cuocc_gpu_comparison_unref);
  if (self->shared != NULL && self->read_figures != NULL)
    {
      cuocc_kernel_entries_lock (self->shared);
      cuocc_kernel_entries_set_read (self->shared, self->kernel, NULL);
      cuocc_kernel_entries_unlock (self->shared);
    }
  if (self->shared != NULL)
    cuocc_kernel_entries_release (self->shared);
  clear_before (self);
  g_free (self->read_figures);
  g_free (self->key);
  g_clear_pointer (&self->haystack, g_ref_string_release);
  g_ref_string_release (self->short_name);

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

static gboolean
is_ascii (const char *text)
{
  for (; *text != '\0'; text++)
    if ((guchar) *text >= 0x80)
      return FALSE;
  return TRUE;
}

/* Whether text starts with word (case-folded) but for the case of ASCII
 * letters; n: word's length, at most text's. */
static gboolean
ascii_starts_with (const char *text,
                   const char *word,
                   gsize       n)
{
  for (gsize i = 0; i < n; i++)
    if (g_ascii_tolower (text[i]) != word[i])
      return FALSE;
  return TRUE;
}

/* Where word (case-folded) is in the ASCII text, whatever the case of its
 * letters: strstr () on the text lowered, without lowering it. The word's
 * first character is looked for with strpbrk () in either case. */
static gboolean
ascii_contains (const char *text,
                const char *word)
{
  char first[3] = { word[0], g_ascii_toupper (word[0]), '\0' };
  gsize n = strlen (word);
  gsize len = strlen (text);
  const char *end = text + len;

  if (n == 0)
    return TRUE;
  for (const char *p = text; (gsize) (end - p) >= n && (p = strpbrk (p, first)) != NULL; p++)
    if ((gsize) (end - p) >= n && ascii_starts_with (p + 1, word + 1, n - 1))
      return TRUE;
  return FALSE;
}

/* Whether the search finds word in an ASCII name: as strstr () in the
 * name and the mangled name, lowered and joined by a space, would (a quoted
 * word may hold a space, and span the two). */
static gboolean
ascii_find (const char *name,
            const char *mangled,
            const char *word)
{
  gsize name_len;

  if (ascii_contains (name, word) || ascii_contains (mangled, word))
    return TRUE;
  name_len = strlen (name);
  for (const char *space = strchr (word, ' '); space != NULL; space = strchr (space + 1, ' '))
    {
      gsize before = (gsize) (space - word);
      gsize after = strlen (space + 1);

      if (before <= name_len && after <= strlen (mangled) &&
          ascii_starts_with (name + name_len - before, word, before) &&
          ascii_starts_with (mangled, space + 1, after))
        return TRUE;
    }
  return FALSE;
}

/* What the search looks in: the name and the mangled name, case-folded
 * (the architecture is looked at apart: the text is the same in every entry
 * of a kernel, and kept once). Names are ASCII but for the rare exception,
 * and an ASCII name is searched as it is, without a case-folded copy (for
 * ASCII that is lowering it): on real libraries that copy took as much
 * memory as the names themselves (gen-library.py --names real: 82 MB for
 * 4,800 names). NULL for ASCII names. */
static char *
make_haystack (const CuoccKernel *k)
{
  const char *name = k->name ? k->name : "";
  const char *mangled = k->mangled ? k->mangled : "";
  g_autofree char *text = NULL;

  if (is_ascii (name) && is_ascii (mangled))
    return NULL;
  text = g_strjoin (" ", name, mangled, NULL);
  return intern_take (g_utf8_casefold (text, -1));
}

/* The short name the table shows. */
static char *
make_short_name (const char *name)
{
  g_autofree char *short_name = cuocc_kernel_short_name (name ? name : "");

  return intern_take (cuocc_kernel_unqualified (short_name));
}

/* Whether the architecture, case-folded, holds the word: "sm_90a", "SM_90". */
static gboolean
arch_matches (const char *arch,
              const char *word)
{
  char lowered[32];
  gsize i;

  if (arch == NULL)
    return FALSE;
  /* Architectures are short and ASCII ("sm_90a", "compute_90"). */
  for (i = 0; arch[i] != '\0' && i + 1 < sizeof lowered; i++)
    {
      if ((guchar) arch[i] >= 0x80)
        break;
      lowered[i] = g_ascii_tolower (arch[i]);
    }
  if (arch[i] != '\0')
    {
      g_autofree char *folded = g_utf8_casefold (arch, -1);

      return strstr (folded, word) != NULL;
    }
  lowered[i] = '\0';
  return strstr (lowered, word) != NULL;
}

/* The name a kernel has in keys and in the occurrences' count. */
static const char *
key_name (const CuoccKernel *k)
{
  if (k->mangled != NULL && *k->mangled != '\0')
    return k->mangled;
  return k->name != NULL ? k->name : "";
}

/* Items are made in the loader's thread, 60,000 for a library, and a name is
 * in five or six of them (an entry for each architecture, in several fat
 * binaries): the search text and short name are made once a name and
 * shared, which took 300–600 ms of a 575 MB library's open before; and the
 * entries of a name are counted by architecture here, with no second table
 * hashing the long name again. */
typedef struct {
  const char *arch;
  guint count;
} ArchCount;

typedef struct {
  const char *name;                /* the entry's name these were made from */
  char *haystack;                  /* interned */
  char *short_name;                /* interned */
  GArray *arches;                  /* ArchCount: the entries with this key name so far, by architecture */
} NameTexts;

static NameTexts *
name_texts_new (const CuoccKernel *kernel)
{
  NameTexts *texts = g_new (NameTexts, 1);

  texts->name = kernel->name;
  texts->haystack = make_haystack (kernel);
  texts->short_name = make_short_name (kernel->name);
  texts->arches = g_array_new (FALSE, FALSE, sizeof (ArchCount));
  return texts;
}

static void
name_texts_free (NameTexts *texts)
{
  g_clear_pointer (&texts->haystack, g_ref_string_release);
  g_ref_string_release (texts->short_name);
  g_array_unref (texts->arches);
  g_free (texts);
}

/* The earlier entries with the key name and the architecture; counts this one. */
static guint
name_texts_count (NameTexts  *texts,
                  const char *arch)
{
  ArchCount added = { arch, 1 };

  for (guint i = 0; i < texts->arches->len; i++)
    {
      ArchCount *seen = &g_array_index (texts->arches, ArchCount, i);

      if (g_strcmp0 (seen->arch, arch) == 0)
        return seen->count++;
    }
  g_array_append_val (texts->arches, added);
  return 0;
}

static CuoccKernelItem *
item_new (CuoccKernel *kernel,
          guint        occurrence,
          NameTexts   *texts)
{
  CuoccKernelItem *self = g_object_new (CUOCC_TYPE_KERNEL_ITEM, NULL);

  self->kernel = kernel;
  self->occurrence = occurrence;
  /* The same key name with another demangled name (a name without a
   * mangled one, read from two tools) gets texts of its own. */
  if (g_str_equal (texts->name, kernel->name))
    {
      self->haystack = texts->haystack != NULL ? g_ref_string_acquire (texts->haystack) : NULL;
      self->short_name = g_ref_string_acquire (texts->short_name);
    }
  else
    {
      self->haystack = make_haystack (kernel);
      self->short_name = make_short_name (kernel->name);
    }
  return self;
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

/* The kernel on the GPUs compared: @gpus (NULL: none), the item's entry
 * being the @entry-th it was worked out from. */
void
cuocc_kernel_item_set_gpus (CuoccKernelItem    *self,
                            CuoccGpuComparison *gpus,
                            guint               entry)
{
  g_return_if_fail (CUOCC_IS_KERNEL_ITEM (self));

  if (gpus != self->gpus)
    {
      g_clear_pointer (&self->gpus, cuocc_gpu_comparison_unref);
      self->gpus = gpus != NULL ? cuocc_gpu_comparison_ref (gpus) : NULL;
    }
  self->gpus_kernel = gpus != NULL ? cuocc_gpu_comparison_kernel_of (gpus, entry, &self->gpus_stands) : 0;
}

/* The GPUs compared, or NULL; @kernel: the item's kernel there; @stands_for:
 * whether the item stands for it on the first GPU. */
CuoccGpuComparison *
cuocc_kernel_item_get_gpus (CuoccKernelItem *self,
                            guint           *kernel,
                            gboolean        *stands_for)
{
  g_return_val_if_fail (CUOCC_IS_KERNEL_ITEM (self), NULL);

  if (kernel != NULL)
    *kernel = self->gpus_kernel;
  if (stands_for != NULL)
    *stands_for = self->gpus_stands;
  return self->gpus;
}

void
cuocc_kernel_launch_to_import (const CuoccKernelLaunch *launch,
                               CuoccImportLaunch       *import)
{
  memset (import, 0, sizeof *import);
  import->have_gpu = TRUE;
  import->gpu = launch->gpu;
  import->threads = 0;
  import->default_threads = MAX (launch->threads, 0);
  import->dynamic_smem = -1;
  /* The entries are marked already (the loader, the table's worker): the
   * reason a row is not worked out is not shown, so no map of what loads. */
  import->loaded_arch = NULL;
}

/* The table keeps, of the library's answer, what its columns, the summary
 * and the comparison show: 56 bytes a row rather than a kilobyte. */
void
cuocc_kernel_eval_compute (CuoccKernelEval         *eval,
                           const CuoccImportLaunch *launch,
                           const CuoccKernel       *k,
                           const CuoccKernel       *before)
{
  CuoccImportEvaluation ev;

  memset (eval, 0, sizeof *eval);
  eval->occupancy = -1;
  eval->before = -1;
  eval->blocks = -1;
  cuocc_import_evaluate (launch, k, &ev);
  if (ev.ok)
    {
      eval->threads = ev.input.threads;
      eval->blocks = ev.result.active_blocks;
      eval->occupancy = ev.result.occupancy;
      eval->limiters = ev.result.limiters;
      eval->lost = ev.lost;
      eval->lost_to = ev.lost_to;
    }
  cuocc_import_evaluation_clear (&ev);
  /* The compared build's entry where this one runs, at its own block size
   * (a build that changed the launch bounds shows what that did), as
   * `cuocc --import OLD --diff NEW` works out each build. */
  if (before != NULL && eval->occupancy >= 0)
    {
      CuoccKernel b = *before;

      b.loaded = k->loaded;
      cuocc_import_evaluate (launch, &b, &ev);
      if (ev.ok)
        eval->before = ev.result.occupancy;
      cuocc_import_evaluation_clear (&ev);
    }
}

const CuoccKernel *
cuocc_kernel_item_get_kernel (CuoccKernelItem *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNEL_ITEM (self), NULL);

  return self->kernel;
}

const char *
cuocc_kernel_item_get_key (CuoccKernelItem *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNEL_ITEM (self), NULL);

  if (self->key == NULL)
    self->key = g_strdup_printf ("%s\n%s\n%u", key_name (self->kernel),
                                 self->kernel->arch ? self->kernel->arch : "", self->occurrence);
  return self->key;
}

/* Every word, already case-folded, must appear somewhere. */
gboolean
cuocc_kernel_item_matches (CuoccKernelItem    *self,
                           const char * const *words)
{
  g_return_val_if_fail (CUOCC_IS_KERNEL_ITEM (self), FALSE);

  for (guint i = 0; words != NULL && words[i] != NULL; i++)
    {
      gboolean found = self->haystack != NULL
                         ? strstr (self->haystack, words[i]) != NULL
                         : ascii_find (self->kernel->name ? self->kernel->name : "",
                                       self->kernel->mangled ? self->kernel->mangled : "", words[i]);

      if (!found && !arch_matches (self->kernel->arch, words[i]))
        return FALSE;
    }

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

  a = self->kernel;
  b = other->kernel;

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

  return self->kernel->spill_stores > 0 || self->kernel->spill_loads > 0;
}

/* A store of items, one per kernel of the list, in the list's order; the
 * store takes the list, which its items share. */
GListStore *
cuocc_kernel_item_list_new (CuoccKernelList *list)
{
  /* key name → NameTexts; the keys are the list's strings, which live on */
  g_autoptr(GHashTable) names = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                                       (GDestroyNotify) name_texts_free);
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  GListStore *store = g_list_store_new (CUOCC_TYPE_KERNEL_ITEM);
  CuoccKernelEntries *shared;

  g_return_val_if_fail (list != NULL, store);

  shared = cuocc_kernel_entries_new (list);
  for (guint i = 0; i < list->n_kernels; i++)
    {
      CuoccKernel *k = &list->kernels[i];
      NameTexts *texts;
      CuoccKernelItem *item;

      /* The table shows "" for a kernel without a name, as a copy would. */
      if (k->name == NULL)
        k->name = g_ref_string_new_intern ("");
      if (k->mangled == NULL)
        k->mangled = g_ref_string_new_intern ("");
      if ((texts = g_hash_table_lookup (names, key_name (k))) == NULL)
        {
          texts = name_texts_new (k);
          g_hash_table_insert (names, (gpointer) key_name (k), texts);
        }
      item = item_new (k, name_texts_count (texts, k->arch), texts);
      item->shared = cuocc_kernel_entries_acquire (shared);
      g_ptr_array_add (items, item);
    }
  g_list_store_splice (store, 0, 0, items->pdata, items->len);
  /* The entries as read, for a worker (cuocc_kernel_entries_of_store ()). */
  cuocc_kernel_entries_set_store (shared, store);

  return store;
}


/* Whether the CUDA driver loads this entry on the chosen GPU. */
void
cuocc_kernel_item_set_loaded (CuoccKernelItem *self,
                              CuoccLoad        loaded)
{
  g_return_if_fail (CUOCC_IS_KERNEL_ITEM (self));

  self->kernel->loaded = loaded;
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

/* ----- ptxas's figures ----- */


/* What ptxas gave the entry: figures (from->figures_from says which ptxas
 * for which target) or why none (from->ptx_problem). Only the main thread
 * writes an item; a worker reads copies that own these strings
 * (cuocc-kernels-panel-eval.c), so the old ones can go. */
void
cuocc_kernel_item_set_ptx_result (CuoccKernelItem   *self,
                                  const CuoccKernel *from)
{
  CuoccKernel *k;

  g_return_if_fail (CUOCC_IS_KERNEL_ITEM (self));
  g_return_if_fail (from != NULL);

  /* A worker may be copying the list's entries (cuocc-kernel-entries.c). */
  if (self->shared != NULL)
    cuocc_kernel_entries_lock (self->shared);
  k = self->kernel;
  if (self->read_figures == NULL)
    {
      self->read_figures = g_new0 (CuoccKernel, 1);
      cuocc_kernel_copy_figures (self->read_figures, k);
      if (self->shared != NULL)
        cuocc_kernel_entries_set_read (self->shared, k, self->read_figures);
    }
  if (from->figures_from != NULL)
    cuocc_kernel_copy_figures (k, from);
  else
    cuocc_kernel_copy_figures (k, self->read_figures);
  g_free (k->figures_from);
  k->figures_from = g_strdup (from->figures_from);
  g_free (k->ptx_problem);
  k->ptx_problem = from->figures_from == NULL ? g_strdup (from->ptx_problem) : NULL;
  if (self->shared != NULL)
    cuocc_kernel_entries_unlock (self->shared);
  self->ptx_pending = FALSE;
}

/* The entry as it was read, without what ptxas gave it (another GPU is
 * another target); FALSE when ptxas had given it nothing. */
gboolean
cuocc_kernel_item_clear_ptx_result (CuoccKernelItem *self)
{
  CuoccKernel *k;

  g_return_val_if_fail (CUOCC_IS_KERNEL_ITEM (self), FALSE);

  self->ptx_pending = FALSE;
  if (self->read_figures == NULL)
    return FALSE;
  if (self->shared != NULL)
    {
      cuocc_kernel_entries_lock (self->shared);
      cuocc_kernel_entries_set_read (self->shared, self->kernel, NULL);
    }
  k = self->kernel;
  cuocc_kernel_copy_figures (k, self->read_figures);
  g_clear_pointer (&k->figures_from, g_free);
  g_clear_pointer (&k->ptx_problem, g_free);
  if (self->shared != NULL)
    cuocc_kernel_entries_unlock (self->shared);
  g_clear_pointer (&self->read_figures, g_free);
  return TRUE;
}

/* A copy of the entry as it was read, without what ptxas gave it for the
 * chosen GPU's target (the GPUs compared have targets of their own), its
 * strings the item's but for figures_from and ptx_problem, left NULL:
 * ptxas's answers replace those while a worker reads the copy. */
void
cuocc_kernel_item_get_read_kernel (CuoccKernelItem *self,
                                   CuoccKernel     *out)
{
  g_return_if_fail (CUOCC_IS_KERNEL_ITEM (self));
  g_return_if_fail (out != NULL);

  *out = *self->kernel;
  if (self->read_figures != NULL)
    cuocc_kernel_copy_figures (out, self->read_figures);
  out->figures_from = NULL;
  out->ptx_problem = NULL;
}

/* Whether an assembly that will give it figures is under way. */
void
cuocc_kernel_item_set_ptx_pending (CuoccKernelItem *self,
                                   gboolean         pending)
{
  g_return_if_fail (CUOCC_IS_KERNEL_ITEM (self));

  self->ptx_pending = pending;
}

gboolean
cuocc_kernel_item_get_ptx_pending (CuoccKernelItem *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNEL_ITEM (self), FALSE);

  return self->ptx_pending;
}
