/* cuocc-gpu-choice.c — one entry of the GPU list.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * An entry's id is what GSettings and session files store: the product
 * name, "Compute capability X.Y", or the path of a custom device file.
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "cuocc-gpu-choice.h"

/* ----- struct ----- */

struct _CuoccGpuChoice
{
  GObject parent_instance;

  CuoccGpuChoiceKind kind;
  char *title;
  char *search_key;
  char *id;
  int major;                       /* the compute capability the search knows, 0 for none */
  int minor;
};

/* ----- property enum ----- */

enum {
  PROP_0,
  PROP_TITLE,
  PROP_SEARCH_KEY,
  N_PROPS
};

/* ----- type definition ----- */

G_DEFINE_FINAL_TYPE (CuoccGpuChoice, cuocc_gpu_choice, G_TYPE_OBJECT)

static GParamSpec *props[N_PROPS];

/* ----- helpers ----- */

/* GtkDropDown before GTK 4.12 searches by prefix only: without the words
 * every product starts with, "RTX 4090" or "H100" finds the GPU. */
static const char *
title_search_key (const char *title)
{
  static const char *prefixes[] = { "NVIDIA ", "GeForce " };

  for (guint i = 0; i < G_N_ELEMENTS (prefixes); i++)
    if (g_str_has_prefix (title, prefixes[i]))
      title += strlen (prefixes[i]);

  return title;
}

/* The compute capability the search finds the entry by ("8.9", "sm_89",
 * "Ada"), beside its name. */
static void
set_capability (CuoccGpuChoice *self,
                int             major,
                int             minor)
{
  g_assert (CUOCC_IS_GPU_CHOICE (self));

  self->major = major;
  self->minor = minor;
}

/* ----- vfuncs ----- */

static void
cuocc_gpu_choice_finalize (GObject *object)
{
  CuoccGpuChoice *self = CUOCC_GPU_CHOICE (object);

  g_free (self->title);
  g_free (self->search_key);
  g_free (self->id);

  G_OBJECT_CLASS (cuocc_gpu_choice_parent_class)->finalize (object);
}

static void
cuocc_gpu_choice_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  CuoccGpuChoice *self = CUOCC_GPU_CHOICE (object);

  switch (prop_id)
    {
    case PROP_TITLE:
      g_value_set_string (value, self->title);
      break;

    case PROP_SEARCH_KEY:
      g_value_set_string (value, self->search_key);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* ----- class_init / init ----- */

static void
cuocc_gpu_choice_class_init (CuoccGpuChoiceClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = cuocc_gpu_choice_finalize;
  object_class->get_property = cuocc_gpu_choice_get_property;

  props[PROP_TITLE] =
    g_param_spec_string ("title", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  props[PROP_SEARCH_KEY] =
    g_param_spec_string ("search-key", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, props);
}

static void
cuocc_gpu_choice_init (CuoccGpuChoice *self)
{
}

/* ----- public API ----- */

CuoccGpuChoice *
cuocc_gpu_choice_new (CuoccGpuChoiceKind  kind,
                      const char         *title,
                      const char         *id)
{
  CuoccGpuChoice *self = g_object_new (CUOCC_TYPE_GPU_CHOICE, NULL);

  self->kind = kind;
  self->title = g_strdup (title);
  self->search_key = g_strdup (title_search_key (title));
  self->id = g_strdup (id);

  return self;
}

/* Whether the search text finds the entry: every name the command line
 * takes, or each word in its name, compute capability or architecture
 * (cuocc_gpu_matches). */
gboolean
cuocc_gpu_choice_matches (CuoccGpuChoice *self,
                          const char     *query)
{
  g_return_val_if_fail (CUOCC_IS_GPU_CHOICE (self), FALSE);

  if (query == NULL || *query == '\0')
    return TRUE;
  return cuocc_gpu_matches (query, self->title, self->major, self->minor);
}

CuoccGpuChoiceKind
cuocc_gpu_choice_get_kind (CuoccGpuChoice *self)
{
  g_return_val_if_fail (CUOCC_IS_GPU_CHOICE (self), CUOCC_GPU_CHOICE_PRODUCT);

  return self->kind;
}

const char *
cuocc_gpu_choice_get_title (CuoccGpuChoice *self)
{
  g_return_val_if_fail (CUOCC_IS_GPU_CHOICE (self), NULL);

  return self->title;
}

const char *
cuocc_gpu_choice_get_id (CuoccGpuChoice *self)
{
  g_return_val_if_fail (CUOCC_IS_GPU_CHOICE (self), NULL);

  return self->id;
}

/* The products, then every compute capability, then the entry that loads
 * a custom device. */
GListStore *
cuocc_gpu_choice_list_new (void)
{
  GListStore *store = g_list_store_new (CUOCC_TYPE_GPU_CHOICE);
  const CuoccProduct *products;
  const CuoccCapability *caps;
  guint n_products = 0;
  guint n_caps = 0;
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);

  products = cuocc_products (&n_products);
  for (guint i = 0; i < n_products; i++)
    {
      CuoccGpuChoice *choice = cuocc_gpu_choice_new (CUOCC_GPU_CHOICE_PRODUCT, products[i].name, products[i].name);

      /* A product is found by its compute capability and architecture too. */
      set_capability (choice, products[i].major, products[i].minor);
      g_ptr_array_add (items, choice);
    }

  caps = cuocc_capabilities (&n_caps);
  for (guint i = 0; i < n_caps; i++)
    {
      g_autofree char *id = cuocc_gpu_cc_id (caps[i].major, caps[i].minor);
      /* Translators: an entry of the GPU list, e.g. "Compute capability 8.6 (Ampere)" */
      g_autofree char *title = g_strdup_printf (_("Compute capability %d.%d (%s)"),
                                                caps[i].major, caps[i].minor,
                                                caps[i].architecture);

      CuoccGpuChoice *choice = cuocc_gpu_choice_new (CUOCC_GPU_CHOICE_CC, title, id);

      set_capability (choice, caps[i].major, caps[i].minor);
      g_ptr_array_add (items, choice);
    }

  g_ptr_array_add (items, cuocc_gpu_choice_new (CUOCC_GPU_CHOICE_DETECTED,
                                                _("This machine's GPU"), CUOCC_GPU_ID_DETECTED));
  g_ptr_array_add (items, cuocc_gpu_choice_new (CUOCC_GPU_CHOICE_LOAD_FILE,
                                                _("Custom device from file…"), ""));

  g_list_store_splice (store, 0, 0, items->pdata, items->len);

  return store;
}
