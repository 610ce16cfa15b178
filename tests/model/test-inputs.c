/* test-inputs.c — the inputs' description, which the command line, the
 * batch reader, sessions and the app read.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <cuocc.h>

/* The defaults as README and cuocc --help state them: 256 threads, 32
 * registers, no shared memory, the largest configuration, one barrier, no
 * global caching, no clusters, no carveout preference. */
static void
test_defaults (void)
{
  CuoccInputValues values;
  CuoccInput input;

  cuocc_input_values_init (&values);
  g_assert_cmpuint (values.given, ==, 0);
  cuocc_input_values_to_input (&values, &input);
  g_assert_cmpint (input.threads, ==, 256);
  g_assert_cmpint (input.regs, ==, 32);
  g_assert_cmpint (input.smem, ==, 0);
  g_assert_cmpint (input.smem_config, ==, -1);
  g_assert_cmpint (input.barriers, ==, 1);
  g_assert_cmpint (input.caching, ==, CUOCC_CACHING_OFF);
  g_assert_cmpint (input.cluster_size, ==, 0);
  g_assert_cmpint (input.carveout, ==, -1);

  /* cuocc_input_init () gives the description's defaults. */
  cuocc_input_init (&input);
  g_assert_cmpint (input.threads, ==, 256);
  g_assert_cmpint (input.regs, ==, 32);
  g_assert_cmpint (input.barriers, ==, 1);
}

/* Each input is named once for each front end, and the ranges are the
 * model's: what the app accepts is what a session opens. */
static void
test_description (void)
{
  g_autoptr(GHashTable) names = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint key = 0; key < CUOCC_N_INPUT_KEYS; key++)
    {
      const CuoccInputInfo *info = cuocc_input_info (key);

      g_assert_cmpint (info->key, ==, key);
      g_assert_true (g_str_has_prefix (info->option, "--"));
      g_assert_true (g_hash_table_add (names, (gpointer) info->option));
      if (info->batch_column != NULL)
        {
          g_assert_true (cuocc_input_info_find_column (info->batch_column) == info);
          g_assert_true (g_hash_table_add (names, (gpointer) info->batch_column));
        }
      g_assert_nonnull (info->allowed);
      g_assert_nonnull (info->label);
      g_assert_nonnull (info->help);
      g_assert_true (cuocc_input_info_accepts (info, info->default_value));
      if (info->range_kind >= 0)
        {
          CuoccInputRange r = cuocc_input_range (NULL, info->range_kind);

          g_assert_cmpint (info->min, ==, r.min);
          g_assert_cmpint (info->max, ==, r.max);
        }
      if (info->conflicts != 0)
        g_assert_nonnull (info->decides);
      for (guint other = 0; other < CUOCC_N_INPUT_KEYS; other++)
        if (info->conflicts & (1u << other))
          g_assert_true (cuocc_input_info (other)->conflicts & (1u << key));
    }
  g_assert_null (cuocc_input_info_find_column ("cc"));
  g_assert_null (cuocc_input_info_find_column ("dynamic_smem"));

  /* 70,000 registers a thread: no GPU launches it, cuocc answers (0
   * blocks), and so a session may hold it; -1 is no question. */
  g_assert_true (cuocc_input_info_accepts (cuocc_input_info (CUOCC_INPUT_KEY_REGS), 70000));
  g_assert_false (cuocc_input_info_accepts (cuocc_input_info (CUOCC_INPUT_KEY_REGS), -1));
  g_assert_true (cuocc_input_info_accepts (cuocc_input_info (CUOCC_INPUT_KEY_CARVEOUT), -1));
  g_assert_false (cuocc_input_info_accepts (cuocc_input_info (CUOCC_INPUT_KEY_CARVEOUT), 101));
  g_assert_false (cuocc_input_info_accepts (cuocc_input_info (CUOCC_INPUT_KEY_CLUSTER_SIZE), 17));
}

static void
test_parse (void)
{
  g_autoptr(GError) error = NULL;
  CuoccInputValues values;
  CuoccInput input;

  cuocc_input_values_init (&values);
  g_assert_true (cuocc_input_values_parse (&values, CUOCC_INPUT_KEY_REGS, "70000", "--regs", &error));
  g_assert_no_error (error);
  g_assert_cmpint (values.values[CUOCC_INPUT_KEY_REGS], ==, 70000);
  g_assert_cmpuint (values.given, ==, 1u << CUOCC_INPUT_KEY_REGS);

  g_assert_false (cuocc_input_values_parse (&values, CUOCC_INPUT_KEY_REGS, "-1", "regs", &error));
  g_assert_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT);
  g_assert_true (g_str_has_prefix (error->message, "regs: "));
  g_assert_cmpint (values.values[CUOCC_INPUT_KEY_REGS], ==, 70000);
  g_clear_error (&error);

  /* 48K is 48 × 1024 bytes; 16K of dynamic memory adds to 4096 static. */
  g_assert_true (cuocc_input_values_parse (&values, CUOCC_INPUT_KEY_SMEM, "4096", "--smem", NULL));
  g_assert_true (cuocc_input_values_parse (&values, CUOCC_INPUT_KEY_DYNAMIC_SMEM, "16K", "--dynamic-smem", NULL));
  g_assert_true (cuocc_input_values_parse (&values, CUOCC_INPUT_KEY_SMEM_CONFIG, "48K", "--smem-config", NULL));
  g_assert_cmpint (values.values[CUOCC_INPUT_KEY_SMEM_CONFIG], ==, 49152);
  g_assert_false (cuocc_input_values_parse (&values, CUOCC_INPUT_KEY_DYNAMIC_SMEM, "-5", "--dynamic-smem", &error));
  g_assert_nonnull (strstr (error->message, "--dynamic-smem"));
  g_clear_error (&error);

  g_assert_true (cuocc_input_values_parse (&values, CUOCC_INPUT_KEY_CACHING, "STRICT", "global_caching", NULL));
  g_assert_false (cuocc_input_values_parse (&values, CUOCC_INPUT_KEY_CACHING, "sometimes", "global_caching", &error));
  g_assert_nonnull (strstr (error->message, "off, on, strict"));
  g_clear_error (&error);

  g_assert_false (cuocc_input_values_parse (&values, CUOCC_INPUT_KEY_CLUSTER_SIZE, "17", "--cluster-size", &error));
  g_clear_error (&error);

  cuocc_input_values_to_input (&values, &input);
  g_assert_cmpint (input.regs, ==, 70000);
  g_assert_cmpint (input.smem, ==, 4096 + 16384);
  g_assert_cmpint (input.smem_config, ==, 49152);
  g_assert_cmpint (input.caching, ==, CUOCC_CACHING_STRICT);
}

/* A configuration and a carveout preference both choose the shared memory
 * configuration; a carveout of "none" chooses nothing. */
static void
test_conflicts (void)
{
  CuoccInputValues values;
  CuoccInputKey first, second;

  cuocc_input_values_init (&values);
  cuocc_input_values_set (&values, CUOCC_INPUT_KEY_SMEM_CONFIG, 102400);
  g_assert_false (cuocc_input_values_conflict (&values, NULL, NULL));
  cuocc_input_values_set (&values, CUOCC_INPUT_KEY_CARVEOUT, CUOCC_CARVEOUT_NONE);
  g_assert_false (cuocc_input_values_conflict (&values, NULL, NULL));
  cuocc_input_values_set (&values, CUOCC_INPUT_KEY_CARVEOUT, 50);
  g_assert_true (cuocc_input_values_conflict (&values, &first, &second));
  g_assert_cmpint (first, ==, CUOCC_INPUT_KEY_SMEM_CONFIG);
  g_assert_cmpint (second, ==, CUOCC_INPUT_KEY_CARVEOUT);
}

/* A calculation's input as values: every input given, its shared memory
 * static. */
static void
test_from_input (void)
{
  CuoccInputValues values;
  CuoccInput input, back;

  cuocc_input_init (&input);
  input.threads = 128;
  input.smem = 28672;
  input.carveout = 25;
  cuocc_input_values_from_input (&values, &input);
  g_assert_cmpuint (values.given, ==, ((1u << CUOCC_N_INPUT_KEYS) - 1) & ~(1u << CUOCC_INPUT_KEY_SMS));
  g_assert_cmpint (values.values[CUOCC_INPUT_KEY_SMEM], ==, 28672);
  g_assert_cmpint (values.values[CUOCC_INPUT_KEY_DYNAMIC_SMEM], ==, 0);
  cuocc_input_values_to_input (&values, &back);
  g_assert_cmpmem (&input, sizeof input, &back, sizeof back);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cuocc/inputs/defaults", test_defaults);
  g_test_add_func ("/cuocc/inputs/description", test_description);
  g_test_add_func ("/cuocc/inputs/parse", test_parse);
  g_test_add_func ("/cuocc/inputs/conflicts", test_conflicts);
  g_test_add_func ("/cuocc/inputs/from-input", test_from_input);
  return g_test_run ();
}
