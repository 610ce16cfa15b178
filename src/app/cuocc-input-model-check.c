/* cuocc-input-model-check.c — what an input's text says: the value read
 * from it (the last one that could be calculated), whether it is valid, the
 * message that says what is wrong and what is allowed on the GPU, and the
 * hint the input panel shows (the message and where the value came from).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Only GObject and libcuocc: no widget (cuocc-input-model.c).
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "cuocc-format.h"
#include "cuocc-input-model-private.h"

static const CuoccCapability *
cap_or_null (CuoccInputModel *self)
{
  return self->have_gpu ? &self->gpu.cap : NULL;
}

static char *
format_value (CuoccInputKey key,
              gint64        value)
{
  if (cuocc_input_info (key)->type == CUOCC_INPUT_TYPE_SIZE)
    return cuocc_format_bytes (value);
  return cuocc_format_count (value);
}

static char *
format_range (CuoccInputKey key,
              gint64        from,
              gint64        to)
{
  g_autofree char *min = format_value (key, from);
  g_autofree char *max = format_value (key, to);

  /* Translators: a range of allowed values, e.g. "1–1,024" */
  return g_strdup_printf (_("%s–%s"), min, max);
}

/* Whole numbers only, except shared memory in KiB, which may have a
 * fraction as long as it comes to whole bytes, and sizes typed with a
 * suffix ("48K"), which cuocc_parse_size understands. */
static gboolean
parse_number (gboolean    is_size,
              gboolean    kib,
              const char *text,
              gint64     *value)
{
  g_autofree char *copy = g_strstrip (g_strdup (text));
  gint64 number;

  if (*copy == '\0')
    return FALSE;

  if (is_size)
    {
      char *end = NULL;
      double kibibytes;

      if (g_ascii_isalpha (copy[strlen (copy) - 1]))
        return cuocc_parse_size (copy, value, NULL);

      if (kib)
        {
          kibibytes = g_ascii_strtod (copy, &end);
          if (end == copy || *end != '\0' || !isfinite (kibibytes) || kibibytes < 0 ||
              kibibytes > G_MAXINT32 / 1024 || kibibytes * 1024 != floor (kibibytes * 1024))
            return FALSE;
          *value = (gint64) (kibibytes * 1024);
          return TRUE;
        }
    }

  if (!g_ascii_string_to_signed (copy, 10, G_MININT32, G_MAXINT32, &number, NULL))
    return FALSE;

  *value = number;
  return TRUE;
}

/* A launch figure: the GPU's launch limits and what cuocc answers for
 * beyond them, the command line's ranges too (cuocc_input_range). */
static void
check_launch_input (CuoccInputModel *self,
                    CuoccInputKey    key)
{
  const CuoccInputInfo *info = cuocc_input_info (key);
  Input *in = &self->inputs[key];
  CuoccInputRange r = cuocc_input_range (cap_or_null (self), info->range_kind);
  g_autofree char *range = format_range (key, r.min, r.launch_max);
  gboolean is_size = info->type == CUOCC_INPUT_TYPE_SIZE;
  gint64 value = 0;

  g_free (in->message);
  if (!parse_number (is_size, key == CUOCC_INPUT_KEY_SMEM && self->smem_in_kib, in->text, &value) ||
      value < r.min)
    {
      in->status = CUOCC_INPUT_STATUS_INVALID;
      /* Translators: shown under an input, e.g. "Enter a whole number: 1–1,024" */
      in->message = g_strdup_printf (is_size ? _("Enter a size: %s") : _("Enter a whole number: %s"), range);
    }
  else if (value > r.max)
    {
      g_autofree char *typed = format_value (key, value);
      g_autofree char *answered = format_range (key, r.min, r.max);

      in->status = CUOCC_INPUT_STATUS_INVALID;
      /* Translators: shown under an input, e.g. "2,000,000 is more than cuocc answers for: 1–1,048,576" */
      in->message = g_strdup_printf (_("%s is more than cuocc answers for: %s"), typed, answered);
    }
  else if (value > r.launch_max)
    {
      g_autofree char *typed = format_value (key, value);

      in->status = CUOCC_INPUT_STATUS_BEYOND_GPU;
      in->value = value;
      /* Translators: shown under an input, e.g. "2,000 is more than this GPU allows: 1–1,024" */
      in->message = g_strdup_printf (_("%s is more than this GPU allows: %s"), typed, range);
    }
  else
    {
      in->status = CUOCC_INPUT_STATUS_OK;
      in->value = value;
      /* Translators: shown under an input, e.g. "Allowed: 1–1,024" */
      in->message = g_strdup_printf (_("Allowed: %s"), range);
    }
}

/* An input that may be left empty for none: the carveout preference (which
 * the GPU takes from 7.0 on) and the SMs a launch may use. */
static void
check_optional_input (CuoccInputModel *self,
                      CuoccInputKey    key)
{
  const CuoccInputInfo *info = cuocc_input_info (key);
  Input *in = &self->inputs[key];
  g_autofree char *text = g_strstrip (g_strdup (in->text));
  gint64 min = info->min, max = info->max;
  gint64 value;
  gboolean ok;

  if (key == CUOCC_INPUT_KEY_CARVEOUT && self->have_gpu)
    {
      CuoccInputRange r = cuocc_input_range (&self->gpu.cap, CUOCC_INPUT_CARVEOUT);

      min = r.min;
      max = r.max;
    }

  if (*text == '\0' || (key == CUOCC_INPUT_KEY_CARVEOUT && !cuocc_input_model_applies (self, key)))
    {
      ok = TRUE;
      value = info->none;
    }
  else
    ok = g_ascii_string_to_signed (text, 10, min, max, &value, NULL);

  g_free (in->message);
  in->status = ok ? CUOCC_INPUT_STATUS_OK : CUOCC_INPUT_STATUS_INVALID;
  if (ok)
    in->value = value;

  if (key == CUOCC_INPUT_KEY_CARVEOUT)
    /* Translators: e.g. "Carveout preference: enter a whole number of percent from 0 to 100, or nothing for none" */
    in->message = ok ? g_strdup ("") : g_strdup_printf (_("%s: enter %s, or nothing for none"),
                                                        _(info->label), _(info->allowed));
  else if (!ok)
    /* Translators: shown under an input, e.g. "Enter a whole number from 1 to 100000, or nothing for all of the GPU's SMs" */
    in->message = g_strdup_printf (_("Enter %s, or nothing for all of the GPU's SMs"), _(info->allowed));
  else if (self->gpu_valid && self->gpu.sm_count > 0)
    /* Translators: shown under an input, e.g. "Empty: all 132 of the GPU's" */
    in->message = g_strdup_printf (_("Empty: all %d of the GPU's"), self->gpu.sm_count);
  else
    in->message = g_strdup (_("Empty: the GPU's, where its SM count is known"));
}

/* A choice or a configuration: what the library's description reads. */
static void
check_described_input (CuoccInputModel *self,
                       CuoccInputKey    key)
{
  const CuoccInputInfo *info = cuocc_input_info (key);
  Input *in = &self->inputs[key];
  g_autoptr(GError) error = NULL;
  CuoccInputValues values;

  cuocc_input_values_init (&values);
  g_free (in->message);
  if (info->has_none && *in->text == '\0')
    {
      in->status = CUOCC_INPUT_STATUS_OK;
      in->value = info->none;
      in->message = g_strdup ("");
    }
  else if (cuocc_input_values_parse (&values, key, in->text, _(info->label), &error))
    {
      in->status = CUOCC_INPUT_STATUS_OK;
      in->value = values.values[key];
      in->message = g_strdup ("");
    }
  else
    {
      in->status = CUOCC_INPUT_STATUS_INVALID;
      in->message = g_strdup (error->message);
    }
}

void
_cuocc_input_model_update_hint (Input *in)
{
  g_free (in->hint);
  if (in->note != NULL && *in->message != '\0')
    in->hint = g_strdup_printf ("%s · %s", in->message, in->note);
  else if (in->note != NULL)
    in->hint = g_strdup (in->note);
  else
    in->hint = g_strdup (in->message);
}

/* Past 48 KiB a block, the kernel must ask for it. */
static void
update_opt_in (CuoccInputModel *self)
{
  const Input *fixed = &self->inputs[CUOCC_INPUT_KEY_SMEM];
  const Input *dynamic = &self->inputs[CUOCC_INPUT_KEY_DYNAMIC_SMEM];
  gboolean valid = fixed->status != CUOCC_INPUT_STATUS_INVALID && dynamic->status != CUOCC_INPUT_STATUS_INVALID;
  gint64 total = fixed->value + dynamic->value;

  g_clear_pointer (&self->opt_in_text, g_free);
  if (valid && total > 48 * 1024)
    /* Translators: e.g. "57344 bytes a block pass 48 KiB: the kernel must opt in with cudaFuncSetAttribute(…)" */
    self->opt_in_text = g_strdup_printf (_("%lld bytes a block pass 48 KiB: the kernel must opt in with cudaFuncSetAttribute(kernel, "
                                           "cudaFuncAttributeMaxDynamicSharedMemorySize, %lld)"),
                                         (long long) total, (long long) dynamic->value);
}

void
_cuocc_input_model_check_input (CuoccInputModel *self,
                                CuoccInputKey    key)
{
  if (_cuocc_input_model_is_launch_key (key))
    check_launch_input (self, key);
  else if (key == CUOCC_INPUT_KEY_CARVEOUT || key == CUOCC_INPUT_KEY_SMS)
    check_optional_input (self, key);
  else
    check_described_input (self, key);
  _cuocc_input_model_update_hint (&self->inputs[key]);
  if (key == CUOCC_INPUT_KEY_SMEM || key == CUOCC_INPUT_KEY_DYNAMIC_SMEM)
    update_opt_in (self);
}

void
_cuocc_input_model_check_all (CuoccInputModel *self)
{
  for (guint i = 0; i < CUOCC_N_INPUT_KEYS; i++)
    _cuocc_input_model_check_input (self, i);
}
