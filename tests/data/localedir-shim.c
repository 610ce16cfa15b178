/* An LD_PRELOAD shim for the translation tests: the binaries bind their text
 * domain to the install prefix's locale directory, which holds nothing before
 * `meson install`. This redirects that one domain to CUOCC_TEST_LOCALEDIR, the
 * build tree's po/ directory, so the tests read the .mo files just built. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

char *bindtextdomain (const char *domainname, const char *dirname);

char *
bindtextdomain (const char *domainname,
                const char *dirname)
{
  static char *(*real_bindtextdomain) (const char *, const char *);
  const char *override = getenv ("CUOCC_TEST_LOCALEDIR");
  const char *domain = getenv ("CUOCC_TEST_DOMAIN");

  if (real_bindtextdomain == NULL)
    real_bindtextdomain = (char *(*) (const char *, const char *)) dlsym (RTLD_NEXT, "bindtextdomain");
  if (override != NULL && dirname != NULL && domainname != NULL &&
      strcmp (domainname, domain != NULL ? domain : "cuocc") == 0)
    dirname = override;
  return real_bindtextdomain (domainname, dirname);
}
