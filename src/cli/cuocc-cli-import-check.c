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
import_check_parse (const char  *expr,
                    GError     **error)
{
  g_autoptr (ImportCheck) check = g_new0 (ImportCheck, 1);
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
import_check_free (ImportCheck *check)
{
  if (check == NULL)
    return;
  for (guint i = 0; i < check->n_terms; i++)
    g_free (check->terms[i].text);
  g_free (check);
}

/* The entry's figure for key, or FALSE when it is unknown. */
static gboolean
entry_value (const CuoccKernel      *k,
             const ImportEvaluation *ev,
             CheckKey                key,
             double                 *value)
{
  gint64 v;

  switch (key)
    {
    case KEY_OCCUPANCY:
      *value = ev->result.occupancy * 100.0;
      return ev->ok;
    case KEY_BLOCKS:
      *value = ev->result.active_blocks;
      return ev->ok;
    case KEY_WARPS:
      *value = ev->result.active_warps;
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
import_check_entry (const ImportCheck      *check,
                    const CuoccKernel      *k,
                    const ImportEvaluation *ev,
                    GPtrArray              *failures)
{
  const char *arch = k->arch != NULL ? k->arch : "?";

  if (ev->why != NULL && ev->failed && k->loaded == CUOCC_LOAD_NONE)
    {
      g_ptr_array_add (failures, g_strdup_printf ("%s (%s): %s", k->name, arch, ev->why));
      return;
    }
  for (guint i = 0; i < check->n_terms; i++)
    {
      const CheckTerm *term = &check->terms[i];
      double value;
      char shown[G_ASCII_DTOSTR_BUF_SIZE];

      if (!entry_value (k, ev, term->key, &value))
        {
          g_ptr_array_add (failures,
                           g_strdup_printf (_("%s (%s): %s is unknown (%s): %s"), k->name, arch,
                                            key_names[term->key], term->text,
                                            ev->why != NULL ? ev->why : _("the input does not record it")));
          continue;
        }
      if (term_holds (term, value))
        continue;
      g_ascii_formatd (shown, sizeof shown, "%.4g", term->key == KEY_OCCUPANCY ? round (value * 100.0) / 100.0 : value);
      g_ptr_array_add (failures, g_strdup_printf (_("%s (%s): %s is %s; the check asks %s"), k->name, arch,
                                                  key_names[term->key], shown, term->text));
    }
}
