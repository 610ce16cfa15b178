/* test-session.c — the .cuocc file format.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cuocc-session.h"

static void
test_session_roundtrip (void)
{
  CuoccSession session = { 0 };
  CuoccSession loaded = { 0 };
  g_autofree char *data = NULL;
  gsize length = 0;

  session.gpu = g_strdup ("Compute capability 8.6");
  cuocc_input_values_init (&session.inputs);
  cuocc_input_values_set (&session.inputs, CUOCC_INPUT_KEY_THREADS, 96);
  cuocc_input_values_set (&session.inputs, CUOCC_INPUT_KEY_REGS, 40);
  cuocc_input_values_set (&session.inputs, CUOCC_INPUT_KEY_SMEM, 4096);
  cuocc_input_values_set (&session.inputs, CUOCC_INPUT_KEY_SMEM_CONFIG, 65536);
  cuocc_input_values_set (&session.inputs, CUOCC_INPUT_KEY_BARRIERS, 2);
  cuocc_input_values_set (&session.inputs, CUOCC_INPUT_KEY_CACHING, CUOCC_CACHING_OFF);

  data = cuocc_session_to_data (&session, &length);
  g_assert_true (cuocc_session_load_data (&loaded, data, length, NULL));
  g_assert_cmpstr (loaded.gpu, ==, session.gpu);
  g_assert_cmpint (loaded.inputs.values[CUOCC_INPUT_KEY_THREADS], ==, 96);
  g_assert_cmpint (loaded.inputs.values[CUOCC_INPUT_KEY_REGS], ==, 40);
  g_assert_cmpint (loaded.inputs.values[CUOCC_INPUT_KEY_SMEM], ==, 4096);
  g_assert_cmpint (loaded.inputs.values[CUOCC_INPUT_KEY_SMEM_CONFIG], ==, 65536);
  g_assert_cmpint (loaded.inputs.values[CUOCC_INPUT_KEY_BARRIERS], ==, 2);
  g_assert_cmpint (loaded.inputs.values[CUOCC_INPUT_KEY_CACHING], ==, CUOCC_CACHING_OFF);

  cuocc_session_clear (&session);
  cuocc_session_clear (&loaded);
}

/* A session as cuocc wrote it before the inputs' description (main at
 * 6928f78, cuocc_session_to_data): every key still reads as it did. */
static void
test_session_written_before (void)
{
  static const char data[] =
    "[Kernel]\ngpu=NVIDIA H100 SXM5\nthreads=128\nregs=72\nsmem=20480\nsmem_config=-1\nbarriers=3\n"
    "caching=off\ncluster_size=2\ncarveout=25\ngrid=4000\ny_unit=warps\n\n"
    "[Pinned]\ngpu=Compute capability 8.6\nthreads=96\nregs=40\nsmem=4096\nsmem_config=65536\n"
    "barriers=1\ncaching=off\ncluster_size=0\ncarveout=-1\n";
  g_auto(CuoccSession) loaded = { 0 };
  g_autoptr(GError) error = NULL;

  g_assert_true (cuocc_session_load_data (&loaded, data, sizeof data - 1, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (loaded.gpu, ==, "NVIDIA H100 SXM5");
  g_assert_cmpint (loaded.inputs.values[CUOCC_INPUT_KEY_THREADS], ==, 128);
  g_assert_cmpint (loaded.inputs.values[CUOCC_INPUT_KEY_REGS], ==, 72);
  g_assert_cmpint (loaded.inputs.values[CUOCC_INPUT_KEY_SMEM], ==, 20480);
  g_assert_cmpint (loaded.inputs.values[CUOCC_INPUT_KEY_SMEM_CONFIG], ==, -1);
  g_assert_cmpint (loaded.inputs.values[CUOCC_INPUT_KEY_BARRIERS], ==, 3);
  g_assert_cmpint (loaded.inputs.values[CUOCC_INPUT_KEY_CLUSTER_SIZE], ==, 2);
  g_assert_cmpint (loaded.inputs.values[CUOCC_INPUT_KEY_CARVEOUT], ==, 25);
  g_assert_cmpint (loaded.grid, ==, 4000);
  g_assert_cmpstr (loaded.pinned_gpu, ==, "Compute capability 8.6");
  g_assert_cmpint (loaded.pinned.smem_config, ==, 65536);
  g_assert_cmpint (loaded.pinned.carveout, ==, -1);
}

/* 70,000 registers a thread is within what cuocc answers for (0 blocks on
 * every GPU), so a session may hold it: the reader once stopped at 65,536,
 * refusing what the app had accepted and saved. */
static void
test_session_many_registers (void)
{
  static const char data[] = "[Kernel]\ngpu=NVIDIA Tesla T4\nregs=70000\n";
  g_auto(CuoccSession) loaded = { 0 };
  g_autoptr(GError) error = NULL;

  g_assert_true (cuocc_session_load_data (&loaded, data, sizeof data - 1, &error));
  g_assert_no_error (error);
  g_assert_cmpint (loaded.inputs.values[CUOCC_INPUT_KEY_REGS], ==, 70000);
}

/* The static and the dynamic shared memory stay apart, and the SMs a
 * launch may use are kept: 12 KiB + 16 KiB is not 28 KiB of static memory. */
static void
test_session_inputs_apart (void)
{
  g_auto(CuoccSession) session = { 0 };
  g_auto(CuoccSession) loaded = { 0 };
  g_autofree char *data = NULL;

  session.gpu = g_strdup ("NVIDIA H100 SXM5");
  cuocc_input_values_init (&session.inputs);
  cuocc_input_values_set (&session.inputs, CUOCC_INPUT_KEY_SMEM, 12288);
  cuocc_input_values_set (&session.inputs, CUOCC_INPUT_KEY_DYNAMIC_SMEM, 16384);
  cuocc_input_values_set (&session.inputs, CUOCC_INPUT_KEY_SMS, 66);
  data = cuocc_session_to_data (&session, NULL);
  g_assert_true (cuocc_session_load_data (&loaded, data, strlen (data), NULL));
  g_assert_cmpint (loaded.inputs.values[CUOCC_INPUT_KEY_SMEM], ==, 12288);
  g_assert_cmpint (loaded.inputs.values[CUOCC_INPUT_KEY_DYNAMIC_SMEM], ==, 16384);
  g_assert_cmpint (loaded.inputs.values[CUOCC_INPUT_KEY_SMS], ==, 66);
}

static void
test_session_defaults (void)
{
  static const char data[] = "[Kernel]\ngpu=NVIDIA Tesla T4\nthreads=64\n";
  CuoccSession loaded = { 0 };
  CuoccInput defaults;

  cuocc_input_init (&defaults);
  g_assert_true (cuocc_session_load_data (&loaded, data, sizeof data - 1, NULL));
  g_assert_cmpstr (loaded.gpu, ==, "NVIDIA Tesla T4");
  g_assert_cmpint (loaded.inputs.values[CUOCC_INPUT_KEY_THREADS], ==, 64);
  g_assert_cmpint (loaded.inputs.values[CUOCC_INPUT_KEY_REGS], ==, defaults.regs);
  g_assert_cmpint (loaded.inputs.values[CUOCC_INPUT_KEY_BARRIERS], ==, defaults.barriers);
  cuocc_session_clear (&loaded);
}

/* The log, its kernel, the grid, the unit and the pinned configuration
 * travel with the inputs; a file without them has none. */
static void
test_session_extras (void)
{
  CuoccSession session = { 0 };
  CuoccSession loaded = { 0 };
  g_autofree char *data = NULL;
  gsize length = 0;

  session.gpu = g_strdup ("NVIDIA H100 SXM5");
  cuocc_input_values_init (&session.inputs);
  session.log = g_strdup ("/home/me/build dir/build.log");
  session.kernel = g_strdup ("_Z5heavyPKfPf\nsm_80\n0");
  session.grid = 4000;
  session.y_unit = g_strdup ("warps");
  session.pinned_gpu = g_strdup ("Compute capability 8.6");
  cuocc_input_init (&session.pinned);
  session.pinned.threads = 96;
  session.pinned.smem = 2048;

  data = cuocc_session_to_data (&session, &length);
  g_assert_true (cuocc_session_load_data (&loaded, data, length, NULL));
  g_assert_cmpstr (loaded.log, ==, session.log);
  g_assert_cmpstr (loaded.kernel, ==, session.kernel);
  g_assert_cmpint (loaded.grid, ==, 4000);
  g_assert_cmpstr (loaded.y_unit, ==, "warps");
  g_assert_cmpstr (loaded.pinned_gpu, ==, "Compute capability 8.6");
  g_assert_cmpint (loaded.pinned.threads, ==, 96);
  g_assert_cmpint (loaded.pinned.smem, ==, 2048);
  cuocc_session_clear (&loaded);

  g_assert_true (cuocc_session_load_data (&loaded, "[Kernel]\ngpu=NVIDIA Tesla T4\n", 29, NULL));
  g_assert_null (loaded.log);
  g_assert_null (loaded.kernel);
  g_assert_null (loaded.y_unit);
  g_assert_null (loaded.pinned_gpu);
  g_assert_cmpint (loaded.grid, ==, 0);

  cuocc_session_clear (&session);
  cuocc_session_clear (&loaded);
}

/* Values out of the library's range, and text longer than any real value,
 * are refused where the file is read: nothing is half-applied, and no label
 * is asked to lay out 100 KB. */
static void
test_session_out_of_range (void)
{
  static const char *cases[] = {
    "[Kernel]\ngpu=Compute capability 8.0\nbarriers=17\n",
    "[Kernel]\ngpu=Compute capability 8.0\nthreads=1048577\n",
    "[Kernel]\ngpu=Compute capability 8.0\nsmem=2147483648\n",
    "[Kernel]\ngpu=Compute capability 8.0\n[Pinned]\ngpu=NVIDIA Tesla T4\nbarriers=99\n",
  };
  g_autoptr(GString) long_gpu = g_string_new ("[Kernel]\ngpu=");
  g_autoptr(GString) long_kernel = g_string_new ("[Kernel]\ngpu=NVIDIA Tesla T4\nkernel=");
  g_autoptr(GError) error = NULL;
  CuoccSession session = { 0 };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_assert_false (cuocc_session_load_data (&session, cases[i], strlen (cases[i]), &error));
      g_assert_error (error, CUOCC_ERROR, CUOCC_ERROR_PARSE);
      g_clear_error (&error);
    }

  for (int i = 0; i < 100 * 1024; i++)
    g_string_append_c (long_gpu, 'A');
  g_string_append_c (long_gpu, '\n');
  g_assert_false (cuocc_session_load_data (&session, long_gpu->str, long_gpu->len, &error));
  g_assert_error (error, CUOCC_ERROR, CUOCC_ERROR_PARSE);
  g_assert_nonnull (strstr (error->message, "gpu"));
  g_assert_nonnull (strstr (error->message, "4096"));
  g_clear_error (&error);

  for (int i = 0; i < 70 * 1024; i++)
    g_string_append_c (long_kernel, 'x');
  g_string_append_c (long_kernel, '\n');
  g_assert_false (cuocc_session_load_data (&session, long_kernel->str, long_kernel->len, &error));
  g_assert_error (error, CUOCC_ERROR, CUOCC_ERROR_PARSE);
  g_clear_error (&error);

  /* 16 barriers and a 4096-byte path are still fine. */
  g_assert_true (cuocc_session_load_data (&session, "[Kernel]\ngpu=Compute capability 9.0\nbarriers=16\n", -1 + sizeof "[Kernel]\ngpu=Compute capability 9.0\nbarriers=16\n", &error));
  g_assert_no_error (error);
  g_assert_cmpint (session.inputs.values[CUOCC_INPUT_KEY_BARRIERS], ==, 16);
  cuocc_session_clear (&session);
}

static void
test_session_corrupt (void)
{
  static const char *cases[] = {
    "not a key file at all \x01",
    "[Other]\ngpu=x\n",
    "[Kernel]\nthreads=64\n",
    "[Kernel]\ngpu=\n",
    "[Kernel]\ngpu=NVIDIA Tesla T4\nthreads=abc\n",
    "[Kernel]\ngpu=NVIDIA Tesla T4\nthreads=0\n",
    "[Kernel]\ngpu=NVIDIA Tesla T4\nregs=-1\n",
    "[Kernel]\ngpu=NVIDIA Tesla T4\nsmem=99999999999999999999\n",
    "[Kernel]\ngpu=NVIDIA Tesla T4\ncaching=sometimes\n",
    "[Kernel]\ngpu=NVIDIA Tesla T4\ngrid=-5\n",
    "[Kernel]\ngpu=NVIDIA Tesla T4\ny_unit=furlongs\n",
    "[Kernel]\ngpu=NVIDIA Tesla T4\n[Pinned]\nthreads=64\n",
    "[Kernel]\ngpu=NVIDIA Tesla T4\n[Pinned]\ngpu=NVIDIA Tesla T4\nregs=many\n",
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      CuoccSession session = { 0 };

      session.gpu = g_strdup ("unchanged");
      g_assert_false (cuocc_session_load_data (&session, cases[i], strlen (cases[i]), &error));
      g_assert_nonnull (error);
      g_assert_cmpstr (session.gpu, ==, "unchanged");
      cuocc_session_clear (&session);
    }
}

/* The saved state keeps where each value came from in [Origins]; a session
 * file (has_origins unset) has no such group. A note longer than a hint
 * line (a hand-edited state) is no note; the rest still reads. */
static void
test_session_origins (void)
{
  g_auto(CuoccSession) session = { 0 };
  g_auto(CuoccSession) loaded = { 0 };
  g_auto(CuoccSession) plain = { 0 };
  g_autofree char *data = NULL;
  g_autofree char *plain_data = NULL;
  g_autofree char *long_note = g_strnfill (1001, 'x');
  g_autofree char *edited = NULL;
  g_autoptr(GError) error = NULL;

  session.gpu = g_strdup ("Compute capability 8.6");
  cuocc_input_values_init (&session.inputs);
  plain_data = cuocc_session_to_data (&session, NULL);
  g_assert_null (strstr (plain_data, "[Origins]"));
  g_assert_true (cuocc_session_load_data (&plain, plain_data, strlen (plain_data), &error));
  g_assert_false (plain.has_origins);

  session.has_origins = TRUE;
  session.origins[CUOCC_INPUT_KEY_THREADS] = g_strdup ("kernel");
  session.notes[CUOCC_INPUT_KEY_THREADS] = g_strdup ("kept: the kernel declares none");
  session.sources[CUOCC_INPUT_KEY_THREADS] = g_strdup ("heavy(float*)");
  session.owns[CUOCC_INPUT_KEY_THREADS] = g_strdup ("96");
  session.origins[CUOCC_INPUT_KEY_DYNAMIC_SMEM] = g_strdup ("user");
  data = cuocc_session_to_data (&session, NULL);
  g_assert_nonnull (strstr (data, "[Origins]\nthreads=kernel\nthreads_note=kept: the kernel declares none\n"
                                  "threads_source=heavy(float*)\nthreads_own=96\ndynamic_smem=user\n"));
  g_assert_true (cuocc_session_load_data (&loaded, data, strlen (data), &error));
  g_assert_no_error (error);
  g_assert_true (loaded.has_origins);
  g_assert_cmpstr (loaded.origins[CUOCC_INPUT_KEY_THREADS], ==, "kernel");
  g_assert_cmpstr (loaded.notes[CUOCC_INPUT_KEY_THREADS], ==, "kept: the kernel declares none");
  g_assert_cmpstr (loaded.sources[CUOCC_INPUT_KEY_THREADS], ==, "heavy(float*)");
  g_assert_cmpstr (loaded.owns[CUOCC_INPUT_KEY_THREADS], ==, "96");
  g_assert_null (loaded.owns[CUOCC_INPUT_KEY_DYNAMIC_SMEM]);
  g_assert_cmpstr (loaded.origins[CUOCC_INPUT_KEY_DYNAMIC_SMEM], ==, "user");
  g_assert_null (loaded.notes[CUOCC_INPUT_KEY_DYNAMIC_SMEM]);
  g_assert_null (loaded.origins[CUOCC_INPUT_KEY_REGS]);

  edited = g_strdup_printf ("[Kernel]\ngpu=Compute capability 8.6\nthreads=64\n[Origins]\nthreads=user\nthreads_note=%s\n",
                            long_note);
  g_assert_true (cuocc_session_load_data (&loaded, edited, strlen (edited), &error));
  g_assert_no_error (error);
  g_assert_cmpstr (loaded.origins[CUOCC_INPUT_KEY_THREADS], ==, "user");
  g_assert_null (loaded.notes[CUOCC_INPUT_KEY_THREADS]);
  g_assert_cmpint (loaded.inputs.values[CUOCC_INPUT_KEY_THREADS], ==, 64);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cuocc/session/roundtrip", test_session_roundtrip);
  g_test_add_func ("/cuocc/session/defaults", test_session_defaults);
  g_test_add_func ("/cuocc/session/inputs-apart", test_session_inputs_apart);
  g_test_add_func ("/cuocc/session/written-before", test_session_written_before);
  g_test_add_func ("/cuocc/session/many-registers", test_session_many_registers);
  g_test_add_func ("/cuocc/session/extras", test_session_extras);
  g_test_add_func ("/cuocc/session/corrupt", test_session_corrupt);
  g_test_add_func ("/cuocc/session/out-of-range", test_session_out_of_range);

  g_test_add_func ("/cuocc/session/origins", test_session_origins);

  return g_test_run ();
}
