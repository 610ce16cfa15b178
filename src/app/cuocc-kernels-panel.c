/* cuocc-kernels-panel.c — the kernels read from a build log or a profile.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The list shown changes only when a read succeeds (cuocc-kernel-loader.c),
 * so a bad file leaves the list and the chosen kernel as they were.
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "cuocc-format.h"
#include "cuocc-kernel-item.h"
#include "cuocc-kernels-panel-private.h"
#include "cuocc-testing.h"

/* ----- type definition ----- */

G_DEFINE_FINAL_TYPE (CuoccKernelsPanel, cuocc_kernels_panel, GTK_TYPE_WIDGET)

enum {
  KERNEL_CHOSEN,
  PTXAS_CHANGED,
  KERNEL_RESTORED,
  IMPORT_FAILED,
  SWITCH_GPU,
  LOADED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

enum {
  PROP_0,
  PROP_SIDEBAR_WIDTH,
  PROP_COMPARE_GPUS,
  PROP_CALCULATION,
  PROP_KERNELS,
  PROP_FIGURES,
  PROP_GPU_NAME,
  PROP_BAR,
  PROP_CHOSEN,
  PROP_CHOSEN_REVISION,
  PROP_COMPARISON,
  PROP_GPU_MAJOR,
  PROP_GPU_MINOR,
  PROP_PTXAS_VERSION,
  PROP_PTXAS_ERROR,
  PROP_PTXAS_CHOSEN,
  PROP_PTXAS_LOOKING,
  PROP_ROWS,
  PROP_BUSY,
  PROP_EVALUATED,
  PROP_COMPARED,
  PROP_ASSEMBLING,
  PROP_GPU_COMPARISON,
  PROP_PTXAS_FOUND,
  N_PROPS
};

static GParamSpec *props[N_PROPS];

/* From how many entries a GPU change marks the entries that load in the
 * evaluation's thread (cuocc-kernels-panel-eval.c) rather than at once. */
#define MARK_IN_THREAD_FROM 4096

/* ----- helpers ----- */

static void
set_chosen (CuoccKernelsPanel *self,
            CuoccKernelItem   *item,
            gboolean           announce)
{
  g_set_object (&self->chosen, item);
  self->comparison = _cuocc_kernels_panel_comparison (self);
  _cuocc_kernels_panel_ptxas_chosen (self);
  _cuocc_kernels_panel_chosen_changed (self);
  if (announce && item != NULL)
    g_signal_emit (self, signals[KERNEL_CHOSEN], 0);
}

/* The rows are marked and worked out: the cache may have the figures of
 * the PTX entries that load, and the chosen kernel's may be assembled. */
static void
rows_worked_out (CuoccKernelsPanel *self)
{
  if (self->ptx_cache_wanted)
    {
      self->ptx_cache_wanted = FALSE;
      _cuocc_kernels_panel_ptxas_rows_changed (self);
    }
  _cuocc_kernels_panel_ptxas_chosen (self);
}

/* The new list replaces the old; the chosen kernel stays chosen if the new
 * list still has it, and is announced again if its figures changed. */
static void
replace_list (CuoccKernelsPanel *self,
              GListModel        *store,
              gboolean           truncated)
{
  g_autoptr(CuoccKernelItem) old = self->chosen ? g_object_ref (self->chosen) : NULL;
  g_autofree char *wanted = g_steal_pointer (&self->pending_key);
  CuoccKernelItem *found = old ? cuocc_kernel_item_find (store, cuocc_kernel_item_get_key (old)) : NULL;

  _cuocc_kernels_panel_ptxas_reset (self);
  if (g_set_object (&self->store, G_LIST_STORE (store)))
    g_object_notify_by_pspec (G_OBJECT (self), props[PROP_KERNELS]);
  self->truncated = truncated;
  self->ptx_cache_wanted = TRUE;
  /* The loader marked the entries in its thread, for the GPU it was told;
   * another GPU chosen since then is marked here. */
  if (GPOINTER_TO_INT (g_object_get_data (G_OBJECT (store), "cuocc-marked-for")) !=
      self->gpu_major * 1000 + self->gpu_minor)
    _cuocc_kernels_panel_mark_loaded (self);
  self->marks_pending = FALSE;
  _cuocc_kernels_panel_mark_changes (self);
  _cuocc_kernels_panel_update_arches (self);

  self->selecting = TRUE;
  _cuocc_kernels_panel_start_growing (self);
  cuocc_kernel_rows_set_model (self->shown, G_LIST_MODEL (self->store));
  self->selecting = FALSE;
  /* The loader worked the rows out for the launch it was told: where that
   * is still the panel's, and no compared build adds a second figure, the
   * rows are shown as they came. */
  if (_cuocc_kernels_panel_evaluated_for_launch (self, store))
    {
      _cuocc_kernels_panel_take_evaluated (self);
      rows_worked_out (self);
    }
  else
    _cuocc_kernels_panel_evaluate (self);

  /* A restored session's kernel is chosen again once its log is read,
   * without filling in the inputs that were restored with it. */
  if (wanted != NULL)
    {
      found = cuocc_kernel_item_find (store, wanted);
      set_chosen (self, found, FALSE);
      if (found != NULL)
        g_signal_emit (self, signals[KERNEL_RESTORED], 0);
    }
  else
    set_chosen (self, found, found != NULL && !cuocc_kernel_item_same_figures (found, old));
  _cuocc_kernels_panel_select_chosen (self);
  _cuocc_kernels_panel_update_list_page (self);
}

/* Whether a file or text is being read, for the list or a build to
 * compare with. */
gboolean
_cuocc_kernels_panel_loaders_busy (CuoccKernelsPanel *self)
{
  return (self->loader != NULL && cuocc_kernel_loader_is_busy (self->loader)) ||
         (self->compare_loader != NULL && cuocc_kernel_loader_is_busy (self->compare_loader));
}

static void
set_source (CuoccKernelsPanel *self,
            const char        *source_name)
{
  g_autofree char *name = cuocc_format_capped (source_name, CUOCC_NAME_MAX_CHARS);

  gtk_label_set_label (self->source_label, name);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->source_label), name);
  gtk_widget_set_visible (GTK_WIDGET (self->source_label), name != NULL);
}

static void
set_busy (CuoccKernelsPanel *self,
          gboolean           busy)
{
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), busy);
  gtk_spinner_set_spinning (self->spinner, busy);
}

static gboolean
pulse_cb (gpointer user_data)
{
  CuoccKernelsPanel *self = user_data;

  gtk_progress_bar_pulse (self->loading_bar);
  return G_SOURCE_CONTINUE;
}

/* The loading page, with what is read, while a file the user chose is read:
 * a library of hundreds of megabytes takes seconds, and "No Kernels" would
 * say the wrong thing. The reader says nothing of how far it is, so the
 * bar pulses. */
static void
set_loading (CuoccKernelsPanel *self,
             const char        *name)
{
  if (name != NULL)
    {
      g_autofree char *capped = cuocc_format_capped (name, CUOCC_NAME_MAX_CHARS);
      /* Translators: the loading page, e.g. "Reading “libcublasLt.so”" */
      g_autofree char *description = g_strdup_printf (_("Reading “%s”"), capped);

      adw_status_page_set_description (self->loading_page, description);
      if (self->pulse_id == 0)
        self->pulse_id = g_timeout_add (100, pulse_cb, self);
    }
  else if (self->pulse_id != 0)
    {
      g_clear_handle_id (&self->pulse_id, g_source_remove);
      /* A pulsed GtkProgressBar stays in activity mode, with a tick
       * callback of its own, until a fraction is set, hidden or not: the
       * frame clock then ran at frame rate for as long as the window was
       * open after a file was read (issue 29, point 5). */
      gtk_progress_bar_set_fraction (self->loading_bar, 0.0);
    }
  _cuocc_kernels_panel_update_list_page (self);
}

static void
start_loading (CuoccKernelsPanel *self,
               CuoccKernelLoader *loader,
               GFile             *file)
{
  set_busy (self, TRUE);
  if (loader == self->loader)
    {
      g_autofree char *name = g_file_get_basename (file);

      set_loading (self, name);
    }
  cuocc_kernel_loader_load_file (loader, file);
}

static void
drop_loader (CuoccKernelsPanel  *self,
             CuoccKernelLoader **loader)
{
  if (*loader == NULL)
    return;

  g_signal_handlers_disconnect_by_data (*loader, self);
  cuocc_kernel_loader_cancel (*loader);
  g_clear_object (loader);
}

/* Another entry of the chosen kernel, chosen as a click would. */
static void
choose_entry (CuoccKernelsPanel *self,
              CuoccKernelItem   *item)
{
  set_chosen (self, item, TRUE);
  _cuocc_kernels_panel_select_chosen (self);
}

/* The entries are marked with what loads on the GPU: the details say
 * whether the chosen one does, and the GPU being the user's choice, the
 * entry follows it: the chosen kernel's entry that loads there takes the
 * place of one that does not. */
static void
marked (CuoccKernelsPanel *self)
{
  _cuocc_kernels_panel_chosen_changed (self);
  if (self->chosen != NULL && cuocc_kernel_item_get_kernel (self->chosen)->loaded == CUOCC_LOAD_OTHER)
    {
      CuoccKernelItem *sibling = cuocc_kernel_item_find_loaded (G_LIST_MODEL (self->store),
                                                                cuocc_kernel_item_get_kernel (self->chosen));

      if (sibling != NULL)
        choose_entry (self, sibling);
    }
}

/* Marks the entry of each kernel that the CUDA driver loads on a GPU of
 * this compute capability (the launch's, cuocc-kernels-panel-launch.c). */
void
_cuocc_kernels_panel_set_gpu (CuoccKernelsPanel *self,
                              int                major,
                              int                minor)
{
  g_assert (CUOCC_IS_KERNELS_PANEL (self));

  if (self->gpu_major == major && self->gpu_minor == minor)
    return;
  self->gpu_major = major;
  self->gpu_minor = minor;
  /* What ptxas gave was for the last GPU's target. */
  _cuocc_kernels_panel_ptxas_reset (self);
  self->ptx_cache_wanted = TRUE;
  cuocc_kernel_loader_set_gpu (self->loader, major, minor);
  /* A library's entries are marked in the thread that works their figures
   * out, and both reach the table in one iteration (_cuocc_kernels_panel_evaluated ()):
   * 57,600 of them took 90 ms to mark here. A few are marked at once. */
  if (self->have_gpu && g_list_model_get_n_items (G_LIST_MODEL (self->store)) >= MARK_IN_THREAD_FROM)
    {
      self->marks_pending = TRUE;
      _cuocc_kernels_panel_evaluate (self);
      return;
    }
  _cuocc_kernels_panel_mark_loaded (self);
  _cuocc_kernels_panel_refresh_shown (self, TRUE);
  _cuocc_kernels_panel_evaluate (self);
  marked (self);
}

/* ----- callbacks ----- */

static void
loaded_cb (CuoccKernelLoader *loader,
           GListModel        *store,
           const char        *source_name,
           gboolean           truncated,
           gboolean           reread,
           CuoccKernelsPanel *self)
{
  set_busy (self, _cuocc_kernels_panel_loaders_busy (self));
  /* A build to compare with leaves the list as it is and marks it. */
  if (loader == self->compare_loader)
    {
      g_set_object (&self->compare_store, G_LIST_STORE (store));
      g_free (self->compare_name);
      self->compare_name = cuocc_format_capped (source_name, CUOCC_NAME_MAX_CHARS);
      _cuocc_kernels_panel_mark_changes (self);
      _cuocc_kernels_panel_refresh_shown (self, TRUE);
      _cuocc_kernels_panel_chosen_changed (self);
      _cuocc_kernels_panel_evaluate (self);
      return;
    }
  set_loading (self, NULL);
  /* Another file is another build: a comparison made for the last one and
   * a search typed for it no longer apply. A re-read of the same file
   * keeps both. */
  if (!reread)
    {
      g_clear_object (&self->compare_store);
  g_clear_object (&self->gone);
      g_clear_pointer (&self->compare_name, g_free);
      self->selecting = TRUE;
      gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
      g_clear_pointer (&self->words, g_strfreev);
      self->selecting = FALSE;
      _cuocc_kernels_panel_set_bar (self, -1);
    }
  set_source (self, source_name);
  replace_list (self, store, truncated);
  if (!reread)
    g_signal_emit (self, signals[LOADED], 0);

  /* What the user imported is searched next; a re-read leaves focus be. */
  if (!reread)
    gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
}

static void
failed_cb (CuoccKernelLoader *loader,
           const char        *source_name,
           const GError      *error,
           gboolean           reread,
           CuoccKernelsPanel *self)
{
  set_busy (self, _cuocc_kernels_panel_loaders_busy (self));
  if (loader == self->loader)
    set_loading (self, NULL);
  g_signal_emit (self, signals[IMPORT_FAILED], 0, source_name, error, reread);
}

static void
loader_busy_cb (CuoccKernelsPanel *self)
{
  _cuocc_kernels_panel_update_state (self);
}

static void
selection_changed_cb (CuoccKernelsPanel *self)
{
  CuoccKernelItem *item = gtk_single_selection_get_selected_item (self->selection);

  /* A kernel the search hides stays chosen. */
  if (self->selecting || item == NULL || item == self->chosen)
    return;

  set_chosen (self, item, TRUE);
}

/* The details' load line: the entry that loads, or a GPU that runs this one. */
static void
details_entry_cb (CuoccKernelsPanel *self,
                  CuoccKernelItem   *item)
{
  choose_entry (self, item);
}

static void
details_switch_gpu_cb (CuoccKernelsPanel *self,
                       int                major,
                       int                minor)
{
  g_signal_emit (self, signals[SWITCH_GPU], 0, major, minor);
}

/* Ctrl+C in the table: the details' Copy Name. */
static gboolean
copy_name_cb (GtkWidget *widget,
              GVariant  *args,
              gpointer   user_data)
{
  return gtk_widget_activate_action (GTK_WIDGET (user_data), "details.copy-name", NULL);
}

/* ----- get/set_property ----- */

static void
cuocc_kernels_panel_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  CuoccKernelsPanel *self = CUOCC_KERNELS_PANEL (object);

  switch (prop_id)
    {
    case PROP_SIDEBAR_WIDTH:
      g_value_set_int (value, self->sidebar_width);
      break;
    case PROP_COMPARE_GPUS:
      g_value_set_boxed (value, self->gpu_ids);
      break;
    case PROP_CALCULATION:
      g_value_set_object (value, self->followed.calculation);
      break;
    case PROP_KERNELS:
      g_value_set_object (value, self->store);
      break;
    case PROP_FIGURES:
      g_value_set_uint (value, self->figures);
      break;
    case PROP_GPU_NAME:
      g_value_set_string (value, self->have_gpu ? self->gpu.name : NULL);
      break;
    case PROP_BAR:
      g_value_set_int (value, self->bin);
      break;
    case PROP_CHOSEN:
      g_value_set_object (value, self->chosen);
      break;
    case PROP_CHOSEN_REVISION:
      g_value_set_uint (value, self->chosen_revision);
      break;
    case PROP_COMPARISON:
      g_value_set_double (value, self->comparison);
      break;
    case PROP_GPU_MAJOR:
      g_value_set_int (value, self->gpu_major);
      break;
    case PROP_GPU_MINOR:
      g_value_set_int (value, self->gpu_minor);
      break;
    case PROP_PTXAS_VERSION:
      g_value_set_string (value, self->ptxas != NULL ? cuocc_ptxas_get_version (self->ptxas) : NULL);
      break;
    case PROP_PTXAS_ERROR:
      g_value_set_string (value, self->ptxas == NULL ? self->ptxas_error : NULL);
      break;
    case PROP_PTXAS_CHOSEN:
      g_value_set_boolean (value, self->ptxas_path != NULL);
      break;
    case PROP_PTXAS_LOOKING:
      g_value_set_boolean (value, !self->ptxas_looked && self->ptxas_finding != NULL);
      break;
    case PROP_ROWS:
      g_value_set_object (value, self->selection);
      break;
    case PROP_BUSY:
      g_value_set_boolean (value, _cuocc_kernels_panel_loaders_busy (self));
      break;
    case PROP_EVALUATED:
      g_value_set_boolean (value, _cuocc_kernels_panel_is_evaluated (self));
      break;
    case PROP_COMPARED:
      g_value_set_boolean (value, _cuocc_kernels_panel_is_compared (self));
      break;
    case PROP_ASSEMBLING:
      g_value_set_boolean (value, _cuocc_kernels_panel_is_assembling (self));
      break;
    case PROP_GPU_COMPARISON:
      g_value_set_boxed (value, self->gpus);
      break;
    case PROP_PTXAS_FOUND:
      g_value_set_string (value, self->ptxas != NULL ? cuocc_ptxas_get_path (self->ptxas) : NULL);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cuocc_kernels_panel_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  CuoccKernelsPanel *self = CUOCC_KERNELS_PANEL (object);

  switch (prop_id)
    {
    case PROP_SIDEBAR_WIDTH:
      _cuocc_kernels_panel_set_sidebar_width (self, g_value_get_int (value));
      break;
    case PROP_COMPARE_GPUS:
      cuocc_kernels_panel_set_compare_gpus (self, g_value_get_boxed (value));
      break;
    case PROP_CALCULATION:
      if (cuocc_calculation_follow_set (&self->followed, g_value_get_object (value)))
        g_object_notify_by_pspec (object, pspec);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* ----- dispose / finalize ----- */

static void
cuocc_kernels_panel_dispose (GObject *object)
{
  CuoccKernelsPanel *self = CUOCC_KERNELS_PANEL (object);

  drop_loader (self, &self->loader);
  drop_loader (self, &self->compare_loader);
  _cuocc_kernels_panel_ptxas_dispose (self);
  if (self->eval_cancellable != NULL)
    g_cancellable_cancel (self->eval_cancellable);
  g_clear_object (&self->eval_cancellable);
  _cuocc_kernels_panel_gpus_stop (self);
  g_clear_pointer (&self->gpus, cuocc_gpu_comparison_unref);
  g_clear_handle_id (&self->pulse_id, g_source_remove);
  g_clear_handle_id (&self->top_id, g_source_remove);
  g_clear_object (&self->compare_store);
  g_clear_object (&self->gone);

  _cuocc_kernels_panel_stop_growing (self);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  g_clear_object (&self->selection);
  g_clear_object (&self->store);
  g_clear_object (&self->filter);
  g_clear_object (&self->chosen);
  cuocc_calculation_follow_clear (&self->followed);

  G_OBJECT_CLASS (cuocc_kernels_panel_parent_class)->dispose (object);
}

static void
cuocc_kernels_panel_finalize (GObject *object)
{
  CuoccKernelsPanel *self = CUOCC_KERNELS_PANEL (object);

  g_strfreev (self->words);
  g_free (self->pending_key);
  g_free (self->compare_name);
  g_strfreev (self->gpu_ids);

  G_OBJECT_CLASS (cuocc_kernels_panel_parent_class)->finalize (object);
}

/* ----- class_init / init ----- */

static void
cuocc_kernels_panel_class_init (CuoccKernelsPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = cuocc_kernels_panel_dispose;
  object_class->finalize = cuocc_kernels_panel_finalize;
  object_class->get_property = cuocc_kernels_panel_get_property;
  object_class->set_property = cuocc_kernels_panel_set_property;

  /* The sidebar's width in pixels, which a drag on its right edge sets; a
   * width past either end is held there, as a drag past it is. */
  props[PROP_SIDEBAR_WIDTH] =
    g_param_spec_int ("sidebar-width", NULL, NULL, SIDEBAR_MIN_WIDTH, SIDEBAR_MAX_WIDTH, SIDEBAR_MIN_WIDTH,
                      G_PARAM_READWRITE | G_PARAM_LAX_VALIDATION | G_PARAM_EXPLICIT_NOTIFY |
                        G_PARAM_STATIC_STRINGS);
  /* The GPUs compared with the calculator's, by their ids (the settings
   * keep them). */
  props[PROP_COMPARE_GPUS] =
    g_param_spec_boxed ("compare-gpus", NULL, NULL, G_TYPE_STRV,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The GPU and the user's own block size the rows are worked out for, and
   * cuocc's figure beside the profiler's (cuocc-kernels-panel-launch.c);
   * the window's .ui binds it to the window's. */
  props[PROP_CALCULATION] =
    g_param_spec_object ("calculation", NULL, NULL, CUOCC_TYPE_CALCULATION,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* What the summary (cuocc-kernels-summary.c) is bound to in the .ui: the
   * kernels read (CuoccKernelItem), a count that changes each time their
   * figures are worked out, the GPU they are worked out for, and the
   * summary's bar the table is filtered to (-1: none). */
  props[PROP_KERNELS] = g_param_spec_object ("kernels", NULL, NULL, G_TYPE_LIST_MODEL, ro);
  props[PROP_FIGURES] = g_param_spec_uint ("figures", NULL, NULL, 0, G_MAXUINT, 0, ro);
  props[PROP_GPU_NAME] = g_param_spec_string ("gpu-name", NULL, NULL, NULL, ro);
  props[PROP_BAR] = g_param_spec_int ("bar", NULL, NULL, -1, CUOCC_HISTOGRAM_BINS - 1, -1, ro);
  /* What the details (cuocc-kernel-details.c) are bound to: the chosen
   * item, a count that changes as what it carries does, cuocc's occupancy
   * for the launch the profiler saw, the compute capability the load
   * marks are for, and the ptxas that assembles PTX (found, why not,
   * chosen by the user, being looked for). */
  props[PROP_CHOSEN] = g_param_spec_object ("chosen", NULL, NULL, CUOCC_TYPE_KERNEL_ITEM, ro);
  props[PROP_CHOSEN_REVISION] = g_param_spec_uint ("chosen-revision", NULL, NULL, 0, G_MAXUINT, 0, ro);
  props[PROP_COMPARISON] = g_param_spec_double ("comparison", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, -1, ro);
  props[PROP_GPU_MAJOR] = g_param_spec_int ("gpu-major", NULL, NULL, 0, G_MAXINT, 0, ro);
  props[PROP_GPU_MINOR] = g_param_spec_int ("gpu-minor", NULL, NULL, 0, G_MAXINT, 0, ro);
  props[PROP_PTXAS_VERSION] = g_param_spec_string ("ptxas-version", NULL, NULL, NULL, ro);
  props[PROP_PTXAS_ERROR] = g_param_spec_string ("ptxas-error", NULL, NULL, NULL, ro);
  props[PROP_PTXAS_CHOSEN] = g_param_spec_boolean ("ptxas-chosen", NULL, NULL, FALSE, ro);
  props[PROP_PTXAS_LOOKING] = g_param_spec_boolean ("ptxas-looking", NULL, NULL, FALSE, ro);
  /* What the table (cuocc-kernels-table.c) shows: the kernels the filters
   * let through, sorted, a screenful at first, and the chosen one selected. */
  props[PROP_ROWS] = g_param_spec_object ("rows", NULL, NULL, GTK_TYPE_SELECTION_MODEL, ro);
  /* Whether a file (or pasted text) is being read, for the list or as the
   * build compared with; whether the rows are worked out for the GPU and
   * block size last given, on the GPUs compared too (the table shows
   * their figures, or "…" until they are). */
  props[PROP_BUSY] = g_param_spec_boolean ("busy", NULL, NULL, FALSE, ro);
  props[PROP_EVALUATED] = g_param_spec_boolean ("evaluated", NULL, NULL, TRUE, ro);
  /* Whether the comparison of the GPUs asked for last is in the rows (none
   * asked for: TRUE), and the comparison they show (CuoccGpuComparison;
   * the last one while the next is worked out; NULL: none). */
  props[PROP_COMPARED] = g_param_spec_boolean ("compared", NULL, NULL, TRUE, ro);
  props[PROP_GPU_COMPARISON] =
    g_param_spec_boxed ("gpu-comparison", NULL, NULL, CUOCC_TYPE_GPU_COMPARISON, ro);
  /* Whether ptxas runs for the panel: looked for (its --version), the
   * cache read, PTX assembled for the table's GPU or the GPUs compared;
   * and the path of the ptxas found (its version is "ptxas-version"), or
   * NULL while none is. */
  props[PROP_ASSEMBLING] = g_param_spec_boolean ("assembling", NULL, NULL, FALSE, ro);
  props[PROP_PTXAS_FOUND] = g_param_spec_string ("ptxas-found", NULL, NULL, NULL, ro);
  g_object_class_install_properties (object_class, N_PROPS, props);

  /* The chosen kernel: cuocc_kernels_panel_get_chosen(). */
  signals[KERNEL_CHOSEN] =
    g_signal_new ("kernel-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* Chosen again with the key cuocc_kernels_panel_load_file was given. */
  signals[KERNEL_RESTORED] =
    g_signal_new ("kernel-restored", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* The source's name, the error, and whether it was a re-read of a
   * changed file. */
  signals[IMPORT_FAILED] =
    g_signal_new ("import-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 3,
                  G_TYPE_STRING, G_TYPE_ERROR, G_TYPE_BOOLEAN);

  /* The compute capability of a GPU that runs the chosen entry, which the
   * user asked to switch to. */
  signals[SWITCH_GPU] =
    g_signal_new ("switch-gpu", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_INT);

  /* A file or text was read and its kernels are shown: the window keeps
   * what was opened (cuocc_kernels_panel_get_file ()). */
  signals[LOADED] =
    g_signal_new ("loaded", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/cuocc/Calculator/ui/cuocc-kernels-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, box);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, source_label);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, spinner);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, search_entry);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, list_stack);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, table);
  gtk_widget_class_bind_template_callback_full (widget_class, "table_sort_cb", G_CALLBACK (_cuocc_kernels_panel_table_sort_cb));
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, loading_page);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, loading_bar);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, limiter_dropdown);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, below_spin);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, changed_toggle);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, gpus_button);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, differ_box);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, differ_check);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, differ_spin);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, count_label);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, block_label);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, count_box);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, details);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, arch_dropdown);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, gpus_box);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, gpus_label);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, gpus_bar);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, gpus_cancel);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, ptx_progress_box);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, ptx_progress_label);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, ptx_progress_bar);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, ptx_cancel_button);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, compare_label);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, gone_button);
  gtk_widget_class_bind_template_callback_full (widget_class, "gone_button_cb", G_CALLBACK (_cuocc_kernels_panel_show_gone_cb));
  gtk_widget_class_bind_template_callback (widget_class, details_entry_cb);
  gtk_widget_class_bind_template_callback (widget_class, details_switch_gpu_cb);
  gtk_widget_class_bind_template_callback_full (widget_class, "show_all_cb",
                                                G_CALLBACK (_cuocc_kernels_panel_show_all_cb));
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, no_match_page);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, show_all_button);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, summary_expander);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, summary);
  gtk_widget_class_bind_template_callback_full (widget_class, "summary_bar_cb", G_CALLBACK (_cuocc_kernels_panel_summary_bar_cb));
  gtk_widget_class_bind_template_callback_full (widget_class, "summary_limiter_cb", G_CALLBACK (_cuocc_kernels_panel_summary_limiter_cb));
  gtk_widget_class_bind_template_callback_full (widget_class, "summary_kernel_cb", G_CALLBACK (_cuocc_kernels_panel_summary_kernel_cb));
  /* ptxas was found or not, or Assemble PTX Kernels became possible or
   * not (cuocc_kernels_panel_can_assemble ()). */
  signals[PTXAS_CHANGED] =
    g_signal_new ("ptxas-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
cuocc_kernels_panel_init (CuoccKernelsPanel *self)
{
  GtkEventController *shortcuts;

  g_type_ensure (ADW_TYPE_STATUS_PAGE);
  g_type_ensure (CUOCC_TYPE_KERNELS_SUMMARY);
  g_type_ensure (CUOCC_TYPE_KERNEL_DETAILS);
  g_type_ensure (CUOCC_TYPE_KERNELS_TABLE);
  self->bin = -1;
  self->comparison = -1;
  self->evaluated = TRUE;
  self->compared = TRUE;
  cuocc_calculation_follow_init (&self->followed, G_CALLBACK (_cuocc_kernels_panel_calculation_changed_cb), self);
  gtk_widget_init_template (GTK_WIDGET (self));
  _cuocc_kernels_panel_ptxas_init (self);
  shortcuts = gtk_shortcut_controller_new ();
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_c, GDK_CONTROL_MASK),
                                                          gtk_callback_action_new (copy_name_cb, self->details, NULL)));
  gtk_widget_add_controller (GTK_WIDGET (self->table), shortcuts);

  self->sidebar_width = SIDEBAR_MIN_WIDTH;
  _cuocc_kernels_panel_init_resize (self);
  self->store = g_list_store_new (CUOCC_TYPE_KERNEL_ITEM);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_KERNELS]);
  self->filter = gtk_custom_filter_new (_cuocc_kernels_panel_filter_func, self, NULL);
  self->shown = cuocc_kernel_rows_new (GTK_FILTER (self->filter));
  cuocc_kernel_rows_set_model (self->shown, G_LIST_MODEL (self->store));
  self->growing = gtk_slice_list_model_new (G_LIST_MODEL (self->shown), 0, G_MAXUINT);
  self->selection = gtk_single_selection_new (G_LIST_MODEL (self->growing));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);

  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_ROWS]);

  g_signal_connect_swapped (self->selection, "notify::selected-item", G_CALLBACK (selection_changed_cb), self);
  g_signal_connect (self, "map", G_CALLBACK (_cuocc_kernels_panel_map_cb), NULL);
  g_signal_connect (self, "unmap", G_CALLBACK (_cuocc_kernels_panel_unmap_cb), NULL);
  _cuocc_kernels_panel_connect_filters (self);
  _cuocc_kernels_panel_init_gpus (self);

  self->loader = cuocc_kernel_loader_new ();
  self->compare_loader = cuocc_kernel_loader_new ();
  g_signal_connect (self->loader, "loaded", G_CALLBACK (loaded_cb), self);
  g_signal_connect (self->loader, "failed", G_CALLBACK (failed_cb), self);
  g_signal_connect (self->compare_loader, "loaded", G_CALLBACK (loaded_cb), self);
  g_signal_connect (self->compare_loader, "failed", G_CALLBACK (failed_cb), self);
  g_signal_connect_swapped (self->loader, "notify::busy", G_CALLBACK (loader_busy_cb), self);
  g_signal_connect_swapped (self->compare_loader, "notify::busy", G_CALLBACK (loader_busy_cb), self);

  _cuocc_kernels_panel_update_list_page (self);
}

/* ----- public API ----- */

/* Reads a log in the background; "import-failed" tells of a failure. Once
 * it is read, the kernel with @key (as cuocc_kernels_panel_get_chosen gave
 * it), if there is one, is chosen again; NULL keeps the chosen kernel if the
 * new list has it. */
void
cuocc_kernels_panel_load_file (CuoccKernelsPanel *self,
                               GFile             *file,
                               const char        *key)
{
  g_return_if_fail (CUOCC_IS_KERNELS_PANEL (self));
  g_return_if_fail (G_IS_FILE (file));

  g_free (self->pending_key);
  self->pending_key = g_strdup (key);
  start_loading (self, self->loader, file);
}

void
cuocc_kernels_panel_load_text (CuoccKernelsPanel *self,
                               const char        *text)
{
  g_return_if_fail (CUOCC_IS_KERNELS_PANEL (self));
  g_return_if_fail (text != NULL);

  set_busy (self, TRUE);
  cuocc_kernel_loader_load_text (self->loader, text, _("Pasted log"));
}

/* The watched file, or NULL when the list came from the clipboard. */
GFile *
cuocc_kernels_panel_get_file (CuoccKernelsPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), NULL);

  return cuocc_kernel_loader_get_file (self->loader);
}

/* The chosen kernel, or NULL; @key, if not NULL, is set to its entry's key
 * (which a session keeps, for cuocc_kernels_panel_load_file), or NULL. */
const CuoccKernel *
cuocc_kernels_panel_get_chosen (CuoccKernelsPanel  *self,
                                const char        **key)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), NULL);

  if (key != NULL)
    *key = self->chosen ? cuocc_kernel_item_get_key (self->chosen) : NULL;
  return self->chosen ? cuocc_kernel_item_get_kernel (self->chosen) : NULL;
}

/* Reads a second build in the background and marks what changed in the
 * list against it. */
void
cuocc_kernels_panel_compare_file (CuoccKernelsPanel *self,
                                  GFile             *file)
{
  g_return_if_fail (CUOCC_IS_KERNELS_PANEL (self));
  g_return_if_fail (G_IS_FILE (file));

  start_loading (self, self->compare_loader, file);
}

/* ----- shared with the panel's files ----- */

/* The spinner, while a file is read or GPUs are compared. */
void
_cuocc_kernels_panel_set_busy (CuoccKernelsPanel *self)
{
  set_busy (self, _cuocc_kernels_panel_loaders_busy (self) || self->gpus_cancellable != NULL || self->gpus_wait_ptxas || self->gpus_apply_id);
  _cuocc_kernels_panel_update_state (self);
}

/* The rows were worked out again, and marked with what loads on the GPU
 * if marked: the table, its filters, the summary and the details show the
 * new figures. */
void
_cuocc_kernels_panel_evaluated (CuoccKernelsPanel *self,
                                gboolean           was_marked)
{
  _cuocc_kernels_panel_figures_changed (self);
  _cuocc_kernels_panel_refresh_shown (self, was_marked);
  if (was_marked)
    marked (self);
  rows_worked_out (self);
}

/* ptxas gave the chosen kernel its figures: the details show them, and
 * the inputs take them as a click on it would. */
void
_cuocc_kernels_panel_chosen_figures_changed (CuoccKernelsPanel *self)
{
  _cuocc_kernels_panel_chosen_changed (self);
  if (self->chosen != NULL)
    g_signal_emit (self, signals[KERNEL_CHOSEN], 0);
}

/* What the details show changed: the chosen item, what it carries, the
 * GPU or ptxas. Their properties are notified together. */
void
_cuocc_kernels_panel_chosen_changed (CuoccKernelsPanel *self)
{
  self->chosen_revision++;
  g_object_freeze_notify (G_OBJECT (self));
  for (guint prop = PROP_CHOSEN; prop <= PROP_PTXAS_LOOKING; prop++)
    g_object_notify_by_pspec (G_OBJECT (self), props[prop]);
  g_object_thaw_notify (G_OBJECT (self));
}

void
_cuocc_kernels_panel_notify_comparison (CuoccKernelsPanel *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_COMPARISON]);
}
