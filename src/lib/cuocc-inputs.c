/* cuocc-inputs.c — what a user enters, described once.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every front end used to list the inputs itself (the command line's
 * options and conflict checks, the batch columns, the session keys, the
 * app's fields), and the copies came to disagree: a session with regs=70000
 * was saved by the app and refused when opened. Each input is now one entry
 * of inputs[] below, which all of them read.
 */
#include "config.h"

#include <string.h>

#include "cuocc-private.h"

/* ----- the description ----- */

static const char *const caching_choices[] = { "off", "on", "strict", NULL };

#define BIT(key) (1u << (key))

static const CuoccInputInfo inputs[CUOCC_N_INPUT_KEYS] = {
  [CUOCC_INPUT_KEY_THREADS] = {
    .key = CUOCC_INPUT_KEY_THREADS, .name = "threads", .type = CUOCC_INPUT_TYPE_COUNT, .unit = "threads",
    .min = 1, .max = CUOCC_MAX_THREADS_INPUT, .default_value = 256, .range_kind = CUOCC_INPUT_THREADS,
    .option = "--threads", .short_option = 't', .arg_description = N_("N"),
    .help = N_("Threads per block (required)"),
    .batch_column = "threads", .session_key = "threads",
    .allowed = N_("a whole number ≥ 1"), .label = N_("Threads per block"),
  },
  [CUOCC_INPUT_KEY_REGS] = {
    .key = CUOCC_INPUT_KEY_REGS, .name = "regs", .type = CUOCC_INPUT_TYPE_COUNT, .unit = "registers",
    .min = 0, .max = CUOCC_MAX_REGS_INPUT, .default_value = 32, .range_kind = CUOCC_INPUT_REGS,
    .option = "--regs", .short_option = 'r', .arg_description = N_("N"),
    .help = N_("Registers per thread (default %d)"),
    .batch_column = "regs", .session_key = "regs",
    .allowed = N_("a whole number ≥ 0"), .label = N_("Registers per thread"),
  },
  [CUOCC_INPUT_KEY_SMEM] = {
    .key = CUOCC_INPUT_KEY_SMEM, .name = "smem", .type = CUOCC_INPUT_TYPE_SIZE, .unit = "bytes",
    .min = 0, .max = CUOCC_MAX_SMEM_INPUT, .default_value = 0, .range_kind = CUOCC_INPUT_SMEM,
    .option = "--smem", .short_option = 's', .arg_description = N_("SIZE"),
    .help = N_("Shared memory per block, static plus dynamic (default 0)"),
    .batch_column = "smem", .session_key = "smem",
    .allowed = N_("a size such as 49152 or 48K"), .label = N_("Shared memory per block"),
  },
  [CUOCC_INPUT_KEY_DYNAMIC_SMEM] = {
    .key = CUOCC_INPUT_KEY_DYNAMIC_SMEM, .name = "dynamic_smem", .type = CUOCC_INPUT_TYPE_SIZE, .unit = "bytes",
    .min = 0, .max = CUOCC_MAX_SMEM_INPUT, .default_value = 0, .range_kind = CUOCC_INPUT_SMEM,
    .option = "--dynamic-smem", .arg_description = N_("SIZE"),
    .help = N_("Dynamic shared memory per block, added to --smem (default 0)"),
    .session_key = "dynamic_smem",
    .allowed = N_("a size such as 49152 or 48K"), .label = N_("Dynamic shared memory per block"),
  },
  [CUOCC_INPUT_KEY_SMEM_CONFIG] = {
    .key = CUOCC_INPUT_KEY_SMEM_CONFIG, .name = "smem_config", .type = CUOCC_INPUT_TYPE_SIZE, .unit = "bytes",
    .min = 0, .max = CUOCC_MAX_SMEM_INPUT, .has_none = TRUE, .none = -1, .default_value = -1, .range_kind = -1,
    .option = "--smem-config", .arg_description = N_("SIZE"),
    .help = N_("Shared memory configuration per SM (default: the largest)"),
    .batch_column = "smem_config", .session_key = "smem_config",
    .allowed = N_("a size such as 49152 or 48K"), .label = N_("Shared memory configuration"),
    .conflicts = BIT (CUOCC_INPUT_KEY_CARVEOUT), .decides = N_("the shared memory configuration"),
  },
  [CUOCC_INPUT_KEY_BARRIERS] = {
    .key = CUOCC_INPUT_KEY_BARRIERS, .name = "barriers", .type = CUOCC_INPUT_TYPE_COUNT, .unit = "barriers",
    .min = 0, .max = CUOCC_MAX_BARRIERS_INPUT, .default_value = 1, .range_kind = CUOCC_INPUT_BARRIERS,
    .option = "--barriers", .arg_description = N_("N"),
    .help = N_("Block barriers (default %d)"),
    .batch_column = "barriers", .session_key = "barriers",
    .allowed = N_("a whole number from 0 to 16"), .label = N_("Block barriers"),
  },
  [CUOCC_INPUT_KEY_CARVEOUT] = {
    .key = CUOCC_INPUT_KEY_CARVEOUT, .name = "carveout", .type = CUOCC_INPUT_TYPE_COUNT, .unit = "percent",
    .min = 0, .max = 100, .has_none = TRUE, .none = CUOCC_CARVEOUT_NONE, .default_value = CUOCC_CARVEOUT_NONE,
    .range_kind = CUOCC_INPUT_CARVEOUT,
    .option = "--carveout", .arg_description = N_("PCT"),
    .help = N_("Preferred shared memory carveout, in percent of the largest configuration (instead of --smem-config)"),
    .batch_column = "carveout", .session_key = "carveout",
    .allowed = N_("a whole number of percent from 0 to 100"), .label = N_("Carveout preference"),
    .conflicts = BIT (CUOCC_INPUT_KEY_SMEM_CONFIG), .decides = N_("the shared memory configuration"),
  },
  [CUOCC_INPUT_KEY_CLUSTER_SIZE] = {
    .key = CUOCC_INPUT_KEY_CLUSTER_SIZE, .name = "cluster_size", .type = CUOCC_INPUT_TYPE_COUNT, .unit = "blocks",
    .min = 0, .max = CUOCC_MAX_CLUSTER_SIZE, .default_value = 0, .range_kind = CUOCC_INPUT_CLUSTER_SIZE,
    .option = "--cluster-size", .arg_description = N_("N"),
    .help = N_("Blocks per thread block cluster (compute capability 9.0 on)"),
    .batch_column = "cluster_size", .session_key = "cluster_size",
    .allowed = N_("a whole number from 0 to 16"), .label = N_("Cluster size"),
  },
  [CUOCC_INPUT_KEY_CACHING] = {
    .key = CUOCC_INPUT_KEY_CACHING, .name = "global_caching", .type = CUOCC_INPUT_TYPE_CHOICE,
    .min = CUOCC_CACHING_OFF, .max = CUOCC_CACHING_STRICT, .default_value = CUOCC_CACHING_OFF,
    .range_kind = -1,
    .option = "--global-caching", .arg_description = N_("off|on|strict"),
    .help = N_("Partitioned global caching (default off)"),
    .batch_column = "global_caching", .session_key = "caching",
    .allowed = N_("off, on or strict"), .label = N_("Global caching"),
    .choices = caching_choices,
  },
  [CUOCC_INPUT_KEY_SMS] = {
    .key = CUOCC_INPUT_KEY_SMS, .name = "sms", .type = CUOCC_INPUT_TYPE_COUNT, .unit = "SMs",
    .min = 1, .max = 100000, .has_none = TRUE, .none = 0, .default_value = 0, .range_kind = -1,
    .option = "--sms", .arg_description = N_("N"),
    .help = N_("The SMs a launch may use, for the waves, the minimum grid and the clusters "
               "(default: the GPU's; fewer under MIG, MPS or a green context)"),
    .batch_column = "sms", .session_key = "sms",
    .allowed = N_("a whole number from 1 to 100000"), .label = N_("SMs the launch may use"),
  },
};

/* ----- public API ----- */

/**
 * cuocc_input_info: (skip)
 * @key: an input
 *
 * Describes one input.
 *
 * Returns: (transfer none): its description, for the life of the program
 */
const CuoccInputInfo *
cuocc_input_info (CuoccInputKey key)
{
  g_return_val_if_fail (key < CUOCC_N_INPUT_KEYS, NULL);

  return &inputs[key];
}

/**
 * cuocc_input_info_find_column: (skip)
 * @column: a batch file's column name, in lower case
 *
 * Finds the input a batch file's column gives.
 *
 * Returns: (transfer none) (nullable): its description, or %NULL where no input has that column
 */
const CuoccInputInfo *
cuocc_input_info_find_column (const char *column)
{
  g_return_val_if_fail (column != NULL, NULL);

  for (guint i = 0; i < CUOCC_N_INPUT_KEYS; i++)
    if (inputs[i].batch_column != NULL && strcmp (inputs[i].batch_column, column) == 0)
      return &inputs[i];
  return NULL;
}

/**
 * cuocc_input_info_accepts: (skip)
 * @info: an input
 * @value: a value of it
 *
 * Whether cuocc answers for @value on some GPU, or @value says the input is
 * not given: what a session or the saved state may hold.
 *
 * Returns: %TRUE when @value is @info's none or from its min to its max
 */
gboolean
cuocc_input_info_accepts (const CuoccInputInfo *info,
                          gint64                value)
{
  g_return_val_if_fail (info != NULL, FALSE);

  return (value >= info->min && value <= info->max) || (info->has_none && value == info->none);
}

/**
 * cuocc_input_values_init:
 * @values: (out caller-allocates): a question
 *
 * Fills @values with every input's default, none of them given.
 */
void
cuocc_input_values_init (CuoccInputValues *values)
{
  g_return_if_fail (values != NULL);

  for (guint i = 0; i < CUOCC_N_INPUT_KEYS; i++)
    values->values[i] = inputs[i].default_value;
  values->given = 0;
}

/**
 * cuocc_input_values_set:
 * @values: a question
 * @key: an input
 * @value: its value
 *
 * Gives an input, without checking it.
 */
void
cuocc_input_values_set (CuoccInputValues *values,
                        CuoccInputKey     key,
                        gint64            value)
{
  g_return_if_fail (values != NULL);
  g_return_if_fail (key < CUOCC_N_INPUT_KEYS);

  values->values[key] = value;
  values->given |= BIT (key);
}

/**
 * cuocc_input_values_parse:
 * @values: a question
 * @key: an input
 * @text: what the user typed
 * @name: what to call the input in a message: its option or its column
 * @error: return location for a #GError
 *
 * Reads an input as the user typed it. A count is checked against what
 * cuocc answers for; a size only against being negative, since whether it
 * fits is the GPU's question (cuocc_input_validate()).
 *
 * Returns: %TRUE with the input given; %FALSE with %CUOCC_ERROR_INVALID_INPUT
 *   naming @name, what was typed and what is allowed, @values unchanged
 */
gboolean
cuocc_input_values_parse (CuoccInputValues  *values,
                          CuoccInputKey      key,
                          const char        *text,
                          const char        *name,
                          GError           **error)
{
  const CuoccInputInfo *info;
  g_autoptr(GError) local_error = NULL;
  gint64 value = 0;

  g_return_val_if_fail (values != NULL, FALSE);
  g_return_val_if_fail (key < CUOCC_N_INPUT_KEYS, FALSE);
  g_return_val_if_fail (text != NULL && name != NULL, FALSE);

  info = &inputs[key];
  switch (info->type)
    {
    case CUOCC_INPUT_TYPE_COUNT:
      {
        int number;

        if (!cuocc_parse_int (text, name, (int) info->min, (int) info->max, &number, error))
          return FALSE;
        value = number;
      }
      break;
    case CUOCC_INPUT_TYPE_SIZE:
      if (!cuocc_parse_size (text, &value, &local_error))
        {
          g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT, "%s: %s", name, local_error->message);
          return FALSE;
        }
      if (value < 0)
        {
          g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT,
                       _("%s: “%s” is negative; a size is 0 or more bytes"), name, text);
          return FALSE;
        }
      break;
    case CUOCC_INPUT_TYPE_CHOICE:
      {
        CuoccCaching caching;

        /* The one choice so far; its parser's message lists the modes. */
        g_assert (key == CUOCC_INPUT_KEY_CACHING);
        if (!cuocc_caching_parse (text, &caching, error))
          return FALSE;
        value = caching;
      }
      break;
    default:
      g_assert_not_reached ();
    }

  cuocc_input_values_set (values, key, value);
  return TRUE;
}

/**
 * cuocc_input_values_conflict:
 * @values: a question
 * @first: (out) (optional): the first of two inputs given that decide the same thing
 * @second: (out) (optional): the second
 *
 * Finds two inputs given that decide the same thing (a shared memory
 * configuration and a carveout preference), which a question must not hold
 * both of. The description's `conflicts` say which.
 *
 * Returns: %TRUE when two such inputs are given
 */
gboolean
cuocc_input_values_conflict (const CuoccInputValues *values,
                             CuoccInputKey          *first,
                             CuoccInputKey          *second)
{
  g_return_val_if_fail (values != NULL, FALSE);

  for (guint i = 0; i < CUOCC_N_INPUT_KEYS; i++)
    for (guint j = i + 1; j < CUOCC_N_INPUT_KEYS; j++)
      if ((values->given & BIT (i)) && (values->given & BIT (j)) &&
          (inputs[i].conflicts & BIT (j)) && !(inputs[i].has_none && values->values[i] == inputs[i].none) &&
          !(inputs[j].has_none && values->values[j] == inputs[j].none))
        {
          if (first != NULL)
            *first = i;
          if (second != NULL)
            *second = j;
          return TRUE;
        }
  return FALSE;
}

/**
 * cuocc_input_values_to_input:
 * @values: a question
 * @input: (out caller-allocates): the calculation's input
 *
 * The calculation's input: the static and dynamic shared memory together.
 */
void
cuocc_input_values_to_input (const CuoccInputValues *values,
                             CuoccInput             *input)
{
  const gint64 *v;

  g_return_if_fail (values != NULL && input != NULL);

  v = values->values;
  input->threads = (int) v[CUOCC_INPUT_KEY_THREADS];
  input->regs = (int) v[CUOCC_INPUT_KEY_REGS];
  input->smem = v[CUOCC_INPUT_KEY_SMEM] + v[CUOCC_INPUT_KEY_DYNAMIC_SMEM];
  input->smem_config = v[CUOCC_INPUT_KEY_SMEM_CONFIG];
  input->barriers = (int) v[CUOCC_INPUT_KEY_BARRIERS];
  input->carveout = (int) v[CUOCC_INPUT_KEY_CARVEOUT];
  input->cluster_size = (int) v[CUOCC_INPUT_KEY_CLUSTER_SIZE];
  input->caching = (CuoccCaching) v[CUOCC_INPUT_KEY_CACHING];
}

/**
 * cuocc_input_values_apply_gpu:
 * @values: a question
 * @gpu: the GPU it is asked of
 *
 * What the question says of the GPU: the SMs a launch may use, where given,
 * replace the GPU's own count (a MIG slice, an MPS active-thread percentage
 * or a green context gives a launch fewer), so that the waves, the minimum
 * grid and the cluster answers count those.
 */
void
cuocc_input_values_apply_gpu (const CuoccInputValues *values,
                              CuoccGpu               *gpu)
{
  gint64 sms;

  g_return_if_fail (values != NULL && gpu != NULL);

  sms = values->values[CUOCC_INPUT_KEY_SMS];
  if ((values->given & BIT (CUOCC_INPUT_KEY_SMS)) && sms != inputs[CUOCC_INPUT_KEY_SMS].none)
    gpu->sm_count = (int) sms;
}

/**
 * cuocc_input_values_from_input:
 * @values: (out caller-allocates): a question
 * @input: a calculation's input
 *
 * The question a calculation's input asks, every input given; its shared
 * memory is all static.
 */
void
cuocc_input_values_from_input (CuoccInputValues *values,
                               const CuoccInput *input)
{
  g_return_if_fail (values != NULL && input != NULL);

  cuocc_input_values_init (values);
  cuocc_input_values_set (values, CUOCC_INPUT_KEY_THREADS, input->threads);
  cuocc_input_values_set (values, CUOCC_INPUT_KEY_REGS, input->regs);
  cuocc_input_values_set (values, CUOCC_INPUT_KEY_SMEM, input->smem);
  cuocc_input_values_set (values, CUOCC_INPUT_KEY_DYNAMIC_SMEM, 0);
  cuocc_input_values_set (values, CUOCC_INPUT_KEY_SMEM_CONFIG, input->smem_config);
  cuocc_input_values_set (values, CUOCC_INPUT_KEY_BARRIERS, input->barriers);
  cuocc_input_values_set (values, CUOCC_INPUT_KEY_CARVEOUT, input->carveout);
  cuocc_input_values_set (values, CUOCC_INPUT_KEY_CLUSTER_SIZE, input->cluster_size);
  cuocc_input_values_set (values, CUOCC_INPUT_KEY_CACHING, input->caching);
}
