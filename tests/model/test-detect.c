/* test-detect.c — this machine's GPUs through the driver, or a clear
 * reason why there are none.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <cuocc.h>

static void
test_detect (void)
{
  g_autoptr(GError) error = NULL;
  CuoccGpu gpus[8];
  int n = cuocc_detect_gpus (gpus, G_N_ELEMENTS (gpus), &error);

  if (n < 0)
    {
      /* No driver here: the reason is given, nothing crashes. */
      g_assert_error (error, CUOCC_ERROR, CUOCC_ERROR_UNSUPPORTED);
      g_assert_true (strstr (error->message, "libcuda") != NULL || strstr (error->message, "driver") != NULL
                     || strstr (error->message, "GPU") != NULL);
      /* What needs a GPU is not checked here, and says so. */
      g_test_skip_printf ("no GPU detected (%s): the error without one is checked, the detected GPUs' figures are not",
                          error->message);
      return;
    }
  for (int i = 0; i < n; i++)
    {
      g_assert_no_error (error);
      g_assert_true (cuocc_capability_validate (&gpus[i].cap, &error));
      g_assert_cmpint (gpus[i].sm_count, >, 0);
      g_test_message ("detected %s, CC %d.%d, %d SMs", gpus[i].name, gpus[i].cap.major, gpus[i].cap.minor,
                      gpus[i].sm_count);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cuocc/detect/driver", test_detect);

  return g_test_run ();
}
