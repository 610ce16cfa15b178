/* cuocc-cli-writer.c — a buffered writer for the command line's output.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "cuocc-cli-writer.h"

CliWriter *
cli_writer_new (FILE *stream)
{
  CliWriter *writer = g_new (CliWriter, 1);

  writer->stream = stream;
  writer->len = 0;
  writer->failed = FALSE;
  return writer;
}

void
cli_writer_free (CliWriter *writer)
{
  g_free (writer);
}

/* Returns FALSE once any write has failed (a full disk, a closed pipe). */
gboolean
cli_writer_flush (CliWriter *writer)
{
  if (writer->len > 0 && !writer->failed)
    {
      if (fwrite (writer->buf, 1, writer->len, writer->stream) != writer->len)
        writer->failed = TRUE;
    }
  writer->len = 0;
  if (!writer->failed && fflush (writer->stream) != 0)
    writer->failed = TRUE;
  return !writer->failed;
}

void
cli_writer_write (CliWriter  *writer,
                  const char *text,
                  gsize       length)
{
  while (length > 0)
    {
      gsize room = CLI_WRITER_BUFFER_SIZE - writer->len;
      gsize n = MIN (room, length);

      memcpy (writer->buf + writer->len, text, n);
      writer->len += n;
      text += n;
      length -= n;
      if (writer->len == CLI_WRITER_BUFFER_SIZE)
        cli_writer_flush (writer);
    }
}

void
cli_writer_put_int (CliWriter *writer,
                    gint64     value)
{
  static const char pairs[] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";
  char digits[24];
  char *p = digits + sizeof digits;
  guint64 magnitude = value < 0 ? -(guint64) value : (guint64) value;

  /* Two digits at a time: batch output is mostly numbers. */
  while (magnitude >= 100)
    {
      guint i = (guint) (magnitude % 100) * 2;

      magnitude /= 100;
      *--p = pairs[i + 1];
      *--p = pairs[i];
    }
  if (magnitude >= 10)
    {
      *--p = pairs[magnitude * 2 + 1];
      *--p = pairs[magnitude * 2];
    }
  else
    *--p = (char) ('0' + magnitude);
  if (value < 0)
    *--p = '-';
  if (G_LIKELY (CLI_WRITER_BUFFER_SIZE - writer->len >= sizeof digits))
    {
      memcpy (writer->buf + writer->len, p, digits + sizeof digits - p);
      writer->len += digits + sizeof digits - p;
    }
  else
    cli_writer_write (writer, p, digits + sizeof digits - p);
}

/* A fraction as a percentage with at most two decimals: 62.5, 66.67, 100. */
void
cli_writer_put_percent (CliWriter *writer,
                        double     fraction)
{
  gint64 hundredths = (gint64) llround (fraction * 10000.0);
  int decimals = (int) (hundredths % 100);

  cli_writer_put_int (writer, hundredths / 100);
  if (decimals == 0)
    return;
  cli_writer_putc (writer, '.');
  cli_writer_putc (writer, (char) ('0' + decimals / 10));
  if (decimals % 10 != 0)
    cli_writer_putc (writer, (char) ('0' + decimals % 10));
}

/* RFC 4180: a field holding a comma, a quote or a line break is quoted,
 * its quotes doubled. */
void
cli_writer_put_csv (CliWriter  *writer,
                    const char *text)
{
  if (text == NULL)
    return;
  if (text[strcspn (text, ",\"\r\n")] == '\0')
    {
      cli_writer_puts (writer, text);
      return;
    }
  cli_writer_putc (writer, '"');
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '"')
        cli_writer_putc (writer, '"');
      cli_writer_putc (writer, *p);
    }
  cli_writer_putc (writer, '"');
}

static void
put_json_valid (CliWriter  *writer,
                const char *text)
{
  static const char hex[] = "0123456789abcdef";

  cli_writer_putc (writer, '"');
  for (const unsigned char *p = (const unsigned char *) text; *p != '\0'; p++)
    {
      switch (*p)
        {
        case '"':
          cli_writer_write (writer, "\\\"", 2);
          break;
        case '\\':
          cli_writer_write (writer, "\\\\", 2);
          break;
        case '\n':
          cli_writer_write (writer, "\\n", 2);
          break;
        case '\r':
          cli_writer_write (writer, "\\r", 2);
          break;
        case '\t':
          cli_writer_write (writer, "\\t", 2);
          break;
        default:
          if (*p < 0x20 || *p == 0x7f)
            {
              cli_writer_write (writer, "\\u00", 4);
              cli_writer_putc (writer, hex[*p >> 4]);
              cli_writer_putc (writer, hex[*p & 0xf]);
            }
          else
            cli_writer_putc (writer, (char) *p);
        }
    }
  cli_writer_putc (writer, '"');
}

/* A JSON string; NULL is null. Text that is not UTF-8 (a batch file in
 * another encoding) has its bad bytes replaced so the output stays valid. */
void
cli_writer_put_json (CliWriter  *writer,
                     const char *text)
{
  if (text == NULL)
    {
      cli_writer_write (writer, "null", 4);
      return;
    }
  if (G_LIKELY (g_utf8_validate (text, -1, NULL)))
    {
      put_json_valid (writer, text);
      return;
    }

  g_autofree char *valid = g_utf8_make_valid (text, -1);
  put_json_valid (writer, valid);
}
