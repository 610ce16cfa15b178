/* cuocc-input-model-properties.c — what views bind to: the model's GObject
 * properties, and their notifications.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The properties are read-only views of the model's state, whose writers
 * say where a value came from (cuocc-input-model.h); only the shared memory
 * unit, which has no origin, is written through its property too. A
 * property is notified where "changed" is emitted (once a write, once a
 * frozen batch), and only when what it reads is no longer what it read at
 * the last notification: a write that changes the threads notifies
 * "threads", never "registers". The notifications come before "changed",
 * so that a handler of "changed" reads the properties as they are.
 */
#include "config.h"

#include "cuocc-input-model-private.h"

enum {
  PROP_0,
  PROP_GPU_ID,
  PROP_GPU_NAME,
  PROP_GPU_ERROR,
  PROP_THREADS,
  PROP_REGISTERS,
  PROP_SHARED_MEMORY,
  PROP_BARRIERS,
  PROP_CLUSTER_SIZE,
  PROP_DYNAMIC_SHARED_MEMORY,
  PROP_VALID,
  PROP_ERROR,
  PROP_OPT_IN_TEXT,
  PROP_SMEM_IN_KIB,
  N_PROPS
};

static GParamSpec *props[N_PROPS];

/* The value properties, and the input each reads. */
static const struct {
  guint prop;
  CuoccInputKey key;
} value_props[] = {
  { PROP_THREADS, CUOCC_INPUT_KEY_THREADS },
  { PROP_REGISTERS, CUOCC_INPUT_KEY_REGS },
  { PROP_SHARED_MEMORY, CUOCC_INPUT_KEY_SMEM },
  { PROP_BARRIERS, CUOCC_INPUT_KEY_BARRIERS },
  { PROP_CLUSTER_SIZE, CUOCC_INPUT_KEY_CLUSTER_SIZE },
  { PROP_DYNAMIC_SHARED_MEMORY, CUOCC_INPUT_KEY_DYNAMIC_SMEM },
};

G_STATIC_ASSERT (G_N_ELEMENTS (value_props) == CUOCC_INPUT_MODEL_N_SHOWN_VALUES);

/* ----- helpers ----- */

static char *
current_error (CuoccInputModel *self)
{
  g_autoptr(GError) error = NULL;
  CuoccInput input;
  CuoccGpu launch;

  if (cuocc_input_model_get_input (self, &launch, &input, &error))
    return NULL;
  return g_strdup (error->message);
}

/* Takes the new string; notifies when it differs from the old one. */
static void
update_string (CuoccInputModel  *self,
               char            **shown,
               char             *now,
               guint             prop)
{
  if (g_strcmp0 (*shown, now) == 0)
    {
      g_free (now);
      return;
    }
  g_free (*shown);
  *shown = now;
  g_object_notify_by_pspec (G_OBJECT (self), props[prop]);
}

static void
update_boolean (CuoccInputModel *self,
                gboolean        *shown,
                gboolean         now,
                guint            prop)
{
  if (*shown == now)
    return;
  *shown = now;
  g_object_notify_by_pspec (G_OBJECT (self), props[prop]);
}

/* ----- vfuncs ----- */

/* The model as it is now, also inside a frozen batch whose notifications
 * are still to come. */
static void
cuocc_input_model_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  CuoccInputModel *self = CUOCC_INPUT_MODEL (object);
  const CuoccGpu *gpu = cuocc_input_model_get_gpu (self);

  for (guint i = 0; i < G_N_ELEMENTS (value_props); i++)
    if (value_props[i].prop == prop_id)
      {
        g_value_set_int64 (value, self->inputs[value_props[i].key].value);
        return;
      }

  switch (prop_id)
    {
    case PROP_GPU_ID:
      g_value_set_string (value, self->gpu_id);
      break;
    case PROP_GPU_NAME:
      g_value_set_string (value, gpu != NULL ? gpu->name : NULL);
      break;
    case PROP_GPU_ERROR:
      g_value_set_string (value, gpu != NULL ? NULL : cuocc_input_model_get_gpu_error (self));
      break;
    case PROP_VALID:
      {
        g_autofree char *error = current_error (self);

        g_value_set_boolean (value, error == NULL);
      }
      break;
    case PROP_ERROR:
      g_value_take_string (value, current_error (self));
      break;
    case PROP_OPT_IN_TEXT:
      g_value_set_string (value, self->opt_in_text);
      break;
    case PROP_SMEM_IN_KIB:
      g_value_set_boolean (value, self->smem_in_kib);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cuocc_input_model_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  CuoccInputModel *self = CUOCC_INPUT_MODEL (object);

  switch (prop_id)
    {
    case PROP_SMEM_IN_KIB:
      cuocc_input_model_set_smem_in_kib (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static GParamSpec *
value_property (const char *name,
                const char *blurb)
{
  return g_param_spec_int64 (name, NULL, blurb, G_MININT64, G_MAXINT64, 0,
                             G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
}

static GParamSpec *
string_property (const char *name,
                 const char *blurb)
{
  return g_param_spec_string (name, NULL, blurb, NULL,
                              G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
}

/* ----- shared with cuocc-input-model.c ----- */

void
_cuocc_input_model_install_properties (GObjectClass *object_class)
{
  object_class->get_property = cuocc_input_model_get_property;
  object_class->set_property = cuocc_input_model_set_property;

  /* The GPU chosen: its id (cuocc_gpu_resolve_id ()), NULL before one is;
   * its name, NULL while its figures cannot be had; and why they cannot,
   * NULL while they can. */
  props[PROP_GPU_ID] = string_property ("gpu-id", "The chosen GPU's id");
  props[PROP_GPU_NAME] = string_property ("gpu-name", "The chosen GPU's name");
  props[PROP_GPU_ERROR] = string_property ("gpu-error", "Why the chosen GPU cannot be had");

  /* The launch's inputs: the last value of each that could be calculated
   * (cuocc_input_model_get_value ()); the shared memory is the static
   * part, the dynamic one is apart. */
  props[PROP_THREADS] = value_property ("threads", "Threads per block");
  props[PROP_REGISTERS] = value_property ("registers", "Registers per thread");
  props[PROP_SHARED_MEMORY] = value_property ("shared-memory", "Static shared memory per block, in bytes");
  props[PROP_BARRIERS] = value_property ("barriers", "Barriers per block");
  props[PROP_CLUSTER_SIZE] = value_property ("cluster-size", "Blocks per cluster, 0 for none");
  props[PROP_DYNAMIC_SHARED_MEMORY] = value_property ("dynamic-shared-memory",
                                                      "Dynamic shared memory per block, in bytes");

  /* Whether the calculation has its question: a GPU and every input right;
   * else the error says the first thing wrong, as the results show it. */
  props[PROP_VALID] = g_param_spec_boolean ("valid", NULL, "Whether the inputs can be calculated", FALSE,
                                            G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  props[PROP_ERROR] = string_property ("error", "What stops the calculation, or NULL");
  /* cuocc_input_model_get_opt_in_text (): the kernel must opt in, or NULL. */
  props[PROP_OPT_IN_TEXT] = string_property ("opt-in-text", "That the kernel must opt in to its shared memory");
  /* cuocc_input_model_set_smem_in_kib (). */
  props[PROP_SMEM_IN_KIB] = g_param_spec_boolean ("smem-in-kib", NULL, "Whether shared memory is typed in KiB", FALSE,
                                                  G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY |
                                                  G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, props);
}

void
_cuocc_input_model_notify_changes (CuoccInputModel *self)
{
  CuoccInputModelShown *shown = &self->shown;
  const CuoccGpu *gpu = cuocc_input_model_get_gpu (self);
  char *error = current_error (self);

  g_object_freeze_notify (G_OBJECT (self));
  update_string (self, &shown->gpu_id, g_strdup (self->gpu_id), PROP_GPU_ID);
  update_string (self, &shown->gpu_name, gpu != NULL ? g_strdup (gpu->name) : NULL, PROP_GPU_NAME);
  update_string (self, &shown->gpu_error, g_strdup (self->gpu_valid ? NULL : cuocc_input_model_get_gpu_error (self)),
                 PROP_GPU_ERROR);
  for (guint i = 0; i < G_N_ELEMENTS (value_props); i++)
    {
      gint64 now = self->inputs[value_props[i].key].value;

      if (shown->values[i] != now)
        {
          shown->values[i] = now;
          g_object_notify_by_pspec (G_OBJECT (self), props[value_props[i].prop]);
        }
    }
  update_boolean (self, &shown->valid, error == NULL, PROP_VALID);
  update_string (self, &shown->error, error, PROP_ERROR);
  update_string (self, &shown->opt_in_text, g_strdup (self->opt_in_text), PROP_OPT_IN_TEXT);
  update_boolean (self, &shown->smem_in_kib, self->smem_in_kib, PROP_SMEM_IN_KIB);
  g_object_thaw_notify (G_OBJECT (self));
}

/* What the properties read at the start: nothing is notified for the
 * state the model is created in. */
void
_cuocc_input_model_init_shown (CuoccInputModel *self)
{
  CuoccInputModelShown *shown = &self->shown;

  shown->gpu_error = g_strdup (cuocc_input_model_get_gpu_error (self));
  for (guint i = 0; i < G_N_ELEMENTS (value_props); i++)
    shown->values[i] = self->inputs[value_props[i].key].value;
  shown->error = current_error (self);
  shown->valid = shown->error == NULL;
  shown->opt_in_text = g_strdup (self->opt_in_text);
  shown->smem_in_kib = self->smem_in_kib;
}

void
_cuocc_input_model_clear_shown (CuoccInputModel *self)
{
  CuoccInputModelShown *shown = &self->shown;

  g_clear_pointer (&shown->gpu_id, g_free);
  g_clear_pointer (&shown->gpu_name, g_free);
  g_clear_pointer (&shown->gpu_error, g_free);
  g_clear_pointer (&shown->error, g_free);
  g_clear_pointer (&shown->opt_in_text, g_free);
}
