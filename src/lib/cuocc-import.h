/* cuocc-import.h — kernel resource usage read from compiler and profiler output
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Reads what ptxas -v (nvcc --resource-usage), cuobjdump --dump-resource-usage
 * and Nsight Compute's CSV exports say about each kernel, and what cubins,
 * fat binaries (alone, or in host ELF files and archives) and Triton caches
 * record. Each format is one line of the library's table of formats
 * (cuocc-import-formats.c; HACKING.md, "A new import format"). Input is
 * untrusted: text is read line by line, at most CUOCC_IMPORT_MAX_KERNELS
 * kernels are kept, lines longer than CUOCC_IMPORT_MAX_LINE bytes are
 * skipped, and what the readers do not understand never fails them; they
 * fail only when no kernel at all was found.
 */
#pragma once

#if !defined (CUOCC_INSIDE) && !defined (CUOCC_COMPILATION)
# error "Only <cuocc.h> can be included directly."
#endif

#include "cuocc-version.h"

#define CUOCC_IMPORT_MAX_KERNELS 100000
#define CUOCC_IMPORT_MAX_LINE    (1024 * 1024)
/* Enough of a file's start for cuocc_import_detect (). */
#define CUOCC_IMPORT_DETECT_BYTES (64 * 1024)

/* A figure the input does not give. */
#define CUOCC_IMPORT_UNKNOWN (-1)

/**
 * CuoccImportFormat:
 * @CUOCC_IMPORT_FORMAT_UNKNOWN: none yet, or not known
 * @CUOCC_IMPORT_FORMAT_PTXAS: ptxas -v, nvcc --resource-usage
 * @CUOCC_IMPORT_FORMAT_CUOBJDUMP: cuobjdump --dump-resource-usage
 * @CUOCC_IMPORT_FORMAT_NCU_CSV: ncu --csv (--page details, the default)
 * @CUOCC_IMPORT_FORMAT_NCU_RAW: ncu --csv --page raw
 * @CUOCC_IMPORT_FORMAT_CUBIN: an ELF file ptxas wrote (.cubin)
 * @CUOCC_IMPORT_FORMAT_FATBIN: an entry of a fat binary: a .fatbin, or one inside a host ELF file
 *   or archive
 * @CUOCC_IMPORT_FORMAT_TRITON: a Triton cache entry (its .json and its cubin)
 * @CUOCC_IMPORT_FORMAT_PTX: PTX text (a .ptx file: `.version`, `.target`, `.entry`), as nvcc -ptx,
 *   Numba, JAX and Triton write it
 *
 * The formats cuocc reads kernels from, found from the content. A new format
 * is a value appended at the end: the values never change.
 */
typedef enum {
  CUOCC_IMPORT_FORMAT_UNKNOWN,
  CUOCC_IMPORT_FORMAT_PTXAS,
  CUOCC_IMPORT_FORMAT_CUOBJDUMP,
  CUOCC_IMPORT_FORMAT_NCU_CSV,
  CUOCC_IMPORT_FORMAT_NCU_RAW,
  CUOCC_IMPORT_FORMAT_CUBIN,
  CUOCC_IMPORT_FORMAT_FATBIN,
  CUOCC_IMPORT_FORMAT_TRITON,
  CUOCC_IMPORT_FORMAT_PTX,
} CuoccImportFormat;

/**
 * CuoccCodeKind:
 * @CUOCC_CODE_SASS: machine code for one architecture
 * @CUOCC_CODE_PTX: registers are known only after JIT, or once ptxas assembles it
 *   (cuocc_kernel_list_assemble_ptx())
 *
 * What an entry holds: machine code for one architecture, or PTX that the driver compiles when it
 * loads it. Logs describe SASS.
 */
typedef enum {
  CUOCC_CODE_SASS,
  CUOCC_CODE_PTX,
} CuoccCodeKind;

/**
 * CuoccLoad:
 * @CUOCC_LOAD_UNKNOWN: no GPU chosen
 * @CUOCC_LOAD_YES: the one entry of this kernel the driver loads
 * @CUOCC_LOAD_OTHER: another entry of the same kernel is loaded instead
 * @CUOCC_LOAD_NONE: no entry of this kernel can run on the GPU
 *
 * Whether the CUDA driver would load this entry on the chosen GPU.
 */
typedef enum {
  CUOCC_LOAD_UNKNOWN,
  CUOCC_LOAD_YES,
  CUOCC_LOAD_OTHER,
  CUOCC_LOAD_NONE,
} CuoccLoad;

/**
 * CuoccPtxModule:
 *
 * The PTX text of one module (a fat binary's PTX entry, a .ptx file), kept
 * as the input stored it (compressed where it was) and decompressed only
 * when ptxas needs it; shared by the kernels of the module. See
 * cuocc-ptxas.h.
 */
typedef struct _CuoccPtxModule CuoccPtxModule;

/**
 * CuoccKernel:
 * @name: demangled; the mangled name when it cannot be
 * @mangled: as the tool printed it; "" when it printed only a demangled name
 * @arch: "sm_90a"; %NULL when the input does not say
 * @cc_major: from arch or the profiler's CC; 0 when unknown
 * @cc_minor: the minor version; 0 when unknown
 * @format: the format it was read from
 * @line: where in the input the kernel's figures end, from 1 (text formats)
 * @file: the file named by the user; "lib.a(member.o)" inside an archive; %NULL for standard input
 * @entry: the fat binary entry ("sm_90a SASS", "compute_90 PTX"); %NULL when the file is the code
 *   itself
 * @code: SASS or PTX
 * @loaded: set by cuocc_kernel_list_select()
 * @max_threads: `__launch_bounds__` maximum threads, or the required block size (x·y·z)
 * @min_blocks: `__launch_bounds__` minimum blocks per SM
 * @max_regs: `__maxnreg__`; from a cubin, the limit ptxas compiled under when below 255
 *   (`__maxnreg__`, -maxrregcount, or lowered for `__launch_bounds__`)
 * @cluster_dims: `__cluster_dims__` or Triton's; all 0 when unknown
 * @regs: registers per thread
 * @smem: static shared memory per block
 * @barriers: block barriers
 * @stack: stack frame per thread
 * @spill_stores: bytes of spill stores per thread
 * @spill_loads: bytes of spill loads per thread
 * @lmem: local memory per thread (older ptxas, cuobjdump LOCAL)
 * @cmem: constant bank 0
 * @block_size: threads per block
 * @grid_size: blocks
 * @dynamic_smem: dynamic shared memory per block
 * @driver_smem: the runtime's shared memory per block
 * @smem_config: shared memory configuration size
 * @sm_count: the SMs of the profiled GPU
 * @theoretical_occupancy: percent; < 0 when unknown
 * @achieved_occupancy: percent; < 0 when unknown
 * @theoretical_warps: theoretical active warps per SM; < 0 when unknown
 * @block_limit_regs: the profiler's "Block Limit Registers"
 * @block_limit_smem: the profiler's "Block Limit Shared Mem"
 * @block_limit_warps: the profiler's "Block Limit Warps"
 * @block_limit_blocks: "Block Limit SM"
 * @block_limit_barriers: the profiler's "Block Limit Barriers"
 * @ptx: a PTX entry's module, for ptxas; %NULL for machine code
 * @figures_from: where the figures came from when not from the input itself:
 *   "ptxas 13.0 for sm_89" once ptxas assembled the PTX; %NULL: the input
 * @ptx_problem: why ptxas gave a PTX entry no figures ("ptxas was stopped
 *   after 300 s"); %NULL when it did, or was not asked
 *
 * One kernel on one architecture. Every number is %CUOCC_IMPORT_UNKNOWN when the input does not
 * say; sizes are in bytes.
 *
 * @name, @mangled, @arch, @file and @entry are interned reference-counted strings
 * (g_ref_string_new_intern()), shared by every kernel that holds the same text, which
 * cuocc_kernel_list_free() releases with g_ref_string_release(): to set one, release it and
 * intern the new text; never g_free() them. @figures_from and @ptx_problem are plain strings.
 */
typedef struct {
  char *name;
  char *mangled;
  char *arch;
  int cc_major;
  int cc_minor;
  CuoccImportFormat format;
  guint line;
  char *file;
  char *entry;
  CuoccCodeKind code;
  CuoccLoad loaded;

  /* What the kernel declares; CUOCC_IMPORT_UNKNOWN when the format does not record it. */
  int max_threads;
  int min_blocks;
  int max_regs;
  int cluster_dims[3];

  int regs;
  gint64 smem;
  int barriers;
  gint64 stack;
  gint64 spill_stores;
  gint64 spill_loads;
  gint64 lmem;
  gint64 cmem;

  /* What Nsight Compute measured or worked out for one launch; block_size and
   * dynamic_smem also what a Triton cache entry launches with. */
  int block_size;
  gint64 grid_size;
  gint64 dynamic_smem;
  gint64 driver_smem;
  gint64 smem_config;
  int sm_count;
  double theoretical_occupancy;
  double achieved_occupancy;
  double theoretical_warps;
  int block_limit_regs;
  int block_limit_smem;
  int block_limit_warps;
  int block_limit_blocks;
  int block_limit_barriers;

  /* PTX assembled by ptxas (cuocc-ptxas.h). */
  CuoccPtxModule *ptx;
  char *figures_from;
  char *ptx_problem;
} CuoccKernel;

/**
 * CuoccKernelList:
 * @format: the format of the first kernel
 * @n_kernels: the number of kernels
 * @kernels: (array length=n_kernels): the kernels, in the order of the input
 * @truncated: %CUOCC_IMPORT_MAX_KERNELS was reached
 * @n_skipped_lines: lines too long to read
 * @n_helpers: device functions of binaries (functions in a kernel's code that are not kernels
 *   themselves), which are never listed
 * @n_skipped_entries: fat binary entries that were not read: malformed, corrupt, not ELF or PTX
 *   once decompressed, or beyond the decompression limit
 * @skipped: (array zero-terminated=1) (nullable): why, one sentence each for the first few
 *   ("lib.so[.nv_fatbin+0x40]: sm_90 SASS: …"); %NULL when none
 *
 * The kernels read from one input; free with cuocc_kernel_list_free().
 */
typedef struct {
  CuoccImportFormat format;
  guint n_kernels;
  CuoccKernel *kernels;
  gboolean truncated;
  guint n_skipped_lines;
  guint n_helpers;
  guint n_skipped_entries;
  char **skipped;
} CuoccKernelList;

/**
 * CuoccImportParser:
 *
 * Reads input that arrives in pieces, such as a pipe; see
 * cuocc_import_parser_new(). Its fields are private.
 */
typedef struct _CuoccImportParser CuoccImportParser;

G_BEGIN_DECLS

CUOCC_AVAILABLE const char *cuocc_import_format_name (CuoccImportFormat format);

CUOCC_AVAILABLE CuoccImportParser *cuocc_import_parser_new (void);
CUOCC_AVAILABLE void cuocc_import_parser_feed (CuoccImportParser *parser, const char *data, gsize len);
CUOCC_AVAILABLE CuoccKernelList *cuocc_import_parser_finish (CuoccImportParser *parser, GError **error);
CUOCC_AVAILABLE void cuocc_import_parser_free (CuoccImportParser *parser);

CUOCC_AVAILABLE CuoccImportFormat cuocc_import_detect (const char *data, gsize len);
CUOCC_AVAILABLE CuoccKernelList *cuocc_import_parse (const char *data, gsize len, GError **error);
CUOCC_AVAILABLE CuoccKernelList *cuocc_import_parse_file (const char *path, GError **error);
CUOCC_AVAILABLE void cuocc_kernel_list_free (CuoccKernelList *list);

CUOCC_AVAILABLE void cuocc_kernel_list_select (CuoccKernelList *list, int major, int minor);
CUOCC_AVAILABLE gboolean cuocc_kernel_runs_on (const CuoccKernel *kernel, int major, int minor);

/**
 * CuoccKernelChange:
 * @CUOCC_KERNEL_SAME: the same figures in both builds
 * @CUOCC_KERNEL_CHANGED: some figure differs
 * @CUOCC_KERNEL_ADDED: only in the new build
 * @CUOCC_KERNEL_REMOVED: only in the old build
 *
 * How an entry changed between two builds.
 */
typedef enum {
  CUOCC_KERNEL_SAME,
  CUOCC_KERNEL_CHANGED,
  CUOCC_KERNEL_ADDED,
  CUOCC_KERNEL_REMOVED,
} CuoccKernelChange;

/**
 * CuoccKernelPair:
 * @change: how the entry changed
 * @before: %NULL when added
 * @after: %NULL when removed
 *
 * An entry of two builds, from cuocc_kernel_list_diff().
 */
typedef struct {
  CuoccKernelChange change;
  const CuoccKernel *before;
  const CuoccKernel *after;
} CuoccKernelPair;

CUOCC_AVAILABLE CuoccKernelPair *cuocc_kernel_list_diff (const CuoccKernelList *before, const CuoccKernelList *after,
                                                         guint *n_pairs);
CUOCC_AVAILABLE gboolean cuocc_kernel_resources_equal (const CuoccKernel *a, const CuoccKernel *b);

CUOCC_AVAILABLE char *cuocc_demangle (const char *mangled);
CUOCC_AVAILABLE char *cuocc_kernel_short_name (const char *name);
CUOCC_AVAILABLE char *cuocc_kernel_unqualified (const char *name);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CuoccKernelList, cuocc_kernel_list_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CuoccImportParser, cuocc_import_parser_free)

G_END_DECLS
