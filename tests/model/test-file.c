/* test-file.c — the one writer every front end uses, and the bounded reader,
 * over real files in a temporary folder.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cuocc.h>

typedef struct {
  char *dir;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  f->dir = g_dir_make_tmp ("cuocc-file-XXXXXX", &error);
  g_assert_no_error (error);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(GDir) dir = g_dir_open (f->dir, 0, NULL);
  const char *name;

  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (f->dir, name, NULL);

      g_chmod (path, 0600);
      g_unlink (path);
    }
  g_rmdir (f->dir);
  g_free (f->dir);
}

static char *
contents_of (const char *path)
{
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

static void
write_plain (const char *path,
             const char *text,
             mode_t      mode)
{
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  g_assert_cmpint (g_chmod (path, mode), ==, 0);
}

/* Only the target and what the test made: no temporary file left behind. */
static guint
count_entries (const char *folder)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  guint n = 0;

  while (g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

static void
test_new_file (Fixture       *f,
               gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "new.csv", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  mode_t old_mask = umask (022);
  struct stat st;

  g_assert_true (cuocc_file_write (path, "a,b\n", -1, &error));
  umask (old_mask);
  g_assert_no_error (error);
  text = contents_of (path);
  g_assert_cmpstr (text, ==, "a,b\n");
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  /* 0666 less the umask, as any program creates files. */
  g_assert_cmpint (st.st_mode & 07777, ==, 0644);
  g_assert_cmpuint (count_entries (f->dir), ==, 1);
}

/* A 0600 file stays 0600 and keeps its owner; the old name now holds a new
 * inode, while a reader that had the old one open still reads it whole. */
static void
test_keeps_mode_owner_atomic (Fixture       *f,
                              gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "private.cuocc", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  struct stat before, after;
  char old[16] = "";
  int reader;

  write_plain (path, "old contents", 0600);
  if (geteuid () == 0)
    g_assert_cmpint (chown (path, 4321, 4321), ==, 0);
  g_assert_cmpint (g_stat (path, &before), ==, 0);
  reader = g_open (path, O_RDONLY, 0);
  g_assert_cmpint (reader, >=, 0);

  g_assert_true (cuocc_file_write (path, "new", -1, &error));
  g_assert_no_error (error);

  g_assert_cmpint (g_stat (path, &after), ==, 0);
  g_assert_cmpint (after.st_mode & 07777, ==, 0600);
  g_assert_cmpint (after.st_uid, ==, before.st_uid);
  g_assert_cmpint (after.st_gid, ==, before.st_gid);
  g_assert_cmpuint (after.st_ino, !=, before.st_ino);
  text = contents_of (path);
  g_assert_cmpstr (text, ==, "new");
  g_assert_cmpint (read (reader, old, sizeof old - 1), ==, 12);
  g_assert_cmpstr (old, ==, "old contents");
  close (reader);
  g_assert_cmpuint (count_entries (f->dir), ==, 1);

  /* Unusual modes survive too. */
  g_assert_cmpint (g_chmod (path, 0640), ==, 0);
  g_assert_true (cuocc_file_write (path, "again", -1, NULL));
  g_assert_cmpint (g_stat (path, &after), ==, 0);
  g_assert_cmpint (after.st_mode & 07777, ==, 0640);
}

/* The user's link stays a link; its target gets the new contents. */
static void
test_follows_links (Fixture       *f,
                    gconstpointer  data)
{
  g_autofree char *target = g_build_filename (f->dir, "real.svg", NULL);
  g_autofree char *link = g_build_filename (f->dir, "link.svg", NULL);
  g_autofree char *chain = g_build_filename (f->dir, "chain.svg", NULL);
  g_autofree char *dangling = g_build_filename (f->dir, "dangling.svg", NULL);
  g_autofree char *created = g_build_filename (f->dir, "created.svg", NULL);
  g_autofree char *loop = g_build_filename (f->dir, "loop.svg", NULL);
  g_autofree char *text = NULL;
  g_autofree char *through = NULL;
  g_autoptr(GError) error = NULL;
  struct stat st;

  write_plain (target, "old", 0640);
  g_assert_cmpint (symlink ("real.svg", link), ==, 0);
  g_assert_cmpint (symlink (link, chain), ==, 0);

  g_assert_true (cuocc_file_write (chain, "<svg/>", -1, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_lstat (link, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  g_assert_cmpint (g_lstat (chain, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  text = contents_of (target);
  g_assert_cmpstr (text, ==, "<svg/>");
  g_assert_cmpint (g_stat (target, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 07777, ==, 0640);

  /* A link to a file not there yet creates the file. */
  g_assert_cmpint (symlink ("created.svg", dangling), ==, 0);
  g_assert_true (cuocc_file_write (dangling, "x", -1, &error));
  g_assert_no_error (error);
  through = contents_of (created);
  g_assert_cmpstr (through, ==, "x");
  g_assert_cmpint (g_lstat (dangling, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));

  /* A loop ends with an error. */
  g_assert_cmpint (symlink ("loop.svg", loop), ==, 0);
  g_assert_false (cuocc_file_write (loop, "x", -1, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_LOOP);
}

/* A read-only file is refused and left as it was. As root, access () lets
 * every write through, so the writer reads the mode bits: a file without
 * any write permission is read-only to root too. The test checks that,
 * whoever runs it. */
static void
test_refuses_read_only (Fixture       *f,
                        gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "locked.csv", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  struct stat st;

  write_plain (path, "keep me", 0444);
  g_assert_false (cuocc_file_write (path, "lost", -1, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_ACCES);
  g_assert_nonnull (strstr (error->message, "read-only"));
  g_assert_nonnull (strstr (error->message, path));
  text = contents_of (path);
  g_assert_cmpstr (text, ==, "keep me");
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 07777, ==, 0444);
  g_assert_cmpuint (count_entries (f->dir), ==, 1);
}

static void
test_refuses_folder (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *missing = g_build_filename (f->dir, "no", "such", "folder.csv", NULL);

  g_assert_false (cuocc_file_write (f->dir, "x", -1, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_ISDIR);
  g_clear_error (&error);
  g_assert_false (cuocc_file_write (missing, "x", -1, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
}

/* Devices are written in place: /dev/null takes anything and stays. */
static void
test_device (Fixture       *f,
             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  struct stat st;

  if (g_access ("/dev/null", W_OK) != 0)
    {
      g_test_skip ("/dev/null is not writable here");
      return;
    }
  g_assert_true (cuocc_file_write ("/dev/null", "x", -1, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_stat ("/dev/null", &st), ==, 0);
  g_assert_true (S_ISCHR (st.st_mode));
}

static void
test_read_bounded (Fixture       *f,
                   gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "device.ini", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  gsize length = 0;

  write_plain (path, "0123456789", 0644);
  g_assert_true (cuocc_file_read (path, 10, &contents, &length, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (length, ==, 10);
  g_assert_cmpstr (contents, ==, "0123456789");
  g_clear_pointer (&contents, g_free);

  g_assert_false (cuocc_file_read (path, 9, &contents, &length, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, path));
  g_assert_null (contents);
  g_clear_error (&error);

  /* No size to check first: the limit ends the read. */
  g_assert_false (cuocc_file_read ("/dev/zero", 1000, &contents, &length, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_false (cuocc_file_read (f->dir, 1000, &contents, &length, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_ISDIR);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

#define ADD(name, func) g_test_add ("/cuocc/file/" name, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("new-file", test_new_file);
  ADD ("keeps-mode-owner-atomic", test_keeps_mode_owner_atomic);
  ADD ("follows-links", test_follows_links);
  ADD ("refuses-read-only", test_refuses_read_only);
  ADD ("refuses-folder", test_refuses_folder);
  ADD ("device", test_device);
  ADD ("read-bounded", test_read_bounded);
#undef ADD

  return g_test_run ();
}
