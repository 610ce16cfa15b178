/* cuocc-name-label.h — a kernel's name in a label, as the table's cells
 * and the summary show it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void cuocc_name_label_setup (GtkLabel *label,
                             int       max_chars);

G_END_DECLS
