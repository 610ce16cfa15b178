/* cuocc-cli-import.h — cuocc --import: kernels read from compiler and profiler output.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* TRUE when argv asks for --import, which has options of its own. */
gboolean cuocc_import_command_wanted (int argc, char **argv);

/* Exit statuses as cuocc-cli.h: 1 when some kernel's occupancy could not be
 * worked out, 2 on a usage error or an input without kernels. */
int cuocc_import_command (int argc, char **argv);

G_END_DECLS
