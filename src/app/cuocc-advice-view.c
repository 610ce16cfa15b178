/* cuocc-advice-view.c — what to change to reach a higher occupancy: one row
 * per suggestion of cuocc_advise, with a button that applies it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cuocc-advice-view.h"

/* ----- struct ----- */

struct _CuoccAdviceView
{
  AdwBin parent_instance;

  /* template */
  AdwPreferencesGroup *group;
  GtkListBox *list;

  GPtrArray *advice;               /* CuoccAdvice, as the rows show them */
};

enum {
  APPLY,
  N_SIGNALS
};

/* ----- type definition ----- */

G_DEFINE_FINAL_TYPE (CuoccAdviceView, cuocc_advice_view, ADW_TYPE_BIN)

static guint signals[N_SIGNALS];

/* ----- helpers ----- */

static gboolean
advice_applies (const CuoccAdvice *advice)
{
  return advice->kind != CUOCC_ADVICE_WARNING &&
         (advice->regs >= 0 || advice->smem >= 0 || advice->block_size > 0);
}

static gboolean
same_advice (GPtrArray *a,
             GPtrArray *b)
{
  if (a == NULL || b == NULL || a->len != b->len)
    return FALSE;

  for (guint i = 0; i < a->len; i++)
    {
      const CuoccAdvice *x = g_ptr_array_index (a, i);
      const CuoccAdvice *y = g_ptr_array_index (b, i);

      if (x->kind != y->kind || x->regs != y->regs || x->smem != y->smem ||
          x->block_size != y->block_size || g_strcmp0 (x->text, y->text) != 0 ||
          g_strcmp0 (x->launch_bounds, y->launch_bounds) != 0)
        return FALSE;
    }

  return TRUE;
}

static void
remove_rows (CuoccAdviceView *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);
}

static GtkWidget *
message_row (const char *text,
             const char *icon_name)
{
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), text);
  adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 0);
  if (icon_name != NULL)
    adw_action_row_add_prefix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name (icon_name));

  return row;
}

static GtkWidget *
advice_row (const CuoccAdvice *advice,
            guint              index)
{
  GtkWidget *row;
  GtkWidget *button;

  if (advice->kind == CUOCC_ADVICE_WARNING)
    {
      row = message_row (advice->text, "dialog-warning-symbolic");
      gtk_widget_add_css_class (row, "advice-warning");
      return row;
    }

  row = message_row (advice->text, NULL);
  if (!advice_applies (advice))
    return row;

  if (advice->kind == CUOCC_ADVICE_BLOCK_SIZE)
    {
      /* Translators: a button that sets the threads per block, e.g. "Use 256" */
      g_autofree char *label = g_strdup_printf (_("Use %d"), advice->block_size);

      button = gtk_button_new_with_label (label);
    }
  else
    button = gtk_button_new_with_mnemonic (_("_Apply"));
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (button, advice->kind == CUOCC_ADVICE_BLOCK_SIZE
                                       ? _("Set the threads per block")
                                       : _("Set the registers or shared memory to this budget"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "advice.apply");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "u", index);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);

  return row;
}

/* Applies the suggestion at index, as its button does; FALSE when it has
 * nothing to apply. */
static gboolean
apply_advice (CuoccAdviceView *self,
              guint            index)
{
  const CuoccAdvice *advice;

  g_assert (CUOCC_IS_ADVICE_VIEW (self));

  if (self->advice == NULL || index >= self->advice->len)
    return FALSE;

  advice = g_ptr_array_index (self->advice, index);
  if (!advice_applies (advice))
    return FALSE;

  g_signal_emit (self, signals[APPLY], 0, advice->block_size, advice->regs, advice->smem);
  return TRUE;
}

/* ----- callbacks ----- */

static void
apply_action_cb (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  apply_advice (CUOCC_ADVICE_VIEW (widget), g_variant_get_uint32 (parameter));
}

/* ----- dispose / finalize ----- */

static void
cuocc_advice_view_finalize (GObject *object)
{
  CuoccAdviceView *self = CUOCC_ADVICE_VIEW (object);

  g_clear_pointer (&self->advice, g_ptr_array_unref);

  G_OBJECT_CLASS (cuocc_advice_view_parent_class)->finalize (object);
}

/* ----- class_init / init ----- */

static void
cuocc_advice_view_class_init (CuoccAdviceViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = cuocc_advice_view_finalize;

  /* The block size, registers per thread and shared memory per block to
   * set; -1 for each that stays. */
  signals[APPLY] =
    g_signal_new ("apply", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 3, G_TYPE_INT, G_TYPE_INT, G_TYPE_INT64);

  gtk_widget_class_install_action (widget_class, "advice.apply", "u", apply_action_cb);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/cuocc/Calculator/ui/cuocc-advice-view.ui");
  gtk_widget_class_bind_template_child (widget_class, CuoccAdviceView, group);
  gtk_widget_class_bind_template_child (widget_class, CuoccAdviceView, list);
}

static void
cuocc_advice_view_init (CuoccAdviceView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/* ----- public API ----- */

void
cuocc_advice_view_update (CuoccAdviceView        *self,
                          const CuoccGpu         *gpu,
                          const CuoccInput       *input,
                          const CuoccAdviceExtra *extra)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) advice = NULL;

  g_return_if_fail (CUOCC_IS_ADVICE_VIEW (self));

  advice = cuocc_advise (gpu, input, extra, &error);
  if (advice == NULL)
    {
      cuocc_advice_view_clear (self, error->message);
      return;
    }

  /* Most input changes leave the advice as it was: keep its rows. */
  if (same_advice (self->advice, advice))
    {
      g_ptr_array_unref (self->advice);
      self->advice = g_steal_pointer (&advice);
      return;
    }

  remove_rows (self);
  g_clear_pointer (&self->advice, g_ptr_array_unref);
  self->advice = g_steal_pointer (&advice);

  if (self->advice->len == 0)
    gtk_list_box_append (self->list, message_row (_("This configuration already reaches the best occupancy the GPU allows."),
                                                  "emblem-ok-symbolic"));
  for (guint i = 0; i < self->advice->len; i++)
    gtk_list_box_append (self->list, advice_row (g_ptr_array_index (self->advice, i), i));
}

void
cuocc_advice_view_clear (CuoccAdviceView *self,
                         const char      *message)
{
  g_return_if_fail (CUOCC_IS_ADVICE_VIEW (self));

  remove_rows (self);
  g_clear_pointer (&self->advice, g_ptr_array_unref);
  if (message != NULL)
    gtk_list_box_append (self->list, message_row (message, "dialog-error-symbolic"));
}
