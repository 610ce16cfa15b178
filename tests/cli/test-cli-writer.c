/* test-cli-writer.c — the command line's output formatting: integers,
 * percentages, CSV quoting and JSON escaping.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>

#include "cuocc-cli-writer.h"

typedef void (*WriteFunc) (CliWriter *writer, gconstpointer data);

/* Runs func against a writer on a memory stream and returns what it wrote. */
static char *
capture (WriteFunc     func,
         gconstpointer data)
{
  char *text = NULL;
  size_t length = 0;
  FILE *stream = open_memstream (&text, &length);
  g_autoptr(CliWriter) writer = NULL;

  g_assert_nonnull (stream);
  writer = cli_writer_new (stream);
  func (writer, data);
  g_assert_true (cli_writer_flush (writer));
  fclose (stream);
  return text;
}

static void
write_int (CliWriter *writer, gconstpointer data)
{
  cli_writer_put_int (writer, *(const gint64 *) data);
}

static void
write_percent (CliWriter *writer, gconstpointer data)
{
  cli_writer_put_percent (writer, *(const double *) data);
}

static void
write_csv (CliWriter *writer, gconstpointer data)
{
  cli_writer_put_csv (writer, data);
}

static void
write_json (CliWriter *writer, gconstpointer data)
{
  cli_writer_put_json (writer, data);
}

static void
test_int (void)
{
  static const struct { gint64 value; const char *text; } cases[] = {
    { 0, "0" }, { 7, "7" }, { -7, "-7" }, { 10, "10" }, { 99, "99" }, { 100, "100" },
    { 101, "101" }, { 12345, "12345" }, { 2147483647, "2147483647" },
    { G_MAXINT64, "9223372036854775807" }, { G_MININT64, "-9223372036854775808" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = capture (write_int, &cases[i].value);

      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

static void
test_percent (void)
{
  static const struct { double fraction; const char *text; } cases[] = {
    { 0.0, "0" }, { 1.0, "100" }, { 0.75, "75" }, { 0.625, "62.5" }, { 2.0 / 3.0, "66.67" },
    { 1.0 / 3.0, "33.33" }, { 40.0 / 64.0, "62.5" }, { 1.0 / 64.0, "1.56" }, { 0.005, "0.5" },
    { 0.1, "10" }, { 0.101, "10.1" }, { 5.0 / 48.0, "10.42" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = capture (write_percent, &cases[i].fraction);

      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

static void
test_csv (void)
{
  static const struct { const char *in; const char *out; } cases[] = {
    { "", "" },
    { "plain", "plain" },
    { "NVIDIA H100 SXM5", "NVIDIA H100 SXM5" },
    { "a,b", "\"a,b\"" },
    { "say \"hi\"", "\"say \"\"hi\"\"\"" },
    { "line\nbreak", "\"line\nbreak\"" },
    { "cr\rhere", "\"cr\rhere\"" },
    { "“unicode”", "“unicode”" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = capture (write_csv, cases[i].in);

      g_assert_cmpstr (text, ==, cases[i].out);
    }
}

static void
test_json (void)
{
  static const struct { const char *in; const char *out; } cases[] = {
    { NULL, "null" },
    { "", "\"\"" },
    { "plain", "\"plain\"" },
    { "a\"b\\c", "\"a\\\"b\\\\c\"" },
    { "n\nr\rt\t", "\"n\\nr\\rt\\t\"" },
    { "\x01\x1f\x7f", "\"\\u0001\\u001f\\u007f\"" },
    { "“unicode”", "\"“unicode”\"" },
    { "bad \xff byte", "\"bad \xef\xbf\xbd byte\"" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = capture (write_json, cases[i].in);

      g_assert_cmpstr (text, ==, cases[i].out);
    }
}

static void
write_many (CliWriter *writer, gconstpointer data)
{
  for (gint64 i = 0; i < 100000; i++)
    {
      cli_writer_put_int (writer, i);
      cli_writer_putc (writer, '\n');
    }
}

/* Far more than one buffer: nothing is lost or reordered at the seams. */
static void
test_buffer_seams (void)
{
  g_autofree char *text = capture (write_many, NULL);
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);

  g_assert_cmpuint (g_strv_length (lines), ==, 100001);
  for (guint i = 0; i < 100000; i++)
    g_assert_cmpint (g_ascii_strtoll (lines[i], NULL, 10), ==, i);
  g_assert_cmpstr (lines[100000], ==, "");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cuocc/cli/writer/int", test_int);
  g_test_add_func ("/cuocc/cli/writer/percent", test_percent);
  g_test_add_func ("/cuocc/cli/writer/csv", test_csv);
  g_test_add_func ("/cuocc/cli/writer/json", test_json);
  g_test_add_func ("/cuocc/cli/writer/buffer-seams", test_buffer_seams);

  return g_test_run ();
}
