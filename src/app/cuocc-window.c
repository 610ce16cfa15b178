/* cuocc-window.c — the main window: it ties the inputs to the model, the
 * results and the graphs, and keeps the user's state.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cuocc-compat.h"
#include "cuocc-session.h"
#include "cuocc-format.h"
#include "cuocc-reflow-box.h"
#include "cuocc-window-private.h"

/* ----- type definition ----- */

enum {
  PROP_0,
  PROP_INPUTS,
  PROP_CALCULATION,
  N_PROPS
};

G_DEFINE_FINAL_TYPE (CuoccWindow, cuocc_window, ADW_TYPE_APPLICATION_WINDOW)

static GParamSpec *props[N_PROPS];

/* ----- helpers ----- */

/* The saved state as the settings kept it before the "state" key: one key
 * an input. Read only, for the first start after an update. */
static void
read_legacy_state (GSettings    *settings,
                   CuoccSession *session)
{
  g_autoptr(GVariant) pinned = g_settings_get_value (settings, "pinned-inputs");
  g_autofree char *caching = NULL;
  CuoccInput input;

  session->gpu = g_settings_get_string (settings, "gpu");
  cuocc_input_init (&input);
  input.threads = g_settings_get_int (settings, "threads");
  input.regs = g_settings_get_int (settings, "registers");
  input.smem = g_settings_get_int64 (settings, "shared-memory");
  input.smem_config = g_settings_get_int64 (settings, "shared-memory-config");
  input.barriers = g_settings_get_int (settings, "barriers");
  input.caching = g_settings_get_enum (settings, "caching");
  input.cluster_size = g_settings_get_int (settings, "cluster-size");
  input.carveout = g_settings_get_int (settings, "carveout");
  if (input.carveout >= 0)
    input.smem_config = -1;
  /* The keys kept the static and dynamic shared memory together. */
  cuocc_input_values_from_input (&session->inputs, &input);

  session->log = g_settings_get_string (settings, "kernel-log");
  if (*session->log == '\0')
    g_clear_pointer (&session->log, g_free);
  session->kernel = g_settings_get_string (settings, "kernel");
  if (*session->kernel == '\0')
    g_clear_pointer (&session->kernel, g_free);
  session->grid = g_settings_get_int64 (settings, "grid");
  session->pinned_gpu = g_settings_get_string (settings, "pinned-gpu");
  if (*session->pinned_gpu == '\0')
    g_clear_pointer (&session->pinned_gpu, g_free);
  cuocc_input_init (&session->pinned);
  g_variant_get (pinned, "(iixxis)", &session->pinned.threads, &session->pinned.regs, &session->pinned.smem,
                 &session->pinned.smem_config, &session->pinned.barriers, &caching);
  if (!cuocc_caching_parse (caching, &session->pinned.caching, NULL))
    session->pinned.caching = CUOCC_CACHING_OFF;
  session->pinned.cluster_size = g_settings_get_int (settings, "pinned-cluster-size");
  session->pinned.carveout = g_settings_get_int (settings, "pinned-carveout");
  /* A preference replaces the configuration, as in the inputs. */
  if (session->pinned.carveout >= 0)
    session->pinned.smem_config = -1;
}

/* The saved state: a session file's text in the "state" key, read by the
 * session reader (the one serializer of sessions and state alike); where
 * the key is empty, the keys of before. A state that no longer reads (a
 * hand-edited dconf) is said, and the older keys stand in. */
static void
read_saved_state (CuoccWindow  *self,
                  CuoccSession *session)
{
  g_autofree char *data = g_settings_get_string (self->settings, "state");
  g_autoptr(GError) error = NULL;

  if (*data != '\0' && cuocc_session_load_data (session, data, strlen (data), &error))
    {
      /* The unit is a setting of its own, bound to its action: the key
       * says what it is now. */
      g_clear_pointer (&session->y_unit, g_free);
      return;
    }
  if (error != NULL)
    {
      /* Translators: a notification, e.g. "Could not restore the last state: …" */
      g_autofree char *message = g_strdup_printf (_("Could not restore the last state: %s"), error->message);

      _cuocc_window_show_toast (self, message);
    }
  read_legacy_state (self->settings, session);
}

/* Each input says again where its value came from, as the state kept it
 * (a kernel's note, a session's file, the user's); a state of before says
 * nothing. */
static void
restore_origins (CuoccWindow        *self,
                 const CuoccSession *session)
{
  if (!session->has_origins)
    return;

  cuocc_input_model_freeze (self->inputs);
  for (guint i = 0; i < CUOCC_N_INPUT_KEYS; i++)
    {
      CuoccInputOrigin origin;
      gint64 own;

      if (!cuocc_input_origin_from_string (session->origins[i], &origin))
        continue;
      cuocc_input_model_set_origin (self->inputs, i, origin, session->notes[i]);
      cuocc_input_model_set_source (self->inputs, i, session->sources[i]);
      /* A hand-edited value that is no number is none. */
      if (session->owns[i] != NULL && g_ascii_string_to_signed (session->owns[i], 10, G_MININT32, G_MAXINT32, &own, NULL))
        cuocc_input_model_set_own_value (self->inputs, i, own);
    }
  cuocc_input_model_thaw (self->inputs);
}

static void
restore_state (CuoccWindow  *self,
               CuoccSession *session)
{
  g_autoptr(GError) error = NULL;
  CuoccInputValues *inputs = &session->inputs;

  self->restoring = TRUE;
  if ((session->gpu == NULL ||
       !cuocc_input_model_apply_values (self->inputs, session->gpu, inputs, CUOCC_INPUT_ORIGIN_RESTORED, NULL, &error)) &&
      (inputs->values[CUOCC_INPUT_KEY_SMEM_CONFIG] != -1 || inputs->values[CUOCC_INPUT_KEY_CACHING] != CUOCC_CACHING_OFF))
    {
      /* A configuration the GPU no longer has (its device file changed):
       * the same GPU, with its defaults. */
      g_clear_error (&error);
      cuocc_input_values_set (inputs, CUOCC_INPUT_KEY_SMEM_CONFIG, -1);
      cuocc_input_values_set (inputs, CUOCC_INPUT_KEY_CACHING, CUOCC_CACHING_OFF);
      if (session->gpu != NULL)
        cuocc_input_model_apply_values (self->inputs, session->gpu, inputs, CUOCC_INPUT_ORIGIN_RESTORED, NULL, &error);
    }
  if (error != NULL)
    {
      /* The GPU of last time may be gone (a custom device file deleted):
       * keep the inputs, on the first GPU of the list. */
      g_autofree char *message = g_strdup_printf (_("Could not restore the last GPU: %s"), error->message);
      const char *gpu_id = cuocc_input_model_get_gpu_id (self->inputs);

      cuocc_input_values_set (inputs, CUOCC_INPUT_KEY_SMEM_CONFIG, -1);
      cuocc_input_values_set (inputs, CUOCC_INPUT_KEY_CACHING, CUOCC_CACHING_OFF);
      if (gpu_id != NULL)
        {
          g_autofree char *id = g_strdup (gpu_id);

          cuocc_input_model_apply_values (self->inputs, id, inputs, CUOCC_INPUT_ORIGIN_RESTORED, NULL, NULL);
        }
      _cuocc_window_show_toast (self, message);
    }
  restore_origins (self, session);
  self->restoring = FALSE;
}

/* Everything a session file and the saved state keep. */
static void
get_state (CuoccWindow  *self,
           CuoccSession *session)
{
  GFile *log = cuocc_kernels_panel_get_file (self->kernels_panel);
  const char *kernel;

  cuocc_kernels_panel_get_chosen (self->kernels_panel, &kernel);
  cuocc_session_clear (session);
  session->gpu = g_strdup (cuocc_input_model_get_gpu_id (self->inputs));
  cuocc_input_model_get_values (self->inputs, &session->inputs);
  session->log = log != NULL ? g_file_get_path (log) : NULL;
  session->kernel = session->log != NULL ? g_strdup (kernel) : NULL;
  session->grid = cuocc_waves_view_get_grid (cuocc_tuning_page_get_waves_view (self->tuning_page));
  session->y_unit = g_settings_get_string (self->settings, "y-unit");
  if (cuocc_calculation_get_pinned (self->calculation) != NULL)
    {
      session->pinned_gpu = g_strdup (cuocc_calculation_get_pinned_gpu_id (self->calculation));
      session->pinned = cuocc_calculation_get_pinned (self->calculation)->input;
    }
}

/* What the inputs do not hold: the log and its kernel, the grid, the unit
 * and the pinned configuration. What the session lacks stays as it is. */
static void
apply_extras (CuoccWindow        *self,
              const CuoccSession *session)
{
  g_autoptr(GError) error = NULL;

  if (session->y_unit != NULL)
    {
      g_autofree char *y_unit = g_settings_get_string (self->settings, "y-unit");

      if (!g_str_equal (y_unit, session->y_unit))
        g_settings_set_string (self->settings, "y-unit", session->y_unit);
    }
  if (session->grid > 0)
    cuocc_waves_view_set_grid (cuocc_tuning_page_get_waves_view (self->tuning_page), session->grid);
  if (session->pinned_gpu != NULL && !cuocc_calculation_set_pinned (self->calculation, session->pinned_gpu, &session->pinned, &error))
    {
      /* Translators: a notification, e.g. "Could not pin the saved configuration again: …" */
      g_autofree char *message = g_strdup_printf (_("Could not pin the saved configuration again: %s"),
                                                  error->message);

      _cuocc_window_show_toast (self, message);
    }
  if (session->log != NULL)
    {
      g_autoptr(GFile) file = g_file_new_for_path (session->log);
      GFile *current = cuocc_kernels_panel_get_file (self->kernels_panel);
      const char *kernel;

      cuocc_kernels_panel_get_chosen (self->kernels_panel, &kernel);
      if (!g_file_query_exists (file, NULL))
        {
          g_autofree char *name = g_filename_display_name (session->log);
          /* Translators: a notification, e.g. "The imported log “/tmp/build.log” is gone" */
          g_autofree char *message = g_strdup_printf (_("The imported log “%s” is gone"), name);

          _cuocc_window_show_toast (self, message);
        }
      else if (current == NULL || !g_file_equal (current, file) ||
               g_strcmp0 (session->kernel, kernel) != 0)
        _cuocc_window_import_file_choosing (self, file, session->kernel);
    }
}

static void
restore_extras (CuoccWindow  *self,
                CuoccSession *session)
{
  self->restoring = TRUE;
  apply_extras (self, session);
  self->restoring = FALSE;
}

/* The state is written to a delayed copy of the settings and applied as
 * one; the window's own settings object is never delayed, so that what it
 * writes (recent files, the window size) reaches the disk by itself. It is
 * what a session file would hold, written by the session writer. */
void
_cuocc_window_save_state (CuoccWindow *self)
{
  g_auto(CuoccSession) session = { 0 };
  g_autofree char *data = NULL;

  if (self->restoring || self->saves_held > 0)
    return;

  get_state (self, &session);
  if (session.gpu == NULL || *session.gpu == '\0')
    return;
  /* Where each value came from, so that the next start says it again. */
  session.has_origins = TRUE;
  for (guint i = 0; i < CUOCC_N_INPUT_KEYS; i++)
    {
      CuoccInputOrigin origin = cuocc_input_model_get_origin (self->inputs, i);

      session.origins[i] = g_strdup (cuocc_input_origin_to_string (origin));
      session.notes[i] = g_strdup (cuocc_input_model_get_note (self->inputs, i));
      session.sources[i] = g_strdup (cuocc_input_model_get_source (self->inputs, i));
      if (origin == CUOCC_INPUT_ORIGIN_KERNEL &&
          cuocc_input_model_get_own_value (self->inputs, i) != cuocc_input_model_get_value (self->inputs, i))
        session.owns[i] = g_strdup_printf ("%" G_GINT64_FORMAT, cuocc_input_model_get_own_value (self->inputs, i));
    }
  data = cuocc_session_to_data (&session, NULL);
  g_settings_set_string (self->state, "state", data);
  g_settings_apply (self->state);
}

/* Sessions are files on this machine; message says so when file is not. */
static char *
local_path (GFile       *file,
            const char  *message,
            GError     **error)
{
  char *path = g_file_get_path (file);

  if (path == NULL)
    g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, message);
  return path;
}

static void
set_session_file (CuoccWindow *self,
                  GFile       *file)
{
  g_autofree char *basename = NULL;
  g_autofree char *name = NULL;
  g_autofree char *title = NULL;

  g_set_object (&self->session_file, file);

  if (file == NULL)
    {
      gtk_window_set_title (GTK_WINDOW (self), _("CUDA Occupancy Calculator"));
      return;
    }

  basename = g_file_get_basename (file);
  name = cuocc_format_capped (basename, CUOCC_NAME_MAX_CHARS);
  /* Translators: the window title, e.g. "kernel.cuocc — CUDA Occupancy Calculator" */
  title = g_strdup_printf (_("%s — CUDA Occupancy Calculator"), name);
  gtk_window_set_title (GTK_WINDOW (self), title);
}

void
_cuocc_window_add_recent (CuoccWindow *self,
                          GFile       *file)
{
  g_auto(GStrv) old = g_settings_get_strv (self->settings, "recent-files");
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_autofree char *path = g_file_get_path (file);
  g_auto(GStrv) recent = NULL;
  guint n = 1;

  if (path == NULL)
    return;

  g_strv_builder_add (builder, path);
  for (guint i = 0; old[i] != NULL && n < 10; i++)
    if (g_strcmp0 (old[i], path) != 0)
      {
        g_strv_builder_add (builder, old[i]);
        n++;
      }

  recent = g_strv_builder_end (builder);
  g_settings_set_strv (self->settings, "recent-files", (const char * const *) recent);
}

/* The file the window's work now is: in the title and Open Recent. */
static void
remember_file (CuoccWindow *self,
               GFile       *file)
{
  set_session_file (self, file);
  _cuocc_window_add_recent (self, file);
}

/* ----- a clicked graph stays under the pointer ----- */

/* Where the results stand above the graphs (windows narrower than about
 * 1,300 pixels), a value picked on a graph changes the results' height:
 * the explanation gains or loses a line ("Limited by warps: … Limited by
 * registers: …" is three lines at 800 pixels, "Limited by registers: …"
 * two), a warning appears or goes. The scrolled window keeps its offset, so
 * the graph moved under the pointer by as much, about 16 pixels a line.
 * Instead, once the change is laid out, the window scrolls by what the
 * graph moved, as a browser's scroll anchoring does. */

static gboolean
graph_offset (CuoccWindow *self,
              GtkWidget   *graph,
              double      *y)
{
  graphene_point_t point;

  if (!gtk_widget_compute_point (graph, GTK_WIDGET (self->results_scroller), &GRAPHENE_POINT_INIT (0, 0), &point))
    return FALSE;

  *y = point.y;
  return TRUE;
}

static void
release_held_graph (CuoccWindow *self)
{
  /* A window destroyed before its next frame disposed of the clock, and of
   * the handler with it. */
  if (self->held_layout_id != 0 && g_signal_handler_is_connected (self->held_clock, self->held_layout_id))
    g_signal_handler_disconnect (self->held_clock, self->held_layout_id);
  self->held_layout_id = 0;
  g_clear_object (&self->held_clock);
  self->held_graph = NULL;
}

/* Runs after GTK's own layout of the frame, so the graph's place is the new
 * one; the scroll it makes is laid out again in the same frame. */
static void
held_graph_layout_cb (GdkFrameClock *clock,
                      CuoccWindow   *self)
{
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (self->results_scroller);
  double y;

  if (graph_offset (self, self->held_graph, &y) && y != self->held_y)
    gtk_adjustment_set_value (adjustment, gtk_adjustment_get_value (adjustment) + y - self->held_y);
  release_held_graph (self);
}

static void
hold_in_place (CuoccWindow *self,
               GtkWidget   *graph)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));

  release_held_graph (self);
  if (clock == NULL || !graph_offset (self, graph, &self->held_y))
    return;

  self->held_graph = graph;
  self->held_clock = g_object_ref (clock);
  self->held_layout_id = g_signal_connect_after (clock, "layout", G_CALLBACK (held_graph_layout_cb), self);
  /* The next frame lays out even where nothing changed size, so that the
   * hold ends there and never takes a later scroll of the user's back. */
  gtk_widget_queue_allocate (GTK_WIDGET (self->results_scroller));
}

/* ----- callbacks ----- */

/* The one place that decides what follows a change of the calculation
 * (its "changed": once per change of the inputs or the spills), and in
 * what order; HACKING.md's data flow says the same.
 *
 * The views declared in the window's .ui (the input panel, the results,
 * the Tuning page, the GPU Data page, the kernels panel) take the
 * calculation or the input model as a property and follow it themselves,
 * in handlers of their own; each reads only the calculation (or the
 * model), never another view, so the order in which they hear of a change
 * does not matter. This handler is connected after theirs
 * (G_CONNECT_AFTER: it runs after every view's, whenever a view took its
 * calculation), and does what depends on more than the calculation, once,
 * in this order:
 *  1. the graphs take the new series (and show where they apply);
 *  2. the actions that need a result: exports, copy, the best block size,
 *     pin and unpin (cuocc-window-actions.c, cuocc-window-tuning.c);
 *  3. the saved state, last, as the views and 1–2 left the window.
 * No other handler of the calculation's "changed" is connected in the
 * window's files. */
static void
calculation_changed_cb (CuoccWindow *self)
{
  const CuoccGpu *gpu = cuocc_calculation_get_gpu (self->calculation);
  gboolean have_result = cuocc_calculation_get_have_result (self->calculation);

  for (guint i = 0; i < CUOCC_N_ALL_GRAPHS; i++)
    {
      const CuoccSeries *series = cuocc_calculation_get_series (self->calculation, i);

      if (have_result)
        gtk_widget_set_visible (GTK_WIDGET (self->graphs[i]), cuocc_calculation_series_applies (gpu, i));
      cuocc_graph_set_series (self->graphs[i], cuocc_calculation_copy_series (series));
    }

  _cuocc_window_update_actions (self);
  _cuocc_window_update_tuning_actions (self);

  if (have_result)
    _cuocc_window_save_state (self);
}

static void
load_custom_device_cb (CuoccWindow *self)
{
  _cuocc_window_request_custom_device (self);
}

/* A value picked on a graph is the input's, and says so. */
static void
value_picked_cb (CuoccGraph  *graph,
                 gint64       value,
                 CuoccWindow *self)
{
  static const CuoccInputKey keys[CUOCC_N_ALL_GRAPHS] = {
    [CUOCC_SERIES_THREADS] = CUOCC_INPUT_KEY_THREADS,
    [CUOCC_SERIES_REGS] = CUOCC_INPUT_KEY_REGS,
    [CUOCC_SERIES_SMEM] = CUOCC_INPUT_KEY_SMEM,
    [CUOCC_SERIES_BARRIERS] = CUOCC_INPUT_KEY_BARRIERS,
    [CUOCC_SERIES_CLUSTER_SIZE] = CUOCC_INPUT_KEY_CLUSTER_SIZE,
  };
  const CuoccInput *input = cuocc_calculation_get_input (self->calculation);
  const gint64 current[CUOCC_N_ALL_GRAPHS] = {
    input->threads, input->regs, input->smem, input->barriers, input->cluster_size,
  };

  for (guint i = 0; i < CUOCC_N_ALL_GRAPHS; i++)
    if (self->graphs[i] == graph && (!cuocc_calculation_get_have_result (self->calculation) || current[i] != value))
      {
        hold_in_place (self, GTK_WIDGET (graph));
        /* The shared memory a graph shows is the total. */
        if (keys[i] == CUOCC_INPUT_KEY_SMEM)
          cuocc_input_model_set_total_smem (self->inputs, value, CUOCC_INPUT_ORIGIN_GRAPH);
        else
          cuocc_input_model_set_value (self->inputs, keys[i], value, CUOCC_INPUT_ORIGIN_GRAPH, NULL);
      }
}

static void
recent_files_changed_cb (CuoccWindow *self)
{
  _cuocc_window_update_recent (self);
}

/* GTK 4.8's menus: an item of a submenu (Open Recent) closes the menu,
 * which then goes back to its main page, and its GtkStack moves the focus
 * along, into the closed menu. No key reached the window until a click
 * (issue 29; an import grabbed the focus for the kernels panel and so hid
 * it). The focus goes back to what opened the menu, as after an item of
 * the main page. */
static void
focus_widget_changed_cb (CuoccWindow *self)
{
  GtkWidget *focus = gtk_window_get_focus (GTK_WINDOW (self));
  GtkWidget *popover;

  if (focus == NULL || gtk_widget_get_mapped (focus))
    return;
  popover = gtk_widget_get_ancestor (focus, GTK_TYPE_POPOVER);
  if (popover == NULL || gtk_widget_get_visible (popover))
    return;
  if (gtk_widget_get_parent (popover) == NULL || !gtk_widget_grab_focus (gtk_widget_get_parent (popover)))
    gtk_window_set_focus (GTK_WINDOW (self), NULL);
}

/* ----- dispose / finalize ----- */

static void
cuocc_window_dispose (GObject *object)
{
  CuoccWindow *self = CUOCC_WINDOW (object);

  release_held_graph (self);
  if (self->help_window != NULL)
    {
      g_object_remove_weak_pointer (G_OBJECT (self->help_window), (gpointer *) &self->help_window);
      gtk_window_destroy (GTK_WINDOW (self->help_window));
      self->help_window = NULL;
    }

  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  if (self->calculation != NULL)
    g_signal_handlers_disconnect_by_data (self->calculation, self);
  /* The kernels panel can outlive the window: a task of its own (the ptxas
   * lookup) holds it until that task's callback has run, and that callback
   * emits signals whose handlers here would find the window finalized. */
  if (self->kernels_panel != NULL)
    g_signal_handlers_disconnect_by_data (self->kernels_panel, self);

  G_OBJECT_CLASS (cuocc_window_parent_class)->dispose (object);
}

static void
cuocc_window_finalize (GObject *object)
{
  CuoccWindow *self = CUOCC_WINDOW (object);

  g_clear_object (&self->settings);
  g_clear_object (&self->state);
  g_clear_object (&self->session_file);
  g_clear_object (&self->opening);
  g_clear_object (&self->calculation);
  g_clear_object (&self->inputs);

  G_OBJECT_CLASS (cuocc_window_parent_class)->finalize (object);
}

/* The inputs and the calculation the window's views share: what a view
 * (or a test, as a view would) binds to. Made with the window, never
 * replaced. */
static void
cuocc_window_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  CuoccWindow *self = CUOCC_WINDOW (object);

  switch (prop_id)
    {
    case PROP_INPUTS:
      g_value_set_object (value, self->inputs);
      break;
    case PROP_CALCULATION:
      g_value_set_object (value, self->calculation);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* ----- class_init / init ----- */

static void
cuocc_window_class_init (CuoccWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cuocc_window_dispose;
  object_class->finalize = cuocc_window_finalize;
  object_class->get_property = cuocc_window_get_property;

  props[PROP_INPUTS] = g_param_spec_object ("inputs", NULL, "What the user entered", CUOCC_TYPE_INPUT_MODEL,
                                            G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  props[PROP_CALCULATION] = g_param_spec_object ("calculation", NULL, "The calculation the views show",
                                                 CUOCC_TYPE_CALCULATION,
                                                 G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, props);

  g_type_ensure (CUOCC_TYPE_INPUT_PANEL);
  g_type_ensure (CUOCC_TYPE_RESULTS_VIEW);
  g_type_ensure (CUOCC_TYPE_GRAPH);
  g_type_ensure (CUOCC_TYPE_GPU_DATA_PAGE);
  g_type_ensure (CUOCC_TYPE_KERNELS_PANEL);
  g_type_ensure (CUOCC_TYPE_REFLOW_BOX);
  g_type_ensure (CUOCC_TYPE_TUNING_PAGE);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/cuocc/Calculator/ui/cuocc-window.ui");
  gtk_widget_class_bind_template_child (widget_class, CuoccWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, CuoccWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, CuoccWindow, input_panel);
  gtk_widget_class_bind_template_child (widget_class, CuoccWindow, results_view);
  gtk_widget_class_bind_template_child (widget_class, CuoccWindow, results_scroller);
  gtk_widget_class_bind_template_child (widget_class, CuoccWindow, graph_threads);
  gtk_widget_class_bind_template_child (widget_class, CuoccWindow, graph_regs);
  gtk_widget_class_bind_template_child (widget_class, CuoccWindow, graph_smem);
  gtk_widget_class_bind_template_child (widget_class, CuoccWindow, graph_barriers);
  gtk_widget_class_bind_template_child (widget_class, CuoccWindow, graph_clusters);
  gtk_widget_class_bind_template_child (widget_class, CuoccWindow, gpu_data_page);
  gtk_widget_class_bind_template_child (widget_class, CuoccWindow, recent_section);
  gtk_widget_class_bind_template_child (widget_class, CuoccWindow, kernels_panel);
  gtk_widget_class_bind_template_child (widget_class, CuoccWindow, calculator_page);
  gtk_widget_class_bind_template_child (widget_class, CuoccWindow, calculator_content);
  gtk_widget_class_bind_template_child (widget_class, CuoccWindow, kernels_button);
  gtk_widget_class_bind_template_child (widget_class, CuoccWindow, tuning_page);

  /* Each of the window's files adds its actions (_cuocc_window_class_init_X ())
   * and connects its handlers (_cuocc_window_init_X ()). */
  _cuocc_window_class_init_actions (widget_class);
  _cuocc_window_class_init_import (widget_class);
  _cuocc_window_class_init_ptxas (widget_class);
  _cuocc_window_class_init_tuning (widget_class);
}

static void
cuocc_window_init (CuoccWindow *self)
{
  g_autoptr(GAction) y_unit = NULL;
  g_auto(CuoccSession) saved = { 0 };

  /* Restoring the state changes many things: one calculation at the end.
   * The template's views take the two from the window's properties. */
  self->inputs = cuocc_input_model_new ();
  self->calculation = cuocc_calculation_new ();
  cuocc_calculation_freeze (self->calculation);
  g_object_set (self->calculation, "inputs", self->inputs, NULL);

  gtk_widget_init_template (GTK_WIDGET (self));
#if DEVELOPMENT_BUILD
  /* libadwaita's stripes in the header bar: this is not the installed app. */
  gtk_widget_add_css_class (GTK_WIDGET (self), "devel");
#endif

  self->graphs[CUOCC_SERIES_THREADS] = self->graph_threads;
  self->graphs[CUOCC_SERIES_REGS] = self->graph_regs;
  self->graphs[CUOCC_SERIES_SMEM] = self->graph_smem;
  self->graphs[CUOCC_SERIES_BARRIERS] = self->graph_barriers;
  self->graphs[CUOCC_SERIES_CLUSTER_SIZE] = self->graph_clusters;

  self->settings = g_settings_new (SCHEMA_ID);
  self->state = g_settings_new (SCHEMA_ID);
  g_settings_delay (self->state);
  g_settings_bind (self->settings, "window-width", self, "default-width", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-height", self, "default-height", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-maximized", self, "maximized", G_SETTINGS_BIND_DEFAULT);

  y_unit = g_settings_create_action (self->settings, "y-unit");
  g_action_map_add_action (G_ACTION_MAP (self), y_unit);
  for (guint i = 0; i < CUOCC_N_ALL_GRAPHS; i++)
    {
      g_settings_bind (self->settings, "y-unit", self->graphs[i], "y-unit", G_SETTINGS_BIND_GET);
      g_signal_connect (self->graphs[i], "value-picked", G_CALLBACK (value_picked_cb), self);
    }

  g_signal_connect_swapped (self->settings, "changed::recent-files", G_CALLBACK (recent_files_changed_cb), self);
  g_signal_connect (self, "notify::focus-widget", G_CALLBACK (focus_widget_changed_cb), NULL);
  _cuocc_window_update_recent (self);

  g_signal_connect_data (self->calculation, "changed", G_CALLBACK (calculation_changed_cb), self, NULL,
                         G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  read_saved_state (self, &saved);
  restore_state (self, &saved);
  g_signal_connect_swapped (self->input_panel, "load-custom-device", G_CALLBACK (load_custom_device_cb), self);
  _cuocc_window_init_import (self);
  _cuocc_window_init_ptxas (self);
  _cuocc_window_init_tuning (self);
  restore_extras (self, &saved);

  cuocc_calculation_thaw (self->calculation);
}

/* ----- public API ----- */

CuoccWindow *
cuocc_window_new (CuoccApplication *application)
{
  return g_object_new (CUOCC_TYPE_WINDOW, "application", application, NULL);
}

/* ----- shared with the window's other files ----- */

void
_cuocc_window_show_error (CuoccWindow  *self,
                          const char   *heading,
                          const GError *error)
{
  g_autofree char *capped_heading = NULL;
  g_autofree char *body = NULL;
  GtkWidget *dialog;

  g_return_if_fail (CUOCC_IS_WINDOW (self));

  /* Headings name files, bodies may quote what was read from them. */
  capped_heading = cuocc_format_capped (heading, CUOCC_NAME_MAX_CHARS);
  body = cuocc_format_capped (error->message, CUOCC_MESSAGE_MAX_CHARS);
  dialog = cuocc_compat_alert_new (capped_heading, body);
  cuocc_compat_dialog_present (dialog, GTK_WIDGET (self));
}

void
_cuocc_window_show_toast (CuoccWindow *self,
                          const char  *message)
{
  g_autofree char *capped = NULL;

  g_return_if_fail (CUOCC_IS_WINDOW (self));

  capped = cuocc_format_capped (message, CUOCC_TOAST_MAX_CHARS);
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (capped));
}

/* Reads the whole file before anything changes: a file that cannot be read
 * or applied leaves the user's work as it was. */
gboolean
_cuocc_window_load_session (CuoccWindow  *self,
                            GFile        *file,
                            GError      **error)
{
  g_autofree char *path = local_path (file, _("Only local files can be opened."), error);
  g_auto(CuoccSession) session = { 0 };
  g_autofree char *basename = NULL;
  g_autofree char *name = NULL;
  g_autofree char *note = NULL;
  g_autofree char *display = NULL;
  g_autofree char *source = NULL;

  if (path == NULL || !cuocc_session_load_file (&session, path, error))
    return FALSE;

  /* Each input says it is the session's, naming the file. */
  basename = g_file_get_basename (file);
  name = cuocc_format_capped (basename, CUOCC_NAME_MAX_CHARS);
  /* Translators: said after an input's hint, e.g. "from the session “kernel.cuocc”" */
  note = g_strdup_printf (_("from the session “%s”"), name);
  cuocc_input_model_freeze (self->inputs);
  if (!cuocc_input_model_apply_values (self->inputs, session.gpu, &session.inputs, CUOCC_INPUT_ORIGIN_SESSION, note,
                                       error))
    {
      cuocc_input_model_thaw (self->inputs);
      return FALSE;
    }
  /* Which file: its whole path, where there is room. */
  display = g_filename_display_name (path);
  source = cuocc_format_capped (display, CUOCC_MESSAGE_MAX_CHARS);
  for (guint i = 0; i < CUOCC_N_INPUT_KEYS; i++)
    cuocc_input_model_set_source (self->inputs, i, source);
  cuocc_input_model_thaw (self->inputs);

  apply_extras (self, &session);
  remember_file (self, file);
  _cuocc_window_save_state (self);
  return TRUE;
}

gboolean
_cuocc_window_save_session (CuoccWindow  *self,
                            GFile        *file,
                            GError      **error)
{
  g_autofree char *path = local_path (file, _("Only local files can be saved."), error);
  g_auto(CuoccSession) session = { 0 };

  if (path == NULL)
    return FALSE;

  get_state (self, &session);
  if (!cuocc_session_save_file (&session, path, error))
    return FALSE;

  remember_file (self, file);
  return TRUE;
}
