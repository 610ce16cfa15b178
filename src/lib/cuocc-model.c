/* cuocc-model.c — how many blocks of a kernel fit on one SM, and why.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Two rule sets live here. For compute capability 3.0 and later, the rules
 * are those NVIDIA's runtime applies (the semantics of cuda_occupancy.h, in
 * our own words): registers are handed out per warp inside register-file
 * sub-partitions, shared memory per block in allocation units on top of the
 * runtime's reservation, the unified L1/shared carveout is raised when one
 * block would not fit, and from Hopper on the SM's block barriers limit how
 * many blocks can be resident. For 1.x and 2.x, the rules are the Excel
 * calculator's (v2.4 and v11.1), which is all the record those GPUs have.
 */
#include "config.h"

#include <string.h>

#include "cuocc-private.h"

/* ----- shared memory configurations ----- */

/**
 * cuocc_smem_config_valid:
 * @cap: a compute capability
 * @config: a shared memory configuration in bytes
 *
 * Whether a GPU offers a shared memory configuration.
 *
 * Returns: whether @config is one of the configurations @cap offers
 */
gboolean
cuocc_smem_config_valid (const CuoccCapability *cap,
                         gint64                 config)
{
  g_return_val_if_fail (cap != NULL, FALSE);

  for (int i = 0; i < cap->n_smem_configs; i++)
    if (cap->smem_configs[i] == config)
      return TRUE;
  return FALSE;
}

/* The smallest configuration that holds bytes; -1 when none does. */
static gint64
smem_align_up_config (const CuoccCapability *cap,
                      gint64                 bytes)
{
  gint64 best = -1;

  for (int i = 0; i < cap->n_smem_configs; i++)
    if (cap->smem_configs[i] >= bytes && (best < 0 || cap->smem_configs[i] < best))
      best = cap->smem_configs[i];
  return best;
}

/**
 * cuocc_carveout_config:
 * @cap: a compute capability
 * @percent: a carveout preference, 0 to 100
 *
 * The configuration a carveout preference asks for, as the runtime maps it:
 * that share of the largest configuration, raised to the next one the GPU has.
 *
 * Returns: the configuration in bytes; -1 before compute capability 7.0,
 *   which has no carveout preference
 */
gint64
cuocc_carveout_config (const CuoccCapability *cap,
                       int                    percent)
{
  g_return_val_if_fail (cap != NULL, -1);
  g_return_val_if_fail (percent >= 0 && percent <= 100, -1);

  if (cap->major < 7)
    return -1;
  return smem_align_up_config (cap, (gint64) percent * cap->smem_per_sm / 100);
}

/* Out of line, so that the common case below stays small enough to inline
 * into the model's inner loop. */
static G_GNUC_NO_INLINE gint64
carveout_config_requested (const CuoccCapability *cap,
                           int                    percent)
{
  return smem_align_up_config (cap, (gint64) percent * cap->smem_per_sm / 100);
}

static inline gint64
config_requested (const CuoccCapability *cap,
                  const CuoccInput      *input)
{
  if (G_UNLIKELY (input->carveout >= 0))
    return carveout_config_requested (cap, input->carveout);
  return input->smem_config < 0 ? cap->smem_per_sm : input->smem_config;
}

gint64
_cuocc_smem_config_effective (const CuoccCapability *cap,
                              const CuoccInput      *input)
{
  return config_requested (cap, input);
}

/* ----- registers ----- */

/* Every allocation unit, warp size and partition count is a power of two
 * (custom devices are held to that), so rounding up is a mask, not a
 * division: the model's cost is dominated by its few real divisions. */
static inline gint64
round_up_pow2 (gint64 value,
               gint64 unit)
{
  return (value + unit - 1) & ~(unit - 1);
}

/* Blocks that fit the register file when it is split into n_partitions
 * sub-partitions, each warp's registers living in one of them. */
static int
regs_limit_partitioned (const CuoccCapability *cap,
                        int                    n_partitions,
                        int                    regs_per_warp,
                        int                    warps_per_block,
                        CuoccCaching          *caching)
{
  int warps_per_partition;
  int blocks = 0;

  /* The hardware's launch check assumes every partition gets a share of
   * the block's warps, so the block's warps are rounded up to the
   * partitions before they are compared with the per-block register limit. */
  if ((gint64) regs_per_warp * round_up_pow2 (warps_per_block, n_partitions) > cap->max_regs_per_block)
    return 0;

  warps_per_partition = (cap->regs_per_sm / n_partitions) / regs_per_warp;

  /* With partitioned global caching, a block is confined to half the SM. */
  if (*caching != CUOCC_CACHING_OFF)
    blocks = (warps_per_partition * (n_partitions / 2)) / warps_per_block * 2;

  if (blocks == 0 && *caching != CUOCC_CACHING_STRICT)
    {
      *caching = CUOCC_CACHING_OFF;
      blocks = warps_per_partition * n_partitions / warps_per_block;
    }

  return blocks;
}

static int
regs_limit_runtime (const CuoccCapability *cap,
                    const CuoccInput      *input,
                    int                    warps_per_block,
                    gint64                *regs_per_block,
                    CuoccCaching          *caching)
{
  gint64 regs_per_warp = round_up_pow2 ((gint64) input->regs * cap->warp_size, cap->reg_alloc_unit);
  int blocks;

  *regs_per_block = regs_per_warp * warps_per_block;

  if (input->regs > cap->regs_per_thread_accepted || *regs_per_block > cap->max_regs_per_block)
    return 0;
  if (regs_per_warp == 0)
    return CUOCC_UNLIMITED;

  /* From here on, a block's registers fit the register file: every figure
   * is small enough for int arithmetic. */
  blocks = regs_limit_partitioned (cap, cap->sub_partitions, (int) regs_per_warp, warps_per_block, caching);

  /* GP100 has two sub-partitions where the rest of Pascal has four. A block
   * that only GP100 could run is refused, so that one binary runs on all. */
  if (G_UNLIKELY (cap->compat_sub_partitions > 0) && blocks > 0)
    {
      CuoccCaching compat_caching = *caching;

      if (regs_limit_partitioned (cap, cap->compat_sub_partitions, (int) regs_per_warp,
                                  warps_per_block, &compat_caching) == 0)
        blocks = 0;
    }

  return blocks;
}

/* Fermi's sheet rounds some register counts to 128-register units. */
static gint64
fermi_reg_alloc_unit (const CuoccCapability *cap,
                      int                    regs)
{
  switch (regs)
    {
    case 21: case 22: case 29: case 30: case 37: case 38: case 45: case 46:
      return 2 * cap->reg_alloc_unit;
    default:
      return cap->reg_alloc_unit;
    }
}

static int
regs_limit_sheet (const CuoccCapability *cap,
                  const CuoccInput      *input,
                  int                    warps_per_block,
                  gint64                *regs_per_block)
{
  if (cap->reg_alloc_granularity == CUOCC_ALLOC_BLOCK)
    {
      gint64 warps_rounded = round_up_pow2 (warps_per_block, cap->warp_alloc_granularity);

      *regs_per_block = round_up_pow2 (warps_rounded * input->regs * cap->warp_size, cap->reg_alloc_unit);
      if (input->regs > cap->regs_per_thread_accepted || *regs_per_block > cap->max_regs_per_block)
        return 0;
      if (*regs_per_block == 0)
        return CUOCC_UNLIMITED;
      return (int) (cap->regs_per_sm / *regs_per_block);
    }
  else
    {
      gint64 regs_per_warp = round_up_pow2 ((gint64) input->regs * cap->warp_size,
                                            fermi_reg_alloc_unit (cap, input->regs));
      gint64 warps_that_fit;

      *regs_per_block = regs_per_warp * warps_per_block;
      if (input->regs > cap->regs_per_thread_accepted)
        return 0;
      if (regs_per_warp == 0)
        return CUOCC_UNLIMITED;
      warps_that_fit = cap->max_regs_per_block / regs_per_warp
                       / cap->warp_alloc_granularity * cap->warp_alloc_granularity;
      return (int) (warps_that_fit / warps_per_block * (cap->regs_per_sm / cap->max_regs_per_block));
    }
}

/* ----- shared memory ----- */

/* The most a block may allocate, the runtime's reservation included. A
 * kernel that uses more than the default per-block limit is assumed to have
 * opted in with cudaFuncSetAttribute, as it must to launch at all. */
static inline gint64
smem_limit_per_block (const CuoccCapability *cap,
                      gint64                 smem)
{
  gint64 limit = smem + cap->smem_reserved_per_block > cap->smem_per_block
                 ? cap->smem_per_block_optin : cap->smem_per_block;

  return limit + cap->smem_reserved_per_block;
}

static int
smem_limit (const CuoccCapability *cap,
            const CuoccInput      *input,
            gint64                *allocated,
            gint64                *config)
{
  gint64 requested = config_requested (cap, input);

  *allocated = round_up_pow2 (input->smem + cap->smem_reserved_per_block, cap->smem_alloc_unit);
  *config = requested;

  if (*allocated > smem_limit_per_block (cap, input->smem))
    return 0;

  /* The configuration is a preference: when one block would not fit, the
   * driver picks a larger one — the next carveout step from Volta on, the
   * largest configuration before. */
  if (requested < *allocated)
    {
      gint64 raised = cap->smem_config_aligns_up ? smem_align_up_config (cap, *allocated) : -1;

      *config = raised >= 0 ? raised : cap->smem_per_sm;
    }

  if (*allocated == 0)
    return CUOCC_UNLIMITED;
  /* Both are within the SM's shared memory here. */
  return (int) *config / (int) *allocated;
}

/* ----- warps, blocks and barriers ----- */

static inline int
warps_limit (const CuoccCapability *cap,
             const CuoccInput      *input,
             int                    warps_per_block,
             CuoccCaching           caching)
{
  if (input->threads > cap->max_threads_per_block)
    return 0;
  if (caching != CUOCC_CACHING_OFF)
    return (cap->max_warps_per_sm / 2) / warps_per_block * 2;
  return cap->max_warps_per_sm / warps_per_block;
}

static inline int
barriers_limit (const CuoccCapability *cap,
                const CuoccInput      *input)
{
  if (cap->barriers_per_block_slot == 0 || input->barriers <= 0)
    return CUOCC_UNLIMITED;
  return cap->barriers_per_block_slot * cap->max_blocks_per_sm / input->barriers;
}

static inline guint
limiters_equal_to (const CuoccResult *r,
                   int                blocks)
{
  return (r->blocks_by_warps == blocks ? CUOCC_LIMIT_WARPS : 0)
       | (r->blocks_by_regs == blocks ? CUOCC_LIMIT_REGISTERS : 0)
       | (r->blocks_by_smem == blocks ? CUOCC_LIMIT_SHARED_MEMORY : 0)
       | (r->blocks_by_blocks == blocks ? CUOCC_LIMIT_BLOCKS : 0)
       | (r->blocks_by_barriers == blocks ? CUOCC_LIMIT_BARRIERS : 0);
}

/* Whether the carveout preference is what holds occupancy down: the largest
 * configuration would fit more blocks, and nothing else stops them. */
static gboolean
carveout_limits (const CuoccCapability *cap,
                 const CuoccResult     *r)
{
  int others = MIN (MIN (r->blocks_by_warps, r->blocks_by_regs), MIN (r->blocks_by_blocks, r->blocks_by_barriers));

  return r->smem_per_block > 0 && r->blocks_by_smem < others &&
         cap->smem_per_sm / r->smem_per_block > r->blocks_by_smem;
}

static guint
warnings_for (const CuoccCapability *cap,
              const CuoccInput      *input,
              const CuoccResult     *r)
{
  guint warnings = 0;

  if (input->threads > cap->max_threads_per_block)
    warnings |= CUOCC_WARN_THREADS_EXCEED_BLOCK;
  else if ((input->threads & (cap->warp_size - 1)) != 0)
    warnings |= CUOCC_WARN_PARTIAL_WARP;
  if (input->regs > cap->max_regs_per_thread)
    warnings |= input->regs > cap->regs_per_thread_accepted
                ? CUOCC_WARN_REGS_EXCEED_THREAD : CUOCC_WARN_REGS_ABOVE_HARDWARE;
  if (r->blocks_by_regs == 0 && input->regs <= cap->regs_per_thread_accepted
      && input->threads <= cap->max_threads_per_block)
    warnings |= CUOCC_WARN_REGS_EXCEED_BLOCK;
  if (r->blocks_by_smem == 0)
    warnings |= CUOCC_WARN_SMEM_EXCEED_BLOCK;
  else if (r->smem_config > config_requested (cap, input))
    warnings |= CUOCC_WARN_SMEM_CONFIG_RAISED;
  if (input->caching != r->caching && cap->partitioned_caching)
    warnings |= CUOCC_WARN_CACHING_DISABLED;
  return warnings;
}

/* ----- public API ----- */

static gboolean
validate_carveout (const CuoccCapability  *cap,
                   const CuoccInput       *input,
                   GError                **error)
{
  if (input->carveout == CUOCC_CARVEOUT_NONE)
    return TRUE;
  if (input->carveout < 0 || input->carveout > 100)
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT,
                   _("The carveout preference must be between 0 and 100 percent, not %d"), input->carveout);
      return FALSE;
    }
  if (input->smem_config >= 0)
    {
      g_set_error_literal (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT,
                           _("Give the shared memory configuration in bytes or the carveout preference in percent, not both"));
      return FALSE;
    }
  if (cap->major < 7)
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_UNSUPPORTED,
                   _("Compute capability %d.%d has no carveout preference (it exists from 7.0 on); "
                     "choose a shared memory configuration in bytes instead"),
                   cap->major, cap->minor);
      return FALSE;
    }
  return TRUE;
}

static gboolean
validate_cluster_size (const CuoccCapability  *cap,
                       const CuoccInput       *input,
                       GError                **error)
{
  if (input->cluster_size == 0)
    return TRUE;
  if (cap->max_cluster_size == 0)
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_UNSUPPORTED,
                   _("Compute capability %d.%d has no thread block clusters; they exist from 9.0 on"),
                   cap->major, cap->minor);
      return FALSE;
    }
  if (input->cluster_size < 1 || input->cluster_size > cap->max_cluster_size)
    {
      if (cap->max_cluster_size > 8)
        g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT,
                     _("A cluster on compute capability %d.%d has 1 to %d blocks (above 8 with the non-portable "
                       "cluster size attribute), not %d"),
                     cap->major, cap->minor, cap->max_cluster_size, input->cluster_size);
      else
        g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT,
                     _("A cluster on compute capability %d.%d has 1 to %d blocks, not %d"),
                     cap->major, cap->minor, cap->max_cluster_size, input->cluster_size);
      return FALSE;
    }
  return TRUE;
}

/**
 * cuocc_input_range: (skip)
 * @cap: (nullable): a compute capability, or %NULL for the range on any GPU
 * @kind: the input
 *
 * What an input may be, the one statement of it that the app and the command
 * line both give: cuocc answers for min to max; the GPU launches min to
 * launch_max, and between the two the answer is 0 blocks with a warning.
 *
 * Returns: the range
 */
CuoccInputRange
cuocc_input_range (const CuoccCapability *cap,
                   CuoccInputKind         kind)
{
  CuoccInputRange r = { 0, 0, 0 };

  switch (kind)
    {
    case CUOCC_INPUT_THREADS:
      r = (CuoccInputRange) { 1, CUOCC_MAX_THREADS_INPUT, cap ? cap->max_threads_per_block : CUOCC_MAX_THREADS_INPUT };
      break;
    case CUOCC_INPUT_REGS:
      r = (CuoccInputRange) { 0, CUOCC_MAX_REGS_INPUT, cap ? cap->max_regs_per_thread : CUOCC_MAX_REGS_INPUT };
      break;
    case CUOCC_INPUT_SMEM:
      r = (CuoccInputRange) { 0, CUOCC_MAX_SMEM_INPUT,
                              cap ? MAX (cap->smem_per_block_optin, cap->smem_per_block) : CUOCC_MAX_SMEM_INPUT };
      break;
    case CUOCC_INPUT_BARRIERS:
      r = (CuoccInputRange) { 0, CUOCC_MAX_BARRIERS_INPUT, CUOCC_MAX_BARRIERS_INPUT };
      break;
    case CUOCC_INPUT_CLUSTER_SIZE:
      /* A size the GPU does not have is refused, not answered. */
      r.max = r.launch_max = cap ? cap->max_cluster_size : CUOCC_MAX_CLUSTER_SIZE;
      break;
    case CUOCC_INPUT_CARVEOUT:
      r = (CuoccInputRange) { 0, 100, 100 };
      break;
    default:
      g_return_val_if_reached (r);
    }
  return r;
}

/* Within what cuocc answers for, on any GPU. */
static gboolean
in_range (gint64         value,
          CuoccInputKind kind)
{
  CuoccInputRange r = cuocc_input_range (NULL, kind);

  return value >= r.min && value <= r.max;
}

/**
 * cuocc_input_init:
 * @input: (out caller-allocates): a configuration
 *
 * Fills @input with the defaults: 256 threads per block, 32 registers per
 * thread, no shared memory, the largest configuration, one barrier, no global
 * caching, no clusters and no carveout preference.
 */
void
cuocc_input_init (CuoccInput *input)
{
  CuoccInputValues defaults;

  g_return_if_fail (input != NULL);

  /* The defaults are the inputs' description's (cuocc-inputs.c). */
  cuocc_input_values_init (&defaults);
  cuocc_input_values_to_input (&defaults, input);
}

/**
 * cuocc_calculate_unchecked:
 * @cap: a compute capability
 * @input: a configuration that cuocc_input_validate() accepted
 * @result: (out caller-allocates): the result
 *
 * Like cuocc_calculate() but without the validation, for sweeps that
 * validate their input once. It does not set
 * %CUOCC_WARN_CARVEOUT_PREFERENCE, which only cuocc_calculate() works out.
 */
void
cuocc_calculate_unchecked (const CuoccCapability *cap,
                           const CuoccInput      *input,
                           CuoccResult           *r)
{
  /* Inputs are bounded (CUOCC_MAX_THREADS_INPUT), so warps fit an int. */
  int warps_per_block = (input->threads + cap->warp_size - 1) / cap->warp_size;
  gint64 regs_per_block = 0;
  gint64 smem_per_block = 0;
  gint64 smem_config = 0;
  CuoccCaching caching = cap->partitioned_caching ? input->caching : CUOCC_CACHING_OFF;
  int blocks;

  if (cap->major >= 3)
    r->blocks_by_regs = regs_limit_runtime (cap, input, warps_per_block, &regs_per_block, &caching);
  else
    r->blocks_by_regs = regs_limit_sheet (cap, input, warps_per_block, &regs_per_block);

  /* The register limit decides whether caching stays on, and the warp
   * limit depends on that decision. */
  r->blocks_by_warps = warps_limit (cap, input, warps_per_block, caching);
  r->blocks_by_blocks = cap->max_blocks_per_sm;
  r->blocks_by_smem = smem_limit (cap, input, &smem_per_block, &smem_config);
  r->blocks_by_barriers = barriers_limit (cap, input);

  blocks = MIN (MIN (r->blocks_by_warps, r->blocks_by_regs),
                MIN (r->blocks_by_smem, r->blocks_by_blocks));
  blocks = MIN (blocks, r->blocks_by_barriers);

  r->active_blocks = blocks;
  r->warps_per_block = warps_per_block;
  r->active_warps = blocks * warps_per_block;
  r->active_threads = blocks * input->threads;
  r->occupancy = (double) r->active_warps / cap->max_warps_per_sm;
  r->limiters = limiters_equal_to (r, blocks);
  r->regs_per_block = (int) MIN (regs_per_block, G_MAXINT);
  r->smem_per_block = smem_per_block;
  r->smem_config = smem_config;
  r->caching = caching;
  r->warnings = warnings_for (cap, input, r);
}

/**
 * cuocc_input_validate:
 * @gpu: the GPU
 * @input: a configuration
 * @error: return location for a #GError
 *
 * Checks that @input is a question at all: values within the bounds
 * (%CUOCC_MAX_THREADS_INPUT and the like), a shared memory configuration @gpu
 * offers, a cluster size and carveout it supports. A configuration beyond the
 * GPU's limits but within these bounds is valid, and gets 0 blocks.
 *
 * Returns: %TRUE when @input is valid; %FALSE with @error set saying what is
 *   wrong and what is allowed
 */
gboolean
cuocc_input_validate (const CuoccGpu    *gpu,
                      const CuoccInput  *input,
                      GError           **error)
{
  const CuoccCapability *cap;

  g_return_val_if_fail (gpu != NULL, FALSE);
  g_return_val_if_fail (input != NULL, FALSE);

  cap = &gpu->cap;

  if (!in_range (input->threads, CUOCC_INPUT_THREADS))
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT,
                   _("Threads per block must be between 1 and %d, not %d"),
                   CUOCC_MAX_THREADS_INPUT, input->threads);
      return FALSE;
    }
  if (!in_range (input->regs, CUOCC_INPUT_REGS))
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT,
                   _("Registers per thread must be between 0 and %d, not %d"),
                   CUOCC_MAX_REGS_INPUT, input->regs);
      return FALSE;
    }
  if (!in_range (input->smem, CUOCC_INPUT_SMEM))
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT,
                   _("Shared memory per block must be between 0 and %d bytes, not %lld"),
                   CUOCC_MAX_SMEM_INPUT, (long long) input->smem);
      return FALSE;
    }
  if (!in_range (input->barriers, CUOCC_INPUT_BARRIERS))
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT,
                   _("Block barriers must be between 0 and %d, not %d"),
                   CUOCC_MAX_BARRIERS_INPUT, input->barriers);
      return FALSE;
    }
  if (input->smem_config >= 0 && !cuocc_smem_config_valid (cap, input->smem_config))
    {
      g_autoptr(GString) allowed = g_string_new (NULL);

      for (int i = 0; i < cap->n_smem_configs; i++)
        g_string_append_printf (allowed, "%s%d", i ? ", " : "", cap->smem_configs[i]);
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_SMEM_CONFIG,
                   _("%lld bytes is not a shared memory configuration of compute capability %d.%d; allowed: %s"),
                   (long long) input->smem_config, cap->major, cap->minor, allowed->str);
      return FALSE;
    }
  if (input->caching != CUOCC_CACHING_OFF && !cap->partitioned_caching)
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_UNSUPPORTED,
                   _("Compute capability %d.%d has no partitioned global caching; it exists on 5.2, 5.3, 6.1 and 6.2 only"),
                   cap->major, cap->minor);
      return FALSE;
    }
  if (!validate_carveout (cap, input, error) || !validate_cluster_size (cap, input, error))
    return FALSE;
  if ((int) input->caching < CUOCC_CACHING_OFF || input->caching > CUOCC_CACHING_STRICT)
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT,
                   _("Unknown global caching mode; allowed: off, on, strict"));
      return FALSE;
    }
  return TRUE;
}

/**
 * cuocc_calculate:
 * @gpu: the GPU
 * @input: the kernel's configuration
 * @result: (out caller-allocates): the result
 * @error: return location for a #GError
 *
 * Works out the blocks, warps and threads resident on one SM, the occupancy,
 * the limit each resource sets, which of them bind, and the warnings for a
 * configuration that cannot launch or deserves a second look.
 *
 * Returns: %TRUE on success; %FALSE with @error set when @input is invalid
 *   (see cuocc_input_validate())
 */
gboolean
cuocc_calculate (const CuoccGpu    *gpu,
                 const CuoccInput  *input,
                 CuoccResult       *result,
                 GError           **error)
{
  g_return_val_if_fail (gpu != NULL, FALSE);
  g_return_val_if_fail (input != NULL, FALSE);
  g_return_val_if_fail (result != NULL, FALSE);

  if (!cuocc_input_validate (gpu, input, error))
    return FALSE;

  cuocc_calculate_unchecked (&gpu->cap, input, result);
  /* Checked here rather than in the sweeps' inner loop, which never shows it. */
  if (input->carveout >= 0 && carveout_limits (&gpu->cap, result))
    result->warnings |= CUOCC_WARN_CARVEOUT_PREFERENCE;
  return TRUE;
}

int
_cuocc_best_block_size_for (const CuoccCapability *cap,
                            const CuoccInput      *input,
                            int                   *best_blocks)
{
  int max_threads = cap->max_warps_per_sm * cap->warp_size;
  int step = (int) _cuocc_bounded_step (cap->warp_size, cap->max_threads_per_block, cap->warp_size,
                                        CUOCC_MAX_POINTS);
  int best_size = 0;
  int best_threads = 0;
  CuoccInput trial = *input;
  CuoccResult r;

  *best_blocks = 0;

  /* From the largest block size down, keeping the first that reaches the
   * most resident threads, so ties go to the larger block. */
  for (int size = cap->max_threads_per_block; size > 0; size -= step)
    {
      trial.threads = size;
      cuocc_calculate_unchecked (cap, &trial, &r);
      if (r.active_threads > best_threads)
        {
          best_threads = r.active_threads;
          best_size = size;
          *best_blocks = r.active_blocks;
        }
      if (best_threads == max_threads)
        break;
    }

  return best_size;
}

/**
 * cuocc_best_block_size:
 * @gpu: the GPU
 * @input: the kernel's configuration; its block size is ignored
 * @min_grid_size: (out) (optional): the blocks that fill the GPU at that
 *   block size (0 without an SM count)
 *
 * Finds the block size that keeps the most threads resident, the larger
 * one on a tie, as cudaOccupancyMaxPotentialBlockSize does.
 *
 * Returns: the block size, or 0 when no block size fits
 */
int
cuocc_best_block_size (const CuoccGpu   *gpu,
                       const CuoccInput *input,
                       int              *min_grid_size)
{
  int blocks;
  int size;

  g_return_val_if_fail (gpu != NULL, 0);
  g_return_val_if_fail (input != NULL, 0);

  size = _cuocc_best_block_size_for (&gpu->cap, input, &blocks);
  if (min_grid_size != NULL)
    *min_grid_size = blocks * gpu->sm_count;
  return size;
}

/**
 * cuocc_available_dynamic_smem:
 * @gpu: the GPU
 * @input: the kernel's configuration; its shared memory is taken as static
 * @n_blocks: the blocks that should stay resident per SM
 * @bytes: (out): the dynamic shared memory each block may use
 * @error: return location for a #GError
 *
 * Works out how much dynamic shared memory a block may use so that @n_blocks
 * blocks stay resident, as cudaOccupancyAvailableDynamicSMemPerBlock does, but
 * counting each block's reservation against the same budget, as the hardware
 * does.
 *
 * Returns: %TRUE on success; %FALSE with @error set when @input is invalid or
 *   fewer than @n_blocks blocks fit anyway
 */
gboolean
cuocc_available_dynamic_smem (const CuoccGpu    *gpu,
                              const CuoccInput  *input,
                              int                n_blocks,
                              gint64            *bytes,
                              GError           **error)
{
  const CuoccCapability *cap;
  CuoccResult r;
  gint64 per_sm;
  gint64 limit;
  gint64 per_block;

  g_return_val_if_fail (gpu != NULL, FALSE);
  g_return_val_if_fail (input != NULL, FALSE);
  g_return_val_if_fail (bytes != NULL, FALSE);

  cap = &gpu->cap;

  if (n_blocks < 1)
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT,
                   _("The number of blocks must be at least 1, not %d"), n_blocks);
      return FALSE;
    }
  if (!cuocc_calculate (gpu, input, &r, error))
    return FALSE;
  if (r.active_blocks < n_blocks)
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT,
                   ngettext ("Only %d block of this kernel fits on an SM, not %d",
                             "Only %d blocks of this kernel fit on an SM, not %d",
                             r.active_blocks),
                   r.active_blocks, n_blocks);
      return FALSE;
    }

  /* The kernel's shared memory is taken as static; what remains is for
   * dynamic shared memory. One block may use the whole opted-in limit, as
   * the carveout is raised for it; several share the chosen configuration. */
  limit = cap->smem_per_block_optin + cap->smem_reserved_per_block;
  if (n_blocks == 1)
    per_sm = limit;
  else
    {
      per_sm = _cuocc_smem_config_effective (cap, input);
      if (per_sm == 0)
        per_sm = smem_align_up_config (cap, 1);
    }

  per_block = per_sm / n_blocks / cap->smem_alloc_unit * cap->smem_alloc_unit;
  per_block = MIN (per_block, limit);

  /* cuda_occupancy.h forgets that each block's reservation comes out of the
   * same budget; the hardware does not. */
  *bytes = MAX (0, per_block - cap->smem_reserved_per_block - input->smem);
  return TRUE;
}
