/* cuocc-input-field.h — one number input: its text checked as it is typed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef enum {
  CUOCC_FIELD_STATUS_OK,
  CUOCC_FIELD_STATUS_BEYOND_GPU,   /* calculated, and marked */
  CUOCC_FIELD_STATUS_INVALID,      /* not calculated */
} CuoccFieldStatus;

typedef struct {
  GtkEntry *entry;
  GtkLabel *hint;                  /* says what is allowed, or what is wrong */
  gboolean is_size;                /* bytes, shown as sizes; may have a unit */
  gint64 min;
  gint64 max;                      /* what the GPU launches */
  gint64 limit;                    /* what cuocc answers for; above max, 0 blocks (cuocc_input_range) */
  gint64 value;                    /* the last value that could be calculated */
  CuoccFieldStatus status;
  const char *origin;              /* where the value came from ("typed by you"), shown after the hint, or NULL */
} CuoccInputField;

void cuocc_input_field_check (CuoccInputField *field,
                              gboolean         kib);

G_END_DECLS
