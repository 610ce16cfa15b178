/* cuocc-cli-writer.h — a buffered writer for the command line's output.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Batch mode answers hundreds of thousands of rows a second, so output goes
 * through one buffer, written out when it passes CLI_WRITER_BUFFER_SIZE,
 * instead of through printf or a GString per field. The buffer is a GString
 * so that libcuocc's results format (cuocc-table.h) writes into it directly.
 */
#pragma once

#include <stdio.h>
#include <string.h>
#include <glib.h>

#include <cuocc.h>

G_BEGIN_DECLS

#define CLI_WRITER_BUFFER_SIZE 65536

typedef struct {
  FILE *stream;
  GString *buf;
  gboolean failed;
} CliWriter;

CliWriter *cli_writer_new          (FILE              *stream);
void       cli_writer_free         (CliWriter         *writer);
void       cli_writer_write        (CliWriter         *writer,
                                    const char        *text,
                                    gsize              length);
void       cli_writer_put_int      (CliWriter         *writer,
                                    gint64             value);
/* A header line of the results format (CSV). Rows go straight into
 * writer->buf through cuocc_table_append_row(), then cli_writer_commit(). */
void       cli_writer_put_header   (CliWriter         *writer,
                                    const char *const *names,
                                    guint              n_columns);
gboolean   cli_writer_flush        (CliWriter         *writer);
/* Flushes; on a failure says so on standard error and returns FALSE. */
gboolean   cli_writer_finish       (CliWriter         *writer);

/* Writes the buffer out once it is full. */
static inline void
cli_writer_commit (CliWriter *writer)
{
  if (G_UNLIKELY (writer->buf->len >= CLI_WRITER_BUFFER_SIZE))
    cli_writer_flush (writer);
}

static inline void
cli_writer_putc (CliWriter *writer,
                 char       c)
{
  g_string_append_c (writer->buf, c);
  cli_writer_commit (writer);
}

static inline void
cli_writer_puts (CliWriter  *writer,
                 const char *text)
{
  cli_writer_write (writer, text, strlen (text));
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CliWriter, cli_writer_free)

G_END_DECLS
