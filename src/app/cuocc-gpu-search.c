/* cuocc-gpu-search.c — the GPU list's search: every typed word must appear
 * somewhere in an entry's name, compute capability or architecture ("4090",
 * "7.0", "Volta", "Orin"), and every name the command line takes finds its
 * GPU ("NVIDIA H100 80GB HBM3", "rtx4090"; cuocc_gpu_matches), on every GTK
 * version; the first match is highlighted, Down and Up move the highlight
 * through the matches in their order, Enter chooses the highlighted one;
 * the list opens at the chosen GPU; the search entry has the focus when
 * the list opens.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * GtkDropDown matches its search text against a string per item, by prefix
 * before GTK 4.12. The string it gets here is the search text itself where
 * the item matches by words, and nothing where it does not, so that its
 * prefix match is ours on every version.
 */
#include "config.h"

#include "cuocc-gpu-choice.h"
#include "cuocc-gpu-search.h"

#define ENTRY_KEY "cuocc-gpu-search-entry"

/* ----- helpers ----- */

static GtkWidget *
find_descendant (GtkWidget *widget,
                 GType      type)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (G_TYPE_CHECK_INSTANCE_TYPE (child, type))
        return child;
      if ((found = find_descendant (child, type)) != NULL)
        return found;
    }
  return NULL;
}

/* The search entry inside the list, or NULL where this GTK has none. */
static GtkEditable *
search_entry (GtkDropDown *dropdown)
{
  return g_object_get_data (G_OBJECT (dropdown), ENTRY_KEY);
}

static gboolean
item_matches (GtkEditable *entry,
              gpointer     item)
{
  return CUOCC_IS_GPU_CHOICE (item) && cuocc_gpu_choice_matches (item, entry != NULL ? gtk_editable_get_text (entry) : NULL);
}

/* The list in the popover and its selection: the row it highlights. */
static GtkSingleSelection *
shown_selection (GtkDropDown *dropdown,
                 GtkWidget  **list)
{
  GtkWidget *popover = find_descendant (GTK_WIDGET (dropdown), GTK_TYPE_POPOVER);
  GtkWidget *view = popover != NULL ? find_descendant (popover, GTK_TYPE_LIST_VIEW) : NULL;
  GtkSelectionModel *model = view != NULL ? gtk_list_view_get_model (GTK_LIST_VIEW (view)) : NULL;

  if (list != NULL)
    *list = view;
  return GTK_IS_SINGLE_SELECTION (model) ? GTK_SINGLE_SELECTION (model) : NULL;
}

static void
highlight (GtkDropDown *dropdown,
           guint        position)
{
  GtkWidget *list = NULL;
  GtkSingleSelection *shown = shown_selection (dropdown, &list);

  if (shown == NULL || position >= g_list_model_get_n_items (G_LIST_MODEL (shown)))
    return;
  gtk_single_selection_set_selected (shown, position);
  gtk_widget_activate_action (list, "list.scroll-to-item", "u", position);
}

/* Down and Up: the next or the previous match, in the list's order. GTK
 * 4.8's own keys moved the focus into the list at the row it last had,
 * which the search had since moved anywhere. */
static void
move_highlight (GtkDropDown *dropdown,
                int          step)
{
  GtkSingleSelection *shown = shown_selection (dropdown, NULL);
  guint n = shown != NULL ? g_list_model_get_n_items (G_LIST_MODEL (shown)) : 0;
  guint at = shown != NULL ? gtk_single_selection_get_selected (shown) : GTK_INVALID_LIST_POSITION;

  if (n == 0)
    return;
  if (at == GTK_INVALID_LIST_POSITION || at >= n)
    at = step > 0 ? 0 : n - 1;
  else if (step > 0)
    at = MIN (at + 1, n - 1);
  else if (at > 0)
    at--;
  highlight (dropdown, at);
}

/* Enter: the highlighted match, or the first where none is. GTK 4.8's own
 * Enter took the list's selection only after emptying the search, and so
 * could choose another row than the highlighted one ("A100 PCIe" for
 * "A100 SXM4"); the search entry's Enter chose only a single match. */
static void
choose_highlighted (GtkDropDown *dropdown)
{
  GtkSingleSelection *shown = shown_selection (dropdown, NULL);
  GListModel *model = gtk_drop_down_get_model (dropdown);
  GtkEditable *entry = search_entry (dropdown);
  g_autoptr(GObject) chosen = NULL;
  GtkWidget *popover;

  if (shown == NULL || model == NULL)
    return;
  chosen = gtk_single_selection_get_selected_item (shown);
  if (chosen != NULL)
    g_object_ref (chosen);
  if (chosen == NULL || (entry != NULL && *gtk_editable_get_text (entry) != '\0' && !item_matches (entry, chosen)))
    {
      g_clear_object (&chosen);
      chosen = g_list_model_get_item (G_LIST_MODEL (shown), 0);
    }
  if (chosen == NULL)
    return;

  popover = find_descendant (GTK_WIDGET (dropdown), GTK_TYPE_POPOVER);
  if (popover != NULL)
    gtk_popover_popdown (GTK_POPOVER (popover));
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (model, i);

      if (item == chosen)
        {
          gtk_drop_down_set_selected (dropdown, i);
          return;
        }
    }
}

/* ----- callbacks ----- */

static char *
search_string (gpointer     item,
               GtkDropDown *dropdown)
{
  GtkEditable *entry = search_entry (dropdown);

  if (entry == NULL)
    return g_strdup (item != NULL ? cuocc_gpu_choice_get_title (item) : NULL);
  /* NULL, not "", for an item that does not match: GTK 4.8's string filter
   * leaks the value of an empty string it then finds no match in (seen
   * under LeakSanitizer, one byte per item), and NULL matches nothing too. */
  return item_matches (entry, item) ? g_strdup (gtk_editable_get_text (entry)) : NULL;
}

static void
entry_activate_cb (GtkEditable *entry,
                   GtkDropDown *dropdown)
{
  choose_highlighted (dropdown);
}

/* What is typed changes the matches: the first is highlighted. The
 * dropdown's own handler, connected first, has filtered the list. */
static void
search_changed_cb (GtkEditable *entry,
                   GtkDropDown *dropdown)
{
  if (*gtk_editable_get_text (entry) != '\0')
    highlight (dropdown, 0);
}

/* The list's keys, before the entry's or the list's own: the whole list
 * takes them the same, wherever its focus is. */
static gboolean
key_pressed_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                GtkDropDown           *dropdown)
{
  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SHIFT_MASK))
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
      move_highlight (dropdown, 1);
      return TRUE;
    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
      move_highlight (dropdown, -1);
      return TRUE;
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_ISO_Enter:
      choose_highlighted (dropdown);
      return TRUE;
    default:
      return FALSE;
    }
}

/* The list opens at the GPU chosen now, not at the top: GTK's own list
 * keeps the selection but not the scroll position. */
static void
scroll_to_selected (GtkWidget *popover)
{
  GtkWidget *list = find_descendant (popover, GTK_TYPE_LIST_VIEW);
  GtkSelectionModel *model = list != NULL ? gtk_list_view_get_model (GTK_LIST_VIEW (list)) : NULL;
  guint position;

  if (!GTK_IS_SINGLE_SELECTION (model))
    return;
  position = gtk_single_selection_get_selected (GTK_SINGLE_SELECTION (model));
  if (position != GTK_INVALID_LIST_POSITION)
    gtk_widget_activate_action (list, "list.scroll-to-item", "u", position);
}

/* How long after the list opens it is kept at the chosen GPU: GTK's list
 * returns to its top when the dropdown empties the search entry, after the
 * entry's delay. */
#define SCROLL_SETTLE_US (600 * G_TIME_SPAN_MILLISECOND)
#define SCROLL_START_KEY "cuocc-gpu-search-opened"

static gboolean
scroll_tick_cb (GtkWidget     *popover,
                GdkFrameClock *clock,
                gpointer       user_data)
{
  gint64 *opened = g_object_get_data (G_OBJECT (popover), SCROLL_START_KEY);
  GtkDropDown *dropdown = user_data;
  GtkEditable *entry = search_entry (dropdown);

  /* Once the user types, the list is theirs. */
  if (opened == NULL || (entry != NULL && *gtk_editable_get_text (entry) != '\0'))
    return G_SOURCE_REMOVE;
  scroll_to_selected (popover);
  return gdk_frame_clock_get_frame_time (clock) - *opened < SCROLL_SETTLE_US ? G_SOURCE_CONTINUE : G_SOURCE_REMOVE;
}

static void
popover_map_cb (GtkWidget   *popover,
                GtkDropDown *dropdown)
{
  GtkEditable *entry = search_entry (dropdown);

  if (entry != NULL)
    gtk_widget_grab_focus (GTK_WIDGET (entry));
  g_object_set_data_full (G_OBJECT (popover), SCROLL_START_KEY, g_memdup2 (&(gint64) { g_get_monotonic_time () },
                                                                          sizeof (gint64)), g_free);
  gtk_widget_add_tick_callback (popover, scroll_tick_cb, dropdown, NULL);
}

/* ----- public API ----- */

void
cuocc_gpu_search_attach (GtkDropDown *dropdown)
{
  g_autoptr(GtkExpression) expression = NULL;
  GtkWidget *entry;
  GtkWidget *popover;

  g_return_if_fail (GTK_IS_DROP_DOWN (dropdown));

  gtk_drop_down_set_enable_search (dropdown, TRUE);
  expression = gtk_cclosure_expression_new (G_TYPE_STRING, NULL, 0, NULL,
                                            G_CALLBACK (search_string), dropdown, NULL);
  gtk_drop_down_set_expression (dropdown, expression);

  entry = find_descendant (GTK_WIDGET (dropdown), GTK_TYPE_SEARCH_ENTRY);
  if (entry == NULL)
    return;
  g_object_set_data (G_OBJECT (dropdown), ENTRY_KEY, entry);
  g_signal_connect_object (entry, "activate", G_CALLBACK (entry_activate_cb), dropdown, 0);
  g_signal_connect_object (entry, "search-changed", G_CALLBACK (search_changed_cb), dropdown, G_CONNECT_AFTER);
  gtk_widget_add_css_class (GTK_WIDGET (dropdown), "gpu-search");
  popover = find_descendant (GTK_WIDGET (dropdown), GTK_TYPE_POPOVER);
  if (popover != NULL)
    {
      GtkEventController *keys = gtk_event_controller_key_new ();

      gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
      g_signal_connect_object (keys, "key-pressed", G_CALLBACK (key_pressed_cb), dropdown, 0);
      gtk_widget_add_controller (popover, keys);
      g_signal_connect_object (popover, "map", G_CALLBACK (popover_map_cb), dropdown, G_CONNECT_AFTER);
    }
}
