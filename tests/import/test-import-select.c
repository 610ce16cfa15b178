/* test-import-select.c — which entry of a kernel the CUDA driver loads
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each case is worked out by hand from the CUDA Programming Guide's rules
 * (the comment atop src/lib/cuocc-import-select.c): SASS of the same major
 * version and a minor version not above the GPU's, "a" only on exactly that
 * capability, "f" within its family; else the highest PTX not above the GPU.
 */
#include <stdio.h>
#include <string.h>

#include "cuocc.h"
#include "cuocc-import-private.h"

#define MAX_ENTRIES 6

typedef struct {
  const char *gpu;                 /* "8.6" */
  const char *entries[MAX_ENTRIES];/* "sm_80" SASS, "compute_80" PTX */
  int loaded;                      /* index of the loaded entry; -1: none can run */
} SelectCase;

static const SelectCase select_cases[] = {
  { "8.6", { "sm_80", "sm_86", "sm_90" }, 1 },
  { "8.9", { "sm_80", "sm_90" }, 0 },                /* sm_90 SASS never runs on 8.x */
  { "9.0", { "sm_90a" }, 0 },
  { "9.0", { "sm_90", "sm_90a" }, 1 },               /* the specific code, at equal capability */
  { "10.3", { "sm_100a" }, -1 },                     /* "a": only 10.0 */
  { "10.3", { "sm_100f" }, 0 },                      /* "f": 10.0 and 10.3 */
  { "10.0", { "sm_103f" }, -1 },                     /* sm_103f runs on 10.3 only */
  { "12.1", { "sm_100f", "sm_120f" }, 1 },           /* sm_100f is another family */
  { "11.0", { "sm_100", "sm_100f" }, -1 },           /* no SASS crosses a major version */
  { "9.0", { "compute_80" }, 0 },                    /* PTX: JIT */
  { "9.0", { "compute_75", "compute_80", "sm_86" }, 1 },  /* sm_86 cannot run on 9.0; the highest PTX */
  { "8.6", { "compute_80", "sm_80" }, 1 },           /* SASS before PTX */
  { "8.6", { "compute_86", "sm_80" }, 1 },           /* even older SASS before newer PTX */
  { "8.0", { "compute_86" }, -1 },                   /* PTX newer than the GPU */
  { "9.0", { "compute_90a" }, 0 },
  { "10.0", { "compute_90a", "compute_80" }, 1 },    /* compute_90a only on 9.0 */
  { "8.9", { "sm_90" }, -1 },
  { "7.5", { "sm_75", "sm_80", "sm_86", "sm_89", "sm_90", "sm_120" }, 0 },
  { "12.0", { "sm_75", "sm_80", "sm_86", "sm_89", "sm_90", "compute_90" }, 5 },
  /* Rubin, 10.7 (CUDA 13.4): of family 10, the highest minor version so far. */
  { "10.7", { "sm_100", "sm_103" }, 1 },             /* SASS of the same major, lower minor */
  { "10.7", { "sm_100f", "sm_103a" }, 0 },           /* "f" runs on the family's higher minors, "a" not */
  { "10.7", { "sm_103f", "sm_107a", "compute_107" }, 1 }, /* the specific SASS of 10.7 itself */
  { "10.3", { "sm_107", "compute_107" }, -1 },       /* neither runs below 10.7 */
  { "11.0", { "sm_107", "compute_107" }, 1 },        /* only the PTX crosses to 11.0 */
};

static void
add_entry (CuoccKernelList *list, const char *file, const char *mangled, const char *arch)
{
  CuoccKernel *k;

  list->kernels = g_renew (CuoccKernel, list->kernels, list->n_kernels + 1);
  k = &list->kernels[list->n_kernels++];
  _cuocc_import_kernel_init (k);
  _cuocc_import_kernel_set_name (k, mangled);
  _cuocc_import_kernel_set_arch (k, arch);
  g_assert_nonnull (k->arch);
  _cuocc_import_set_string (&k->file, file);
  k->code = g_str_has_prefix (arch, "compute_") ? CUOCC_CODE_PTX : CUOCC_CODE_SASS;
  k->format = CUOCC_IMPORT_FORMAT_FATBIN;
}

static CuoccKernelList *
make_list (const char *file, const char *mangled, const char *const *entries)
{
  CuoccKernelList *list = g_new0 (CuoccKernelList, 1);

  for (guint i = 0; i < MAX_ENTRIES && entries[i] != NULL; i++)
    add_entry (list, file, mangled, entries[i]);
  return list;
}

static void
test_select_case (gconstpointer data)
{
  const SelectCase *c = data;
  g_autoptr (CuoccKernelList) list = make_list ("lib.so", "_Z5heavyPKfPf", c->entries);
  int major, minor;

  g_assert_cmpint (sscanf (c->gpu, "%d.%d", &major, &minor), ==, 2);
  cuocc_kernel_list_select (list, major, minor);
  for (guint i = 0; i < list->n_kernels; i++)
    {
      CuoccLoad expected = c->loaded < 0 ? CUOCC_LOAD_NONE
                         : (int) i == c->loaded ? CUOCC_LOAD_YES : CUOCC_LOAD_OTHER;

      if (list->kernels[i].loaded != expected)
        g_error ("GPU %s, entry %s: %d, expected %d", c->gpu, c->entries[i], list->kernels[i].loaded, expected);
    }

  cuocc_kernel_list_select (list, 0, 0);
  for (guint i = 0; i < list->n_kernels; i++)
    g_assert_cmpint (list->kernels[i].loaded, ==, CUOCC_LOAD_UNKNOWN);
}

/* Kernels are told apart by file and mangled name: two files with the same
 * kernel each load their own entry. */
static void
test_select_per_kernel (void)
{
  g_autoptr (CuoccKernelList) list = g_new0 (CuoccKernelList, 1);

  add_entry (list, "a.so", "_Z1fv", "sm_80");
  add_entry (list, "a.so", "_Z1gv", "sm_86");
  add_entry (list, "b.so", "_Z1fv", "sm_80");
  add_entry (list, "b.so", "_Z1fv", "sm_86");
  cuocc_kernel_list_select (list, 8, 9);
  g_assert_cmpint (list->kernels[0].loaded, ==, CUOCC_LOAD_YES);   /* a.so f: sm_80 alone */
  g_assert_cmpint (list->kernels[1].loaded, ==, CUOCC_LOAD_YES);   /* a.so g: sm_86 alone */
  g_assert_cmpint (list->kernels[2].loaded, ==, CUOCC_LOAD_OTHER); /* b.so f: sm_86 wins */
  g_assert_cmpint (list->kernels[3].loaded, ==, CUOCC_LOAD_YES);
}

/* Whether one entry can run at all, whatever the others. */
static void
test_runs_on (void)
{
  static const struct { const char *arch; const char *gpu; gboolean runs; } cases[] = {
    { "sm_80", "8.9", TRUE }, { "sm_120", "8.9", FALSE }, { "sm_86", "8.0", FALSE },
    { "sm_90a", "9.0", TRUE }, { "sm_90a", "10.0", FALSE }, { "sm_100f", "10.3", TRUE },
    { "compute_80", "12.0", TRUE }, { "compute_90a", "10.0", FALSE }, { "compute_120", "11.0", FALSE },
    { "sm_100f", "10.7", TRUE }, { "sm_107a", "10.7", TRUE }, { "sm_107a", "10.3", FALSE },
    { "compute_107a", "10.7", TRUE }, { "compute_107a", "11.0", FALSE }, { "sm_107", "12.0", FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const char *entries[] = { cases[i].arch, NULL };
      g_autoptr (CuoccKernelList) list = make_list ("lib.so", "_Z1fv", entries);
      int major, minor;

      g_assert_cmpint (sscanf (cases[i].gpu, "%d.%d", &major, &minor), ==, 2);
      if (cuocc_kernel_runs_on (&list->kernels[0], major, minor) != cases[i].runs)
        g_error ("%s on %s: expected %d", cases[i].arch, cases[i].gpu, cases[i].runs);
    }
}

/* A log with several targets, read as it is: the same rule. */
static void
test_select_log (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "import", "data", "resource-usage-multi.log", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (CuoccKernelList) list = cuocc_import_parse_file (path, &error);
  guint loaded = 0;

  g_assert_no_error (error);
  /* An RTX 4090 (8.9): the log's sm_89 entries, never sm_90's. */
  cuocc_kernel_list_select (list, 8, 9);
  for (guint i = 0; i < list->n_kernels; i++)
    {
      const CuoccKernel *k = &list->kernels[i];

      g_assert_cmpint (k->loaded, ==, strcmp (k->arch, "sm_89") == 0 ? CUOCC_LOAD_YES : CUOCC_LOAD_OTHER);
      loaded += k->loaded == CUOCC_LOAD_YES;
    }
  g_assert_cmpuint (loaded, ==, 10);

  /* 8.7 (Jetson Orin): sm_86 is the highest 8.x not above it. */
  cuocc_kernel_list_select (list, 8, 7);
  for (guint i = 0; i < list->n_kernels; i++)
    g_assert_cmpint (list->kernels[i].loaded, ==,
                     strcmp (list->kernels[i].arch, "sm_86") == 0 ? CUOCC_LOAD_YES : CUOCC_LOAD_OTHER);

  /* 6.1: nothing in the log runs there. */
  cuocc_kernel_list_select (list, 6, 1);
  for (guint i = 0; i < list->n_kernels; i++)
    g_assert_cmpint (list->kernels[i].loaded, ==, CUOCC_LOAD_NONE);
}

/* The library's comparison of GPUs on a real fat binary (binary/multi-gpu.cu,
 * nvcc 13: sm_80 SASS and compute_80 PTX; its ptxas -v log gives scale() 8
 * registers, stage() 16 and 40960 bytes of shared memory, bounded() launch
 * bounds of 128). With 256 threads, by hand: on an A100 (8.0) scale() fits
 * 64 / 8 = 8 blocks, 100 %, and stage() 167936 / (40960 + 1024) = 4 blocks,
 * 50 %; on 8.9 stage() fits 102400 / 41984 = 2 blocks, 16 of 48 warps,
 * 33.33 %; on 9.0 the PTX loads, its figures unknown before JIT; bounded()
 * cannot launch anywhere. On 7.5 nothing runs. */
static void
test_comparison (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "import", "data", "binary",
                                                 "multi-gpu-sm_80-ptx.fatbin", NULL);
  static const char *ccs[] = { "8.0", "8.9", "9.0", "7.5" };
  /* [kernel][gpu]: the entry that runs, and the occupancy counted. */
  static const struct { const char *name; const char *arch[4]; double pct[4]; } want[] = {
    { "bounded", { "sm_80", "sm_80", "compute_80", NULL }, { 0, 0, -1, 0 } },
    { "stage", { "sm_80", "sm_80", "compute_80", NULL }, { 50, 100.0 / 3, -1, 0 } },
    { "scale", { "sm_80", "sm_80", "compute_80", NULL }, { 100, 100, -1, 0 } },
  };
  g_autoptr (GError) error = NULL;
  g_autoptr (CuoccKernelList) list = cuocc_import_parse_file (path, &error);
  g_autoptr (CuoccImportComparison) comparison = NULL;
  CuoccImportLaunch launches[G_N_ELEMENTS (ccs)];

  g_assert_no_error (error);
  g_assert_cmpuint (list->n_kernels, ==, 6);     /* three kernels, SASS and PTX each */
  memset (launches, 0, sizeof launches);
  for (guint g = 0; g < G_N_ELEMENTS (ccs); g++)
    {
      launches[g].have_gpu = TRUE;
      launches[g].threads = 256;
      launches[g].dynamic_smem = -1;
      g_assert_true (cuocc_gpu_for_cc (ccs[g], &launches[g].gpu, NULL));
    }
  comparison = cuocc_import_comparison_new (list, launches, G_N_ELEMENTS (ccs));
  g_assert_cmpuint (cuocc_import_comparison_n_kernels (comparison), ==, G_N_ELEMENTS (want));
  for (guint k = 0; k < G_N_ELEMENTS (want); k++)
    {
      double values[G_N_ELEMENTS (ccs)];

      for (guint g = 0; g < G_N_ELEMENTS (ccs); g++)
        {
          CuoccKernel entry;
          CuoccImportEvaluation ev;
          gboolean runs = cuocc_import_comparison_evaluate (comparison, k, g, &entry, &ev);

          g_assert_true (g_str_has_prefix (entry.name, want[k].name));
          g_assert_cmpint (runs, ==, want[k].arch[g] != NULL);
          if (runs)
            {
              g_assert_cmpstr (entry.arch, ==, want[k].arch[g]);
              g_assert_cmpint (entry.loaded, ==, CUOCC_LOAD_YES);
            }
          else
            g_assert_cmpint (entry.loaded, ==, CUOCC_LOAD_NONE);
          values[g] = cuocc_import_evaluation_occupancy_pct (&ev);
          g_assert_cmpfloat_with_epsilon (values[g], want[k].pct[g], 1e-9);
          cuocc_import_evaluation_clear (&ev);
        }
      /* The GPUs that differ most: unknown (-1) left out, cannot launch 0. */
      g_assert_cmpfloat_with_epsilon (cuocc_import_occupancy_difference (values, G_N_ELEMENTS (ccs)),
                                      k == 0 ? 0 : k == 1 ? 50 : 100, 1e-9);
    }
  /* The selection of one GPU did not undo another's: 8.0 still loads sm_80. */
  {
    CuoccKernel entry;

    g_assert_true (cuocc_import_comparison_entry (comparison, 2, 0, &entry));
    g_assert_cmpstr (entry.arch, ==, "sm_80");
  }
  {
    const double one[] = { -1, 42 }, none[] = { -1, -1 };

    g_assert_cmpfloat (cuocc_import_occupancy_difference (one, 2), ==, -1);
    g_assert_cmpfloat (cuocc_import_occupancy_difference (none, 2), ==, -1);
    g_assert_cmpfloat (cuocc_import_occupancy_difference (NULL, 0), ==, -1);
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (select_cases); i++)
    {
      g_autofree char *test_path = g_strdup_printf ("/cuocc/import/select/%s-%s-%u", select_cases[i].gpu,
                                                    select_cases[i].entries[0], i);

      g_test_add_data_func (test_path, &select_cases[i], test_select_case);
    }
  g_test_add_func ("/cuocc/import/select/per-kernel", test_select_per_kernel);
  g_test_add_func ("/cuocc/import/select/log", test_select_log);
  g_test_add_func ("/cuocc/import/select/runs-on", test_runs_on);
  g_test_add_func ("/cuocc/import/select/comparison", test_comparison);
  return g_test_run ();
}
