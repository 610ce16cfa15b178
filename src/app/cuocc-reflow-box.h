/* cuocc-reflow-box.h — two children side by side where the width allows,
 * one above the other where it does not.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define CUOCC_TYPE_REFLOW_BOX (cuocc_reflow_box_get_type ())

G_DECLARE_FINAL_TYPE (CuoccReflowBox, cuocc_reflow_box, CUOCC, REFLOW_BOX, GtkWidget)

G_END_DECLS
