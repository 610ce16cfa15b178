/* cuocc-kernel-details.c — one kernel entry's details: its whole name
 * (and Copy Name, Copy Mangled Name), its figures, what ptxas gave a PTX
 * entry, spills, what the profiler saw, whether the entry loads on the
 * GPU, and what changed against a compared build.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * It shows its `kernel` property (a CuoccKernelItem, or NULL: nothing
 * shown), worked out for `gpu-major`.`gpu-minor`, beside `comparison`
 * (cuocc's occupancy for the launch the profiler saw) and the ptxas that
 * assembles PTX (`ptxas-version`, `ptxas-error`, `ptxas-chosen`,
 * `ptxas-looking`): the kernels panel binds them in its .ui, with
 * `revision`, which it changes each time what the item carries changes
 * (ptxas's figures, the marks of what loads and of a compared build).
 * `kernels`, the list the item is of, is followed with a GSignalGroup for
 * the entry of the kernel that loads. The load button's two ways out are
 * signals: what they choose or switch to is the panel's.
 */
#include "config.h"

#include <string.h>

#include <adwaita.h>
#include <glib/gi18n.h>

#include "cuocc-format.h"
#include "cuocc-kernel-details.h"
#include "cuocc-kernel-find.h"
#include "cuocc-kernel-item.h"

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

/* ----- struct ----- */

struct _CuoccKernelDetails
{
  GtkWidget parent_instance;

  /* template */
  GtkWidget *name_scroll;
  GtkTextView *name_view;
  GtkLabel *figures_label;
  GtkWidget *ptx_box;
  GtkSpinner *ptx_spinner;
  GtkLabel *ptx_label;
  GtkWidget *spill_box;
  GtkLabel *spill_label;
  GtkWidget *load_box;
  GtkLabel *load_label;
  GtkButton *load_button;
  GtkLabel *change_label;
  GtkLabel *profiler_label;

  GtkTextTag *name_tag;
  CuoccKernelItem *kernel;
  GListModel *kernels;
  GSignalGroup *kernels_signals;
  int gpu_major;
  int gpu_minor;
  double comparison;
  guint revision;
  char *ptxas_version;
  char *ptxas_error;
  gboolean ptxas_chosen;
  gboolean ptxas_looking;
};

/* ----- property enum ----- */

enum {
  PROP_0,
  PROP_KERNEL,
  PROP_KERNELS,
  PROP_GPU_MAJOR,
  PROP_GPU_MINOR,
  PROP_COMPARISON,
  PROP_REVISION,
  PROP_PTXAS_VERSION,
  PROP_PTXAS_ERROR,
  PROP_PTXAS_CHOSEN,
  PROP_PTXAS_LOOKING,
  N_PROPS
};

enum {
  ENTRY_ACTIVATED,
  SWITCH_GPU,
  N_SIGNALS
};

/* ----- type definition ----- */

G_DEFINE_FINAL_TYPE (CuoccKernelDetails, cuocc_kernel_details, GTK_TYPE_WIDGET)

static GParamSpec *props[N_PROPS];
static guint signals[N_SIGNALS];

/* ----- helpers ----- */

static const CuoccKernel *
chosen_kernel (CuoccKernelDetails *self)
{
  return self->kernel != NULL ? cuocc_kernel_item_get_kernel (self->kernel) : NULL;
}

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
profiler_text (CuoccKernelDetails *self,
               gboolean           *disagrees)
{
  const CuoccKernel *k = cuocc_kernel_item_get_kernel (self->kernel);
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
update_profiler (CuoccKernelDetails *self)
{
  g_autofree char *text = NULL;
  gboolean disagrees = FALSE;

  if (self->kernel != NULL)
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
update_load (CuoccKernelDetails *self)
{
  const CuoccKernel *k = chosen_kernel (self);
  g_autofree char *text = NULL;
  g_autofree char *button = NULL;
  CuoccKernelItem *sibling;

  if (k != NULL && k->loaded == CUOCC_LOAD_OTHER && (sibling = cuocc_kernel_item_find_loaded (self->kernels, k)) != NULL)
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
show_name (CuoccKernelDetails *self,
           const CuoccKernel  *k)
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

/* What the details say of a PTX entry that loads, or NULL; *busy: a
 * spinner beside it. */
static char *
ptx_text (CuoccKernelDetails *self,
          gboolean           *busy)
{
  const CuoccKernel *k = chosen_kernel (self);
  g_autofree char *target = NULL;

  *busy = FALSE;
  if (k == NULL || k->code != CUOCC_CODE_PTX || k->loaded != CUOCC_LOAD_YES)
    return NULL;
  if (k->figures_from != NULL)
    /* Translators: e.g. "Figures from ptxas 13.0 for sm_89, as the CUDA driver assembles this PTX when it loads
       it; its JIT compiler may give other figures." */
    return g_strdup_printf (_("Figures from %s, as the CUDA driver assembles this PTX when it loads it; its JIT "
                              "compiler may give other figures."), k->figures_from);
  if (k->ptx_problem != NULL)
    /* Translators: e.g. "ptxas gave no figures: ptxas 13.0 for sm_89: it exited with status 255: …" */
    return g_strdup_printf (_("ptxas gave no figures: %s"), k->ptx_problem);
  if (k->ptx == NULL)
    return g_strdup (_("This entry is PTX: its registers are known only once the CUDA driver assembles it."));
  target = cuocc_ptxas_target (k->ptx, self->gpu_major, self->gpu_minor);
  if (cuocc_kernel_item_get_ptx_pending (self->kernel) || self->ptxas_looking)
    {
      *busy = TRUE;
      if (self->ptxas_version == NULL)
        return g_strdup (_("Looking for ptxas…"));
      /* Translators: e.g. "Assembling with ptxas 13.0 for sm_89…" */
      return g_strdup_printf (_("Assembling with ptxas %s for %s…"), self->ptxas_version, target);
    }
  if (self->ptxas_version == NULL && self->ptxas_error != NULL && !self->ptxas_chosen)
    /* Translators: e.g. "… assembles it for sm_89, and …"; "Choose ptxas…" is the main menu's item */
    return g_strdup_printf (_("This entry is PTX: its registers are known once ptxas assembles it for %s, and no "
                              "ptxas was found (in $CUDA_PATH/bin, $CUDA_HOME/bin, $PATH and /usr/local/cuda/bin). "
                              "Install the CUDA toolkit (Debian: nvidia-cuda-toolkit), or choose the ptxas to run "
                              "with Choose ptxas… in the main menu."), target);
  if (self->ptxas_version == NULL && self->ptxas_error != NULL)
    /* Translators: e.g. "… for sm_89. The ptxas chosen cannot run: /opt/ptxas: no such program (…)." */
    return g_strdup_printf (_("This entry is PTX: its registers are known once ptxas assembles it for %s. The "
                              "ptxas chosen cannot run: %s. Choose another with Choose ptxas… in the main menu, "
                              "or Find ptxas Automatically."), target, self->ptxas_error);
  return g_strdup_printf (_("This entry is PTX: its registers are known once ptxas assembles it for %s."), target);
}

static void
update_ptx (CuoccKernelDetails *self)
{
  gboolean busy = FALSE;
  g_autofree char *text = ptx_text (self, &busy);

  gtk_widget_set_visible (self->ptx_box, text != NULL);
  gtk_label_set_label (self->ptx_label, text != NULL ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->ptx_spinner), busy);
  gtk_spinner_set_spinning (self->ptx_spinner, busy);
  if (text != NULL && chosen_kernel (self)->ptx_problem != NULL)
    gtk_widget_add_css_class (GTK_WIDGET (self->ptx_label), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->ptx_label), "error");
}

static void
update_copy_actions (CuoccKernelDetails *self)
{
  const CuoccKernel *k = chosen_kernel (self);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "details.copy-name", k != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "details.copy-mangled-name",
                                 k != NULL && *k->mangled && g_strcmp0 (k->mangled, k->name) != 0);
}

/* Everything but the name, which changes with the item alone. */
static void
update (CuoccKernelDetails *self)
{
  const CuoccKernel *k = chosen_kernel (self);
  g_autofree char *figures = NULL;
  g_autofree char *spills = NULL;
  g_autofree char *change = NULL;

  update_copy_actions (self);
  gtk_widget_set_visible (GTK_WIDGET (self), k != NULL);
  if (k == NULL)
    {
      gtk_widget_set_visible (self->load_box, FALSE);
      gtk_widget_set_visible (self->ptx_box, FALSE);
      return;
    }

  figures = details_summary (k);
  gtk_label_set_label (self->figures_label, figures);
  if (cuocc_kernel_item_has_spills (self->kernel))
    spills = spill_text (k);
  gtk_label_set_label (self->spill_label, spills ? spills : "");
  gtk_widget_set_visible (self->spill_box, spills != NULL);
  update_profiler (self);
  update_load (self);
  update_ptx (self);
  change = change_text (self->kernel);
  gtk_label_set_label (self->change_label, change ? change : "");
  gtk_widget_set_visible (GTK_WIDGET (self->change_label), change != NULL);
}

/* ----- callbacks ----- */

/* Copy Name and Copy Mangled Name: the kernel's name, whole, as the
 * export and `cuocc --import` write it. */
static void
copy_name_action_cb (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  CuoccKernelDetails *self = CUOCC_KERNEL_DETAILS (widget);
  const CuoccKernel *k = chosen_kernel (self);
  gboolean mangled = g_str_equal (action_name, "details.copy-mangled-name");
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

/* The way out the load line offers: the entry that loads, or the compute
 * capability that runs this one. */
static void
load_clicked_cb (CuoccKernelDetails *self)
{
  const CuoccKernel *k = chosen_kernel (self);
  CuoccKernelItem *sibling;

  if (k == NULL)
    return;
  if (k->loaded == CUOCC_LOAD_OTHER && (sibling = cuocc_kernel_item_find_loaded (self->kernels, k)) != NULL)
    g_signal_emit (self, signals[ENTRY_ACTIVATED], 0, sibling);
  else if (k->loaded == CUOCC_LOAD_NONE)
    g_signal_emit (self, signals[SWITCH_GPU], 0, k->cc_major, k->cc_minor);
}

static void
kernels_changed_cb (CuoccKernelDetails *self)
{
  update_load (self);
}

/* ----- setters ----- */

static void
set_kernel (CuoccKernelDetails *self,
            CuoccKernelItem    *kernel)
{
  if (!g_set_object (&self->kernel, kernel))
    return;
  if (kernel != NULL)
    show_name (self, cuocc_kernel_item_get_kernel (kernel));
  update (self);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_KERNEL]);
}

static void
set_kernels (CuoccKernelDetails *self,
             GListModel         *kernels)
{
  if (!g_set_object (&self->kernels, kernels))
    return;
  g_signal_group_set_target (self->kernels_signals, kernels);
  update (self);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_KERNELS]);
}

static void
set_int (CuoccKernelDetails *self,
         int                *field,
         int                 value,
         guint               prop)
{
  if (*field == value)
    return;
  *field = value;
  update (self);
  g_object_notify_by_pspec (G_OBJECT (self), props[prop]);
}

static void
set_string (CuoccKernelDetails *self,
            char              **field,
            const char         *value,
            guint               prop)
{
  if (g_strcmp0 (*field, value) == 0)
    return;
  g_free (*field);
  *field = g_strdup (value);
  update (self);
  g_object_notify_by_pspec (G_OBJECT (self), props[prop]);
}

static void
set_revision (CuoccKernelDetails *self,
              guint               revision)
{
  if (self->revision == revision)
    return;
  self->revision = revision;
  update (self);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_REVISION]);
}

static void
set_comparison (CuoccKernelDetails *self,
                double              comparison)
{
  if (self->comparison == comparison)
    return;
  self->comparison = comparison;
  update_profiler (self);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_COMPARISON]);
}

/* ----- dispose / finalize ----- */

static void
cuocc_kernel_details_dispose (GObject *object)
{
  CuoccKernelDetails *self = CUOCC_KERNEL_DETAILS (object);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  if (self->kernels_signals != NULL)
    g_signal_group_set_target (self->kernels_signals, NULL);
  g_clear_object (&self->kernels_signals);
  g_clear_object (&self->kernels);
  g_clear_object (&self->kernel);
  G_OBJECT_CLASS (cuocc_kernel_details_parent_class)->dispose (object);
}

static void
cuocc_kernel_details_finalize (GObject *object)
{
  CuoccKernelDetails *self = CUOCC_KERNEL_DETAILS (object);

  g_free (self->ptxas_version);
  g_free (self->ptxas_error);
  G_OBJECT_CLASS (cuocc_kernel_details_parent_class)->finalize (object);
}

/* ----- get/set_property ----- */

static void
cuocc_kernel_details_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  CuoccKernelDetails *self = CUOCC_KERNEL_DETAILS (object);

  switch (prop_id)
    {
    case PROP_KERNEL:
      g_value_set_object (value, self->kernel);
      break;
    case PROP_KERNELS:
      g_value_set_object (value, self->kernels);
      break;
    case PROP_GPU_MAJOR:
      g_value_set_int (value, self->gpu_major);
      break;
    case PROP_GPU_MINOR:
      g_value_set_int (value, self->gpu_minor);
      break;
    case PROP_COMPARISON:
      g_value_set_double (value, self->comparison);
      break;
    case PROP_REVISION:
      g_value_set_uint (value, self->revision);
      break;
    case PROP_PTXAS_VERSION:
      g_value_set_string (value, self->ptxas_version);
      break;
    case PROP_PTXAS_ERROR:
      g_value_set_string (value, self->ptxas_error);
      break;
    case PROP_PTXAS_CHOSEN:
      g_value_set_boolean (value, self->ptxas_chosen);
      break;
    case PROP_PTXAS_LOOKING:
      g_value_set_boolean (value, self->ptxas_looking);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cuocc_kernel_details_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  CuoccKernelDetails *self = CUOCC_KERNEL_DETAILS (object);

  switch (prop_id)
    {
    case PROP_KERNEL:
      set_kernel (self, g_value_get_object (value));
      break;
    case PROP_KERNELS:
      set_kernels (self, g_value_get_object (value));
      break;
    case PROP_GPU_MAJOR:
      set_int (self, &self->gpu_major, g_value_get_int (value), prop_id);
      break;
    case PROP_GPU_MINOR:
      set_int (self, &self->gpu_minor, g_value_get_int (value), prop_id);
      break;
    case PROP_COMPARISON:
      set_comparison (self, g_value_get_double (value));
      break;
    case PROP_REVISION:
      set_revision (self, g_value_get_uint (value));
      break;
    case PROP_PTXAS_VERSION:
      set_string (self, &self->ptxas_version, g_value_get_string (value), prop_id);
      break;
    case PROP_PTXAS_ERROR:
      set_string (self, &self->ptxas_error, g_value_get_string (value), prop_id);
      break;
    case PROP_PTXAS_CHOSEN:
      set_int (self, &self->ptxas_chosen, g_value_get_boolean (value), prop_id);
      break;
    case PROP_PTXAS_LOOKING:
      set_int (self, &self->ptxas_looking, g_value_get_boolean (value), prop_id);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* ----- class_init / init ----- */

static void
cuocc_kernel_details_class_init (CuoccKernelDetailsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = cuocc_kernel_details_dispose;
  object_class->finalize = cuocc_kernel_details_finalize;
  object_class->get_property = cuocc_kernel_details_get_property;
  object_class->set_property = cuocc_kernel_details_set_property;

  /* The entry shown, or NULL: the details hide. */
  props[PROP_KERNEL] = g_param_spec_object ("kernel", NULL, NULL, CUOCC_TYPE_KERNEL_ITEM, rw);
  /* The entries it is one of (CuoccKernelItem): the one that loads is
   * found among them. */
  props[PROP_KERNELS] = g_param_spec_object ("kernels", NULL, NULL, G_TYPE_LIST_MODEL, rw);
  /* The compute capability the load marks and ptxas's target are for; 0: none. */
  props[PROP_GPU_MAJOR] = g_param_spec_int ("gpu-major", NULL, NULL, 0, G_MAXINT, 0, rw);
  props[PROP_GPU_MINOR] = g_param_spec_int ("gpu-minor", NULL, NULL, 0, G_MAXINT, 0, rw);
  /* cuocc's theoretical occupancy in percent for the launch the profiler
   * saw, or < 0 when the inputs describe another launch. */
  props[PROP_COMPARISON] = g_param_spec_double ("comparison", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, -1, rw);
  /* Changed by the owner of the item each time what it carries changes:
   * the details are shown again. */
  props[PROP_REVISION] = g_param_spec_uint ("revision", NULL, NULL, 0, G_MAXUINT, 0, rw);
  /* The ptxas found, by its version, or NULL; why none was (or the one
   * chosen cannot run); whether the user chose it; whether it is being
   * looked for. */
  props[PROP_PTXAS_VERSION] = g_param_spec_string ("ptxas-version", NULL, NULL, NULL, rw);
  props[PROP_PTXAS_ERROR] = g_param_spec_string ("ptxas-error", NULL, NULL, NULL, rw);
  props[PROP_PTXAS_CHOSEN] = g_param_spec_boolean ("ptxas-chosen", NULL, NULL, FALSE, rw);
  props[PROP_PTXAS_LOOKING] = g_param_spec_boolean ("ptxas-looking", NULL, NULL, FALSE, rw);
  g_object_class_install_properties (object_class, N_PROPS, props);

  /* The load line's button: the entry of the kernel that loads on the GPU. */
  signals[ENTRY_ACTIVATED] =
    g_signal_new ("entry-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, CUOCC_TYPE_KERNEL_ITEM);
  /* The load line's button: the compute capability that runs the entry. */
  signals[SWITCH_GPU] =
    g_signal_new ("switch-gpu", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_INT);

  gtk_widget_class_install_action (widget_class, "details.copy-name", NULL, copy_name_action_cb);
  gtk_widget_class_install_action (widget_class, "details.copy-mangled-name", NULL, copy_name_action_cb);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/cuocc/Calculator/ui/cuocc-kernel-details.ui");
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelDetails, name_scroll);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelDetails, name_view);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelDetails, figures_label);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelDetails, ptx_box);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelDetails, ptx_spinner);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelDetails, ptx_label);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelDetails, spill_box);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelDetails, spill_label);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelDetails, load_box);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelDetails, load_label);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelDetails, load_button);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelDetails, change_label);
  gtk_widget_class_bind_template_child (widget_class, CuoccKernelDetails, profiler_label);
  gtk_widget_class_bind_template_callback (widget_class, load_clicked_cb);
}

static void
cuocc_kernel_details_init (CuoccKernelDetails *self)
{
  GtkEventController *shortcuts;

  self->comparison = -1;
  gtk_widget_init_template (GTK_WIDGET (self));
  /* A name wraps inside identifiers: Pango would hyphenate
   * "cublasSplitKParams<fl-oat>", which reads as part of the name. */
  self->name_tag = gtk_text_buffer_create_tag (gtk_text_view_get_buffer (self->name_view), NULL,
                                               "insert-hyphens", FALSE, NULL);
  /* Ctrl+Alt+C anywhere in the window (Ctrl+Shift+C copies the results). */
  shortcuts = gtk_shortcut_controller_new ();
  gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (shortcuts), GTK_SHORTCUT_SCOPE_GLOBAL);
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_c, GDK_CONTROL_MASK | GDK_ALT_MASK),
                                                          gtk_named_action_new ("details.copy-name")));
  gtk_widget_add_controller (GTK_WIDGET (self), shortcuts);
  /* The entry that loads is looked for again as the list changes. */
  self->kernels_signals = g_signal_group_new (G_TYPE_LIST_MODEL);
  g_signal_group_connect_swapped (self->kernels_signals, "items-changed", G_CALLBACK (kernels_changed_cb), self);
  update (self);
}
