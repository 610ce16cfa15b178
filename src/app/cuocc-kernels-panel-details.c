/* cuocc-kernels-panel-details.c — the chosen kernel's details: its whole
 * name (and Copy Name, Copy Mangled Name), its figures, spills, what the
 * profiler saw, whether its entry loads on the GPU, and what changed
 * against a compared build.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <adwaita.h>
#include <glib/gi18n.h>

#include "cuocc-format.h"
#include "cuocc-kernels-panel-private.h"
#include "cuocc-testing.h"

/* The most of a name the details show: every name the demangler writes
 * (64 KiB at most) and the longest nvcc writes (39,501 characters in
 * tests/import/data/demangle); a hostile file's megabyte name shows its
 * start and end, and Copy Name copies it whole. */
#define DETAILS_NAME_MAX_CHARS (64 * 1024)
/* A name with a run of more characters than this without a space wraps
 * between any two characters, not between words: Pango 1.50 lays a word
 * longer than its line out again for every line it takes (20,000
 * characters without a space: 2.3 s in a text view), where wrapping by
 * character is linear (0.2 s). A demangled name has a space after each
 * template argument's comma; a name the demangler cannot read has none. */
#define WORD_WRAP_MAX_RUN 200
/* A name longer than this takes the name's whole scrolled window. */
#define NAME_SHORT_BYTES 300
/* What the mangled name's tooltip shows; Copy Mangled Name copies it whole. */
#define TOOLTIP_MANGLED_MAX_CHARS 600

/* ----- helpers ----- */

static char *
details_summary (const CuoccKernel *k)
{
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);

  if (k->arch != NULL)
    /* Translators: e.g. "Architecture sm_80 (compute capability 8.0)" */
    g_ptr_array_add (lines, g_strdup_printf (_("Architecture %s (compute capability %d.%d)"),
                                             k->arch, k->cc_major, k->cc_minor));
  else if (k->cc_major > 0)
    g_ptr_array_add (lines, g_strdup_printf (_("Compute capability %d.%d"), k->cc_major, k->cc_minor));
  if (k->regs >= 0)
    g_ptr_array_add (lines, g_strdup_printf (ngettext ("%d register per thread", "%d registers per thread", k->regs),
                                             k->regs));
  if (k->smem >= 0)
    {
      g_autofree char *size = cuocc_format_bytes (k->smem);

      g_ptr_array_add (lines, g_strdup_printf (_("%s static shared memory per block"), size));
    }
  if (k->dynamic_smem > 0)
    {
      g_autofree char *size = cuocc_format_bytes (k->dynamic_smem);

      g_ptr_array_add (lines, g_strdup_printf (_("%s dynamic shared memory per block"), size));
    }
  if (k->barriers >= 0)
    g_ptr_array_add (lines, g_strdup_printf (ngettext ("%d barrier", "%d barriers", k->barriers), k->barriers));
  if (k->stack > 0)
    {
      g_autofree char *size = cuocc_format_bytes (k->stack);

      g_ptr_array_add (lines, g_strdup_printf (_("%s stack frame per thread"), size));
    }
  g_ptr_array_add (lines, NULL);

  return g_strjoinv ("\n", (char **) lines->pdata);
}

static char *
spill_text (const CuoccKernel *k)
{
  g_autofree char *stores = cuocc_format_bytes (MAX (k->spill_stores, 0));
  g_autofree char *loads = cuocc_format_bytes (MAX (k->spill_loads, 0));

  /* Translators: e.g. "Spills registers to local memory: 2,076 bytes of spill stores and 2,344 bytes of
     spill loads in the compiled code …" */
  return g_strdup_printf (_("Spills registers to local memory: %s of spill stores and %s of spill loads in "
                            "the compiled code (the sizes of those instructions, not bytes per thread). "
                            "More registers per thread would spill less; the Tuning page shows what "
                            "occupancy remains."), stores, loads);
}

/* What Nsight Compute saw (or the launch a Triton cache records), beside
 * what cuocc works out for the same launch. */
static char *
profiler_text (CuoccKernelsPanel *self,
               gboolean          *disagrees)
{
  const CuoccKernel *k = cuocc_kernel_item_get_kernel (self->chosen);
  g_autofree char *theirs = NULL;
  g_autofree char *ours = NULL;
  g_autofree char *block = NULL;

  *disagrees = FALSE;
  if (k->theoretical_occupancy < 0 && k->block_size <= 0)
    return NULL;

  /* A Triton cache records the launch Triton makes (its warps), not a
   * profile. */
  if (k->block_size > 0 && k->format == CUOCC_IMPORT_FORMAT_TRITON)
    /* Translators: e.g. "Triton launches it in blocks of 128 threads." */
    block = g_strdup_printf (ngettext ("Triton launches it in blocks of %d thread.",
                                       "Triton launches it in blocks of %d threads.", k->block_size),
                             k->block_size);
  else if (k->block_size > 0)
    /* Translators: e.g. "Nsight Compute profiled blocks of 256 threads." */
    block = g_strdup_printf (ngettext ("Nsight Compute profiled blocks of %d thread.",
                                       "Nsight Compute profiled blocks of %d threads.", k->block_size),
                             k->block_size);
  if (k->theoretical_occupancy < 0)
    return g_steal_pointer (&block);

  theirs = cuocc_format_percent (k->theoretical_occupancy / 100.0);
  if (self->comparison < 0)
    /* Translators: e.g. "Its theoretical occupancy: 50 %; the inputs now describe another launch." */
    return g_strdup_printf (_("%s Its theoretical occupancy: %s; the inputs now describe another launch."),
                            block ? block : "", theirs);

  ours = cuocc_format_percent (self->comparison / 100.0);
  *disagrees = !cuocc_table_occupancy_agrees (self->comparison, k->theoretical_occupancy);
  if (*disagrees)
    /* Translators: e.g. "… Theoretical occupancy: Nsight Compute 50 %, cuocc 100 %. They disagree." */
    return g_strdup_printf (_("%s Theoretical occupancy: Nsight Compute %s, cuocc %s. They disagree."),
                            block ? block : "", theirs, ours);

  /* Translators: e.g. "… Theoretical occupancy: Nsight Compute 100 %, cuocc 100 %." */
  return g_strdup_printf (_("%s Theoretical occupancy: Nsight Compute %s, cuocc %s."),
                          block ? block : "", theirs, ours);
}

static void
update_profiler (CuoccKernelsPanel *self)
{
  g_autofree char *text = NULL;
  gboolean disagrees = FALSE;

  if (self->chosen != NULL)
    text = profiler_text (self, &disagrees);

  gtk_label_set_label (self->profiler_label, text ? g_strstrip (text) : "");
  gtk_widget_set_visible (GTK_WIDGET (self->profiler_label), text != NULL);
  if (disagrees)
    gtk_widget_add_css_class (GTK_WIDGET (self->profiler_label), "warning");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->profiler_label), "warning");
}

/* Says when the chosen entry is not what the driver runs on the GPU, and
 * offers the way out: the entry that loads, or a GPU that runs this one. */
static void
update_load (CuoccKernelsPanel *self)
{
  const CuoccKernel *k = cuocc_kernels_panel_get_chosen (self, NULL);
  g_autofree char *text = NULL;
  g_autofree char *button = NULL;
  CuoccKernelItem *sibling;

  if (k != NULL && k->loaded == CUOCC_LOAD_OTHER && (sibling = _cuocc_kernels_panel_loaded_sibling (self, k)) != NULL)
    {
      const char *arch = cuocc_kernel_item_get_kernel (sibling)->arch;

      if (cuocc_kernel_runs_on (k, self->gpu_major, self->gpu_minor))
        /* Translators: e.g. "On compute capability 8.9 the CUDA driver loads this kernel's sm_89 entry." */
        text = g_strdup_printf (_("On compute capability %d.%d the CUDA driver loads this kernel's %s entry."),
                                self->gpu_major, self->gpu_minor, arch);
      else
        /* Translators: e.g. "sm_120 code cannot run on compute capability 8.9: the CUDA driver loads this
           kernel's sm_80 entry. The inputs were left as they were." */
        text = g_strdup_printf (_("%s code cannot run on compute capability %d.%d: the CUDA driver loads this "
                                  "kernel's %s entry. The inputs were left as they were."),
                                k->arch, self->gpu_major, self->gpu_minor, arch);
      /* Translators: a button, e.g. "Show sm_89" */
      button = g_strdup_printf (_("Show %s"), arch);
    }
  else if (k != NULL && k->loaded == CUOCC_LOAD_NONE)
    {
      /* Translators: e.g. "sm_90 code cannot run on compute capability 8.9, and no entry of this kernel can. …" */
      text = g_strdup_printf (_("%s code cannot run on compute capability %d.%d, and no entry of this kernel can. "
                                "The inputs were left as they were."),
                              k->arch, self->gpu_major, self->gpu_minor);
      /* Translators: a button, e.g. "Use Compute Capability 9.0" */
      button = g_strdup_printf (_("Use Compute Capability %d.%d"), k->cc_major, k->cc_minor);
    }

  gtk_widget_set_visible (self->load_box, text != NULL);
  gtk_label_set_label (self->load_label, text ? text : "");
  gtk_button_set_label (self->load_button, button ? button : "");
}

static char *
change_text (CuoccKernelItem *item)
{
  const CuoccKernel *before = NULL;
  CuoccKernelChange change = item != NULL ? cuocc_kernel_item_get_change (item, &before) : CUOCC_KERNEL_SAME;
  const CuoccKernel *k = item != NULL ? cuocc_kernel_item_get_kernel (item) : NULL;
  g_autoptr(GPtrArray) parts = NULL;
  g_autofree char *joined = NULL;

  if (change == CUOCC_KERNEL_ADDED)
    return g_strdup (_("New in this build: the compared build has no such entry."));
  if (change != CUOCC_KERNEL_CHANGED || before == NULL)
    return NULL;

  parts = g_ptr_array_new_with_free_func (g_free);
  if (before->regs != k->regs)
    /* Translators: before and after, e.g. "registers 32 → 72" */
    g_ptr_array_add (parts, g_strdup_printf (_("registers %d → %d"), before->regs, k->regs));
  if (before->smem != k->smem)
    g_ptr_array_add (parts, g_strdup_printf (_("shared memory %lld → %lld bytes"), (long long) before->smem,
                                             (long long) k->smem));
  if (before->barriers != k->barriers)
    g_ptr_array_add (parts, g_strdup_printf (_("barriers %d → %d"), before->barriers, k->barriers));
  if (before->stack != k->stack)
    g_ptr_array_add (parts, g_strdup_printf (_("stack %lld → %lld bytes"), (long long) before->stack,
                                             (long long) k->stack));
  if (before->spill_stores != k->spill_stores || before->spill_loads != k->spill_loads)
    g_ptr_array_add (parts, g_strdup_printf (_("spills %lld → %lld bytes"),
                                             (long long) (MAX (before->spill_stores, 0) + MAX (before->spill_loads, 0)),
                                             (long long) (MAX (k->spill_stores, 0) + MAX (k->spill_loads, 0))));
  if (before->max_threads > 0 && k->max_threads > 0 && before->max_threads != k->max_threads)
    /* Translators: the most threads a block the kernel declares (__launch_bounds__), before and after,
     * e.g. "launch bounds 1024 → 512 threads" */
    g_ptr_array_add (parts, g_strdup_printf (_("launch bounds %d → %d threads"), before->max_threads,
                                             k->max_threads));
  if (parts->len == 0)
    g_ptr_array_add (parts, g_strdup (_("what the kernel declares")));
  g_ptr_array_add (parts, NULL);
  joined = g_strjoinv (", ", (char **) parts->pdata);

  /* Translators: e.g. "Changed since the compared build: registers 32 → 72, stack 992 → 0 bytes." */
  return g_strdup_printf (_("Changed since the compared build: %s."), joined);
}

static gsize
longest_run (const char *text)
{
  gsize most = 0;

  while (*text != '\0')
    {
      gsize run = strcspn (text, " ");

      most = MAX (most, run);
      text += run;
      text += strspn (text, " ");
    }
  return most;
}

/* The whole name in the text view, wrapped as it reads best where Pango
 * does it fast (WORD_WRAP_MAX_RUN). */
static void
show_name (CuoccKernelsPanel *self,
           const CuoccKernel *k)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->name_view);
  g_autofree char *name = cuocc_format_capped_middle (k->name, DETAILS_NAME_MAX_CHARS);
  g_autofree char *mangled = *k->mangled ? cuocc_format_capped (k->mangled, TOOLTIP_MANGLED_MAX_CHARS) : NULL;
  GtkTextIter start, end;

  gtk_text_view_set_wrap_mode (self->name_view,
                               longest_run (name) > WORD_WRAP_MAX_RUN ? GTK_WRAP_CHAR : GTK_WRAP_WORD_CHAR);
  /* A long name takes the few lines its scrolled window allows from the
   * start: the text view lays a long paragraph out when idle, and asked
   * for its height before that it answered two lines and a half. */
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (self->name_scroll),
                                              strlen (name) > NAME_SHORT_BYTES
                                              ? gtk_scrolled_window_get_max_content_height (GTK_SCROLLED_WINDOW (self->name_scroll))
                                              : -1);
  gtk_text_buffer_set_text (buffer, name, -1);
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  gtk_text_buffer_apply_tag (buffer, self->name_tag, &start, &end);
  /* A new name starts at its beginning. */
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->name_scroll)), 0);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->name_view), mangled);
}

static void
update_copy_actions (CuoccKernelsPanel *self)
{
  const CuoccKernel *k = cuocc_kernels_panel_get_chosen (self, NULL);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "kernels.copy-name", k != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "kernels.copy-mangled-name",
                                 k != NULL && *k->mangled && g_strcmp0 (k->mangled, k->name) != 0);
}

/* Copy Name and Copy Mangled Name: the chosen kernel's name, whole, as
 * the export and `cuocc --import` write it. */
static void
copy_name_action_cb (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  CuoccKernelsPanel *self = CUOCC_KERNELS_PANEL (widget);
  const CuoccKernel *k = cuocc_kernels_panel_get_chosen (self, NULL);
  gboolean mangled = g_str_equal (action_name, "kernels.copy-mangled-name");
  g_autofree char *text = NULL;
  GtkWidget *overlay;

  if (k == NULL || (mangled && !*k->mangled))
    return;
  text = g_utf8_make_valid (mangled ? k->mangled : k->name, -1);
  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), text);
  overlay = gtk_widget_get_ancestor (widget, ADW_TYPE_TOAST_OVERLAY);
  if (overlay != NULL)
    adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay),
                                 adw_toast_new (mangled ? _("Mangled name copied") : _("Name copied")));
}

/* ----- shared with the panel ----- */

void
_cuocc_kernels_panel_details_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, name_scroll);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelsPanel, name_view);
  gtk_widget_class_install_action (widget_class, "kernels.copy-name", NULL, copy_name_action_cb);
  gtk_widget_class_install_action (widget_class, "kernels.copy-mangled-name", NULL, copy_name_action_cb);
}

void
_cuocc_kernels_panel_details_init (CuoccKernelsPanel *self)
{
  GtkEventController *shortcuts;

  /* A name wraps inside identifiers: Pango would hyphenate
   * "cublasSplitKParams<fl-oat>", which reads as part of the name. */
  self->name_tag = gtk_text_buffer_create_tag (gtk_text_view_get_buffer (self->name_view), NULL,
                                               "insert-hyphens", FALSE, NULL);

  /* Ctrl+Alt+C anywhere in the window (Ctrl+Shift+C copies the results),
   * and Ctrl+C in the table, as a file manager copies what is chosen. */
  shortcuts = gtk_shortcut_controller_new ();
  gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (shortcuts), GTK_SHORTCUT_SCOPE_GLOBAL);
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_c, GDK_CONTROL_MASK | GDK_ALT_MASK),
                                                          gtk_named_action_new ("kernels.copy-name")));
  gtk_widget_add_controller (GTK_WIDGET (self), shortcuts);
  shortcuts = gtk_shortcut_controller_new ();
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_c, GDK_CONTROL_MASK),
                                                          gtk_named_action_new ("kernels.copy-name")));
  gtk_widget_add_controller (GTK_WIDGET (self->column_view), shortcuts);
  update_copy_actions (self);
}

CuoccKernelItem *
_cuocc_kernels_panel_loaded_sibling (CuoccKernelsPanel *self,
                                     const CuoccKernel *k)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->store));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(CuoccKernelItem) item = g_list_model_get_item (G_LIST_MODEL (self->store), i);
      const CuoccKernel *other = cuocc_kernel_item_get_kernel (item);

      if (other->loaded == CUOCC_LOAD_YES && g_strcmp0 (other->file, k->file) == 0 &&
          g_strcmp0 (*other->mangled ? other->mangled : other->name, *k->mangled ? k->mangled : k->name) == 0)
        return item;
    }
  return NULL;
}

void
_cuocc_kernels_panel_update_details (CuoccKernelsPanel *self)
{
  const CuoccKernel *k = cuocc_kernels_panel_get_chosen (self, NULL);
  g_autofree char *figures = NULL;
  g_autofree char *spills = NULL;

  update_copy_actions (self);
  gtk_widget_set_visible (self->details_scroll, k != NULL);
  gtk_widget_set_visible (self->details_box, k != NULL);
  gtk_widget_set_visible (self->details_separator, k != NULL);
  if (k == NULL)
    {
      gtk_widget_set_visible (self->load_box, FALSE);
      gtk_widget_set_visible (self->ptx_box, FALSE);
      return;
    }

  figures = details_summary (k);
  show_name (self, k);
  gtk_label_set_label (self->figures_label, figures);

  if (cuocc_kernel_item_has_spills (self->chosen))
    spills = spill_text (k);
  gtk_label_set_label (self->spill_label, spills ? spills : "");
  gtk_widget_set_visible (self->spill_box, spills != NULL);

  update_profiler (self);
  update_load (self);
  _cuocc_kernels_panel_ptxas_update_details (self);
  {
    g_autofree char *change = change_text (self->chosen);

    gtk_label_set_label (self->change_label, change ? change : "");
    gtk_widget_set_visible (GTK_WIDGET (self->change_label), change != NULL);
  }
}

/* ----- public API ----- */

/* The details' name view, and the name it shows (for the tests). */
GtkTextView *
cuocc_kernels_panel_get_name_view (CuoccKernelsPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), NULL);

  return self->name_view;
}

char *
cuocc_kernels_panel_get_name_text (CuoccKernelsPanel *self)
{
  GtkTextIter start, end;

  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), NULL);

  gtk_text_buffer_get_bounds (gtk_text_view_get_buffer (self->name_view), &start, &end);
  return gtk_text_iter_get_text (&start, &end);
}

/* cuocc's theoretical occupancy in percent for the launch the profiler saw,
 * or < 0 when the inputs describe another launch. */
void
cuocc_kernels_panel_set_comparison (CuoccKernelsPanel *self,
                                    double             occupancy)
{
  g_return_if_fail (CUOCC_IS_KERNELS_PANEL (self));

  if (self->comparison == occupancy)
    return;

  self->comparison = occupancy;
  update_profiler (self);
}

const char *
cuocc_kernels_panel_get_profiler_text (CuoccKernelsPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), NULL);

  return gtk_widget_get_visible (GTK_WIDGET (self->profiler_label))
         ? gtk_label_get_label (self->profiler_label) : NULL;
}

const char *
cuocc_kernels_panel_get_spill_text (CuoccKernelsPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), NULL);

  return self->chosen != NULL && gtk_widget_get_visible (self->spill_box)
         ? gtk_label_get_label (self->spill_label) : NULL;
}

/* What the details say about loading on the GPU, or NULL. */
const char *
cuocc_kernels_panel_get_load_text (CuoccKernelsPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), NULL);

  return gtk_widget_get_visible (self->load_box) ? gtk_label_get_label (self->load_label) : NULL;
}

GtkButton *
cuocc_kernels_panel_get_load_button (CuoccKernelsPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), NULL);

  return self->load_button;
}

const char *
cuocc_kernels_panel_get_change_text (CuoccKernelsPanel *self)
{
  g_return_val_if_fail (CUOCC_IS_KERNELS_PANEL (self), NULL);

  return gtk_widget_get_visible (GTK_WIDGET (self->change_label)) ? gtk_label_get_label (self->change_label) : NULL;
}
