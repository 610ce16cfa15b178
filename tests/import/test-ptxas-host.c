/* test-ptxas-host.c — the host's ptxas as the Flatpak sees it (issue 27)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Inside the Flatpak the host's /usr, /etc and /lib* are under /run/host
 * (host-os), and a host symbolic link with an absolute target
 * (/usr/local/cuda → /etc/alternatives/cuda → /usr/local/cuda-12.9, as
 * NVIDIA's packages make them) would name the runtime's folders there. The
 * tests build such a tree in a temporary folder standing for /run/host and
 * check which ptxas is found, and where each path leads; the folder is
 * removed afterwards, pass or fail.
 */
#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "cuocc.h"
#include "cuocc-ptxas-private.h"

typedef struct {
  char *root;
} Fixture;

static void
remove_tree (const char *path)
{
  GStatBuf st;

  if (g_lstat (path, &st) != 0)
    return;
  if (S_ISDIR (st.st_mode))
    {
      g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
      const char *name;

      while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);

          remove_tree (child);
        }
      g_rmdir (path);
    }
  else
    g_unlink (path);
}

static char *
at (Fixture *f, const char *path)
{
  return g_build_filename (f->root, path, NULL);
}

static void
make_ptxas (Fixture *f, const char *dir)
{
  g_autofree char *bin = at (f, dir);
  g_autofree char *ptxas = g_build_filename (bin, "ptxas", NULL);

  g_assert_cmpint (g_mkdir_with_parents (bin, 0700), ==, 0);
  g_assert_true (g_file_set_contents (ptxas, "#!/bin/sh\nexit 0\n", -1, NULL));
  g_assert_cmpint (g_chmod (ptxas, 0700), ==, 0);
}

static void
make_link (Fixture *f, const char *path, const char *target)
{
  g_autofree char *link = at (f, path);
  g_autofree char *parent = g_path_get_dirname (link);

  g_assert_cmpint (g_mkdir_with_parents (parent, 0700), ==, 0);
  g_unlink (link);
  g_assert_cmpint (symlink (target, link), ==, 0);
}

static void
assert_found (Fixture *f, const char *expected)
{
  g_autofree char *found = _cuocc_ptxas_find_on_host (f->root);
  g_autofree char *want = expected != NULL ? at (f, expected) : NULL;

  g_assert_cmpstr (found, ==, want);
}

static void
setup (Fixture *f, gconstpointer data)
{
  f->root = g_dir_make_tmp ("cuocc-test-host-XXXXXX", NULL);
  g_assert_nonnull (f->root);
  g_unsetenv ("CUDA_PATH");
  g_unsetenv ("CUDA_HOME");
}

static void
teardown (Fixture *f, gconstpointer data)
{
  remove_tree (f->root);
  g_free (f->root);
}

/* /usr/local/cuda → /etc/alternatives/cuda → /usr/local/cuda-12.9, both
 * absolute: followed under the root, the link's choice before the newest. */
static void
test_links_followed_under_root (Fixture *f, gconstpointer data)
{
  g_autofree char *bin = NULL;
  g_autofree char *want = at (f, "/usr/local/cuda-12.9/bin");

  make_ptxas (f, "/usr/local/cuda-12.9/bin");
  make_ptxas (f, "/usr/local/cuda-13.0/bin");
  make_link (f, "/etc/alternatives/cuda", "/usr/local/cuda-12.9");
  make_link (f, "/usr/local/cuda", "/etc/alternatives/cuda");
  bin = _cuocc_ptxas_host_path (f->root, "/usr/local/cuda/bin");
  g_assert_cmpstr (bin, ==, want);
  assert_found (f, "/usr/local/cuda-12.9/bin/ptxas");
  /* A relative link, with "..", resolves from the link's folder. */
  make_link (f, "/usr/local/cuda", "../local/./cuda-13.0");
  assert_found (f, "/usr/local/cuda-13.0/bin/ptxas");
}

/* Without /usr/local/cuda, the newest /usr/local/cuda-X.Y, numbers compared as numbers. */
static void
test_newest_versioned_folder (Fixture *f, gconstpointer data)
{
  g_autofree char *empty = at (f, "/usr/local/cuda-13.0/bin");

  make_ptxas (f, "/usr/local/cuda-12.9/bin");
  make_ptxas (f, "/usr/local/cuda-12.10/bin");
  make_ptxas (f, "/usr/local/cuda-11.8/bin");
  assert_found (f, "/usr/local/cuda-12.10/bin/ptxas");
  /* A versioned folder without ptxas is passed over. */
  make_ptxas (f, "/usr/bin");
  g_assert_cmpint (g_mkdir_with_parents (empty, 0700), ==, 0);
  assert_found (f, "/usr/local/cuda-12.10/bin/ptxas");
}

/* $CUDA_PATH, where it reached the sandbox, names a host folder; /usr/bin
 * last; a link loop is no path; nothing at all is NULL. */
static void
test_env_loop_and_none (Fixture *f, gconstpointer data)
{
  g_autofree char *looped = NULL;

  assert_found (f, NULL);
  make_ptxas (f, "/usr/bin");
  assert_found (f, "/usr/bin/ptxas");
  make_link (f, "/usr/local/cuda", "/usr/local/cuda");
  looped = _cuocc_ptxas_host_path (f->root, "/usr/local/cuda/bin");
  g_assert_null (looped);
  assert_found (f, "/usr/bin/ptxas");
  make_ptxas (f, "/opt/cuda/bin");
  g_setenv ("CUDA_PATH", "/opt/cuda", TRUE);
  assert_found (f, "/opt/cuda/bin/ptxas");
  /* A relative $CUDA_PATH means nothing on the host. */
  g_setenv ("CUDA_PATH", "opt/cuda", TRUE);
  assert_found (f, "/usr/bin/ptxas");
  g_unsetenv ("CUDA_PATH");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  /* A failed check goes on to the teardown, which removes the folder. */
  g_test_set_nonfatal_assertions ();
  g_test_add ("/cuocc/ptxas/host/links", Fixture, NULL, setup, test_links_followed_under_root, teardown);
  g_test_add ("/cuocc/ptxas/host/newest", Fixture, NULL, setup, test_newest_versioned_folder, teardown);
  g_test_add ("/cuocc/ptxas/host/env-loop-none", Fixture, NULL, setup, test_env_loop_and_none, teardown);
  return g_test_run ();
}
