/* test-input-model.c — the inputs' one owner, without a widget: text,
 * value, validity and its message, origin and its note, one "changed" a
 * batch, and the properties views bind to.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The messages are the C locale's (LC_ALL=C.UTF-8 in the test environment):
 * numbers without a thousands separator.
 */
#include "config.h"

#include <string.h>

#include "cuocc-input-model.h"

static void
count_cb (CuoccInputModel *model,
          guint           *count)
{
  (*count)++;
}

static CuoccInputModel *
model_on (const char *gpu_id,
          guint      *count)
{
  CuoccInputModel *model = cuocc_input_model_new ();
  g_autoptr(GError) error = NULL;

  g_assert_true (cuocc_input_model_set_gpu (model, gpu_id, CUOCC_INPUT_ORIGIN_USER, &error));
  g_assert_no_error (error);
  if (count != NULL)
    g_signal_connect (model, "changed", G_CALLBACK (count_cb), count);
  return model;
}

/* The description's defaults, before anything is written: 256 threads, 32
 * registers, no shared memory, one barrier, no cluster, no preference, all
 * SMs. Without a GPU there is no input, and the error says so. */
static void
test_defaults (void)
{
  g_autoptr(CuoccInputModel) model = cuocc_input_model_new ();
  g_autoptr(GError) error = NULL;
  CuoccInput input;
  CuoccGpu launch;

  g_assert_cmpstr (cuocc_input_model_get_text (model, CUOCC_INPUT_KEY_THREADS), ==, "256");
  g_assert_cmpint (cuocc_input_model_get_value (model, CUOCC_INPUT_KEY_THREADS), ==, 256);
  g_assert_cmpstr (cuocc_input_model_get_text (model, CUOCC_INPUT_KEY_REGS), ==, "32");
  g_assert_cmpstr (cuocc_input_model_get_text (model, CUOCC_INPUT_KEY_SMEM), ==, "0");
  g_assert_cmpstr (cuocc_input_model_get_text (model, CUOCC_INPUT_KEY_BARRIERS), ==, "1");
  g_assert_cmpstr (cuocc_input_model_get_text (model, CUOCC_INPUT_KEY_CARVEOUT), ==, "");
  g_assert_cmpint (cuocc_input_model_get_value (model, CUOCC_INPUT_KEY_CARVEOUT), ==, CUOCC_CARVEOUT_NONE);
  g_assert_cmpstr (cuocc_input_model_get_text (model, CUOCC_INPUT_KEY_SMS), ==, "");
  g_assert_cmpstr (cuocc_input_model_get_text (model, CUOCC_INPUT_KEY_CACHING), ==, "off");
  for (guint i = 0; i < CUOCC_N_INPUT_KEYS; i++)
    {
      g_assert_cmpint (cuocc_input_model_get_status (model, i), ==, CUOCC_INPUT_STATUS_OK);
      g_assert_cmpint (cuocc_input_model_get_origin (model, i), ==, CUOCC_INPUT_ORIGIN_DEFAULT);
      g_assert_null (cuocc_input_model_get_note (model, i));
    }
  /* Without a GPU, the ranges are what cuocc answers for on any GPU. */
  g_assert_cmpstr (cuocc_input_model_get_hint (model, CUOCC_INPUT_KEY_THREADS), ==, "Allowed: 1–1048576");

  g_assert_null (cuocc_input_model_get_gpu (model));
  g_assert_false (cuocc_input_model_get_input (model, &launch, &input, &error));
  g_assert_error (error, CUOCC_ERROR, CUOCC_ERROR_UNKNOWN_GPU);
  g_assert_cmpstr (error->message, ==, "No GPU is chosen.");
}

/* Text as typed, checked against the GPU: compute capability 8.6 launches
 * 1 to 1024 threads a block, and cuocc answers up to 1048576. A wrong text
 * keeps the last value that could be calculated; a value past the GPU's
 * limit is calculated and marked. */
static void
test_validity (void)
{
  guint count = 0;
  g_autoptr(CuoccInputModel) model = model_on ("Compute capability 8.6", &count);
  g_autoptr(GError) error = NULL;
  CuoccInput input;
  CuoccGpu launch;

  g_assert_cmpstr (cuocc_input_model_get_message (model, CUOCC_INPUT_KEY_THREADS), ==, "Allowed: 1–1024");
  g_assert_cmpstr (cuocc_input_model_get_message (model, CUOCC_INPUT_KEY_BARRIERS), ==, "Allowed: 0–16");

  cuocc_input_model_set_text (model, CUOCC_INPUT_KEY_THREADS, "12x", CUOCC_INPUT_ORIGIN_USER, NULL);
  g_assert_cmpuint (count, ==, 1);
  g_assert_cmpstr (cuocc_input_model_get_text (model, CUOCC_INPUT_KEY_THREADS), ==, "12x");
  g_assert_cmpint (cuocc_input_model_get_status (model, CUOCC_INPUT_KEY_THREADS), ==, CUOCC_INPUT_STATUS_INVALID);
  g_assert_cmpint (cuocc_input_model_get_value (model, CUOCC_INPUT_KEY_THREADS), ==, 256);
  g_assert_cmpstr (cuocc_input_model_get_message (model, CUOCC_INPUT_KEY_THREADS), ==, "Enter a whole number: 1–1024");
  g_assert_cmpstr (cuocc_input_model_get_hint (model, CUOCC_INPUT_KEY_THREADS), ==,
                   "Enter a whole number: 1–1024 · set by you");
  g_assert_false (cuocc_input_model_get_input (model, &launch, &input, &error));
  g_assert_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT);
  g_assert_cmpstr (error->message, ==, "Threads per block: Enter a whole number: 1–1024 · set by you");
  g_clear_error (&error);
  /* The GPU is there for the views also while an input is wrong. */
  g_assert_cmpint (launch.cap.major, ==, 8);
  g_assert_cmpint (launch.cap.minor, ==, 6);

  cuocc_input_model_set_text (model, CUOCC_INPUT_KEY_THREADS, "0", CUOCC_INPUT_ORIGIN_USER, NULL);
  g_assert_cmpint (cuocc_input_model_get_status (model, CUOCC_INPUT_KEY_THREADS), ==, CUOCC_INPUT_STATUS_INVALID);

  cuocc_input_model_set_text (model, CUOCC_INPUT_KEY_THREADS, "2000", CUOCC_INPUT_ORIGIN_USER, NULL);
  g_assert_cmpint (cuocc_input_model_get_status (model, CUOCC_INPUT_KEY_THREADS), ==, CUOCC_INPUT_STATUS_BEYOND_GPU);
  g_assert_cmpint (cuocc_input_model_get_value (model, CUOCC_INPUT_KEY_THREADS), ==, 2000);
  g_assert_cmpstr (cuocc_input_model_get_message (model, CUOCC_INPUT_KEY_THREADS), ==,
                   "2000 is more than this GPU allows: 1–1024");
  g_assert_true (cuocc_input_model_get_input (model, &launch, &input, NULL));
  g_assert_cmpint (input.threads, ==, 2000);

  cuocc_input_model_set_text (model, CUOCC_INPUT_KEY_THREADS, "2000000", CUOCC_INPUT_ORIGIN_USER, NULL);
  g_assert_cmpint (cuocc_input_model_get_status (model, CUOCC_INPUT_KEY_THREADS), ==, CUOCC_INPUT_STATUS_INVALID);
  g_assert_cmpstr (cuocc_input_model_get_message (model, CUOCC_INPUT_KEY_THREADS), ==,
                   "2000000 is more than cuocc answers for: 1–1048576");
  g_assert_cmpint (cuocc_input_model_get_value (model, CUOCC_INPUT_KEY_THREADS), ==, 2000);

  /* The carveout preference: empty for none, else 0 to 100 percent. */
  cuocc_input_model_set_text (model, CUOCC_INPUT_KEY_THREADS, " 128 ", CUOCC_INPUT_ORIGIN_USER, NULL);
  cuocc_input_model_set_text (model, CUOCC_INPUT_KEY_CARVEOUT, "150", CUOCC_INPUT_ORIGIN_USER, NULL);
  g_assert_false (cuocc_input_model_get_input (model, &launch, &input, &error));
  g_assert_cmpstr (error->message, ==,
                   "Carveout preference: enter a whole number of percent from 0 to 100, or nothing for none");
  g_clear_error (&error);
  cuocc_input_model_set_text (model, CUOCC_INPUT_KEY_CARVEOUT, "50", CUOCC_INPUT_ORIGIN_USER, NULL);
  g_assert_true (cuocc_input_model_get_input (model, &launch, &input, NULL));
  g_assert_cmpint (input.threads, ==, 128);
  g_assert_cmpint (input.carveout, ==, 50);
  g_assert_cmpint (input.smem_config, ==, -1);
}

/* Sizes: bytes, a suffix, or KiB where the unit says so; a KiB figure may
 * have a fraction that comes to whole bytes. A value that is no whole
 * number of KiB is written exactly, in bytes. The static and dynamic parts
 * are apart in the model and together in the input: 8 KiB + 48 KiB = 57344
 * bytes, past 48 KiB, so the kernel must opt in to its 49152 dynamic ones. */
static void
test_sizes (void)
{
  g_autoptr(CuoccInputModel) model = model_on ("Compute capability 9.0", NULL);
  CuoccInputValues values;
  CuoccInput input;
  CuoccGpu launch;
  g_autofree char *opt_in = NULL;

  cuocc_input_model_set_text (model, CUOCC_INPUT_KEY_SMEM, "48K", CUOCC_INPUT_ORIGIN_USER, NULL);
  g_assert_cmpint (cuocc_input_model_get_value (model, CUOCC_INPUT_KEY_SMEM), ==, 49152);

  cuocc_input_model_set_smem_in_kib (model, TRUE);
  g_assert_cmpstr (cuocc_input_model_get_text (model, CUOCC_INPUT_KEY_SMEM), ==, "48");
  cuocc_input_model_set_text (model, CUOCC_INPUT_KEY_SMEM, "1.5", CUOCC_INPUT_ORIGIN_USER, NULL);
  g_assert_cmpint (cuocc_input_model_get_value (model, CUOCC_INPUT_KEY_SMEM), ==, 1536);
  cuocc_input_model_set_text (model, CUOCC_INPUT_KEY_SMEM, "1.0001", CUOCC_INPUT_ORIGIN_USER, NULL);
  g_assert_cmpint (cuocc_input_model_get_status (model, CUOCC_INPUT_KEY_SMEM), ==, CUOCC_INPUT_STATUS_INVALID);
  g_assert_cmpint (cuocc_input_model_get_value (model, CUOCC_INPUT_KEY_SMEM), ==, 1536);

  cuocc_input_model_set_value (model, CUOCC_INPUT_KEY_SMEM, 1000, CUOCC_INPUT_ORIGIN_USER, NULL);
  g_assert_false (cuocc_input_model_get_smem_in_kib (model));
  g_assert_cmpstr (cuocc_input_model_get_text (model, CUOCC_INPUT_KEY_SMEM), ==, "1000");

  cuocc_input_model_set_value (model, CUOCC_INPUT_KEY_SMEM, 8192, CUOCC_INPUT_ORIGIN_USER, NULL);
  cuocc_input_model_set_value (model, CUOCC_INPUT_KEY_DYNAMIC_SMEM, 49152, CUOCC_INPUT_ORIGIN_USER, NULL);
  g_assert_true (cuocc_input_model_get_input (model, &launch, &input, NULL));
  g_assert_cmpint (input.smem, ==, 57344);
  g_object_get (model, "opt-in-text", &opt_in, NULL);
  g_assert_nonnull (strstr (opt_in, "57344 bytes"));
  g_assert_nonnull (strstr (opt_in, "MaxDynamicSharedMemorySize, 49152)"));
  g_clear_pointer (&opt_in, g_free);
  cuocc_input_model_get_values (model, &values);
  g_assert_cmpint (values.values[CUOCC_INPUT_KEY_SMEM], ==, 8192);
  g_assert_cmpint (values.values[CUOCC_INPUT_KEY_DYNAMIC_SMEM], ==, 49152);

  /* A total asked for (a graph, the advice) keeps the dynamic part, unless
   * the total is less. */
  cuocc_input_model_set_total_smem (model, 65536, CUOCC_INPUT_ORIGIN_GRAPH);
  g_assert_cmpint (cuocc_input_model_get_value (model, CUOCC_INPUT_KEY_SMEM), ==, 16384);
  g_assert_cmpint (cuocc_input_model_get_value (model, CUOCC_INPUT_KEY_DYNAMIC_SMEM), ==, 49152);
  cuocc_input_model_set_total_smem (model, 4096, CUOCC_INPUT_ORIGIN_GRAPH);
  g_assert_cmpint (cuocc_input_model_get_value (model, CUOCC_INPUT_KEY_SMEM), ==, 4096);
  g_assert_cmpint (cuocc_input_model_get_value (model, CUOCC_INPUT_KEY_DYNAMIC_SMEM), ==, 0);
  g_object_get (model, "opt-in-text", &opt_in, NULL);
  g_assert_null (opt_in);
}

/* The SMs a launch may use: empty for the GPU's (the H100 SXM5 has 132),
 * else the launch's GPU has that many. */
static void
test_sms (void)
{
  g_autoptr(CuoccInputModel) model = model_on ("NVIDIA H100 SXM5", NULL);
  CuoccInput input;
  CuoccGpu launch;

  g_assert_cmpstr (cuocc_input_model_get_message (model, CUOCC_INPUT_KEY_SMS), ==, "Empty: all 132 of the GPU's");
  cuocc_input_model_set_text (model, CUOCC_INPUT_KEY_SMS, "66", CUOCC_INPUT_ORIGIN_USER, NULL);
  g_assert_true (cuocc_input_model_get_input (model, &launch, &input, NULL));
  g_assert_cmpint (launch.sm_count, ==, 66);
  g_assert_cmpint (cuocc_input_model_get_gpu (model)->sm_count, ==, 132);
  cuocc_input_model_set_text (model, CUOCC_INPUT_KEY_SMS, "0", CUOCC_INPUT_ORIGIN_USER, NULL);
  g_assert_cmpint (cuocc_input_model_get_status (model, CUOCC_INPUT_KEY_SMS), ==, CUOCC_INPUT_STATUS_INVALID);
  g_assert_cmpstr (cuocc_input_model_get_message (model, CUOCC_INPUT_KEY_SMS), ==,
                   "Enter a whole number from 1 to 100000, or nothing for all of the GPU's SMs");
}

/* A kernel that lacks a figure keeps the value there was before kernels
 * were chosen, never the figure of the kernel chosen before: the user's 96
 * threads, a kernel's declared 1,024, then a kernel that declares none:
 * 96 again, said to be kept. Whatever is not a kernel's (typed, a graph's,
 * the advice's) becomes the value kept; a kernel's never does. */
static void
test_keep_own (void)
{
  g_autoptr(CuoccInputModel) model = model_on ("Compute capability 8.6", NULL);
  CuoccInputKey threads = CUOCC_INPUT_KEY_THREADS;
  CuoccInputKey smem = CUOCC_INPUT_KEY_SMEM;

  cuocc_input_model_set_text (model, threads, "96", CUOCC_INPUT_ORIGIN_USER, NULL);
  cuocc_input_model_set_value (model, threads, 1024, CUOCC_INPUT_ORIGIN_KERNEL, "declared by the kernel");
  g_assert_cmpint (cuocc_input_model_get_value (model, threads), ==, 1024);
  cuocc_input_model_keep_own (model, threads, "kept: the kernel declares none");
  g_assert_cmpint (cuocc_input_model_get_value (model, threads), ==, 96);
  g_assert_cmpstr (cuocc_input_model_get_text (model, threads), ==, "96");
  g_assert_cmpint (cuocc_input_model_get_origin (model, threads), ==, CUOCC_INPUT_ORIGIN_KERNEL);
  g_assert_cmpstr (cuocc_input_model_get_note (model, threads), ==, "kept: the kernel declares none");

  /* Two kernels that declare none in a row: still 96. */
  cuocc_input_model_keep_own (model, threads, "kept: the kernel declares none");
  g_assert_cmpint (cuocc_input_model_get_value (model, threads), ==, 96);

  /* Typed while a kernel is chosen: that is the user's now. */
  cuocc_input_model_set_value (model, threads, 512, CUOCC_INPUT_ORIGIN_KERNEL, "declared by the kernel");
  cuocc_input_model_set_text (model, threads, "160", CUOCC_INPUT_ORIGIN_USER, NULL);
  cuocc_input_model_set_value (model, threads, 768, CUOCC_INPUT_ORIGIN_KERNEL, "the launch the file records");
  cuocc_input_model_keep_own (model, threads, "kept: the kernel declares none");
  g_assert_cmpint (cuocc_input_model_get_value (model, threads), ==, 160);

  /* A graph's pick counts as the user's. */
  cuocc_input_model_set_value (model, threads, 320, CUOCC_INPUT_ORIGIN_GRAPH, NULL);
  cuocc_input_model_set_value (model, threads, 64, CUOCC_INPUT_ORIGIN_KERNEL, "declared by the kernel");
  cuocc_input_model_keep_own (model, threads, "kept: the kernel declares none");
  g_assert_cmpint (cuocc_input_model_get_value (model, threads), ==, 320);

  /* Not a kernel's value to begin with: it stays as it is and says kept. */
  cuocc_input_model_set_text (model, threads, "200", CUOCC_INPUT_ORIGIN_USER, NULL);
  cuocc_input_model_keep_own (model, threads, "kept: the kernel declares none");
  g_assert_cmpint (cuocc_input_model_get_value (model, threads), ==, 200);
  g_assert_cmpint (cuocc_input_model_get_origin (model, threads), ==, CUOCC_INPUT_ORIGIN_KERNEL);

  /* Shared memory in KiB: the size comes back, whatever the unit. */
  cuocc_input_model_set_smem_in_kib (model, TRUE);
  cuocc_input_model_set_text (model, smem, "4", CUOCC_INPUT_ORIGIN_USER, NULL);
  cuocc_input_model_set_value (model, smem, 1536, CUOCC_INPUT_ORIGIN_KERNEL, "the kernel's");
  cuocc_input_model_set_smem_in_kib (model, TRUE);
  cuocc_input_model_keep_own (model, smem, "kept: the file records none");
  g_assert_cmpint (cuocc_input_model_get_value (model, smem), ==, 4096);
  g_assert_cmpstr (cuocc_input_model_get_text (model, smem), ==, "4");
}

/* Every origin says where the value came from; a kernel's and a session's
 * writer says which; a value kept keeps its value and says so. */
static void
test_origins (void)
{
  g_autoptr(CuoccInputModel) model = model_on ("Compute capability 8.6", NULL);
  CuoccInputKey threads = CUOCC_INPUT_KEY_THREADS;

  cuocc_input_model_set_value (model, threads, 128, CUOCC_INPUT_ORIGIN_KERNEL, "the launch the file records");
  g_assert_cmpint (cuocc_input_model_get_origin (model, threads), ==, CUOCC_INPUT_ORIGIN_KERNEL);
  g_assert_cmpstr (cuocc_input_model_get_hint (model, threads), ==, "Allowed: 1–1024 · the launch the file records");

  cuocc_input_model_set_origin (model, threads, CUOCC_INPUT_ORIGIN_KERNEL, "kept: the kernel declares none");
  g_assert_cmpint (cuocc_input_model_get_value (model, threads), ==, 128);
  g_assert_cmpstr (cuocc_input_model_get_note (model, threads), ==, "kept: the kernel declares none");

  cuocc_input_model_set_value (model, threads, 256, CUOCC_INPUT_ORIGIN_ADVICE, NULL);
  g_assert_cmpstr (cuocc_input_model_get_note (model, threads), ==, "set by the advice");
  cuocc_input_model_set_value (model, threads, 512, CUOCC_INPUT_ORIGIN_GRAPH, NULL);
  g_assert_cmpstr (cuocc_input_model_get_note (model, threads), ==, "picked on its graph");
  cuocc_input_model_set_value (model, threads, 384, CUOCC_INPUT_ORIGIN_SUGGESTION, NULL);
  g_assert_cmpstr (cuocc_input_model_get_note (model, threads), ==, "the suggested block size, applied");
  cuocc_input_model_set_text (model, threads, "96", CUOCC_INPUT_ORIGIN_USER, NULL);
  g_assert_cmpstr (cuocc_input_model_get_note (model, threads), ==, "set by you");
  cuocc_input_model_set_value (model, threads, 64, CUOCC_INPUT_ORIGIN_DEFAULT, NULL);
  g_assert_null (cuocc_input_model_get_note (model, threads));
  g_assert_cmpstr (cuocc_input_model_get_hint (model, threads), ==, "Allowed: 1–1024");

  /* Which kernel or file, until the input is written again. */
  cuocc_input_model_set_value (model, threads, 128, CUOCC_INPUT_ORIGIN_KERNEL, "the kernel's");
  cuocc_input_model_set_source (model, threads, "heavy(float*)");
  g_assert_cmpstr (cuocc_input_model_get_source (model, threads), ==, "heavy(float*)");
  cuocc_input_model_set_text (model, threads, "96", CUOCC_INPUT_ORIGIN_USER, NULL);
  g_assert_null (cuocc_input_model_get_source (model, threads));

  /* The names the saved state keeps them by. */
  for (CuoccInputOrigin origin = CUOCC_INPUT_ORIGIN_DEFAULT; origin <= CUOCC_INPUT_ORIGIN_GRAPH; origin++)
    {
      CuoccInputOrigin back = CUOCC_INPUT_ORIGIN_DEFAULT;

      g_assert_true (cuocc_input_origin_from_string (cuocc_input_origin_to_string (origin), &back));
      g_assert_cmpint (back, ==, origin);
    }
  g_assert_cmpstr (cuocc_input_origin_to_string (CUOCC_INPUT_ORIGIN_KERNEL), ==, "kernel");
  g_assert_false (cuocc_input_origin_from_string ("someone", &(CuoccInputOrigin) { 0 }));
  g_assert_false (cuocc_input_origin_from_string (NULL, &(CuoccInputOrigin) { 0 }));
}

/* Six writes between a freeze and its thaw: one "changed"; unfrozen, one a
 * write. Nested freezes say it once, at the last thaw. */
static void
test_one_change_a_batch (void)
{
  guint count = 0;
  g_autoptr(CuoccInputModel) model = model_on ("Compute capability 8.6", &count);

  cuocc_input_model_freeze (model);
  cuocc_input_model_set_value (model, CUOCC_INPUT_KEY_THREADS, 128, CUOCC_INPUT_ORIGIN_KERNEL, NULL);
  cuocc_input_model_set_value (model, CUOCC_INPUT_KEY_REGS, 40, CUOCC_INPUT_ORIGIN_KERNEL, NULL);
  cuocc_input_model_freeze (model);
  cuocc_input_model_set_value (model, CUOCC_INPUT_KEY_SMEM, 4096, CUOCC_INPUT_ORIGIN_KERNEL, NULL);
  cuocc_input_model_set_value (model, CUOCC_INPUT_KEY_DYNAMIC_SMEM, 0, CUOCC_INPUT_ORIGIN_KERNEL, NULL);
  cuocc_input_model_thaw (model);
  cuocc_input_model_set_value (model, CUOCC_INPUT_KEY_BARRIERS, 2, CUOCC_INPUT_ORIGIN_KERNEL, NULL);
  cuocc_input_model_set_value (model, CUOCC_INPUT_KEY_CLUSTER_SIZE, 0, CUOCC_INPUT_ORIGIN_KERNEL, NULL);
  g_assert_cmpuint (count, ==, 0);
  cuocc_input_model_thaw (model);
  g_assert_cmpuint (count, ==, 1);

  /* A frozen batch that writes nothing says nothing. */
  cuocc_input_model_freeze (model);
  cuocc_input_model_thaw (model);
  g_assert_cmpuint (count, ==, 1);

  cuocc_input_model_set_value (model, CUOCC_INPUT_KEY_THREADS, 64, CUOCC_INPUT_ORIGIN_USER, NULL);
  cuocc_input_model_set_value (model, CUOCC_INPUT_KEY_REGS, 32, CUOCC_INPUT_ORIGIN_USER, NULL);
  g_assert_cmpuint (count, ==, 3);
}

/* A session is checked whole before anything changes: a configuration the
 * GPU lacks (8.6 has 0, 8, 16, 32, 64 and 100 KiB), an unknown GPU. One
 * that applies changes everything at once, each input the session's. */
static void
test_apply_values (void)
{
  guint count = 0;
  g_autoptr(CuoccInputModel) model = model_on ("Compute capability 8.6", &count);
  g_autoptr(GError) error = NULL;
  CuoccInputValues values;
  CuoccInputValues back;

  cuocc_input_values_init (&values);
  cuocc_input_values_set (&values, CUOCC_INPUT_KEY_THREADS, 320);
  cuocc_input_values_set (&values, CUOCC_INPUT_KEY_SMEM_CONFIG, 48 * 1024);
  g_assert_false (cuocc_input_model_apply_values (model, "Compute capability 8.6", &values,
                                                  CUOCC_INPUT_ORIGIN_SESSION, "from the session “a.cuocc”", &error));
  g_assert_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_SMEM_CONFIG);
  g_clear_error (&error);
  g_assert_false (cuocc_input_model_apply_values (model, "no such GPU", &values, CUOCC_INPUT_ORIGIN_SESSION, NULL,
                                                  &error));
  g_clear_error (&error);
  g_assert_false (cuocc_input_model_set_gpu (model, "no such GPU", CUOCC_INPUT_ORIGIN_USER, &error));
  g_clear_error (&error);
  /* 0 threads is no question on any GPU (the description's threads start
   * at 1; cuocc-inputs.c): refused whole, by the library's check. */
  cuocc_input_values_set (&values, CUOCC_INPUT_KEY_SMEM_CONFIG, 64 * 1024);
  cuocc_input_values_set (&values, CUOCC_INPUT_KEY_THREADS, 0);
  g_assert_false (cuocc_input_model_apply_values (model, "Compute capability 8.6", &values,
                                                  CUOCC_INPUT_ORIGIN_SESSION, NULL, &error));
  g_assert_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT);
  g_assert_nonnull (strstr (error->message, "Threads per block: 0 is not allowed"));
  g_clear_error (&error);
  cuocc_input_values_set (&values, CUOCC_INPUT_KEY_THREADS, 320);
  g_assert_cmpuint (count, ==, 0);
  g_assert_cmpint (cuocc_input_model_get_value (model, CUOCC_INPUT_KEY_THREADS), ==, 256);
  g_assert_cmpstr (cuocc_input_model_get_gpu_id (model), ==, "Compute capability 8.6");

  cuocc_input_values_set (&values, CUOCC_INPUT_KEY_SMEM_CONFIG, 64 * 1024);
  cuocc_input_values_set (&values, CUOCC_INPUT_KEY_SMEM, 1024);
  cuocc_input_values_set (&values, CUOCC_INPUT_KEY_DYNAMIC_SMEM, 2048);
  g_assert_true (cuocc_input_model_apply_values (model, "NVIDIA H100 SXM5", &values, CUOCC_INPUT_ORIGIN_SESSION,
                                                 "from the session “a.cuocc”", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (count, ==, 1);
  g_assert_cmpstr (cuocc_input_model_get_gpu_id (model), ==, "NVIDIA H100 SXM5");
  g_assert_cmpint (cuocc_input_model_get_value (model, CUOCC_INPUT_KEY_THREADS), ==, 320);
  g_assert_cmpint (cuocc_input_model_get_origin (model, CUOCC_INPUT_KEY_THREADS), ==, CUOCC_INPUT_ORIGIN_SESSION);
  g_assert_cmpstr (cuocc_input_model_get_hint (model, CUOCC_INPUT_KEY_THREADS), ==,
                   "Allowed: 1–1024 · from the session “a.cuocc”");

  /* What a session would save again: the same. */
  cuocc_input_model_get_values (model, &back);
  g_assert_cmpint (back.values[CUOCC_INPUT_KEY_THREADS], ==, 320);
  g_assert_cmpint (back.values[CUOCC_INPUT_KEY_SMEM], ==, 1024);
  g_assert_cmpint (back.values[CUOCC_INPUT_KEY_DYNAMIC_SMEM], ==, 2048);
  g_assert_cmpint (back.values[CUOCC_INPUT_KEY_SMEM_CONFIG], ==, 64 * 1024);

  /* Another GPU's configurations are not this one's: its default again. */
  g_assert_true (cuocc_input_model_set_gpu (model, "Compute capability 8.6", CUOCC_INPUT_ORIGIN_USER, NULL));
  cuocc_input_model_get_values (model, &back);
  g_assert_cmpint (back.values[CUOCC_INPUT_KEY_SMEM_CONFIG], ==, -1);
}

/* The notifications of the properties views bind to, counted by name. */
typedef struct {
  GHashTable *counts;
} Notifies;

static void
notify_cb (GObject    *model,
           GParamSpec *pspec,
           Notifies   *notifies)
{
  const char *name = g_param_spec_get_name (pspec);

  g_hash_table_insert (notifies->counts, (gpointer) name,
                       GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (notifies->counts, name)) + 1));
}

static guint
notified (Notifies   *notifies,
          const char *name)
{
  return GPOINTER_TO_UINT (g_hash_table_lookup (notifies->counts, name));
}

/* How many properties were notified in all. */
static guint
notified_in_all (Notifies *notifies)
{
  GHashTableIter iter;
  gpointer value;
  guint sum = 0;

  g_hash_table_iter_init (&iter, notifies->counts);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    sum += GPOINTER_TO_UINT (value);
  return sum;
}

static gint64
int64_property (CuoccInputModel *model,
                const char      *name)
{
  gint64 value = -1;

  g_object_get (model, name, &value, NULL);
  return value;
}

static char *
string_property (CuoccInputModel *model,
                 const char      *name)
{
  char *value = NULL;

  g_object_get (model, name, &value, NULL);
  return value;
}

static gboolean
boolean_property (CuoccInputModel *model,
                  const char      *name)
{
  gboolean value = -1;

  g_object_get (model, name, &value, NULL);
  return value;
}

/* What views bind to: the GPU, the launch's inputs, whether they can be
 * calculated and why not, the opt-in note and the unit. Each is notified
 * once a write (once a frozen batch), and only when what it reads
 * changed: a write of the same value, or of a value changed and changed
 * back inside a batch, notifies nothing of it. */
static void
test_properties (void)
{
  g_autoptr(CuoccInputModel) model = cuocc_input_model_new ();
  g_autoptr(GHashTable) counts = g_hash_table_new (g_str_hash, g_str_equal);
  Notifies notifies = { counts };
  g_autofree char *error = NULL;
  g_autofree char *text = NULL;
  guint changes = 0;

  g_signal_connect (model, "notify", G_CALLBACK (notify_cb), &notifies);
  g_signal_connect (model, "changed", G_CALLBACK (count_cb), &changes);

  /* The defaults (256 threads, 32 registers, no shared memory, one
   * barrier), and no GPU: nothing to calculate. */
  g_assert_cmpint (int64_property (model, "threads"), ==, 256);
  g_assert_cmpint (int64_property (model, "registers"), ==, 32);
  g_assert_cmpint (int64_property (model, "shared-memory"), ==, 0);
  g_assert_cmpint (int64_property (model, "barriers"), ==, 1);
  g_assert_cmpint (int64_property (model, "cluster-size"), ==, 0);
  g_assert_cmpint (int64_property (model, "dynamic-shared-memory"), ==, 0);
  g_assert_false (boolean_property (model, "valid"));
  error = string_property (model, "error");
  g_assert_cmpstr (error, ==, "No GPU is chosen.");
  g_clear_pointer (&error, g_free);
  text = string_property (model, "gpu-id");
  g_assert_null (text);

  /* A GPU: its id, its name, and the inputs can be calculated. */
  g_assert_true (cuocc_input_model_set_gpu (model, "Compute capability 8.6", CUOCC_INPUT_ORIGIN_USER, NULL));
  g_assert_cmpuint (changes, ==, 1);
  g_assert_cmpuint (notified (&notifies, "gpu-id"), ==, 1);
  g_assert_cmpuint (notified (&notifies, "gpu-name"), ==, 1);
  g_assert_cmpuint (notified (&notifies, "gpu-error"), ==, 1);
  g_assert_cmpuint (notified (&notifies, "valid"), ==, 1);
  g_assert_cmpuint (notified (&notifies, "error"), ==, 1);
  g_assert_cmpuint (notified_in_all (&notifies), ==, 5);
  text = string_property (model, "gpu-name");
  g_assert_cmpstr (text, ==, "Compute capability 8.6");
  g_clear_pointer (&text, g_free);
  g_assert_true (boolean_property (model, "valid"));
  error = string_property (model, "error");
  g_assert_null (error);

  /* The same GPU again is a write ("changed") that changes nothing shown. */
  g_hash_table_remove_all (counts);
  g_assert_true (cuocc_input_model_set_gpu (model, "Compute capability 8.6", CUOCC_INPUT_ORIGIN_USER, NULL));
  g_assert_cmpuint (changes, ==, 2);
  g_assert_cmpuint (notified_in_all (&notifies), ==, 0);

  /* 128 threads: "threads", nothing else. */
  cuocc_input_model_set_text (model, CUOCC_INPUT_KEY_THREADS, "128", CUOCC_INPUT_ORIGIN_USER, NULL);
  g_assert_cmpuint (notified (&notifies, "threads"), ==, 1);
  g_assert_cmpuint (notified_in_all (&notifies), ==, 1);
  g_assert_cmpint (int64_property (model, "threads"), ==, 128);

  /* Text that is no number keeps the last value that could be calculated
   * (no "threads"), and stops the calculation, saying why. */
  g_hash_table_remove_all (counts);
  cuocc_input_model_set_text (model, CUOCC_INPUT_KEY_THREADS, "12x", CUOCC_INPUT_ORIGIN_USER, NULL);
  g_assert_cmpuint (notified (&notifies, "valid"), ==, 1);
  g_assert_cmpuint (notified (&notifies, "error"), ==, 1);
  g_assert_cmpuint (notified_in_all (&notifies), ==, 2);
  g_assert_cmpint (int64_property (model, "threads"), ==, 128);
  g_assert_false (boolean_property (model, "valid"));
  error = string_property (model, "error");
  g_assert_cmpstr (error, ==, "Threads per block: Enter a whole number: 1–1024 · set by you");
  g_clear_pointer (&error, g_free);

  /* A batch: 512 threads, and the registers changed and changed back:
   * one "changed", "threads" and the validity once, no "registers". */
  g_hash_table_remove_all (counts);
  cuocc_input_model_freeze (model);
  cuocc_input_model_set_value (model, CUOCC_INPUT_KEY_THREADS, 512, CUOCC_INPUT_ORIGIN_USER, NULL);
  cuocc_input_model_set_value (model, CUOCC_INPUT_KEY_REGS, 64, CUOCC_INPUT_ORIGIN_USER, NULL);
  /* Inside the batch a property already reads what is there. */
  g_assert_cmpint (int64_property (model, "registers"), ==, 64);
  cuocc_input_model_set_value (model, CUOCC_INPUT_KEY_REGS, 32, CUOCC_INPUT_ORIGIN_USER, NULL);
  g_assert_cmpuint (notified_in_all (&notifies), ==, 0);
  cuocc_input_model_thaw (model);
  g_assert_cmpuint (changes, ==, 5);
  g_assert_cmpuint (notified (&notifies, "threads"), ==, 1);
  g_assert_cmpuint (notified (&notifies, "valid"), ==, 1);
  g_assert_cmpuint (notified (&notifies, "error"), ==, 1);
  g_assert_cmpuint (notified (&notifies, "registers"), ==, 0);
  g_assert_cmpuint (notified_in_all (&notifies), ==, 3);
  g_assert_cmpint (int64_property (model, "threads"), ==, 512);
  g_assert_true (boolean_property (model, "valid"));

  /* 40 KiB static and 16 KiB dynamic: 57344 bytes, past the 49152 a block
   * may have without opting in, which asks for the 16384 dynamic ones. */
  g_hash_table_remove_all (counts);
  cuocc_input_model_set_value (model, CUOCC_INPUT_KEY_SMEM, 40960, CUOCC_INPUT_ORIGIN_USER, NULL);
  g_assert_cmpuint (notified (&notifies, "shared-memory"), ==, 1);
  g_assert_cmpuint (notified (&notifies, "opt-in-text"), ==, 0);
  cuocc_input_model_set_value (model, CUOCC_INPUT_KEY_DYNAMIC_SMEM, 16384, CUOCC_INPUT_ORIGIN_USER, NULL);
  g_assert_cmpuint (notified (&notifies, "dynamic-shared-memory"), ==, 1);
  g_assert_cmpuint (notified (&notifies, "opt-in-text"), ==, 1);
  g_assert_cmpuint (notified_in_all (&notifies), ==, 3);
  g_assert_cmpint (int64_property (model, "shared-memory"), ==, 40960);
  g_assert_cmpint (int64_property (model, "dynamic-shared-memory"), ==, 16384);
  text = string_property (model, "opt-in-text");
  g_assert_cmpstr (text, ==, "57344 bytes a block pass 48 KiB: the kernel must opt in with cudaFuncSetAttribute(kernel, "
                             "cudaFuncAttributeMaxDynamicSharedMemorySize, 16384)");
  g_clear_pointer (&text, g_free);

  /* The unit is written through its property too, notified once. */
  g_hash_table_remove_all (counts);
  g_object_set (model, "smem-in-kib", TRUE, NULL);
  g_object_set (model, "smem-in-kib", TRUE, NULL);
  g_assert_cmpuint (notified (&notifies, "smem-in-kib"), ==, 1);
  g_assert_cmpuint (notified_in_all (&notifies), ==, 1);
  g_assert_true (cuocc_input_model_get_smem_in_kib (model));
  g_assert_cmpstr (cuocc_input_model_get_text (model, CUOCC_INPUT_KEY_SMEM), ==, "40");

  /* A GPU whose figures cannot be had: no name, its error, no calculation. */
  g_hash_table_remove_all (counts);
  cuocc_input_model_set_gpu_unavailable (model, "/gone/device.json", "The file is gone.");
  g_assert_cmpuint (notified (&notifies, "gpu-id"), ==, 1);
  g_assert_cmpuint (notified (&notifies, "gpu-name"), ==, 1);
  g_assert_cmpuint (notified (&notifies, "gpu-error"), ==, 1);
  g_assert_cmpuint (notified (&notifies, "valid"), ==, 1);
  g_assert_cmpuint (notified (&notifies, "error"), ==, 1);
  g_assert_cmpuint (notified_in_all (&notifies), ==, 5);
  text = string_property (model, "gpu-name");
  g_assert_null (text);
  text = string_property (model, "gpu-error");
  g_assert_cmpstr (text, ==, "The file is gone.");
  g_clear_pointer (&text, g_free);
  text = string_property (model, "gpu-id");
  g_assert_cmpstr (text, ==, "/gone/device.json");
  error = string_property (model, "error");
  g_assert_cmpstr (error, ==, "The file is gone.");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cuocc/app/input-model/defaults", test_defaults);
  g_test_add_func ("/cuocc/app/input-model/validity", test_validity);
  g_test_add_func ("/cuocc/app/input-model/sizes", test_sizes);
  g_test_add_func ("/cuocc/app/input-model/sms", test_sms);
  g_test_add_func ("/cuocc/app/input-model/origins", test_origins);
  g_test_add_func ("/cuocc/app/input-model/keep-own", test_keep_own);
  g_test_add_func ("/cuocc/app/input-model/one-change-a-batch", test_one_change_a_batch);
  g_test_add_func ("/cuocc/app/input-model/apply-values", test_apply_values);
  g_test_add_func ("/cuocc/app/input-model/properties", test_properties);

  return g_test_run ();
}
