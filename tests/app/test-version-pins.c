/* test-version-pins.c — the GLib, GTK and libadwaita versions the build is
 * pinned to (meson.build): set on the command line, before any header,
 * so that an API newer than Debian 12's (GLib 2.74, GTK 4.8, libadwaita
 * 1.2) fails to compile wherever it slips in, on a newer system too. A
 * header's own default (the installed version) would let it through there.
 * Nothing runs: it is checked when this file compiles.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#if !defined (GLIB_VERSION_MIN_REQUIRED) || !defined (GLIB_VERSION_MAX_ALLOWED)
# error "GLIB_VERSION_MIN_REQUIRED and GLIB_VERSION_MAX_ALLOWED are not pinned in meson.build"
#endif
#if !defined (GDK_VERSION_MIN_REQUIRED) || !defined (GDK_VERSION_MAX_ALLOWED)
# error "GDK_VERSION_MIN_REQUIRED and GDK_VERSION_MAX_ALLOWED are not pinned in meson.build"
#endif
#if !defined (ADW_VERSION_MIN_REQUIRED) || !defined (ADW_VERSION_MAX_ALLOWED)
# error "ADW_VERSION_MIN_REQUIRED and ADW_VERSION_MAX_ALLOWED are not pinned in meson.build"
#endif

#include <adwaita.h>

G_STATIC_ASSERT (GLIB_VERSION_MIN_REQUIRED == GLIB_VERSION_2_74);
G_STATIC_ASSERT (GLIB_VERSION_MAX_ALLOWED == GLIB_VERSION_2_74);
G_STATIC_ASSERT (GDK_VERSION_MIN_REQUIRED == GDK_VERSION_4_8);
G_STATIC_ASSERT (GDK_VERSION_MAX_ALLOWED == GDK_VERSION_4_8);
G_STATIC_ASSERT (ADW_VERSION_MIN_REQUIRED == ADW_VERSION_1_2);
G_STATIC_ASSERT (ADW_VERSION_MAX_ALLOWED == ADW_VERSION_1_2);

int
main (void)
{
  /* TAP: the checks above passed when this compiled. */
  g_print ("1..1\nok 1 /cuocc/app/version-pins\n");
  return 0;
}
