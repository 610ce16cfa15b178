/* fuzz-session.c — libFuzzer target for the app's session reader
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A session that loads holds only values the app can apply: inputs within
 * the library's ranges and text of bounded length. Saving it and loading
 * the result again gives the same session.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cuocc-session.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static void
check_input (const CuoccInput *in)
{
  if (in->threads < 1 || in->threads > CUOCC_MAX_THREADS_INPUT || in->regs < 0 || in->smem < 0 ||
      in->smem_config < -1 || in->barriers < 0 || in->barriers > CUOCC_MAX_BARRIERS_INPUT ||
      in->caching < CUOCC_CACHING_OFF || in->caching > CUOCC_CACHING_STRICT)
    abort ();
}

static gboolean
same_text (const char *a, const char *b)
{
  return g_strcmp0 (a, b) == 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  CuoccSession session = { 0 };
  CuoccSession again = { 0 };
  g_autofree char *saved = NULL;
  gsize length;

  if (!cuocc_session_load_data (&session, (const char *) data, size, NULL))
    {
      cuocc_session_clear (&session);
      return 0;
    }
  if (session.gpu == NULL || !g_utf8_validate (session.gpu, -1, NULL) || strlen (session.gpu) > 4096)
    abort ();
  {
    CuoccInput input;

    /* Every input read is one the description accepts. */
    for (guint key = 0; key < CUOCC_N_INPUT_KEYS; key++)
      if (!cuocc_input_info_accepts (cuocc_input_info (key), session.inputs.values[key]))
        abort ();
    cuocc_input_values_to_input (&session.inputs, &input);
    check_input (&input);
  }
  if (session.pinned_gpu != NULL)
    check_input (&session.pinned);

  saved = cuocc_session_to_data (&session, &length);
  if (!cuocc_session_load_data (&again, saved, length, NULL))
    abort ();
  if (!same_text (session.gpu, again.gpu) || !same_text (session.log, again.log) ||
      !same_text (session.kernel, again.kernel) || !same_text (session.pinned_gpu, again.pinned_gpu) ||
      memcmp (session.inputs.values, again.inputs.values, sizeof session.inputs.values) != 0 || session.grid != again.grid)
    abort ();

  cuocc_session_clear (&session);
  cuocc_session_clear (&again);
  return 0;
}
