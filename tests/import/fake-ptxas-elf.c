/* fake-ptxas-elf.c — a ptxas that is an ELF program, for the test of what
 * cuocc remembers of `ptxas --version` (test-import-ptx.py)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * cuocc remembers the answer of an ELF ptxas only (a script may run another
 * ptxas), so the test needs one it can count: `--version` appends a line to
 * the file $CUOCC_FAKE_PTXAS_LOG and prints what $CUOCC_FAKE_PTXAS_REAL
 * (the toolkit's ptxas) prints; anything else runs that ptxas.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int
main (int argc, char **argv)
{
  const char *log = getenv ("CUOCC_FAKE_PTXAS_LOG");
  const char *real = getenv ("CUOCC_FAKE_PTXAS_REAL");

  if (real == NULL)
    {
      fputs ("fake-ptxas-elf: CUOCC_FAKE_PTXAS_REAL is not set\n", stderr);
      return 2;
    }
  if (argc == 2 && strcmp (argv[1], "--version") == 0 && log != NULL)
    {
      FILE *f = fopen (log, "a");

      if (f == NULL || fputs ("--version\n", f) == EOF || fclose (f) != 0)
        {
          perror (log);
          return 2;
        }
    }
  argv[0] = (char *) real;
  execv (real, argv);
  perror (real);
  return 2;
}
