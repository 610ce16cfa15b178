/* cuocc-import-fatbin-sparse.c — a big LZ4-compressed cubin decompressed
 * without its machine code ever being resident.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Real libraries hold cubins of up to 75 MB decompressed (CUDA 11.8's
 * cuBLASLt: one sm_90 entry of 75,156,648 bytes, 68 MB of it .text), and
 * decompressed whole, such an entry took as much memory as all the kernel
 * names of the library together. The cubin reader reads none of the
 * machine code: only the ELF header, the section headers and the sections
 * that are not code (symbols, strings, .nv.info, notes). So an entry of
 * SPARSE_MIN bytes or more is decompressed here into its buffer (an
 * anonymous mapping, whose pages take memory only once written) writing
 * only those bytes; the code's pages are never touched. The ELF header and
 * the section headers are decompressed first (nvcc writes them at the
 * start, so that costs nothing; anywhere else, one pass more), then the
 * whole block, through a window of the last 128 KiB, from which what is
 * kept is copied out.
 *
 * Why a decoder of our own: liblz4 decodes a block only whole, into one
 * buffer (LZ4_decompress_safe), or a prefix of it (..._partial); a block
 * cannot be decoded in pieces through a window. The block format
 * (lz4_Block_format.md: sequences of a token, literals, a 16-bit offset
 * and a match length) is small and stable; every length and offset is
 * checked against the input, the window and the declared size, and liblz4
 * still decodes every entry that is not this big. A Zstandard entry is
 * decompressed whole as before: its streaming decoder keeps a window as
 * large as the frame when nvcc's frames are one segment.
 */
#include "config.h"

#include <string.h>
#include <unistd.h>

#include "cuocc-import-fatbin-private.h"

/* LZ4 matches reach 65,535 bytes back: the window holds twice that, and
 * what is decoded is copied out at the latest every half window. */
#define WINDOW ((gsize) 1 << 17)
#define WINDOW_MASK (WINDOW - 1)
#define FLUSH_EVERY (WINDOW / 2)

/* The block format's end: its last 5 bytes are literals, and no match
 * starts in its last 12 (lz4_Block_format.md; LZ4_decompress_safe). */
#define LAST_LITERALS 5
#define MATCH_LIMIT 12

#define ELF_HEADER_SIZE 64
#define SECTION_HEADER_SIZE 64
#define SHT_PROGBITS_ 1
#define SHT_NOBITS_ 8
#define SHF_EXECINSTR_ 0x4

typedef struct {
  gsize start;
  gsize end;
} Range;

/* Where decoded bytes go: the window, and from it the kept ranges of out. */
typedef struct {
  guint8 *window;
  guint8 *out;
  gsize size;                      /* out's size: what the entry header claims */
  const Range *keep;               /* sorted, disjoint */
  guint n_keep;
  guint next_keep;
  gsize stop;                      /* nothing past this is needed */
  gsize pos;                       /* bytes decoded */
  gsize flushed;                   /* bytes copied out (or passed) */
} Sink;

static void
window_copy_out (const Sink *s, guint8 *dst, gsize from, gsize n)
{
  gsize at = from & WINDOW_MASK;
  gsize first = MIN (n, WINDOW - at);

  memcpy (dst, s->window + at, first);
  memcpy (dst + first, s->window, n - first);
}

/* Copies what was decoded since the last flush to out, where it is kept. */
static void
flush (Sink *s)
{
  while (s->next_keep < s->n_keep && s->keep[s->next_keep].end <= s->flushed)
    s->next_keep++;
  for (guint i = s->next_keep; i < s->n_keep && s->keep[i].start < s->pos; i++)
    {
      gsize from = MAX (s->keep[i].start, s->flushed);
      gsize to = MIN (s->keep[i].end, s->pos);

      if (to > from)
        window_copy_out (s, s->out + from, from, to - from);
    }
  s->flushed = s->pos;
}

/* Room in the window before the next flush. */
static gsize
room (Sink *s)
{
  if (s->pos - s->flushed >= FLUSH_EVERY)
    flush (s);
  return FLUSH_EVERY - (s->pos - s->flushed);
}

static void
put_literals (Sink *s, const guint8 *p, gsize n)
{
  while (n > 0)
    {
      gsize at = s->pos & WINDOW_MASK;
      gsize c = MIN (MIN (n, room (s)), WINDOW - at);

      memcpy (s->window + at, p, c);
      s->pos += c;
      p += c;
      n -= c;
    }
}

/* offset: checked to be 1 to s->pos. Copies in pieces that neither wrap
 * around the window nor overlap (at most offset bytes at a time). */
static void
put_match (Sink *s, gsize offset, gsize n)
{
  while (n > 0)
    {
      gsize to = s->pos & WINDOW_MASK;
      gsize from = (s->pos - offset) & WINDOW_MASK;
      gsize c = MIN (MIN (n, room (s)), MIN (offset, MIN (WINDOW - to, WINDOW - from)));

      memcpy (s->window + to, s->window + from, c);
      s->pos += c;
      n -= c;
    }
}

/* A length's extension bytes (255 each, and one less that ends it). */
static gboolean
read_length (const guint8 **ip, const guint8 *end, gsize limit, gsize *len)
{
  guint8 b;

  do
    {
      if (*ip >= end)
        return FALSE;
      b = *(*ip)++;
      *len += b;
      if (*len > limit)
        return FALSE;
    }
  while (b == 255);
  return TRUE;
}

/* Decodes the LZ4 block at src up to s->stop. FALSE when it is corrupt: a
 * length past the input or the declared size, an offset of 0 or before the
 * start, or (decoded to its end) a block that does not end with a sequence
 * of literals alone at the end of its input, as liblz4 requires. */
static gboolean
decode (Sink *s, const guint8 *src, gsize src_len)
{
  const guint8 *ip = src;
  const guint8 *end = src + src_len;
  gboolean complete = FALSE;

  while (ip < end && s->pos < s->stop)
    {
      guint token = *ip++;
      gsize lit = token >> 4;
      gsize match = token & 15;
      gsize offset;

      if (lit == 15 && !read_length (&ip, end, s->size, &lit))
        return FALSE;
      if (lit > (gsize) (end - ip) || lit > s->size - s->pos)
        return FALSE;
      /* The end of a block, as liblz4 holds it to: literals this near the
       * end of the output or the input are the last sequence's. */
      if ((s->pos + lit + MATCH_LIMIT > s->size || (gsize) (end - ip) - lit < 3 + LAST_LITERALS) &&
          (gsize) (end - ip) != lit)
        return FALSE;
      put_literals (s, ip, lit);
      ip += lit;
      if (ip == end)
        {
          complete = TRUE;         /* the last sequence: literals only */
          break;
        }
      offset = (gsize) ip[0] | ((gsize) ip[1] << 8);
      ip += 2;
      if (offset == 0 || offset > s->pos)
        return FALSE;
      if (match == 15 && !read_length (&ip, end, s->size, &match))
        return FALSE;
      match += 4;
      if (match + LAST_LITERALS > s->size - s->pos)
        return FALSE;              /* the last bytes are literals */
      put_match (s, offset, match);
    }
  flush (s);
  return complete || (s->pos >= s->stop && s->stop < s->size);
}

static gboolean
decode_keeping (guint8 *window, const guint8 *src, gsize src_len, guint8 *out, gsize size,
                const Range *keep, guint n_keep, gsize stop, gsize *decoded)
{
  Sink s = { window, out, size, keep, n_keep, 0, stop, 0, 0 };
  gboolean ok = decode (&s, src, src_len);

  *decoded = s.pos;
  return ok;
}

static int
compare_ranges (gconstpointer a, gconstpointer b)
{
  const Range *x = a;
  const Range *y = b;

  return x->start < y->start ? -1 : x->start > y->start;
}

/* Adds [start, start + len) clipped to size; nothing when it starts past it. */
static void
add_range (GArray *ranges, guint64 start, guint64 len, gsize size)
{
  Range r;

  if (start >= size || len == 0)
    return;
  r.start = (gsize) start;
  r.end = r.start + (gsize) MIN (len, (guint64) (size - r.start));
  g_array_append_val (ranges, r);
}

/* Sorts and merges ranges; returns the bytes of the pages they touch. */
static gsize
merge_ranges (GArray *ranges)
{
  gsize page = (gsize) sysconf (_SC_PAGESIZE);
  gsize pages = 0;
  gsize last_page_end = 0;
  guint n = 0;

  g_array_sort (ranges, compare_ranges);
  for (guint i = 0; i < ranges->len; i++)
    {
      Range r = g_array_index (ranges, Range, i);

      if (n > 0 && r.start <= g_array_index (ranges, Range, n - 1).end)
        {
          Range *last = &g_array_index (ranges, Range, n - 1);

          last->end = MAX (last->end, r.end);
        }
      else
        g_array_index (ranges, Range, n++) = r;
    }
  g_array_set_size (ranges, n);
  for (guint i = 0; i < n; i++)
    {
      const Range *r = &g_array_index (ranges, Range, i);
      gsize first = MAX (r->start / page * page, last_page_end);
      gsize after = (r->end + page - 1) / page * page;

      if (after > first)
        pages += after - first;
      last_page_end = MAX (last_page_end, after);
    }
  return pages;
}

/* The bytes a cubin is read from: its ELF header, section and program
 * header tables and every section with contents that is not code. FALSE
 * when out's first bytes are no 64-bit little-endian ELF header with
 * section headers as this reads them. */
static gboolean
header_ranges (const guint8 *out, gsize size, GArray *ranges)
{
  guint64 shoff, phoff;
  guint shnum, phnum;

  if (size < ELF_HEADER_SIZE || out[4] != 2 || out[5] != 1 || read_le (out + 58, 2) != SECTION_HEADER_SIZE)
    return FALSE;
  shoff = read_le (out + 40, 8);
  shnum = (guint) read_le (out + 60, 2);
  phoff = read_le (out + 32, 8);
  phnum = (guint) read_le (out + 56, 2);
  if (shnum == 0 || shoff > size || (size - shoff) / SECTION_HEADER_SIZE < shnum)
    return FALSE;
  add_range (ranges, 0, ELF_HEADER_SIZE, size);
  add_range (ranges, shoff, (guint64) shnum * SECTION_HEADER_SIZE, size);
  add_range (ranges, phoff, (guint64) phnum * read_le (out + 54, 2), size);
  return TRUE;
}

static void
section_ranges (const guint8 *out, gsize size, GArray *ranges)
{
  guint64 shoff = read_le (out + 40, 8);
  guint shnum = (guint) read_le (out + 60, 2);

  for (guint i = 0; i < shnum; i++)
    {
      const guint8 *h = out + shoff + (gsize) i * SECTION_HEADER_SIZE;
      guint32 type = (guint32) read_le (h + 4, 4);
      guint64 flags = read_le (h + 8, 8);

      if (type == SHT_NOBITS_ || (type == SHT_PROGBITS_ && (flags & SHF_EXECINSTR_) != 0))
        continue;
      add_range (ranges, read_le (h + 24, 8), read_le (h + 32, 8), size);
    }
}

/* Decompresses the LZ4 block src into out (size bytes, untouched), all but
 * the cubin's code. Returns SPARSE_DONE with *decoded (the bytes the block
 * decodes to) and *resident (the bytes of the pages written), SPARSE_CORRUPT,
 * or SPARSE_NOT_HERE when its first bytes are no ELF header this reads
 * (then the caller decompresses it whole into out, over what was written). */
SparseResult
_cuocc_import_fatbin_lz4_sparse (const guint8 *src, gsize src_len, guint8 *out, gsize size, gsize *decoded,
                                 gsize *resident)
{
  g_autofree guint8 *window = g_malloc (WINDOW);
  g_autoptr (GArray) ranges = g_array_new (FALSE, FALSE, sizeof (Range));
  Range head = { 0, MIN (size, ELF_HEADER_SIZE) };
  gsize stop = 0;

  *decoded = *resident = 0;
  if (!decode_keeping (window, src, src_len, out, size, &head, 1, head.end, decoded))
    return SPARSE_CORRUPT;
  if (*decoded < ELF_HEADER_SIZE || !header_ranges (out, size, ranges))
    return SPARSE_NOT_HERE;
  merge_ranges (ranges);
  for (guint i = 0; i < ranges->len; i++)
    stop = MAX (stop, g_array_index (ranges, Range, i).end);
  if (!decode_keeping (window, src, src_len, out, size, (const Range *) (gpointer) ranges->data, ranges->len, stop,
                       decoded))
    return SPARSE_CORRUPT;
  if (*decoded < stop)
    return SPARSE_NOT_HERE;
  section_ranges (out, size, ranges);
  *resident = merge_ranges (ranges);
  if (!decode_keeping (window, src, src_len, out, size, (const Range *) (gpointer) ranges->data, ranges->len, size,
                       decoded) || *decoded == 0)
    return SPARSE_CORRUPT;
  return SPARSE_DONE;
}
