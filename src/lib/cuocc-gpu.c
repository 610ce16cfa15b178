/* cuocc-gpu.c — finding a GPU by name or compute capability.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cuocc-private.h"

/* Copies valid UTF-8 src into dest, cutting it at a character boundary
 * when it does not fit. */
void
_cuocc_utf8_strlcpy (char       *dest,
                     const char *src,
                     gsize       size)
{
  gsize len = 0;

  g_assert (size > 0);
  for (const char *p = src; *p != '\0'; p = g_utf8_next_char (p))
    {
      gsize char_len = (gsize) (g_utf8_next_char (p) - p);

      if (len + char_len >= size)
        break;
      len += char_len;
    }
  memcpy (dest, src, len);
  dest[len] = '\0';
}

/* ----- compute capabilities ----- */

/**
 * cuocc_capability_lookup:
 * @major: the major version, e.g. 8
 * @minor: the minor version, e.g. 6
 *
 * Finds the figures of a compute capability.
 *
 * Returns: (transfer none) (nullable): the figures of compute capability
 *   @major.@minor, or %NULL when it is not known
 */
const CuoccCapability *
cuocc_capability_lookup (int major,
                         int minor)
{
  guint n;
  const CuoccCapability *caps = cuocc_capabilities (&n);

  for (guint i = 0; i < n; i++)
    if (caps[i].major == major && caps[i].minor == minor)
      return &caps[i];
  return NULL;
}

/* Where each figure that is one field of CuoccCapability lives, in the
 * order of CuoccFigure; -1 for those worked out from several. */
#define FIELD(name) G_STRUCT_OFFSET (CuoccCapability, name)
static const glong figure_fields[CUOCC_N_FIGURES] = {
  FIELD (warp_size), FIELD (max_threads_per_block), FIELD (max_warps_per_sm), -1,
  FIELD (max_blocks_per_sm), FIELD (regs_per_sm), FIELD (max_regs_per_block), FIELD (max_regs_per_thread),
  FIELD (reg_alloc_unit), FIELD (warp_alloc_granularity), FIELD (sub_partitions),
  FIELD (smem_per_sm), FIELD (smem_per_block), FIELD (smem_per_block_optin), FIELD (smem_reserved_per_block),
  FIELD (smem_alloc_unit),
  -1, -1, -1,
};
#undef FIELD

/* Each figure's label, in the command line's and the app's wording: the
 * one place they are written. The two differ where the report puts the
 * unit in the label and the page shows it with the value. */
static const char *const figure_labels[CUOCC_N_FIGURES][2] = {
  [CUOCC_FIGURE_WARP_SIZE] = { N_("Threads per warp"), N_("Threads per warp") },
  [CUOCC_FIGURE_MAX_THREADS_PER_BLOCK] = { N_("Max threads per block"), N_("Max threads per block") },
  [CUOCC_FIGURE_MAX_WARPS_PER_SM] = { N_("Max warps per SM"), N_("Max warps per SM") },
  [CUOCC_FIGURE_MAX_THREADS_PER_SM] = { N_("Max threads per SM"), N_("Max threads per SM") },
  [CUOCC_FIGURE_MAX_BLOCKS_PER_SM] = { N_("Max thread blocks per SM"), N_("Max blocks per SM") },
  [CUOCC_FIGURE_REGS_PER_SM] = { N_("Registers per SM"), N_("Registers per SM") },
  [CUOCC_FIGURE_MAX_REGS_PER_BLOCK] = { N_("Max registers per block"), N_("Max registers per block") },
  [CUOCC_FIGURE_MAX_REGS_PER_THREAD] = { N_("Max registers per thread"), N_("Max registers per thread") },
  [CUOCC_FIGURE_REG_ALLOC_UNIT] = { N_("Register allocation unit"), N_("Register allocation unit") },
  [CUOCC_FIGURE_WARP_ALLOC_GRANULARITY] = { N_("Warp allocation granularity"), N_("Warp allocation granularity") },
  [CUOCC_FIGURE_SUB_PARTITIONS] = { N_("SM sub-partitions"), N_("SM sub-partitions") },
  [CUOCC_FIGURE_SMEM_PER_SM] = { N_("Shared memory per SM (bytes)"), N_("Shared memory per SM") },
  [CUOCC_FIGURE_SMEM_PER_BLOCK] = { N_("Max shared memory per block"), N_("Max shared memory per block") },
  [CUOCC_FIGURE_SMEM_PER_BLOCK_OPTIN] = { N_("… with opt-in"), N_("… with opt-in") },
  [CUOCC_FIGURE_SMEM_RESERVED_PER_BLOCK] = { N_("Shared memory reserved per block"), N_("Reserved shared memory per block") },
  [CUOCC_FIGURE_SMEM_ALLOC_UNIT] = { N_("Shared memory allocation unit"), N_("Shared memory allocation unit") },
  [CUOCC_FIGURE_BARRIERS_PER_SM] = { N_("Barriers per SM"), N_("Barriers per SM") },
  [CUOCC_FIGURE_MAX_CLUSTER_SIZE] = { N_("Max cluster size"), N_("Max cluster size") },
  [CUOCC_FIGURE_CLUSTER_BLOCKS_PER_SM] = { N_("Cluster blocks per SM (*: assumed)"), N_("Cluster blocks per SM (*: assumed)") },
};

/**
 * cuocc_figure_label:
 * @figure: a figure of a compute capability
 * @wording: the command line's or the app's wording
 *
 * The label of a figure as the GPU data tables show it, translated. The
 * tables choose which figures they show and in what order; the labels are
 * written only here.
 *
 * Returns: (transfer none): "Threads per warp", … "Cluster blocks per SM
 *   (*: assumed)"
 */
const char *
cuocc_figure_label (CuoccFigure        figure,
                    CuoccFigureWording wording)
{
  g_return_val_if_fail ((guint) figure < CUOCC_N_FIGURES, NULL);
  g_return_val_if_fail (wording == CUOCC_FIGURE_WORDING_REPORT || wording == CUOCC_FIGURE_WORDING_PAGE, NULL);

  return _(figure_labels[figure][wording]);
}

/**
 * cuocc_capability_figure:
 * @cap: a compute capability
 * @figure: which of its figures
 * @value: (out caller-allocates): the figure
 *
 * Reads one figure of a compute capability, the derived ones (threads and
 * barriers per SM) worked out, so that every table of GPU data reads them
 * alike.
 */
void
cuocc_capability_figure (const CuoccCapability *cap,
                         CuoccFigure            figure,
                         CuoccFigureValue      *value)
{
  g_return_if_fail (cap != NULL && value != NULL);
  g_return_if_fail ((guint) figure < CUOCC_N_FIGURES);

  *value = (CuoccFigureValue) { .unit = CUOCC_UNIT_COUNT };
  if (figure >= CUOCC_FIGURE_SMEM_PER_SM && figure <= CUOCC_FIGURE_SMEM_ALLOC_UNIT)
    value->unit = CUOCC_UNIT_BYTES;

  if (figure_fields[figure] >= 0)
    value->value = G_STRUCT_MEMBER (int, cap, figure_fields[figure]);
  else if (figure == CUOCC_FIGURE_MAX_THREADS_PER_SM)
    value->value = (gint64) cap->max_warps_per_sm * cap->warp_size;
  else if (figure == CUOCC_FIGURE_BARRIERS_PER_SM)
    {
      value->absent = cap->barriers_per_block_slot <= 0;
      value->value = value->absent ? 0 : (gint64) cap->barriers_per_block_slot * cap->max_blocks_per_sm;
    }
  else
    {
      /* The cluster figures. */
      value->absent = cap->max_cluster_size <= 0;
      if (!value->absent)
        value->value = figure == CUOCC_FIGURE_MAX_CLUSTER_SIZE ? cap->max_cluster_size
                                                                : cap->cluster_max_blocks_per_sm;
      value->assumed = figure == CUOCC_FIGURE_CLUSTER_BLOCKS_PER_SM && !value->absent
                       && cap->cluster_cap_source == NULL;
    }
  if (cap->assumed_figures & (1u << figure))
    value->assumed = !value->absent;
}

static char *
known_capabilities_list (void)
{
  guint n;
  const CuoccCapability *caps = cuocc_capabilities (&n);
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    g_string_append_printf (s, "%s%d.%d", i ? " " : "", caps[i].major, caps[i].minor);
  return g_string_free (s, FALSE);
}

/**
 * cuocc_gpu_for_cc_numbers:
 * @major: the major version
 * @minor: the minor version
 * @gpu: (out caller-allocates): the GPU
 * @error: return location for a #GError
 *
 * Fills @gpu with a bare compute capability: its figures, no SM count.
 *
 * Returns: %TRUE on success; %FALSE with %CUOCC_ERROR_UNKNOWN_CC when the
 *   capability is not known (the message lists those that are)
 */
gboolean
cuocc_gpu_for_cc_numbers (int        major,
                          int        minor,
                          CuoccGpu  *gpu,
                          GError   **error)
{
  const CuoccCapability *cap;

  g_return_val_if_fail (gpu != NULL, FALSE);

  cap = cuocc_capability_lookup (major, minor);
  if (cap == NULL)
    {
      g_autofree char *known = known_capabilities_list ();

      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_UNKNOWN_CC,
                   _("Compute capability %d.%d is not known; known: %s (describe a new GPU with --device-file)"),
                   major, minor, known);
      return FALSE;
    }

  memset (gpu, 0, sizeof *gpu);
  g_snprintf (gpu->name, sizeof gpu->name, _("Compute capability %d.%d"), major, minor);
  gpu->cap = *cap;
  return TRUE;
}

/**
 * cuocc_gpu_for_cc:
 * @cc: a compute capability as people write it: "8.6", "86", "sm_90a", "compute_90"
 * @gpu: (out caller-allocates): the GPU
 * @error: return location for a #GError
 *
 * Like cuocc_gpu_for_cc_numbers(), reading @cc with cuocc_parse_cc().
 *
 * Returns: %TRUE on success; %FALSE with @error set
 */
gboolean
cuocc_gpu_for_cc (const char  *cc,
                  CuoccGpu    *gpu,
                  GError     **error)
{
  int major, minor;

  g_return_val_if_fail (cc != NULL, FALSE);

  if (!cuocc_parse_cc (cc, &major, &minor, error))
    return FALSE;
  return cuocc_gpu_for_cc_numbers (major, minor, gpu, error);
}

/* ----- products by name ----- */

/* Lower-case letters and digits only, without the brand words that users
 * leave out ("NVIDIA GeForce RTX 4090" → "rtx4090"). */
static void
normalize_name (const char *name,
                char       *out,
                gsize       size,
                gboolean    drop_brands)
{
  static const char *brands[] = { "nvidia", "geforce", "tesla", "quadro" };
  g_auto(GStrv) words = g_strsplit_set (name, " -_/()", -1);
  gsize len = 0;

  for (guint i = 0; words[i] != NULL; i++)
    {
      gboolean brand = FALSE;

      if (drop_brands)
        for (guint b = 0; b < G_N_ELEMENTS (brands); b++)
          if (g_ascii_strcasecmp (words[i], brands[b]) == 0)
            brand = TRUE;
      if (brand)
        continue;
      for (const char *p = words[i]; *p != '\0' && len + 1 < size; p++)
        if (g_ascii_isalnum (*p))
          out[len++] = g_ascii_tolower (*p);
    }
  out[len] = '\0';
}

static void
gpu_from_product (const CuoccProduct *product,
                  CuoccGpu           *gpu)
{
  const CuoccCapability *cap = cuocc_capability_lookup (product->major, product->minor);

  g_assert (cap != NULL);
  memset (gpu, 0, sizeof *gpu);
  g_strlcpy (gpu->name, product->name, sizeof gpu->name);
  gpu->sm_count = product->sm_count;
  gpu->cap = *cap;
}

#define GPU_NAME_MAX 256

/* "NVIDIA Tesla V100-SXM2" → "|nvidia|tesla|v100|sxm2|". */
static void
bound_words (const char *name,
             char       *out,
             gsize       size)
{
  g_auto(GStrv) words = g_strsplit_set (name, " -_/()", -1);
  gsize len = 0;

  out[len++] = '|';
  for (guint i = 0; words[i] != NULL; i++)
    {
      gsize start = len;

      for (const char *p = words[i]; *p != '\0' && len + 2 < size; p++)
        if (g_ascii_isalnum (*p))
          out[len++] = g_ascii_tolower (*p);
      if (len > start)
        out[len++] = '|';
    }
  out[len] = '\0';
}

/* Whether the query is one or more whole consecutive words of the name:
 * "rtx4090" and "4090" are in "|nvidia|geforce|rtx|4090|", "h20" is not in
 * "|nvidia|h200|". */
static gboolean
spans_words (const char *bounded,
             const char *query)
{
  if (*query == '\0')
    return FALSE;

  for (const char *start = strchr (bounded, '|'); start != NULL; start = strchr (start + 1, '|'))
    {
      const char *p = start + 1;
      const char *q = query;

      while (*q != '\0' && *p != '\0')
        {
          if (*p == '|')
            p++;
          else if (*p == *q)
            p++, q++;
          else
            break;
        }
      if (*q == '\0' && *p == '|')
        return TRUE;
    }
  return FALSE;
}

/* A memory size ("80gb") that names no product's word is left out of the
 * match: drivers add it to the names ("A100-SXM4-80GB"). */
static gboolean
is_memory_size (const char *word)
{
  gsize len = strlen (word);
  gsize digits = strspn (word, "0123456789");

  return digits > 0 && len == digits + 2 && g_str_has_suffix (word, "gb");
}

typedef struct {
  char full[128];
  char short_name[128];
  char bounded[160];               /* the words between bars: "|nvidia|tesla|v100|sxm2|" */
} NormalizedName;

typedef struct {
  NormalizedName *names;
  GHashTable *by_lower_name;       /* the name in lower case → the product */
  char *all_full;                  /* every full name, one a line */
  char *all_short;
} NormalizedProducts;

/* The products' names, normalized once: a batch file may look up a million
 * names, and each lookup compares the query with every product. */
static const NormalizedProducts *
normalized_products (void)
{
  static NormalizedProducts *products_once;

  if (g_once_init_enter (&products_once))
    {
      guint n;
      const CuoccProduct *products = cuocc_products (&n);
      NormalizedProducts *np = g_new0 (NormalizedProducts, 1);
      GString *all_full = g_string_new (NULL);
      GString *all_short = g_string_new (NULL);

      np->names = g_new (NormalizedName, n);
      np->by_lower_name = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      for (guint i = 0; i < n; i++)
        {
          NormalizedName *name = &np->names[i];

          normalize_name (products[i].name, name->full, sizeof name->full, FALSE);
          normalize_name (products[i].name, name->short_name, sizeof name->short_name, TRUE);
          bound_words (products[i].name, name->bounded, sizeof name->bounded);
          g_hash_table_insert (np->by_lower_name, g_ascii_strdown (products[i].name, -1),
                               (gpointer) &products[i]);
          for (guint a = 0; products[i].driver_names != NULL && products[i].driver_names[a] != NULL; a++)
            g_hash_table_insert (np->by_lower_name, g_ascii_strdown (products[i].driver_names[a], -1),
                                 (gpointer) &products[i]);
          g_string_append_printf (all_full, "%s\n", name->full);
          g_string_append_printf (all_short, "%s\n", name->short_name);
        }
      np->all_full = g_string_free (all_full, FALSE);
      np->all_short = g_string_free (all_short, FALSE);
      g_once_init_leave (&products_once, np);
    }
  return products_once;
}

/* Whether any product could match: the query, or each of its words, appears
 * in some product's name. Most unknown names end here, after a few scans of
 * one string instead of several per product. */
static gboolean
any_product_may_match (const NormalizedProducts *np,
                       const char               *query_short,
                       const char *const        *words,
                       guint                     n_words)
{
  if (strstr (np->all_short, query_short) != NULL || strstr (np->all_full, query_short) != NULL)
    return TRUE;
  if (n_words <= 1)
    return FALSE;
  for (guint i = 0; words[i] != NULL; i++)
    if (words[i][0] != '\0' && strstr (np->all_full, words[i]) == NULL && !is_memory_size (words[i]))
      return FALSE;
  return TRUE;
}

/* Every word of the query is whole words of the product's name; a memory
 * size may be missing from it. */
static gboolean
words_match (const char *const *words,
             const char         *bounded)
{
  for (guint i = 0; words[i] != NULL; i++)
    if (words[i][0] != '\0' && !spans_words (bounded, words[i]) && !is_memory_size (words[i]))
      return FALSE;
  return TRUE;
}

/* The query's words, normalized one by one ("rtx 3080" → rtx, 3080). */
static char **
query_words (const char *name,
             guint      *n_words)
{
  char **words = g_strsplit_set (name, " -_/()", -1);

  *n_words = 0;
  for (guint i = 0; words[i] != NULL; i++)
    {
      char w[128];

      normalize_name (words[i], w, sizeof w, TRUE);
      g_free (words[i]);
      words[i] = g_strdup (w);
      *n_words += w[0] != '\0';
    }
  return words;
}

/* Whether a product's name (as bound_words gives it) is one the query
 * names: the whole query is whole words of it, or each of several words is. */
static gboolean
query_fits (const char        *bounded,
            const char        *query_short,
            const char *const *words,
            guint              n_words)
{
  /* One word is the whole query, already looked for. */
  return spans_words (bounded, query_short) || (n_words > 1 && words_match (words, bounded));
}

/* Several products of one compute capability: the per-SM answer is the
 * same for all of them, but not the SM count. */
static gboolean
one_capability (GPtrArray *candidates)
{
  const CuoccProduct *first = g_ptr_array_index (candidates, 0);

  for (guint i = 1; i < candidates->len; i++)
    {
      const CuoccProduct *p = g_ptr_array_index (candidates, i);

      if (p->major != first->major || p->minor != first->minor)
        return FALSE;
    }
  return TRUE;
}

static void
gpu_for_products (const char  *query,
                  GPtrArray   *candidates,
                  CuoccGpu    *gpu,
                  char       **note)
{
  const CuoccProduct *first = g_ptr_array_index (candidates, 0);
  g_autoptr(GString) list = g_string_new (NULL);

  cuocc_gpu_for_cc_numbers (first->major, first->minor, gpu, NULL);
  /* Translators: a GPU's name, e.g. "V100 (compute capability 7.0)" */
  g_snprintf (gpu->name, sizeof gpu->name, _("%s (compute capability %d.%d)"), query, first->major, first->minor);
  gpu->sm_count = 0;
  if (note == NULL)
    return;

  for (guint i = 0; i < candidates->len; i++)
    g_string_append_printf (list, "%s%s", i ? ", " : "", ((const CuoccProduct *) g_ptr_array_index (candidates, i))->name);
  *note = g_strdup_printf (_("“%s” fits several products of compute capability %d.%d (%s): the figures per SM hold "
                             "for all of them; name the product for what needs its SM count (waves, the minimum "
                             "grid for a full GPU)."),
                           query, first->major, first->minor, list->str);
}

/**
 * cuocc_gpu_find:
 * @name: a product name, whole words of it ("H100 SXM5", "4090") or a compute capability
 * @gpu: (out caller-allocates): the GPU
 * @error: return location for a #GError
 *
 * Like cuocc_gpu_find_with_note() without the note.
 *
 * Returns: %TRUE on success; %FALSE with @error set
 */
gboolean
cuocc_gpu_find (const char  *name,
                CuoccGpu    *gpu,
                GError     **error)
{
  return cuocc_gpu_find_with_note (name, gpu, NULL, error);
}

/**
 * cuocc_gpu_find_with_note:
 * @name: a product name, whole words of it ("H100 SXM5", "4090") or a compute capability
 * @gpu: (out caller-allocates): the GPU
 * @note: (out) (optional) (nullable) (transfer full): a remark for the user, or %NULL
 * @error: return location for a #GError
 *
 * Finds a GPU by its product name, ignoring case, spacing and brand words, or
 * by a compute capability. A name that fits several products of one compute
 * capability gives that capability without an SM count, and @note names the
 * products; names that fit products of several capabilities are an error.
 *
 * Returns: %TRUE on success; %FALSE with %CUOCC_ERROR_UNKNOWN_GPU or
 *   %CUOCC_ERROR_AMBIGUOUS_GPU
 */
gboolean
cuocc_gpu_find_with_note (const char  *name,
                          CuoccGpu    *gpu,
                          char       **note,
                          GError     **error)
{
  guint n;
  const CuoccProduct *products = cuocc_products (&n);
  char query_short[128];
  g_autoptr(GPtrArray) candidates = g_ptr_array_new ();
  g_auto(GStrv) words = NULL;
  const CuoccProduct *exact_short = NULL;
  const NormalizedProducts *normalized;
  guint n_exact_short = 0;
  guint n_words = 0;
  int major, minor;

  g_return_val_if_fail (name != NULL, FALSE);
  g_return_val_if_fail (gpu != NULL, FALSE);

  /* Longer than any GPU's name: refused without quoting it back. */
  if (strlen (name) > GPU_NAME_MAX)
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_UNKNOWN_GPU,
                   _("A GPU name has at most %d bytes, not %zu; see cuocc --list-gpus"),
                   GPU_NAME_MAX, strlen (name));
      return FALSE;
    }

  normalized = normalized_products ();
  {
    g_autofree char *lower = g_ascii_strdown (name, -1);
    const CuoccProduct *exact = g_hash_table_lookup (normalized->by_lower_name, lower);

    if (exact != NULL)
      {
        gpu_from_product (exact, gpu);
        return TRUE;
      }
  }

  /* "Compute capability 8.6", as the app lists it, or a bare "8.6"/"sm_86". */
  if (g_ascii_strncasecmp (name, "compute capability ", 19) == 0)
    return cuocc_gpu_for_cc (name + 19, gpu, error);
  if (cuocc_parse_cc (name, &major, &minor, NULL))
    return cuocc_gpu_for_cc_numbers (major, minor, gpu, error);

  normalize_name (name, query_short, sizeof query_short, TRUE);
  if (query_short[0] == '\0')
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_UNKNOWN_GPU,
                   _("“%s” names no GPU; see cuocc --list-gpus"), name);
      return FALSE;
    }

  words = query_words (name, &n_words);

  if (!any_product_may_match (normalized, query_short, (const char *const *) words, n_words))
    n = 0;
  for (guint i = 0; i < n; i++)
    {
      const char *bounded = normalized->names[i].bounded;

      if (strcmp (normalized->names[i].short_name, query_short) == 0)
        {
          exact_short = &products[i];
          n_exact_short++;
        }
      if (query_fits (bounded, query_short, (const char *const *) words, n_words))
        g_ptr_array_add (candidates, (gpointer) &products[i]);
    }

  if (n_exact_short == 1)
    {
      gpu_from_product (exact_short, gpu);
      return TRUE;
    }
  if (candidates->len == 1)
    {
      gpu_from_product (g_ptr_array_index (candidates, 0), gpu);
      return TRUE;
    }
  if (candidates->len == 0)
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_UNKNOWN_GPU,
                   _("No GPU is called “%s”; see cuocc --list-gpus for the known ones, or use --cc X.Y"),
                   name);
      return FALSE;
    }
  else if (one_capability (candidates))
    {
      gpu_for_products (name, candidates, gpu, note);
      return TRUE;
    }
  else
    {
      g_autoptr(GString) list = g_string_new (NULL);

      for (guint i = 0; i < candidates->len; i++)
        {
          const CuoccProduct *p = g_ptr_array_index (candidates, i);

          g_string_append_printf (list, "%s%s", i ? "; " : "", p->name);
        }
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_AMBIGUOUS_GPU,
                   _("“%s” matches several GPUs: %s"), name, list->str);
      return FALSE;
    }
}

/* Each word of the query, case-folded, appears in the haystack. */
static gboolean
every_word_in (const char *query,
               const char *haystack)
{
  g_autofree char *folded_query = g_utf8_casefold (query, -1);
  g_autofree char *folded = g_utf8_casefold (haystack, -1);
  g_auto(GStrv) words = g_strsplit_set (folded_query, " \t", -1);
  gboolean any = FALSE;

  for (guint i = 0; words[i] != NULL; i++)
    {
      if (words[i][0] == '\0')
        continue;
      if (strstr (folded, words[i]) == NULL)
        return FALSE;
      any = TRUE;
    }
  return any;
}

/* Whether the query names the product as cuocc_gpu_find () takes a name. */
static gboolean
names_product (const char         *query,
               const CuoccProduct *product)
{
  const NormalizedProducts *np = normalized_products ();
  g_autofree char *lower = g_ascii_strdown (query, -1);
  g_auto(GStrv) words = NULL;
  const CuoccProduct *products;
  char query_short[128];
  guint n_words, n;

  if (g_hash_table_lookup (np->by_lower_name, lower) == product)
    return TRUE;
  normalize_name (query, query_short, sizeof query_short, TRUE);
  if (query_short[0] == '\0')
    return FALSE;
  products = cuocc_products (&n);
  g_assert (product >= products && product < products + n);
  if (strcmp (np->names[product - products].short_name, query_short) == 0)
    return TRUE;
  words = query_words (query, &n_words);
  return query_fits (np->names[product - products].bounded, query_short, (const char *const *) words, n_words);
}

/**
 * cuocc_gpu_matches:
 * @query: what the user typed
 * @name: a GPU's name as a list shows it: a product's ("NVIDIA H100 SXM5"),
 *   "Compute capability 8.9", a custom device's
 * @major: the GPU's compute capability, major version; 0 where the list does not know it
 * @minor: the GPU's compute capability, minor version
 *
 * Whether a list's GPU is one that @query finds, so that a front end's search
 * takes every name the command line does. For a product, @query names it as
 * cuocc_gpu_find() takes a name: its name or the driver's, with or without
 * the brand words, the memory size and the separators ("NVIDIA H100 80GB
 * HBM3", "Tesla V100-SXM2-16GB", "A100-SXM4-80GB", "rtx4090"). For any GPU,
 * each word of @query may also appear, ignoring case, in the name, the
 * compute capability ("8.9", "sm_89") or the architecture ("Ada"), as a
 * search does while the user types.
 *
 * Returns: %TRUE when @query finds the GPU; %FALSE for an empty @query
 */
gboolean
cuocc_gpu_matches (const char *query,
                   const char *name,
                   int         major,
                   int         minor)
{
  const NormalizedProducts *np;
  const CuoccCapability *cap;
  g_autofree char *lower = NULL;
  g_autofree char *haystack = NULL;
  const CuoccProduct *product;

  g_return_val_if_fail (query != NULL, FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  if (strlen (query) > GPU_NAME_MAX)
    return FALSE;

  np = normalized_products ();
  lower = g_ascii_strdown (name, -1);
  product = g_hash_table_lookup (np->by_lower_name, lower);
  if (product != NULL && names_product (query, product))
    return TRUE;

  /* A GPU whose capability the list does not know is found by its name. */
  if (major <= 0)
    return every_word_in (query, name);
  cap = cuocc_capability_lookup (major, minor);
  haystack = g_strdup_printf ("%s %d.%d sm_%d%d %s", name, major, minor, major, minor,
                              cap != NULL && cap->architecture != NULL ? cap->architecture : "");
  return every_word_in (query, haystack);
}

/* ----- GPU ids ----- */

/* Ids are not translated, so that a session file written in one language
 * opens in another. */
#define CC_ID_PREFIX "Compute capability "

/**
 * cuocc_gpu_resolve_id:
 * @id: a GPU id
 * @gpu: (out caller-allocates): the GPU
 * @error: return location for a #GError
 *
 * Finds the GPU an id names. An id is how the app's GPU list and its
 * session files name a GPU: a product as cuocc_gpu_find() takes it,
 * "Compute capability X.Y" (see cuocc_gpu_cc_id()), %CUOCC_GPU_ID_DETECTED
 * for the first GPU the driver reports, or the absolute path of a custom
 * device file (see cuocc_gpu_load_file()).
 *
 * Returns: %TRUE on success; %FALSE with the error of the way the id
 *   names a GPU: %CUOCC_ERROR_UNKNOWN_CC for a capability cuocc does not
 *   know, %CUOCC_ERROR_UNKNOWN_GPU for a name no GPU has or when the driver
 *   finds none, or the error of reading a device file
 */
gboolean
cuocc_gpu_resolve_id (const char  *id,
                      CuoccGpu    *gpu,
                      GError     **error)
{
  g_return_val_if_fail (id != NULL, FALSE);
  g_return_val_if_fail (gpu != NULL, FALSE);

  if (g_str_has_prefix (id, CC_ID_PREFIX))
    return cuocc_gpu_for_cc (id + strlen (CC_ID_PREFIX), gpu, error);

  if (g_str_equal (id, CUOCC_GPU_ID_DETECTED))
    {
      int n = cuocc_detect_gpus_with_clusters (gpu, 1, error);

      if (n == 0)
        g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_UNKNOWN_GPU, _("The driver found no CUDA GPU on this machine."));
      return n > 0;
    }

  if (g_path_is_absolute (id))
    return cuocc_gpu_load_file (id, gpu, error);

  return cuocc_gpu_find (id, gpu, error);
}

/**
 * cuocc_gpu_cc_id:
 * @major: the compute capability's major number
 * @minor: its minor number
 *
 * The GPU id of a compute capability, for cuocc_gpu_resolve_id():
 * "Compute capability 8.6".
 *
 * Returns: (transfer full): the id
 */
char *
cuocc_gpu_cc_id (int major,
                 int minor)
{
  return g_strdup_printf (CC_ID_PREFIX "%d.%d", major, minor);
}
