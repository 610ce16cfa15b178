/* cuocc-inputs.h — what a user enters, described once: each input's key,
 * type, unit, range, default, command-line option, batch column, session key
 * and the inputs it conflicts with.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#if !defined (CUOCC_INSIDE) && !defined (CUOCC_COMPILATION)
# error "Only <cuocc.h> can be included directly."
#endif

#include "cuocc-model.h"

/**
 * CuoccInputKey:
 * @CUOCC_INPUT_KEY_THREADS: threads per block
 * @CUOCC_INPUT_KEY_REGS: registers per thread
 * @CUOCC_INPUT_KEY_SMEM: shared memory per block (static, or static plus dynamic where no dynamic part is given)
 * @CUOCC_INPUT_KEY_DYNAMIC_SMEM: dynamic shared memory per block, added to the static part
 * @CUOCC_INPUT_KEY_SMEM_CONFIG: shared memory configuration per SM
 * @CUOCC_INPUT_KEY_BARRIERS: block barriers
 * @CUOCC_INPUT_KEY_CARVEOUT: carveout preference in percent
 * @CUOCC_INPUT_KEY_CLUSTER_SIZE: blocks per thread block cluster
 * @CUOCC_INPUT_KEY_CACHING: partitioned global caching
 * @CUOCC_INPUT_KEY_SMS: the SMs a launch may use; 0: the GPU's
 * @CUOCC_N_INPUT_KEYS: the number of inputs
 *
 * The inputs of one question, in the order `cuocc --help` lists them.
 */
typedef enum {
  CUOCC_INPUT_KEY_THREADS,
  CUOCC_INPUT_KEY_REGS,
  CUOCC_INPUT_KEY_SMEM,
  CUOCC_INPUT_KEY_DYNAMIC_SMEM,
  CUOCC_INPUT_KEY_SMEM_CONFIG,
  CUOCC_INPUT_KEY_BARRIERS,
  CUOCC_INPUT_KEY_CARVEOUT,
  CUOCC_INPUT_KEY_CLUSTER_SIZE,
  CUOCC_INPUT_KEY_CACHING,
  CUOCC_INPUT_KEY_SMS,
  CUOCC_N_INPUT_KEYS
} CuoccInputKey;

/**
 * CuoccInputType:
 * @CUOCC_INPUT_TYPE_COUNT: a whole number
 * @CUOCC_INPUT_TYPE_SIZE: a size in bytes, typed as a number or with a K, KB or KiB suffix
 * @CUOCC_INPUT_TYPE_CHOICE: one of the names in #CuoccInputInfo.choices
 *
 * How an input is typed.
 */
typedef enum {
  CUOCC_INPUT_TYPE_COUNT,
  CUOCC_INPUT_TYPE_SIZE,
  CUOCC_INPUT_TYPE_CHOICE,
} CuoccInputType;

/**
 * CuoccInputInfo:
 * @key: the input
 * @name: its name, as a program would spell it (`regs`)
 * @type: how it is typed
 * @unit: (nullable): the unit of its value (`threads`, `bytes`, `percent`), %NULL for a choice
 * @min: the smallest value cuocc answers for, on any GPU
 * @max: the largest value cuocc answers for, on any GPU
 * @has_none: whether the input may be left out (a carveout preference), its value then @none
 * @none: with @has_none, the value that says the input is not given (-1: no carveout preference)
 * @default_value: the value when the user gives none
 * @range_kind: the #CuoccInputKind cuocc_input_range() knows it as, or -1
 * @option: the command line's option (`--regs`)
 * @short_option: its one-letter form, or 0
 * @arg_description: what --help shows as its value (`N`, `SIZE`)
 * @help: (nullable): --help's line, untranslated; `%d` in it stands for the default
 * @batch_column: (nullable): the column of a batch file, or %NULL where a batch has none
 * @session_key: (nullable): the key of a session file, or %NULL where a session keeps none
 * @allowed: what may be typed, untranslated (`a whole number ≥ 0`)
 * @label: the app's name of it, untranslated (`Registers per thread`)
 * @choices: (nullable): for a choice, the names allowed, in the order of their values
 * @conflicts: the bits `1 << key` of the inputs that decide the same thing: give one of them
 * @decides: (nullable): what the conflicting inputs decide, untranslated
 *
 * One input, described once: the command line's parser, its conflict checks,
 * the batch reader, the session reader and writer, the app's fields and their
 * hints, and the man page's and completion's tests read this.
 */
typedef struct {
  CuoccInputKey key;
  const char *name;
  CuoccInputType type;
  const char *unit;
  gint64 min;
  gint64 max;
  gboolean has_none;
  gint64 none;
  gint64 default_value;
  int range_kind;
  const char *option;
  char short_option;
  const char *arg_description;
  const char *help;
  const char *batch_column;
  const char *session_key;
  const char *allowed;
  const char *label;
  const char *const *choices;
  guint32 conflicts;
  const char *decides;
} CuoccInputInfo;

/**
 * CuoccInputValues:
 * @values: each input's value, by #CuoccInputKey
 * @given: the bits `1 << key` of the inputs given, not defaulted
 *
 * A question as the user entered it: every input, the dynamic shared memory
 * apart from the static. Fill it with cuocc_input_values_init() first.
 */
typedef struct {
  gint64 values[CUOCC_N_INPUT_KEYS];
  guint32 given;
} CuoccInputValues;

G_BEGIN_DECLS

CUOCC_AVAILABLE const CuoccInputInfo *cuocc_input_info (CuoccInputKey key);
CUOCC_AVAILABLE const CuoccInputInfo *cuocc_input_info_find_column (const char *column);
CUOCC_AVAILABLE gboolean cuocc_input_info_accepts (const CuoccInputInfo *info, gint64 value);

CUOCC_AVAILABLE void cuocc_input_values_init (CuoccInputValues *values);
CUOCC_AVAILABLE gboolean cuocc_input_values_parse (CuoccInputValues *values, CuoccInputKey key, const char *text, const char *name, GError **error);
CUOCC_AVAILABLE void cuocc_input_values_set (CuoccInputValues *values, CuoccInputKey key, gint64 value);
CUOCC_AVAILABLE gboolean cuocc_input_values_conflict (const CuoccInputValues *values, CuoccInputKey *first, CuoccInputKey *second);
CUOCC_AVAILABLE void cuocc_input_values_to_input (const CuoccInputValues *values, CuoccInput *input);
CUOCC_AVAILABLE void cuocc_input_values_apply_gpu (const CuoccInputValues *values, CuoccGpu *gpu);
CUOCC_AVAILABLE void cuocc_input_values_from_input (CuoccInputValues *values, const CuoccInput *input);

G_END_DECLS
