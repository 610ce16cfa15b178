/* test-library-compare.c — Compare and the table's export on a library of
 * 50,000 kernels, in the real window at 800 × 600 and 1920 × 1080, against
 * the command line for the same files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The build writes two builds of tests/gen-library.py's library: build 0
 * (CUOCC_GENERATED_LIBRARY, 57,600 entries) and build 1
 * (CUOCC_GENERATED_LIBRARY_NEXT), in which some kernels' registers or
 * shared memory changed, some translation units are gone and some are new;
 * its manifest says how many entries of each. Each window imports build 1
 * once and compares it with build 0 once (seconds each, more on loaded
 * cores), and every check runs in it.
 */
#include "config.h"

#include <string.h>
#include <sys/wait.h>

#include <glib/gstdio.h>

#include "app-test.h"
#include "cuocc-compat.h"
#include "cuocc-kernel-item.h"

#define GPU "NVIDIA H100 SXM5"
#define THREADS "128"

/* ----- the command line ----- */

typedef struct {
  char **lines;                    /* stdout's lines, without the last newline */
  char *err;
} CliRun;

static void
cli_run_clear (CliRun *run)
{
  g_strfreev (run->lines);
  g_free (run->err);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (CliRun, cli_run_clear)

/* `cuocc ARGS…` (NULL-terminated); exit status 0, or 1 where some kernel
 * could not be worked out and may_fail. */
static void
run_cli (CliRun     *run,
         gboolean    may_fail,
         const char *first,
         ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autofree char *out = NULL;
  const char *cli = g_getenv ("CUOCC_CLI");
  va_list args;
  int status;

  g_assert_nonnull (cli);
  g_ptr_array_add (argv, (gpointer) cli);
  va_start (args, first);
  for (const char *arg = first; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (gpointer) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out,
                               &run->err, &status, NULL));
  g_assert_true (WIFEXITED (status));
  if (!may_fail || WEXITSTATUS (status) != 1)
    g_assert_cmpint (WEXITSTATUS (status), ==, 0);
  g_assert_true (g_str_has_suffix (out, "\n"));
  out[strlen (out) - 1] = '\0';
  run->lines = g_strsplit (out, "\n", -1);
}

/* A JSON row's field as the command line wrote it (one object a line):
 * a string with its quotes and escapes, a number, or null. */
static char *
json_field (const char *line,
            const char *name)
{
  g_autofree char *key = g_strdup_printf ("\"%s\": ", name);
  const char *start = strstr (line, key);
  const char *end;

  g_assert_nonnull (start);
  start += strlen (key);
  if (*start == '"')
    {
      for (end = start + 1; *end != '"'; end++)
        {
          g_assert_true (*end != '\0');
          if (*end == '\\')
            end++;
        }
      end++;
    }
  else
    end = start + strcspn (start, ",}");
  return g_strndup (start, end - start);
}

static char *
json_string (const char *text)
{
  GString *out = g_string_new (NULL);

  cuocc_table_append_json (out, text);
  return g_string_free (out, FALSE);
}

/* What tells one entry of a binary from every other: its mangled name, its
 * architecture and its place ("LIB[.nv_fatbin+0x…] (sm_90 SASS)"), as the
 * command line's JSON writes them. */
static char *
entry_key (const char *mangled,
           const char *arch,
           const char *file)
{
  return g_strjoin ("\n", mangled, arch, file, NULL);
}

static char *
item_key (CuoccKernelItem *item)
{
  const CuoccKernel *k = cuocc_kernel_item_get_kernel (item);
  g_autofree char *mangled = json_string (k->mangled);
  g_autofree char *arch = json_string (k->arch);
  g_autofree char *label = cuocc_import_file_label (k);
  g_autofree char *file = json_string (label);

  return entry_key (mangled, arch, file);
}

/* The rows of a JSON table ("[", one object a line, "]") by their entry's
 * key (file_field: the field naming its place); each once. */
static GHashTable *
json_rows (char       **lines,
           const char  *file_field,
           guint       *n_rows)
{
  GHashTable *rows = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint n = 0;

  g_assert_cmpstr (lines[0], ==, "[");
  for (guint i = 1; lines[i] != NULL && !g_str_equal (lines[i], "]"); i++, n++)
    {
      g_autofree char *mangled = json_field (lines[i], "mangled");
      g_autofree char *arch = json_field (lines[i], "arch");
      g_autofree char *file = json_field (lines[i], file_field);
      char *key = entry_key (mangled, arch, file);

      g_assert_false (g_hash_table_contains (rows, key));
      g_hash_table_insert (rows, key, GUINT_TO_POINTER (i));
    }
  *n_rows = n;
  return rows;
}

/* ----- the window ----- */

static gboolean
keep_ticking (gpointer user_data)
{
  return G_SOURCE_CONTINUE;
}

/* Compares the table with the build in path, read in the background as
 * Compare… reads it: seconds, and minutes on loaded cores. */
static void
compare_library (CuoccWindow *window,
                 const char  *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  gint64 deadline = g_get_monotonic_time () + APP_TEST_LIBRARY_TIMEOUT_S * G_USEC_PER_SEC;
  guint tick = g_timeout_add_seconds (1, keep_ticking, NULL);

  cuocc_kernels_panel_compare_file (app_test_kernels_panel (window), file);
  while (!app_test_kernels_idle (window, NULL))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, TRUE);
    }
  g_source_remove (tick);
}

/* Every architecture, no filter on; the changed filter as asked. */
static void
show_all (CuoccWindow *window,
          gboolean     changed_only)
{
  gtk_editable_set_text (app_test_kernels_search (app_test_kernels_panel (window)), "");
  gtk_drop_down_set_selected (app_test_arch_dropdown (app_test_kernels_panel (window)), 0);
  gtk_drop_down_set_selected (app_test_limiter_dropdown (app_test_kernels_panel (window)), 0);
  gtk_spin_button_set_value (app_test_below_spin (app_test_kernels_panel (window)), 100);
  gtk_toggle_button_set_active (app_test_changed_toggle (app_test_kernels_panel (window)),
                                changed_only);
  app_test_wait_until (window, app_test_kernels_idle, NULL);
}

/* The table in the file's order, as it opens. */
static void
unsort (CuoccWindow *window)
{
  gtk_column_view_sort_by_column (app_test_column_view (app_test_kernels_panel (window)), NULL,
                                  GTK_SORT_ASCENDING);
}

/* The limiter filter's choice that limits to registers. */
static guint
registers_choice (CuoccWindow *window)
{
  GListModel *choices =
      gtk_drop_down_get_model (app_test_limiter_dropdown (app_test_kernels_panel (window)));

  for (guint i = 0; i < g_list_model_get_n_items (choices); i++)
    if (g_str_equal (gtk_string_list_get_string (GTK_STRING_LIST (choices), i), "Limited by Registers"))
      return i;
  g_assert_not_reached ();
}

/* The button of the given action below widget. */
static GtkWidget *
find_action_button (GtkWidget  *widget,
                    const char *action)
{
  if (GTK_IS_ACTIONABLE (widget) &&
      g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_action_button (child, action);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* ----- what the command line says ----- */

typedef struct {
  char *next;                      /* build 1: imported */
  char *old;                       /* build 0: compared with */
  guint rows;                      /* build 1's entries */
  guint diff[4];                   /* the manifest's changed, added, removed, same */
  CliRun import[2][2];             /* [csv, json][--threads THREADS, declared only] */
  CliRun diff_runs[2];             /* --diff as JSON: [--threads THREADS, declared only] */
  GHashTable *import_rows;         /* key → line of import[1][0] */
  GHashTable *diff_rows[2];        /* key (file_after) → line of diff_runs[i], changed or added */
  guint counts[4];                 /* the command line's: changed, added, removed, unchanged */
} Expected;

static void
expected_clear (Expected *e)
{
  g_free (e->next);
  g_free (e->old);
  for (guint f = 0; f < 2; f++)
    for (guint d = 0; d < 2; d++)
      cli_run_clear (&e->import[f][d]);
  for (guint d = 0; d < 2; d++)
    {
      cli_run_clear (&e->diff_runs[d]);
      g_clear_pointer (&e->diff_rows[d], g_hash_table_unref);
    }
  g_clear_pointer (&e->import_rows, g_hash_table_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Expected, expected_clear)

static guint
manifest_count (const char *manifest,
                const char *name)
{
  g_autofree char *key = g_strdup_printf ("\"%s\":", name);
  const char *found = strstr (manifest, key);

  g_assert_nonnull (found);
  return (guint) g_ascii_strtoull (found + strlen (key), NULL, 10);
}

/* The rows of a --diff JSON table that changed or are new, by their entry
 * in the new build. */
static GHashTable *
diff_rows (char **lines)
{
  GHashTable *rows = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  g_assert_cmpstr (lines[0], ==, "[");
  for (guint i = 1; lines[i] != NULL && !g_str_equal (lines[i], "]"); i++)
    {
      g_autofree char *change = json_field (lines[i], "change");
      g_autofree char *mangled = NULL, *arch = NULL, *file = NULL;

      if (g_str_equal (change, "\"removed\""))
        continue;
      g_assert_true (g_str_equal (change, "\"changed\"") || g_str_equal (change, "\"added\""));
      mangled = json_field (lines[i], "mangled");
      arch = json_field (lines[i], "arch");
      file = json_field (lines[i], "file_after");
      g_assert_true (g_hash_table_insert (rows, entry_key (mangled, arch, file), GUINT_TO_POINTER (i)));
    }
  return rows;
}

/* The builds, their manifests, and what the command line prints for them:
 * once, for both window sizes. NULL where the build wrote no libraries. */
static gboolean
expected_init (Expected *e)
{
  static const char *const formats[] = { "csv", "json" };
  const char *next = g_getenv ("CUOCC_GENERATED_LIBRARY_NEXT");
  g_autofree char *next_base = NULL;
  g_autofree char *next_manifest_path = NULL;
  g_autofree char *next_manifest = NULL;
  g_autofree char *summary = NULL;
  const char *diff;
  guint n;

  memset (e, 0, sizeof *e);
  e->old = app_test_generated_library (NULL);
  if (e->old == NULL || next == NULL || !g_file_test (next, G_FILE_TEST_EXISTS))
    return FALSE;
  e->next = g_strdup (next);
  g_assert_true (g_str_has_suffix (next, ".so"));
  next_base = g_strndup (next, strlen (next) - strlen (".so"));
  next_manifest_path = g_strconcat (next_base, ".json", NULL);
  g_assert_true (g_file_get_contents (next_manifest_path, &next_manifest, NULL, NULL));
  e->rows = manifest_count (next_manifest, "rows");
  g_assert_cmpuint (e->rows, >=, 50000);
  diff = strstr (next_manifest, "\"diff\":");
  g_assert_nonnull (diff);
  e->diff[0] = manifest_count (diff, "changed");
  e->diff[1] = manifest_count (diff, "added");
  e->diff[2] = manifest_count (diff, "removed");
  e->diff[3] = manifest_count (diff, "same");
  /* Something of each. */
  for (guint i = 0; i < 4; i++)
    g_assert_cmpuint (e->diff[i], >, 0);

  for (guint f = 0; f < G_N_ELEMENTS (formats); f++)
    {
      /* Exit status 1: the PTX entries' registers are known only after
       * the driver compiles them. */
      run_cli (&e->import[f][0], TRUE, "--import", e->next, "--gpu", GPU, "--threads", THREADS,
               "--format", formats[f], NULL);
      /* Without --threads the kernels that declare no block size are
       * errors too. */
      run_cli (&e->import[f][1], TRUE, "--import", e->next, "--gpu", GPU, "--format", formats[f], NULL);
    }
  e->import_rows = json_rows (e->import[1][0].lines, "file", &n);
  g_assert_cmpuint (n, ==, e->rows);

  run_cli (&e->diff_runs[0], FALSE, "--import", e->old, "--diff", e->next, "--gpu", GPU, "--threads", THREADS,
           "--format", "json", NULL);
  run_cli (&e->diff_runs[1], FALSE, "--import", e->old, "--diff", e->next, "--gpu", GPU, "--format", "json",
           NULL);
  for (guint d = 0; d < 2; d++)
    e->diff_rows[d] = diff_rows (e->diff_runs[d].lines);
  summary = g_strdup (strstr (e->diff_runs[0].err, "cuocc: ") != NULL ? e->diff_runs[0].err : "");
  {
    const char *line = strstr (summary, " changed, ");

    g_assert_nonnull (line);
    while (line > summary && line[-1] != '\n')
      line--;
    g_assert_cmpint (sscanf (line, "cuocc: %u changed, %u added, %u removed, %u unchanged", &e->counts[0],
                             &e->counts[1], &e->counts[2], &e->counts[3]), ==, 4);
  }
  g_test_message ("cuocc --import OLD --diff NEW: %u changed, %u added, %u removed, %u unchanged",
                  e->counts[0], e->counts[1], e->counts[2], e->counts[3]);
  /* The command line counts what the generator changed, added and left
   * out. */
  for (guint i = 0; i < 4; i++)
    g_assert_cmpuint (e->counts[i], ==, e->diff[i]);
  g_assert_cmpuint (g_hash_table_size (e->diff_rows[0]), ==, e->counts[0] + e->counts[1]);
  g_assert_cmpuint (g_hash_table_size (e->diff_rows[1]), ==, e->counts[0] + e->counts[1]);
  return TRUE;
}

/* The run whose figures the table shows for a kernel: a kernel that
 * declares its block size at that size (the run without --threads), the
 * others at the inputs' size (--threads THREADS). */
static guint
run_of_kernel (const CuoccKernel *k)
{
  return k->block_size > 0 || k->max_threads > 0 ? 1 : 0;
}

static guint
run_of (CuoccKernelItem *item)
{
  return run_of_kernel (cuocc_kernel_item_get_kernel (item));
}

/* ----- the export ----- */

/* What the command line prints for the rows shown, in the table's order;
 * *in_file_order: the rows are the command line's, all of them, in its
 * order. */
static char *
expected_export (Expected    *e,
                 CuoccWindow *window,
                 guint        format,
                 gboolean    *in_file_order)
{
  GString *out = g_string_new (NULL);
  char **threads = e->import[format][0].lines;
  char **declared = e->import[format][1].lines;
  guint n = app_test_n_shown (window);

  /* The same columns either way: the block sizes some kernels declare ask
   * for the occupancy columns where --threads is not given. */
  g_assert_cmpstr (threads[0], ==, declared[0]);
  *in_file_order = n == e->rows;
  app_test_cli_table_begin (out, format == 1, threads[0]);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (app_test_shown (window), i);
      g_autofree char *key = item_key (item);
      guint line = GPOINTER_TO_UINT (g_hash_table_lookup (e->import_rows, key));

      g_assert_cmpuint (line, >, 0);
      *in_file_order = *in_file_order && line == i + 1;
      app_test_cli_table_row (out, format == 1, i, (run_of (item) ? declared : threads)[line]);
    }
  app_test_cli_table_end (out, format == 1, n);
  return g_string_free (out, FALSE);
}

/* The export of the rows shown, as CSV and JSON, written over an existing
 * file whose mode it keeps, is byte for byte the command line's for them. */
static void
check_export (Expected    *e,
              CuoccWindow *window,
              const char  *dir,
              gboolean     whole)
{
  static const char *const formats[] = { "csv", "json" };

  for (guint f = 0; f < G_N_ELEMENTS (formats); f++)
    {
      g_autofree char *name = g_strdup_printf ("kernels.%s", formats[f]);
      g_autofree char *out = g_build_filename (dir, name, NULL);
      g_autofree char *written = NULL;
      g_autofree char *expected = NULL;
      g_autoptr(GError) error = NULL;
      gboolean in_file_order;
      GStatBuf st;
      gint64 start;

      expected = expected_export (e, window, f, &in_file_order);
      g_assert_cmpint (in_file_order, ==, whole);
      g_assert_true (g_file_set_contents (out, "old contents that are longer than nothing\n", -1, NULL));
      g_assert_cmpint (g_chmod (out, 0640), ==, 0);
      g_autofree char *told = app_test_n_shown (window) == e->rows
                                  ? g_strdup_printf ("Exported %u kernels to “%s”", e->rows, name)
                                  : g_strdup_printf ("Exported %u of %u kernels to “%s”",
                                                     app_test_n_shown (window), e->rows, name);

      app_test_forget_message ();
      start = g_get_monotonic_time ();
      g_assert_true (app_test_use_path (window, "win.export-kernels", NULL, out, &error));
      g_assert_no_error (error);
      /* The notification says what the file holds: the rows shown, of how
       * many. */
      g_assert_cmpstr (app_test_last_message (), ==, told);
      g_test_message ("%u rows exported as %s in %.0f ms", app_test_n_shown (window), formats[f],
                      (g_get_monotonic_time () - start) / 1000.0);
      g_assert_true (g_file_get_contents (out, &written, NULL, NULL));
      /* Not g_assert_cmpstr: megabytes in the message. */
      if (!g_str_equal (written, expected))
        {
          gsize at = 0;

          while (written[at] == expected[at])
            at++;
          g_error ("%s differs from the command line's at byte %" G_GSIZE_FORMAT
                   ": \"%.80s\" where \"%.80s\"",
                   name, at, written + at, expected + at);
        }
      if (whole)
        {
          /* The whole table is the command line's output itself, row for
           * row: --threads's for the kernels that declare no block size,
           * the declared run's for the others. */
          guint n_lines = 0;

          for (const char *p = written; *p != '\0'; p++)
            n_lines += *p == '\n';
          g_assert_cmpuint (n_lines, ==, e->rows + (f == 1 ? 2 : 1));
        }
      g_assert_cmpint (g_stat (out, &st), ==, 0);
      g_assert_cmpint (st.st_mode & 0777, ==, 0640);
      g_assert_cmpint (g_remove (out), ==, 0);
    }
}

static void
test_export (Expected    *e,
             CuoccWindow *window)
{
  g_autofree char *dir = g_dir_make_tmp ("cuocc-library-export-XXXXXX", NULL);
  g_autofree char *count = NULL;
  GtkWidget *button;
  guint n_loaded, n_filtered;

  /* The button says what it writes: the rows shown. */
  button = find_action_button (GTK_WIDGET (app_test_kernels_panel (window)), "win.export-kernels");
  g_assert_nonnull (button);
  g_assert_cmpstr (gtk_widget_get_tooltip_text (button), ==, "Export the Rows Shown as CSV or JSON");

  /* The table as it opens: the entries that run on the GPU, in the file's
   * order, then sorted by occupancy, least first. */
  n_loaded = app_test_n_shown (window);
  g_assert_cmpuint (n_loaded, >, 0);
  g_assert_cmpuint (n_loaded, <, e->rows);
  app_test_sort_by (app_test_kernels_panel (window), "occupancy", GTK_SORT_ASCENDING);
  check_export (e, window, dir, FALSE);

  /* The whole table in the file's order: the command line's output. */
  unsort (window);
  show_all (window, FALSE);
  g_assert_cmpuint (app_test_n_shown (window), ==, e->rows);
  check_export (e, window, dir, TRUE);

  /* With filters on, what is shown and nothing else: a search, the
   * entries that run on the GPU, those limited by registers, sorted by
   * registers, most first. The count says how many. */
  gtk_drop_down_set_selected (app_test_arch_dropdown (app_test_kernels_panel (window)), 1);
  gtk_editable_set_text (app_test_kernels_search (app_test_kernels_panel (window)), "cutlass");
  gtk_drop_down_set_selected (app_test_limiter_dropdown (app_test_kernels_panel (window)),
                              registers_choice (window));
  app_test_sort_by (app_test_kernels_panel (window), "regs", GTK_SORT_DESCENDING);
  app_test_wait_until (window, app_test_kernels_idle, NULL);
  n_filtered = app_test_n_shown (window);
  g_test_message ("filtered: %u of %u rows, %u of them run on the GPU", n_filtered, e->rows, n_loaded);
  g_assert_cmpuint (n_filtered, >, 0);
  g_assert_cmpuint (n_filtered, <, n_loaded);
  count = g_strdup_printf ("%u of %u kernels", n_filtered, e->rows);
  g_assert_cmpstr (app_test_panel_text (app_test_kernels_panel (window), "count_label"), ==, count);
  for (guint i = 0; i < n_filtered; i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (app_test_shown (window), i);
      g_autofree char *limiter = app_test_cell (window, item, "limiter");

      g_assert_nonnull (strstr (limiter, "Registers"));
    }
  check_export (e, window, dir, FALSE);

  unsort (window);
  show_all (window, FALSE);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* The window as drawn, into the build folder, to be looked at:
 * cuocc-library-WHAT-WIDTHxHEIGHT.png. */
static void
save_screenshot (CuoccWindow *window,
                 const char  *what)
{
  const char *dir = g_getenv ("CUOCC_SCREENSHOT_DIR");
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));
  g_autofree char *name = g_strdup_printf ("cuocc-library-%s-%dx%d.png", what,
                                           gdk_surface_get_width (surface), gdk_surface_get_height (surface));
  g_autofree char *file = g_build_filename (dir != NULL ? dir : g_get_tmp_dir (), name, NULL);
  g_autoptr(GdkTexture) texture = NULL;

  app_test_wait_for_sidebar (window, TRUE);
  app_test_wait_for_frame (GTK_WIDGET (window));
  texture = app_test_render_widget (GTK_WIDGET (window));
  g_assert_true (gdk_texture_save_to_png (texture, file));
  g_test_message ("screenshot: %s", file);
}

/* ----- the gone entries ----- */

/* The rows of a --diff JSON table that were removed, by their entry in
 * the old build: key → line. */
static GHashTable *
removed_rows (char **lines)
{
  GHashTable *rows = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  g_assert_cmpstr (lines[0], ==, "[");
  for (guint i = 1; lines[i] != NULL && !g_str_equal (lines[i], "]"); i++)
    {
      g_autofree char *change = json_field (lines[i], "change");
      g_autofree char *mangled = NULL, *arch = NULL, *file = NULL;

      if (!g_str_equal (change, "\"removed\""))
        continue;
      mangled = json_field (lines[i], "mangled");
      arch = json_field (lines[i], "arch");
      file = json_field (lines[i], "file_before");
      g_assert_true (g_hash_table_insert (rows, entry_key (mangled, arch, file), GUINT_TO_POINTER (i)));
    }
  return rows;
}

static char *
json_figure (gint64 value)
{
  return value >= 0 ? g_strdup_printf ("%" G_GINT64_FORMAT, value) : g_strdup ("null");
}

static gboolean
find_label (GtkWidget  *widget,
            const char *text)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget) &&
      g_str_equal (gtk_label_get_label (GTK_LABEL (widget)), text))
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (find_label (child, text))
      return TRUE;
  return FALSE;
}

/* List the N Gone Entries… lists exactly what `cuocc --import OLD --diff
 * NEW` lists as removed, each once, with the figures it prints for the old
 * build's entry. */
static void
test_gone (Expected    *e,
           CuoccWindow *window,
           const char  *old_name)
{
  GtkButton *button =
      GTK_BUTTON (app_test_panel_part (app_test_kernels_panel (window), GTK_TYPE_BUTTON, "gone_button"));
  g_autoptr(GHashTable) removed = removed_rows (e->diff_runs[0].lines);
  /* counted as the comparison's line counts: "1152 gone" */
  g_autofree char *label = g_strdup_printf ("List the %u Gone Entries…", e->counts[2]);
  g_autofree char *title = g_strdup_printf ("Gone Since “%s”", old_name);
  GtkWindow *dialog;
  GtkWidget *view;
  GListModel *rows;
  guint n;

  g_assert_cmpuint (g_hash_table_size (removed), ==, e->counts[2]);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (button)));
  g_assert_cmpstr (gtk_button_get_label (button), ==, label);
  g_signal_emit_by_name (button, "clicked");
  dialog = app_test_other_toplevel (GTK_WINDOW (window));
  g_assert_nonnull (dialog);
  g_assert_cmpstr (gtk_window_get_title (dialog), ==, title);
  g_assert_true (gtk_window_get_modal (dialog));
  view = app_test_find_descendant (GTK_WIDGET (dialog), GTK_TYPE_COLUMN_VIEW, FALSE);
  g_assert_nonnull (view);
  rows = G_LIST_MODEL (gtk_column_view_get_model (GTK_COLUMN_VIEW (view)));
  n = g_list_model_get_n_items (rows);
  g_assert_cmpuint (n, ==, e->counts[2]);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (rows, i);
      const CuoccKernel *k = cuocc_kernel_item_get_kernel (item);
      g_autofree char *key = item_key (item);
      guint line = GPOINTER_TO_UINT (g_hash_table_lookup (removed, key));
      const char *row;
      g_autofree char *name = NULL, *regs = NULL, *smem = NULL, *barriers = NULL, *stack = NULL;
      g_autofree char *want_name = json_string (k->name);
      /* unknown (PTX before it is assembled): null */
      g_autofree char *want_regs = json_figure (k->regs);
      g_autofree char *want_smem = json_figure (k->smem);
      g_autofree char *want_barriers = json_figure (k->barriers);
      g_autofree char *want_stack = json_figure (k->stack);

      g_assert_cmpuint (line, >, 0);
      row = e->diff_runs[0].lines[line];
      name = json_field (row, "kernel");
      regs = json_field (row, "regs_before");
      smem = json_field (row, "smem_before");
      barriers = json_field (row, "barriers_before");
      stack = json_field (row, "stack_before");
      g_assert_cmpstr (name, ==, want_name);
      g_assert_cmpstr (regs, ==, want_regs);
      g_assert_cmpstr (smem, ==, want_smem);
      g_assert_cmpstr (barriers, ==, want_barriers);
      g_assert_cmpstr (stack, ==, want_stack);
      /* each once */
      g_assert_true (g_hash_table_remove (removed, key));
    }
  g_assert_cmpuint (g_hash_table_size (removed), ==, 0);

  /* On screen: the first row's place, as the command line writes it. */
  {
    g_autoptr(CuoccKernelItem) first = g_list_model_get_item (rows, 0);
    g_autofree char *place = cuocc_import_file_label (cuocc_kernel_item_get_kernel (first));
    const char *dir = g_getenv ("CUOCC_SCREENSHOT_DIR");

    app_test_wait_for_frame (GTK_WIDGET (dialog));
    g_assert_true (find_label (GTK_WIDGET (dialog), place));
    if (dir != NULL)
      {
        GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));
        g_autofree char *file_name =
            g_strdup_printf ("cuocc-library-gone-%dx%d.png", gdk_surface_get_width (surface),
                             gdk_surface_get_height (surface));
        g_autofree char *file = g_build_filename (dir, file_name, NULL);
        g_autoptr(GdkTexture) texture = app_test_render_widget (GTK_WIDGET (dialog));

        g_assert_true (gdk_texture_save_to_png (texture, file));
        g_test_message ("screenshot: %s", file);
      }
  }
  g_test_message ("the %u gone entries listed as the command line lists them", n);
  gtk_window_destroy (dialog);
}

/* ----- the comparison ----- */

/* "50 % → 37.5 %": the occupancy in each build as the command line works
 * it out, each side from the run the table's rule picks for that build's
 * kernel (its own launch bounds, else --threads); "changed" where a side
 * has none (an entry the GPU does not load). */
static char *
changed_cell (const char *before_line,
              const char *after_line)
{
  g_autofree char *before = json_field (before_line, "occupancy_pct_before");
  g_autofree char *after = json_field (after_line, "occupancy_pct_after");

  if (g_str_equal (before, "null") || g_str_equal (after, "null"))
    return g_strdup ("changed");
  return g_strdup_printf ("%s %% → %s %%", before, after);
}

static void
test_compare (Expected    *e,
              CuoccWindow *window)
{
  g_autofree char *old_name = g_path_get_basename (e->old);
  g_autofree char *text = NULL;
  guint n_occupancy = 0, n_new = 0, n_changed = 0, n_bounds = 0;
  gboolean registers_checked = FALSE;
  gint64 start = g_get_monotonic_time ();

  compare_library (window, e->old);
  g_test_message ("compared with %s in %.0f ms", old_name, (g_get_monotonic_time () - start) / 1000.0);

  /* Old → this build, counted as the command line counts it. */
  text = g_strdup_printf ("Since the older build “%s”: %u changed or new, %u gone (old → this build)",
                          old_name, e->counts[0] + e->counts[1], e->counts[2]);
  g_assert_cmpstr (app_test_panel_text (app_test_kernels_panel (window), "compare_label"), ==, text);
  g_assert_true (gtk_widget_get_visible (
      GTK_WIDGET (app_test_changed_toggle (app_test_kernels_panel (window)))));
  test_gone (e, window, old_name);

  /* Changed: exactly the entries the command line lists as changed or
   * added, of every architecture; the column reads old → new on the GPU
   * as the command line works it out for each build. */
  show_all (window, TRUE);
  g_assert_cmpuint (app_test_n_shown (window), ==, e->counts[0] + e->counts[1]);
  for (guint i = 0; i < app_test_n_shown (window); i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (app_test_shown (window), i);
      g_autofree char *key = item_key (item);
      const CuoccKernel *before = NULL;
      CuoccKernelChange kind = cuocc_kernel_item_get_change (item, &before);
      const char *lines[2];
      const char *row;
      g_autofree char *change = NULL;
      g_autofree char *got = app_test_cell (window, item, "changed");
      g_autofree char *want = NULL;

      for (guint run = 0; run < 2; run++)
        {
          guint line = GPOINTER_TO_UINT (g_hash_table_lookup (e->diff_rows[run], key));

          g_assert_cmpuint (line, >, 0);
          lines[run] = e->diff_runs[run].lines[line];
        }
      row = lines[run_of (item)];
      change = json_field (row, "change");
      g_assert_cmpint (kind, ==,
                       g_str_equal (change, "\"added\"") ? CUOCC_KERNEL_ADDED : CUOCC_KERNEL_CHANGED);
      if (kind == CUOCC_KERNEL_ADDED)
        want = g_strdup ("new");
      else
        {
          g_assert_nonnull (before);
          want = changed_cell (lines[run_of_kernel (before)], row);
          if (before->max_threads != cuocc_kernel_item_get_kernel (item)->max_threads && n_bounds++ == 0)
            {
              /* The details say what the kernel declares now, old → new. */
              g_autofree char *bounds = g_strdup_printf ("launch bounds %d → %d threads", before->max_threads,
                                                         cuocc_kernel_item_get_kernel (item)->max_threads);

              cuocc_kernels_panel_choose (app_test_kernels_panel (window), i);
              g_assert_nonnull (strstr (app_test_details_text (app_test_kernels_panel (window),
                                                               "change_label"),
                                        bounds));
            }
        }
      g_assert_cmpstr (got, ==, want);
      n_new += g_str_equal (want, "new");
      n_occupancy += g_str_has_suffix (want, " %");
      n_changed += g_str_equal (want, "changed");

      /* The details of a kernel whose registers changed read old → new. */
      if (!registers_checked && strstr (want, " → ") != NULL)
        {
          g_autofree char *regs_before = json_field (row, "regs_before");
          g_autofree char *regs_after = json_field (row, "regs_after");

          if (!g_str_equal (regs_before, regs_after))
            {
              g_autofree char *registers = g_strdup_printf ("registers %s → %s", regs_before, regs_after);

              cuocc_kernels_panel_choose (app_test_kernels_panel (window), i);
              g_assert_nonnull (strstr (app_test_details_text (app_test_kernels_panel (window),
                                                               "change_label"),
                                        registers));
              registers_checked = TRUE;
            }
        }
    }
  g_test_message (
      "changed: %u with occupancy before → after, %u without (PTX, or not run on the GPU), %u new; %u with "
      "other launch bounds",
      n_occupancy, n_changed, n_new, n_bounds);
  g_assert_cmpuint (n_new, ==, e->counts[1]);
  g_assert_cmpuint (n_occupancy, >, 0);
  g_assert_cmpuint (n_changed, >, 0);
  g_assert_cmpuint (n_bounds, >, 0);
  g_assert_true (registers_checked);

  /* With the entries that run on the GPU only: machine code shows the
   * occupancy in both builds. */
  gtk_drop_down_set_selected (app_test_arch_dropdown (app_test_kernels_panel (window)), 1);
  app_test_wait_until (window, app_test_kernels_idle, NULL);
  g_assert_cmpuint (app_test_n_shown (window), >, 0);
  g_assert_cmpuint (app_test_n_shown (window), <, e->counts[0] + e->counts[1]);
  for (guint i = 0; i < app_test_n_shown (window); i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (app_test_shown (window), i);
      const CuoccKernel *k = cuocc_kernel_item_get_kernel (item);
      g_autofree char *got = app_test_cell (window, item, "changed");
      g_autofree char *occupancy = app_test_cell (window, item, "occupancy");

      /* The PTX the driver compiles has no figures before it does; a
       * kernel whose declared cluster (32 blocks) the GPU cannot launch
       * has none in either build. */
      if (k->code == CUOCC_CODE_PTX || (g_str_equal (occupancy, "–") && k->cluster_dims[0] > 0))
        g_assert_true (g_str_equal (got, "new") || g_str_equal (got, "changed"));
      else
        g_assert_true (g_str_equal (got, "new") || g_str_has_suffix (got, " %"));
    }
  save_screenshot (window, "compare");
  show_all (window, FALSE);
  g_assert_cmpuint (app_test_n_shown (window), ==, e->rows);
}

/* Importing another file ends the comparison made for this one. */
static void
test_other_file_clears (CuoccWindow *window)
{
  g_autofree char *other =
      g_test_build_filename (G_TEST_DIST, "import", "data", "resource-usage-multi.log", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (other);

  gtk_toggle_button_set_active (app_test_changed_toggle (app_test_kernels_panel (window)),
                                TRUE);
  app_test_import (window, file);
  app_test_wait_until (window, app_test_kernels_idle, NULL);
  g_assert_cmpuint (app_test_n_kernels (app_test_kernels_panel (window)), ==, 70);
  g_assert_null (app_test_panel_text (app_test_kernels_panel (window), "compare_label"));
  /* The compared build's gone entries are gone with it: hidden, and
   * clicked all the same, their button lists none. */
  g_assert_false (gtk_widget_get_visible (
      app_test_panel_part (app_test_kernels_panel (window), GTK_TYPE_BUTTON, "gone_button")));
  g_signal_emit_by_name (app_test_panel_part (app_test_kernels_panel (window), GTK_TYPE_BUTTON, "gone_button"),
                         "clicked");
  g_assert_null (app_test_other_toplevel (GTK_WINDOW (window)));
  g_assert_false (gtk_widget_get_visible (
      GTK_WIDGET (app_test_changed_toggle (app_test_kernels_panel (window)))));
  g_assert_false (gtk_toggle_button_get_active (
      app_test_changed_toggle (app_test_kernels_panel (window))));
  gtk_drop_down_set_selected (app_test_arch_dropdown (app_test_kernels_panel (window)), 0);
  g_assert_cmpuint (app_test_n_shown (window), ==, 70);
  for (guint i = 0; i < app_test_n_shown (window); i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (app_test_shown (window), i);
      g_autofree char *got = app_test_cell (window, item, "changed");

      g_assert_cmpstr (got, ==, "");
    }
}

/* A build that changes a kernel's launch bounds: each side is worked out
 * at its own (`cuocc --import OLD --diff NEW` does). On an H100 (9.0) a
 * kernel of 70 registers takes 70 × 32 = 2,240 a warp, 2,304 allocated
 * (units of 256); 65,536 / 2,304 = 28 warps fit. Declaring at most 1,024
 * threads (32 warps) it fits no block: 0 %; at 512 (16 warps) one block,
 * 16 of 64 warps: 25 %. The table read "25 % → 25 %", the old build
 * worked out at the new build's 512 threads. */
static void
test_own_bounds (void)
{
  CuoccKernel before = { .code = CUOCC_CODE_SASS, .loaded = CUOCC_LOAD_YES, .regs = 70, .smem = 0,
                         .barriers = 1, .max_threads = 1024, .dynamic_smem = CUOCC_IMPORT_UNKNOWN };
  CuoccKernel after = before;
  CuoccKernelLaunch launch = { .threads = 256 };
  CuoccImportLaunch import;
  CuoccKernelEval ev;

  after.max_threads = 512;
  g_assert_true (cuocc_gpu_resolve_id (GPU, &launch.gpu, NULL));
  cuocc_kernel_launch_to_import (&launch, &import);
  cuocc_kernel_eval_compute (&ev, &import, &after, &before);
  g_assert_cmpint (ev.threads, ==, 512);
  g_assert_cmpint (ev.blocks, ==, 1);
  g_assert_cmpfloat_with_epsilon (ev.occupancy, 0.25, 1e-9);
  g_assert_cmpfloat_with_epsilon (ev.before, 0, 1e-9);

  /* A kernel that declares nothing, in either build: the block size chosen. */
  before.max_threads = after.max_threads = CUOCC_IMPORT_UNKNOWN;
  launch.threads = 512;
  cuocc_kernel_launch_to_import (&launch, &import);
  cuocc_kernel_eval_compute (&ev, &import, &after, &before);
  g_assert_cmpfloat_with_epsilon (ev.before, 0.25, 1e-9);
  g_assert_cmpfloat_with_epsilon (ev.occupancy, 0.25, 1e-9);
}

/* ----- at both sizes ----- */

static void
test_library (void)
{
  static const struct { int width, height; } sizes[] = { { 800, 600 }, { 1920, 1080 } };
  g_auto(Expected) e = { 0 };
  gint64 start;

  SKIP_WITHOUT_DISPLAY ();
  start = g_get_monotonic_time ();
  if (!expected_init (&e))
    {
      g_test_skip ("no generated libraries in the build folder (or under the sanitizers)");
      return;
    }
  g_test_message ("the command line's runs: %.0f ms", (g_get_monotonic_time () - start) / 1000.0);
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      CuoccWindow *window = app_test_window_at_size (sizes[s].width, sizes[s].height, NULL);

      g_test_message ("%d × %d", sizes[s].width, sizes[s].height);
      app_test_select_gpu (window, GPU);
      app_test_type_into (window, CUOCC_INPUT_KEY_THREADS, THREADS);
      start = g_get_monotonic_time ();
      app_test_import_library (window, e.next);
      g_test_message ("imported in %.0f ms", (g_get_monotonic_time () - start) / 1000.0);
      app_test_wait_for_sidebar (window, TRUE);
      g_assert_cmpuint (app_test_n_kernels (app_test_kernels_panel (window)), ==, e.rows);
      g_assert_cmpint (gdk_surface_get_width (gtk_native_get_surface (GTK_NATIVE (window))), ==,
                       sizes[s].width);

      test_export (&e, window);
      test_compare (&e, window);
      test_other_file_clears (window);
      app_test_window_free (window);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  app_test_init ();

  g_test_add_func ("/cuocc/app/library/compare-own-bounds", test_own_bounds);
  g_test_add_func ("/cuocc/app/library/compare-and-export", test_library);

  return g_test_run ();
}
