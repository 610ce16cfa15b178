/* cuocc-result.c — the names of a result's parts: limiting factors and
 * caching modes, as the CSV and JSON columns and the command line spell them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cuocc-private.h"

/**
 * cuocc_limit_name:
 * @limit: one limiting factor
 *
 * The name of a limiting factor, as the CSV and JSON columns write it.
 *
 * Returns: (transfer none) (nullable): "warps", "registers",
 *   "shared_memory", "blocks" or "barriers"; %NULL for a value that is not
 *   exactly one #CuoccLimit
 */
const char *
cuocc_limit_name (CuoccLimit limit)
{
  switch (limit)
    {
    case CUOCC_LIMIT_WARPS: return "warps";
    case CUOCC_LIMIT_REGISTERS: return "registers";
    case CUOCC_LIMIT_SHARED_MEMORY: return "shared_memory";
    case CUOCC_LIMIT_BLOCKS: return "blocks";
    case CUOCC_LIMIT_BARRIERS: return "barriers";
    default: return NULL;
    }
}

/**
 * cuocc_limit_title:
 * @limit: one limiting factor
 *
 * The name of a limiting factor as people read it, translated.
 *
 * Returns: (transfer none) (nullable): "Warps", "Registers", "Shared memory",
 *   "Blocks" or "Barriers"; %NULL for a value that is not exactly one
 *   #CuoccLimit
 */
const char *
cuocc_limit_title (CuoccLimit limit)
{
  switch (limit)
    {
    case CUOCC_LIMIT_WARPS: return _("Warps");
    case CUOCC_LIMIT_REGISTERS: return _("Registers");
    case CUOCC_LIMIT_SHARED_MEMORY: return _("Shared memory");
    case CUOCC_LIMIT_BLOCKS: return _("Blocks");
    case CUOCC_LIMIT_BARRIERS: return _("Barriers");
    default: return NULL;
    }
}

/**
 * cuocc_limiters_to_string:
 * @limiters: #CuoccLimit flags
 *
 * The names of several limiting factors, as the CSV and JSON `limiters`
 * column writes them.
 *
 * Returns: (transfer full): the names of the flags in the order of
 *   #CuoccLimit joined by "|", e.g. "registers|shared_memory"; "" for none
 */
char *
cuocc_limiters_to_string (guint limiters)
{
  GString *s = g_string_new (NULL);

  for (int bit = 0; bit < CUOCC_N_LIMITS; bit++)
    if (limiters & (1u << bit))
      {
        if (s->len > 0)
          g_string_append_c (s, '|');
        g_string_append (s, cuocc_limit_name (1u << bit));
      }
  return g_string_free (s, FALSE);
}

/**
 * cuocc_caching_name:
 * @caching: a global caching mode
 *
 * The name of a global caching mode.
 *
 * Returns: (transfer none) (nullable): "off", "on" or "strict"; %NULL for a
 *   value that is no #CuoccCaching
 */
const char *
cuocc_caching_name (CuoccCaching caching)
{
  switch (caching)
    {
    case CUOCC_CACHING_OFF: return "off";
    case CUOCC_CACHING_ON: return "on";
    case CUOCC_CACHING_STRICT: return "strict";
    default: return NULL;
    }
}

/**
 * cuocc_caching_parse:
 * @text: "off", "on" or "strict", in any case
 * @caching: (out): the mode
 * @error: return location for a #GError
 *
 * Reads the name of a global caching mode.
 *
 * Returns: %TRUE on success; %FALSE with %CUOCC_ERROR_INVALID_INPUT listing
 *   the modes allowed, leaving @caching as it was
 */
gboolean
cuocc_caching_parse (const char    *text,
                     CuoccCaching  *caching,
                     GError       **error)
{
  g_return_val_if_fail (text != NULL, FALSE);

  for (int c = CUOCC_CACHING_OFF; c <= CUOCC_CACHING_STRICT; c++)
    if (g_ascii_strcasecmp (text, cuocc_caching_name (c)) == 0)
      {
        *caching = c;
        return TRUE;
      }
  g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT,
               _("“%s” is not a global caching mode; allowed: off, on, strict"), text);
  return FALSE;
}
