/* cuocc-model-warnings.c — the sentences that explain a result's warnings,
 * with the figures of the GPU and the input that cause them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cuocc-private.h"

/**
 * cuocc_warnings_to_string:
 * @gpu: the GPU
 * @input: the configuration
 * @result: the result of cuocc_calculate() for them
 *
 * Writes the result's warnings as sentences for people, translated, one a
 * line, with the figures that explain them.
 *
 * Returns: (transfer full): the sentences; "" when there are no warnings
 */
char *
cuocc_warnings_to_string (const CuoccGpu    *gpu,
                          const CuoccInput  *input,
                          const CuoccResult *result)
{
  const CuoccCapability *cap = &gpu->cap;
  GString *s = g_string_new (NULL);
  guint w = result->warnings;

#define ADD(...) G_STMT_START {                     \
    if (s->len > 0) g_string_append_c (s, '\n');    \
    g_string_append_printf (s, __VA_ARGS__);        \
  } G_STMT_END

  if (w & CUOCC_WARN_THREADS_EXCEED_BLOCK)
    ADD (_("Cannot launch: a block may have at most %d threads on compute capability %d.%d, not %d."),
         cap->max_threads_per_block, cap->major, cap->minor, input->threads);
  if (w & CUOCC_WARN_REGS_EXCEED_THREAD)
    ADD (_("Cannot launch: %d registers per thread is more than the %d that compute capability %d.%d allows."),
         input->regs, cap->max_regs_per_thread, cap->major, cap->minor);
  if (w & CUOCC_WARN_REGS_EXCEED_BLOCK)
    ADD (_("Cannot launch: a block needs %d registers, more than the %d one block may use."),
         result->regs_per_block, cap->max_regs_per_block);
  if ((w & CUOCC_WARN_SMEM_EXCEED_BLOCK) && input->smem <= cap->smem_per_block_optin)
    ADD (_("Cannot launch: a block needs %lld bytes of shared memory, more than the %d that compute capability %d.%d allows per block."),
         (long long) result->smem_per_block, cap->smem_per_block_optin + cap->smem_reserved_per_block, cap->major, cap->minor);
  else if (w & CUOCC_WARN_SMEM_EXCEED_BLOCK)
    {
      g_autofree char *asked = _cuocc_size_text (input->smem, FALSE);
      g_autofree char *most = _cuocc_size_text (cap->smem_per_block_optin, FALSE);

      /* Translators: e.g. "… asks for 167936 bytes (164 KiB) of shared memory, more than the
         166912 bytes (163 KiB) a block may have on compute capability 8.0 (the opt-in maximum)." */
      ADD (_("Cannot launch: the block asks for %lld bytes (%s) of shared memory, more than the %d bytes (%s) "
             "a block may have on compute capability %d.%d (the opt-in maximum)."),
           (long long) input->smem, asked, cap->smem_per_block_optin, most, cap->major, cap->minor);
    }
  if (w & CUOCC_WARN_REGS_ABOVE_HARDWARE)
    ADD (_("%d registers per thread is above the hardware's %d; the compiler never assigns that many."),
         input->regs, cap->max_regs_per_thread);
  if (w & CUOCC_WARN_SMEM_CONFIG_RAISED)
    ADD (_("The shared memory configuration is raised to %lld bytes, since one block needs %lld."),
         (long long) result->smem_config, (long long) result->smem_per_block);
  if (w & CUOCC_WARN_CACHING_DISABLED)
    ADD (_("Partitioned global caching is turned off: a block does not fit in half an SM."));
  if (w & CUOCC_WARN_PARTIAL_WARP)
    ADD (_("%d threads per block is not a multiple of the warp size (%d); the last warp is partly idle."),
         input->threads, cap->warp_size);
  if (w & CUOCC_WARN_CARVEOUT_PREFERENCE)
    ADD (_("The carveout of %d %% (%lld bytes of shared memory) limits occupancy, but it is a preference, "
           "not a guarantee: the driver may grant more shared memory and run more blocks."),
         input->carveout, (long long) result->smem_config);
#undef ADD

  return g_string_free (s, FALSE);
}
