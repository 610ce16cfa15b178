/* cuocc-cli-writer.c — a buffered writer for the command line's output.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>

#include "cuocc-cli-writer.h"

CliWriter *
cli_writer_new (FILE *stream)
{
  CliWriter *writer = g_new (CliWriter, 1);

  writer->stream = stream;
  /* Room for a full buffer and the field that overfills it. */
  writer->buf = g_string_sized_new (2 * CLI_WRITER_BUFFER_SIZE);
  writer->failed = FALSE;
  return writer;
}

void
cli_writer_free (CliWriter *writer)
{
  g_string_free (writer->buf, TRUE);
  g_free (writer);
}

/* Returns FALSE once any write has failed (a full disk, a closed pipe). */
gboolean
cli_writer_flush (CliWriter *writer)
{
  if (writer->buf->len > 0 && !writer->failed)
    {
      if (fwrite (writer->buf->str, 1, writer->buf->len, writer->stream) != writer->buf->len)
        writer->failed = TRUE;
    }
  g_string_truncate (writer->buf, 0);
  if (!writer->failed && fflush (writer->stream) != 0)
    writer->failed = TRUE;
  return !writer->failed;
}

gboolean
cli_writer_finish (CliWriter *writer)
{
  if (cli_writer_flush (writer))
    return TRUE;
  g_printerr (_("cuocc: cannot write the output: %s\n"), g_strerror (errno));
  return FALSE;
}

void
cli_writer_write (CliWriter  *writer,
                  const char *text,
                  gsize       length)
{
  g_string_append_len (writer->buf, text, length);
  cli_writer_commit (writer);
}

void
cli_writer_put_int (CliWriter *writer,
                    gint64     value)
{
  cuocc_table_append_int (writer->buf, value);
  cli_writer_commit (writer);
}

void
cli_writer_put_header (CliWriter         *writer,
                       const char *const *names,
                       guint              n_columns)
{
  cuocc_table_append_header (writer->buf, names, n_columns);
  g_string_append_c (writer->buf, '\n');
  cli_writer_commit (writer);
}
