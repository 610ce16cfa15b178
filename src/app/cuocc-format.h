/* cuocc-format.h — numbers as the app shows them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cuocc.h>

G_BEGIN_DECLS

char *cuocc_format_count   (gint64  value);
char *cuocc_format_bytes   (gint64  bytes);
char *cuocc_format_blocks  (int     blocks);
char *cuocc_format_percent (double  fraction);
char *cuocc_format_points  (double  points);
char *cuocc_format_limiters (guint  limiters);
char *cuocc_format_cc      (int     major,
                            int     minor);
char *cuocc_format_amount  (gint64     value,
                            CuoccUnit  unit);
char *cuocc_format_figure  (const CuoccFigureValue *value);
/* What a label shows of outside text at most: a file's name, a message. */
#define CUOCC_NAME_MAX_CHARS 120
#define CUOCC_MESSAGE_MAX_CHARS 1000
/* A toast shows one short message; longer ones are cut. */
#define CUOCC_TOAST_MAX_CHARS 300

char *cuocc_format_capped  (const char *text,
                            glong       max_chars);
char *cuocc_format_capped_middle (const char *text,
                                  glong       max_chars);

G_END_DECLS
