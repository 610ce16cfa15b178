/* cuocc-cli-input.c — turns text into a device and a calculation input.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cuocc-cli-input.h"

static const char *
field_name (CliInputColumn column,
            gboolean       as_options)
{
  static const char *const options[CLI_N_INPUTS] = {
    "--cc", "--gpu", "--threads", "--regs", "--smem", "--smem-config", "--barriers", "--global-caching",
    "--cluster-size", "--carveout",
  };

  return as_options ? options[column] : cli_input_column_name (column);
}

/* The library's message names the value and the forms allowed; prefix the
 * option or column it came from. */
static gboolean
parse_size_field (const char  *text,
                  const char  *name,
                  gint64      *bytes,
                  GError     **error)
{
  g_autoptr(GError) local_error = NULL;

  if (!cuocc_parse_size (text, bytes, &local_error))
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT, "%s: %s", name, local_error->message);
      return FALSE;
    }
  if (*bytes < 0)
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT,
                   _("%s: “%s” is negative; a size is 0 or more bytes"), name, text);
      return FALSE;
    }
  return TRUE;
}

static inline gboolean
has_text (const char *text)
{
  return text != NULL && *text != '\0';
}

/* A whole number in the range the library answers for, the app's too. An
 * empty field keeps the default. */
static gboolean
parse_int_field (const char *const  fields[CLI_N_INPUTS],
                 CliInputColumn     column,
                 CuoccInputKind     kind,
                 gboolean           as_options,
                 int               *value,
                 GError           **error)
{
  CuoccInputRange r = cuocc_input_range (NULL, kind);

  return !has_text (fields[column]) ||
         cuocc_parse_int (fields[column], field_name (column, as_options), (int) r.min, (int) r.max, value, error);
}

/* An empty batch field means the default; an option given with an empty
 * value is a mistake, not a request for the default. */
static gboolean
check_not_empty (const char *const  fields[CLI_N_INPUTS],
                 gboolean           as_options,
                 GError           **error)
{
  static const char *const allowed[CLI_N_INPUTS] = {
    [CLI_INPUT_CC] = N_("a compute capability such as 8.6"),
    [CLI_INPUT_GPU] = N_("a GPU name (see --list-gpus)"),
    [CLI_INPUT_THREADS] = N_("a whole number ≥ 1"),
    [CLI_INPUT_REGS] = N_("a whole number ≥ 0"),
    [CLI_INPUT_SMEM] = N_("a size such as 49152 or 48K"),
    [CLI_INPUT_SMEM_CONFIG] = N_("a size such as 49152 or 48K"),
    [CLI_INPUT_BARRIERS] = N_("a whole number from 0 to 16"),
    [CLI_INPUT_GLOBAL_CACHING] = N_("off, on or strict"),
  };

  if (!as_options)
    return TRUE;
  for (guint c = 0; c < CLI_N_INPUTS; c++)
    if (fields[c] != NULL && *fields[c] == '\0' && c != CLI_INPUT_THREADS)
      {
        g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT,
                     _("%s is given an empty value; allowed: %s"), field_name (c, TRUE), _(allowed[c]));
        return FALSE;
      }
  return TRUE;
}

gboolean
cli_input_parse (const char *const  fields[CLI_N_INPUTS],
                 gboolean           as_options,
                 CuoccInput        *input,
                 GError           **error)
{
  cuocc_input_init (input);

  if (!check_not_empty (fields, as_options, error))
    return FALSE;
  if (!has_text (fields[CLI_INPUT_THREADS]))
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT,
                   _("%s is required: the threads per block, a whole number ≥ 1"),
                   field_name (CLI_INPUT_THREADS, as_options));
      return FALSE;
    }
  if (!parse_int_field (fields, CLI_INPUT_THREADS, CUOCC_INPUT_THREADS, as_options, &input->threads, error) ||
      !parse_int_field (fields, CLI_INPUT_REGS, CUOCC_INPUT_REGS, as_options, &input->regs, error))
    return FALSE;
  if (has_text (fields[CLI_INPUT_SMEM]) &&
      !parse_size_field (fields[CLI_INPUT_SMEM], field_name (CLI_INPUT_SMEM, as_options),
                         &input->smem, error))
    return FALSE;
  if (has_text (fields[CLI_INPUT_SMEM_CONFIG]) &&
      !parse_size_field (fields[CLI_INPUT_SMEM_CONFIG], field_name (CLI_INPUT_SMEM_CONFIG, as_options),
                         &input->smem_config, error))
    return FALSE;
  if (!parse_int_field (fields, CLI_INPUT_BARRIERS, CUOCC_INPUT_BARRIERS, as_options, &input->barriers, error))
    return FALSE;
  if (has_text (fields[CLI_INPUT_GLOBAL_CACHING]) &&
      !cuocc_caching_parse (fields[CLI_INPUT_GLOBAL_CACHING], &input->caching, error))
    return FALSE;
  if (!parse_int_field (fields, CLI_INPUT_CLUSTER_SIZE, CUOCC_INPUT_CLUSTER_SIZE, as_options, &input->cluster_size,
                        error) ||
      !parse_int_field (fields, CLI_INPUT_CARVEOUT, CUOCC_INPUT_CARVEOUT, as_options, &input->carveout, error))
    return FALSE;
  if (input->carveout >= 0 && input->smem_config >= 0)
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT,
                   _("%s and %s both choose the shared memory configuration; give one of them"),
                   field_name (CLI_INPUT_SMEM_CONFIG, as_options), field_name (CLI_INPUT_CARVEOUT, as_options));
      return FALSE;
    }
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
