/* app-test.c — what the widget tests share.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
/* RTLD_NEXT */
#define _GNU_SOURCE
#include "config.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "app-test.h"
#include "cuocc-compat.h"
#include "cuocc-gpu-choice.h"
#include "cuocc-kernels-summary.h"
#include "cuocc-session.h"

#if HAVE_XTEST
#include <gdk/x11/gdkx.h>
#include <X11/XKBlib.h>
#include <X11/extensions/XTest.h>
#endif

static gboolean have_display;
static char *last_message;

/* ----- the messages the app shows ----- */

/* The tests see what the user sees: every toast and error dialog the app
 * makes passes through libadwaita's functions below, which the test
 * programs define over the library's own (the executable's definition
 * wins) and hand on to it. The app keeps no copy for the tests. */

static void
remember (char *message)
{
  g_free (last_message);
  last_message = message;
}

void
adw_toast_overlay_add_toast (AdwToastOverlay *self,
                             AdwToast        *toast)
{
  static void (*real) (AdwToastOverlay *, AdwToast *);

  if (real == NULL)
    real = (void (*) (AdwToastOverlay *, AdwToast *)) dlsym (RTLD_NEXT, "adw_toast_overlay_add_toast");
  g_assert (real != NULL);
  remember (g_strdup (adw_toast_get_title (toast)));
  real (self, toast);
}

GtkWidget *
adw_message_dialog_new (GtkWindow  *parent,
                        const char *heading,
                        const char *body)
{
  static GtkWidget *(*real) (GtkWindow *, const char *, const char *);

  if (real == NULL)
    real = (GtkWidget * (*) (GtkWindow *, const char *, const char *) )
        dlsym (RTLD_NEXT, "adw_message_dialog_new");
  g_assert (real != NULL);
  remember (g_strdup_printf ("%s: %s", heading, body));
  return real (parent, heading, body);
}

const char *
app_test_last_message (void)
{
  return last_message;
}

void
app_test_forget_message (void)
{
  g_clear_pointer (&last_message, g_free);
}

/* ----- display and windows ----- */

/* ----- GTK 4.8's file chooser ----- */

/* GTK 4.8's file chooser, which GtkFileChooserNative shows where there is
 * no portal (as in these tests), can draw its path bar before the folder it
 * shows has been read: GtkPathBar's size_allocate () returns at once while
 * it holds no folder buttons, so its two slider GtkButtons stay mapped but
 * never allocated, and the next frame warns "Trying to snapshot GtkButton
 * … without a current allocation". It takes a frame painted before the
 * chooser's asynchronous folder query answers, so only loaded cores see it:
 * test-open's every-way failed on it at load 11 to 14, and failed 4 times
 * in about 90 runs at load 13 here, each time under GtkButton < GtkPathBar
 * < … < GtkFileChooserDialog (found with a paint hook and the widget the
 * warning names). GTK 4.10 rewrote the path bar. The warning is about
 * GTK's own widget in GTK's own dialog, nothing of the app's: it is still
 * printed, and fails no test. The same warning about any other widget
 * fails the test, as every warning does. */
gboolean
app_test_is_gtk_path_bar_warning (const char *message)
{
  static const char prefix[] = "Trying to snapshot GtkButton ";
  GtkWidget *widget;

  if (gtk_get_major_version () != 4 || gtk_get_minor_version () >= 10)
    return FALSE;
  if (message == NULL || !g_str_has_prefix (message, prefix) ||
      !g_str_has_suffix (message, " without a current allocation"))
    return FALSE;
  /* The widget is alive: GTK warns from inside its snapshot. */
  widget = (GtkWidget *) (gsize) g_ascii_strtoull (message + strlen (prefix), NULL, 16);
  if (widget == NULL || !GTK_IS_BUTTON (widget))
    return FALSE;
  for (GtkWidget *parent = gtk_widget_get_parent (widget); parent != NULL;
       parent = gtk_widget_get_parent (parent))
    if (g_str_equal (G_OBJECT_TYPE_NAME (parent), "GtkPathBar"))
      return TRUE;
  return FALSE;
}

static GLogWriterOutput
log_writer (GLogLevelFlags   level,
            const GLogField *fields,
            gsize            n_fields,
            gpointer         user_data)
{
  if (level & G_LOG_LEVEL_WARNING)
    for (gsize i = 0; i < n_fields; i++)
      if (g_str_equal (fields[i].key, "MESSAGE") && fields[i].length < 0 &&
          app_test_is_gtk_path_bar_warning (fields[i].value))
        {
          g_printerr ("(GTK 4.8's file chooser path bar, not fatal) %s\n", (const char *) fields[i].value);
          return G_LOG_WRITER_HANDLED;
        }
  return g_log_writer_default (level, fields, n_fields, user_data);
}

void
app_test_init (void)
{
  g_autoptr(GtkCssProvider) provider = NULL;

  g_log_set_writer_func (log_writer, NULL, NULL);
  have_display = gtk_init_check ();
  if (!have_display)
    return;

  adw_init ();
  provider = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (provider, "/io/github/cuocc/Calculator/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  gtk_icon_theme_add_resource_path (gtk_icon_theme_get_for_display (gdk_display_get_default ()),
                                    "/io/github/cuocc/Calculator/icons");
}

gboolean
app_test_have_display (void)
{
  return have_display;
}

void
app_test_reset_settings (void)
{
  g_autoptr(GSettings) settings = g_settings_new (SCHEMA_ID);
  g_autoptr(GSettingsSchema) schema = NULL;
  g_auto(GStrv) keys = NULL;

  g_object_get (settings, "settings-schema", &schema, NULL);
  keys = g_settings_schema_list_keys (schema);
  for (guint i = 0; keys[i] != NULL; i++)
    g_settings_reset (settings, keys[i]);
}

static void
frame_done_cb (GdkFrameClock *clock,
               gboolean      *done)
{
  *done = TRUE;
}

GtkWidget *
app_test_find_descendant (GtkWidget *widget,
                          GType      type,
                          gboolean   mapped)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (mapped && !gtk_widget_get_mapped (child))
        continue;
      if (G_TYPE_CHECK_INSTANCE_TYPE (child, type))
        return child;
      if ((found = app_test_find_descendant (child, type, mapped)) != NULL)
        return found;
    }
  return NULL;
}

static GtkWidget *
find_by_id (GtkWidget  *widget,
            const char *id)
{
  if (g_strcmp0 (gtk_buildable_get_buildable_id (GTK_BUILDABLE (widget)), id) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_by_id (child, id);

      if (found != NULL)
        return found;
    }
  return NULL;
}

GtkWidget *
app_test_find_by_id (GtkWidget  *widget,
                     GType       type,
                     const char *id)
{
  GtkWidget *found = find_by_id (widget, id);

  if (found == NULL)
    g_error ("no widget “%s” below %s", id, G_OBJECT_TYPE_NAME (widget));
  g_assert_true (G_TYPE_CHECK_INSTANCE_TYPE (found, type));
  return found;
}

const char *
app_test_details_text (CuoccKernelsPanel *panel,
                       const char        *id)
{
  GtkWidget *details = app_test_find_descendant (GTK_WIDGET (panel), CUOCC_TYPE_KERNEL_DETAILS, FALSE);
  GtkWidget *label = app_test_details_widget (panel, id);

  for (GtkWidget *w = label; w != gtk_widget_get_parent (details); w = gtk_widget_get_parent (w))
    if (!gtk_widget_get_visible (w))
      return NULL;
  return gtk_label_get_label (GTK_LABEL (label));
}

GtkWidget *
app_test_details_widget (CuoccKernelsPanel *panel,
                         const char        *id)
{
  GtkWidget *details = app_test_find_descendant (GTK_WIDGET (panel), CUOCC_TYPE_KERNEL_DETAILS, FALSE);

  g_assert_nonnull (details);
  return app_test_find_by_id (details, GTK_TYPE_WIDGET, id);
}

GtkWidget *
app_test_panel_part (CuoccKernelsPanel *panel,
                     GType              type,
                     const char        *id)
{
  GObject *part = gtk_widget_get_template_child (GTK_WIDGET (panel), CUOCC_TYPE_KERNELS_PANEL, id);

  if (part == NULL)
    g_error ("the kernels panel has no “%s”", id);
  g_assert_true (G_TYPE_CHECK_INSTANCE_TYPE (part, type));
  return GTK_WIDGET (part);
}

GtkEditable *
app_test_kernels_search (CuoccKernelsPanel *panel)
{
  return GTK_EDITABLE (app_test_panel_part (panel, GTK_TYPE_SEARCH_ENTRY, "search_entry"));
}

GtkDropDown *
app_test_arch_dropdown (CuoccKernelsPanel *panel)
{
  return GTK_DROP_DOWN (app_test_panel_part (panel, GTK_TYPE_DROP_DOWN, "arch_dropdown"));
}

GtkDropDown *
app_test_limiter_dropdown (CuoccKernelsPanel *panel)
{
  return GTK_DROP_DOWN (app_test_panel_part (panel, GTK_TYPE_DROP_DOWN, "limiter_dropdown"));
}

GtkSpinButton *
app_test_below_spin (CuoccKernelsPanel *panel)
{
  return GTK_SPIN_BUTTON (app_test_panel_part (panel, GTK_TYPE_SPIN_BUTTON, "below_spin"));
}

GtkToggleButton *
app_test_changed_toggle (CuoccKernelsPanel *panel)
{
  return GTK_TOGGLE_BUTTON (app_test_panel_part (panel, GTK_TYPE_TOGGLE_BUTTON, "changed_toggle"));
}

const char *
app_test_panel_text (CuoccKernelsPanel *panel,
                     const char        *id)
{
  GtkWidget *label = app_test_panel_part (panel, GTK_TYPE_LABEL, id);

  return gtk_widget_get_visible (label) ? gtk_label_get_label (GTK_LABEL (label)) : NULL;
}

const char *
app_test_no_match_text (CuoccKernelsPanel *panel)
{
  return adw_status_page_get_description (
      ADW_STATUS_PAGE (app_test_panel_part (panel, ADW_TYPE_STATUS_PAGE, "no_match_page")));
}

GtkWidget *
app_test_summary_expander (CuoccKernelsPanel *panel)
{
  return app_test_panel_part (panel, GTK_TYPE_EXPANDER, "summary_expander");
}

GtkWidget *
app_test_summary_part (CuoccKernelsPanel *panel,
                       GType              type,
                       const char        *id)
{
  GtkWidget *summary = app_test_panel_part (panel, CUOCC_TYPE_KERNELS_SUMMARY, "summary");
  GObject *part = gtk_widget_get_template_child (summary, CUOCC_TYPE_KERNELS_SUMMARY, id);

  if (part == NULL)
    g_error ("the kernels summary has no “%s”", id);
  g_assert_true (G_TYPE_CHECK_INSTANCE_TYPE (part, type));
  return GTK_WIDGET (part);
}

CuoccHistogramView *
app_test_histogram_view (CuoccKernelsPanel *panel)
{
  return CUOCC_HISTOGRAM_VIEW (app_test_summary_part (panel, CUOCC_TYPE_HISTOGRAM_VIEW, "histogram_view"));
}

const CuoccHistogram *
app_test_histogram (CuoccKernelsPanel *panel)
{
  return cuocc_histogram_view_get_histogram (app_test_histogram_view (panel));
}

/* Each kernel that loses most is a button of losers_box, its label the
 * sentence the user reads. */
const char *
app_test_loser_text (CuoccKernelsPanel *panel,
                     guint              n)
{
  GtkWidget *child = gtk_widget_get_first_child (app_test_summary_part (panel, GTK_TYPE_BOX, "losers_box"));

  for (; child != NULL && n > 0; child = gtk_widget_get_next_sibling (child))
    n--;
  return child != NULL ? gtk_button_get_label (GTK_BUTTON (child)) : NULL;
}

int
app_test_kernels_bar (CuoccKernelsPanel *panel)
{
  int bar;

  g_object_get (panel, "bar", &bar, NULL);
  return bar;
}

void
app_test_sort_by (CuoccKernelsPanel *panel,
                  const char        *column_id,
                  GtkSortType        order)
{
  GtkColumnViewColumn *column = cuocc_kernels_table_get_column (app_test_kernels_table (panel), column_id);

  if (column == NULL)
    g_error ("the kernels table has no column “%s”", column_id);
  gtk_column_view_sort_by_column (app_test_column_view (panel), column, order);
}

gboolean
app_test_kernels_busy (CuoccKernelsPanel *panel)
{
  gboolean busy;

  g_object_get (panel, "busy", &busy, NULL);
  return busy;
}

gboolean
app_test_kernels_evaluated (CuoccKernelsPanel *panel)
{
  gboolean evaluated;

  g_object_get (panel, "evaluated", &evaluated, NULL);
  return evaluated;
}

guint
app_test_n_kernels (CuoccKernelsPanel *panel)
{
  g_autoptr(GListModel) kernels = NULL;

  g_object_get (panel, "kernels", &kernels, NULL);
  return g_list_model_get_n_items (kernels);
}

gboolean
app_test_kernels_compared (CuoccKernelsPanel *panel)
{
  gboolean compared;

  g_object_get (panel, "compared", &compared, NULL);
  return compared;
}

CuoccGpuComparison *
app_test_gpu_comparison (CuoccKernelsPanel *panel)
{
  CuoccGpuComparison *gpus;

  g_object_get (panel, "gpu-comparison", &gpus, NULL);
  return gpus;
}

gboolean
app_test_kernels_assembling (CuoccKernelsPanel *panel)
{
  gboolean assembling;

  g_object_get (panel, "assembling", &assembling, NULL);
  return assembling;
}

char *
app_test_ptxas_found (CuoccKernelsPanel  *panel,
                      char              **version,
                      char              **error)
{
  char *path;

  g_object_get (panel, "ptxas-found", &path, NULL);
  if (version != NULL)
    g_object_get (panel, "ptxas-version", version, NULL);
  if (error != NULL)
    g_object_get (panel, "ptxas-error", error, NULL);
  return path;
}

const char *
app_test_kernels_page (CuoccKernelsPanel *panel)
{
  return gtk_stack_get_visible_child_name (GTK_STACK (app_test_panel_part (panel, GTK_TYPE_STACK, "list_stack")));
}

CuoccKernelsTable *
app_test_kernels_table (CuoccKernelsPanel *panel)
{
  return CUOCC_KERNELS_TABLE (app_test_find_by_id (GTK_WIDGET (panel), CUOCC_TYPE_KERNELS_TABLE, "table"));
}

GtkColumnView *
app_test_column_view (CuoccKernelsPanel *panel)
{
  return GTK_COLUMN_VIEW (app_test_find_by_id (GTK_WIDGET (app_test_kernels_table (panel)), GTK_TYPE_COLUMN_VIEW,
                                               "column_view"));
}

char *
app_test_details_name (CuoccKernelsPanel *panel)
{
  GtkWidget *view = app_test_details_widget (panel, "name_view");
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (view));
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_iter_get_text (&start, &end);
}

gboolean
app_test_details_spinning (CuoccKernelsPanel *panel)
{
  GtkWidget *spinner = app_test_details_widget (panel, "ptx_spinner");

  return app_test_details_text (panel, "ptx_label") != NULL && gtk_widget_get_visible (spinner) &&
         gtk_spinner_get_spinning (GTK_SPINNER (spinner));
}

GtkWidget *
app_test_window_part (CuoccWindow *window,
                      GType        type,
                      const char  *id)
{
  g_autofree char *key = g_strconcat ("app-test-part-", id, NULL);
  GtkWidget *part = g_object_get_data (G_OBJECT (window), key);

  if (part == NULL)
    {
      /* The window's own template child first: the template of a widget
       * inside it may use the same id (the kernels panel has a "stack"
       * too). */
      part = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (window), CUOCC_TYPE_WINDOW, id));
      if (part == NULL)
        part = app_test_find_by_id (GTK_WIDGET (window), type, id);
      g_object_set_data (G_OBJECT (window), key, part);
    }
  g_assert_true (G_TYPE_CHECK_INSTANCE_TYPE (part, type));
  return part;
}

CuoccKernelsPanel *
app_test_kernels_panel (CuoccWindow *window)
{
  return CUOCC_KERNELS_PANEL (app_test_window_part (window, CUOCC_TYPE_KERNELS_PANEL, "kernels_panel"));
}

CuoccInputPanel *
app_test_input_panel (CuoccWindow *window)
{
  return CUOCC_INPUT_PANEL (app_test_window_part (window, CUOCC_TYPE_INPUT_PANEL, "input_panel"));
}

gboolean
app_test_press_on (GtkWidget *widget,
                   guint      keyval)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);
  gboolean handled = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_KEY (controller))
        {
          g_signal_emit_by_name (controller, "key-pressed", keyval, 0, (GdkModifierType) 0, &handled);
          return handled;
        }
    }
  g_error ("%s has no key controller", G_OBJECT_TYPE_NAME (widget));
}

/* The start of the ids ui/cuocc-input-panel.ui gives an input's entry
 * ("threads_entry") and hint ("threads_hint"); NULL for the inputs chosen
 * from a list. */
static const char *
input_field_id (CuoccInputKey key)
{
  switch (key)
    {
    case CUOCC_INPUT_KEY_THREADS:
      return "threads";
    case CUOCC_INPUT_KEY_REGS:
      return "regs";
    case CUOCC_INPUT_KEY_SMEM:
      return "smem";
    case CUOCC_INPUT_KEY_DYNAMIC_SMEM:
      return "dynamic_smem";
    case CUOCC_INPUT_KEY_BARRIERS:
      return "barriers";
    case CUOCC_INPUT_KEY_CARVEOUT:
      return "carveout";
    case CUOCC_INPUT_KEY_CLUSTER_SIZE:
      return "cluster_size";
    case CUOCC_INPUT_KEY_SMS:
      return "sms";
    case CUOCC_INPUT_KEY_SMEM_CONFIG:
    case CUOCC_INPUT_KEY_CACHING:
    default:
      return NULL;
    }
}

static GtkWidget *
input_field_part (CuoccInputPanel *panel,
                  CuoccInputKey    key,
                  const char      *suffix)
{
  g_autofree char *id = NULL;
  GObject *part;

  if (input_field_id (key) == NULL)
    g_error ("input %u is chosen from a list, not typed", key);
  id = g_strconcat (input_field_id (key), suffix, NULL);
  part = gtk_widget_get_template_child (GTK_WIDGET (panel), CUOCC_TYPE_INPUT_PANEL, id);
  if (part == NULL)
    g_error ("no “%s” in the input panel", id);
  return GTK_WIDGET (part);
}

GtkEditable *
app_test_input_entry (CuoccInputPanel *panel,
                      CuoccInputKey    key)
{
  return GTK_EDITABLE (input_field_part (panel, key, "_entry"));
}

const char *
app_test_input_hint (CuoccInputPanel *panel,
                     CuoccInputKey    key)
{
  return gtk_label_get_label (GTK_LABEL (input_field_part (panel, key, "_hint")));
}

gboolean
app_test_input_marked (CuoccInputPanel *panel,
                       CuoccInputKey    key)
{
  return gtk_widget_has_css_class (input_field_part (panel, key, "_entry"), "error");
}

void
app_test_show_kernels (CuoccWindow *window,
                       gboolean     shown)
{
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (app_test_window_part (window, GTK_TYPE_TOGGLE_BUTTON,
                                                                         "kernels_button")),
                                shown);
}

gboolean
app_test_kernels_shown (CuoccWindow *window)
{
  return gtk_toggle_button_get_active (
      GTK_TOGGLE_BUTTON (app_test_window_part (window, GTK_TYPE_TOGGLE_BUTTON, "kernels_button")));
}

GtkWidget *
app_test_kernels_view (CuoccWindow *window)
{
  GtkWidget *view =
      adw_bin_get_child (ADW_BIN (app_test_window_part (window, ADW_TYPE_BIN, "calculator_page")));

  g_assert_nonnull (view);
  return view;
}

AdwViewStack *
app_test_stack (CuoccWindow *window)
{
  return ADW_VIEW_STACK (app_test_window_part (window, ADW_TYPE_VIEW_STACK, "stack"));
}

CuoccTuningPage *
app_test_tuning_page (CuoccWindow *window)
{
  return CUOCC_TUNING_PAGE (app_test_window_part (window, CUOCC_TYPE_TUNING_PAGE, "tuning_page"));
}

CuoccGpuDataPage *
app_test_gpu_data_page (CuoccWindow *window)
{
  return CUOCC_GPU_DATA_PAGE (app_test_window_part (window, CUOCC_TYPE_GPU_DATA_PAGE, "gpu_data_page"));
}

GtkScrolledWindow *
app_test_results_scroller (CuoccWindow *window)
{
  return GTK_SCROLLED_WINDOW (app_test_window_part (window, GTK_TYPE_SCROLLED_WINDOW, "results_scroller"));
}

CuoccGraph *
app_test_graph (CuoccWindow     *window,
                CuoccSeriesKind  kind)
{
  static const char *const ids[] = {
    [CUOCC_SERIES_THREADS] = "graph_threads",
    [CUOCC_SERIES_REGS] = "graph_regs",
    [CUOCC_SERIES_SMEM] = "graph_smem",
    [CUOCC_SERIES_BARRIERS] = "graph_barriers",
    [CUOCC_SERIES_CLUSTER_SIZE] = "graph_clusters",
  };

  g_assert_cmpuint (kind, <, G_N_ELEMENTS (ids));
  return CUOCC_GRAPH (app_test_window_part (window, CUOCC_TYPE_GRAPH, ids[kind]));
}

GtkWidget *
app_test_tuning_view (CuoccWindow *window,
                      GType        type,
                      const char  *id)
{
  GObject *view = gtk_widget_get_template_child (GTK_WIDGET (app_test_tuning_page (window)),
                                                 CUOCC_TYPE_TUNING_PAGE, id);

  if (view == NULL)
    g_error ("the tuning page's template has no “%s”", id);
  g_assert_true (G_TYPE_CHECK_INSTANCE_TYPE (view, type));
  return GTK_WIDGET (view);
}

static GtkGrid *
gpu_data_grid (CuoccWindow *window)
{
  return GTK_GRID (app_test_find_by_id (GTK_WIDGET (app_test_gpu_data_page (window)), GTK_TYPE_GRID, "grid"));
}

guint
app_test_gpu_data_n_columns (CuoccWindow *window)
{
  GtkGrid *grid = gpu_data_grid (window);
  guint n = 0;

  while (gtk_grid_get_child_at (grid, (int) n, 0) != NULL)
    n++;
  return n;
}

int
app_test_gpu_data_marked (CuoccWindow *window)
{
  GtkGrid *grid = gpu_data_grid (window);
  GtkWidget *header;
  int marked = -1;

  for (int c = 0; (header = gtk_grid_get_child_at (grid, c, 0)) != NULL; c++)
    if (gtk_widget_has_css_class (header, "accent"))
      {
        g_assert_cmpint (marked, ==, -1);
        marked = c;
      }
  return marked;
}

static gboolean
menu_has_action (GMenuModel *menu,
                 const char *name)
{
  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autofree char *action = NULL;

      if (g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_ACTION, "s", &action) &&
          g_str_equal (action, name))
        return TRUE;
    }
  return FALSE;
}

static GtkMenuButton *
find_primary_menu_button (GtkWidget *widget)
{
  if (GTK_IS_MENU_BUTTON (widget) && gtk_menu_button_get_primary (GTK_MENU_BUTTON (widget)))
    return GTK_MENU_BUTTON (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkMenuButton *found = find_primary_menu_button (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

GMenuModel *
app_test_recent_section (CuoccWindow *window)
{
  /* The main menu's button: the primary one (F10). */
  GtkMenuButton *button = find_primary_menu_button (GTK_WIDGET (window));
  GMenuModel *menu;

  g_assert_nonnull (button);
  menu = gtk_menu_button_get_menu_model (button);
  g_assert_nonnull (menu);

  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (menu, i, G_MENU_LINK_SECTION);

      if (section == NULL || !menu_has_action (section, "win.open"))
        continue;
      for (int j = 0; j < g_menu_model_get_n_items (section); j++)
        {
          g_autoptr(GMenuModel) submenu = g_menu_model_get_item_link (section, j, G_MENU_LINK_SUBMENU);
          g_autoptr(GMenuModel) recent = NULL;

          if (submenu == NULL)
            continue;
          recent = g_menu_model_get_item_link (submenu, 0, G_MENU_LINK_SECTION);
          g_assert_nonnull (recent);
          /* The window's menu holds it as long as the window lives. */
          return recent;
        }
    }
  g_assert_not_reached ();
  return NULL;
}

gboolean
app_test_shows_session (CuoccWindow *window,
                        GFile       *file)
{
  const char *title = gtk_window_get_title (GTK_WINDOW (window));
  g_autofree char *basename = NULL;
  g_autofree char *expected = NULL;

  /* The tests run in C.UTF-8 (tests/meson.build): the titles untranslated. */
  if (file == NULL)
    return g_strcmp0 (title, "CUDA Occupancy Calculator") == 0;
  basename = g_file_get_basename (file);
  expected = g_strdup_printf ("%s — CUDA Occupancy Calculator", basename);
  return g_strcmp0 (title, expected) == 0;
}

GSettings *
app_test_settings (void)
{
  static GSettings *settings;

  if (settings == NULL)
    settings = g_settings_new (SCHEMA_ID);
  return settings;
}

GtkWindow *
app_test_help_window (CuoccWindow *window)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) top = g_list_model_get_item (toplevels, i);

      if (top != GTK_WINDOW (window) && gtk_window_get_transient_for (top) == GTK_WINDOW (window) &&
          ADW_IS_WINDOW (top) && gtk_widget_get_mapped (GTK_WIDGET (top)))
        return top;
    }
  return NULL;
}

CuoccInputModel *
app_test_inputs (CuoccWindow *window)
{
  g_autoptr(CuoccInputModel) inputs = NULL;

  g_object_get (window, "inputs", &inputs, NULL);
  g_assert_nonnull (inputs);
  return inputs;
}

CuoccCalculation *
app_test_calculation (CuoccWindow *window)
{
  g_autoptr(CuoccCalculation) calculation = NULL;

  g_object_get (window, "calculation", &calculation, NULL);
  g_assert_nonnull (calculation);
  return calculation;
}

GtkWidget *
app_test_view (CuoccWindow *window,
               GType        type)
{
  GtkWidget *view = app_test_find_descendant (GTK_WIDGET (window), type, FALSE);

  g_assert_nonnull (view);
  return view;
}

const char *
app_test_label_text (GtkWidget  *widget,
                     const char *id)
{
  GtkWidget *label = app_test_find_by_id (widget, GTK_TYPE_LABEL, id);

  return gtk_widget_get_visible (label) ? gtk_label_get_label (GTK_LABEL (label)) : NULL;
}

const char *
app_test_shown_text (GtkWidget  *widget,
                     const char *id)
{
  GtkWidget *label = app_test_find_by_id (widget, GTK_TYPE_LABEL, id);

  for (GtkWidget *w = label; w != NULL && w != gtk_widget_get_parent (widget); w = gtk_widget_get_parent (w))
    if (!gtk_widget_get_visible (w))
      return NULL;
  return gtk_label_get_label (GTK_LABEL (label));
}

GtkWidget *
app_test_grid_cell (GtkWidget  *widget,
                    const char *grid_id,
                    const char *row_title,
                    int         column)
{
  GtkGrid *grid = GTK_GRID (app_test_find_by_id (widget, GTK_TYPE_GRID, grid_id));

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (grid)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      int x, y;
      GtkWidget *cell;

      gtk_grid_query_child (grid, child, &x, &y, NULL, NULL);
      if (x != 0 || !GTK_IS_LABEL (child) ||
          g_strcmp0 (gtk_label_get_label (GTK_LABEL (child)), row_title) != 0)
        continue;
      cell = gtk_grid_get_child_at (grid, column, y);
      g_assert_nonnull (cell);
      return cell;
    }
  g_error ("no row “%s” in the grid “%s”", row_title, grid_id);
}

const char *
app_test_results_text (CuoccWindow *window,
                       const char  *id)
{
  return app_test_label_text (app_test_view (window, CUOCC_TYPE_RESULTS_VIEW), id);
}

const char *
app_test_results_figure (CuoccWindow *window,
                         const char  *row_title)
{
  GtkWidget *results = app_test_view (window, CUOCC_TYPE_RESULTS_VIEW);

  return gtk_label_get_label (GTK_LABEL (app_test_grid_cell (results, "limits_grid", row_title, 1)));
}

gboolean
app_test_results_limiting (CuoccWindow *window,
                           CuoccLimit   limit)
{
  GtkWidget *results = app_test_view (window, CUOCC_TYPE_RESULTS_VIEW);

  return gtk_widget_has_css_class (
      app_test_grid_cell (results, "resources_grid", cuocc_limit_title (limit), 0), "limiting");
}

/* The longest text, in bytes, the widget and its descendants give Pango to
 * lay out in every frame: labels and editables (not tooltips, laid out
 * only on hover). Laying text out is work in proportion to its length; a
 * test bounds it where a clock would measure the machine. */
gsize
app_test_longest_text (GtkWidget *widget)
{
  gsize most = 0;

  if (GTK_IS_LABEL (widget))
    most = MAX (most, strlen (gtk_label_get_text (GTK_LABEL (widget))));
  if (GTK_IS_EDITABLE (widget))
    most = MAX (most, strlen (gtk_editable_get_text (GTK_EDITABLE (widget))));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    most = MAX (most, app_test_longest_text (child));
  return most;
}

void
app_test_wait_for_frame (GtkWidget *widget)
{
  GdkFrameClock *clock;
  gboolean done = FALSE;
  gulong id;

  while (!gtk_widget_get_mapped (widget))
    g_main_context_iteration (NULL, TRUE);

  clock = gtk_widget_get_frame_clock (widget);
  id = g_signal_connect (clock, "after-paint", G_CALLBACK (frame_done_cb), &done);
  gtk_widget_queue_draw (widget);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
  g_signal_handler_disconnect (clock, id);
}

typedef struct {
  gint64 before_paint;
  gint64 after_paint;
} PaintTimes;

static void
before_paint_cb (GdkFrameClock *clock,
                 PaintTimes    *paint)
{
  if (paint->before_paint == 0)
    paint->before_paint = g_get_monotonic_time ();
}

static void
after_paint_cb (GdkFrameClock *clock,
                PaintTimes    *paint)
{
  if (paint->before_paint != 0)
    paint->after_paint = g_get_monotonic_time ();
}

void
app_test_timed_change (CuoccWindow  *window,
                       GtkEditable  *editable,
                       const char   *text,
                       AppTestTimes *times)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  PaintTimes paint = { 0 };
  gulong before_id;
  gulong after_id;
  gint64 start;

  g_assert_nonnull (clock);
  before_id = g_signal_connect (clock, "before-paint", G_CALLBACK (before_paint_cb), &paint);
  after_id = g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), &paint);

  start = g_get_monotonic_time ();
  gtk_editable_set_text (editable, text);
  times->compute_us = g_get_monotonic_time () - start;
  while (paint.after_paint == 0)
    g_main_context_iteration (NULL, TRUE);
  times->paint_us = paint.after_paint - paint.before_paint;
  times->redraw_us = paint.after_paint - start;

  g_signal_handler_disconnect (clock, before_id);
  g_signal_handler_disconnect (clock, after_id);
}

GtkWindow *
app_test_other_toplevel (GtkWindow *except)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) top = g_list_model_get_item (toplevels, i);

      if (top != except)
        return top;
    }
  return NULL;
}

/* Without portals (the tests run with GDK_DEBUG=no-portals) both file
 * choosers show GTK's own GtkFileChooserDialog. */
void
app_test_answer_file_chooser (GtkWindow *parent,
                              GFile     *file,
                              int        response)
{
  GtkWindow *chooser = NULL;

  while ((chooser = app_test_other_toplevel (parent)) == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (GTK_IS_FILE_CHOOSER (chooser));
  g_assert_true (GTK_IS_DIALOG (chooser));
  g_assert_true (gtk_window_get_transient_for (chooser) == parent);
  if (file != NULL)
    {
      gint64 deadline = g_get_monotonic_time () + APP_TEST_TIMEOUT_S * G_USEC_PER_SEC;

      /* The chooser lists the folder asynchronously, and selects the file
       * only once it is listed. */
      /* A file to be written need not exist: it is named, not selected,
       * by its whole path, as a user may type it (the folder the chooser
       * shows would change too late for an answer given at once). */
      if (gtk_file_chooser_get_action (GTK_FILE_CHOOSER (chooser)) == GTK_FILE_CHOOSER_ACTION_SAVE)
        gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), g_file_peek_path (file));
      else
        g_assert_true (gtk_file_chooser_set_file (GTK_FILE_CHOOSER (chooser), file, NULL));
      for (;;)
        {
          g_autoptr(GFile) selected = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

          if (selected != NULL && g_file_equal (selected, file))
            break;
          g_assert_cmpint (g_get_monotonic_time (), <, deadline);
          g_main_context_iteration (NULL, FALSE);
          g_usleep (1000);
        }
    }
  gtk_dialog_response (GTK_DIALOG (chooser), response);
}

CuoccWindow *
app_test_window_new (void)
{
  CuoccWindow *window;

  app_test_reset_settings ();
  app_test_forget_message ();
  window = g_object_new (CUOCC_TYPE_WINDOW, NULL);
  gtk_window_present (GTK_WINDOW (window));
  app_test_wait_for_frame (GTK_WIDGET (window));
  return window;
}

/* Closes every popover open below @widget; whether there was one. */
static gboolean
pop_down_all (GtkWidget *widget)
{
  gboolean any = FALSE;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_POPOVER (child) && gtk_widget_get_visible (child))
        {
          gtk_popover_popdown (GTK_POPOVER (child));
          any = TRUE;
        }
      any |= pop_down_all (child);
    }
  return any;
}

void
app_test_window_free (CuoccWindow *window)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  gboolean closed = FALSE;

  /* A window destroyed with a popover open leaves GTK's grab of the
   * popover in the window group that all these windows share: no key
   * would reach the next window (the tests that press real keys saw it).
   * The main loop runs only then: a window closed while its rows arrive
   * must build none (table/hidden-rows-wait). */
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWidget) top = g_list_model_get_item (toplevels, i);

      closed |= pop_down_all (top);
    }
  while (closed && g_main_context_iteration (NULL, FALSE))
    ;
  while (g_list_model_get_n_items (toplevels) > 0)
    {
      g_autoptr(GtkWindow) top = g_list_model_get_item (toplevels, 0);

      gtk_window_destroy (top);
    }
  while (g_main_context_iteration (NULL, FALSE))
    ;
  app_test_forget_message ();
}

void
app_test_window_finalize (CuoccWindow *window)
{
  g_object_ref (window);
  gtk_window_destroy (GTK_WINDOW (window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_finalize_object (window);
}

/* ----- inputs and what comes of them ----- */

void
app_test_select_gpu (CuoccWindow *window,
                     const char  *id)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (cuocc_input_model_set_gpu (app_test_inputs (window), id, CUOCC_INPUT_ORIGIN_USER, &error));
  g_assert_no_error (error);
}

GtkDropDown *
app_test_gpu_dropdown (CuoccWindow *window)
{
  GtkWidget *dropdown =
      app_test_find_descendant (GTK_WIDGET (app_test_input_panel (window)), GTK_TYPE_DROP_DOWN, FALSE);

  g_assert_nonnull (dropdown);
  return GTK_DROP_DOWN (dropdown);
}

void
app_test_choose_gpu (CuoccWindow *window,
                     const char  *id)
{
  GtkDropDown *dropdown = app_test_gpu_dropdown (window);
  GListModel *model = gtk_drop_down_get_model (dropdown);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(CuoccGpuChoice) choice = g_list_model_get_item (model, i);

      if (g_strcmp0 (cuocc_gpu_choice_get_id (choice), id) == 0)
        {
          gtk_drop_down_set_selected (dropdown, i);
          g_assert_cmpstr (cuocc_input_model_get_gpu_id (app_test_inputs (window)), ==, id);
          return;
        }
    }
  g_error ("no GPU %s in the list", id);
}

void
app_test_type_into (CuoccWindow   *window,
                    CuoccInputKey  key,
                    const char    *text)
{
  gtk_editable_set_text (app_test_input_entry (app_test_input_panel (window), key), text);
}

void
app_test_set_value (CuoccWindow   *window,
                    CuoccInputKey  key,
                    gint64         value)
{
  if (key == CUOCC_INPUT_KEY_SMEM)
    cuocc_input_model_set_total_smem (app_test_inputs (window), value, CUOCC_INPUT_ORIGIN_USER);
  else
    cuocc_input_model_set_value (app_test_inputs (window), key, value, CUOCC_INPUT_ORIGIN_USER, NULL);
}

void
app_test_get_session (CuoccWindow  *window,
                      CuoccSession *session)
{
  cuocc_session_clear (session);
  session->gpu = g_strdup (cuocc_input_model_get_gpu_id (app_test_inputs (window)));
  cuocc_input_model_get_values (app_test_inputs (window), &session->inputs);
}

gboolean
app_test_apply_session (CuoccWindow         *window,
                        const CuoccSession  *session,
                        GError             **error)
{
  return cuocc_input_model_apply_values (app_test_inputs (window), session->gpu, &session->inputs,
                                         CUOCC_INPUT_ORIGIN_SESSION, NULL, error);
}

char *
app_test_session_data (CuoccWindow *window)
{
  CuoccSession session = { 0 };
  char *data;

  app_test_get_session (window, &session);
  data = cuocc_session_to_data (&session, NULL);
  cuocc_session_clear (&session);

  return data;
}

GdkTexture *
app_test_render_widget (GtkWidget *widget)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));

  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);

  return gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));
}

static gboolean
timeout_cb (gpointer user_data)
{
  gboolean *timed_out = user_data;

  *timed_out = TRUE;
  return G_SOURCE_REMOVE;
}

void
app_test_wait_until (CuoccWindow      *window,
                     AppTestCondition  condition,
                     gconstpointer     data)
{
  gboolean timed_out = FALSE;
  /* A guard against a hang, not a budget: five times longer in the
   * sanitized build, whose widget tests run several times slower (CI's
   * ASan test-ptxas went past 120 s once with eight tests beside it). */
  guint id = g_timeout_add_seconds (APP_TEST_TIMEOUT_S * (g_getenv ("CUOCC_SANITIZED") != NULL ? 5 : 1),
                                    timeout_cb, &timed_out);

  while (!condition (window, data) && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (timed_out);
  g_source_remove (id);
}

void
app_test_wait_for_sidebar (CuoccWindow *window,
                           gboolean     shown)
{
  GtkWidget *panel = GTK_WIDGET (app_test_kernels_panel (window));

  g_assert_cmpint (app_test_kernels_shown (window), ==, shown);
  for (;;)
    {
      graphene_rect_t bounds;
      gboolean placed;

      app_test_wait_for_frame (GTK_WIDGET (window));
      placed =
          gtk_widget_get_mapped (panel) && gtk_widget_compute_bounds (panel, GTK_WIDGET (window), &bounds);
      /* In: its left edge inside the window. Out: unmapped, or its right edge outside. */
      if (shown ? placed && bounds.origin.x >= 0 : !placed || bounds.origin.x + bounds.size.width <= 0)
        return;
    }
}

/* ----- stalls ----- */

static GPollFunc stalls_poll_func;
static gint64 stalls_poll_entered;
static gint64 stalls_poll_returned;

static int
stalls_poll (GPollFD *fds,
             guint    n_fds,
             int      timeout)
{
  int n;

  stalls_poll_entered = g_get_monotonic_time ();
  n = stalls_poll_func (fds, n_fds, timeout);
  stalls_poll_returned = g_get_monotonic_time ();
  return n;
}

static double
thread_cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

void
app_test_stalls_start (AppTestStalls *stalls)
{
  memset (stalls, 0, sizeof *stalls);
  stalls->start = g_get_monotonic_time ();
  stalls->poll = g_main_context_get_poll_func (NULL);
  stalls_poll_func = stalls->poll;
  g_main_context_set_poll_func (NULL, stalls_poll);
}

static void
stalls_note (AppTestStalls *stalls,
             gint64         busy,
             gint64         end,
             double         cpu_ms)
{
  stalls->most_cpu_ms = MAX (stalls->most_cpu_ms, cpu_ms);
  if (busy > stalls->longest)
    {
      stalls->longest = busy;
      stalls->longest_end = end - stalls->start;
      stalls->longest_cpu_ms = cpu_ms;
    }
}

/* A stretch begins: the work counted in it starts from nothing. */
static void
stalls_stretch_begin (AppTestStalls *stalls)
{
  stalls->stretch_binds = stalls->stretch_changes = stalls->stretch_added = 0;
}

static void
stalls_stretch_end (AppTestStalls *stalls)
{
  stalls->most_binds = MAX (stalls->most_binds, stalls->stretch_binds);
  stalls->most_changes = MAX (stalls->most_changes, stalls->stretch_changes);
  stalls->most_added = MAX (stalls->most_added, stalls->stretch_added);
}

/* One main loop iteration, waiting if nothing is ready. */
void
app_test_stalls_iterate (AppTestStalls *stalls)
{
  gint64 begin = g_get_monotonic_time ();
  double cpu = thread_cpu_ms ();
  gint64 end;

  stalls_poll_entered = stalls_poll_returned = begin;
  stalls_stretch_begin (stalls);
  g_main_context_iteration (NULL, TRUE);
  stalls_stretch_end (stalls);
  end = g_get_monotonic_time ();
  stalls_note (stalls, (stalls_poll_entered - begin) + (end - stalls_poll_returned), end,
               thread_cpu_ms () - cpu);
  stalls->iterations++;
}

void
app_test_stalls_begin_work (AppTestStalls *stalls)
{
  stalls_stretch_begin (stalls);
  stalls->work_begin = g_get_monotonic_time ();
  stalls->work_begin_cpu_ms = thread_cpu_ms ();
}

void
app_test_stalls_end_work (AppTestStalls *stalls)
{
  gint64 end = g_get_monotonic_time ();

  stalls_stretch_end (stalls);
  stalls_note (stalls, end - stalls->work_begin, end, thread_cpu_ms () - stalls->work_begin_cpu_ms);
}

static void
stalls_bind_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *item,
                AppTestStalls            *stalls)
{
  stalls->binds++;
  stalls->stretch_binds++;
}

static void
stalls_rows_changed_cb (GListModel    *rows,
                        guint          position,
                        guint          removed,
                        guint          added,
                        AppTestStalls *stalls)
{
  stalls->changes++;
  stalls->stretch_changes++;
  stalls->added += added;
  stalls->stretch_added += added;
}

void
app_test_stalls_watch_table (AppTestStalls *stalls,
                             GtkColumnView *view)
{
  g_autoptr(GListModel) columns = g_object_ref (gtk_column_view_get_columns (view));

  g_assert_null (stalls->table);
  stalls->table = g_object_ref (view);
  for (guint i = 0; i < g_list_model_get_n_items (columns); i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);

      g_signal_connect (gtk_column_view_column_get_factory (column), "bind", G_CALLBACK (stalls_bind_cb),
                        stalls);
    }
  g_signal_connect (gtk_column_view_get_model (view), "items-changed", G_CALLBACK (stalls_rows_changed_cb),
                    stalls);
}

static void
stalls_unwatch_table (AppTestStalls *stalls)
{
  g_autoptr(GListModel) columns = NULL;

  if (stalls->table == NULL)
    return;
  columns = g_object_ref (gtk_column_view_get_columns (stalls->table));
  for (guint i = 0; i < g_list_model_get_n_items (columns); i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);

      g_signal_handlers_disconnect_by_data (gtk_column_view_column_get_factory (column), stalls);
    }
  g_signal_handlers_disconnect_by_data (gtk_column_view_get_model (stalls->table), stalls);
  g_clear_object (&stalls->table);
}

static void
stalls_painted_cb (GdkFrameClock *clock,
                   gboolean      *painted)
{
  *painted = TRUE;
}

void
app_test_stalls_wait_for_frame (AppTestStalls *stalls,
                                GtkWidget     *widget)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);
  gboolean painted = FALSE;
  gulong id = g_signal_connect (clock, "after-paint", G_CALLBACK (stalls_painted_cb), &painted);

  gtk_widget_queue_draw (widget);
  while (!painted)
    app_test_stalls_iterate (stalls);
  g_signal_handler_disconnect (clock, id);
}

void
app_test_stalls_stop (AppTestStalls *stalls)
{
  g_main_context_set_poll_func (NULL, stalls->poll);
  stalls_unwatch_table (stalls);
}

/* ----- the generated library (tests/gen-library.py) ----- */

/* The kernels table has read its file and worked out every row. */
gboolean
app_test_kernels_idle (CuoccWindow   *window,
                       gconstpointer  data)
{
  return !app_test_kernels_busy (app_test_kernels_panel (window)) &&
         app_test_kernels_evaluated (app_test_kernels_panel (window));
}

/* A library the build writes, named by @variable, and the rows its
 * manifest counts; NULL where there is none, or under the sanitizers
 * unless @sanitized. */
static char *
generated_library (const char *variable,
                   gboolean    sanitized,
                   guint      *rows)
{
  const char *path = g_getenv (variable);
  g_autofree char *base = NULL;
  g_autofree char *manifest_path = NULL;
  g_autofree char *manifest = NULL;
  const char *found;

  if (path == NULL || !g_file_test (path, G_FILE_TEST_EXISTS))
    return NULL;
  if (!sanitized && g_getenv ("CUOCC_SANITIZED") != NULL)
    return NULL;
  g_assert_true (g_str_has_suffix (path, ".so"));
  base = g_strndup (path, strlen (path) - strlen (".so"));
  manifest_path = g_strconcat (base, ".json", NULL);
  g_assert_true (g_file_get_contents (manifest_path, &manifest, NULL, NULL));
  found = strstr (manifest, "\"rows\":");
  g_assert_nonnull (found);
  if (rows != NULL)
    *rows = (guint) g_ascii_strtoull (found + strlen ("\"rows\":"), NULL, 10);
  return g_strdup (path);
}

/* The library the build writes (57,600 entries, real template names).
 * As test-table's generated-library test: 57,600 rows, several times, are
 * minutes under the sanitizers; the normal build runs these. */
char *
app_test_generated_library (guint *rows)
{
  return generated_library ("CUOCC_GENERATED_LIBRARY", FALSE, rows);
}

/* A smaller one (about 10,000 entries: three of the GPU comparison's
 * slices), for what must run under the sanitizers too. */
char *
app_test_generated_library_small (guint *rows)
{
  return generated_library ("CUOCC_GENERATED_LIBRARY_SMALL", TRUE, rows);
}

static gboolean
keep_ticking (gpointer user_data)
{
  return G_SOURCE_CONTINUE;
}

void
app_test_import (CuoccWindow *window,
                 GFile       *file)
{
  g_autoptr(GError) error = NULL;
  gboolean started = cuocc_window_use_file (window, "win.import", NULL, file, &error);

  g_assert_no_error (error);
  g_assert_true (started);
}

gboolean
app_test_use_path (CuoccWindow  *window,
                   const char   *action,
                   const char   *which,
                   const char   *path,
                   GError      **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);

  return cuocc_window_use_file (window, action, which, file, error);
}

typedef struct {
  gboolean done;
  char *text;
} ClipboardRead;

static void
clipboard_read_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  ClipboardRead *read = user_data;
  g_autoptr(GError) error = NULL;

  read->text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, &error);
  g_assert_no_error (error);
  read->done = TRUE;
}

static gboolean
clipboard_read (CuoccWindow   *window,
                gconstpointer  data)
{
  const ClipboardRead *read = data;

  return read->done;
}

char *
app_test_read_clipboard (CuoccWindow *window)
{
  ClipboardRead read = { FALSE, NULL };

  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (GTK_WIDGET (window)), NULL, clipboard_read_cb, &read);
  app_test_wait_until (window, clipboard_read, &read);
  return read.text;
}

/* The generated library imported: 57,600 rows take seconds, and minutes on
 * shared, loaded cores (load 12 on two was seen): a hang's guard of
 * APP_TEST_LIBRARY_TIMEOUT_S. */
void
app_test_import_library (CuoccWindow *window,
                         const char  *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  gint64 deadline = g_get_monotonic_time () + APP_TEST_LIBRARY_TIMEOUT_S * G_USEC_PER_SEC;
  /* wakes the loop up to look at the clock */
  guint tick = g_timeout_add_seconds (1, keep_ticking, NULL);

  app_test_import (window, file);
  while (!app_test_kernels_idle (window, NULL))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, TRUE);
    }
  g_source_remove (tick);
}

CuoccWindow *
app_test_window_at_size (int      width,
                         int      height,
                         GFile   *open_first)
{
  g_autoptr(GSettings) settings = g_settings_new (SCHEMA_ID);
  CuoccWindow *window;

  app_test_reset_settings ();
  g_settings_set_int (settings, "window-width", width);
  g_settings_set_int (settings, "window-height", height);
  window = g_object_new (CUOCC_TYPE_WINDOW, NULL);
  gtk_window_present (GTK_WINDOW (window));
  /* `cuocc-gtk FILE` opens the file right after presenting the window,
   * before its first frame. */
  if (open_first != NULL)
    cuocc_window_open_file (window, open_first);
  while (gtk_native_get_surface (GTK_NATIVE (window)) == NULL ||
         gdk_surface_get_width (gtk_native_get_surface (GTK_NATIVE (window))) != width)
    g_main_context_iteration (NULL, TRUE);
  app_test_wait_for_frame (GTK_WIDGET (window));
  return window;
}

/* ----- the window's size ----- */

int
app_test_window_width (CuoccWindow *window)
{
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));

  return surface != NULL ? gdk_surface_get_width (surface) : 0;
}

int
app_test_window_height (CuoccWindow *window)
{
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));

  return surface != NULL ? gdk_surface_get_height (surface) : 0;
}

void
app_test_wait_frames (CuoccWindow *window,
                      guint        n)
{
  for (guint i = 0; i < n; i++)
    app_test_wait_for_frame (GTK_WIDGET (window));
}

void
app_test_wait_for_size (CuoccWindow *window,
                        int          width,
                        int          height)
{
  gint64 deadline = g_get_monotonic_time () + APP_TEST_TIMEOUT_S * G_USEC_PER_SEC;

  while (app_test_window_width (window) != width || app_test_window_height (window) != height)
    {
      if (g_get_monotonic_time () > deadline)
        g_error ("window %d × %d, not %d × %d", app_test_window_width (window),
                 app_test_window_height (window), width, height);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  app_test_wait_frames (window, 2);
}

/* ----- the kernels table ----- */

const char *const app_test_column_ids[] = {
  "kernel", "arch",      "regs",    "smem",   "stack",   "threads",
  "blocks", "occupancy", "limiter", "loaded", "changed", NULL,
};

/* The panel's "rows" (what the table's column view is given) select among
 * a slice of the rows shown, a screenful at first after a read, then all:
 * the slice's model. */
GListModel *
app_test_shown (CuoccWindow *window)
{
  GListModel *shown;
  g_autoptr(GtkSelectionModel) rows = NULL;

  g_object_get (app_test_kernels_panel (window), "rows", &rows, NULL);
  g_assert_true (GTK_IS_SINGLE_SELECTION (rows));
  shown = gtk_single_selection_get_model (GTK_SINGLE_SELECTION (rows));
  g_assert_true (GTK_IS_SLICE_LIST_MODEL (shown));
  return gtk_slice_list_model_get_model (GTK_SLICE_LIST_MODEL (shown));
}

guint
app_test_n_shown (CuoccWindow *window)
{
  return g_list_model_get_n_items (app_test_shown (window));
}

CuoccKernelItem *
app_test_find_row (CuoccWindow *window,
                   const char  *prefix,
                   const char  *arch)
{
  for (guint i = 0; i < app_test_n_shown (window); i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (app_test_shown (window), i);
      const CuoccKernel *k = cuocc_kernel_item_get_kernel (item);

      if (g_str_has_prefix (k->name, prefix) && g_strcmp0 (k->arch, arch) == 0)
        return item;
    }
  g_error ("no row %s %s", prefix, arch);
}

char *
app_test_cell (CuoccWindow     *window,
               CuoccKernelItem *item,
               const char      *column_id)
{
  int column = cuocc_kernel_column_find (column_id);

  if (column < 0)
    g_error ("no column %s", column_id);
  return cuocc_kernel_column_text (item, column);
}

/* ----- the command line's table, restricted to some rows ----- */

void
app_test_cli_table_begin (GString    *out,
                          gboolean    json,
                          const char *header)
{
  if (json)
    g_string_append_c (out, '[');
  else
    g_string_append_printf (out, "%s\n", header);
}

void
app_test_cli_table_row (GString    *out,
                        gboolean    json,
                        guint       index,
                        const char *line)
{
  if (json)
    {
      /* "  {…}," but the last "  {…}" */
      gsize len = strlen (line);

      g_assert_true (g_str_has_prefix (line, "  {"));
      if (line[len - 1] == ',')
        len--;
      g_string_append (out, index > 0 ? ",\n" : "\n");
      g_string_append_len (out, line, len);
    }
  else
    g_string_append_printf (out, "%s\n", line);
}

void
app_test_cli_table_end (GString  *out,
                        gboolean  json,
                        guint     n_rows)
{
  if (json)
    g_string_append (out, n_rows > 0 ? "\n]\n" : "]\n");
}

/* ----- real key events ----- */

/* Keys reach the app as a user's keyboard sends them: the X server's XTest
 * extension makes the key presses, the server sends them to the window
 * that has the input focus, and GTK handles them as any other (its
 * shortcuts, mnemonics, focus and key controllers all see them). GTK 4
 * has no call that hands a widget a key event. */

const char *
app_test_key_events_missing (void)
{
#if HAVE_XTEST
  GdkDisplay *display = gdk_display_get_default ();
  int event, error, major, minor;

  if (display == NULL || !GDK_IS_X11_DISPLAY (display))
    return "real key events need an X11 display (XTest)";
  if (!XTestQueryExtension (gdk_x11_display_get_xdisplay (display), &event, &error, &major, &minor))
    return "the X server has no XTest extension";
  return NULL;
#else
  return "built without XTest (libxtst-dev): no real key events";
#endif
}

#if HAVE_XTEST
/* Runs the main loop until GTK has handled every event the X server sent
 * so far: XSync's answer comes after the events its requests made. */
static void
handle_x_events (void)
{
  XSync (gdk_x11_display_get_xdisplay (gdk_display_get_default ()), False);
  for (int i = 0; i < 3; i++)
    while (g_main_context_iteration (NULL, FALSE))
      ;
}

static void
press_keysym (Display *xdisplay,
              KeySym   keysym,
              gboolean press)
{
  KeyCode code = XKeysymToKeycode (xdisplay, keysym);

  g_assert_cmpuint (code, !=, 0);
  XTestFakeKeyEvent (xdisplay, code, press, CurrentTime);
}

/* One key with modifiers: the modifiers down, the key down and up, the
 * modifiers up; a key whose keysym is the keycode's shifted one gets Shift. */
static void
send_key (Display         *xdisplay,
          guint            keyval,
          GdkModifierType  mods)
{
  KeyCode code = XKeysymToKeycode (xdisplay, keyval);
  gboolean shift = (mods & GDK_SHIFT_MASK) != 0;

  g_assert_cmpuint (code, !=, 0);
  if (!shift && XkbKeycodeToKeysym (xdisplay, code, 0, 0) != keyval &&
      XkbKeycodeToKeysym (xdisplay, code, 0, 1) == keyval)
    shift = TRUE;
  if (mods & GDK_CONTROL_MASK)
    press_keysym (xdisplay, XK_Control_L, TRUE);
  if (mods & GDK_ALT_MASK)
    press_keysym (xdisplay, XK_Alt_L, TRUE);
  if (shift)
    press_keysym (xdisplay, XK_Shift_L, TRUE);
  XTestFakeKeyEvent (xdisplay, code, True, CurrentTime);
  XTestFakeKeyEvent (xdisplay, code, False, CurrentTime);
  if (shift)
    press_keysym (xdisplay, XK_Shift_L, FALSE);
  if (mods & GDK_ALT_MASK)
    press_keysym (xdisplay, XK_Alt_L, FALSE);
  if (mods & GDK_CONTROL_MASK)
    press_keysym (xdisplay, XK_Control_L, FALSE);
}

/* The X input focus on the window, as a window manager gives it to the
 * window a user clicks. */
static Display *
focus_window (GtkWindow *window)
{
  Display *xdisplay = gdk_x11_display_get_xdisplay (gdk_display_get_default ());
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));

  g_assert_nonnull (surface);
  XSetInputFocus (xdisplay, gdk_x11_surface_get_xid (surface), RevertToParent, CurrentTime);
  handle_x_events ();
  return xdisplay;
}
#endif

void
app_test_press_keys (GtkWindow  *window,
                     const char *accelerators)
{
#if HAVE_XTEST
  g_auto(GStrv) keys = g_strsplit (accelerators, " ", -1);
  Display *xdisplay;

  g_assert_null (app_test_key_events_missing ());
  xdisplay = focus_window (window);
  for (guint i = 0; keys[i] != NULL; i++)
    {
      guint keyval = 0;
      GdkModifierType mods = 0;

      if (*keys[i] == '\0')
        continue;
      g_assert_true (gtk_accelerator_parse (keys[i], &keyval, &mods));
      send_key (xdisplay, keyval, mods);
      handle_x_events ();
    }
#else
  g_assert_not_reached ();
#endif
}

void
app_test_type_keys (GtkWindow  *window,
                    const char *text)
{
#if HAVE_XTEST
  Display *xdisplay;

  g_assert_null (app_test_key_events_missing ());
  xdisplay = focus_window (window);
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      send_key (xdisplay, gdk_unicode_to_keyval (g_utf8_get_char (p)), 0);
      handle_x_events ();
    }
#else
  g_assert_not_reached ();
#endif
}

GHashTable *
app_test_ptxas_registers (const char *ptx,
                          const char *target,
                          const char *entry)
{
  g_autofree char *arch = g_strconcat ("-arch=", target, NULL);
  const char *argv[] = { APP_TEST_REAL_PTXAS, arch, "-v", "-o", "/dev/null", ptx, NULL, NULL, NULL };
  g_autofree char *err = NULL;
  g_auto(GStrv) lines = NULL;
  GHashTable *figures;
  g_autofree char *current = NULL;
  int status;

  if (!g_file_test (APP_TEST_REAL_PTXAS, G_FILE_TEST_IS_EXECUTABLE))
    return NULL;
  if (entry != NULL)
    {
      argv[6] = "--entry";
      argv[7] = entry;
    }
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, &err,
                               &status, NULL));
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  figures = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  /* "ptxas info    : Compiling entry function '_Z5heavyPKfPf' for 'sm_89'",
   * then "ptxas info    : Used 40 registers, ..." for it. */
  lines = g_strsplit (err, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *p;
      int regs;

      if ((p = strstr (lines[i], "Compiling entry function '")) != NULL)
        {
          const char *start = p + strlen ("Compiling entry function '");

          g_free (current);
          current = g_strndup (start, strchr (start, '\'') - start);
          g_assert_nonnull (strstr (lines[i], target));
        }
      else if ((p = strstr (lines[i], "Used ")) != NULL && current != NULL &&
               sscanf (p, "Used %d registers", &regs) == 1)
        g_hash_table_insert (figures, g_steal_pointer (&current), GINT_TO_POINTER (regs));
    }
  g_assert_cmpuint (g_hash_table_size (figures), >, 0);
  return figures;
}
