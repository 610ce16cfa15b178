/* cuocc-cli.h — the command line: options, checks and dispatch.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Exit statuses: 0 success; 1 some batch rows could not be evaluated;
 * 2 a usage error, a value that is no question at all, or a failure to
 * read or write.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define CLI_EXIT_OK 0
#define CLI_EXIT_ROW_ERRORS 1
#define CLI_EXIT_USAGE 2
#define CLI_EXIT_CHECK_FAILED 3         /* cuocc --import --check: some kernel failed a term */

int cuocc_cli_run (int    argc,
                   char **argv);

G_END_DECLS
