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

/**
 * cuocc_parse_int:
 * @text: a decimal number, blanks around it allowed
 * @what: what the number is, for the message
 * @min: the smallest value allowed
 * @max: the largest value allowed
 * @value: (out): the number
 * @error: return location for a #GError
 *
 * Reads a whole number in a range, as a user typed it.
 *
 * Returns: %TRUE on success; %FALSE with %CUOCC_ERROR_INVALID_INPUT naming
 *   @what, @text and the range allowed
 */
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

/**
 * cuocc_parse_size:
 * @text: a size in bytes, with an optional suffix B, or K, KB or KiB for
 *   KiB ("49152", "48K", "48 KiB"), blanks around it allowed
 * @bytes: (out): the size in bytes
 * @error: return location for a #GError
 *
 * Reads a size as a user typed it.
 *
 * Returns: %TRUE on success; %FALSE with %CUOCC_ERROR_INVALID_INPUT for text
 *   that is no size, is negative or does not fit an int
 */
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

/* Architecture numbers whose meaning changed. CUDA 12.8 and 12.9 called
 * Jetson Thor sm_101, compute capability 10.1; CUDA 13 calls it sm_110, 11.0,
 * and no GPU is 10.1 any more. (CUDA 13.0 release notes.) */
static const struct {
  int number;
  int major, minor;
  const char *note;
} renamed_archs[] = {
  { 101, 11, 0, N_("sm_101 is compute capability 11.0 since CUDA 13 "
                   "(Jetson Thor; CUDA 12 called it 10.1)") },
};

static gboolean
cc_from_number (int          number,
                int         *major,
                int         *minor,
                const char **note)
{
  for (guint i = 0; i < G_N_ELEMENTS (renamed_archs); i++)
    if (renamed_archs[i].number == number)
      {
        *major = renamed_archs[i].major;
        *minor = renamed_archs[i].minor;
        *note = _(renamed_archs[i].note);
        return TRUE;
      }
  *major = number / 10;
  *minor = number % 10;
  *note = NULL;
  return TRUE;
}

/* Two or three digits, the first not 0, then at most one of the suffixes
 * NVIDIA's tools write: "a" (arch-specific) or "f" (family). */
static gboolean
parse_arch_number (const char *p,
                   int        *number)
{
  int n = 0;
  int digits = 0;

  if (*p == '0')
    return FALSE;
  for (; g_ascii_isdigit (*p); p++)
    if (++digits > 3)
      return FALSE;
    else
      n = n * 10 + (*p - '0');
  if (digits < 2)
    return FALSE;
  if (*p == 'a' || *p == 'A' || *p == 'f' || *p == 'F')
    p++;
  if (*p != '\0')
    return FALSE;
  *number = n;
  return TRUE;
}

gboolean
_cuocc_arch_to_cc (const char  *arch,
                   gboolean     bare_ok,
                   int         *major,
                   int         *minor,
                   const char **note)
{
  static const char *prefixes[] = { "sm_", "compute_", "cc" };
  const char *p = arch;
  gboolean prefixed = FALSE;
  int number;

  for (guint i = 0; i < G_N_ELEMENTS (prefixes) && !prefixed; i++)
    if (g_ascii_strncasecmp (arch, prefixes[i], strlen (prefixes[i])) == 0)
      {
        p = arch + strlen (prefixes[i]);
        prefixed = TRUE;
      }
  if ((!prefixed && !bare_ok) || !parse_arch_number (p, &number))
    return FALSE;
  return cc_from_number (number, major, minor, note);
}

/* X.Y with a major of one or two digits and a minor of one: "8.06" and
 * "8.0000006" are refused rather than read as 8.6. */
static gboolean
parse_dotted_cc (const char  *text,
                 int         *major,
                 int         *minor,
                 const char **note,
                 GError     **error)
{
  const char *dot = strchr (text, '.');
  gsize major_digits = (gsize) (dot - text);
  const char *q = dot + 1;

  if (major_digits < 1 || major_digits > 2 || text[0] == '0' ||
      strspn (text, "0123456789") != major_digits)
    return FALSE;
  if (strspn (q, "0123456789") != strlen (q) || *q == '\0')
    return FALSE;
  if (strlen (q) != 1)
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_UNKNOWN_CC,
                   _("“%s” is not a compute capability: its minor version is one digit "
                     "(8.6, 9.0, 12.1)"), text);
      return FALSE;
    }
  return cc_from_number ((int) (strtol (text, NULL, 10) * 10 + (*q - '0')), major, minor, note);
}

static gboolean
parse_cc (const char  *text,
          int         *major,
          int         *minor,
          const char **note,
          GError     **error)
{
  g_autofree char *copy = g_strstrip (g_strdup (text));
  GError *local_error = NULL;

  if (strchr (copy, '.') != NULL)
    {
      if (parse_dotted_cc (copy, major, minor, note, &local_error))
        return TRUE;
    }
  else if (_cuocc_arch_to_cc (copy, TRUE, major, minor, note))
    return TRUE;

  if (local_error != NULL)
    g_propagate_error (error, local_error);
  else
    g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_UNKNOWN_CC,
                 _("“%s” is not a compute capability; write it as X.Y (8.6), XY (86), "
                   "sm_XY (sm_86, sm_90a, sm_100f) or compute_XY (compute_90)"), text);
  return FALSE;
}

/**
 * cuocc_parse_cc:
 * @text: a compute capability as people and NVIDIA's tools write it
 * @major: (out): the major version
 * @minor: (out): the minor version
 * @error: return location for a #GError
 *
 * Reads "8.6", "86", "sm_86", "sm_90a", "sm_100f", "compute_90" or "120".
 * sm_101 (CUDA 12's name for Jetson Thor) is read as 11.0, and
 * cuocc_cc_note() then says so. Look-alikes ("8.06", "sm_9") are refused.
 *
 * Returns: %TRUE on success; %FALSE with %CUOCC_ERROR_UNKNOWN_CC listing the
 *   spellings allowed
 */
gboolean
cuocc_parse_cc (const char  *text,
                int         *major,
                int         *minor,
                GError     **error)
{
  const char *note;
  int maj, min;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!parse_cc (text, &maj, &min, &note, error))
    return FALSE;
  *major = maj;
  *minor = min;
  return TRUE;
}

/**
 * cuocc_cc_note:
 * @text: a compute capability as cuocc_parse_cc() reads it
 *
 * The remark a spelling of a compute capability needs, because its meaning
 * changed between CUDA versions.
 *
 * Returns: (transfer none) (nullable): the translated remark a spelling
 *   needs ("sm_101 … is read as 11.0"), or %NULL
 */
const char *
cuocc_cc_note (const char *text)
{
  const char *note;
  int major, minor;

  g_return_val_if_fail (text != NULL, NULL);

  if (!parse_cc (text, &major, &minor, &note, NULL))
    return NULL;
  return note;
}

/* A size as people read it: "48 KiB", "512 bytes", "15.6 KiB". With
 * exact, a size that is no whole number of KiB also names its bytes:
 * "15.6 KiB (16000 bytes)". */
char *
_cuocc_size_text (gint64   bytes,
                  gboolean exact)
{
  if (bytes < 1024 && bytes > -1024)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%lld byte", "%lld bytes", (gulong) ABS (bytes)),
                            (long long) bytes);
  if (bytes % 1024 == 0)
    return g_strdup_printf (_("%lld KiB"), (long long) (bytes / 1024));
  if (exact)
    /* Translators: a size in KiB with its exact bytes, e.g. "15.6 KiB (16000 bytes)" */
    return g_strdup_printf (_("%.1f KiB (%lld bytes)"), bytes / 1024.0, (long long) bytes);
  return g_strdup_printf (_("%.1f KiB"), bytes / 1024.0);
}
