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

typedef struct {
  GetAttributeFunc get_attribute;
  int device;
} Device;

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

int
cuocc_detect_gpus (CuoccGpu  *gpus,
                   int        max_gpus,
                   GError   **error)
{
  void *lib;
  InitFunc init;
  GetCountFunc get_count;
  GetFunc get;
  GetNameFunc get_name;
  GetAttributeFunc get_attribute;
  int count = 0;
  int status;
  int found = 0;

  g_return_val_if_fail (max_gpus >= 0, -1);

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
      cuocc_utf8_strlcpy (gpus[found].name, name[0] ? name : "CUDA device", sizeof gpus[found].name);
      fill_from_driver (&d, &gpus[found]);
      /* A driver's figures get the checks a device file's get. */
      if (cuocc_capability_validate (&gpus[found].cap, NULL))
        found++;
    }

  dlclose (lib);
  return found;
}
