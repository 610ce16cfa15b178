/* test-cli-writer.c — the command line's buffered output. The formats it
 * writes (percentages, CSV quoting, JSON escaping) are libcuocc's, tested in
 * tests/model/test-table.c.
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

  g_test_add_func ("/cuocc/cli/writer/buffer-seams", test_buffer_seams);

  return g_test_run ();
}
