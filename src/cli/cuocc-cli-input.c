/* cuocc-cli-input.c — turns text into a device and a calculation input.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cuocc-cli-input.h"

/* An input as the user gave it: an option ("--regs") or a batch column ("regs"). */
static const char *
input_name (CuoccInputKey key,
            gboolean      as_options)
{
  const CuoccInputInfo *info = cuocc_input_info (key);

  return as_options ? info->option : info->batch_column;
}

static inline gboolean
has_text (const char *text)
{
  return text != NULL && *text != '\0';
}

/* An empty batch field means the default; an option given with an empty
 * value is a mistake, not a request for the default. */
static gboolean
check_not_empty (const char *const  texts[CUOCC_N_INPUT_KEYS],
                 gboolean           as_options,
                 GError           **error)
{
  if (!as_options)
    return TRUE;
  for (guint key = 0; key < CUOCC_N_INPUT_KEYS; key++)
    if (texts[key] != NULL && *texts[key] == '\0' && key != CUOCC_INPUT_KEY_THREADS)
      {
        g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT,
                     _("%s is given an empty value; allowed: %s"), input_name (key, TRUE),
                     _(cuocc_input_info (key)->allowed));
        return FALSE;
      }
  return TRUE;
}

gboolean
cli_input_parse (const char *const  texts[CUOCC_N_INPUT_KEYS],
                 gboolean           as_options,
                 CuoccInputValues  *values,
                 CuoccInput        *input,
                 GError           **error)
{
  CuoccInputKey first, second;

  cuocc_input_values_init (values);
  cuocc_input_values_to_input (values, input);

  if (!check_not_empty (texts, as_options, error))
    return FALSE;
  if (!has_text (texts[CUOCC_INPUT_KEY_THREADS]))
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT,
                   _("%s is required: the threads per block, a whole number ≥ 1"),
                   input_name (CUOCC_INPUT_KEY_THREADS, as_options));
      return FALSE;
    }
  /* An empty field keeps the default; the ranges are the library's, the
   * app's too. */
  for (guint key = 0; key < CUOCC_N_INPUT_KEYS; key++)
    if (has_text (texts[key]) &&
        !cuocc_input_values_parse (values, key, texts[key], input_name (key, as_options), error))
      return FALSE;
  if (cuocc_input_values_conflict (values, &first, &second))
    {
      /* Translators: e.g. "--smem-config and --carveout both choose the shared memory configuration; give one of them" */
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT, _("%s and %s both choose %s; give one of them"),
                   input_name (first, as_options), input_name (second, as_options),
                   _(cuocc_input_info (first)->decides));
      return FALSE;
    }
  cuocc_input_values_to_input (values, input);
  return TRUE;
}

void
cli_input_explain_error (const CuoccGpu *gpu,
                         GError         *error)
{
  const CuoccCapability *cap = &gpu->cap;
  g_autoptr(GString) message = NULL;

  if (!g_error_matches (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_SMEM_CONFIG) || cap->n_smem_configs <= 0)
    return;

  /* The library may already list the configurations; say it only once. */
  g_autofree char *last = g_strdup_printf ("%d", cap->smem_configs[cap->n_smem_configs - 1]);
  if (strstr (error->message, last) != NULL && cap->n_smem_configs > 1)
    return;

  message = g_string_new (error->message);
  g_string_append_printf (message, _(" (compute capability %d.%d allows"), cap->major, cap->minor);
  for (int i = 0; i < cap->n_smem_configs; i++)
    g_string_append_printf (message, "%s %d", i > 0 ? "," : "", cap->smem_configs[i]);
  g_string_append (message, _(" bytes)"));
  g_free (error->message);
  error->message = g_string_free (g_steal_pointer (&message), FALSE);
}
