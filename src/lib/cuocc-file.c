/* cuocc-file.c — reading files with a size limit, and writing them the one
 * way every front end writes: atomically, and without taking liberties with
 * a file the user already has.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cuocc-private.h"

/* As many as the kernel follows (MAXSYMLINKS). */
#define MAX_LINKS 40

typedef enum {
  OP_OPEN,
  OP_READ,
  OP_WRITE,
} FileOp;

static gboolean
set_errno_error (GError     **error,
                 int          saved_errno,
                 const char  *path,
                 FileOp       op)
{
  GFileError code = g_file_error_from_errno (saved_errno);
  const char *reason = g_strerror (saved_errno);

  switch (op)
    {
    case OP_OPEN:
      g_set_error (error, G_FILE_ERROR, code, _("Cannot open “%s”: %s"), path, reason);
      break;
    case OP_READ:
      g_set_error (error, G_FILE_ERROR, code, _("Cannot read “%s”: %s"), path, reason);
      break;
    case OP_WRITE:
    default:
      g_set_error (error, G_FILE_ERROR, code, _("Cannot write “%s”: %s"), path, reason);
      break;
    }
  return FALSE;
}

/* ----- reading ----- */

/**
 * cuocc_file_read:
 * @path: the file's name
 * @max_length: the most bytes the file may have
 * @contents: (out) (transfer full): the file's contents, NUL-terminated
 * @length: (out) (optional): the length of @contents
 * @error: return location for a #GError
 *
 * Reads a whole file, refusing one longer than @max_length bytes, so that
 * a wrong file cannot take all memory.
 *
 * Returns: %TRUE on success; %FALSE with @error set, whose message names the
 *   file and what went wrong
 */
gboolean
cuocc_file_read (const char  *path,
                 gsize        max_length,
                 char       **contents,
                 gsize       *length,
                 GError     **error)
{
  g_autoptr(GByteArray) bytes = NULL;
  g_autofree char *limit = NULL;
  struct stat st;
  guint8 chunk[65536];
  int fd;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (contents != NULL, FALSE);

  fd = g_open (path, O_RDONLY | O_CLOEXEC, 0);
  if (fd < 0)
    return set_errno_error (error, errno, path, OP_OPEN);
  limit = g_format_size_full (max_length, G_FORMAT_SIZE_IEC_UNITS);
  if (fstat (fd, &st) == 0 && S_ISDIR (st.st_mode))
    {
      close (fd);
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_ISDIR, _("“%s” is a folder, not a file"), path);
      return FALSE;
    }
  if (S_ISREG (st.st_mode) && (guint64) st.st_size > max_length)
    {
      close (fd);
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED,
                   _("“%s” is larger than %s, more than such a file ever holds"), path, limit);
      return FALSE;
    }

  /* Devices and pipes have no size to check first: read at most one byte
   * past the limit, so that /dev/zero ends too. */
  bytes = g_byte_array_new ();
  for (;;)
    {
      gsize want = MIN (sizeof chunk, max_length + 1 - bytes->len);
      gssize n = read (fd, chunk, want);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved = errno;

          close (fd);
          return set_errno_error (error, saved, path, OP_READ);
        }
      if (n == 0)
        break;
      g_byte_array_append (bytes, chunk, (guint) n);
      if (bytes->len > max_length)
        {
          close (fd);
          g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED,
                       _("“%s” is larger than %s, more than such a file ever holds"), path, limit);
          return FALSE;
        }
    }
  close (fd);

  if (length != NULL)
    *length = bytes->len;
  g_byte_array_append (bytes, (const guint8 *) "", 1);
  *contents = (char *) g_byte_array_free (g_steal_pointer (&bytes), FALSE);
  return TRUE;
}

/* ----- writing ----- */

/* The file a path names once symbolic links are followed: writing a link
 * writes its target, and leaves the link a link. */
static char *
resolve_links (const char  *path,
               GError     **error)
{
  g_autofree char *current = g_strdup (path);

  for (int hops = 0; ; hops++)
    {
      g_autofree char *target = NULL;
      struct stat st;

      if (g_lstat (current, &st) != 0 || !S_ISLNK (st.st_mode))
        return g_steal_pointer (&current);
      if (hops == MAX_LINKS)
        {
          set_errno_error (error, ELOOP, path, OP_WRITE);
          return NULL;
        }
      target = g_file_read_link (current, error);
      if (target == NULL)
        return NULL;
      if (!g_path_is_absolute (target))
        {
          g_autofree char *folder = g_path_get_dirname (current);
          char *joined = g_build_filename (folder, target, NULL);

          g_free (current);
          current = joined;
        }
      else
        {
          g_free (current);
          current = g_steal_pointer (&target);
        }
    }
}

/* Whether the user may replace a file. A file with no write permission for
 * anyone is read-only even to root, whom access () would let through. */
static gboolean
check_writable (const char         *path,
                const struct stat  *st,
                GError            **error)
{
  if ((st->st_mode & (S_IWUSR | S_IWGRP | S_IWOTH)) == 0 || g_access (path, W_OK) != 0)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_ACCES,
                   _("Cannot write “%s”: it is read-only (mode %04o); make it writable or choose another file"),
                   path, (unsigned) (st->st_mode & 07777));
      return FALSE;
    }
  return TRUE;
}

static gboolean
write_all (int          fd,
           const char  *data,
           gsize        length)
{
  while (length > 0)
    {
      gssize n = write (fd, data, length);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        return FALSE;
      data += n;
      length -= (gsize) n;
    }
  return TRUE;
}

/* Overwrites the file itself: for devices and pipes, and for a file whose
 * owner only an in-place write keeps. */
static gboolean
write_in_place (const char  *path,
                const char  *data,
                gsize        length,
                gboolean     truncate,
                GError     **error)
{
  int fd = g_open (path, O_WRONLY | O_CLOEXEC | (truncate ? O_TRUNC : 0), 0);
  int saved;

  if (fd < 0)
    return set_errno_error (error, errno, path, OP_WRITE);
  if (!write_all (fd, data, length))
    {
      saved = errno;
      close (fd);
      return set_errno_error (error, saved, path, OP_WRITE);
    }
  if (close (fd) != 0)
    return set_errno_error (error, errno, path, OP_WRITE);
  return TRUE;
}

/**
 * cuocc_file_write:
 * @path: the file's name
 * @data: (array length=length): what to write
 * @length: the length of @data, or -1 when @data is NUL-terminated
 * @error: return location for a #GError
 *
 * Writes a temporary file beside the target, gives it the target's mode and
 * owner, and renames it over the target: readers see the old file or the new
 * one, never half of one. A symbolic link is followed and its target written;
 * a file the user may not write (one with no write permission at all, even as
 * root) is refused. Every file cuocc writes goes through this function.
 *
 * Returns: %TRUE on success; %FALSE with @error set
 */
gboolean
cuocc_file_write (const char  *path,
                  const char  *data,
                  gssize       length,
                  GError     **error)
{
  g_autofree char *target = NULL;
  g_autofree char *folder = NULL;
  g_autofree char *base = NULL;
  g_autofree char *temp = NULL;
  gboolean exists;
  struct stat st;
  int fd;
  int saved;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);

  if (length < 0)
    length = (gssize) strlen (data);

  target = resolve_links (path, error);
  if (target == NULL)
    return FALSE;

  exists = g_stat (target, &st) == 0;
  if (!exists && errno != ENOENT)
    return set_errno_error (error, errno, path, OP_WRITE);
  if (exists && S_ISDIR (st.st_mode))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_ISDIR, _("Cannot write “%s”: it is a folder"), path);
      return FALSE;
    }
  if (exists && !check_writable (target, &st, error))
    return FALSE;
  if (exists && !S_ISREG (st.st_mode))
    return write_in_place (target, data, (gsize) length, FALSE, error);

  folder = g_path_get_dirname (target);
  base = g_path_get_basename (target);
  temp = g_strdup_printf ("%s%c.%s.XXXXXX", folder, G_DIR_SEPARATOR, base);
  /* A new file gets 0666 less the umask, as any program's would. */
  fd = g_mkstemp_full (temp, O_RDWR | O_CLOEXEC, 0666);
  if (fd < 0)
    {
      /* A writable file in a folder the user may not write: keep the file
       * at the cost of atomicity rather than refuse. */
      if (exists && (errno == EACCES || errno == EPERM))
        return write_in_place (target, data, (gsize) length, TRUE, error);
      return set_errno_error (error, errno, path, OP_WRITE);
    }

  if (exists)
    {
      gboolean owner_kept = TRUE;

      if (st.st_uid != geteuid () || st.st_gid != getegid ())
        owner_kept = fchown (fd, st.st_uid, st.st_gid) == 0;
      if (!owner_kept)
        {
          close (fd);
          g_unlink (temp);
          return write_in_place (target, data, (gsize) length, TRUE, error);
        }
      if (fchmod (fd, st.st_mode & 07777) != 0)
        goto failed;
    }

  if (!write_all (fd, data, (gsize) length) || fsync (fd) != 0)
    goto failed;
  if (close (fd) != 0)
    {
      fd = -1;
      goto failed;
    }
  fd = -1;
  if (g_rename (temp, target) != 0)
    goto failed;
  return TRUE;

failed:
  saved = errno;
  if (fd >= 0)
    close (fd);
  g_unlink (temp);
  return set_errno_error (error, saved, path, OP_WRITE);
}
