/* cuocc-workers.h — the app's worker threads that start processes, counted.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

void cuocc_workers_begin (void);
void cuocc_workers_end   (void);
void cuocc_workers_wait  (void);

G_END_DECLS
