/* test-parse.c — numbers, sizes and compute capabilities as users type
 * them, and the occupancy percent as cuocc prints it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <cuocc.h>

typedef struct {
  const char *text;
  gboolean ok;
  gint64 bytes;
} SizeCase;

static void
test_parse_size (void)
{
  static const SizeCase sizes[] = {
    { "0", TRUE, 0 }, { "49152", TRUE, 49152 }, { "48K", TRUE, 49152 }, { "48k", TRUE, 49152 },
    { "48KB", TRUE, 49152 }, { "48 KiB", TRUE, 49152 }, { " 100 ", TRUE, 100 }, { "12B", TRUE, 12 },
    { "-1", FALSE, 0 }, { "abc", FALSE, 0 }, { "", FALSE, 0 }, { "1.5K", FALSE, 0 }, { "48M", FALSE, 0 },
    { "99999999999999999999", FALSE, 0 }, { "2097152K", FALSE, 0 }, { "2097151K", TRUE, 2147482624 },
    /* Blanks before and after, around the suffix too, alike. */
    { "48K ", TRUE, 49152 }, { " 48K", TRUE, 49152 }, { "\t48 KiB\t", TRUE, 49152 }, { "12B ", TRUE, 12 },
    { "48K B", FALSE, 0 }, { "48KiBx", FALSE, 0 }, { "48 K K", FALSE, 0 }, { " ", FALSE, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autoptr(GError) error = NULL;
      gint64 bytes = -1;
      gboolean ok = cuocc_parse_size (sizes[i].text, &bytes, &error);

      g_assert_cmpint (ok, ==, sizes[i].ok);
      if (ok)
        g_assert_cmpint (bytes, ==, sizes[i].bytes);
      else
        g_assert_nonnull (error);
    }
}

static void
test_parse_int (void)
{
  g_autoptr(GError) error = NULL;
  int v = 0;

  g_assert_true (cuocc_parse_int ("128", "threads", 1, 1024, &v, NULL));
  g_assert_cmpint (v, ==, 128);
  g_assert_true (cuocc_parse_int (" -3 ", "x", -5, 5, &v, NULL));
  g_assert_cmpint (v, ==, -3);
  g_assert_false (cuocc_parse_int ("0", "threads", 1, 1024, &v, &error));
  g_assert_nonnull (strstr (error->message, "1 to 1024"));
  g_clear_error (&error);
  g_assert_false (cuocc_parse_int ("12x", "threads", 1, 1024, &v, &error));
  g_assert_nonnull (strstr (error->message, "12x"));
  g_clear_error (&error);
  g_assert_false (cuocc_parse_int ("99999999999999999999", "threads", 1, G_MAXINT, &v, &error));
  g_clear_error (&error);
  g_assert_false (cuocc_parse_int ("2147483648", "threads", 1, G_MAXINT, &v, &error));
  g_clear_error (&error);
  g_assert_true (cuocc_parse_int ("2147483647", "threads", 1, G_MAXINT, &v, NULL));
  g_assert_cmpint (v, ==, G_MAXINT);
}

/* How NVIDIA's tools write compute capabilities (nvcc -arch, CMake's
 * CUDA_ARCHITECTURES, cuobjdump), worked out by hand: the last digit is the
 * minor version, the digits before it the major; "a" and "f" name the same
 * capability. sm_101 was Jetson Thor's name before CUDA 13 made it 11.0. */
static const struct {
  const char *text;
  int major, minor;
  gboolean note;
} cc_spellings[] = {
  { "8.6", 8, 6, FALSE },      { "9.0", 9, 0, FALSE },        { "12.1", 12, 1, FALSE },
  { " 7.5 ", 7, 5, FALSE },    { "90", 9, 0, FALSE },         { "86", 8, 6, FALSE },
  { "120", 12, 0, FALSE },     { "100", 10, 0, FALSE },       { "sm_90", 9, 0, FALSE },
  { "sm_90a", 9, 0, FALSE },   { "SM_90A", 9, 0, FALSE },     { "compute_90", 9, 0, FALSE },
  { "compute_90a", 9, 0, FALSE }, { "sm_100f", 10, 0, FALSE }, { "sm_103a", 10, 3, FALSE },
  { "sm_120", 12, 0, FALSE },  { "sm_121", 12, 1, FALSE },    { "sm_110", 11, 0, FALSE },
  { "11.0", 11, 0, FALSE },    { "sm_35", 3, 5, FALSE },      { "sm_21", 2, 1, FALSE },
  { "cc86", 8, 6, FALSE },     { "90a", 9, 0, FALSE },        { "100f", 10, 0, FALSE },
  { "sm_107", 10, 7, FALSE },  { "10.7", 10, 7, FALSE },    { "compute_107a", 10, 7, FALSE },
  { "sm_107f", 10, 7, FALSE }, { "107", 10, 7, FALSE },
  { "sm_101", 11, 0, TRUE },   { "sm_101a", 11, 0, TRUE },    { "sm_101f", 11, 0, TRUE },
  { "compute_101", 11, 0, TRUE }, { "101", 11, 0, TRUE },     { "10.1", 11, 0, TRUE },
};

/* Look-alikes that a lenient reader would take for another capability. */
static const char *cc_refused[] = {
  "8.06", "8.0000006", "08.6", "8.60", "8.", ".6", "8", "8.6.0", "8,6", "x.y", "", " ",
  "sm_9", "sm_090", "sm_1000", "sm_90b", "sm_90af", "sm_", "compute_", "sm90", "sm_-90",
  "0.9", "09", "1e1", "0x56", "+8.6", "-8.6", "8.6a", "sm_90 a", "９.０", "sm_86.0",
  "123.4", "8 .6",
};

static void
test_parse_cc (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (cc_spellings); i++)
    {
      int major = -1, minor = -1;
      g_autoptr(GError) error = NULL;

      g_test_message ("%s", cc_spellings[i].text);
      g_assert_true (cuocc_parse_cc (cc_spellings[i].text, &major, &minor, &error));
      g_assert_no_error (error);
      g_assert_cmpint (major, ==, cc_spellings[i].major);
      g_assert_cmpint (minor, ==, cc_spellings[i].minor);
      if (cc_spellings[i].note)
        g_assert_nonnull (strstr (cuocc_cc_note (cc_spellings[i].text), "11.0"));
      else
        g_assert_null (cuocc_cc_note (cc_spellings[i].text));
    }

  for (guint i = 0; i < G_N_ELEMENTS (cc_refused); i++)
    {
      int major = -1, minor = -1;
      g_autoptr(GError) error = NULL;

      g_test_message ("%s", cc_refused[i]);
      g_assert_false (cuocc_parse_cc (cc_refused[i], &major, &minor, &error));
      g_assert_error (error, CUOCC_ERROR, CUOCC_ERROR_UNKNOWN_CC);
      g_assert_nonnull (strstr (error->message, cc_refused[i]));
      g_assert_cmpint (major, ==, -1);
      g_assert_null (cuocc_cc_note (cc_refused[i]));
    }
}

static void
test_parse_cc_messages (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) error2 = NULL;
  int major, minor;
  CuoccGpu gpu;

  /* A minor version of several digits is named as the fault. */
  g_assert_false (cuocc_parse_cc ("8.06", &major, &minor, &error));
  g_assert_nonnull (strstr (error->message, "one digit"));
  /* Anything else lists the spellings that are allowed. */
  g_assert_false (cuocc_parse_cc ("sm_9", &major, &minor, &error2));
  g_assert_nonnull (strstr (error2->message, "sm_90a"));
  g_assert_nonnull (strstr (error2->message, "compute_90"));

  /* Every place that reads a capability goes through the same reading. */
  g_assert_true (cuocc_gpu_for_cc ("sm_101", &gpu, NULL));
  g_assert_cmpint (gpu.cap.major, ==, 11);
  g_assert_cmpint (gpu.cap.minor, ==, 0);
  g_assert_true (cuocc_gpu_find ("compute_89", &gpu, NULL));
  g_assert_cmpint (gpu.cap.major, ==, 8);
  g_assert_cmpint (gpu.cap.minor, ==, 9);
}

static void
test_format_pct (void)
{
  static const struct { int a, b; const char *s; } pcts[] = {
    { 48, 64, "75" }, { 40, 64, "62.5" }, { 32, 48, "66.67" }, { 42, 64, "65.63" },
    { 64, 64, "100" }, { 0, 64, "0" }, { 1, 48, "2.08" }, { 1, 24, "4.17" }, { 4, 48, "8.33" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (pcts); i++)
    {
      char buf[CUOCC_TABLE_PERCENT_SIZE];

      /* Active warps over the most an SM holds, as every occupancy is written. */
      cuocc_table_format_percent ((double) pcts[i].a / pcts[i].b, buf);
      g_assert_cmpstr (buf, ==, pcts[i].s);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cuocc/parse/size", test_parse_size);
  g_test_add_func ("/cuocc/parse/int", test_parse_int);
  g_test_add_func ("/cuocc/parse/cc", test_parse_cc);
  g_test_add_func ("/cuocc/parse/cc-messages", test_parse_cc_messages);
  g_test_add_func ("/cuocc/parse/occupancy-pct", test_format_pct);

  return g_test_run ();
}
