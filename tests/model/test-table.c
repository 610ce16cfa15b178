/* test-table.c — the results format: percentages, CSV quoting, JSON
 * escaping, the cells of an answer and the profiler tolerance.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <cuocc.h>

static char *
percent_text (double fraction)
{
  char buffer[CUOCC_TABLE_PERCENT_SIZE];
  gsize len = cuocc_table_format_percent (fraction, buffer);

  g_assert_cmpuint (len, ==, strlen (buffer));
  return g_strdup (buffer);
}

static void
test_int (void)
{
  static const struct { gint64 value; const char *text; } cases[] = {
    { 0, "0" }, { 7, "7" }, { -7, "-7" }, { 10, "10" }, { 99, "99" }, { 100, "100" },
    { 101, "101" }, { 12345, "12345" }, { 2147483647, "2147483647" },
    { G_MAXINT64, "9223372036854775807" }, { G_MININT64, "-9223372036854775808" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GString) out = g_string_new (NULL);

      cuocc_table_append_int (out, cases[i].value);
      g_assert_cmpstr (out->str, ==, cases[i].text);
    }
}

static void
test_percent (void)
{
  /* Worked by hand: the fraction times 100, rounded to two decimals with
   * halves away from zero, trailing zeros and a bare point dropped. 1/32 is
   * 3.125 % exactly in binary, so it is a true half: 3.13 (printf's "%.2f"
   * said 3.12). */
  static const struct { double fraction; const char *text; } cases[] = {
    { 0.0, "0" }, { 1.0, "100" }, { 0.75, "75" }, { 0.625, "62.5" }, { 2.0 / 3.0, "66.67" },
    { 1.0 / 3.0, "33.33" }, { 40.0 / 64.0, "62.5" }, { 1.0 / 64.0, "1.56" }, { 0.005, "0.5" },
    { 0.1, "10" }, { 0.101, "10.1" }, { 5.0 / 48.0, "10.42" },
    { 1.0 / 32.0, "3.13" }, { 3.0 / 64.0, "4.69" }, { 15.0 / 32.0, "46.88" },
    { -1.0 / 32.0, "-3.13" }, { -0.25, "-25" }, { -0.005, "-0.5" }, { -0.0000001, "0" },
    { 12.5, "1250" }, { 1e300, "1e+302" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = percent_text (cases[i].fraction);
      g_autoptr (GString) out = g_string_new ("x");

      g_assert_cmpstr (text, ==, cases[i].text);
      cuocc_table_append_percent (out, cases[i].fraction);
      g_assert_cmpstr (out->str + 1, ==, cases[i].text);
    }
}

static void
test_csv (void)
{
  static const struct { const char *in; const char *out; } cases[] = {
    { "", "" },
    { "plain", "plain" },
    { "NVIDIA H100 SXM5", "NVIDIA H100 SXM5" },
    { "a,b", "\"a,b\"" },
    { "say \"hi\"", "\"say \"\"hi\"\"\"" },
    { "line\nbreak", "\"line\nbreak\"" },
    { "cr\rhere", "\"cr\rhere\"" },
    { "“unicode”", "“unicode”" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GString) out = g_string_new (NULL);

      cuocc_table_append_csv (out, cases[i].in);
      g_assert_cmpstr (out->str, ==, cases[i].out);
    }
}

static void
test_json (void)
{
  static const struct { const char *in; const char *out; } cases[] = {
    { NULL, "null" },
    { "", "\"\"" },
    { "plain", "\"plain\"" },
    { "a\"b\\c", "\"a\\\"b\\\\c\"" },
    { "n\nr\rt\t", "\"n\\nr\\rt\\t\"" },
    { "\x01\x1f\x7f", "\"\\u0001\\u001f\\u007f\"" },
    { "“unicode”", "\"“unicode”\"" },
    { "bad \xff byte", "\"bad \xef\xbf\xbd byte\"" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GString) out = g_string_new (NULL);

      cuocc_table_append_json (out, cases[i].in);
      g_assert_cmpstr (out->str, ==, cases[i].out);
    }
}

/* Every kind of cell in both formats, written out by hand. */
static void
test_row (void)
{
  static const char *const names[] = { "s", "i", "l", "u", "p", "b", "n", "x", "q" };
  const CuoccCell cells[] = {
    cuocc_cell_string ("a,b"), cuocc_cell_int (-5), cuocc_cell_limit (7), cuocc_cell_limit (CUOCC_UNLIMITED),
    cuocc_cell_percent (2.0 / 3.0), cuocc_cell_bool (TRUE), cuocc_cell_null (), cuocc_cell_number ("42"),
    cuocc_cell_string (NULL),
  };
  g_autoptr (GString) csv = g_string_new (NULL);
  g_autoptr (GString) json = g_string_new (NULL);

  G_STATIC_ASSERT (G_N_ELEMENTS (names) == G_N_ELEMENTS (cells));
  cuocc_table_append_header (csv, names, G_N_ELEMENTS (names));
  g_string_append_c (csv, '\n');
  cuocc_table_append_row (csv, CUOCC_TABLE_CSV, names, cells, G_N_ELEMENTS (cells));
  g_assert_cmpstr (csv->str, ==, "s,i,l,u,p,b,n,x,q\n\"a,b\",-5,7,unlimited,66.67,true,,42,");

  cuocc_table_append_row (json, CUOCC_TABLE_JSON, names, cells, G_N_ELEMENTS (cells));
  g_assert_cmpstr (json->str, ==,
                   "{\"s\": \"a,b\", \"i\": -5, \"l\": 7, \"u\": null, \"p\": 66.67, \"b\": true, "
                   "\"n\": null, \"x\": 42, \"q\": null}");
}

/* The column names are the command line's contract, spelled out here. */
static void
test_columns (void)
{
  static const char contract[] =
    "cc,gpu,threads,regs,smem,smem_config,barriers,global_caching,active_blocks,active_warps,"
    "active_threads,occupancy_pct,blocks_by_warps,blocks_by_regs,blocks_by_smem,blocks_by_blocks,"
    "blocks_by_barriers,limiters,regs_per_block,smem_per_block,best_block_size,error,"
    "grid,blocks_per_wave,waves,tail_blocks,tail_fill_pct,wave_efficiency_pct,"
    "cluster_size,cluster_blocks_per_sm,max_active_clusters,clusters_basis,cluster_blocks_lost,"
    "cluster_blocks_lost_pct";
  const char *names[CUOCC_N_COLUMNS];
  g_autoptr (GString) header = g_string_new (NULL);

  for (guint c = 0; c < CUOCC_N_COLUMNS; c++)
    names[c] = cuocc_table_column_name (c);
  cuocc_table_append_header (header, names, CUOCC_N_COLUMNS);
  g_assert_cmpstr (header->str, ==, contract);
  g_assert_cmpint (CUOCC_N_RESULT_COLUMNS, ==, 22);
  g_assert_cmpint (CUOCC_N_WAVE_COLUMNS, ==, 6);
  g_assert_cmpint (CUOCC_N_CLUSTER_COLUMNS, ==, 6);
}

/* The answer for a compute capability and these inputs, the others as
 * cuocc_input_init () leaves them (no shared memory). */
static void
answer (const char  *cc,
        int          threads,
        int          regs,
        int          barriers,
        CuoccGpu    *gpu,
        CuoccInput  *input,
        CuoccResult *result)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (cuocc_gpu_for_cc (cc, gpu, &error));
  cuocc_input_init (input);
  input->threads = threads;
  input->regs = regs;
  input->barriers = barriers;
  g_assert_true (cuocc_calculate (gpu, input, result, &error));
  g_assert_no_error (error);
}

/* CC 8.6, 256 threads, 40 registers, no shared memory. By hand: 8 warps a
 * block; 40 × 32 = 1,280 registers a warp (a multiple of 256), 10,240 a
 * block, 65,536 / 10,240 = 6 blocks; 48 warps / 8 = 6 blocks; shared memory
 * is the 1,024 bytes the runtime reserves a block, 102,400 / 1,024 = 100
 * blocks; 16 blocks an SM; barriers bind only from Hopper on (unlimited
 * here). So 6 blocks, 48 warps, 1,536 threads, 100 %. */
static void
test_result_cells (void)
{
  g_autoptr (GString) csv = g_string_new (NULL);
  static const char *names[CUOCC_N_RESULT_COLUMNS];
  CuoccCell cells[CUOCC_N_RESULT_COLUMNS];
  CuoccInput input;
  CuoccResult result;
  CuoccGpu gpu;

  answer ("8.6", 256, 40, 1, &gpu, &input, &result);

  cuocc_table_result_cells (&gpu, &input, &result, 512, "8.6", "warps|registers", cells);
  cuocc_table_append_row (csv, CUOCC_TABLE_CSV, names, cells, CUOCC_N_RESULT_COLUMNS);
  g_assert_cmpstr (csv->str, ==, "8.6,Compute capability 8.6,256,40,0,102400,1,off,6,48,1536,100,6,6,100,16,"
                                 "unlimited,warps|registers,10240,1024,512,");
  g_assert_cmpint (cells[CUOCC_COLUMN_ERROR].kind, ==, CUOCC_CELL_NULL);
}

static void
test_waves_and_clusters_cells (void)
{
  CuoccWaves waves = { .blocks_per_wave = 186, .waves = 6, .tail_blocks = 70, .tail_fill = 70.0 / 186.0,
                       .efficiency = 1000.0 / (6 * 186.0) };
  CuoccClusters clusters = { .cluster_size = 4, .blocks_per_sm = 6, .max_active_clusters = -1,
                             .basis = CUOCC_CLUSTERS_UPPER_BOUND, .blocks_lost = -1,
                             .blocks_lost_fraction = 0.0 };
  CuoccCell cells[CUOCC_N_WAVE_COLUMNS + CUOCC_N_CLUSTER_COLUMNS];
  const char *names[G_N_ELEMENTS (cells)];
  g_autoptr (GString) csv = g_string_new (NULL);

  for (guint c = 0; c < G_N_ELEMENTS (cells); c++)
    names[c] = cuocc_table_column_name (CUOCC_COLUMN_GRID + c);
  cuocc_table_waves_cells (1000, &waves, cells);
  cuocc_table_clusters_cells (&clusters, cells + CUOCC_N_WAVE_COLUMNS);
  /* 70 / 186 = 37.634 %; 1000 / 1116 = 89.606 % */
  cuocc_table_append_row (csv, CUOCC_TABLE_CSV, names, cells, G_N_ELEMENTS (cells));
  g_assert_cmpstr (csv->str, ==, "1000,186,6,70,37.63,89.61,4,6,,upper-bound,,0");

  g_string_truncate (csv, 0);
  cuocc_table_waves_cells (7, NULL, cells);
  cuocc_table_clusters_cells (NULL, cells + CUOCC_N_WAVE_COLUMNS);
  cuocc_table_append_row (csv, CUOCC_TABLE_JSON, names, cells, 3);
  g_assert_cmpstr (csv->str, ==, "{\"grid\": 7, \"blocks_per_wave\": null, \"waves\": null}");
  for (guint c = 1; c < G_N_ELEMENTS (cells); c++)
    g_assert_cmpint (cells[c].kind, ==, CUOCC_CELL_NULL);
}

/* Worked by hand from the GPU data: 7.0, 128 threads × 37 registers is 4
 * warps of 37 × 32 = 1184 registers, 1280 in units of 256, so 5120 a block
 * and 65536 / 5120 = 12 blocks; 7.0 has no barrier limit. 9.0, 256 threads
 * × 32 registers and 2 barriers: 8 warps, 8192 registers, 1 KiB reserved
 * shared memory of 228 KiB, 2 of 2 × 32 = 64 barriers. */
static void
test_resource_rows (void)
{
  static const struct {
    const char *cc;
    int threads, regs, barriers;
    gint64 per_block[CUOCC_N_LIMITS], per_sm[CUOCC_N_LIMITS];
    int blocks[CUOCC_N_LIMITS];
    guint limiting;
  } cases[] = {
    { "7.0", 128, 37, 1, { 4, 5120, 0, 1, 1 }, { 64, 65536, 98304, 32, CUOCC_UNLIMITED },
      { 16, 12, CUOCC_UNLIMITED, 32, CUOCC_UNLIMITED }, CUOCC_LIMIT_REGISTERS },
    { "9.0", 256, 32, 2, { 8, 8192, 1024, 1, 2 }, { 64, 65536, 233472, 32, 64 },
      { 8, 8, 228, 32, 32 }, CUOCC_LIMIT_WARPS | CUOCC_LIMIT_REGISTERS },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      CuoccResourceRow rows[CUOCC_N_LIMITS];
      CuoccGpu gpu;
      CuoccInput input;
      CuoccResult result;

      answer (cases[i].cc, cases[i].threads, cases[i].regs, cases[i].barriers, &gpu, &input, &result);
      cuocc_table_resource_rows (&gpu, &input, &result, rows);
      for (guint r = 0; r < CUOCC_N_LIMITS; r++)
        {
          g_assert_cmpuint (rows[r].limit, ==, 1u << r);
          g_assert_cmpstr (rows[r].name, ==, cuocc_limit_title (1u << r));
          g_assert_cmpint (rows[r].unit, ==, r == 2 ? CUOCC_UNIT_BYTES : CUOCC_UNIT_COUNT);
          g_assert_cmpint (rows[r].per_block, ==, cases[i].per_block[r]);
          g_assert_cmpint (rows[r].per_sm, ==, cases[i].per_sm[r]);
          g_assert_cmpint (rows[r].blocks, ==, cases[i].blocks[r]);
          g_assert_cmpint (rows[r].limiting, ==, (cases[i].limiting & (1u << r)) != 0);
        }
    }
}

/* Nsight Compute prints two decimals: 2/3 is 66.67 there and here. */
static void
test_agreement (void)
{
  g_assert_cmpfloat (CUOCC_TABLE_AGREEMENT_TOLERANCE, ==, 0.01);
  g_assert_true (cuocc_table_occupancy_agrees (50.0, 50.0));
  g_assert_true (cuocc_table_occupancy_agrees (200.0 / 3.0, 66.67));
  g_assert_true (cuocc_table_occupancy_agrees (200.0 / 3.0, 66.66));
  g_assert_true (cuocc_table_occupancy_agrees (200.0 / 3.0, 66.68));
  g_assert_false (cuocc_table_occupancy_agrees (200.0 / 3.0, 66.65));
  g_assert_false (cuocc_table_occupancy_agrees (100.0, 50.0));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cuocc/table/int", test_int);
  g_test_add_func ("/cuocc/table/percent", test_percent);
  g_test_add_func ("/cuocc/table/csv", test_csv);
  g_test_add_func ("/cuocc/table/json", test_json);
  g_test_add_func ("/cuocc/table/row", test_row);
  g_test_add_func ("/cuocc/table/columns", test_columns);
  g_test_add_func ("/cuocc/table/result-cells", test_result_cells);
  g_test_add_func ("/cuocc/table/waves-and-clusters-cells", test_waves_and_clusters_cells);
  g_test_add_func ("/cuocc/table/resource-rows", test_resource_rows);
  g_test_add_func ("/cuocc/table/agreement", test_agreement);

  return g_test_run ();
}
