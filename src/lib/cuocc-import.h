/* cuocc-import.h — kernel resource usage read from compiler and profiler output
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Reads what ptxas -v (nvcc --resource-usage), cuobjdump --dump-resource-usage
 * and Nsight Compute's CSV exports say about each kernel. Input is untrusted:
 * the parsers read it line by line, keep at most CUOCC_IMPORT_MAX_KERNELS
 * kernels, skip lines longer than CUOCC_IMPORT_MAX_LINE bytes and never fail
 * on what they do not understand; they fail only when no kernel at all was
 * found.
 */
#pragma once

#if !defined (CUOCC_INSIDE) && !defined (CUOCC_COMPILATION)
# error "Only <cuocc.h> can be included directly."
#endif

#include "cuocc-version.h"

#define CUOCC_IMPORT_MAX_KERNELS 100000
#define CUOCC_IMPORT_MAX_LINE    (1024 * 1024)

/* A figure the input does not give. */
#define CUOCC_IMPORT_UNKNOWN (-1)

typedef enum {
  CUOCC_IMPORT_FORMAT_UNKNOWN,
  CUOCC_IMPORT_FORMAT_PTXAS,       /* ptxas -v, nvcc --resource-usage */
  CUOCC_IMPORT_FORMAT_CUOBJDUMP,   /* cuobjdump --dump-resource-usage */
  CUOCC_IMPORT_FORMAT_NCU_CSV,     /* ncu --csv (--page details, the default) */
  CUOCC_IMPORT_FORMAT_NCU_RAW,     /* ncu --csv --page raw */
  CUOCC_IMPORT_FORMAT_CUBIN,       /* an ELF file ptxas wrote (.cubin) */
  CUOCC_IMPORT_FORMAT_FATBIN,      /* an entry of a fat binary: a .fatbin, or one inside a host ELF file or archive */
  CUOCC_IMPORT_FORMAT_TRITON,      /* a Triton cache entry (its .json and its cubin) */
} CuoccImportFormat;

/* What an entry holds: machine code for one architecture, or PTX that the
 * driver compiles when it loads it. Logs describe SASS. */
typedef enum {
  CUOCC_CODE_SASS,
  CUOCC_CODE_PTX,                  /* registers are known only after JIT */
} CuoccCodeKind;

/* Whether the CUDA driver would load this entry on the chosen GPU. */
typedef enum {
  CUOCC_LOAD_UNKNOWN,              /* no GPU chosen */
  CUOCC_LOAD_YES,                  /* the one entry of this kernel the driver loads */
  CUOCC_LOAD_OTHER,                /* another entry of the same kernel is loaded instead */
  CUOCC_LOAD_NONE,                 /* no entry of this kernel can run on the GPU */
} CuoccLoad;

/* One kernel on one architecture. Every number is CUOCC_IMPORT_UNKNOWN when
 * the input does not say; sizes are in bytes.
 */
typedef struct {
  char *name;                      /* demangled; the mangled name when it cannot be */
  char *mangled;                   /* as the tool printed it; "" when it printed only a demangled name */
  char *arch;                      /* "sm_90a"; NULL when the input does not say */
  int cc_major;                    /* from arch or the profiler's CC; 0 when unknown */
  int cc_minor;
  CuoccImportFormat format;
  guint line;                      /* where in the input the kernel's figures end, from 1 (text formats) */
  char *file;                      /* the file named by the user; "lib.a(member.o)" inside an archive; NULL for standard input */
  char *entry;                     /* the fat binary entry ("sm_90a SASS", "compute_90 PTX"); NULL when the file is the code itself */
  CuoccCodeKind code;
  CuoccLoad loaded;                /* set by cuocc_kernel_list_select () */

  /* What the kernel declares; CUOCC_IMPORT_UNKNOWN when the format does not record it. */
  int max_threads;                 /* __launch_bounds__ maximum threads, or the required block size (x·y·z) */
  int min_blocks;                  /* __launch_bounds__ minimum blocks per SM */
  int max_regs;                    /* __maxnreg__; from a cubin, the limit ptxas compiled under when below
                                    * 255 (__maxnreg__, -maxrregcount, or lowered for __launch_bounds__) */
  int cluster_dims[3];             /* __cluster_dims__ or Triton's; all 0 when unknown */

  int regs;                        /* registers per thread */
  gint64 smem;                     /* static shared memory per block */
  int barriers;
  gint64 stack;                    /* stack frame per thread */
  gint64 spill_stores;
  gint64 spill_loads;
  gint64 lmem;                     /* local memory per thread (older ptxas, cuobjdump LOCAL) */
  gint64 cmem;                     /* constant bank 0 */

  /* What Nsight Compute measured or worked out for one launch; block_size and
   * dynamic_smem also what a Triton cache entry launches with. */
  int block_size;                  /* threads per block */
  gint64 grid_size;                /* blocks */
  gint64 dynamic_smem;             /* dynamic shared memory per block */
  gint64 driver_smem;              /* the runtime's shared memory per block */
  gint64 smem_config;              /* shared memory configuration size */
  int sm_count;
  double theoretical_occupancy;    /* percent; < 0 when unknown */
  double achieved_occupancy;       /* percent; < 0 when unknown */
  double theoretical_warps;        /* theoretical active warps per SM; < 0 when unknown */
  int block_limit_regs;
  int block_limit_smem;
  int block_limit_warps;
  int block_limit_blocks;          /* "Block Limit SM" */
  int block_limit_barriers;
} CuoccKernel;

typedef struct {
  CuoccImportFormat format;        /* the format of the first kernel */
  guint n_kernels;
  CuoccKernel *kernels;
  gboolean truncated;              /* CUOCC_IMPORT_MAX_KERNELS was reached */
  guint n_skipped_lines;           /* lines too long to read */
} CuoccKernelList;

typedef struct _CuoccImportParser CuoccImportParser;

G_BEGIN_DECLS

CUOCC_AVAILABLE const char *cuocc_import_format_name (CuoccImportFormat format);

CUOCC_AVAILABLE CuoccImportParser *cuocc_import_parser_new (void);
CUOCC_AVAILABLE void cuocc_import_parser_feed (CuoccImportParser *parser, const char *data, gsize len);
CUOCC_AVAILABLE CuoccKernelList *cuocc_import_parser_finish (CuoccImportParser *parser, GError **error);
CUOCC_AVAILABLE void cuocc_import_parser_free (CuoccImportParser *parser);

CUOCC_AVAILABLE CuoccKernelList *cuocc_import_parse (const char *data, gsize len, GError **error);
CUOCC_AVAILABLE CuoccKernelList *cuocc_import_parse_file (const char *path, GError **error);
CUOCC_AVAILABLE void cuocc_kernel_list_free (CuoccKernelList *list);

CUOCC_AVAILABLE void cuocc_kernel_list_select (CuoccKernelList *list, int major, int minor);
CUOCC_AVAILABLE gboolean cuocc_kernel_runs_on (const CuoccKernel *kernel, int major, int minor);

/* How an entry changed between two builds. */
typedef enum {
  CUOCC_KERNEL_SAME,
  CUOCC_KERNEL_CHANGED,            /* some figure differs */
  CUOCC_KERNEL_ADDED,              /* only in the new build */
  CUOCC_KERNEL_REMOVED,            /* only in the old build */
} CuoccKernelChange;

typedef struct {
  CuoccKernelChange change;
  const CuoccKernel *before;       /* NULL when added */
  const CuoccKernel *after;        /* NULL when removed */
} CuoccKernelPair;

CUOCC_AVAILABLE CuoccKernelPair *cuocc_kernel_list_diff (const CuoccKernelList *before, const CuoccKernelList *after,
                                                         guint *n_pairs);
CUOCC_AVAILABLE gboolean cuocc_kernel_resources_equal (const CuoccKernel *a, const CuoccKernel *b);

CUOCC_AVAILABLE char *cuocc_demangle (const char *mangled);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CuoccKernelList, cuocc_kernel_list_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CuoccImportParser, cuocc_import_parser_free)

G_END_DECLS
