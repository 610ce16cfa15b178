/* cuocc-input-field.h — one input's entry and hint, showing what the input
 * model holds.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "cuocc-input-model.h"

G_BEGIN_DECLS

typedef struct {
  GtkEntry *entry;                 /* NULL where the input is a choice */
  GtkLabel *hint;                  /* says what is allowed, or what is wrong, and where the value came from; or NULL */
} CuoccInputField;

void _cuocc_input_field_show (const CuoccInputField *field,
                              CuoccInputModel       *model,
                              CuoccInputKey          key);

G_END_DECLS
