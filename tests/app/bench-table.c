/* bench-table.c — sorting and filtering the kernels table's 60,000 rows,
 * beside the same sort in plain C (qsort over an array of the same figures)
 * in the same run.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window's table (cuocc-kernel-rows.c) filters and sorts an
 * array of the entries' keys by one column, as a click on a header does;
 * beside it a GtkSortListModel with the column's comparison and a
 * GtkFilterListModel with the text search, as GTK sorts and filters. The
 * reference sorts plain structs by the same key. Prints the times and the
 * ratios; fails when the table's sort or filter takes 100 ms or more. Run
 * with `meson test --benchmark -C _build --suite app -v`.
 */
#include "config.h"

#include <stdlib.h>

#include "cuocc-kernel-item.h"
#include "cuocc-kernels-panel-private.h"
#include "cuocc-testing.h"

#define N_ROWS 60000
#define ROUNDS 5
#define LIMIT_MS 100.0

typedef struct {
  double occupancy;
  int regs;
} PlainRow;

static int
compare_plain (const void *a,
               const void *b)
{
  const PlainRow *x = a, *y = b;

  return x->occupancy < y->occupancy ? -1 : x->occupancy > y->occupancy ? 1 : 0;
}

static int
compare_items (gconstpointer a,
               gconstpointer b,
               gpointer      user_data)
{
  return cuocc_kernel_column_compare ((CuoccKernelItem *) a, (CuoccKernelItem *) b,
                                      GPOINTER_TO_UINT (user_data));
}

static gboolean
match_item (gpointer item,
            gpointer user_data)
{
  return cuocc_kernel_item_matches (item, user_data);
}

static gboolean
match_all (gpointer item,
           gpointer user_data)
{
  return TRUE;
}

/* The figures of a library's rows: names of many templates, registers and
 * occupancies spread as a real build's are. */
static GListStore *
make_rows (PlainRow *plain)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  GListStore *store = g_list_store_new (CUOCC_TYPE_KERNEL_ITEM);
  GRand *rand = g_rand_new_with_seed (20);

  for (guint i = 0; i < N_ROWS; i++)
    {
      g_autofree char *name = g_strdup_printf ("void gemm_kernel<%u, %u, float>(Params<float>, int)", i % 97, i % 13);
      CuoccKernel k = { 0 };
      CuoccKernelEval ev = { 0 };
      CuoccKernelItem *item;

      k.name = name;
      k.mangled = (char *) "";
      k.arch = (char *) "sm_90";
      k.regs = g_rand_int_range (rand, 16, 256);
      ev.threads = 256;
      ev.occupancy = g_rand_int_range (rand, 1, 65) / 64.0;
      item = cuocc_kernel_item_new (&k, 0);
      cuocc_kernel_item_set_eval (item, &ev);
      g_ptr_array_add (items, item);
      plain[i].occupancy = ev.occupancy;
      plain[i].regs = k.regs;
    }
  g_list_store_splice (store, 0, 0, items->pdata, items->len);
  g_rand_free (rand);
  return store;
}

int
main (int   argc,
      char *argv[])
{
  PlainRow *plain = g_new (PlainRow, N_ROWS);
  PlainRow *copy = g_new (PlainRow, N_ROWS);
  g_autoptr(GListStore) store = make_rows (plain);
  double best_qsort = G_MAXDOUBLE, best_sort = G_MAXDOUBLE, best_filter = G_MAXDOUBLE;
  double best_rows_sort = G_MAXDOUBLE, best_rows_filter = G_MAXDOUBLE;
  const char *const words[] = { "gemm_kernel<42,", NULL };
  guint n_matched = 0;

  for (int round = 0; round < ROUNDS; round++)
    {
      g_autoptr(GtkSortListModel) sorted = NULL;
      g_autoptr(GtkFilterListModel) filtered = NULL;
      gint64 start;

      memcpy (copy, plain, N_ROWS * sizeof *copy);
      start = g_get_monotonic_time ();
      qsort (copy, N_ROWS, sizeof *copy, compare_plain);
      best_qsort = MIN (best_qsort, (g_get_monotonic_time () - start) / 1000.0);

      /* The table's sort: a new sorter on a model of every row, as a click
       * on a column's header gives. */
      sorted = gtk_sort_list_model_new (G_LIST_MODEL (g_object_ref (store)), NULL);
      start = g_get_monotonic_time ();
      gtk_sort_list_model_set_sorter (sorted, GTK_SORTER (gtk_custom_sorter_new (
                                                  compare_items,
                                                  GUINT_TO_POINTER (cuocc_kernel_column_find ("occupancy")), NULL)));
      g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (sorted)), ==, N_ROWS);
      best_sort = MIN (best_sort, (g_get_monotonic_time () - start) / 1000.0);
      {
        g_autoptr(CuoccKernelItem) first = g_list_model_get_item (G_LIST_MODEL (sorted), 0);
        g_autoptr(CuoccKernelItem) last = g_list_model_get_item (G_LIST_MODEL (sorted), N_ROWS - 1);

        g_assert_cmpfloat (cuocc_kernel_item_get_eval (first)->occupancy, ==, copy[0].occupancy);
        g_assert_cmpfloat (cuocc_kernel_item_get_eval (last)->occupancy, ==, copy[N_ROWS - 1].occupancy);
      }

      /* The window's: sorted by occupancy after another column, as clicks
       * on two headers give; then filtered by the search, sorted. */
      {
        GtkCustomFilter *filter = gtk_custom_filter_new (match_all, NULL, NULL);
        g_autoptr(CuoccKernelRows) rows = cuocc_kernel_rows_new (GTK_FILTER (filter));

        cuocc_kernel_rows_set_model (rows, G_LIST_MODEL (store));
        cuocc_kernel_rows_set_sort (rows, cuocc_kernel_column_find ("regs"), FALSE);
        start = g_get_monotonic_time ();
        cuocc_kernel_rows_set_sort (rows, cuocc_kernel_column_find ("occupancy"), FALSE);
        best_rows_sort = MIN (best_rows_sort, (g_get_monotonic_time () - start) / 1000.0);
        g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (rows)), ==, N_ROWS);
        for (guint i = 1; i < N_ROWS; i += 997)
          {
            g_autoptr(CuoccKernelItem) a = g_list_model_get_item (G_LIST_MODEL (rows), i - 1);
            g_autoptr(CuoccKernelItem) b = g_list_model_get_item (G_LIST_MODEL (rows), i);

            g_assert_cmpfloat (cuocc_kernel_item_get_eval (a)->occupancy, <=, cuocc_kernel_item_get_eval (b)->occupancy);
            g_assert_cmpfloat (cuocc_kernel_item_get_eval (a)->occupancy, ==, copy[i - 1].occupancy);
          }

        gtk_custom_filter_set_filter_func (filter, match_item, (gpointer) words, NULL);
        start = g_get_monotonic_time ();
        gtk_filter_changed (GTK_FILTER (filter), GTK_FILTER_CHANGE_MORE_STRICT);
        best_rows_filter = MIN (best_rows_filter, (g_get_monotonic_time () - start) / 1000.0);
        g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (rows)), ==, N_ROWS / 97 + (N_ROWS % 97 > 42));
        g_object_unref (filter);
      }

      filtered = gtk_filter_list_model_new (G_LIST_MODEL (g_object_ref (store)), NULL);
      start = g_get_monotonic_time ();
      gtk_filter_list_model_set_filter (filtered, GTK_FILTER (gtk_custom_filter_new (match_item, (gpointer) words, NULL)));
      n_matched = g_list_model_get_n_items (G_LIST_MODEL (filtered));
      best_filter = MIN (best_filter, (g_get_monotonic_time () - start) / 1000.0);
    }

  /* 60,000 / 97 rows have 42 as the first template argument. */
  g_assert_cmpuint (n_matched, ==, N_ROWS / 97 + (N_ROWS % 97 > 42));
  g_print ("%d rows: qsort %.1f ms; the table's sort %.1f ms (%.1fx qsort), filter and sort %.1f ms (%.1fx qsort); "
           "GtkSortListModel %.1f ms (%.1fx qsort); GtkFilterListModel %.1f ms (%.1fx qsort)\n",
           N_ROWS, best_qsort, best_rows_sort, best_rows_sort / MAX (best_qsort, 0.001),
           best_rows_filter, best_rows_filter / MAX (best_qsort, 0.001),
           best_sort, best_sort / MAX (best_qsort, 0.001),
           best_filter, best_filter / MAX (best_qsort, 0.001));
  g_free (plain);
  g_free (copy);
  if (best_rows_sort >= LIMIT_MS || best_rows_filter >= LIMIT_MS || best_sort >= LIMIT_MS || best_filter >= LIMIT_MS)
    {
      g_printerr ("sorting or filtering %d rows took %.0f ms or more\n", N_ROWS, LIMIT_MS);
      return 1;
    }
  return 0;
}
