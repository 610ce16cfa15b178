/* cuocc-detect.c — the GPUs of this machine, through the CUDA driver.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * libcuda.so.1 is loaded at run time, so cuocc builds and runs where there
 * is no NVIDIA driver, and says why it found nothing. The driver's figures
 * replace the table's; what the driver does not report (allocation units,
 * sub-partitions, carveouts) comes from the table's entry for the same
 * compute capability, or the newest one before it.
 */
#include "config.h"

#include <dlfcn.h>
#include <string.h>

#include "cuocc-private.h"

/* Attribute numbers of the driver API's CUdevice_attribute. */
enum {
  ATTR_MAX_THREADS_PER_BLOCK = 1,
  ATTR_MAX_SHARED_MEMORY_PER_BLOCK = 8,
  ATTR_WARP_SIZE = 10,
  ATTR_MAX_REGISTERS_PER_BLOCK = 12,
  ATTR_MULTIPROCESSOR_COUNT = 16,
  ATTR_MAX_THREADS_PER_MULTIPROCESSOR = 39,
  ATTR_COMPUTE_CAPABILITY_MAJOR = 75,
  ATTR_COMPUTE_CAPABILITY_MINOR = 76,
  ATTR_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR = 81,
  ATTR_MAX_REGISTERS_PER_MULTIPROCESSOR = 82,
  ATTR_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN = 97,
  ATTR_MAX_BLOCKS_PER_MULTIPROCESSOR = 106,
  ATTR_RESERVED_SHARED_MEMORY_PER_BLOCK = 111,
};

typedef int (*InitFunc) (unsigned int flags);
typedef int (*GetCountFunc) (int *count);
typedef int (*GetFunc) (int *device, int ordinal);
typedef int (*GetNameFunc) (char *name, int len, int device);
typedef int (*GetAttributeFunc) (int *value, int attribute, int device);

/* The driver API's launch configuration, as its ABI lays it out. */
enum {
  FUNC_ATTR_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8,
  FUNC_ATTR_PREFERRED_SHARED_MEMORY_CARVEOUT = 9,
  FUNC_ATTR_NON_PORTABLE_CLUSTER_SIZE_ALLOWED = 14,
  LAUNCH_ATTR_CLUSTER_DIMENSION = 4,
};

typedef struct {
  int id;
  char pad[4];
  union {
    char pad[64];
    void *align;
    struct { unsigned int x, y, z; } cluster_dim;
  } value;
} LaunchAttribute;

typedef struct {
  unsigned int grid_x, grid_y, grid_z;
  unsigned int block_x, block_y, block_z;
  unsigned int shared_mem_bytes;
  void *stream;
  LaunchAttribute *attrs;
  unsigned int n_attrs;
} LaunchConfig;

typedef int (*PrimaryCtxRetainFunc) (void **ctx, int device);
typedef int (*PrimaryCtxReleaseFunc) (int device);
typedef int (*CtxSetCurrentFunc) (void *ctx);
typedef int (*ModuleLoadDataFunc) (void **module, const void *image);
typedef int (*ModuleGetFunctionFunc) (void **function, void *module, const char *name);
typedef int (*ModuleUnloadFunc) (void *module);
typedef int (*FuncSetAttributeFunc) (void *function, int attribute, int value);
typedef int (*MaxActiveBlocksFunc) (int *blocks, void *function, int block_size, size_t dynamic_smem);
typedef int (*MaxActiveClustersFunc) (int *clusters, void *function, const LaunchConfig *config);

typedef struct {
  PrimaryCtxRetainFunc retain;
  PrimaryCtxReleaseFunc release;
  CtxSetCurrentFunc set_current;
  ModuleLoadDataFunc load_data;
  ModuleGetFunctionFunc get_function;
  ModuleUnloadFunc unload;
  FuncSetAttributeFunc set_attribute;
  MaxActiveBlocksFunc max_active_blocks;
  MaxActiveClustersFunc max_active_clusters;
} ClusterApi;

typedef struct {
  GetAttributeFunc get_attribute;
  int device;
} Device;

/* A kernel that does nothing: its blocks per SM are set by the dynamic
 * shared memory of the launch alone. */
static const char probe_ptx[] =
  ".version 7.8\n"
  ".target sm_90\n"
  ".address_size 64\n"
  ".visible .entry cuocc_cluster_probe()\n"
  "{\n"
  "\tret;\n"
  "}\n";

#define PROBE_THREADS 128

static int
attribute (const Device *d,
           int           attr,
           int           fallback)
{
  int value = 0;

  if (d->get_attribute (&value, attr, d->device) != 0 || value <= 0)
    return fallback;
  return value;
}

static void
fill_from_driver (const Device *d,
                  CuoccGpu     *gpu)
{
  CuoccCapability *cap = &gpu->cap;
  int major = attribute (d, ATTR_COMPUTE_CAPABILITY_MAJOR, 0);
  int minor = attribute (d, ATTR_COMPUTE_CAPABILITY_MINOR, 0);
  const CuoccCapability *base = NULL;
  guint n;
  const CuoccCapability *caps = cuocc_capabilities (&n);

  for (guint i = 0; i < n; i++)
    if (caps[i].major < major || (caps[i].major == major && caps[i].minor <= minor))
      base = &caps[i];
  *cap = base != NULL ? *base : caps[0];
  cap->major = major;
  cap->minor = minor;
  cap->source = "this machine's CUDA driver (libcuda.so.1)";

  gpu->sm_count = attribute (d, ATTR_MULTIPROCESSOR_COUNT, 0);
  cap->warp_size = attribute (d, ATTR_WARP_SIZE, cap->warp_size);
  if (cap->warp_size <= 0)
    cap->warp_size = 32;
  cap->max_threads_per_block = attribute (d, ATTR_MAX_THREADS_PER_BLOCK, cap->max_threads_per_block);
  cap->max_warps_per_sm = attribute (d, ATTR_MAX_THREADS_PER_MULTIPROCESSOR,
                                     cap->max_warps_per_sm * cap->warp_size) / cap->warp_size;
  cap->max_blocks_per_sm = attribute (d, ATTR_MAX_BLOCKS_PER_MULTIPROCESSOR, cap->max_blocks_per_sm);
  cap->max_regs_per_block = attribute (d, ATTR_MAX_REGISTERS_PER_BLOCK, cap->max_regs_per_block);
  cap->regs_per_sm = attribute (d, ATTR_MAX_REGISTERS_PER_MULTIPROCESSOR, cap->regs_per_sm);
  cap->smem_per_block = attribute (d, ATTR_MAX_SHARED_MEMORY_PER_BLOCK, cap->smem_per_block);
  cap->smem_per_block_optin = MAX (cap->smem_per_block,
                                   attribute (d, ATTR_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, cap->smem_per_block_optin));
  cap->smem_reserved_per_block = major >= 8 ? attribute (d, ATTR_RESERVED_SHARED_MEMORY_PER_BLOCK,
                                                         cap->smem_reserved_per_block) : 0;
  cap->smem_per_sm = attribute (d, ATTR_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR, cap->smem_per_sm);

  /* Keep the carveout steps below this SM's size, under the size itself. */
  {
    int configs[CUOCC_MAX_SMEM_CONFIGS];
    int kept = 0;

    configs[kept++] = cap->smem_per_sm;
    for (int i = 0; i < cap->n_smem_configs && kept < CUOCC_MAX_SMEM_CONFIGS; i++)
      if (cap->smem_configs[i] < cap->smem_per_sm)
        configs[kept++] = cap->smem_configs[i];
    memcpy (cap->smem_configs, configs, sizeof configs);
    cap->n_smem_configs = kept;
  }
}

static gboolean
load_cluster_api (void       *lib,
                  ClusterApi *api)
{
  api->retain = (PrimaryCtxRetainFunc) dlsym (lib, "cuDevicePrimaryCtxRetain");
  api->release = (PrimaryCtxReleaseFunc) dlsym (lib, "cuDevicePrimaryCtxRelease_v2");
  api->set_current = (CtxSetCurrentFunc) dlsym (lib, "cuCtxSetCurrent");
  api->load_data = (ModuleLoadDataFunc) dlsym (lib, "cuModuleLoadData");
  api->get_function = (ModuleGetFunctionFunc) dlsym (lib, "cuModuleGetFunction");
  api->unload = (ModuleUnloadFunc) dlsym (lib, "cuModuleUnload");
  api->set_attribute = (FuncSetAttributeFunc) dlsym (lib, "cuFuncSetAttribute");
  api->max_active_blocks = (MaxActiveBlocksFunc) dlsym (lib, "cuOccupancyMaxActiveBlocksPerMultiprocessor");
  api->max_active_clusters = (MaxActiveClustersFunc) dlsym (lib, "cuOccupancyMaxActiveClusters");
  return api->retain && api->release && api->set_current && api->load_data && api->get_function &&
         api->unload && api->set_attribute && api->max_active_blocks && api->max_active_clusters;
}

/* The dynamic shared memory that holds the probe to blocks_per_sm blocks
 * per SM in the model, or -1 when no amount does. */
static gint64
pinning_smem (const CuoccCapability *cap,
              int                    blocks_per_sm)
{
  CuoccInput input;
  CuoccResult r;

  cuocc_input_init (&input);
  input.threads = PROBE_THREADS;
  input.regs = 0;
  input.smem = cap->smem_per_sm / blocks_per_sm / cap->smem_alloc_unit * cap->smem_alloc_unit
               - cap->smem_reserved_per_block;
  input.smem = MIN (input.smem, cap->smem_per_block_optin);
  if (input.smem < 0)
    return -1;
  cuocc_calculate_unchecked (cap, &input, &r);
  return r.active_blocks == blocks_per_sm ? input.smem : -1;
}

static int
ask_clusters (const ClusterApi *api,
              void             *function,
              gint64            smem,
              int               cluster_size)
{
  LaunchAttribute attr;
  LaunchConfig config;
  int clusters = 0;

  memset (&attr, 0, sizeof attr);
  attr.id = LAUNCH_ATTR_CLUSTER_DIMENSION;
  attr.value.cluster_dim.x = cluster_size;
  attr.value.cluster_dim.y = 1;
  attr.value.cluster_dim.z = 1;
  memset (&config, 0, sizeof config);
  config.grid_x = cluster_size;
  config.grid_y = config.grid_z = 1;
  config.block_x = PROBE_THREADS;
  config.block_y = config.block_z = 1;
  config.shared_mem_bytes = (unsigned int) smem;
  config.attrs = &attr;
  config.n_attrs = 1;

  if (api->max_active_clusters (&clusters, function, &config) != 0 || clusters < 0)
    return 0;
  return clusters;
}

/* Asks the driver for the max active clusters of the probe, pinned to each
 * number of blocks per SM, for each cluster size the GPU allows. Entries
 * the driver does not answer stay 0. */
static void
measure_clusters (const ClusterApi *api,
                  int               device,
                  CuoccGpu         *gpu)
{
  const CuoccCapability *cap = &gpu->cap;
  void *ctx = NULL;
  void *module = NULL;
  void *function = NULL;

  if (cap->max_cluster_size == 0)
    return;
  if (api->retain (&ctx, device) != 0)
    return;
  if (api->set_current (ctx) == 0 && api->load_data (&module, probe_ptx) == 0 &&
      api->get_function (&function, module, "cuocc_cluster_probe") == 0)
    {
      api->set_attribute (function, FUNC_ATTR_PREFERRED_SHARED_MEMORY_CARVEOUT, 100);
      if (cap->max_cluster_size > 8)
        api->set_attribute (function, FUNC_ATTR_NON_PORTABLE_CLUSTER_SIZE_ALLOWED, 1);

      for (int b = 1; b <= MIN (CUOCC_CLUSTER_TABLE_BLOCKS, cap->cluster_max_blocks_per_sm); b++)
        {
          gint64 smem = pinning_smem (cap, b);
          int blocks = 0;

          /* Only a probe the driver also holds to b blocks per SM measures row b. */
          if (smem < 0 ||
              api->set_attribute (function, FUNC_ATTR_MAX_DYNAMIC_SHARED_SIZE_BYTES, (int) smem) != 0 ||
              api->max_active_blocks (&blocks, function, PROBE_THREADS, (size_t) smem) != 0 ||
              blocks != b)
            continue;
          for (int size = 1; size <= MIN (cap->max_cluster_size, CUOCC_MAX_CLUSTER_SIZE); size++)
            gpu->driver_clusters[b - 1][size - 1] = ask_clusters (api, function, smem, size);
        }
    }
  if (module != NULL)
    api->unload (module);
  api->set_current (NULL);
  api->release (device);
}

static int
detect (CuoccGpu  *gpus,
        int        max_gpus,
        gboolean   with_clusters,
        GError   **error)
{
  ClusterApi api;
  void *lib;
  InitFunc init;
  GetCountFunc get_count;
  GetFunc get;
  GetNameFunc get_name;
  GetAttributeFunc get_attribute;
  int count = 0;
  int status;
  int found = 0;

  lib = dlopen ("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (lib == NULL)
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_UNSUPPORTED,
                   _("No NVIDIA driver found: libcuda.so.1 could not be loaded (%s)"), dlerror ());
      return -1;
    }

  init = (InitFunc) dlsym (lib, "cuInit");
  get_count = (GetCountFunc) dlsym (lib, "cuDeviceGetCount");
  get = (GetFunc) dlsym (lib, "cuDeviceGet");
  get_name = (GetNameFunc) dlsym (lib, "cuDeviceGetName");
  get_attribute = (GetAttributeFunc) dlsym (lib, "cuDeviceGetAttribute");
  if (init == NULL || get_count == NULL || get == NULL || get_name == NULL || get_attribute == NULL)
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_UNSUPPORTED,
                   _("libcuda.so.1 lacks the device functions cuocc needs"));
      dlclose (lib);
      return -1;
    }

  status = init (0);
  if (status != 0)
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_UNSUPPORTED,
                   _("The CUDA driver did not start (cuInit error %d): no usable GPU, or the driver does not match the kernel module"),
                   status);
      dlclose (lib);
      return -1;
    }
  status = get_count (&count);
  if (status != 0 || count == 0)
    {
      g_set_error (error, CUOCC_ERROR, CUOCC_ERROR_UNSUPPORTED,
                   _("The CUDA driver reports no GPU"));
      dlclose (lib);
      return -1;
    }

  for (int i = 0; i < count && found < max_gpus; i++)
    {
      Device d = { get_attribute, 0 };
      char name[256] = "";

      if (get (&d.device, i) != 0)
        continue;
      memset (&gpus[found], 0, sizeof gpus[found]);
      get_name (name, sizeof name - 1, d.device);
      if (!g_utf8_validate (name, -1, NULL))
        name[0] = '\0';
      _cuocc_utf8_strlcpy (gpus[found].name, name[0] ? name : "CUDA device", sizeof gpus[found].name);
      fill_from_driver (&d, &gpus[found]);
      /* A driver's figures get the checks a device file's get. */
      if (!cuocc_capability_validate (&gpus[found].cap, NULL))
        continue;
      if (with_clusters && load_cluster_api (lib, &api))
        measure_clusters (&api, d.device, &gpus[found]);
      found++;
    }

  dlclose (lib);
  return found;
}

/**
 * cuocc_detect_gpus:
 * @gpus: (out caller-allocates) (array length=max_gpus): room for @max_gpus GPUs
 * @max_gpus: how many GPUs @gpus holds
 * @error: return location for a #GError
 *
 * Reads this machine's GPUs through the CUDA driver (libcuda.so.1, loaded at
 * run time: libcuocc has no build dependency on CUDA). Each GPU gets the
 * figures of its compute capability and the driver's SM count.
 *
 * Returns: the number of GPUs filled in, at most @max_gpus; -1 with @error
 *   set when there is no driver or it fails
 */
int
cuocc_detect_gpus (CuoccGpu  *gpus,
                   int        max_gpus,
                   GError   **error)
{
  g_return_val_if_fail (max_gpus >= 0, -1);

  return detect (gpus, max_gpus, FALSE, error);
}

/**
 * cuocc_detect_gpus_with_clusters:
 * @gpus: (out caller-allocates) (array length=max_gpus): room for @max_gpus GPUs
 * @max_gpus: how many GPUs @gpus holds
 * @error: return location for a #GError
 *
 * Like cuocc_detect_gpus(), and also asks the driver for the max active
 * clusters of every blocks per SM and cluster size the GPU allows
 * (#CuoccGpu.driver_clusters).
 *
 * Returns: the number of GPUs filled in, at most @max_gpus; -1 with @error
 *   set when there is no driver or it fails
 */
int
cuocc_detect_gpus_with_clusters (CuoccGpu  *gpus,
                                 int        max_gpus,
                                 GError   **error)
{
  g_return_val_if_fail (max_gpus >= 0, -1);

  return detect (gpus, max_gpus, TRUE, error);
}
