/* fake-libcuda.c — a stand-in libcuda.so.1 that answers like an H100 SXM.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * cuocc asks the CUDA driver for the max active clusters of a probe kernel.
 * Machines without an NVIDIA GPU (the test machines) cannot run that path,
 * so the tests put this library first on LD_LIBRARY_PATH. It answers the
 * device attributes of an H100 SXM (132 SMs), counts blocks per SM from the
 * launch's dynamic shared memory by the Hopper rules written out here, caps
 * them at 8 under a cluster launch, and answers the clusters from the
 * measured table named by CUOCC_FAKE_CUDA_TABLE. It checks its callers as
 * the driver does: a probe must be PTX with an entry, a cluster must divide
 * the grid, sizes above 8 need the non-portable attribute, dynamic shared
 * memory above 48 KiB needs the opt-in. Where the toolkit's cuda.h is
 * installed, it is built against it, which checks the ABI cuocc mirrors.
 * With CUOCC_FAKE_CUDA_LOG set, it writes what was acquired and released.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef HAVE_CUDA_H
#include <cuda.h>
#else
typedef int CUresult;
typedef int CUdevice;
typedef int CUdevice_attribute;
typedef int CUfunction_attribute;
typedef struct FakeContext *CUcontext;
typedef struct FakeModule *CUmodule;
typedef struct FakeFunction *CUfunction;
typedef struct {
  int id;
  char pad[4];
  union {
    char pad[64];
    void *align;
    struct { unsigned int x, y, z; } clusterDim;
  } value;
} CUlaunchAttribute;
typedef struct {
  unsigned int gridDimX, gridDimY, gridDimZ;
  unsigned int blockDimX, blockDimY, blockDimZ;
  unsigned int sharedMemBytes;
  void *hStream;
  CUlaunchAttribute *attrs;
  unsigned int numAttrs;
} CUlaunchConfig;
#define CUDAAPI
#define CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION 4
#define cuDevicePrimaryCtxRelease cuDevicePrimaryCtxRelease_v2
CUresult cuInit (unsigned int flags);
CUresult cuDeviceGetCount (int *count);
CUresult cuDeviceGet (CUdevice *device, int ordinal);
CUresult cuDeviceGetName (char *name, int len, CUdevice device);
CUresult cuDeviceGetAttribute (int *value, CUdevice_attribute attribute, CUdevice device);
CUresult cuDevicePrimaryCtxRetain (CUcontext *context, CUdevice device);
CUresult cuDevicePrimaryCtxRelease (CUdevice device);
CUresult cuCtxSetCurrent (CUcontext context);
CUresult cuModuleLoadData (CUmodule *module, const void *image);
CUresult cuModuleGetFunction (CUfunction *function, CUmodule module, const char *name);
CUresult cuModuleUnload (CUmodule module);
CUresult cuFuncSetAttribute (CUfunction function, CUfunction_attribute attribute, int value);
CUresult cuOccupancyMaxActiveBlocksPerMultiprocessor (int *blocks, CUfunction function, int block_size,
                                                      size_t dynamic_smem);
CUresult cuOccupancyMaxActiveClusters (int *clusters, CUfunction function, const CUlaunchConfig *config);
#endif

#define EXPORT __attribute__ ((visibility ("default")))

#define OK                    ((CUresult) 0)
#define ERROR_INVALID_VALUE   ((CUresult) 1)
#define ERROR_NOT_INITIALIZED ((CUresult) 3)
#define ERROR_INVALID_CONTEXT ((CUresult) 201)
#define ERROR_INVALID_PTX     ((CUresult) 218)
#define ERROR_INVALID_HANDLE  ((CUresult) 400)
#define ERROR_NOT_FOUND       ((CUresult) 500)

#define SMS 132
#define SMEM_PER_SM 233472
#define SMEM_OPTIN 232448
#define RESERVED 1024
#define CLUSTER_CAP 8

struct FakeContext { int unused; };
struct FakeModule { int loaded; };
struct FakeFunction {
  int max_dynamic_smem;
  int non_portable;
};

/* cuda.h's handles point to its own opaque types. */
#define AS_FUNCTION(f) ((struct FakeFunction *) (void *) (f))
#define SAME_HANDLE(a, b) ((const void *) (a) == (const void *) (b))

static struct FakeContext the_context;
static struct FakeModule the_module;
static struct FakeFunction the_function = { 48 * 1024, 0 };
static int initialized;
static int current;
static int retained, released, loaded, unloaded, cluster_queries;
static int table[CLUSTER_CAP][16];
static int table_loaded;

static void
write_log (void)
{
  const char *path = getenv ("CUOCC_FAKE_CUDA_LOG");
  FILE *f;

  if (path == NULL || (f = fopen (path, "w")) == NULL)
    return;
  fprintf (f, "retained=%d released=%d loaded=%d unloaded=%d cluster_queries=%d\n",
           retained, released, loaded, unloaded, cluster_queries);
  fclose (f);
}

static void
load_table (void)
{
  const char *path = getenv ("CUOCC_FAKE_CUDA_TABLE");
  char line[256];
  FILE *f;

  if (table_loaded || path == NULL || (f = fopen (path, "r")) == NULL)
    return;
  while (fgets (line, sizeof line, f) != NULL)
    {
      int b, size, clusters;

      if (sscanf (line, "%d,%d,%d", &b, &size, &clusters) == 3 &&
          b >= 1 && b <= CLUSTER_CAP && size >= 1 && size <= 16)
        table[b - 1][size - 1] = clusters;
    }
  fclose (f);
  table_loaded = 1;
}

/* Hopper: 64 warps and 32 blocks per SM; shared memory in 128-byte units
 * with a 1 KiB reservation per block, out of the largest carveout. A
 * trivial kernel's registers never bind. */
static int
blocks_per_sm (unsigned int threads,
               size_t       smem)
{
  int warps = (int) ((threads + 31) / 32);
  size_t per_block = (smem + RESERVED + 127) / 128 * 128;
  int by_smem = (int) (SMEM_PER_SM / per_block);
  int by_warps = 64 / warps;
  int blocks = by_smem < by_warps ? by_smem : by_warps;

  return blocks < 32 ? blocks : 32;
}

EXPORT CUresult CUDAAPI
cuInit (unsigned int flags)
{
  if (flags != 0)
    return ERROR_INVALID_VALUE;
  if (!initialized)
    atexit (write_log);
  initialized = 1;
  return OK;
}

EXPORT CUresult CUDAAPI
cuDeviceGetCount (int *count)
{
  if (!initialized)
    return ERROR_NOT_INITIALIZED;
  *count = 1;
  return OK;
}

EXPORT CUresult CUDAAPI
cuDeviceGet (CUdevice *device,
             int       ordinal)
{
  if (ordinal != 0)
    return ERROR_INVALID_VALUE;
  *device = 0;
  return OK;
}

EXPORT CUresult CUDAAPI
cuDeviceGetName (char     *name,
                 int       len,
                 CUdevice  device)
{
  if (device != 0 || len < 1)
    return ERROR_INVALID_VALUE;
  snprintf (name, (size_t) len, "%s", "NVIDIA H100 80GB HBM3");
  return OK;
}

EXPORT CUresult CUDAAPI
cuDeviceGetAttribute (int                *value,
                      CUdevice_attribute  attribute,
                      CUdevice            device)
{
  static const int attributes[][2] = {
    { 1, 1024 }, { 8, 49152 }, { 10, 32 }, { 12, 65536 }, { 16, SMS }, { 39, 2048 },
    { 75, 9 }, { 76, 0 }, { 81, SMEM_PER_SM }, { 82, 65536 }, { 97, SMEM_OPTIN },
    { 106, 32 }, { 111, RESERVED },
  };

  if (device != 0)
    return ERROR_INVALID_VALUE;
  for (size_t i = 0; i < sizeof attributes / sizeof attributes[0]; i++)
    if (attributes[i][0] == (int) attribute)
      {
        *value = attributes[i][1];
        return OK;
      }
  return ERROR_INVALID_VALUE;
}

EXPORT CUresult CUDAAPI
cuDevicePrimaryCtxRetain (CUcontext *context,
                          CUdevice   device)
{
  if (device != 0)
    return ERROR_INVALID_VALUE;
  *context = (CUcontext) (void *) &the_context;
  retained++;
  return OK;
}

EXPORT CUresult CUDAAPI
cuDevicePrimaryCtxRelease (CUdevice device)
{
  if (device != 0 || released >= retained)
    return ERROR_INVALID_CONTEXT;
  released++;
  return OK;
}

EXPORT CUresult CUDAAPI
cuCtxSetCurrent (CUcontext context)
{
  if (context != NULL && !SAME_HANDLE (context, &the_context))
    return ERROR_INVALID_CONTEXT;
  current = context != NULL;
  return OK;
}

EXPORT CUresult CUDAAPI
cuModuleLoadData (CUmodule   *module,
                  const void *image)
{
  const char *ptx = image;

  if (!current)
    return ERROR_INVALID_CONTEXT;
  if (strncmp (ptx, ".version ", 9) != 0 || strstr (ptx, ".target sm_") == NULL ||
      strstr (ptx, ".entry cuocc_cluster_probe") == NULL)
    return ERROR_INVALID_PTX;
  the_module.loaded = 1;
  *module = (CUmodule) (void *) &the_module;
  loaded++;
  return OK;
}

EXPORT CUresult CUDAAPI
cuModuleGetFunction (CUfunction *function,
                     CUmodule    module,
                     const char *name)
{
  if (!SAME_HANDLE (module, &the_module) || !the_module.loaded)
    return ERROR_INVALID_HANDLE;
  if (strcmp (name, "cuocc_cluster_probe") != 0)
    return ERROR_NOT_FOUND;
  *function = (CUfunction) (void *) &the_function;
  return OK;
}

EXPORT CUresult CUDAAPI
cuModuleUnload (CUmodule module)
{
  if (!SAME_HANDLE (module, &the_module) || !the_module.loaded)
    return ERROR_INVALID_HANDLE;
  the_module.loaded = 0;
  unloaded++;
  return OK;
}

EXPORT CUresult CUDAAPI
cuFuncSetAttribute (CUfunction           function,
                    CUfunction_attribute attribute,
                    int                  value)
{
  if (!SAME_HANDLE (function, &the_function))
    return ERROR_INVALID_HANDLE;
  switch ((int) attribute)
    {
    case 8:                        /* the most dynamic shared memory */
      if (value < 0 || value > SMEM_OPTIN)
        return ERROR_INVALID_VALUE;
      AS_FUNCTION (function)->max_dynamic_smem = value;
      return OK;
    case 9:                        /* the carveout preference */
      return value >= -1 && value <= 100 ? OK : ERROR_INVALID_VALUE;
    case 14:                       /* non-portable cluster sizes */
      AS_FUNCTION (function)->non_portable = value != 0;
      return OK;
    default:
      return ERROR_INVALID_VALUE;
    }
}

EXPORT CUresult CUDAAPI
cuOccupancyMaxActiveBlocksPerMultiprocessor (int        *blocks,
                                             CUfunction  function,
                                             int         block_size,
                                             size_t      dynamic_smem)
{
  if (!SAME_HANDLE (function, &the_function))
    return ERROR_INVALID_HANDLE;
  if (block_size < 1 || block_size > 1024 || dynamic_smem > (size_t) AS_FUNCTION (function)->max_dynamic_smem)
    return ERROR_INVALID_VALUE;
  *blocks = blocks_per_sm ((unsigned int) block_size, dynamic_smem);
  return OK;
}

EXPORT CUresult CUDAAPI
cuOccupancyMaxActiveClusters (int                  *clusters,
                              CUfunction            function,
                              const CUlaunchConfig *config)
{
  unsigned int size = 0;
  int blocks;

  if (!SAME_HANDLE (function, &the_function) || !current)
    return ERROR_INVALID_HANDLE;
  for (unsigned int i = 0; i < config->numAttrs; i++)
    if (config->attrs[i].id == CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION)
      {
        unsigned int x = config->attrs[i].value.clusterDim.x;

        if (x == 0 || config->attrs[i].value.clusterDim.y != 1 || config->attrs[i].value.clusterDim.z != 1 ||
            config->gridDimX % x != 0)
          return ERROR_INVALID_VALUE;
        size = x;
      }
  if (size == 0 || size > 16 || (size > 8 && !AS_FUNCTION (function)->non_portable) ||
      config->blockDimY != 1 || config->blockDimZ != 1 ||
      config->sharedMemBytes > (unsigned int) AS_FUNCTION (function)->max_dynamic_smem)
    return ERROR_INVALID_VALUE;

  load_table ();
  if (!table_loaded)
    return ERROR_NOT_FOUND;
  cluster_queries++;
  blocks = blocks_per_sm (config->blockDimX, config->sharedMemBytes);
  if (blocks > CLUSTER_CAP)
    blocks = CLUSTER_CAP;
  *clusters = blocks > 0 ? table[blocks - 1][size - 1] : 0;
  return OK;
}
