/* cuocc-cli.c — the command line: options, checks and dispatch.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <errno.h>
#include <glib/gi18n.h>
#include <stdio.h>

#include "cuocc-cli.h"
#include "cuocc-cli-advice.h"
#include "cuocc-cli-batch.h"
#include "cuocc-cli-gpus.h"
#include "cuocc-cli-input.h"
#include "cuocc-cli-plot.h"
#include "cuocc-cli-report.h"
#include "cuocc-cli-table.h"
#include "cuocc-cli-import.h"

/* Every value is taken as text and parsed here, so that a bad number gets
 * a message naming the option and what it allows. */
typedef struct {
  char *gpu;
  char *cc;
  char *device_file;
  char *inputs[CUOCC_N_INPUT_KEYS];  /* by CuoccInputKey */
  char *format;
  char *batch;
  char *plot;
  char *output;
  char *size;
  char *grid;
  char *spills;
  gboolean measure_clusters;
  gboolean advise;
  gboolean detect;
  gboolean list_gpus;
  gboolean gpu_data;
  gboolean version;
  char **rest;
  char *help[CUOCC_N_INPUT_KEYS];  /* the inputs' --help lines, with their defaults */
} CliOptions;

/* ----- helpers ----- */

static void
cli_options_clear (CliOptions *options)
{
  g_free (options->gpu);
  g_free (options->cc);
  g_free (options->device_file);
  for (guint i = 0; i < CUOCC_N_INPUT_KEYS; i++)
    {
      g_free (options->inputs[i]);
      g_free (options->help[i]);
    }
  g_free (options->format);
  g_free (options->batch);
  g_free (options->plot);
  g_free (options->output);
  g_free (options->size);
  g_free (options->grid);
  g_free (options->spills);
  g_strfreev (options->rest);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (CliOptions, cli_options_clear)

#define HELP_HINT _("Try “cuocc --help” for more information.\n")
#define usage_error(...) cli_usage_error (HELP_HINT, __VA_ARGS__)

static int
write_out (const char *text)
{
  if (fputs (text, stdout) < 0 || fflush (stdout) != 0)
    {
      g_printerr (_("cuocc: cannot write the output: %s\n"), g_strerror (errno));
      return CLI_EXIT_USAGE;
    }
  return CLI_EXIT_OK;
}

/* An input's option, as the inputs' description gives it. */
static GOptionEntry
input_entry (CliOptions    *o,
             CuoccInputKey  key)
{
  const CuoccInputInfo *info = cuocc_input_info (key);
  GString *help = g_string_new (_(info->help));
  char number[24];

  /* The help line may name the default ("default %d"). */
  g_snprintf (number, sizeof number, "%" G_GINT64_FORMAT, info->default_value);
  g_string_replace (help, "%d", number, 0);
  o->help[key] = g_string_free (help, FALSE);
  return (GOptionEntry) { info->option + 2, info->short_option, 0, G_OPTION_ARG_STRING, &o->inputs[key],
                          o->help[key], info->arg_description };
}

static GOptionContext *
create_context (CliOptions *o)
{
  const GOptionEntry entries[] = {
    { "gpu", 'g', 0, G_OPTION_ARG_STRING, &o->gpu, N_("The GPU, by product name (see --list-gpus), or “this” for this machine's GPU"), N_("NAME") },
    { "cc", 'c', 0, G_OPTION_ARG_STRING, &o->cc, N_("The GPU, by compute capability"), N_("X.Y") },
    { "device-file", 0, 0, G_OPTION_ARG_FILENAME, &o->device_file, N_("The GPU, described by a key file"), N_("FILE") },
    { "detect", 0, 0, G_OPTION_ARG_NONE, &o->detect, N_("The GPU of this machine, read from its driver (as --gpu this)"), NULL },
    input_entry (o, CUOCC_INPUT_KEY_SMS),
    input_entry (o, CUOCC_INPUT_KEY_THREADS),
    input_entry (o, CUOCC_INPUT_KEY_REGS),
    input_entry (o, CUOCC_INPUT_KEY_SMEM),
    input_entry (o, CUOCC_INPUT_KEY_DYNAMIC_SMEM),
    input_entry (o, CUOCC_INPUT_KEY_SMEM_CONFIG),
    input_entry (o, CUOCC_INPUT_KEY_BARRIERS),
    input_entry (o, CUOCC_INPUT_KEY_CARVEOUT),
    input_entry (o, CUOCC_INPUT_KEY_CLUSTER_SIZE),
    { "measure-clusters", 0, 0, G_OPTION_ARG_NONE, &o->measure_clusters, N_("With --detect: ask the driver for the max active clusters table of this machine's GPU"), NULL },
    input_entry (o, CUOCC_INPUT_KEY_CACHING),
    { "advise", 0, 0, G_OPTION_ARG_NONE, &o->advise, N_("Suggest changes that reach a higher occupancy"), NULL },
    { "spills", 0, 0, G_OPTION_ARG_STRING, &o->spills, N_("Bytes of spill stores and loads ptxas reported for the compiled code, for --advise: adds how many registers the kernel could have"), N_("STORES,LOADS") },
    { "grid", 0, 0, G_OPTION_ARG_STRING, &o->grid, N_("Blocks in the launch grid: count the waves it runs in"), N_("N") },
    { "format", 'f', 0, G_OPTION_ARG_STRING, &o->format, N_("Output format (default text; csv for --batch)"), N_("text|csv|json") },
    { "batch", 'b', 0, G_OPTION_ARG_FILENAME, &o->batch, N_("Answer every row of a CSV file (- for standard input)"), N_("FILE") },
    { "plot", 'p', 0, G_OPTION_ARG_STRING, &o->plot, N_("Draw threads, registers, smem, barriers or cluster-size; or heatmap-regs, heatmap-smem; or all in one image"), N_("GRAPH") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &o->output, N_("The graph's file: .png, .svg, .pdf or .csv"), N_("FILE") },
    { "size", 0, 0, G_OPTION_ARG_STRING, &o->size, N_("The graph's size in pixels (default 800x500)"), N_("WxH") },
    { "list-gpus", 'l', 0, G_OPTION_ARG_NONE, &o->list_gpus, N_("List the known GPUs and compute capabilities"), NULL },
    { "gpu-data", 0, 0, G_OPTION_ARG_NONE, &o->gpu_data, N_("Show every compute capability's figures (or one, with --cc)"), NULL },
    { "version", 'V', 0, G_OPTION_ARG_NONE, &o->version, N_("Show the version"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_STRING_ARRAY, &o->rest, NULL, NULL },
    { NULL }
  };
  const char *summary =
    _("Computes how many threads, warps and blocks of a CUDA kernel an NVIDIA GPU's\n"
      "multiprocessor runs at once, and which resource limits them.\n"
      "\n"
      "  cuocc (--gpu NAME|this | --cc X.Y | --device-file FILE | --detect) [--sms N]\n"
      "        --threads N [--regs N] [--smem SIZE] [--dynamic-smem SIZE] [--smem-config SIZE] [--barriers N]\n"
      "        [--global-caching off|on|strict] [--grid N] [--format text|csv|json]\n"
      "  cuocc ... --advise [--spills STORES,LOADS] [--grid N] [--format text|csv|json]\n"
      "  cuocc --batch FILE|- [--format csv|json]\n"
      "  cuocc ... --plot threads|registers|smem|heatmap-regs|heatmap-smem\n"
      "        --output FILE.png|.svg|.pdf|.csv [--size WxH]\n"
      "  cuocc --import FILE|- [--gpu NAME | --cc X.Y] [--threads N] [--dynamic-smem SIZE]\n"
      "        [--check EXPR [--strict]] [--format text|csv|json]\n"
      "        [--ptxas PATH | --assemble-ptx | --no-ptxas] [--ptxas-timeout SECONDS]\n"
      "  cuocc --import OLD --diff NEW [--gpu NAME | --cc X.Y] [--threads N]\n"
      "  cuocc --list-gpus\n"
      "  cuocc --gpu-data [--cc X.Y]");
  g_autofree char *description = g_strconcat (
    _("SIZE is a number of bytes, or with a K, KB or KiB suffix (1K = 1024 bytes).\n"
      "A batch file is CSV with a header naming its columns: cc or gpu, threads, and\n"
      "optionally regs, smem, smem_config, barriers, global_caching.\n"
      "\n"
      "--advise lists what reaches each higher occupancy: the registers per thread\n"
      "to get under (with the __launch_bounds__ that gets it), the shared memory per\n"
      "block, the block sizes; every suggestion is checked by the model. As csv or\n"
      "json it prints one row per suggestion: kind, blocks, active_warps,\n"
      "occupancy_pct, regs, smem, block_size, launch_bounds, text.\n"
      "--grid N adds the waves a grid of N blocks runs in on the whole GPU; csv and\n"
      "json get the columns grid, blocks_per_wave, waves, tail_blocks, tail_fill_pct,\n"
      "wave_efficiency_pct after error. It needs the SM count: name a GPU product or\n"
      "give --sms N.\n"
      "\n"
      "Exit status: 0 on success; 1 when some batch rows could not be evaluated;\n"
      "2 on a usage error or a value that is no question at all.\n"
      "\n"
      "Examples: cuocc --cc 7.0 --threads 128 --regs 37\n"
      "          cuocc --gpu \"H100 SXM5\" --threads 128 --regs 37 --grid 4000 --advise"),
    "\n\n",
    _("Thread block clusters and the carveout preference (compute capability 9.0 and\n"
      "7.0 on): --cluster-size N adds, after the other columns, cluster_size,\n"
      "cluster_blocks_per_sm, max_active_clusters, clusters_basis (measured, driver,\n"
      "upper-bound or per-sm), cluster_blocks_lost, cluster_blocks_lost_pct; with\n"
      "--grid the grid counts clusters. --carveout PCT chooses the configuration as\n"
      "the runtime does, instead of --smem-config. A batch file may have the columns\n"
      "cluster_size and carveout. cuocc --detect --measure-clusters prints the max\n"
      "active clusters table of this machine's GPU."),
    NULL);

  return cli_option_context_new (entries, summary, description);
}

/* ----- modes ----- */

/* Whether any input of a question is given: the modes that ask none
 * (--gpu-data, --measure-clusters, --list-gpus, --batch) take none. */
static gboolean
any_input (const CliOptions *o)
{
  for (guint key = 0; key < CUOCC_N_INPUT_KEYS; key++)
    if (o->inputs[key] != NULL)
      return TRUE;
  return FALSE;
}

static gboolean
any_config_option (const CliOptions *o)
{
  return o->gpu || o->cc || o->device_file || o->detect || any_input (o) || o->plot || o->output ||
         o->size || o->advise || o->spills || o->grid || o->measure_clusters;
}

static int
run_list_gpus (const CliOptions *o)
{
  g_autofree char *text = NULL;
  g_autofree char *detected = NULL;
  int status;

  if (any_config_option (o) || o->format)
    return usage_error (_("--list-gpus takes no other options"));
  text = cli_gpus_list ();
  detected = cli_gpus_detected ();
  status = write_out (text);
  if (status == CLI_EXIT_OK)
    status = write_out (detected);
  return status;
}

static int
run_gpu_data (const CliOptions *o)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  const CuoccCapability *cap = NULL;
  int major, minor;

  if (o->gpu || o->device_file || o->detect || any_input (o) || o->plot || o->output || o->size ||
      o->advise || o->spills || o->grid || o->format || o->measure_clusters)
    return usage_error (_("--gpu-data takes only --cc"));
  if (o->cc != NULL)
    {
      if (!cuocc_parse_cc (o->cc, &major, &minor, &error))
        return cli_error_exit (error);
      cap = cuocc_capability_lookup (major, minor);
      if (cap == NULL)
        {
          CuoccGpu gpu;

          /* The library's message lists the known compute capabilities. */
          if (!cuocc_gpu_for_cc (o->cc, &gpu, &error))
            return cli_error_exit (error);
          return usage_error (_("--cc: unknown compute capability “%s”"), o->cc);
        }
    }
  text = cli_gpus_data (cap);
  return write_out (text);
}

static int
run_batch (const CliOptions *o)
{
  CliFormat format;

  if (any_config_option (o))
    return usage_error (_("--batch takes its configurations from the file; only --format may be added"));
  if (!cli_parse_format (o->format, TRUE, &format))
    return usage_error (_("--format: “%s” is not a batch format; choose csv or json"), o->format);
  return cli_batch_run (o->batch, format, stdout);
}

static gboolean
wants_this_gpu (const CliOptions *o)
{
  return o->detect || (o->gpu != NULL && g_ascii_strcasecmp (o->gpu, "this") == 0);
}

/* The first GPU the driver reports; the library's message says why there
 * is none. */
static gboolean
detect_gpu (gboolean    with_clusters,
            CuoccGpu   *gpu,
            GError    **error)
{
  CuoccGpu gpus[16];
  int n = with_clusters ? cuocc_detect_gpus_with_clusters (gpus, G_N_ELEMENTS (gpus), error)
                        : cuocc_detect_gpus (gpus, G_N_ELEMENTS (gpus), error);

  if (n < 0)
    return FALSE;
  if (n == 0)
    {
      g_set_error_literal (error, CUOCC_ERROR, CUOCC_ERROR_UNSUPPORTED,
                           _("The CUDA driver reports no GPU"));
      return FALSE;
    }
  *gpu = gpus[0];
  return TRUE;
}

static int
resolve_gpu (const CliOptions  *o,
             CuoccGpu          *gpu)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *products_note = NULL;
  int n_devices = (o->gpu != NULL) + (o->cc != NULL) + (o->device_file != NULL) + o->detect;
  gboolean ok;

  if (n_devices == 0)
    return usage_error (_("Choose the GPU with --gpu NAME, --cc X.Y, --device-file FILE or --detect"));
  if (n_devices > 1)
    return usage_error (_("--gpu, --cc, --device-file and --detect choose the GPU; give only one of them"));

  if (wants_this_gpu (o))
    ok = detect_gpu (o->inputs[CUOCC_INPUT_KEY_CLUSTER_SIZE] != NULL || o->measure_clusters, gpu, &error);
  else if (o->gpu != NULL)
    ok = cuocc_gpu_find_with_note (o->gpu, gpu, &products_note, &error);
  else if (o->cc != NULL)
    ok = cuocc_gpu_for_cc (o->cc, gpu, &error);
  else
    ok = cuocc_gpu_load_file (o->device_file, gpu, &error);
  if (!ok)
    return cli_error_exit (error);
  if (o->cc != NULL || o->gpu != NULL)
    {
      const char *note = cuocc_cc_note (o->cc != NULL ? o->cc : o->gpu);

      if (note != NULL)
        g_printerr (_("cuocc: warning: %s\n"), note);
    }
  if (products_note != NULL)
    g_printerr (_("cuocc: note: %s\n"), products_note);
  return CLI_EXIT_OK;
}

static void
print_warnings (const CuoccGpu    *gpu,
                const CuoccInput  *input,
                const CuoccResult *result)
{
  g_autofree char *warnings = cuocc_warnings_to_string (gpu, input, result);
  g_auto(GStrv) lines = NULL;

  if (warnings == NULL || *g_strstrip (warnings) == '\0')
    return;
  lines = g_strsplit (warnings, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    g_printerr (_("cuocc: warning: %s\n"), lines[i]);
}

static gboolean
parse_grid (const char *text,
            gint64     *grid)
{
  if (text == NULL)
    {
      *grid = 0;
      return TRUE;
    }
  return g_ascii_string_to_signed (text, 10, 1, G_MAXINT64, grid, NULL);
}

/* What the run asks for beyond the configuration's figures. */
typedef struct {
  CliFormat format;
  gint64 grid;                     /* 0: no --grid */
  gboolean advise;
  CuoccAdviceExtra extra;
  const char *cc_note;             /* cuocc_cc_note () of --cc or --gpu */
} RunRequest;

static int
flush_writer (CliWriter *writer)
{
  return cli_writer_finish (writer) ? CLI_EXIT_OK : CLI_EXIT_USAGE;
}

static int
write_result (const RunRequest  *request,
              const CuoccGpu    *gpu,
              const CuoccInput  *input,
              const CuoccResult *result)
{
  g_autoptr(GError) waves_error = NULL;
  g_autoptr(GPtrArray) advice = NULL;
  g_autoptr(CliWriter) writer = NULL;
  CliReportExtras extras = { 0 };
  CuoccClusters clusters;
  CuoccWaves waves;
  char cc[16];
  CliTable table;

  extras.best_block_size = cuocc_best_block_size (gpu, input, &extras.min_grid_size);
  extras.grid = request->grid;
  extras.cc_note = request->cc_note;
  if (input->cluster_size > 0 && cuocc_clusters (gpu, input, result, &clusters, NULL))
    extras.clusters = &clusters;
  if (request->grid > 0)
    {
      gboolean counted = extras.clusters != NULL
                         ? cuocc_cluster_waves (gpu, &clusters, request->grid, &waves, &waves_error)
                         : cuocc_waves (gpu, result, request->grid, &waves, &waves_error);

      if (counted)
        extras.waves = &waves;
      else
        extras.waves_problem = waves_error->message;
    }
  if (request->advise)
    {
      g_autoptr(GError) error = NULL;

      advice = cuocc_advise (gpu, input, &request->extra, &error);
      if (advice == NULL)
        return cli_error_exit (error);
      extras.advice = advice;
    }

  if (request->format == CLI_FORMAT_TEXT)
    {
      g_autofree char *text = cli_report_text (gpu, input, result, &extras);

      return write_out (text);
    }

  writer = cli_writer_new (stdout);
  if (request->advise)
    {
      cli_advice_write_table (writer, request->format, advice);
      return flush_writer (writer);
    }

  cli_format_cc (&gpu->cap, cc);
  cli_table_init (&table, writer, request->format, FALSE);
  table.grid = request->grid;
  table.clusters = input->cluster_size > 0;
  cli_table_begin (&table);
  cli_table_add_result (&table, cc, gpu, input, result, extras.best_block_size, extras.waves);
  cli_table_end (&table);
  cli_table_clear (&table);
  if (waves_error != NULL)
    g_printerr (_("cuocc: warning: %s\n"), waves_error->message);
  return flush_writer (writer);
}

/* Checks the options that need no GPU, so that their mistakes are usage
 * errors before anything is looked up. */
static int
check_single_options (const CliOptions *o,
                      RunRequest       *request)
{
  g_autoptr(GError) error = NULL;

  if (!cli_parse_format (o->format, FALSE, &request->format))
    return usage_error (_("--format: “%s” is not a format; choose text, csv or json"), o->format);
  if (!parse_grid (o->grid, &request->grid))
    return usage_error (_("--grid: “%s” is not a grid size; give the number of blocks in the launch grid, a whole number ≥ 1"),
                        o->grid);
  request->advise = o->advise;
  if (o->spills != NULL && !o->advise)
    return usage_error (_("--spills goes with --advise"));
  if (o->spills != NULL && !cli_advice_parse_spills (o->spills, &request->extra, &error))
    return usage_error ("%s", error->message);
  if (o->advise && o->grid != NULL && request->format != CLI_FORMAT_TEXT)
    return usage_error (_("--advise as csv or json lists only the advice; ask for --grid in another run"));
  if (o->plot != NULL && (o->advise || o->grid != NULL))
    return usage_error (_("--plot writes a file; --advise and --grid go with a report"));
  if (o->plot == NULL && (o->output != NULL || o->size != NULL))
    return usage_error (_("--output and --size go with --plot threads|registers|smem|heatmap-regs|heatmap-smem"));
  if (o->plot != NULL && o->format != NULL)
    return usage_error (_("--plot writes a file; the format comes from the --output extension, not --format"));
  if (o->inputs[CUOCC_INPUT_KEY_THREADS] == NULL)
    return usage_error (_("--threads N is required: the threads per block"));
  return CLI_EXIT_OK;
}

/* Past 48 KiB a block the kernel must opt in, for its dynamic part. */
static void
note_opt_in (const CuoccInputValues *values,
             const CuoccInput       *input)
{
  gint64 dynamic = values->values[CUOCC_INPUT_KEY_DYNAMIC_SMEM];

  if ((values->given & (1u << CUOCC_INPUT_KEY_DYNAMIC_SMEM)) && input->smem > 48 * 1024)
    g_printerr (_("cuocc: note: %lld bytes of shared memory a block pass 48 KiB: the kernel must opt in with "
                  "cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, %lld)\n"),
                (long long) input->smem, (long long) dynamic);
}

static int
run_measure_clusters (const CliOptions *o)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *table = NULL;
  CuoccGpu gpu;
  gboolean any = FALSE;

  if (!wants_this_gpu (o) || o->cc || o->device_file || any_input (o) || o->plot || o->output ||
      o->size || o->advise || o->spills || o->grid || o->format)
    return usage_error (_("--measure-clusters goes with --detect (or --gpu this) alone"));
  if (!detect_gpu (TRUE, &gpu, &error))
    return cli_error_exit (error);
  if (gpu.cap.max_cluster_size == 0)
    return usage_error (_("%s (compute capability %d.%d) has no thread block clusters; they exist from 9.0 on"),
                        gpu.name, gpu.cap.major, gpu.cap.minor);
  for (int b = 0; b < CUOCC_CLUSTER_TABLE_BLOCKS; b++)
    for (int size = 0; size < CUOCC_MAX_CLUSTER_SIZE; size++)
      any |= gpu.driver_clusters[b][size] > 0;
  if (!any)
    {
      g_printerr (_("cuocc: the CUDA driver of %s answered no cluster occupancy query\n"), gpu.name);
      return CLI_EXIT_USAGE;
    }
  table = cuocc_clusters_table_to_csv (&gpu);
  return write_out (table);
}

static int
run_single (const CliOptions *o)
{
  g_autoptr(GError) error = NULL;
  CuoccInputValues values;
  CliPlotKind plot = { 0 };
  RunRequest request = { 0 };
  int width = 0, height = 0;
  CuoccResult result;
  CuoccInput input;
  CuoccGpu gpu;
  int status;

  status = check_single_options (o, &request);
  if (status != CLI_EXIT_OK)
    return status;
  if (o->plot != NULL && !cli_plot_parse_options (o->plot, o->output, o->size, &plot, &width, &height, &error))
    return usage_error ("%s", error->message);

  status = resolve_gpu (o, &gpu);
  if (status != CLI_EXIT_OK)
    return status;
  if (o->cc != NULL || o->gpu != NULL)
    request.cc_note = cuocc_cc_note (o->cc != NULL ? o->cc : o->gpu);
  if (!cli_input_parse ((const char *const *) o->inputs, TRUE, &values, &input, &error))
    {
      cli_input_explain_error (&gpu, error);
      return cli_error_exit (error);
    }
  note_opt_in (&values, &input);
  /* The SMs a launch may use (--sms) count for the waves, the minimum grid
   * and the clusters. */
  cuocc_input_values_apply_gpu (&values, &gpu);
  if (request.grid > 0 && gpu.sm_count <= 0)
    return usage_error (_("--grid: %s has no known SM count; name a GPU product with --gpu or give --sms N"),
                        gpu.name);
  if (!cuocc_calculate (&gpu, &input, &result, &error))
    {
      cli_input_explain_error (&gpu, error);
      return cli_error_exit (error);
    }

  if (o->plot != NULL)
    {
      if (!cli_plot_export (&gpu, &input, &plot, o->output, width, height, &error))
        return cli_error_exit (error);
      print_warnings (&gpu, &input, &result);
      return CLI_EXIT_OK;
    }

  status = write_result (&request, &gpu, &input, &result);
  print_warnings (&gpu, &input, &result);
  return status;
}

/* How many times --gpu and --cc are given: GOption keeps only the last of
 * an option given twice, which would answer silently for one GPU. */
static guint
count_gpu_options (int    argc,
                   char **argv)
{
  guint n = 0;

  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--") == 0)
        break;
      if (strcmp (argv[i], "--gpu") == 0 || strcmp (argv[i], "-g") == 0 ||
          strcmp (argv[i], "--cc") == 0 || strcmp (argv[i], "-c") == 0)
        {
          n++;
          i++;                     /* its value */
        }
      else if (g_str_has_prefix (argv[i], "--gpu=") || g_str_has_prefix (argv[i], "--cc="))
        n++;
    }
  return n;
}

/* ----- public API ----- */

int
cuocc_cli_run (int    argc,
               char **argv)
{
  g_auto(CliOptions) options = { 0 };
  g_autoptr(GOptionContext) context = create_context (&options);
  int n_modes;
  int status;

  if (cuocc_import_command_wanted (argc, argv))
    return cuocc_import_command (argc, argv);
  if (argc <= 1)
    return usage_error (_("Nothing to do: choose a GPU (--gpu, --cc or --device-file) and --threads, "
                          "or use --batch, --list-gpus or --gpu-data"));
  if (count_gpu_options (argc, argv) > 1)
    return usage_error (_("--gpu and --cc name one GPU, given only once; to compare GPUs, give several "
                          "to --import FILE (cuocc --import FILE --gpu A --gpu B)"));
  if ((status = cli_option_context_parse (context, &argc, &argv, &options.rest, HELP_HINT)) != CLI_EXIT_OK)
    return status;

  n_modes = options.version + options.list_gpus + options.gpu_data + (options.batch != NULL);
  if (n_modes > 1)
    return usage_error (_("--version, --list-gpus, --gpu-data and --batch cannot be combined"));

  if (options.version)
    {
      g_autofree char *text = g_strdup_printf ("cuocc %s (libcuocc %s)\n", PACKAGE_VERSION, cuocc_version ());

      if (any_config_option (&options) || options.format)
        return usage_error (_("--version takes no other options"));
      return write_out (text);
    }
  if (options.list_gpus)
    return run_list_gpus (&options);
  if (options.gpu_data)
    return run_gpu_data (&options);
  if (options.batch != NULL)
    return run_batch (&options);
  if (options.measure_clusters)
    return run_measure_clusters (&options);
  return run_single (&options);
}

int
cli_usage_error (const char *hint,
                 const char *format,
                 ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_printerr ("cuocc: %s\n", message);
  g_printerr ("%s", hint);
  return CLI_EXIT_USAGE;
}

int
cli_error_exit (const GError *error)
{
  g_printerr ("cuocc: %s\n", error->message);
  return CLI_EXIT_USAGE;
}

GOptionContext *
cli_option_context_new (const GOptionEntry *entries,
                        const char         *summary,
                        const char         *description)
{
  GOptionContext *context = g_option_context_new (NULL);

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (context, summary);
  g_option_context_set_description (context, description);
  return context;
}

int
cli_option_context_parse (GOptionContext   *context,
                          int              *argc,
                          char           ***argv,
                          char **const     *rest,
                          const char       *hint)
{
  g_autoptr(GError) error = NULL;

  if (!g_option_context_parse (context, argc, argv, &error))
    return cli_usage_error (hint, "%s", error->message);
  if (*rest != NULL && (*rest)[0] != NULL)
    return cli_usage_error (hint, _("Unexpected argument “%s”; every value follows its option"), (*rest)[0]);
  return CLI_EXIT_OK;
}
