/* cuocc-kernels-panel-launch.c — what the kernels panel takes from the
 * calculation it follows (its "calculation" property, which the window's
 * .ui binds): the launch its rows are worked out for, and cuocc's figure
 * beside the profiler's for the chosen kernel.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cuocc-kernels-panel-private.h"

/* ----- helpers ----- */

/* The GPU and the block size every row is worked out for; a kernel that
 * declares its block size keeps it. The rows are worked out again in the
 * background: the window goes on while 60,000 of them are. */
static void
set_launch (CuoccKernelsPanel *self,
            const CuoccGpu    *gpu,
            int                threads)
{
  g_assert (gpu != NULL);

  if (self->have_gpu && self->threads == threads && memcmp (&self->gpu.cap, &gpu->cap, sizeof gpu->cap) == 0)
    {
      /* Another GPU of the same compute capability (an A100, an A30): the
       * same figures, under its name. */
      gboolean renamed = g_strcmp0 (self->gpu.name, gpu->name) != 0;

      self->gpu = *gpu;
      if (renamed)
        g_object_notify (G_OBJECT (self), "gpu-name");
      _cuocc_kernels_panel_set_gpu (self, gpu->cap.major, gpu->cap.minor);
      return;
    }
  self->have_gpu = TRUE;
  self->gpu = *gpu;
  self->threads = threads;
  g_object_notify (G_OBJECT (self), "gpu-name");
  _cuocc_kernels_panel_update_list_page (self);
  cuocc_kernel_loader_set_launch (self->loader, gpu, threads);
  if (self->gpu_major == gpu->cap.major && self->gpu_minor == gpu->cap.minor)
    _cuocc_kernels_panel_evaluate (self);
  else
    _cuocc_kernels_panel_set_gpu (self, gpu->cap.major, gpu->cap.minor);
}

/* The rows follow the GPU of the inputs and the user's own block size: the
 * one the kernels that declare none run at, as `--threads N` is for the
 * command line. Never the block size a chosen kernel wrote into the inputs
 * (its launch bounds), which would move every other row. */
static void
update_launch (CuoccKernelsPanel *self)
{
  CuoccInputModel *inputs = cuocc_calculation_get_inputs (self->followed.calculation);
  const CuoccGpu *gpu = inputs != NULL ? cuocc_input_model_get_gpu (inputs) : NULL;
  gint64 threads;

  if (gpu == NULL)
    return;
  threads = cuocc_input_model_get_own_value (inputs, CUOCC_INPUT_KEY_THREADS);
  set_launch (self, gpu, (int) CLAMP (threads, 0, G_MAXINT));
}

/* ----- shared with the panel's files ----- */

/* cuocc's theoretical occupancy in percent for the launch the profiler saw
 * of the chosen kernel; < 0 without one, or while the inputs describe
 * another launch: cuocc's figure counts only for the same launch. */
double
_cuocc_kernels_panel_comparison (CuoccKernelsPanel *self)
{
  CuoccCalculation *calculation = self->followed.calculation;
  const CuoccKernel *k = self->chosen != NULL ? cuocc_kernel_item_get_kernel (self->chosen) : NULL;
  const CuoccResult *result = calculation != NULL ? cuocc_calculation_get_result (calculation) : NULL;
  const CuoccInput *input;
  const CuoccGpu *gpu;

  if (k == NULL || k->theoretical_occupancy < 0 || result == NULL)
    return -1;

  input = cuocc_calculation_get_input (calculation);
  gpu = cuocc_calculation_get_gpu (calculation);
  if (input->threads == k->block_size &&
      (k->regs < 0 || input->regs == k->regs) &&
      (k->smem < 0 || input->smem == k->smem + MAX (k->dynamic_smem, 0)) &&
      (k->cc_major <= 0 || (gpu->cap.major == k->cc_major && gpu->cap.minor == k->cc_minor)))
    return result->occupancy * 100.0;
  return -1;
}

/* Each "changed" of the calculation, and a new calculation. One that was
 * never worked out (the window's, while it restores its state) says
 * nothing of the launch yet: the rows wait for its first result. */
void
_cuocc_kernels_panel_calculation_changed_cb (CuoccKernelsPanel *self)
{
  CuoccCalculation *calculation = self->followed.calculation;
  double comparison;

  if (calculation != NULL && cuocc_calculation_get_computations (calculation) > 0)
    update_launch (self);

  comparison = _cuocc_kernels_panel_comparison (self);
  if (comparison == self->comparison)
    return;
  self->comparison = comparison;
  _cuocc_kernels_panel_notify_comparison (self);
}
