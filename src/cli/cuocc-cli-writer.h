/* cuocc-cli-writer.h — a buffered writer for the command line's output.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Batch mode answers hundreds of thousands of rows a second, so output goes
 * through one fixed buffer and integers are formatted by hand instead of
 * through printf or a GString per field.
 */
#pragma once

#include <stdio.h>
#include <string.h>
#include <glib.h>

G_BEGIN_DECLS

#define CLI_WRITER_BUFFER_SIZE 65536

typedef struct {
  FILE *stream;
  gsize len;
  gboolean failed;
  char buf[CLI_WRITER_BUFFER_SIZE];
} CliWriter;

CliWriter *cli_writer_new          (FILE       *stream);
void       cli_writer_free         (CliWriter  *writer);
void       cli_writer_write        (CliWriter  *writer,
                                    const char *text,
                                    gsize       length);
void       cli_writer_put_int      (CliWriter  *writer,
                                    gint64      value);
void       cli_writer_put_percent  (CliWriter  *writer,
                                    double      fraction);
void       cli_writer_put_csv      (CliWriter  *writer,
                                    const char *text);
void       cli_writer_put_json     (CliWriter  *writer,
                                    const char *text);
gboolean   cli_writer_flush        (CliWriter  *writer);

static inline void
cli_writer_putc (CliWriter *writer,
                 char       c)
{
  if (G_UNLIKELY (writer->len == CLI_WRITER_BUFFER_SIZE))
    cli_writer_flush (writer);
  writer->buf[writer->len++] = c;
}

static inline void
cli_writer_puts (CliWriter  *writer,
                 const char *text)
{
  cli_writer_write (writer, text, strlen (text));
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CliWriter, cli_writer_free)

G_END_DECLS
