/* cuocc-cli-import-check.c — cuocc --import FILE --check EXPR: a gate for CI
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * EXPR is a comma-separated list of KEY OP NUMBER terms, e.g.
 * "occupancy>=50,regs<=128,spills==0". Every entry that runs on the GPU
 * (each on its own architecture without --gpu or --cc) must meet every term.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gi18n.h>

#include "cuocc-cli-import-private.h"

#define MAX_TERMS 64

typedef enum {
  KEY_OCCUPANCY,
  KEY_REGS,
  KEY_SMEM,
  KEY_STACK,
  KEY_SPILLS,
  KEY_SPILL_STORES,
  KEY_SPILL_LOADS,
  KEY_BLOCKS,
  KEY_WARPS,
  KEY_BARRIERS,
  N_KEYS,
} CheckKey;

typedef enum {
  OP_LT,
  OP_LE,
  OP_EQ,
  OP_NE,
  OP_GE,
  OP_GT,
} CheckOp;

static const char *const key_names[N_KEYS] = {
  [KEY_OCCUPANCY] = "occupancy",
  [KEY_REGS] = "regs",
  [KEY_SMEM] = "smem",
  [KEY_STACK] = "stack",
  [KEY_SPILLS] = "spills",
  [KEY_SPILL_STORES] = "spill_stores",
  [KEY_SPILL_LOADS] = "spill_loads",
  [KEY_BLOCKS] = "blocks",
  [KEY_WARPS] = "warps",
  [KEY_BARRIERS] = "barriers",
};

/* Two-character operators first, so that "<=" is not read as "<". */
static const struct {
  const char *text;
  CheckOp op;
} operators[] = {
  { "<=", OP_LE }, { ">=", OP_GE }, { "==", OP_EQ }, { "!=", OP_NE }, { "<", OP_LT }, { ">", OP_GT },
};

typedef struct {
  CheckKey key;
  CheckOp op;
  double value;
  char *text;                      /* the term as written, trimmed */
} CheckTerm;

struct _ImportCheck {
  guint n_terms;
  CheckTerm terms[MAX_TERMS];
  gboolean strict;                 /* --strict: a figure the entry lacks fails the term */
  /* Sets of kernels (cuocc_import_kernel_key), which may have several entries:
   * those checked against at least one term, those with a failure, and those not checked against a
   * term for lack of its figure, by reason (IMPORT_WHY_NONE: the input does
   * not record the figure); created when first needed. */
  GHashTable *checked;
  GHashTable *failed;
  guint n_seen;                    /* entries that run, checked or not */
  GHashTable *unknown[MAX_TERMS][IMPORT_N_WHYS];
};

static void
set_syntax_error (GError     **error,
                  const char  *term,
                  const char  *why)
{
  g_autoptr (GString) keys = g_string_new (NULL);

  for (guint k = 0; k < N_KEYS; k++)
    g_string_append_printf (keys, "%s%s", k > 0 ? ", " : "", key_names[k]);
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               _("--check: “%s”: %s. Write KEY OP NUMBER terms separated by commas, e.g. "
                 "occupancy>=50,regs<=128,spills==0; keys: %s (occupancy in percent, sizes in bytes); "
                 "operators: < <= == != >= >"),
               term, why, keys->str);
}

static gboolean
parse_term (const char  *raw,
            CheckTerm   *term,
            GError     **error)
{
  g_autofree char *text = g_strstrip (g_strdup (raw));
  const char *p = text;
  gsize key_len;
  char *end;
  guint k;

  while (g_ascii_isalnum (*p) || *p == '_')
    p++;
  key_len = (gsize) (p - text);
  for (k = 0; k < N_KEYS; k++)
    if (strlen (key_names[k]) == key_len && strncmp (text, key_names[k], key_len) == 0)
      break;
  if (key_len == 0 || k == N_KEYS)
    {
      set_syntax_error (error, text, key_len == 0 ? _("no key") : _("unknown key"));
      return FALSE;
    }
  while (*p == ' ')
    p++;
  for (guint o = 0; o < G_N_ELEMENTS (operators); o++)
    if (g_str_has_prefix (p, operators[o].text))
      {
        term->op = operators[o].op;
        p += strlen (operators[o].text);
        while (*p == ' ')
          p++;
        term->value = g_ascii_strtod (p, &end);
        if (end == p || *end != '\0' || !isfinite (term->value) || g_ascii_isspace (*p))
          {
            set_syntax_error (error, text, _("the value is not a number"));
            return FALSE;
          }
        term->key = k;
        term->text = g_steal_pointer (&text);
        return TRUE;
      }
  set_syntax_error (error, text, _("no operator"));
  return FALSE;
}

ImportCheck *
_cli_import_check_parse (const char  *expr,
                         gboolean     strict,
                         GError     **error)
{
  g_autoptr (ImportCheck) check = g_new0 (ImportCheck, 1);

  check->strict = strict;
  check->checked = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  check->failed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_auto (GStrv) parts = g_strsplit (expr, ",", -1);

  for (guint i = 0; parts[i] != NULL; i++)
    {
      if (check->n_terms == MAX_TERMS)
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("--check: at most %d terms"), MAX_TERMS);
          return NULL;
        }
      if (!parse_term (parts[i], &check->terms[check->n_terms], error))
        return NULL;
      check->n_terms++;
    }
  if (check->n_terms == 0)
    {
      set_syntax_error (error, expr, _("no term"));
      return NULL;
    }
  return g_steal_pointer (&check);
}

void
_cli_import_check_free (ImportCheck *check)
{
  if (check == NULL)
    return;
  for (guint i = 0; i < check->n_terms; i++)
    {
      g_free (check->terms[i].text);
      for (guint w = 0; w < IMPORT_N_WHYS; w++)
        g_clear_pointer (&check->unknown[i][w], g_hash_table_unref);
    }
  g_clear_pointer (&check->checked, g_hash_table_unref);
  g_clear_pointer (&check->failed, g_hash_table_unref);
  g_free (check);
}

/* The entry's figure for key, or FALSE when it is unknown; then *unknown
 * says why (IMPORT_WHY_NONE: the input does not record it) and is a
 * failure's reason rather than a lack when it is not IMPORT_WHY_IS_UNKNOWN. */
static gboolean
entry_value (const CuoccKernel      *k,
             const ImportEvaluation *ev,
             CheckKey                key,
             double                 *value,
             ImportWhy              *unknown)
{
  gint64 v;

  switch (key)
    {
    case KEY_OCCUPANCY:
    case KEY_BLOCKS:
    case KEY_WARPS:
      *value = key == KEY_OCCUPANCY ? ev->result.occupancy * 100.0
             : key == KEY_BLOCKS ? ev->result.active_blocks : ev->result.active_warps;
      *unknown = ev->reason;
      return ev->ok;
    case KEY_REGS:
      v = k->regs;
      break;
    case KEY_SMEM:
      v = k->smem;
      break;
    case KEY_STACK:
      v = k->stack;
      break;
    case KEY_SPILLS:
      v = k->spill_stores >= 0 && k->spill_loads >= 0 ? k->spill_stores + k->spill_loads : -1;
      break;
    case KEY_SPILL_STORES:
      v = k->spill_stores;
      break;
    case KEY_SPILL_LOADS:
      v = k->spill_loads;
      break;
    case KEY_BARRIERS:
      v = k->barriers;
      break;
    case N_KEYS:
    default:
      g_assert_not_reached ();
    }
  *value = (double) v;
  /* PTX holds no figures before JIT, unless ptxas assembled it; other
   * figures an input may lack. */
  *unknown = k->code == CUOCC_CODE_PTX && v < 0 ? IMPORT_WHY_PTX : IMPORT_WHY_NONE;
  return v >= 0;
}

static gboolean
term_holds (const CheckTerm *term,
            double           value)
{
  /* Occupancy is compared as printed, to two decimals. */
  if (term->key == KEY_OCCUPANCY)
    value = round (value * 100.0) / 100.0;
  switch (term->op)
    {
    case OP_LT: return value < term->value;
    case OP_LE: return value <= term->value;
    case OP_EQ: return value == term->value;
    case OP_NE: return value != term->value;
    case OP_GE: return value >= term->value;
    case OP_GT: return value > term->value;
    default: g_assert_not_reached ();
    }
}

void
_cli_import_check_entry (ImportCheck            *check,
                         const CuoccKernel      *k,
                         const ImportEvaluation *ev,
                         GPtrArray              *failures)
{
  const char *arch = k->arch != NULL ? k->arch : "?";
  guint n_before = failures->len;
  gboolean checked = FALSE;

  check->n_seen++;
  if (ev->why != NULL && ev->failed && k->loaded == CUOCC_LOAD_NONE)
    {
      g_ptr_array_add (failures, g_strdup_printf ("%s (%s): %s", k->name, arch, ev->why));
      _cli_import_kernel_set_add (check->checked, k);
      _cli_import_kernel_set_add (check->failed, k);
      return;
    }
  for (guint i = 0; i < check->n_terms; i++)
    {
      const CheckTerm *term = &check->terms[i];
      double value;
      ImportWhy unknown;
      char shown[G_ASCII_DTOSTR_BUF_SIZE];

      if (!entry_value (k, ev, term->key, &value, &unknown))
        {
          gboolean lacking = unknown == IMPORT_WHY_NONE || IMPORT_WHY_IS_UNKNOWN (unknown);

          /* A figure the input does not hold is no failure of the kernel:
           * it is counted and said once, unless --strict. */
          if (lacking && !check->strict)
            {
              if (check->unknown[i][unknown] == NULL)
                check->unknown[i][unknown] = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
              _cli_import_kernel_set_add (check->unknown[i][unknown], k);
              continue;
            }
          g_ptr_array_add (failures,
                           g_strdup_printf (_("%s (%s): %s is unknown (%s): %s"), k->name, arch,
                                            key_names[term->key], term->text,
                                            unknown != IMPORT_WHY_NONE && ev->why != NULL
                                            ? ev->why : _("the input does not record it")));
          continue;
        }
      checked = TRUE;
      if (term_holds (term, value))
        continue;
      g_ascii_formatd (shown, sizeof shown, "%.4g", term->key == KEY_OCCUPANCY ? round (value * 100.0) / 100.0 : value);
      g_ptr_array_add (failures, g_strdup_printf (_("%s (%s): %s is %s; the check asks %s"), k->name, arch,
                                                  key_names[term->key], shown, term->text));
    }
  /* A kernel none of whose terms could be weighed is not counted as
   * checked: a gate that weighed nothing must not read as passed. */
  if (checked || failures->len > n_before)
    _cli_import_kernel_set_add (check->checked, k);
  if (failures->len > n_before)
    _cli_import_kernel_set_add (check->failed, k);
}

/* What to give instead of a figure the entries lack. */
static const char *
unknown_advice (CheckKey  key,
                ImportWhy why)
{
  switch (why)
    {
    case IMPORT_WHY_NO_BLOCK_SIZE:
      return _("no block size is declared: give --threads");
    case IMPORT_WHY_PTX:
      return _("PTX: registers are known only after JIT");
    case IMPORT_WHY_NO_ARCH:
      return _("the input names no architecture: choose the GPU with --gpu or --cc");
    default:
      break;
    }
  if (key == KEY_SPILLS || key == KEY_SPILL_STORES || key == KEY_SPILL_LOADS)
    /* ptxas reports spills; a cubin does not, but it records the stack frame
     * that spilled registers are stored in. */
    return _("the input does not record spills (a binary holds none, only ptxas -v reports them); "
             "spilled registers live in the stack frame, which a binary records: check stack instead, "
             "e.g. stack==0");
  return _("the input does not record it");
}

void
_cli_import_check_print_unknown (const ImportCheck *check)
{
  for (guint i = 0; i < check->n_terms; i++)
    for (guint w = 0; w < IMPORT_N_WHYS; w++)
      {
        guint n = check->unknown[i][w] != NULL ? g_hash_table_size (check->unknown[i][w]) : 0;

        if (n == 0)
          continue;
        g_printerr (g_dngettext (GETTEXT_PACKAGE,
                                 "cuocc: note: %s: %u kernel not checked: %s (--strict fails it)\n",
                                 "cuocc: note: %s: %u kernels not checked: %s (--strict fails them)\n", n),
                    check->terms[i].text, n, unknown_advice (check->terms[i].key, w));
      }
}

guint
_cli_import_check_n_seen (const ImportCheck *check)
{
  return check->n_seen;
}

guint
_cli_import_check_n_kernels (const ImportCheck *check)
{
  return g_hash_table_size (check->checked);
}

guint
_cli_import_check_n_failed_kernels (const ImportCheck *check)
{
  return g_hash_table_size (check->failed);
}
