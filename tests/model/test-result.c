/* test-result.c — the names of a result's parts, as the CSV and JSON
 * columns and the command line spell them (README, the man page).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <cuocc.h>

static void
test_limit_names (void)
{
  static const struct { CuoccLimit limit; const char *name, *title; } limits[] = {
    { CUOCC_LIMIT_WARPS, "warps", "Warps" }, { CUOCC_LIMIT_REGISTERS, "registers", "Registers" },
    { CUOCC_LIMIT_SHARED_MEMORY, "shared_memory", "Shared memory" }, { CUOCC_LIMIT_BLOCKS, "blocks", "Blocks" },
    { CUOCC_LIMIT_BARRIERS, "barriers", "Barriers" },
  };

  g_assert_cmpuint (G_N_ELEMENTS (limits), ==, CUOCC_N_LIMITS);
  for (guint i = 0; i < G_N_ELEMENTS (limits); i++)
    {
      g_assert_cmpstr (cuocc_limit_name (limits[i].limit), ==, limits[i].name);
      g_assert_cmpstr (cuocc_limit_title (limits[i].limit), ==, limits[i].title);
    }
  /* Not one limit: no name. */
  g_assert_null (cuocc_limit_name (0));
  g_assert_null (cuocc_limit_name (CUOCC_LIMIT_WARPS | CUOCC_LIMIT_BLOCKS));
  g_assert_null (cuocc_limit_title (0));
  g_assert_null (cuocc_limit_title (CUOCC_LIMIT_WARPS | CUOCC_LIMIT_BLOCKS));
}

/* Several limiters are joined by "|" in the order of the flags. */
static void
test_limiters_to_string (void)
{
  static const struct { guint limiters; const char *text; } cases[] = {
    { 0, "" },
    { CUOCC_LIMIT_REGISTERS, "registers" },
    { CUOCC_LIMIT_SHARED_MEMORY | CUOCC_LIMIT_REGISTERS, "registers|shared_memory" },
    { CUOCC_LIMIT_BARRIERS | CUOCC_LIMIT_WARPS, "warps|barriers" },
    { (1u << CUOCC_N_LIMITS) - 1, "warps|registers|shared_memory|blocks|barriers" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = cuocc_limiters_to_string (cases[i].limiters);

      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

/* Caching modes read in any case, written in lower case; anything else is
 * refused with the allowed words. */
static void
test_caching (void)
{
  static const struct { const char *text; CuoccCaching caching; } modes[] = {
    { "off", CUOCC_CACHING_OFF }, { "ON", CUOCC_CACHING_ON }, { "Strict", CUOCC_CACHING_STRICT },
  };
  g_autoptr(GError) error = NULL;
  CuoccCaching caching = CUOCC_CACHING_OFF;

  for (guint i = 0; i < G_N_ELEMENTS (modes); i++)
    {
      g_autofree char *lower = g_ascii_strdown (modes[i].text, -1);

      g_assert_true (cuocc_caching_parse (modes[i].text, &caching, NULL));
      g_assert_cmpint (caching, ==, modes[i].caching);
      g_assert_cmpstr (cuocc_caching_name (caching), ==, lower);
    }
  g_assert_false (cuocc_caching_parse ("maybe", &caching, &error));
  g_assert_error (error, CUOCC_ERROR, CUOCC_ERROR_INVALID_INPUT);
  g_assert_nonnull (strstr (error->message, "“maybe”"));
  g_assert_nonnull (strstr (error->message, "off, on, strict"));
  g_assert_cmpint (caching, ==, CUOCC_CACHING_STRICT);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cuocc/result/limit-names", test_limit_names);
  g_test_add_func ("/cuocc/result/limiters", test_limiters_to_string);
  g_test_add_func ("/cuocc/result/caching", test_caching);

  return g_test_run ();
}
