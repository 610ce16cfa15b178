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
  g_test_add_func ("/cuocc/session/corrupt", test_session_corrupt);

  return g_test_run ();
}
