/* cuocc-window-import.c — kernels imported from build logs and profiles:
 * the import and paste actions, dropped files, and a chosen kernel filling
 * the inputs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cuocc-compat.h"
#include "cuocc-format.h"
#include "cuocc-gpu-choice.h"
#include "cuocc-reflow-box.h"
#include "cuocc-window-private.h"

/* Below this width (for the sidebar at its narrowest, 280 px; wider by as
 * much as the user widened it) the kernels sidebar lies over the calculator instead of
 * beside it: the sidebar (280 px and its border) and the calculator's
 * minimum width (the inputs, 366 px, a border and the results, 410 px) no
 * longer fit side by side. libadwaita 1.2's AdwFlap finds this by itself
 * from the minimum widths; the newer AdwOverlaySplitView needs the number. */
#define KERNELS_FOLD_WIDTH 1060

/* Executables have no extension: "All files" comes first. */
static const CuoccFileFilter log_filters[] = {
  { N_("All files"), { "*", NULL } },
  { N_("CUDA binaries and Triton caches"), { "*.cubin", "*.fatbin", "*.so*", "*.o", "*.a", NULL } },
  { N_("Compiler and profiler logs"), { "*.log", "*.txt", "*.csv", "*.out", NULL } },
};

/* ----- helpers ----- */

/* Chooses the compute capability of the kernel's architecture, when the
 * user asked for it: the GPU never changes behind the user's back. */
static void
choose_gpu_for_kernel (CuoccWindow       *self,
                       const CuoccKernel *k)
{
  const CuoccGpu *gpu = cuocc_input_model_get_gpu (self->inputs);
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;

  if (k->cc_major <= 0 ||
      (gpu != NULL && gpu->cap.major == k->cc_major && gpu->cap.minor == k->cc_minor))
    return;

  id = cuocc_gpu_cc_id (k->cc_major, k->cc_minor);
  if (!cuocc_input_model_set_gpu (self->inputs, id, CUOCC_INPUT_ORIGIN_KERNEL, &error))
    {
      /* Translators: e.g. "cuocc has no data for compute capability 1.3: the GPU stays as it was" */
      g_autofree char *message = g_strdup_printf (_("%s: the GPU stays as it was"), error->message);

      _cuocc_window_show_toast (self, message);
      return;
    }
  /* Its configuration is its largest (the model's default for a new GPU). */
  cuocc_input_model_set_value (self->inputs, CUOCC_INPUT_KEY_CACHING, CUOCC_CACHING_OFF, CUOCC_INPUT_ORIGIN_KERNEL, NULL);
}

/* For the advice, on the Tuning page. */
static void
set_spills (CuoccWindow       *self,
            const CuoccKernel *k)
{
  CuoccAdviceExtra extra = {
    .spill_stores = (int) CLAMP (k->spill_stores, 0, G_MAXINT),
    .spill_loads = (int) CLAMP (k->spill_loads, 0, G_MAXINT),
  };

  cuocc_calculation_set_extra (self->calculation, &extra);
}

/* A figure of the kernel's into an input, with where it came from; a
 * figure the kernel lacks (value < 0) keeps the value the input had before
 * kernels were chosen, saying so: one kernel's figures never leak into the
 * next (a 1,024-thread __launch_bounds__ into a kernel that declares none). */
static void
set_from_kernel (CuoccWindow       *self,
                 const CuoccKernel *k,
                 CuoccInputKey      key,
                 gint64             value,
                 const char        *note)
{
  /* Which kernel: its name, as long as a label shows one. */
  g_autofree char *name = cuocc_format_capped (k->name, CUOCC_NAME_MAX_CHARS);

  if (value >= 0)
    cuocc_input_model_set_value (self->inputs, key, value, CUOCC_INPUT_ORIGIN_KERNEL, note);
  else
    cuocc_input_model_keep_own (self->inputs, key, note);
  cuocc_input_model_set_source (self->inputs, key, name);
}

/* Fills the inputs with the kernel's figures, each saying where it came
 * from: the kernel, the launch the file records, or that the kernel has
 * none and the value was kept. An entry that cannot run on the chosen GPU
 * leaves them be: the kernels panel says so and offers the switch
 * (switch_gpu). */
static void
apply_kernel (CuoccWindow       *self,
              const CuoccKernel *k,
              gboolean           switch_gpu)
{
  const CuoccGpu *gpu = cuocc_input_model_get_gpu (self->inputs);

  if (!switch_gpu && gpu != NULL && k->arch != NULL && !cuocc_kernel_runs_on (k, gpu->cap.major, gpu->cap.minor))
    return;

  /* The spills, the GPU and the inputs: one change. */
  cuocc_calculation_freeze (self->calculation);
  cuocc_input_model_freeze (self->inputs);
  set_spills (self, k);

  if (switch_gpu)
    choose_gpu_for_kernel (self, k);
  /* The launch the input records, else the block size the kernel declares
   * (launch bounds, a required block size), else the one there was before
   * kernels were chosen. */
  if (k->block_size > 0)
    set_from_kernel (self, k, CUOCC_INPUT_KEY_THREADS, k->block_size, _("the launch the file records"));
  else if (k->max_threads > 0)
    set_from_kernel (self, k, CUOCC_INPUT_KEY_THREADS, k->max_threads,
                     _("declared by the kernel (__launch_bounds__ or a required block size)"));
  else
    set_from_kernel (self, k, CUOCC_INPUT_KEY_THREADS, -1, _("kept: the kernel declares none"));
  set_from_kernel (self, k, CUOCC_INPUT_KEY_REGS, k->regs,
                   k->regs >= 0 ? _("the kernel's") : _("kept: the file records none"));
  set_from_kernel (self, k, CUOCC_INPUT_KEY_SMEM, k->smem,
                   k->smem >= 0 ? _("the kernel's") : _("kept: the file records none"));
  /* The launch's dynamic shared memory where the input records it (a
   * profile, a Triton cache); else none: never the last kernel's. */
  set_from_kernel (self, k, CUOCC_INPUT_KEY_DYNAMIC_SMEM, MAX (k->dynamic_smem, 0),
                   k->dynamic_smem >= 0 ? _("the launch the file records") : _("none: the file records no launch"));
  set_from_kernel (self, k, CUOCC_INPUT_KEY_BARRIERS, MAX (k->barriers, 0), _("the kernel's"));
  /* The cluster size __cluster_dims__ (or Triton) declares; else none. */
  set_from_kernel (self, k, CUOCC_INPUT_KEY_CLUSTER_SIZE,
                   k->cluster_dims[0] > 0 ? MAX (k->cluster_dims[0], 1) * MAX (k->cluster_dims[1], 1) *
                                            MAX (k->cluster_dims[2], 1)
                                          : 0,
                   k->cluster_dims[0] > 0 ? _("declared by the kernel (__cluster_dims__)")
                                          : _("none: the kernel declares no cluster"));

  cuocc_input_model_thaw (self->inputs);
  cuocc_calculation_thaw (self->calculation);
}

/* A file opened: its kernels shown, even where the sidebar lies over the
 * calculator, and even when the window folds the sidebar away after the
 * file was opened (`cuocc-gtk FILE` opens it before the window's first
 * frame, in which an 800 px window folds). */
static void
reveal_kernels (CuoccWindow *self)
{
  self->reveal_kernels = TRUE;
  cuocc_compat_sidebar_view_set_shown (self->kernels_view, TRUE);
}

static void
import_text (CuoccWindow *self,
             const char  *text)
{
  g_assert (CUOCC_IS_WINDOW (self));
  g_assert (text != NULL);

  g_clear_object (&self->opening);
  reveal_kernels (self);
  cuocc_kernels_panel_load_text (self->kernels_panel, text);
}

/* ----- callbacks ----- */

/* A chosen kernel is one change of the state: its figures in the inputs
 * (whose calculation's change saves, cuocc-window.c) and which kernel is
 * chosen (which only the window's save here writes), saved once, at the
 * end, whether or not the figures changed the calculation. */
static void
choose_kernel (CuoccWindow       *self,
               const CuoccKernel *k,
               gboolean           switch_gpu)
{
  self->saves_held++;
  apply_kernel (self, k, switch_gpu);
  self->saves_held--;
  _cuocc_window_save_state (self);
}

static void
kernel_chosen_cb (CuoccWindow *self)
{
  const CuoccKernel *k = cuocc_kernels_panel_get_chosen (self->kernels_panel, NULL);

  g_assert (k != NULL);
  choose_kernel (self, k, FALSE);
}

static void
switch_gpu_cb (CuoccWindow *self,
               int          major,
               int          minor)
{
  const CuoccKernel *k = cuocc_kernels_panel_get_chosen (self->kernels_panel, NULL);

  if (k == NULL || k->cc_major != major || k->cc_minor != minor)
    return;
  choose_kernel (self, k, TRUE);
}

/* The inputs were restored as they were, perhaps changed after the kernel
 * was chosen: only what the log adds is taken from it. */
static void
kernel_restored_cb (CuoccWindow *self)
{
  const CuoccKernel *k = cuocc_kernels_panel_get_chosen (self->kernels_panel, NULL);

  g_assert (k != NULL);
  set_spills (self, k);
}

static void
import_failed_cb (CuoccWindow  *self,
                  const char   *source,
                  const GError *error,
                  gboolean      reread)
{
  g_autofree char *heading = NULL;

  if (reread)
    {
      /* A log half written by a running build: a note, not a dialog. */
      /* Translators: a notification, e.g. "“build.log” changed and could not be read again: …" */
      g_autofree char *message = g_strdup_printf (_("“%s” changed and could not be read again: %s"),
                                                  source, error->message);

      _cuocc_window_show_toast (self, message);
      return;
    }

  /* What the user opened (rather than a session's log read again) is
   * named as they asked for it. */
  if (self->opening != NULL && !self->opening_is_import)
    /* Translators: a dialog heading, e.g. "Could not open “build.log”" */
    heading = g_strdup_printf (_("Could not open “%s”"), source);
  else
    /* Translators: a dialog heading, e.g. "Could not import “build.log”" */
    heading = g_strdup_printf (_("Could not import “%s”"), source);
  g_clear_object (&self->opening);
  _cuocc_window_show_error (self, heading, error);
}

/* What the user opened is in Open Recent once it was read, and is what the
 * next start reads again. */
/* A file opened and none of its kernels chosen: the inputs a kernel of the
 * file before filled said "the kernel's" as if of a kernel of this one
 * (issue 29). They keep their values and the kernel's name (the entry's
 * tooltip), and say whose they are. */
static void
forget_chosen_kernel (CuoccWindow *self)
{
  if (cuocc_kernels_panel_get_chosen (self->kernels_panel, NULL) != NULL)
    return;
  cuocc_input_model_freeze (self->inputs);
  for (guint i = 0; i < CUOCC_N_INPUT_KEYS; i++)
    if (cuocc_input_model_get_origin (self->inputs, i) == CUOCC_INPUT_ORIGIN_KERNEL)
      {
        g_autofree char *source = g_strdup (cuocc_input_model_get_source (self->inputs, i));

        /* Translators: said after an input's hint: its value is a kernel's, of the file opened before this one */
        cuocc_input_model_set_origin (self->inputs, i, CUOCC_INPUT_ORIGIN_KERNEL, _("from a kernel of the previous file"));
        cuocc_input_model_set_source (self->inputs, i, source);
      }
  cuocc_input_model_thaw (self->inputs);
}

static void
kernels_loaded_cb (CuoccWindow *self)
{
  GFile *file = cuocc_kernels_panel_get_file (self->kernels_panel);

  forget_chosen_kernel (self);

  if (self->opening != NULL && file != NULL && g_file_equal (self->opening, file))
    _cuocc_window_add_recent (self, file);
  g_clear_object (&self->opening);
  _cuocc_window_save_state (self);
}

static gboolean
drop_cb (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         CuoccWindow   *self)
{
  GFile *file = NULL;

  if (G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    {
      GSList *files = gdk_file_list_get_files (g_value_get_boxed (value));

      file = files ? files->data : NULL;
      g_slist_free (files);
    }
  else if (G_VALUE_HOLDS (value, G_TYPE_FILE))
    file = g_value_get_object (value);

  if (file == NULL)
    return FALSE;

  cuocc_window_open_file (self, file);
  return TRUE;
}

static void
clipboard_text_cb (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(CuoccWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (object), result, &error);

  if (text == NULL)
    {
      if (error == NULL)
        g_set_error_literal (&error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _("The clipboard holds no text."));
      /* Translators: a dialog heading */
      _cuocc_window_show_error (self, _("Could not paste a log"), error);
      return;
    }

  import_text (self, text);
}

/* Runs after the view's own handler, which hides the sidebar on folding. */
static void
kernels_folded_cb (CuoccWindow *self)
{
  if (self->reveal_kernels && cuocc_compat_sidebar_view_get_folded (self->kernels_view))
    cuocc_compat_sidebar_view_set_shown (self->kernels_view, TRUE);
}

/* A frame drawn after the opening: folds from now on are the user's
 * resizing, and hide the sidebar as before. */
static void
after_paint_cb (CuoccWindow *self)
{
  self->reveal_kernels = FALSE;
}

static void
realize_cb (CuoccWindow *self)
{
  g_signal_connect_object (gtk_widget_get_frame_clock (GTK_WIDGET (self)), "after-paint",
                           G_CALLBACK (after_paint_cb), self, G_CONNECT_SWAPPED);
}

static void
compare_chosen_cb (GObject  *owner,
                   GFile    *file,
                   gpointer  user_data)
{
  CuoccWindow *self = CUOCC_WINDOW (owner);

  cuocc_compat_sidebar_view_set_shown (self->kernels_view, TRUE);
  cuocc_kernels_panel_compare_file (self->kernels_panel, file);
}

/* Compare opens what Import does. */
static void
open_kernels_dialog (GtkWidget           *widget,
                     const char          *title,
                     CuoccFileDialogFunc  callback)
{
  const CuoccFileDialogSpec spec = {
    CUOCC_FILE_DIALOG_OPEN, title, NULL, log_filters, G_N_ELEMENTS (log_filters)
  };

  cuocc_compat_file_dialog_run (GTK_WINDOW (widget), &spec, callback, NULL, NULL);
}

static void
compare_build_action_cb (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  open_kernels_dialog (widget, _("Compare With an Older Build"), compare_chosen_cb);
}

/* Ctrl+F: the table's search, the sidebar shown. */
static void
find_kernel_action_cb (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  CuoccWindow *self = CUOCC_WINDOW (widget);

  cuocc_compat_sidebar_view_set_shown (self->kernels_view, TRUE);
  cuocc_kernels_panel_focus_search (self->kernels_panel);
}

static void
paste_log_action_cb (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (widget), NULL,
                                 clipboard_text_cb, g_object_ref (widget));
}

/* ----- shared with the window's other files ----- */

void
_cuocc_window_class_init_import (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.paste-log", NULL, paste_log_action_cb);
  gtk_widget_class_install_action (widget_class, "win.compare-build", NULL, compare_build_action_cb);
  gtk_widget_class_install_action (widget_class, "win.find-kernel", NULL, find_kernel_action_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, GDK_CONTROL_MASK, "win.find-kernel", NULL);
}

void
_cuocc_window_init_import (CuoccWindow *self)
{
  GtkDropTarget *drop = gtk_drop_target_new (G_TYPE_INVALID, GDK_ACTION_COPY);
  GType types[] = { GDK_TYPE_FILE_LIST, G_TYPE_FILE };

  gtk_drop_target_set_gtypes (drop, types, G_N_ELEMENTS (types));
  g_signal_connect (drop, "drop", G_CALLBACK (drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));

  /* The sidebar's width as the user left it; the calculator keeps what it
   * needs beside it. */
  g_settings_bind (self->settings, "kernels-width", self->kernels_panel, "sidebar-width", G_SETTINGS_BIND_DEFAULT);
  /* The GPUs the user chose to compare, as chosen: the panel never writes
   * the calculator's GPU into them, nor leaves out one it cannot find. */
  g_settings_bind (self->settings, "compare-gpus", self->kernels_panel, "compare-gpus", G_SETTINGS_BIND_DEFAULT);
  self->kernels_view = cuocc_compat_sidebar_view_new (ADW_APPLICATION_WINDOW (self),
                                                      GTK_WIDGET (self->kernels_panel),
                                                      self->calculator_content,
                                                      KERNELS_FOLD_WIDTH - 280 +
                                                      cuocc_kernels_panel_get_sidebar_width (self->kernels_panel));
  adw_bin_set_child (self->calculator_page, self->kernels_view);
  g_object_bind_property (self->kernels_view, cuocc_compat_sidebar_view_shown_property (),
                          self->kernels_button, "active", G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL);
  {
    g_autofree char *folded = g_strconcat ("notify::", cuocc_compat_sidebar_view_folded_property (), NULL);

    g_signal_connect_swapped (self->kernels_view, folded, G_CALLBACK (kernels_folded_cb), self);
  }
  g_signal_connect (self, "realize", G_CALLBACK (realize_cb), NULL);

  g_signal_connect_swapped (self->kernels_panel, "kernel-chosen", G_CALLBACK (kernel_chosen_cb), self);
  g_signal_connect_swapped (self->kernels_panel, "kernel-restored", G_CALLBACK (kernel_restored_cb), self);
  g_signal_connect_swapped (self->kernels_panel, "import-failed", G_CALLBACK (import_failed_cb), self);
  g_signal_connect_swapped (self->kernels_panel, "switch-gpu", G_CALLBACK (switch_gpu_cb), self);
  g_signal_connect_swapped (self->kernels_panel, "loaded", G_CALLBACK (kernels_loaded_cb), self);
}

/* ----- public API ----- */

void
_cuocc_window_import_file (CuoccWindow *self,
                           GFile       *file)
{
  g_return_if_fail (CUOCC_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  g_set_object (&self->opening, file);
  self->opening_is_import = TRUE;
  reveal_kernels (self);
  cuocc_kernels_panel_load_file (self->kernels_panel, file, NULL);
}

/* A restored log, and the kernel that was chosen in it. */
void
_cuocc_window_import_file_choosing (CuoccWindow *self,
                                    GFile       *file,
                                    const char  *kernel_key)
{
  g_return_if_fail (CUOCC_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  cuocc_compat_sidebar_view_set_shown (self->kernels_view, TRUE);
  cuocc_kernels_panel_load_file (self->kernels_panel, file, kernel_key);
}
