/* fuzz-device.c — libFuzzer target for the device-file reader
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A device file that loads must be one the whole library can use: the model,
 * every graph and heatmap, the block-size search and the advice, each
 * within its bounds. The first calculation uses the file's own extremes.
 */
#include <stdint.h>
#include <stdlib.h>

#include "cuocc.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static void
check_result (const CuoccGpu *gpu, const CuoccResult *r)
{
  if (r->active_blocks < 0 || r->active_warps < 0 || r->active_threads < 0 ||
      r->active_warps > gpu->cap.max_warps_per_sm || r->occupancy < 0 || r->occupancy > 1)
    abort ();
}

static void
exercise (const CuoccGpu *gpu, const CuoccInput *input)
{
  CuoccResult r;
  int min_grid;

  if (!cuocc_calculate (gpu, input, &r, NULL))
    return;
  check_result (gpu, &r);
  for (CuoccSeriesKind k = CUOCC_SERIES_THREADS; k <= CUOCC_SERIES_SMEM; k++)
    {
      CuoccSeries *series = cuocc_series_new (gpu, input, k);

      for (guint l = 0; l < series->n_lines; l++)
        if (series->lines[l].n_points == 0 || series->lines[l].n_points > 4098)
          abort ();
      cuocc_series_free (series);
    }
  for (CuoccSeriesKind k = CUOCC_SERIES_REGS; k <= CUOCC_SERIES_SMEM; k++)
    {
      CuoccGrid *grid = cuocc_grid_new (gpu, input, k);

      if (grid->n_x == 0 || grid->n_x > 256 || grid->n_y == 0 || grid->n_y > 257)
        abort ();
      cuocc_grid_free (grid);
    }
  if (cuocc_best_block_size (gpu, input, &min_grid) > gpu->cap.max_threads_per_block)
    abort ();
  {
    GPtrArray *advice = cuocc_advise (gpu, input, NULL, NULL);

    if (advice != NULL)
      g_ptr_array_unref (advice);
  }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  CuoccGpu gpu;
  CuoccInput input;

  if (!cuocc_gpu_load_data ((const char *) data, size, &gpu, NULL))
    return 0;
  if (!g_utf8_validate (gpu.name, -1, NULL) || cuocc_capability_validate (&gpu.cap, NULL) == FALSE)
    abort ();

  cuocc_input_init (&input);
  exercise (&gpu, &input);
  input.threads = gpu.cap.max_threads_per_block;
  input.regs = gpu.cap.max_regs_per_thread;
  input.smem = gpu.cap.smem_per_block_optin;
  exercise (&gpu, &input);
  input.threads = 1;
  input.regs = 0;
  input.smem = 0;
  input.smem_config = gpu.cap.smem_configs[gpu.cap.n_smem_configs - 1];
  exercise (&gpu, &input);
  return 0;
}
