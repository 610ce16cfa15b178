/* cuocc-input-model.h — the inputs as the user gave them: for each, the
 * text, its value, whether it is valid and why not, and where it came from.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>
#include <cuocc.h>

G_BEGIN_DECLS

#define CUOCC_TYPE_INPUT_MODEL (cuocc_input_model_get_type ())

G_DECLARE_FINAL_TYPE (CuoccInputModel, cuocc_input_model, CUOCC, INPUT_MODEL, GObject)

/* Where an input's value came from: said after its hint. */
typedef enum {
  CUOCC_INPUT_ORIGIN_DEFAULT,      /* the default: nothing is said */
  CUOCC_INPUT_ORIGIN_USER,         /* typed or chosen by the user */
  CUOCC_INPUT_ORIGIN_KERNEL,       /* a chosen kernel's; the note says which figure, or that it was kept */
  CUOCC_INPUT_ORIGIN_SESSION,      /* an opened session file's; the note names it */
  CUOCC_INPUT_ORIGIN_RESTORED,     /* the last run's, restored at start */
  CUOCC_INPUT_ORIGIN_ADVICE,       /* the advice's Apply, on the Tuning page */
  CUOCC_INPUT_ORIGIN_SUGGESTION,   /* the results' suggested block size, applied */
  CUOCC_INPUT_ORIGIN_GRAPH,        /* a value picked on a graph */
} CuoccInputOrigin;

typedef enum {
  CUOCC_INPUT_STATUS_OK,
  CUOCC_INPUT_STATUS_BEYOND_GPU,   /* calculated, and marked: the results say why it cannot launch */
  CUOCC_INPUT_STATUS_INVALID,      /* not calculated */
} CuoccInputStatus;

/* An origin's name, as the saved state keeps it ("kernel"). */
const char       *cuocc_input_origin_to_string      (CuoccInputOrigin   origin);
gboolean          cuocc_input_origin_from_string    (const char        *name,
                                                     CuoccInputOrigin  *origin);

CuoccInputModel  *cuocc_input_model_new             (void);

/* Writes between a freeze and its thaw make one "changed". */
void              cuocc_input_model_freeze          (CuoccInputModel   *self);
void              cuocc_input_model_thaw            (CuoccInputModel   *self);

/* The GPU, by its id (cuocc_gpu_resolve_id ()); nothing changes when it cannot
 * be had. */
gboolean          cuocc_input_model_set_gpu         (CuoccInputModel   *self,
                                                     const char        *id,
                                                     CuoccInputOrigin   origin,
                                                     GError           **error);
/* A GPU chosen whose figures cannot be had (a custom device file gone):
 * no calculation, message says why. */
void              cuocc_input_model_set_gpu_unavailable (CuoccInputModel *self,
                                                     const char        *id,
                                                     const char        *message);
const char       *cuocc_input_model_get_gpu_id      (CuoccInputModel   *self);
const CuoccGpu   *cuocc_input_model_get_gpu         (CuoccInputModel   *self);
const char       *cuocc_input_model_get_gpu_error   (CuoccInputModel   *self);
CuoccInputOrigin  cuocc_input_model_get_gpu_origin  (CuoccInputModel   *self);
gboolean          cuocc_input_model_applies         (CuoccInputModel   *self,
                                                     CuoccInputKey      key);

/* One input: text as typed (a size in KiB where the unit says so), or a
 * value, which is written as text. note: what the hint says of a kernel's
 * or a session's value; the other origins say their own. */
void              cuocc_input_model_set_text        (CuoccInputModel   *self,
                                                     CuoccInputKey      key,
                                                     const char        *text,
                                                     CuoccInputOrigin   origin,
                                                     const char        *note);
void              cuocc_input_model_set_value       (CuoccInputModel   *self,
                                                     CuoccInputKey      key,
                                                     gint64             value,
                                                     CuoccInputOrigin   origin,
                                                     const char        *note);
/* The static and dynamic shared memory together, as a graph or the advice
 * asks for it: the dynamic part stays unless the total is less. */
void              cuocc_input_model_set_total_smem  (CuoccInputModel   *self,
                                                     gint64             total,
                                                     CuoccInputOrigin   origin);
/* Says where the value came from, and keeps it (a kernel that declares none). */
void              cuocc_input_model_set_origin      (CuoccInputModel   *self,
                                                     CuoccInputKey      key,
                                                     CuoccInputOrigin   origin,
                                                     const char        *note);
/* A kernel lacks the figure: the value there was before kernels were
 * chosen (never the last kernel's), marked the kernel's with the note. */
void              cuocc_input_model_keep_own        (CuoccInputModel   *self,
                                                     CuoccInputKey      key,
                                                     const char        *note);
/* The value the next kernel that lacks the figure goes back to; set by
 * every write not a kernel's, and by the restored state. */
gint64            cuocc_input_model_get_own_value   (CuoccInputModel   *self,
                                                     CuoccInputKey      key);
void              cuocc_input_model_set_own_value   (CuoccInputModel   *self,
                                                     CuoccInputKey      key,
                                                     gint64             value);
/* Which kernel (its name) or session file (its path) the value came from,
 * until the input is written again; NULL for none. */
void              cuocc_input_model_set_source      (CuoccInputModel   *self,
                                                     CuoccInputKey      key,
                                                     const char        *source);
const char       *cuocc_input_model_get_source      (CuoccInputModel   *self,
                                                     CuoccInputKey      key);
/* The shared memory per block's unit: a number typed without a suffix is
 * KiB. The size stays; only its text changes. */
void              cuocc_input_model_set_smem_in_kib (CuoccInputModel   *self,
                                                     gboolean           kib);
gboolean          cuocc_input_model_get_smem_in_kib (CuoccInputModel   *self);

const char       *cuocc_input_model_get_text        (CuoccInputModel   *self,
                                                     CuoccInputKey      key);
/* The last value that could be calculated. */
gint64            cuocc_input_model_get_value       (CuoccInputModel   *self,
                                                     CuoccInputKey      key);
CuoccInputStatus  cuocc_input_model_get_status      (CuoccInputModel   *self,
                                                     CuoccInputKey      key);
/* What is allowed, or what is wrong and what is allowed. */
const char       *cuocc_input_model_get_message     (CuoccInputModel   *self,
                                                     CuoccInputKey      key);
CuoccInputOrigin  cuocc_input_model_get_origin      (CuoccInputModel   *self,
                                                     CuoccInputKey      key);
/* What is said of the origin ("set by you"), or NULL. */
const char       *cuocc_input_model_get_note        (CuoccInputModel   *self,
                                                     CuoccInputKey      key);
/* The message and the note: what the input's hint says. */
const char       *cuocc_input_model_get_hint        (CuoccInputModel   *self,
                                                     CuoccInputKey      key);
/* That the kernel must opt in to its shared memory, or NULL: the
 * "opt-in-text" property. */

/* What the calculation takes: the GPU the launch sees (the SMs it may use;
 * set whenever there is a GPU) and the input; FALSE with the first input
 * that is wrong, or when there is no GPU. */
gboolean          cuocc_input_model_get_input       (CuoccInputModel   *self,
                                                     CuoccGpu          *launch,
                                                     CuoccInput        *input,
                                                     GError           **error);
/* The inputs as entered, for a session: the static and dynamic shared
 * memory apart, what the GPU does not take as its default. */
void              cuocc_input_model_get_values      (CuoccInputModel   *self,
                                                     CuoccInputValues  *values);
/* A session's GPU and inputs, all checked before anything changes; one
 * "changed". */
gboolean          cuocc_input_model_apply_values    (CuoccInputModel   *self,
                                                     const char        *gpu_id,
                                                     const CuoccInputValues *values,
                                                     CuoccInputOrigin   origin,
                                                     const char        *note,
                                                     GError           **error);

G_END_DECLS
