/* cuocc-kernels-panel-gpus.c — the kernels table on several GPUs: the
 * GPUs chosen to compare, a column each and the difference (issue 27 §3).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * "Compare GPUs" (a popover over the table: a searchable list of GPUs,
 * several checked, the calculator's GPU always first and always compared)
 * adds a column a GPU and a "Difference" column, which sort and filter as
 * the others do. The kernels are worked out on every GPU in a worker
 * thread, by the library's comparison (cuocc-gpu-comparison.c, over
 * cuocc_import_comparison_new ()): the command line's
 * `cuocc --import FILE --gpu A --gpu B` answers, a kernel a row. While
 * a comparison is on, the architecture filter's second choice is "One row
 * a kernel": the entry of each kernel that loads on the calculator's GPU,
 * or the kernel's first where none does, so that a kernel the GPU cannot
 * run still has its row.
 *
 * PTX that runs on a GPU compared gets the figures ptxas gives it for that
 * GPU's target, from the cache the table's assemblies fill (Assemble PTX
 * Kernels, a PTX kernel chosen); where there are none, its cell says it
 * needs assembly, and Assemble PTX Kernels, while GPUs are compared,
 * assembles for each GPU's target after the calculator's, in the
 * comparison's worker, with the same progress and Cancel.
 *
 * The worker, and the rows filling in as it works (its columns first, one
 * an iteration of the main loop, then the rows a slice an iteration, with
 * progress and Cancel above the table; filtered and sorted once at the
 * end), are cuocc-kernels-panel-gpus-job.c. The popover that chooses the
 * GPUs is cuocc-kernels-panel-gpus-popover.c.
 *
 * The GPUs chosen are the user's: they are kept (the window binds them to
 * the settings), a GPU that cannot be found is kept in the choice and only
 * left out of the columns, and the calculator's GPU is never written into
 * the choice.
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "cuocc-format.h"
#include "cuocc-gpu-choice.h"
#include "cuocc-kernels-panel-private.h"
#include "cuocc-testing.h"

/* ----- the columns ----- */

/* The GPUs the columns are for: the calculator's first, then those chosen
 * that resolve and are not it, each once. */
guint
_cuocc_kernels_panel_gpus_chosen (CuoccKernelsPanel *self,
             CuoccGpu          *gpus)
{
  guint n = 0;

  if (!self->have_gpu)
    return 0;
  gpus[n++] = self->gpu;
  for (guint i = 0; self->gpu_ids != NULL && self->gpu_ids[i] != NULL && n < CUOCC_COMPARE_MAX_GPUS; i++)
    {
      CuoccGpu gpu;
      gboolean seen = FALSE;

      if (!cuocc_gpu_resolve_id (self->gpu_ids[i], &gpu, NULL))
        continue;
      for (guint j = 0; j < n && !seen; j++)
        seen = g_str_equal (gpus[j].name, gpu.name) && memcmp (&gpus[j].cap, &gpu.cap, sizeof gpu.cap) == 0;
      if (!seen)
        gpus[n++] = gpu;
    }
  return n;
}

/* The columns follow the comparison: none without one, else the
 * difference and a column a GPU, after the kernel (the architecture's
 * hidden); a column whose GPU stays keeps its place and its cells. Adding
 * a column to a table of thousands of rows binds a cell in each row GTK
 * keeps (70 to 120 ms of CPU a column on the generated library), so one
 * step adds or removes at most one column; TRUE while more are left. */
gboolean
_cuocc_kernels_panel_gpus_columns_step (CuoccKernelsPanel  *self,
                   CuoccGpuComparison *gpus)
{
  guint n_gpus = gpus != NULL ? cuocc_gpu_comparison_get_n_gpus (gpus) : 0;
  GtkColumnViewColumn *difference = cuocc_kernels_table_get_column (self->table, "difference");
  guint position = 2;              /* after the kernel and its architecture */

  if (n_gpus >= 2 && difference == NULL)
    {
      cuocc_kernels_table_insert_column (self->table, "difference", position);
      /* The comparison comes into view beside the kernels' names. */
      cuocc_kernels_table_scroll_to_start (self->table);
      return TRUE;
    }
  else if (n_gpus < 2 && difference != NULL)
    {
      cuocc_kernels_table_remove_column (self->table, difference);
      return TRUE;
    }
  for (guint g = 0; g < CUOCC_COMPARE_MAX_GPUS; g++)
    {
      g_autofree char *id = g_strdup_printf ("gpu%u", g);
      GtkColumnViewColumn *column = cuocc_kernels_table_get_column (self->table, id);

      if ((g >= n_gpus || n_gpus < 2) && column != NULL)
        {
          cuocc_kernels_table_remove_column (self->table, column);
          return TRUE;
        }
      if (g < n_gpus && n_gpus >= 2 && column == NULL)
        {
          cuocc_kernels_table_insert_column (self->table, id, position + 1 + g);
          return TRUE;
        }
    }
  return FALSE;
}

/* What goes with the columns, once they are all there: the titles, the
 * architecture's column, the difference filter, the architecture filter's
 * second choice. */
void
_cuocc_kernels_panel_gpus_columns_done (CuoccKernelsPanel  *self,
                   CuoccGpuComparison *gpus)
{
  guint n_gpus = gpus != NULL ? cuocc_gpu_comparison_get_n_gpus (gpus) : 0;
  GtkColumnViewColumn *arch = cuocc_kernels_table_get_column (self->table, "arch");

  for (guint g = 0; g < n_gpus && n_gpus >= 2; g++)
    {
      g_autofree char *id = g_strdup_printf ("gpu%u", g);
      GtkColumnViewColumn *column = cuocc_kernels_table_get_column (self->table, id);
      g_autofree char *title = cuocc_gpu_short_name (cuocc_gpu_comparison_get_gpu (gpus, g));

      if (column != NULL && g_strcmp0 (gtk_column_view_column_get_title (column), title) != 0)
        gtk_column_view_column_set_title (column, title);
    }
  /* Each GPU's cell says which entry runs there ("Warps · sm_90"): the
   * architecture's column gives its room to them, which at the sidebar's
   * default width (800 × 600) keeps the first GPU's beside the names. */
  if (arch != NULL && gtk_column_view_column_get_visible (arch) != (n_gpus < 2))
    gtk_column_view_column_set_visible (arch, n_gpus < 2);
  gtk_widget_set_visible (self->differ_box, n_gpus >= 2);
  {
    /* The architecture filter's second choice, as it filters now. */
    const char *loaded[] = { n_gpus >= 2 ? _("One row a kernel") : _("Loaded on this GPU"), NULL };

    if (g_strcmp0 (gtk_string_list_get_string (self->arches, ARCH_LOADED), loaded[0]) != 0)
      gtk_string_list_splice (self->arches, ARCH_LOADED, 1, loaded);
  }
}

static void
differ_changed_cb (CuoccKernelsPanel *self)
{
  _cuocc_kernels_panel_refresh_shown (self, TRUE);
}

/* ----- shared with the panel ----- */

/* The popover of the "Compare GPUs" button and the difference filter's
 * signals; once, from the panel's init. */
void
_cuocc_kernels_panel_init_gpus (CuoccKernelsPanel *self)
{
  _cuocc_kernels_panel_init_gpus_popover (self);
  _cuocc_kernels_panel_init_gpus_progress (self);
  g_signal_connect_swapped (self->differ_check, "toggled", G_CALLBACK (differ_changed_cb), self);
  g_signal_connect_swapped (self->differ_spin, "value-changed", G_CALLBACK (differ_changed_cb), self);
  g_object_bind_property (self->differ_check, "active", self->differ_spin, "sensitive", G_BINDING_SYNC_CREATE);
}

/* Works the kernels out again on the GPUs compared, in a worker (with
 * @assemble, running ptxas for what the cache lacks), or takes the
 * comparison away when fewer than two GPUs are. */
/* Whether a row is a PTX entry: a GPU compared may run it, and ptxas (its
 * cache) give its figures. */
static gboolean
has_ptx (CuoccKernelsPanel *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->store));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (G_LIST_MODEL (self->store), i);

      if (cuocc_kernel_item_get_kernel (item)->code == CUOCC_CODE_PTX)
        return TRUE;
    }
  return FALSE;
}

static void
compare_now (CuoccKernelsPanel *self,
             gboolean           assemble)
{
  CuoccGpu gpus[CUOCC_COMPARE_MAX_GPUS];
  guint n_gpus = _cuocc_kernels_panel_gpus_chosen (self, gpus);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->store));
  gboolean was_arriving = self->gpus_arriving != NULL;

  _cuocc_kernels_panel_gpus_stop (self);
  if (was_arriving)
    cuocc_kernels_table_update_cells (self->table);
  self->gpus_generation++;
  self->gpus_restoring = FALSE;
  if (n_gpus < 2 || n == 0)
    {
      /* The rows let go of it, and the columns go, as a comparison comes. */
      if (self->gpus != NULL || cuocc_kernels_table_get_column (self->table, "difference") != NULL)
        _cuocc_kernels_panel_gpus_apply (self, NULL, FALSE);
      else
        _cuocc_kernels_panel_gpus_columns_done (self, NULL);
      _cuocc_kernels_panel_set_busy (self);
      _cuocc_kernels_panel_ptxas_gpus_changed (self);
      _cuocc_kernels_panel_gpus_update_progress (self);
      return;
    }

  if (self->ptxas == NULL && !self->ptxas_looked && has_ptx (self))
    {
      /* ptxas is being looked for (its --version, in a thread; started
       * here where nothing else needed it): the comparison waits for it.
       * Worked out without it, it would be worked out again once ptxas was
       * found, for its cache, all of it, even where the cache held nothing. */
      self->gpus_wait_ptxas = TRUE;
      _cuocc_kernels_panel_ptxas_gpus_changed (self);
      _cuocc_kernels_panel_set_busy (self);
      _cuocc_kernels_panel_gpus_update_progress (self);
      return;
    }
  self->gpus_runs++;
  _cuocc_kernels_panel_gpus_start (self, gpus, n_gpus, assemble);
  _cuocc_kernels_panel_ptxas_gpus_changed (self);
  _cuocc_kernels_panel_gpus_update_progress (self);
}

/* The comparison asked for: its state ("compared", "evaluated", "busy",
 * "assembling") is told of once it has begun, not as the last one stops. */
static void
compare (CuoccKernelsPanel *self,
         gboolean           assemble)
{
  self->state_frozen++;
  compare_now (self, assemble);
  self->state_frozen--;
  _cuocc_kernels_panel_update_state (self);
}

/* ptxas's lookup ended (found or not): the comparison that waited for it is
 * worked out now, once; one worked out before with another ptxas (or none,
 * its path since changed), again for this one's cache. */
void
_cuocc_kernels_panel_gpus_ptxas_found (CuoccKernelsPanel *self)
{
  if (self->gpus_wait_ptxas)
    compare (self, FALSE);
  else
    _cuocc_kernels_panel_gpus_ptxas (self, FALSE);
}

void
_cuocc_kernels_panel_compare_gpus (CuoccKernelsPanel *self)
{
  compare (self, FALSE);
}

/* ptxas found, or its cache grown (an assembly of the table's ended): the
 * comparison is worked out again where PTX in it lacks figures; with
 * @assemble, ptxas runs for every GPU's target (Assemble PTX Kernels). */
void
_cuocc_kernels_panel_gpus_ptxas (CuoccKernelsPanel *self,
                                 gboolean           assemble)
{
  if (self->gpus == NULL || self->ptxas == NULL || self->gpus_assembling)
    return;
  if (cuocc_gpu_comparison_count_ptx_unknown (self->gpus) == 0)
    return;
  compare (self, assemble);
}

/* Stops the comparison's ptxas runs: what they gave is kept, and the
 * comparison comes with it. */
void
_cuocc_kernels_panel_gpus_cancel_ptxas (CuoccKernelsPanel *self)
{
  if (self->gpus_assembling && self->gpus_ptx_cancellable != NULL)
    g_cancellable_cancel (self->gpus_ptx_cancellable);
}

/* Whether the row passes the comparison's filters: the difference, and
 * with check_arch and "One row a kernel", whether it stands for its kernel. */
gboolean
_cuocc_kernels_panel_gpus_pass (CuoccKernelsPanel *self,
                                CuoccKernelItem   *item,
                                gboolean           check_arch)
{
  guint kernel;
  gboolean stands;
  CuoccGpuComparison *gpus = cuocc_kernel_item_get_gpus (item, &kernel, &stands);

  if (gpus == NULL || cuocc_gpu_comparison_is_stale (gpus))
    return TRUE;
  if (check_arch && gtk_drop_down_get_selected (self->arch_dropdown) == ARCH_LOADED && !stands)
    return FALSE;
  if (gtk_check_button_get_active (self->differ_check))
    {
      double difference = cuocc_gpu_comparison_get_difference (gpus, kernel);

      if (difference <= 0 || difference < gtk_spin_button_get_value (self->differ_spin))
        return FALSE;
    }
  return TRUE;
}

/* Whether the panel compares GPUs now (its rows carry the comparison). */
gboolean
_cuocc_kernels_panel_comparing (CuoccKernelsPanel *self)
{
  return self->gpus != NULL;
}

/* ----- public API ----- */

/* The GPUs to compare with the calculator's, by their ids (as the GPU
 * list and the settings name them); NULL or none: no comparison. */
void
cuocc_kernels_panel_set_compare_gpus (CuoccKernelsPanel  *self,
                                      const char * const *ids)
{
  g_return_if_fail (CUOCC_IS_KERNELS_PANEL (self));

  if (ids != NULL && ids[0] == NULL)
    ids = NULL;
  if ((ids == NULL && self->gpu_ids == NULL) ||
      (ids != NULL && self->gpu_ids != NULL && g_strv_equal (ids, (const char * const *) self->gpu_ids)))
    return;
  {
    /* ids may be the choice's own strings (the popover's toggle). */
    char **old = self->gpu_ids;

    self->gpu_ids = g_strdupv ((char **) ids);
    g_strfreev (old);
  }
  g_object_notify (G_OBJECT (self), "compare-gpus");
  _cuocc_kernels_panel_compare_gpus (self);
}

/* Whether the comparison asked for last is shown (the "compared" property). */
gboolean
_cuocc_kernels_panel_is_compared (CuoccKernelsPanel *self)
{
  return self->gpus_cancellable == NULL && !self->gpus_wait_ptxas && self->gpus_apply_id == 0;
}

/* ----- for the tests ----- */

/* The comparisons worked out (their workers started) since the panel was made. */
guint
cuocc_kernels_panel_get_gpus_runs (CuoccKernelsPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), 0);

  return self->gpus_runs;
}

/* How the last comparisons came: the most rows that took one in an
 * iteration of the main loop, the columns added or removed (one an
 * iteration), and the iterations it took, all together since the panel was
 * made. */
void
cuocc_kernels_panel_get_gpus_counts (CuoccKernelsPanel *self,
                                     guint             *most_rows,
                                     guint             *columns_changed,
                                     guint             *iterations)
{
  g_return_if_fail (CUOCC_IS_KERNELS_PANEL (self));

  *most_rows = self->gpus_most_rows;
  *columns_changed = self->gpus_columns_changed;
  *iterations = self->gpus_apply_iterations;
}
