/* cuocc-cli.h — the command line: options, checks and dispatch.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Exit statuses: 0 success; 1 some batch rows could not be evaluated;
 * 2 a usage error, a value that is no question at all, or a failure to
 * read or write; 3 a kernel failed --check; 128 + a signal's number: a
 * signal stopped a PTX assembly.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define CLI_EXIT_OK 0
#define CLI_EXIT_ROW_ERRORS 1
#define CLI_EXIT_USAGE 2
#define CLI_EXIT_CHECK_FAILED 3         /* cuocc --import --check: some kernel failed a term */
/* + the signal's number, as a shell says a program a signal ended: SIGINT
 * (Ctrl+C, 130), SIGTERM (143) or SIGHUP (129) stopped a PTX assembly. */
#define CLI_EXIT_SIGNALLED 128

int cuocc_cli_run (int    argc,
                   char **argv);

/* "cuocc: MESSAGE", then the hint (translated, with its line end) on where
 * help is; returns CLI_EXIT_USAGE. */
G_GNUC_PRINTF (2, 3)
int cli_usage_error (const char *hint,
                     const char *format,
                     ...);
/* "cuocc: MESSAGE"; returns CLI_EXIT_USAGE. */
int cli_error_exit  (const GError *error);

/* A context for entries that end with G_OPTION_REMAINING, in cuocc's
 * translation domain. */
GOptionContext *cli_option_context_new (const GOptionEntry *entries,
                                        const char         *summary,
                                        const char         *description);
/* Parses the options; a mistake or an argument left over (rest, the
 * G_OPTION_REMAINING target) is a usage error with the hint. Returns
 * CLI_EXIT_OK or CLI_EXIT_USAGE. */
int             cli_option_context_parse (GOptionContext   *context,
                                          int              *argc,
                                          char           ***argv,
                                          char **const     *rest,
                                          const char       *hint);

G_END_DECLS
