/* cuocc-parse.c — reading numbers, sizes and compute capabilities as users type them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cuocc-private.h"

static const char *
skip_space (const char *p)
{
  while (g_ascii_isspace (*p))
    p++;
  return p;
}

/* Parses a non-negative decimal integer; returns the end, or NULL. */
static const char *
parse_digits (const char *p,
              guint64    *value,
              gboolean   *overflow)
{
  guint64 v = 0;
  const char *start = p;

  *overflow = FALSE;
  while (g_ascii_isdigit (*p))
    {
      int d = *p - '0';

      if (v > (guint64) (G_MAXINT64 - d) / 10)
        *overflow = TRUE;
      else
        v = v * 10 + d;
      p++;
    }
  if (p == start)
    return NULL;
  *value = v;
  return p;
}

gboolean
cuocc_parse_int (const char  *text,
                 const char  *what,
                 int          min,
                 int          max,
                 int         *value,
                 GError     **error)
{
  const char *p;
  gboolean negative = FALSE;
  gboolean overflow;
  guint64 v;
  gint64 sv;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (what != NULL, FALSE);

  p = skip_space (text);
  if (*p == '-' || *p == '+')
    negative = *p++ == '-';
  p = parse_digits (p, &v, &overflow);
  if (p == NULL || *skip_space (p) != '\0')
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT,
                   _("%s: “%s” is not a whole number; allowed: %d to %d"), what, text, min, max);
      return FALSE;
    }
  sv = negative ? -(gint64) v : (gint64) v;
  if (overflow || sv < min || sv > max)
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT,
                   _("%s: %s is out of range; allowed: %d to %d"), what, text, min, max);
      return FALSE;
    }

  *value = (int) sv;
  return TRUE;
}

gboolean
cuocc_parse_size (const char  *text,
                  gint64      *bytes,
                  GError     **error)
{
  const char *p;
  gboolean overflow;
  guint64 v;
  guint64 multiplier = 1;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (bytes != NULL, FALSE);

  p = skip_space (text);
  if (*p == '-')
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT,
                   _("“%s” is negative; a size is 0 or more bytes"), text);
      return FALSE;
    }
  if (*p == '+')
    p++;
  p = parse_digits (p, &v, &overflow);
  if (p != NULL)
    {
      /* Blanks are allowed around the suffix as around the number. */
      gsize n = 0;

      p = skip_space (p);
      while (g_ascii_isalpha (p[n]))
        n++;
      if ((n == 1 && g_ascii_strncasecmp (p, "k", n) == 0) || (n == 2 && g_ascii_strncasecmp (p, "kb", n) == 0)
          || (n == 3 && g_ascii_strncasecmp (p, "kib", n) == 0))
        {
          multiplier = 1024;
          p += n;
        }
      else if (n == 1 && g_ascii_strncasecmp (p, "b", n) == 0)
        p += 1;
    }
  if (p == NULL || *skip_space (p) != '\0')
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT,
                   _("“%s” is not a size; write bytes (49152) or kibibytes with K, KB or KiB (48K)"), text);
      return FALSE;
    }
  if (overflow || v > (guint64) CUOCC_MAX_SMEM_INPUT / multiplier)
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT,
                   _("“%s” is too large; allowed: 0 to %d bytes"), text, CUOCC_MAX_SMEM_INPUT);
      return FALSE;
    }

  *bytes = (gint64) (v * multiplier);
  return TRUE;
}

gboolean
cuocc_parse_cc (const char  *text,
                int         *major,
                int         *minor,
                GError     **error)
{
  const char *p;
  guint64 a, b;
  gboolean overflow;

  g_return_val_if_fail (text != NULL, FALSE);

  p = skip_space (text);
  if (g_ascii_strncasecmp (p, "sm_", 3) == 0 || g_ascii_strncasecmp (p, "cc", 2) == 0)
    {
      /* sm_86, sm_90a, sm_100f, cc86 */
      const char *q = p + (p[0] == 's' || p[0] == 'S' ? 3 : 2);
      const char *end = parse_digits (q, &a, &overflow);

      if (end != NULL && !overflow && end - q >= 2 && end - q <= 3)
        {
          end = skip_space (g_ascii_isalpha (*end) ? end + 1 : end);
          if (*end == '\0')
            {
              *major = (int) (a / 10);
              *minor = (int) (a % 10);
              return TRUE;
            }
        }
    }
  else
    {
      const char *end = parse_digits (p, &a, &overflow);

      if (end != NULL && !overflow && *end == '.')
        {
          const char *q = end + 1;

          end = parse_digits (q, &b, &overflow);
          if (end != NULL && !overflow && *skip_space (end) == '\0' && a < 100 && b < 10)
            {
              *major = (int) a;
              *minor = (int) b;
              return TRUE;
            }
        }
    }

  g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_UNKNOWN_CC,
               _("“%s” is not a compute capability; write it as X.Y (8.6) or sm_XY (sm_86)"), text);
  return FALSE;
}

void
cuocc_format_occupancy_pct (int    active_warps,
                            int    max_warps,
                            char  *buf,
                            gsize  size)
{
  gint64 hundredths;
  gint64 whole;
  int frac;

  g_return_if_fail (buf != NULL && size > 0);

  if (max_warps <= 0)
    {
      g_strlcpy (buf, "0", size);
      return;
    }

  /* 100 × a / b rounded half up to two decimals, in integers. */
  hundredths = ((gint64) active_warps * 20000 + max_warps) / (2 * (gint64) max_warps);
  whole = hundredths / 100;
  frac = (int) (hundredths % 100);
  if (frac == 0)
    g_snprintf (buf, size, "%" G_GINT64_FORMAT, whole);
  else if (frac % 10 == 0)
    g_snprintf (buf, size, "%" G_GINT64_FORMAT ".%d", whole, frac / 10);
  else
    g_snprintf (buf, size, "%" G_GINT64_FORMAT ".%02d", whole, frac);
}
