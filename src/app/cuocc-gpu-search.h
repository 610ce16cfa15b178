/* cuocc-gpu-search.h — the GPU list's search: words anywhere, on every GTK.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void          cuocc_gpu_search_attach      (GtkDropDown *dropdown);

G_END_DECLS
