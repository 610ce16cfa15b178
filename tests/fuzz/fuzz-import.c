/* fuzz-import.c — libFuzzer target for the kernel resource usage readers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every line reader sees the lines until one of them reads a kernel (the
 * table of formats, cuocc-import-formats.c), and binary content goes to
 * the reader whose sniff is sure of it, so one target exercises them all;
 * the per-format binaries differ in their seed corpus and dictionary only. Each
 * input is also fed in pieces cut where its first byte says, and both ways
 * must read the same kernels: line assembly across pieces is where a
 * streaming reader goes wrong. The binary target's inputs (cubins, fat
 * binaries, archives, host ELF files) go through the same entry points:
 * the content decides which reader sees them.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cuocc.h"
#include "cuocc-import-private.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static void
check_list (const CuoccKernelList *list)
{
  if (list->n_kernels == 0 || list->n_kernels > CUOCC_IMPORT_MAX_KERNELS)
    abort ();
  for (guint i = 0; i < list->n_kernels; i++)
    {
      const CuoccKernel *k = &list->kernels[i];

      if (k->name == NULL || k->mangled == NULL || !g_utf8_validate (k->name, -1, NULL) ||
          !g_utf8_validate (k->mangled, -1, NULL) || (k->regs < 0 && k->code != CUOCC_CODE_PTX))
        abort ();
      /* a fat binary entry's kernels say where they came from */
      if (k->format == CUOCC_IMPORT_FORMAT_FATBIN && (k->entry == NULL || !g_utf8_validate (k->entry, -1, NULL)))
        abort ();
      if (k->arch != NULL && (k->cc_major <= 0 || k->cc_minor < 0 || k->cc_minor > 9))
        abort ();
    }
}

static gboolean
same_lists (const CuoccKernelList *a, const CuoccKernelList *b)
{
  if (a == NULL || b == NULL)
    return a == b;
  if (a->n_kernels != b->n_kernels)
    return FALSE;
  for (guint i = 0; i < a->n_kernels; i++)
    if (strcmp (a->kernels[i].name, b->kernels[i].name) != 0 || a->kernels[i].regs != b->kernels[i].regs ||
        a->kernels[i].smem != b->kernels[i].smem)
      return FALSE;
  return TRUE;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr (CuoccKernelList) whole = NULL;
  g_autoptr (CuoccKernelList) pieces = NULL;
  g_autoptr (GError) error = NULL;
  CuoccImportParser *parser;
  gsize step = size > 0 ? (gsize) data[0] % 13 + 1 : 1;

  whole = cuocc_import_parse ((const char *) data, size, &error);
  if (whole == NULL && error == NULL)
    abort ();
  if (whole != NULL)
    check_list (whole);

  parser = cuocc_import_parser_new ();
  for (gsize at = 0; at < size; at += step)
    cuocc_import_parser_feed (parser, (const char *) data + at, MIN (step, size - at));
  pieces = cuocc_import_parser_finish (parser, NULL);
  /* Whole input is read by its content (a Triton .json, a binary); the
   * streaming parser reads lines only. */
  if (!_cuocc_import_looks_like_json ((const char *) data, size) && !same_lists (whole, pieces))
    abort ();
  return 0;
}
