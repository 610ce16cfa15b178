/* cuocc-application.h — the application object.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define CUOCC_TYPE_APPLICATION (cuocc_application_get_type ())

G_DECLARE_FINAL_TYPE (CuoccApplication, cuocc_application, CUOCC, APPLICATION, AdwApplication)

CuoccApplication *cuocc_application_new             (void);
int               cuocc_application_get_stop_signal (CuoccApplication *self);

G_END_DECLS
