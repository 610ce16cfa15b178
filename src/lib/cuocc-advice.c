/* cuocc-advice.c — what to change to reach a higher occupancy, checked by the model.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * For each number of resident blocks above the current one that warps,
 * the block limit and barriers still allow, find the most registers per
 * thread and the most shared memory per block that reach it, then run the
 * model on the changed configuration: only advice that really gets there
 * is given.
 */
#include "config.h"

#include "cuocc-private.h"

#define MAX_LEVELS 10
#define LEVELS_NEXT 5
#define LEVELS_TOP 3
#define MORE_REGISTERS_STEPS 4

static CuoccAdvice *
advice_new (CuoccAdviceKind kind)
{
  CuoccAdvice *a = g_new0 (CuoccAdvice, 1);

  a->kind = kind;
  a->regs = -1;
  a->smem = -1;
  a->block_size = -1;
  a->cluster_size = -1;
  return a;
}

/**
 * cuocc_advice_free:
 * @advice: (nullable) (transfer full): a piece of advice from cuocc_advise()
 *
 * Frees @advice and its strings.
 */
void
cuocc_advice_free (CuoccAdvice *advice)
{
  if (advice == NULL)
    return;
  g_free (advice->text);
  g_free (advice->launch_bounds);
  g_free (advice);
}

static int
blocks_with (const CuoccCapability *cap,
             const CuoccInput      *base,
             int                    regs,
             gint64                 smem)
{
  CuoccInput in = *base;
  CuoccResult r;

  in.regs = regs;
  in.smem = smem;
  cuocc_calculate_unchecked (cap, &in, &r);
  return r.active_blocks;
}

/* The most registers per thread (at most the current count) with which
 * registers allow `blocks` blocks; -1 if none does. */
static int
regs_for_blocks (const CuoccCapability *cap,
                 const CuoccInput      *base,
                 int                    blocks)
{
  CuoccInput in = *base;
  CuoccResult r;

  for (int regs = MIN (base->regs, cap->max_regs_per_thread); regs >= 0; regs--)
    {
      in.regs = regs;
      cuocc_calculate_unchecked (cap, &in, &r);
      if (r.blocks_by_regs >= blocks)
        return regs;
    }
  return -1;
}

/* The most shared memory per block (at most the current amount) with
 * which shared memory allows `blocks` blocks; -1 if none does. */
static gint64
smem_for_blocks (const CuoccCapability *cap,
                 const CuoccInput      *base,
                 int                    blocks)
{
  CuoccInput in = *base;
  CuoccResult r;
  gint64 lo = 0, hi = base->smem;

  in.smem = 0;
  cuocc_calculate_unchecked (cap, &in, &r);
  if (r.blocks_by_smem < blocks)
    return -1;

  /* Fewer bytes never fit fewer blocks, so bisect. */
  while (lo < hi)
    {
      gint64 mid = lo + (hi - lo + 1) / 2;

      in.smem = mid;
      cuocc_calculate_unchecked (cap, &in, &r);
      if (r.blocks_by_smem >= blocks)
        lo = mid;
      else
        hi = mid - 1;
    }
  return lo;
}

static char *
format_pct (const CuoccCapability *cap,
            int                    warps)
{
  char buf[CUOCC_TABLE_PERCENT_SIZE];

  cuocc_table_format_percent ((double) warps / cap->max_warps_per_sm, buf);
  return g_strdup (buf);
}

static CuoccAdvice *
level_advice (const CuoccCapability *cap,
              const CuoccInput      *input,
              const CuoccResult     *now,
              int                    blocks,
              int                    regs,
              gint64                 smem)
{
  g_autofree char *pct = format_pct (cap, blocks * now->warps_per_block);
  g_autoptr(GString) text = g_string_new (NULL);
  CuoccAdvice *a = advice_new (CUOCC_ADVICE_LEVEL);

  a->blocks = blocks;
  a->active_warps = blocks * now->warps_per_block;
  a->occupancy = (double) a->active_warps / cap->max_warps_per_sm;
  g_string_append_printf (text, ngettext ("%d block per SM (%s %%): ", "%d blocks per SM (%s %%): ", blocks),
                          blocks, pct);
  if (regs < input->regs)
    {
      a->regs = regs;
      a->launch_bounds = g_strdup_printf ("__launch_bounds__(%d, %d)", input->threads, blocks);
      g_string_append_printf (text, _("at most %d registers per thread (now %d; %s or -maxrregcount=%d)"),
                              regs, input->regs, a->launch_bounds, regs);
    }
  if (smem < input->smem)
    {
      g_autofree char *budget = _cuocc_size_text (smem, TRUE);
      g_autofree char *current = _cuocc_size_text (input->smem, TRUE);

      a->smem = smem;
      if (regs < input->regs)
        g_string_append (text, _(" and "));
      g_string_append_printf (text, _("at most %s of shared memory per block (now %s)"), budget, current);
    }
  a->text = g_string_free (g_steal_pointer (&text), FALSE);
  return a;
}

/* Every level reachable above the current one, up to the best. When
 * there are more than MAX_LEVELS, the next few and the top ones: the
 * middle adds least to what a person decides. */
static void
advise_levels (const CuoccGpu    *gpu,
               const CuoccInput  *input,
               const CuoccResult *now,
               GPtrArray         *list)
{
  const CuoccCapability *cap = &gpu->cap;
  int ceiling = MIN (MIN (now->blocks_by_warps, now->blocks_by_blocks), now->blocks_by_barriers);
  g_autoptr(GPtrArray) levels = g_ptr_array_new_with_free_func ((GDestroyNotify) cuocc_advice_free);

  /* The change that reaches one level may reach more: the advice names
   * what it really reaches, and the levels it passes are not repeated. */
  for (int target = now->active_blocks + 1; target <= ceiling; target++)
    {
      int regs = now->blocks_by_regs >= target ? input->regs : regs_for_blocks (cap, input, target);
      gint64 smem = now->blocks_by_smem >= target ? input->smem : smem_for_blocks (cap, input, target);
      int blocks;

      if (regs < 0 || smem < 0)
        continue;
      blocks = blocks_with (cap, input, regs, smem);
      if (blocks < target)
        continue;
      target = blocks;
      g_ptr_array_add (levels, level_advice (cap, input, now, blocks, regs, smem));
    }

  for (guint i = 0; i < levels->len; i++)
    if (levels->len <= MAX_LEVELS || i < LEVELS_NEXT || i >= levels->len - LEVELS_TOP)
      g_ptr_array_add (list, g_steal_pointer (&g_ptr_array_index (levels, i)));
}

static CuoccAdvice *
more_registers_advice (const CuoccCapability *cap,
                       const CuoccInput      *input,
                       const CuoccResult     *now,
                       int                    regs,
                       int                    blocks)
{
  g_autofree char *pct = format_pct (cap, blocks * now->warps_per_block);
  CuoccAdvice *a = advice_new (CUOCC_ADVICE_MORE_REGISTERS);

  a->blocks = blocks;
  a->active_warps = blocks * now->warps_per_block;
  a->occupancy = (double) a->active_warps / cap->max_warps_per_sm;
  a->regs = regs;
  a->launch_bounds = g_strdup_printf ("__launch_bounds__(%d, %d)", input->threads, blocks);
  if (blocks == now->active_blocks)
    a->text = g_strdup_printf (_("Up to %d registers per thread (now %d) keep %d blocks per SM (%s %%): "
                                 "room against spills at no cost in occupancy (%s or -maxrregcount=%d)"),
                               regs, input->regs, blocks, pct, a->launch_bounds, regs);
  else
    a->text = g_strdup_printf (ngettext ("Up to %d registers per thread (now %d) leave %d block per SM (%s %%; %s or -maxrregcount=%d)",
                                         "Up to %d registers per thread (now %d) leave %d blocks per SM (%s %%; %s or -maxrregcount=%d)",
                                         blocks),
                               regs, input->regs, blocks, pct, a->launch_bounds, regs);
  return a;
}

/* The other direction, for a kernel that spills: the most registers per
 * thread for the current occupancy and for each one below it, nearest
 * first. The last register count of each step is the one to name. */
static void
advise_more_registers (const CuoccGpu    *gpu,
                       const CuoccInput  *input,
                       const CuoccResult *now,
                       GPtrArray         *list)
{
  const CuoccCapability *cap = &gpu->cap;
  int n = 0;

  if (now->active_blocks <= 0)
    return;

  for (int regs = input->regs; regs <= cap->max_regs_per_thread && n < MORE_REGISTERS_STEPS; regs++)
    {
      int blocks = blocks_with (cap, input, regs, input->smem);

      if (blocks < 1)
        break;
      if (regs == cap->max_regs_per_thread || blocks_with (cap, input, regs + 1, input->smem) < blocks)
        {
          if (regs > input->regs)
            {
              g_ptr_array_add (list, more_registers_advice (cap, input, now, regs, blocks));
              n++;
            }
        }
    }
}

static void
advise_block_sizes (const CuoccGpu    *gpu,
                    const CuoccInput  *input,
                    const CuoccResult *now,
                    GPtrArray         *list)
{
  const CuoccCapability *cap = &gpu->cap;
  g_autoptr(GString) sizes = g_string_new (NULL);
  CuoccInput in = *input;
  CuoccResult r;
  int best_warps = 0;
  CuoccAdvice *a;
  g_autofree char *pct = NULL;
  int step = (int) _cuocc_bounded_step (cap->warp_size, cap->max_threads_per_block, cap->warp_size,
                                        CUOCC_MAX_POINTS);

  for (int size = step; size <= cap->max_threads_per_block; size += step)
    {
      in.threads = size;
      cuocc_calculate_unchecked (cap, &in, &r);
      best_warps = MAX (best_warps, r.active_warps);
    }
  if (best_warps == 0)
    return;
  for (int size = step; size <= cap->max_threads_per_block; size += step)
    {
      in.threads = size;
      cuocc_calculate_unchecked (cap, &in, &r);
      if (r.active_warps == best_warps)
        {
          g_string_append_printf (sizes, "%s%d", sizes->len ? ", " : "", size);
        }
    }

  pct = format_pct (cap, best_warps);
  a = advice_new (CUOCC_ADVICE_BLOCK_SIZE);
  a->block_size = _cuocc_best_block_size_for (cap, input, &a->blocks);
  a->active_warps = best_warps;
  a->occupancy = (double) best_warps / cap->max_warps_per_sm;
  if (best_warps > now->active_warps)
    a->text = g_strdup_printf (_("Block sizes that reach %s %% with these registers and shared memory: %s"),
                               pct, sizes->str);
  else
    a->text = g_strdup_printf (_("Block sizes that also reach the best occupancy, %s %%: %s"), pct, sizes->str);
  g_ptr_array_add (list, a);
}

static void
add_warning (GPtrArray  *list,
             char       *text)
{
  CuoccAdvice *a = advice_new (CUOCC_ADVICE_WARNING);

  a->text = text;
  g_ptr_array_add (list, a);
}

static void
advise_warnings (const CuoccGpu          *gpu,
                 const CuoccInput        *input,
                 const CuoccResult       *now,
                 const CuoccAdviceExtra  *extra,
                 GPtrArray               *list)
{
  const CuoccCapability *cap = &gpu->cap;

  if (extra != NULL && (extra->spill_stores > 0 || extra->spill_loads > 0))
    add_warning (list, g_strdup_printf (_("The kernel spills registers to local memory: ptxas counts %d bytes of spill "
                                          "stores and %d bytes of spill loads in the compiled code (the sizes of those "
                                          "instructions, not bytes per thread). Fewer registers would spill more; "
                                          "weigh that against occupancy."),
                                        extra->spill_stores, extra->spill_loads));
  if (input->threads % cap->warp_size != 0 && input->threads <= cap->max_threads_per_block)
    add_warning (list, g_strdup_printf (_("%d threads per block is not a multiple of %d: the last warp of each block "
                                          "runs partly idle. Round up to %d."),
                                        input->threads, cap->warp_size,
                                        (input->threads + cap->warp_size - 1) / cap->warp_size * cap->warp_size));

  /* A carveout much larger than the blocks use takes L1 cache for nothing. */
  if (cap->smem_config_aligns_up && now->active_blocks > 0 && now->smem_config > 0)
    {
      gint64 used = (gint64) now->active_blocks * now->smem_per_block;

      if (used * 2 <= now->smem_config)
        {
          for (int i = cap->n_smem_configs - 1; i >= 0; i--)
            {
              CuoccInput in = *input;
              CuoccResult r;

              in.smem_config = cap->smem_configs[i];
              if (in.smem_config >= now->smem_config)
                break;
              cuocc_calculate_unchecked (cap, &in, &r);
              if (r.active_blocks == now->active_blocks && r.smem_config == in.smem_config)
                {
                  g_autofree char *used_text = _cuocc_size_text (used, TRUE);
                  g_autofree char *config_text = _cuocc_size_text (now->smem_config, FALSE);
                  g_autofree char *smaller = _cuocc_size_text (cap->smem_configs[i], FALSE);

                  /* Translators: e.g. "Only 48 KiB of the 228 KiB of shared memory configured per SM
                     are used: a 64 KiB carveout keeps …" */
                  add_warning (list, g_strdup_printf (_("Only %s of the %s of shared memory configured per SM "
                                                        "are used: a carveout of %s keeps the same occupancy "
                                                        "and leaves the rest to the L1 cache."),
                                                      used_text, config_text, smaller));
                  break;
                }
            }
        }
    }
}

/**
 * cuocc_advise:
 * @gpu: the GPU
 * @input: the kernel's configuration
 * @extra: (nullable): what the model cannot know, such as spills from a build log
 * @error: return location for a #GError
 *
 * Works out what to change to reach a higher occupancy: for each number of
 * resident blocks above the current one, the most registers per thread and the
 * most shared memory per block that reach it, the block sizes that reach the
 * best occupancy, warnings (spills, partial warps, idle shared memory) and, for
 * a cluster launch, a better cluster size. Every suggestion has been run
 * through the model.
 *
 * Returns: (transfer full) (element-type CuoccAdvice) (nullable): the advice,
 *   best first; %NULL with @error set when @input is invalid for @gpu
 */
GPtrArray *
cuocc_advise (const CuoccGpu          *gpu,
              const CuoccInput        *input,
              const CuoccAdviceExtra  *extra,
              GError                 **error)
{
  g_autoptr(GPtrArray) list = NULL;
  CuoccResult now;

  g_return_val_if_fail (gpu != NULL, NULL);
  g_return_val_if_fail (input != NULL, NULL);

  if (!cuocc_calculate (gpu, input, &now, error))
    return NULL;

  list = g_ptr_array_new_with_free_func ((GDestroyNotify) cuocc_advice_free);
  advise_levels (gpu, input, &now, list);
  if (extra != NULL && (extra->spill_stores > 0 || extra->spill_loads > 0))
    advise_more_registers (gpu, input, &now, list);
  advise_block_sizes (gpu, input, &now, list);
  advise_warnings (gpu, input, &now, extra, list);
  if (input->cluster_size > 0)
    _cuocc_advise_cluster_size (gpu, input, &now, list);
  return g_steal_pointer (&list);
}
