/* cuocc-input-model.c — the inputs as the user gave them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The one owner of what the user enters: the GPU and, for every input of
 * the library's description (cuocc-inputs.c), the text as typed, the value
 * read from it, whether it is valid and why not, and where it came from.
 *
 * Writers: the input panel (what the user types or chooses), the kernels
 * (a chosen kernel's figures), the advice's Apply, the graphs' clicks, an
 * opened session and the restored state. Readers: the calculation (through
 * "changed"), the input panel (the entries' text, the hints), the saved
 * state and session files. Writes between a freeze and its thaw make one
 * "changed", so that a kernel setting six inputs recomputes once; views
 * bind to its properties (cuocc-input-model-properties.c), notified with
 * it and only where what they read changed.
 *
 * Nothing is clamped behind the user's back: text that is no number, or a
 * number that is no question at all (0 threads), is invalid and stops the
 * calculation; a number beyond what the GPU allows is marked but still
 * calculated, so that the results say why it cannot launch.
 *
 * Only GObject and libcuocc: no widget.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "cuocc-format.h"
#include "cuocc-input-model-private.h"

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (CuoccInputModel, cuocc_input_model, G_TYPE_OBJECT)

/* The inputs a launch's figures are typed into, in the order the panel
 * shows them: the first wrong one is the one the results name. */
static const CuoccInputKey launch_keys[] = {
  CUOCC_INPUT_KEY_THREADS,
  CUOCC_INPUT_KEY_REGS,
  CUOCC_INPUT_KEY_SMEM,
  CUOCC_INPUT_KEY_BARRIERS,
  CUOCC_INPUT_KEY_CLUSTER_SIZE,
  CUOCC_INPUT_KEY_DYNAMIC_SMEM,
};

/* The inputs that may be left empty for none. */
static const CuoccInputKey optional_keys[] = {
  CUOCC_INPUT_KEY_CARVEOUT,
  CUOCC_INPUT_KEY_SMS,
};

/* The origins by name, in the order of CuoccInputOrigin. */
static const char *const origin_names[] = {
  "default", "user", "kernel", "session", "restored", "advice", "suggestion", "graph",
};

G_STATIC_ASSERT (G_N_ELEMENTS (origin_names) == CUOCC_INPUT_ORIGIN_GRAPH + 1);

/* ----- helpers ----- */

gboolean
_cuocc_input_model_is_launch_key (CuoccInputKey key)
{
  for (guint i = 0; i < G_N_ELEMENTS (launch_keys); i++)
    if (launch_keys[i] == key)
      return TRUE;
  return FALSE;
}

/* The properties first, so that "changed" handlers read them notified. */
static void
emit_changed (CuoccInputModel *self)
{
  _cuocc_input_model_notify_changes (self);
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
changed (CuoccInputModel *self)
{
  if (self->frozen > 0)
    self->changed = TRUE;
  else
    emit_changed (self);
}

static char *
value_to_text (CuoccInputModel *self,
               CuoccInputKey    key,
               gint64           value)
{
  const CuoccInputInfo *info = cuocc_input_info (key);

  if (info->has_none && value == info->none)
    return g_strdup ("");
  if (info->type == CUOCC_INPUT_TYPE_CHOICE && value >= info->min && value <= info->max)
    return g_strdup (info->choices[value]);
  if (key == CUOCC_INPUT_KEY_SMEM && self->smem_in_kib)
    return g_strdup_printf ("%" G_GINT64_FORMAT, value / 1024);
  return g_strdup_printf ("%" G_GINT64_FORMAT, value);
}

/* What is said of an origin: the user's, the advice's and a graph's say
 * their own; a kernel's and a session's writer says which. */
static void
take_origin (Input            *in,
             CuoccInputOrigin  origin,
             const char       *note)
{
  in->origin = origin;
  g_free (in->note);
  g_clear_pointer (&in->source, g_free);
  switch (origin)
    {
    case CUOCC_INPUT_ORIGIN_USER:
      /* Translators: said after an input's hint: the user typed or chose its value */
      in->note = g_strdup (_("set by you"));
      break;
    case CUOCC_INPUT_ORIGIN_ADVICE:
      /* Translators: said after an input's hint: the advice's Apply button set its value */
      in->note = g_strdup (_("set by the advice"));
      break;
    case CUOCC_INPUT_ORIGIN_SUGGESTION:
      /* Translators: said after an input's hint: the user applied the suggested block size */
      in->note = g_strdup (_("the suggested block size, applied"));
      break;
    case CUOCC_INPUT_ORIGIN_GRAPH:
      /* Translators: said after an input's hint: the user clicked a graph to set its value */
      in->note = g_strdup (_("picked on its graph"));
      break;
    case CUOCC_INPUT_ORIGIN_DEFAULT:
    case CUOCC_INPUT_ORIGIN_KERNEL:
    case CUOCC_INPUT_ORIGIN_SESSION:
    case CUOCC_INPUT_ORIGIN_RESTORED:
    default:
      in->note = g_strdup (note);
      break;
    }
}

static void
set_text (CuoccInputModel  *self,
          CuoccInputKey     key,
          const char       *text,
          CuoccInputOrigin  origin,
          const char       *note)
{
  Input *in = &self->inputs[key];

  g_free (in->text);
  in->text = g_strdup (text);
  take_origin (in, origin, note);
  _cuocc_input_model_check_input (self, key);
  /* A kernel's figure stands in for the value there was, but that value
   * stays the one the next kernel, lacking the figure, goes back to. */
  if (origin != CUOCC_INPUT_ORIGIN_KERNEL)
    in->own_value = in->value;
  changed (self);
}

static void
set_value (CuoccInputModel  *self,
           CuoccInputKey     key,
           gint64            value,
           CuoccInputOrigin  origin,
           const char       *note)
{
  g_autofree char *text = NULL;

  /* A size that is no whole number of KiB is shown exactly, in bytes. */
  if (key == CUOCC_INPUT_KEY_SMEM && self->smem_in_kib && value % 1024 != 0)
    self->smem_in_kib = FALSE;
  text = value_to_text (self, key, value);
  set_text (self, key, text, origin, note);
}

static void
take_gpu (CuoccInputModel  *self,
          const char       *id,
          const CuoccGpu   *gpu,
          const char       *error,
          CuoccInputOrigin  origin)
{
  gboolean same = self->gpu_valid && gpu != NULL && g_strcmp0 (self->gpu_id, id) == 0;

  if (g_strcmp0 (self->gpu_id, id) != 0)
    {
      g_free (self->gpu_id);
      self->gpu_id = g_strdup (id);
    }
  g_clear_pointer (&self->gpu_error, g_free);
  self->gpu_valid = gpu != NULL;
  self->gpu_origin = origin;
  if (gpu != NULL)
    {
      self->gpu = *gpu;
      self->have_gpu = TRUE;
    }
  else
    self->gpu_error = cuocc_format_capped (error, CUOCC_MESSAGE_MAX_CHARS);

  /* Another GPU's configurations are not this one's: its largest. */
  if (!same && gpu != NULL)
    {
      Input *config = &self->inputs[CUOCC_INPUT_KEY_SMEM_CONFIG];

      g_free (config->text);
      config->text = g_strdup ("");
      take_origin (config, CUOCC_INPUT_ORIGIN_DEFAULT, NULL);
    }
  _cuocc_input_model_check_all (self);
  changed (self);
}

/* ----- GObject ----- */

static void
cuocc_input_model_finalize (GObject *object)
{
  CuoccInputModel *self = CUOCC_INPUT_MODEL (object);

  g_free (self->gpu_id);
  g_free (self->gpu_error);
  g_free (self->opt_in_text);
  for (guint i = 0; i < CUOCC_N_INPUT_KEYS; i++)
    {
      g_free (self->inputs[i].text);
      g_free (self->inputs[i].message);
      g_free (self->inputs[i].note);
      g_free (self->inputs[i].source);
      g_free (self->inputs[i].hint);
    }
  _cuocc_input_model_clear_shown (self);

  G_OBJECT_CLASS (cuocc_input_model_parent_class)->finalize (object);
}

static void
cuocc_input_model_class_init (CuoccInputModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = cuocc_input_model_finalize;
  _cuocc_input_model_install_properties (object_class);

  /**
   * CuoccInputModel::changed:
   *
   * Some input, or the GPU, changed: once a write, once a frozen batch.
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
cuocc_input_model_init (CuoccInputModel *self)
{
  /* The description's defaults; no GPU until one is chosen. */
  for (guint i = 0; i < CUOCC_N_INPUT_KEYS; i++)
    {
      self->inputs[i].text = value_to_text (self, i, cuocc_input_info (i)->default_value);
      self->inputs[i].value = cuocc_input_info (i)->default_value;
      self->inputs[i].own_value = self->inputs[i].value;
    }
  _cuocc_input_model_check_all (self);
  _cuocc_input_model_init_shown (self);
}

/* ----- public API ----- */

const char *
cuocc_input_origin_to_string (CuoccInputOrigin origin)
{
  g_return_val_if_fail (origin < G_N_ELEMENTS (origin_names), NULL);

  return origin_names[origin];
}

gboolean
cuocc_input_origin_from_string (const char       *name,
                                CuoccInputOrigin *origin)
{
  g_return_val_if_fail (origin != NULL, FALSE);

  for (guint i = 0; name != NULL && i < G_N_ELEMENTS (origin_names); i++)
    if (g_str_equal (name, origin_names[i]))
      {
        *origin = i;
        return TRUE;
      }
  return FALSE;
}

CuoccInputModel *
cuocc_input_model_new (void)
{
  return g_object_new (CUOCC_TYPE_INPUT_MODEL, NULL);
}

void
cuocc_input_model_freeze (CuoccInputModel *self)
{
  g_return_if_fail (CUOCC_IS_INPUT_MODEL (self));

  self->frozen++;
}

void
cuocc_input_model_thaw (CuoccInputModel *self)
{
  g_return_if_fail (CUOCC_IS_INPUT_MODEL (self));
  g_return_if_fail (self->frozen > 0);

  if (--self->frozen == 0 && self->changed)
    {
      self->changed = FALSE;
      emit_changed (self);
    }
}

gboolean
cuocc_input_model_set_gpu (CuoccInputModel   *self,
                           const char        *id,
                           CuoccInputOrigin   origin,
                           GError           **error)
{
  CuoccGpu gpu;

  g_return_val_if_fail (CUOCC_IS_INPUT_MODEL (self), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);

  if (!cuocc_gpu_resolve_id (id, &gpu, error))
    return FALSE;
  take_gpu (self, id, &gpu, NULL, origin);
  return TRUE;
}

void
cuocc_input_model_set_gpu_unavailable (CuoccInputModel *self,
                                       const char      *id,
                                       const char      *message)
{
  g_return_if_fail (CUOCC_IS_INPUT_MODEL (self));
  g_return_if_fail (message != NULL);

  take_gpu (self, id, NULL, message, CUOCC_INPUT_ORIGIN_USER);
}

const char *
cuocc_input_model_get_gpu_id (CuoccInputModel *self)
{
  g_return_val_if_fail (CUOCC_IS_INPUT_MODEL (self), NULL);

  return self->gpu_id;
}

/* The GPU as it is, all of its SMs; NULL when it could not be had. */
const CuoccGpu *
cuocc_input_model_get_gpu (CuoccInputModel *self)
{
  g_return_val_if_fail (CUOCC_IS_INPUT_MODEL (self), NULL);

  return self->gpu_valid ? &self->gpu : NULL;
}

const char *
cuocc_input_model_get_gpu_error (CuoccInputModel *self)
{
  g_return_val_if_fail (CUOCC_IS_INPUT_MODEL (self), NULL);

  if (self->gpu_valid)
    return NULL;
  return self->gpu_error != NULL ? self->gpu_error : _("No GPU is chosen.");
}

CuoccInputOrigin
cuocc_input_model_get_gpu_origin (CuoccInputModel *self)
{
  g_return_val_if_fail (CUOCC_IS_INPUT_MODEL (self), CUOCC_INPUT_ORIGIN_DEFAULT);

  return self->gpu_origin;
}

/* Whether the GPU takes the input: clusters from 9.0 on, the carveout
 * preference from 7.0 on, partitioned caching and configurations where it
 * has them. */
gboolean
cuocc_input_model_applies (CuoccInputModel *self,
                           CuoccInputKey    key)
{
  const CuoccCapability *cap;

  g_return_val_if_fail (CUOCC_IS_INPUT_MODEL (self), FALSE);
  g_return_val_if_fail (key < CUOCC_N_INPUT_KEYS, FALSE);

  if (!self->have_gpu)
    return TRUE;
  cap = &self->gpu.cap;
  switch (key)
    {
    case CUOCC_INPUT_KEY_CLUSTER_SIZE:
      return cap->max_cluster_size > 0;
    case CUOCC_INPUT_KEY_CARVEOUT:
      return cap->major >= 7;
    case CUOCC_INPUT_KEY_CACHING:
      return cap->partitioned_caching;
    case CUOCC_INPUT_KEY_SMEM_CONFIG:
      return cap->n_smem_configs > 0;
    default:
      return TRUE;
    }
}

void
cuocc_input_model_set_text (CuoccInputModel  *self,
                            CuoccInputKey     key,
                            const char       *text,
                            CuoccInputOrigin  origin,
                            const char       *note)
{
  g_return_if_fail (CUOCC_IS_INPUT_MODEL (self));
  g_return_if_fail (key < CUOCC_N_INPUT_KEYS);
  g_return_if_fail (text != NULL);

  set_text (self, key, text, origin, note);
}

void
cuocc_input_model_set_value (CuoccInputModel  *self,
                             CuoccInputKey     key,
                             gint64            value,
                             CuoccInputOrigin  origin,
                             const char       *note)
{
  g_return_if_fail (CUOCC_IS_INPUT_MODEL (self));
  g_return_if_fail (key < CUOCC_N_INPUT_KEYS);

  set_value (self, key, value, origin, note);
}

void
cuocc_input_model_set_total_smem (CuoccInputModel  *self,
                                  gint64            total,
                                  CuoccInputOrigin  origin)
{
  const Input *dynamic;
  gint64 part;

  g_return_if_fail (CUOCC_IS_INPUT_MODEL (self));

  dynamic = &self->inputs[CUOCC_INPUT_KEY_DYNAMIC_SMEM];
  part = dynamic->status != CUOCC_INPUT_STATUS_INVALID ? dynamic->value : 0;
  cuocc_input_model_freeze (self);
  if (part > total)
    {
      part = 0;
      set_value (self, CUOCC_INPUT_KEY_DYNAMIC_SMEM, 0, origin, NULL);
    }
  set_value (self, CUOCC_INPUT_KEY_SMEM, total - part, origin, NULL);
  cuocc_input_model_thaw (self);
}

void
cuocc_input_model_set_origin (CuoccInputModel  *self,
                              CuoccInputKey     key,
                              CuoccInputOrigin  origin,
                              const char       *note)
{
  g_return_if_fail (CUOCC_IS_INPUT_MODEL (self));
  g_return_if_fail (key < CUOCC_N_INPUT_KEYS);

  take_origin (&self->inputs[key], origin, note);
  _cuocc_input_model_update_hint (&self->inputs[key]);
  changed (self);
}

/* A chosen kernel that lacks the figure (declares no block size, records
 * no registers): the value stays, said to be kept, but it is the one that
 * was there before kernels were chosen (the user's, a session's, the
 * default), never a figure of the kernel chosen before. */
void
cuocc_input_model_keep_own (CuoccInputModel *self,
                            CuoccInputKey    key,
                            const char      *note)
{
  Input *in;

  g_return_if_fail (CUOCC_IS_INPUT_MODEL (self));
  g_return_if_fail (key < CUOCC_N_INPUT_KEYS);

  in = &self->inputs[key];
  if (in->origin == CUOCC_INPUT_ORIGIN_KERNEL && in->value != in->own_value)
    set_value (self, key, in->own_value, CUOCC_INPUT_ORIGIN_KERNEL, note);
  else
    cuocc_input_model_set_origin (self, key, CUOCC_INPUT_ORIGIN_KERNEL, note);
}

gint64
cuocc_input_model_get_own_value (CuoccInputModel *self,
                                 CuoccInputKey    key)
{
  g_return_val_if_fail (CUOCC_IS_INPUT_MODEL (self), 0);
  g_return_val_if_fail (key < CUOCC_N_INPUT_KEYS, 0);

  return self->inputs[key].own_value;
}

void
cuocc_input_model_set_own_value (CuoccInputModel *self,
                                 CuoccInputKey    key,
                                 gint64           value)
{
  g_return_if_fail (CUOCC_IS_INPUT_MODEL (self));
  g_return_if_fail (key < CUOCC_N_INPUT_KEYS);

  self->inputs[key].own_value = value;
}

/* Which kernel or file the value came from: said where there is room (the
 * entry's tooltip). Until the input's next write. */
void
cuocc_input_model_set_source (CuoccInputModel *self,
                              CuoccInputKey    key,
                              const char      *source)
{
  g_return_if_fail (CUOCC_IS_INPUT_MODEL (self));
  g_return_if_fail (key < CUOCC_N_INPUT_KEYS);

  if (g_strcmp0 (self->inputs[key].source, source) == 0)
    return;
  g_free (self->inputs[key].source);
  self->inputs[key].source = g_strdup (source);
  changed (self);
}

const char *
cuocc_input_model_get_source (CuoccInputModel *self,
                              CuoccInputKey    key)
{
  g_return_val_if_fail (CUOCC_IS_INPUT_MODEL (self), NULL);
  g_return_val_if_fail (key < CUOCC_N_INPUT_KEYS, NULL);

  return self->inputs[key].source;
}

void
cuocc_input_model_set_smem_in_kib (CuoccInputModel *self,
                                   gboolean         kib)
{
  Input *in;

  g_return_if_fail (CUOCC_IS_INPUT_MODEL (self));

  in = &self->inputs[CUOCC_INPUT_KEY_SMEM];
  if (self->smem_in_kib == !!kib)
    return;
  self->smem_in_kib = !!kib;
  /* The size stays; only the way it is written changes. Bytes that are no
   * whole number of KiB are written with a fraction. */
  if (in->status != CUOCC_INPUT_STATUS_INVALID)
    {
      g_free (in->text);
      if (kib && in->value % 1024 != 0)
        {
          char buffer[G_ASCII_DTOSTR_BUF_SIZE];

          in->text = g_strdup (g_ascii_dtostr (buffer, sizeof buffer, in->value / 1024.0));
        }
      else
        in->text = value_to_text (self, CUOCC_INPUT_KEY_SMEM, in->value);
    }
  _cuocc_input_model_check_input (self, CUOCC_INPUT_KEY_SMEM);
  changed (self);
}

gboolean
cuocc_input_model_get_smem_in_kib (CuoccInputModel *self)
{
  g_return_val_if_fail (CUOCC_IS_INPUT_MODEL (self), FALSE);

  return self->smem_in_kib;
}

const char *
cuocc_input_model_get_text (CuoccInputModel *self,
                            CuoccInputKey    key)
{
  g_return_val_if_fail (CUOCC_IS_INPUT_MODEL (self), NULL);
  g_return_val_if_fail (key < CUOCC_N_INPUT_KEYS, NULL);

  return self->inputs[key].text;
}

gint64
cuocc_input_model_get_value (CuoccInputModel *self,
                             CuoccInputKey    key)
{
  g_return_val_if_fail (CUOCC_IS_INPUT_MODEL (self), 0);
  g_return_val_if_fail (key < CUOCC_N_INPUT_KEYS, 0);

  return self->inputs[key].value;
}

CuoccInputStatus
cuocc_input_model_get_status (CuoccInputModel *self,
                              CuoccInputKey    key)
{
  g_return_val_if_fail (CUOCC_IS_INPUT_MODEL (self), CUOCC_INPUT_STATUS_INVALID);
  g_return_val_if_fail (key < CUOCC_N_INPUT_KEYS, CUOCC_INPUT_STATUS_INVALID);

  return self->inputs[key].status;
}

const char *
cuocc_input_model_get_message (CuoccInputModel *self,
                               CuoccInputKey    key)
{
  g_return_val_if_fail (CUOCC_IS_INPUT_MODEL (self), NULL);
  g_return_val_if_fail (key < CUOCC_N_INPUT_KEYS, NULL);

  return self->inputs[key].message;
}

CuoccInputOrigin
cuocc_input_model_get_origin (CuoccInputModel *self,
                              CuoccInputKey    key)
{
  g_return_val_if_fail (CUOCC_IS_INPUT_MODEL (self), CUOCC_INPUT_ORIGIN_DEFAULT);
  g_return_val_if_fail (key < CUOCC_N_INPUT_KEYS, CUOCC_INPUT_ORIGIN_DEFAULT);

  return self->inputs[key].origin;
}

const char *
cuocc_input_model_get_note (CuoccInputModel *self,
                            CuoccInputKey    key)
{
  g_return_val_if_fail (CUOCC_IS_INPUT_MODEL (self), NULL);
  g_return_val_if_fail (key < CUOCC_N_INPUT_KEYS, NULL);

  return self->inputs[key].note;
}

const char *
cuocc_input_model_get_hint (CuoccInputModel *self,
                            CuoccInputKey    key)
{
  g_return_val_if_fail (CUOCC_IS_INPUT_MODEL (self), NULL);
  g_return_val_if_fail (key < CUOCC_N_INPUT_KEYS, NULL);

  return self->inputs[key].hint;
}

gboolean
cuocc_input_model_get_input (CuoccInputModel  *self,
                             CuoccGpu         *launch,
                             CuoccInput       *input,
                             GError          **error)
{
  const Input *v;
  int carveout;

  g_return_val_if_fail (CUOCC_IS_INPUT_MODEL (self), FALSE);
  g_return_val_if_fail (launch != NULL && input != NULL, FALSE);

  if (!self->gpu_valid)
    {
      g_set_error_literal (error, CUOCC_ERROR, CUOCC_ERROR_UNKNOWN_GPU, cuocc_input_model_get_gpu_error (self));
      return FALSE;
    }

  /* The calculation's GPU is the one the launch sees: the SMs it may use.
   * It is the GPU's also while an input is wrong. */
  v = self->inputs;
  *launch = self->gpu;
  if (v[CUOCC_INPUT_KEY_SMS].status == CUOCC_INPUT_STATUS_OK && v[CUOCC_INPUT_KEY_SMS].value > 0)
    launch->sm_count = (int) v[CUOCC_INPUT_KEY_SMS].value;

  for (guint i = 0; i < G_N_ELEMENTS (launch_keys); i++)
    {
      CuoccInputKey key = launch_keys[i];

      if (v[key].status == CUOCC_INPUT_STATUS_INVALID && cuocc_input_model_applies (self, key))
        {
          g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT,
                       "%s: %s", _(cuocc_input_info (key)->label), v[key].hint);
          return FALSE;
        }
    }
  for (guint i = 0; i < G_N_ELEMENTS (optional_keys); i++)
    if (v[optional_keys[i]].status == CUOCC_INPUT_STATUS_INVALID)
      {
        const CuoccInputInfo *info = cuocc_input_info (optional_keys[i]);

        g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT, _("%s: enter %s, or nothing for none"),
                     _(info->label), _(info->allowed));
        return FALSE;
      }

  cuocc_input_init (input);
  input->threads = (int) v[CUOCC_INPUT_KEY_THREADS].value;
  input->regs = (int) v[CUOCC_INPUT_KEY_REGS].value;
  input->smem = v[CUOCC_INPUT_KEY_SMEM].value + v[CUOCC_INPUT_KEY_DYNAMIC_SMEM].value;
  input->barriers = (int) v[CUOCC_INPUT_KEY_BARRIERS].value;
  if (cuocc_input_model_applies (self, CUOCC_INPUT_KEY_CLUSTER_SIZE))
    input->cluster_size = (int) v[CUOCC_INPUT_KEY_CLUSTER_SIZE].value;
  carveout = (int) v[CUOCC_INPUT_KEY_CARVEOUT].value;
  input->carveout = carveout;
  /* Without a preference, the configuration chosen, else the largest. */
  input->smem_config = -1;
  if (self->gpu.cap.n_smem_configs > 0 && carveout < 0)
    input->smem_config = v[CUOCC_INPUT_KEY_SMEM_CONFIG].status == CUOCC_INPUT_STATUS_OK &&
                         v[CUOCC_INPUT_KEY_SMEM_CONFIG].value >= 0 &&
                         cuocc_smem_config_valid (&self->gpu.cap, v[CUOCC_INPUT_KEY_SMEM_CONFIG].value)
                         ? v[CUOCC_INPUT_KEY_SMEM_CONFIG].value : self->gpu.cap.smem_configs[0];
  input->caching = cuocc_input_model_applies (self, CUOCC_INPUT_KEY_CACHING) &&
                   v[CUOCC_INPUT_KEY_CACHING].status == CUOCC_INPUT_STATUS_OK
                   ? (CuoccCaching) v[CUOCC_INPUT_KEY_CACHING].value : CUOCC_CACHING_OFF;

  return TRUE;
}

void
cuocc_input_model_get_values (CuoccInputModel  *self,
                              CuoccInputValues *values)
{
  const Input *v;
  gint64 config = -1;

  g_return_if_fail (CUOCC_IS_INPUT_MODEL (self));
  g_return_if_fail (values != NULL);

  v = self->inputs;
  cuocc_input_values_init (values);
  for (guint i = 0; i < G_N_ELEMENTS (launch_keys); i++)
    cuocc_input_values_set (values, launch_keys[i], v[launch_keys[i]].value);
  cuocc_input_values_set (values, CUOCC_INPUT_KEY_CARVEOUT,
                          v[CUOCC_INPUT_KEY_CARVEOUT].status == CUOCC_INPUT_STATUS_OK
                          ? v[CUOCC_INPUT_KEY_CARVEOUT].value : CUOCC_CARVEOUT_NONE);
  /* The largest configuration is the default: none is said. */
  if (values->values[CUOCC_INPUT_KEY_CARVEOUT] < 0 && self->have_gpu && self->gpu.cap.n_smem_configs > 0 &&
      v[CUOCC_INPUT_KEY_SMEM_CONFIG].status == CUOCC_INPUT_STATUS_OK &&
      cuocc_smem_config_valid (&self->gpu.cap, v[CUOCC_INPUT_KEY_SMEM_CONFIG].value) &&
      v[CUOCC_INPUT_KEY_SMEM_CONFIG].value != self->gpu.cap.smem_configs[0])
    config = v[CUOCC_INPUT_KEY_SMEM_CONFIG].value;
  cuocc_input_values_set (values, CUOCC_INPUT_KEY_SMEM_CONFIG, config);
  cuocc_input_values_set (values, CUOCC_INPUT_KEY_CACHING,
                          self->have_gpu && self->gpu.cap.partitioned_caching &&
                          v[CUOCC_INPUT_KEY_CACHING].status == CUOCC_INPUT_STATUS_OK
                          ? v[CUOCC_INPUT_KEY_CACHING].value : CUOCC_CACHING_OFF);
  if (v[CUOCC_INPUT_KEY_SMS].status == CUOCC_INPUT_STATUS_OK)
    cuocc_input_values_set (values, CUOCC_INPUT_KEY_SMS, v[CUOCC_INPUT_KEY_SMS].value);
}

gboolean
cuocc_input_model_apply_values (CuoccInputModel         *self,
                                const char              *gpu_id,
                                const CuoccInputValues  *values,
                                CuoccInputOrigin         origin,
                                const char              *note,
                                GError                 **error)
{
  const gint64 *v;
  CuoccGpu gpu;

  g_return_val_if_fail (CUOCC_IS_INPUT_MODEL (self), FALSE);
  g_return_val_if_fail (gpu_id != NULL && values != NULL, FALSE);

  v = values->values;
  /* A value the description refuses is no question on any GPU (a session's
   * reader refuses it too): nothing changes. */
  for (guint i = 0; i < CUOCC_N_INPUT_KEYS; i++)
    if (!cuocc_input_info_accepts (cuocc_input_info (i), v[i]))
      {
        g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT,
                     /* Translators: e.g. "Threads per block: 0 is not allowed; enter a whole number from 1 to 1024" */
                     _("%s: %lld is not allowed; enter %s"), _(cuocc_input_info (i)->label), (long long) v[i],
                     _(cuocc_input_info (i)->allowed));
        return FALSE;
      }
  if (!cuocc_gpu_resolve_id (gpu_id, &gpu, error))
    return FALSE;

  if (v[CUOCC_INPUT_KEY_SMEM_CONFIG] >= 0 && gpu.cap.n_smem_configs > 0 &&
      !cuocc_smem_config_valid (&gpu.cap, v[CUOCC_INPUT_KEY_SMEM_CONFIG]))
    {
      g_autofree char *size = cuocc_format_bytes (v[CUOCC_INPUT_KEY_SMEM_CONFIG]);

      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_SMEM_CONFIG,
                   /* Translators: e.g. "48 KiB is no shared memory configuration of NVIDIA T4" */
                   _("%s is no shared memory configuration of %s"), size, gpu.name);
      return FALSE;
    }

  if (v[CUOCC_INPUT_KEY_CACHING] != CUOCC_CACHING_OFF && !gpu.cap.partitioned_caching)
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_UNSUPPORTED,
                   _("%s has no partitioned global caching"), gpu.name);
      return FALSE;
    }

  cuocc_input_model_freeze (self);
  take_gpu (self, gpu_id, &gpu, NULL, origin);
  for (guint i = 0; i < CUOCC_N_INPUT_KEYS; i++)
    set_value (self, i, v[i], origin, note);
  cuocc_input_model_thaw (self);

  return TRUE;
}
