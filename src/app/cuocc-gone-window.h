/* cuocc-gone-window.h — the entries of a compared build that this build
 * has not, listed (issue 29 §6).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

GtkWidget *cuocc_gone_window_new (GtkWindow  *parent,
                                  const char *compared_name,
                                  GListModel *gone);

G_END_DECLS
