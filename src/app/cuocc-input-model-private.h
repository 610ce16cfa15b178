/* cuocc-input-model-private.h — what the input model's files share: the
 * model (cuocc-input-model.c: the GPU, the writers, the origins, the
 * question as the calculation and sessions read it) and the checking of an
 * input's text (cuocc-input-model-check.c: its value, whether it is valid,
 * the message and the hint); and the properties views bind to
 * (cuocc-input-model-properties.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cuocc-input-model.h"

G_BEGIN_DECLS

typedef struct {
  char *text;
  gint64 value;                    /* the last value that could be calculated */
  CuoccInputStatus status;
  char *message;
  CuoccInputOrigin origin;
  char *note;
  char *source;                    /* which kernel, which file, or NULL */
  char *hint;                      /* message · note */
  gint64 own_value;                /* the last value not a kernel's: the user's, a session's, the default */
} Input;

/* What the properties read at their last notification: a property is
 * notified when it reads something else. */
#define CUOCC_INPUT_MODEL_N_SHOWN_VALUES 6
typedef struct {
  char *gpu_id;
  char *gpu_name;
  char *gpu_error;
  gint64 values[CUOCC_INPUT_MODEL_N_SHOWN_VALUES];
  gboolean valid;
  char *error;
  char *opt_in_text;
  gboolean smem_in_kib;
} CuoccInputModelShown;

struct _CuoccInputModel
{
  GObject parent_instance;

  char *gpu_id;
  CuoccGpu gpu;                    /* the last GPU had: its ranges stay while none can be had */
  gboolean have_gpu;               /* gpu holds a GPU */
  gboolean gpu_valid;              /* gpu is the one gpu_id names */
  char *gpu_error;
  CuoccInputOrigin gpu_origin;

  Input inputs[CUOCC_N_INPUT_KEYS];
  gboolean smem_in_kib;
  char *opt_in_text;

  guint frozen;
  gboolean changed;
  CuoccInputModelShown shown;
};

/* cuocc-input-model.c */
gboolean _cuocc_input_model_is_launch_key (CuoccInputKey    key);

/* cuocc-input-model-check.c */
void     _cuocc_input_model_check_input   (CuoccInputModel *self,
                                           CuoccInputKey    key);
void     _cuocc_input_model_check_all     (CuoccInputModel *self);
void     _cuocc_input_model_update_hint   (Input           *in);

/* cuocc-input-model-properties.c */
void     _cuocc_input_model_install_properties (GObjectClass    *object_class);
void     _cuocc_input_model_init_shown         (CuoccInputModel *self);
void     _cuocc_input_model_clear_shown        (CuoccInputModel *self);
void     _cuocc_input_model_notify_changes     (CuoccInputModel *self);

G_END_DECLS
