/* app-test.h — what the widget tests share: a display, the app's style, and
 * a real window to drive.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cuocc.h>

#include "cuocc-calculation.h"
#include "cuocc-gpu-data-page.h"
#include "cuocc-graph.h"
#include "cuocc-input-panel.h"
#include "cuocc-kernel-details.h"
#include "cuocc-kernel-item.h"
#include "cuocc-kernels-panel.h"
#include "cuocc-results-view.h"
#include "cuocc-session.h"
#include "cuocc-testing.h"
#include "cuocc-tuning-page.h"
#include "cuocc-window.h"

G_BEGIN_DECLS

/* The window's graphs, one a CuoccSeriesKind (app_test_graph ()): threads,
 * registers and shared memory, shown on every GPU; then barriers and
 * cluster size, shown where they apply (9.0 on). */
#define APP_TEST_N_GRAPHS (CUOCC_SERIES_SMEM + 1)
#define APP_TEST_N_ALL_GRAPHS (CUOCC_SERIES_CLUSTER_SIZE + 1)

/* Skips the test where no X server could be opened. */
#define SKIP_WITHOUT_DISPLAY() \
  G_STMT_START { if (!app_test_have_display ()) { g_test_skip ("no display"); return; } } G_STMT_END

/* Skips a test that shows GTK's own file chooser in the sanitizer build:
 * GTK 4.8's chooser, destroyed with its folder still loading, leaks the
 * cancelled loads' errors and a GFileInfo inside libgtk and GIO's worker
 * thread (unsymbolized, so no suppression can name them without hiding
 * every GTK leak). */
#define SKIP_FILE_CHOOSER_UNDER_SANITIZERS() \
  G_STMT_START { \
    if (g_getenv ("CUOCC_SANITIZED") != NULL) \
      { g_test_skip ("GTK's own file chooser leaks under the sanitizers"); return; } \
  } G_STMT_END

/* After g_test_init: opens the display and loads what AdwApplication would
 * (the tests run without one, so that they need no session bus). */
void         app_test_init            (void);
gboolean     app_test_have_display    (void);
/* Whether @message is GTK 4.8's warning about its file chooser's path bar,
 * which the tests print but do not fail on (app-test.c says why). */
gboolean     app_test_is_gtk_path_bar_warning (const char *message);
void         app_test_reset_settings  (void);
void         app_test_wait_for_frame  (GtkWidget   *widget);
/* The first widget of @type below @widget, in the order of the tree; only
 * among mapped ones if @mapped. NULL if there is none. */
GtkWidget   *app_test_find_descendant (GtkWidget   *widget,
                                       GType        type,
                                       gboolean     mapped);
/* What the kernels panel's details (ui/cuocc-kernel-details.ui) show, found
 * by their template ids: the text of the label @id, or NULL where it, or
 * a box it is in, is hidden; the widget @id; the whole name; whether the
 * PTX line spins. */
const char  *app_test_details_text    (CuoccKernelsPanel *panel,
                                       const char        *id);
GtkWidget   *app_test_details_widget  (CuoccKernelsPanel *panel,
                                       const char        *id);
char        *app_test_details_name    (CuoccKernelsPanel *panel);
gboolean     app_test_details_spinning (CuoccKernelsPanel *panel);
/* The part of the kernels panel its .ui (ui/cuocc-kernels-panel.ui) names
 * @id ("search_entry", "arch_dropdown", "count_label"…), of @type: its
 * template child, as GTK binds it; fails where there is none. */
GtkWidget   *app_test_panel_part      (CuoccKernelsPanel *panel,
                                       GType              type,
                                       const char        *id);
/* The kernels panel's state as its properties tell it: whether a file is
 * being read ("busy"), whether the rows are worked out for the GPU and
 * block size last given, on the GPUs compared too ("evaluated"), and how
 * many entries were read (the "kernels" model's items); the page the
 * table's place shows ("list_stack": "loading", "empty", "no-match" or
 * "list"). */
/* What the user types into and picks among above the table: the search
 * ("search_entry"), the architectures ("arch_dropdown"), the limiters
 * ("limiter_dropdown"), "Occupancy below" ("below_spin") and "Changed"
 * ("changed_toggle"). */
GtkEditable *app_test_kernels_search  (CuoccKernelsPanel *panel);
GtkDropDown *app_test_arch_dropdown   (CuoccKernelsPanel *panel);
GtkDropDown *app_test_limiter_dropdown (CuoccKernelsPanel *panel);
GtkSpinButton *app_test_below_spin    (CuoccKernelsPanel *panel);
GtkToggleButton *app_test_changed_toggle (CuoccKernelsPanel *panel);
/* What the panel's label @id ("count_label", "compare_label") shows, or
 * NULL while it is hidden. */
const char  *app_test_panel_text      (CuoccKernelsPanel *panel,
                                       const char        *id);
/* What the page without matching kernels ("no_match_page") says. */
const char  *app_test_no_match_text   (CuoccKernelsPanel *panel);
/* The summary (the panel's "summary", ui/cuocc-kernels-summary.ui): the
 * expander it is in ("summary_expander"), its part @id, its histogram
 * ("histogram_view") and the bars it draws, the text of the @n-th kernel
 * that loses most ("losers_box"), or NULL past the last; and the bar the
 * table is filtered to (the panel's "bar"), or -1. */
GtkWidget   *app_test_summary_expander (CuoccKernelsPanel *panel);
GtkWidget   *app_test_summary_part    (CuoccKernelsPanel *panel,
                                       GType              type,
                                       const char        *id);
CuoccHistogramView *app_test_histogram_view (CuoccKernelsPanel *panel);
const CuoccHistogram *app_test_histogram (CuoccKernelsPanel *panel);
const char  *app_test_loser_text      (CuoccKernelsPanel *panel,
                                       guint              n);
int          app_test_kernels_bar     (CuoccKernelsPanel *panel);
/* Sorts the table by the column @column_id ("kernel", "occupancy"…,
 * app_test_column_ids), as a click on its header does: the column
 * view's own sort (gtk_column_view_sort_by_column ()). */
void         app_test_sort_by         (CuoccKernelsPanel *panel,
                                       const char        *column_id,
                                       GtkSortType        order);
gboolean     app_test_kernels_busy    (CuoccKernelsPanel *panel);
gboolean     app_test_kernels_evaluated (CuoccKernelsPanel *panel);
guint        app_test_n_kernels       (CuoccKernelsPanel *panel);
const char  *app_test_kernels_page    (CuoccKernelsPanel *panel);
/* More of its state, from its properties, each notified when it changes:
 * whether the comparison of GPUs asked for last is in the rows
 * ("compared"), the comparison they show ("gpu-comparison": a new
 * reference, or NULL), whether ptxas runs for it ("assembling": its
 * lookup, the cache's read, an assembly), and the ptxas it found: its
 * path ("ptxas-found", NULL while none) and, unless NULL, in *version its
 * version ("ptxas-version") and in *error why none was found
 * ("ptxas-error", NULL where it was not looked for); all newly allocated. */
gboolean     app_test_kernels_compared (CuoccKernelsPanel *panel);
CuoccGpuComparison *app_test_gpu_comparison (CuoccKernelsPanel *panel);
gboolean     app_test_kernels_assembling (CuoccKernelsPanel *panel);
char        *app_test_ptxas_found     (CuoccKernelsPanel  *panel,
                                       char              **version,
                                       char              **error);
/* The kernels panel's table (ui/cuocc-kernels-table.ui) and its column
 * view ("column_view"), found by their template ids. */
CuoccKernelsTable *app_test_kernels_table (CuoccKernelsPanel *panel);
GtkColumnView *app_test_column_view   (CuoccKernelsPanel *panel);
/* The widget below @widget (or @widget) that its .ui template names @id,
 * as a widget's template children are bound, of @type; fails where there
 * is none. Tests find what they read and click this way, not through the
 * widgets' private fields. */
GtkWidget   *app_test_find_by_id      (GtkWidget   *widget,
                                       GType        type,
                                       const char  *id);
/* The part of the window its .ui names @id, of @type: the window's
 * template child (gtk_widget_get_template_child (), as GTK binds it), else
 * the first below it that app_test_find_by_id () finds; found once: tests read it often (every turn of a wait), and a part of the
 * window stays where it is while the window lives. */
GtkWidget   *app_test_window_part     (CuoccWindow *window,
                                       GType        type,
                                       const char  *id);
/* The window's kernels panel ("kernels_panel") and input panel
 * ("input_panel"). */
CuoccKernelsPanel *app_test_kernels_panel (CuoccWindow *window);
CuoccInputPanel   *app_test_input_panel   (CuoccWindow *window);
/* @keyval pressed on @widget, as its key controller (a
 * GtkEventControllerKey among its controllers) hands it on: what the
 * widget does with the key (a graph's arrow keys step along its line),
 * without the X input focus a real key event needs; whether the widget
 * handled it. */
gboolean     app_test_press_on        (GtkWidget   *widget,
                                       guint        keyval);
/* An input of the input panel as the user finds it, by the ids
 * ui/cuocc-input-panel.ui gives its widgets: its entry ("threads_entry",
 * "regs_entry"…), the text of the hint below it ("threads_hint"…; the
 * carveout has none), and whether the entry is marked as wrong (its
 * "error" style class, the red the user sees). Fails for an input chosen
 * from a list (the configuration, the caching). */
GtkEditable *app_test_input_entry     (CuoccInputPanel *panel,
                                       CuoccInputKey    key);
const char  *app_test_input_hint      (CuoccInputPanel *panel,
                                       CuoccInputKey    key);
gboolean     app_test_input_marked    (CuoccInputPanel *panel,
                                       CuoccInputKey    key);
/* The kernels sidebar: shown or hidden as the user does it, with the
 * header bar's toggle ("kernels_button", bound to the sidebar both ways),
 * and the view that holds it (the calculator page's child), which says
 * whether it lies over the calculator (cuocc_compat_sidebar_view_get_folded). */
void         app_test_show_kernels    (CuoccWindow *window,
                                       gboolean     shown);
gboolean     app_test_kernels_shown   (CuoccWindow *window);
GtkWidget   *app_test_kernels_view    (CuoccWindow *window);
/* More parts of the window, by the ids its .ui gives them: the view stack
 * of its pages ("stack"), the pages, the scrolled results ("results_scroller")
 * and the graph of @kind ("graph_threads"…). */
AdwViewStack      *app_test_stack            (CuoccWindow *window);
CuoccTuningPage   *app_test_tuning_page      (CuoccWindow *window);
CuoccGpuDataPage  *app_test_gpu_data_page    (CuoccWindow *window);
GtkScrolledWindow *app_test_results_scroller (CuoccWindow *window);
CuoccGraph        *app_test_graph            (CuoccWindow     *window,
                                              CuoccSeriesKind  kind);
/* The tuning page's view its .ui (ui/cuocc-tuning-page.ui) names @id
 * ("advice_view", "compare_view", "heatmap_regs"…), of @type. */
GtkWidget         *app_test_tuning_view      (CuoccWindow *window,
                                              GType        type,
                                              const char  *id);
/* The GPU data page's table as the user reads it (its grid, "grid" in
 * ui/cuocc-gpu-data-page.ui): its columns, one a compute capability (0
 * before the page was first shown), and the column marked as the current
 * GPU's (its header "accent"), or -1; fails where more than one is. */
guint              app_test_gpu_data_n_columns (CuoccWindow *window);
int                app_test_gpu_data_marked    (CuoccWindow *window);
/* The "Open Recent" section of the main menu, as the menu button shows it:
 * the section of the submenu beside "win.open". */
GMenuModel        *app_test_recent_section   (CuoccWindow *window);
/* Whether the window's title names the session @file as its own (the
 * file Save writes), as the user reads it: "work.cuocc — CUDA Occupancy
 * Calculator"; with NULL, whether it names none. */
gboolean           app_test_shows_session    (CuoccWindow *window,
                                              GFile       *file);
/* The app's settings, as the window reads them (the same schema and
 * backend): a test sets a key here as the preferences would. The test's
 * own, kept while it runs (no reference added). */
GSettings         *app_test_settings         (void);
/* F1's help window while it is shown, or NULL. */
GtkWindow         *app_test_help_window      (CuoccWindow *window);
/* The window's "inputs" and "calculation" properties (no reference
 * added: the window keeps them as long as it lives). */
CuoccInputModel  *app_test_inputs      (CuoccWindow *window);
CuoccCalculation *app_test_calculation (CuoccWindow *window);
/* The window's view of @type (the first in the tree); fails where there
 * is none. */
GtkWidget   *app_test_view            (CuoccWindow *window,
                                       GType        type);
/* What the label @id below @widget shows, or NULL while it is hidden. */
const char  *app_test_label_text      (GtkWidget   *widget,
                                       const char  *id);
/* What the label @id below @widget shows, or NULL where it or a widget
 * it is in (up to @widget) is hidden: a progress line above the kernels
 * table ("gpus_label", "ptx_progress_label"), hidden with its box. */
const char  *app_test_shown_text      (GtkWidget   *widget,
                                       const char  *id);
/* The cell in @column of the row of the grid @grid_id (below @widget)
 * whose first cell reads @row_title, as a user finds a figure by its
 * row's name; fails where there is none. */
GtkWidget   *app_test_grid_cell       (GtkWidget   *widget,
                                       const char  *grid_id,
                                       const char  *row_title,
                                       int          column);
/* The results view as the user reads it: a label's text by its id (NULL
 * while hidden), a figure of the GPU by its row's name, and whether the
 * row of a limit is marked as the one that limits. */
const char  *app_test_results_text    (CuoccWindow *window,
                                       const char  *id);
const char  *app_test_results_figure  (CuoccWindow *window,
                                       const char  *row_title);
gboolean     app_test_results_limiting (CuoccWindow *window,
                                        CuoccLimit   limit);
/* The longest text (bytes) below @widget given to Pango in every frame:
 * labels and editables. A bound on layout work, where a clock would time
 * the machine. */
gsize        app_test_longest_text    (GtkWidget   *widget);
/* The toplevel that is not @except, or NULL. */
GtkWindow   *app_test_other_toplevel  (GtkWindow   *except);
/* Waits for the file chooser over @parent and answers it like a user:
 * picks @file (unless NULL), then gives @response. */
void         app_test_answer_file_chooser (GtkWindow *parent,
                                           GFile     *file,
                                           int        response);
/* A window on the default settings, presented and drawn once. */
CuoccWindow *app_test_window_new      (void);
/* Destroys the window and whatever dialogs it opened. */
void         app_test_window_free     (CuoccWindow *window);
/* Inputs as a user gives them: a GPU by its id (as the input panel's
 * search takes it), or picked by its id in the GPU list (the input panel's
 * first drop-down); text typed into a field. */
void         app_test_select_gpu      (CuoccWindow *window,
                                       const char  *id);
GtkDropDown *app_test_gpu_dropdown    (CuoccWindow *window);
void         app_test_choose_gpu      (CuoccWindow *window,
                                       const char  *id);
void         app_test_type_into       (CuoccWindow   *window,
                                       CuoccInputKey  key,
                                       const char    *text);
/* A value given to the input model as the user's; the shared memory as the
 * total, as a graph asks for it. */
void         app_test_set_value       (CuoccWindow   *window,
                                       CuoccInputKey  key,
                                       gint64         value);
/* The inputs as a session file would write them, and a session's applied. */
char        *app_test_session_data    (CuoccWindow *window);
void         app_test_get_session     (CuoccWindow  *window,
                                       CuoccSession *session);
gboolean     app_test_apply_session   (CuoccWindow         *window,
                                       const CuoccSession  *session,
                                       GError             **error);
/* The widget as it is drawn now, at its size. */
GdkTexture  *app_test_render_widget   (GtkWidget   *widget);
/* Runs the main loop until @condition holds for @window and @data; fails
 * after APP_TEST_TIMEOUT_S seconds. */
#define APP_TEST_TIMEOUT_S 120
/* The same for importing the generated library (57,600 entries), which
 * takes seconds alone and minutes on loaded cores. Both guard against a
 * hang, with a message saying what never came; they are no budget (the
 * suite must pass on a slower or busier machine): meson's timeout of the
 * test (four times its own, tests/meson.build) is longer still. */
#define APP_TEST_LIBRARY_TIMEOUT_S 600
typedef gboolean (*AppTestCondition) (CuoccWindow   *window,
                                      gconstpointer  data);
void         app_test_wait_until      (CuoccWindow      *window,
                                       AppTestCondition  condition,
                                       gconstpointer     data);
/* Destroys the window and checks that nothing keeps it alive. */
void         app_test_window_finalize (CuoccWindow *window);
/* The last message the app showed since app_test_forget_message (): a
 * toast's text, or an error dialog's "heading: body"; NULL for none. */
const char  *app_test_last_message    (void);
/* An input change timed from outside: the calculation it starts (the
 * editable's handlers run at once), the frame that shows it (layout,
 * snapshot, render, from the frame clock), and the change to that frame
 * painted. */
typedef struct {
  gint64 compute_us;
  gint64 paint_us;
  gint64 redraw_us;
} AppTestTimes;
void         app_test_timed_change    (CuoccWindow  *window,
                                       GtkEditable  *editable,
                                       const char   *text,
                                       AppTestTimes *times);
void         app_test_forget_message  (void);
/* Waits until the kernels sidebar has slid all the way in (shown) or out. */
void         app_test_wait_for_sidebar (CuoccWindow *window,
                                        gboolean     shown);

/* How long the window could not answer while something runs: the main
 * loop's longest busy stretch, from the poll that ends its wait to the end
 * of the dispatch that follows (the time spent waiting for events is not a
 * stall; the time other processes take the cores from the main thread
 * while it works is, as it is for a user), and the main thread's CPU time
 * in it. app_test_stalls_start () installs a poll function on the default
 * main context until app_test_stalls_stop (). */
typedef struct {
  gint64 start;
  gint64 longest;                  /* µs */
  gint64 longest_end;              /* when it ended, µs from start */
  double longest_cpu_ms;
  double most_cpu_ms;              /* the most CPU time of one stretch */
  guint iterations;
  GPollFunc poll;                  /* the context's own */
  gint64 work_begin;
  double work_begin_cpu_ms;
  /* The work, counted where app_test_stalls_watch_table () watches a
   * table: counts that no machine's speed or load changes, which the tests
   * bound where they once bounded the times above. */
  GtkColumnView *table;
  guint binds;                     /* cells bound to a row (a row laid out: one a column) */
  guint most_binds;                /* the most in one stretch */
  guint changes;                   /* items-changed of the view's rows */
  guint most_changes;              /* the most in one stretch */
  guint most_added;                /* the most rows one stretch added or replaced */
  guint added;                     /* rows added or replaced in all */
  guint stretch_binds;
  guint stretch_changes;
  guint stretch_added;
} AppTestStalls;

void         app_test_stalls_start    (AppTestStalls *stalls);
void         app_test_stalls_iterate  (AppTestStalls *stalls);
void         app_test_stalls_wait_for_frame (AppTestStalls *stalls,
                                             GtkWidget     *widget);
void         app_test_stalls_stop     (AppTestStalls *stalls);
/* After app_test_stalls_start (): counts the cells @view binds and the
 * changes of its rows (items-changed), in all and the most in one stretch,
 * until app_test_stalls_stop (). */
void         app_test_stalls_watch_table (AppTestStalls *stalls,
                                          GtkColumnView *view);
/* What a test does in place of an event, such as typing into an entry,
 * whose handlers run at once: timed as a busy stretch too. */
void         app_test_stalls_begin_work (AppTestStalls *stalls);
void         app_test_stalls_end_work   (AppTestStalls *stalls);

/* The kernels table has read its file and worked out every row (an
 * AppTestCondition). */
gboolean     app_test_kernels_idle    (CuoccWindow   *window,
                                       gconstpointer  data);
/* The build folder's tests/gen-library.py library (CUOCC_GENERATED_LIBRARY,
 * 57,600 entries, its row count in *rows), or NULL where the build did not
 * write it or under the sanitizers (CUOCC_SANITIZED). */
char        *app_test_generated_library (guint *rows);
char        *app_test_generated_library_small (guint *rows);
/* @file imported as the Import action does with the file the user chose
 * in its file dialog (cuocc_window_use_file ()); fails where the action
 * fails at once (the file cannot be read). The kernels are read in the
 * background: this does not wait for them. */
void         app_test_import          (CuoccWindow *window,
                                       GFile       *file);
/* What the action of the window (cuocc_window_use_file ()) does with the
 * file at @path, as the user chose it in the action's file dialog: an
 * export, Save As, Open. */
gboolean     app_test_use_path        (CuoccWindow  *window,
                                       const char   *action,
                                       const char   *which,
                                       const char   *path,
                                       GError      **error);
/* The text the window's clipboard holds, read back as any program reads
 * it. */
char        *app_test_read_clipboard  (CuoccWindow *window);
/* Imports the file and waits, up to 240 s (57,600 rows on loaded cores),
 * until every row is worked out. */
void         app_test_import_library  (CuoccWindow *window,
                                       const char  *path);
/* A window opened at the size as the saved window size opens it, shown at
 * that size (the client-side frame included) and drawn; open_first, unless
 * NULL, is opened before its first frame, as `cuocc-gtk FILE` does. */
CuoccWindow *app_test_window_at_size  (int          width,
                                       int          height,
                                       GFile       *open_first);

/* The window's size on the screen, its client-side frame included (the
 * widget's own allocation leaves the frame out); 0 before it has a
 * surface. */
int          app_test_window_width    (CuoccWindow *window);
int          app_test_window_height   (CuoccWindow *window);
/* Waits for @n frames of @window. */
void         app_test_wait_frames     (CuoccWindow *window,
                                       guint        n);
/* Waits until the window has the size on the screen, then for two frames;
 * fails after APP_TEST_TIMEOUT_S seconds. */
void         app_test_wait_for_size   (CuoccWindow *window,
                                       int          width,
                                       int          height);

/* The kernels table. Its column ids, in their order
 * (cuocc-kernel-columns.c), NULL-terminated. */
extern const char *const app_test_column_ids[];
/* The rows the table shows now, after its filters, in its order: all of
 * them, while the table's "rows" grow a screenful at a time. */
GListModel  *app_test_shown           (CuoccWindow *window);
guint        app_test_n_shown         (CuoccWindow *window);
/* The first shown row of the kernel whose name starts with @prefix, on
 * @arch (no reference added); fails where there is none. */
CuoccKernelItem *app_test_find_row    (CuoccWindow *window,
                                       const char  *prefix,
                                       const char  *arch);
/* What the cell of column @column_id shows for @item: the text a row's
 * label is given when it is bound; also "difference" and "gpu0"… of a
 * comparison of GPUs (a GPU's cell: its two lines). */
char        *app_test_cell            (CuoccWindow     *window,
                                       CuoccKernelItem *item,
                                       const char      *column_id);

/* The command line's table (`cuocc --import … --format csv|json`, one row a
 * line) restricted to some of its rows, as the table's export writes it:
 * the CSV header or "[", then each row (a JSON row without its comma),
 * then "]" after n_rows JSON rows. */
void         app_test_cli_table_begin (GString     *out,
                                       gboolean     json,
                                       const char  *header);
void         app_test_cli_table_row   (GString     *out,
                                       gboolean     json,
                                       guint        index,
                                       const char  *line);
void         app_test_cli_table_end   (GString     *out,
                                       gboolean     json,
                                       guint        n_rows);

/* Real key events (XTest), as a user's keyboard sends them, to the window
 * given the X input focus; each handled by GTK before the next.
 * app_test_key_events_missing () says why there are none (the test skips
 * with that reason), or NULL. @accelerators: gtk_accelerator_parse ()'s
 * form, several separated by spaces ("F10 Down <Control>o <Alt>2"). */
const char  *app_test_key_events_missing (void);
void         app_test_press_keys      (GtkWindow   *window,
                                       const char  *accelerators);
void         app_test_type_keys       (GtkWindow   *window,
                                       const char  *text);
#define SKIP_WITHOUT_KEY_EVENTS() \
  G_STMT_START { \
    if (app_test_key_events_missing () != NULL) \
      { g_test_skip (app_test_key_events_missing ()); return; } \
  } G_STMT_END

/* The oracle of the tests that assemble PTX: what the toolkit's own ptxas
 * prints with -v for each entry of @ptx on @target (with @entry: that one
 * alone), read here from its output: mangled name → registers. NULL where
 * the toolkit is missing (inside the Flatpak's build, for one): the test
 * skips, saying so. */
#define APP_TEST_REAL_PTXAS "/usr/local/cuda/bin/ptxas"
GHashTable  *app_test_ptxas_registers (const char  *ptx,
                                       const char  *target,
                                       const char  *entry);

G_END_DECLS
