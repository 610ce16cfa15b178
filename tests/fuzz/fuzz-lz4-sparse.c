/* fuzz-lz4-sparse.c — libFuzzer target for the LZ4 decoder that leaves a
 * big cubin's code out (src/lib/import/cuocc-import-fatbin-sparse.c),
 * against liblz4
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The input is a 4-byte little-endian size (the entry header's claim, at
 * most MAX_SIZE) and an LZ4 block. liblz4 decodes it whole; the sparse
 * decoder must then agree: corrupt where liblz4 fails (or give the entry
 * back to it, SPARSE_NOT_HERE), else the same length, and every byte of
 * the ELF header, the section headers and every section it kept equal to
 * liblz4's. Its writes stay inside the buffer (ASan sees a heap buffer of
 * exactly size bytes). liblz4 1.9 decodes a match of offset 0, which the
 * block format calls invalid (it copies what its literal copy left past
 * the literals); the sparse decoder calls such a block corrupt, which is
 * allowed where the block has one.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <lz4.h>

#include "cuocc-import-fatbin-private.h"

#define MAX_SIZE (1 << 20)

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static void
check_kept (const guint8 *whole, const guint8 *sparse, gsize size)
{
  guint64 shoff = read_le (whole + 40, 8);
  guint shnum = (guint) read_le (whole + 60, 2);

  if (memcmp (whole, sparse, 64) != 0 || memcmp (whole + shoff, sparse + shoff, (gsize) shnum * 64) != 0)
    abort ();
  for (guint i = 0; i < shnum; i++)
    {
      const guint8 *h = whole + shoff + (gsize) i * 64;
      guint32 type = (guint32) read_le (h + 4, 4);
      guint64 off = read_le (h + 24, 8);
      guint64 len = read_le (h + 32, 8);

      if (type == 8 || (type == 1 && (read_le (h + 8, 8) & 0x4) != 0) || off >= size)
        continue;
      len = MIN (len, size - off);
      if (memcmp (whole + off, sparse + off, (gsize) len) != 0)
        abort ();
    }
}

/* Whether a block liblz4 decoded has a match of offset 0 (its sequences
 * walked, lengths as the format gives them). */
static gboolean
has_offset_zero (const guint8 *ip, gsize n)
{
  const guint8 *end = ip + n;

  while (ip < end)
    {
      guint token = *ip++;
      gsize lit = token >> 4;
      guint8 b = 255;

      if (lit == 15)
        while (b == 255 && ip < end)
          lit += (b = *ip++);
      if (lit >= (gsize) (end - ip))
        return FALSE;
      ip += lit;
      if (end - ip < 2)
        return FALSE;
      if (ip[0] == 0 && ip[1] == 0)
        return TRUE;
      ip += 2;
      if ((token & 15) == 15)
        for (b = 255; b == 255 && ip < end;)
          b = *ip++;
    }
  return FALSE;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  gsize out_size, decoded, resident;
  guint8 *whole, *sparse;
  int r;
  SparseResult result;

  if (size < 4)
    return 0;
  out_size = (gsize) read_le (data, 4);
  if (out_size == 0 || out_size > MAX_SIZE)
    return 0;
  whole = g_malloc0 (out_size);
  sparse = g_malloc0 (out_size);
  r = LZ4_decompress_safe ((const char *) data + 4, (char *) whole, (int) (size - 4), (int) out_size);
  if (r > 0 && has_offset_zero (data + 4, size - 4))
    r = -1;
  result = _cuocc_import_fatbin_lz4_sparse (data + 4, size - 4, sparse, out_size, &decoded, &resident);
  if (r <= 0 && result == SPARSE_DONE)
    abort ();                      /* liblz4 finds it corrupt */
  if (r > 0 && result == SPARSE_CORRUPT)
    abort ();
  if (result == SPARSE_DONE)
    {
      if (decoded != (gsize) r || resident == 0 || resident > out_size + 4096 * 3)
        abort ();
      check_kept (whole, sparse, out_size);
    }
  g_free (whole);
  g_free (sparse);
  return 0;
}
