/* cuocc-cli.c — the command line: options, checks and dispatch.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <stdio.h>

#include "cuocc-cli.h"
#include "cuocc-cli-batch.h"
#include "cuocc-cli-gpus.h"
#include "cuocc-cli-input.h"
#include "cuocc-cli-plot.h"
#include "cuocc-cli-report.h"
#include "cuocc-cli-table.h"
#include "cuocc-import-cmd.h"

/* Every value is taken as text and parsed here, so that a bad number gets
 * a message naming the option and what it allows. */
typedef struct {
  char *gpu;
  char *cc;
  char *device_file;
  char *threads;
  char *regs;
  char *smem;
  char *smem_config;
  char *barriers;
  char *caching;
  char *format;
  char *batch;
  char *plot;
  char *output;
  char *size;
  gboolean list_gpus;
  gboolean gpu_data;
  gboolean version;
  char **rest;
  char *regs_help;                 /* the defaults come from the library */
  char *barriers_help;
} CliOptions;

/* ------------------------------------------------------------------ */
/* Helpers                                                             */
/* ------------------------------------------------------------------ */

static void
cli_options_clear (CliOptions *options)
{
  g_free (options->gpu);
  g_free (options->cc);
  g_free (options->device_file);
  g_free (options->threads);
  g_free (options->regs);
  g_free (options->smem);
  g_free (options->smem_config);
  g_free (options->barriers);
  g_free (options->caching);
  g_free (options->format);
  g_free (options->batch);
  g_free (options->plot);
  g_free (options->output);
  g_free (options->size);
  g_strfreev (options->rest);
  g_free (options->regs_help);
  g_free (options->barriers_help);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (CliOptions, cli_options_clear)

G_GNUC_PRINTF (1, 2)
static int
usage_error (const char *format,
             ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_printerr ("cuocc: %s\n", message);
  g_printerr (_("Try “cuocc --help” for more information.\n"));
  return CLI_EXIT_USAGE;
}

static int
error_exit (const GError *error)
{
  g_printerr ("cuocc: %s\n", error->message);
  return CLI_EXIT_USAGE;
}

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

static gboolean
parse_format (const char  *text,
              gboolean     batch,
              CliFormat   *format)
{
  if (text == NULL)
    *format = batch ? CLI_FORMAT_CSV : CLI_FORMAT_TEXT;
  else if (strcmp (text, "text") == 0 && !batch)
    *format = CLI_FORMAT_TEXT;
  else if (strcmp (text, "csv") == 0)
    *format = CLI_FORMAT_CSV;
  else if (strcmp (text, "json") == 0)
    *format = CLI_FORMAT_JSON;
  else
    return FALSE;
  return TRUE;
}

static GOptionContext *
create_context (CliOptions *o)
{
  CuoccInput defaults;

  cuocc_input_init (&defaults);
  o->regs_help = g_strdup_printf (_("Registers per thread (default %d)"), defaults.regs);
  o->barriers_help = g_strdup_printf (_("Block barriers (default %d)"), defaults.barriers);

  const GOptionEntry entries[] = {
    { "gpu", 'g', 0, G_OPTION_ARG_STRING, &o->gpu, N_("The GPU, by product name (see --list-gpus)"), N_("NAME") },
    { "cc", 'c', 0, G_OPTION_ARG_STRING, &o->cc, N_("The GPU, by compute capability"), N_("X.Y") },
    { "device-file", 0, 0, G_OPTION_ARG_FILENAME, &o->device_file, N_("The GPU, described by a key file"), N_("FILE") },
    { "threads", 't', 0, G_OPTION_ARG_STRING, &o->threads, N_("Threads per block (required)"), N_("N") },
    { "regs", 'r', 0, G_OPTION_ARG_STRING, &o->regs, o->regs_help, N_("N") },
    { "smem", 's', 0, G_OPTION_ARG_STRING, &o->smem, N_("Shared memory per block, static plus dynamic (default 0)"), N_("SIZE") },
    { "smem-config", 0, 0, G_OPTION_ARG_STRING, &o->smem_config, N_("Shared memory configuration per SM (default: the largest)"), N_("SIZE") },
    { "barriers", 0, 0, G_OPTION_ARG_STRING, &o->barriers, o->barriers_help, N_("N") },
    { "global-caching", 0, 0, G_OPTION_ARG_STRING, &o->caching, N_("Partitioned global caching (default off)"), N_("off|on|strict") },
    { "format", 'f', 0, G_OPTION_ARG_STRING, &o->format, N_("Output format (default text; csv for --batch)"), N_("text|csv|json") },
    { "batch", 'b', 0, G_OPTION_ARG_FILENAME, &o->batch, N_("Answer every row of a CSV file (- for standard input)"), N_("FILE") },
    { "plot", 'p', 0, G_OPTION_ARG_STRING, &o->plot, N_("Draw occupancy against an input"), N_("threads|registers|smem") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &o->output, N_("The graph's file: .png, .svg, .pdf or .csv"), N_("FILE") },
    { "size", 0, 0, G_OPTION_ARG_STRING, &o->size, N_("The graph's size in pixels (default 800x500)"), N_("WxH") },
    { "list-gpus", 'l', 0, G_OPTION_ARG_NONE, &o->list_gpus, N_("List the known GPUs and compute capabilities"), NULL },
    { "gpu-data", 0, 0, G_OPTION_ARG_NONE, &o->gpu_data, N_("Show every compute capability's figures (or one, with --cc)"), NULL },
    { "version", 'V', 0, G_OPTION_ARG_NONE, &o->version, N_("Show the version"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_STRING_ARRAY, &o->rest, NULL, NULL },
    { NULL }
  };
  GOptionContext *context = g_option_context_new (NULL);

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
    _("Computes how many threads, warps and blocks of a CUDA kernel an NVIDIA GPU's\n"
      "multiprocessor runs at once, and which resource limits them.\n"
      "\n"
      "  cuocc (--gpu NAME | --cc X.Y | --device-file FILE) --threads N [--regs N] [--smem SIZE]\n"
      "        [--smem-config SIZE] [--barriers N] [--global-caching off|on|strict]\n"
      "        [--format text|csv|json]\n"
      "  cuocc --batch FILE|- [--format csv|json]\n"
      "  cuocc ... --plot threads|registers|smem --output FILE.png|.svg|.pdf|.csv [--size WxH]\n"
      "  cuocc --import FILE|- [--gpu NAME | --cc X.Y] [--threads N] [--format text|csv|json]\n"
      "  cuocc --list-gpus\n"
      "  cuocc --gpu-data [--cc X.Y]"));
  g_option_context_set_description (context,
    _("SIZE is a number of bytes, or with a K, KB or KiB suffix (1K = 1024 bytes).\n"
      "A batch file is CSV with a header naming its columns: cc or gpu, threads, and\n"
      "optionally regs, smem, smem_config, barriers, global_caching.\n"
      "\n"
      "Exit status: 0 on success; 1 when some batch rows could not be evaluated;\n"
      "2 on a usage error or a value that is no question at all.\n"
      "\n"
      "Example: cuocc --cc 7.0 --threads 128 --regs 37"));
  return context;
}

/* ------------------------------------------------------------------ */
/* Modes                                                               */
/* ------------------------------------------------------------------ */

static gboolean
any_config_option (const CliOptions *o)
{
  return o->gpu || o->cc || o->device_file || o->threads || o->regs || o->smem ||
         o->smem_config || o->barriers || o->caching || o->plot || o->output || o->size;
}

static int
run_list_gpus (const CliOptions *o)
{
  g_autofree char *text = NULL;

  if (any_config_option (o) || o->format)
    return usage_error (_("--list-gpus takes no other options"));
  text = cli_gpus_list ();
  return write_out (text);
}

static int
run_gpu_data (const CliOptions *o)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  const CuoccCapability *cap = NULL;
  int major, minor;

  if (o->gpu || o->device_file || o->threads || o->regs || o->smem || o->smem_config ||
      o->barriers || o->caching || o->plot || o->output || o->size || o->format)
    return usage_error (_("--gpu-data takes only --cc"));
  if (o->cc != NULL)
    {
      if (!cuocc_parse_cc (o->cc, &major, &minor, &error))
        return error_exit (error);
      cap = cuocc_capability_lookup (major, minor);
      if (cap == NULL)
        {
          CuoccGpu gpu;

          /* The library's message lists the known compute capabilities. */
          if (!cuocc_gpu_for_cc (o->cc, &gpu, &error))
            return error_exit (error);
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
  if (!parse_format (o->format, TRUE, &format))
    return usage_error (_("--format: “%s” is not a batch format; choose csv or json"), o->format);
  return cli_batch_run (o->batch, format, stdout);
}

static int
resolve_gpu (const CliOptions  *o,
             CuoccGpu          *gpu)
{
  g_autoptr(GError) error = NULL;
  int n_devices = (o->gpu != NULL) + (o->cc != NULL) + (o->device_file != NULL);
  gboolean ok;

  if (n_devices == 0)
    return usage_error (_("Choose the GPU with --gpu NAME, --cc X.Y or --device-file FILE"));
  if (n_devices > 1)
    return usage_error (_("--gpu, --cc and --device-file choose the GPU; give only one of them"));

  if (o->gpu != NULL)
    ok = cuocc_gpu_find (o->gpu, gpu, &error);
  else if (o->cc != NULL)
    ok = cuocc_gpu_for_cc (o->cc, gpu, &error);
  else
    ok = cuocc_gpu_load_file (o->device_file, gpu, &error);
  if (!ok)
    return error_exit (error);
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

static int
write_result (CliFormat          format,
              const CuoccGpu    *gpu,
              const CuoccInput  *input,
              const CuoccResult *result)
{
  int min_grid_size = 0;
  int best = cuocc_best_block_size (gpu, input, &min_grid_size);
  g_autoptr(CliWriter) writer = NULL;
  char cc[16];
  CliTable table;

  if (format == CLI_FORMAT_TEXT)
    {
      g_autofree char *text = cli_report_text (gpu, input, result, best, min_grid_size);

      return write_out (text);
    }

  writer = cli_writer_new (stdout);
  cli_format_cc (&gpu->cap, cc);
  cli_table_init (&table, writer, format, FALSE);
  cli_table_begin (&table);
  cli_table_add_result (&table, cc, gpu, input, result, best);
  cli_table_end (&table);
  cli_table_clear (&table);
  if (!cli_writer_flush (writer))
    {
      g_printerr (_("cuocc: cannot write the output: %s\n"), g_strerror (errno));
      return CLI_EXIT_USAGE;
    }
  return CLI_EXIT_OK;
}

static int
run_single (const CliOptions *o)
{
  g_autoptr(GError) error = NULL;
  const char *fields[CLI_N_INPUTS] = {
    [CLI_INPUT_THREADS] = o->threads,
    [CLI_INPUT_REGS] = o->regs,
    [CLI_INPUT_SMEM] = o->smem,
    [CLI_INPUT_SMEM_CONFIG] = o->smem_config,
    [CLI_INPUT_BARRIERS] = o->barriers,
    [CLI_INPUT_GLOBAL_CACHING] = o->caching,
  };
  CuoccSeriesKind kind = CUOCC_SERIES_THREADS;
  int width = 0, height = 0;
  CuoccResult result;
  CuoccInput input;
  CliFormat format;
  CuoccGpu gpu;
  int status;

  if (!parse_format (o->format, FALSE, &format))
    return usage_error (_("--format: “%s” is not a format; choose text, csv or json"), o->format);
  if (o->plot == NULL && (o->output != NULL || o->size != NULL))
    return usage_error (_("--output and --size go with --plot threads|registers|smem"));
  if (o->plot != NULL && o->format != NULL)
    return usage_error (_("--plot writes a file; the format comes from the --output extension, not --format"));
  if (o->plot != NULL && !cli_plot_parse_options (o->plot, o->output, o->size, &kind, &width, &height, &error))
    return usage_error ("%s", error->message);
  if (o->threads == NULL)
    return usage_error (_("--threads N is required: the threads per block"));

  status = resolve_gpu (o, &gpu);
  if (status != CLI_EXIT_OK)
    return status;

  if (!cli_input_parse (fields, TRUE, &input, &error) ||
      !cuocc_calculate (&gpu, &input, &result, &error))
    {
      cli_input_explain_error (&gpu, error);
      return error_exit (error);
    }

  if (o->plot != NULL)
    {
      if (!cli_plot_export (&gpu, &input, kind, o->output, width, height, &error))
        return error_exit (error);
      print_warnings (&gpu, &input, &result);
      return CLI_EXIT_OK;
    }

  status = write_result (format, &gpu, &input, &result);
  print_warnings (&gpu, &input, &result);
  return status;
}

/* ------------------------------------------------------------------ */
/* Public API                                                          */
/* ------------------------------------------------------------------ */

int
cuocc_cli_run (int    argc,
               char **argv)
{
  g_auto(CliOptions) options = { 0 };
  g_autoptr(GOptionContext) context = create_context (&options);
  g_autoptr(GError) error = NULL;
  int n_modes;

  if (cuocc_import_command_wanted (argc, argv))
    return cuocc_import_command (argc, argv);
  if (argc <= 1)
    return usage_error (_("Nothing to do: choose a GPU (--gpu, --cc or --device-file) and --threads, "
                          "or use --batch, --list-gpus or --gpu-data"));
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage_error ("%s", error->message);
  if (options.rest != NULL && options.rest[0] != NULL)
    return usage_error (_("Unexpected argument “%s”; every value follows its option"), options.rest[0]);

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
  return run_single (&options);
}
