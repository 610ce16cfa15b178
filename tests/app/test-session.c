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
  cuocc_input_init (&session.input);
  session.input.threads = 96;
  session.input.regs = 40;
  session.input.smem = 4096;
  session.input.smem_config = 65536;
  session.input.barriers = 2;
  session.input.caching = CUOCC_CACHING_OFF;

  data = cuocc_session_to_data (&session, &length);
  g_assert_true (cuocc_session_load_data (&loaded, data, length, NULL));
  g_assert_cmpstr (loaded.gpu, ==, session.gpu);
  g_assert_cmpint (loaded.input.threads, ==, 96);
  g_assert_cmpint (loaded.input.regs, ==, 40);
  g_assert_cmpint (loaded.input.smem, ==, 4096);
  g_assert_cmpint (loaded.input.smem_config, ==, 65536);
  g_assert_cmpint (loaded.input.barriers, ==, 2);
  g_assert_cmpint (loaded.input.caching, ==, CUOCC_CACHING_OFF);

  cuocc_session_clear (&session);
  cuocc_session_clear (&loaded);
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
  g_assert_cmpint (loaded.input.threads, ==, 64);
  g_assert_cmpint (loaded.input.regs, ==, defaults.regs);
  g_assert_cmpint (loaded.input.barriers, ==, defaults.barriers);
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
  cuocc_input_init (&session.input);
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

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cuocc/session/roundtrip", test_session_roundtrip);
  g_test_add_func ("/cuocc/session/defaults", test_session_defaults);
  g_test_add_func ("/cuocc/session/extras", test_session_extras);
  g_test_add_func ("/cuocc/session/corrupt", test_session_corrupt);

  return g_test_run ();
}
