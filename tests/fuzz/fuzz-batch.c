/* fuzz-batch.c — libFuzzer target for the command line's batch CSV reader
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The input is handed to cli_batch_run as a file, as `cuocc --batch FILE`
 * does; the answers go to /dev/null. Every input ends with exit status 0, 1
 * or 2, without a sanitizer report.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "cuocc-cli-batch.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);
int LLVMFuzzerInitialize (int *argc, char ***argv);

static FILE *sink;

static void
quiet (const char *text G_GNUC_UNUSED)
{
}

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  sink = fopen ("/dev/null", "w");
  g_set_printerr_handler (quiet);
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  static const CliFormat formats[] = { CLI_FORMAT_CSV, CLI_FORMAT_JSON };
  char path[64];
  int fd = memfd_create ("batch", MFD_CLOEXEC);
  int status;

  if (fd < 0 || write (fd, data, size) != (ssize_t) size)
    abort ();
  g_snprintf (path, sizeof path, "/proc/self/fd/%d", fd);
  status = cli_batch_run (path, formats[size % 2], sink);
  close (fd);
  if (status < 0 || status > 2)
    abort ();
  return 0;
}
