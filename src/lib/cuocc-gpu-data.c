/* cuocc-gpu-data.c — the GPU database: every compute capability and real products.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Adding a compute capability or a product is one entry in a table below,
 * with its source beside it. The abbreviations used in the sources:
 *
 *   PG     CUDA C++ Programming Guide, "Compute Capabilities" tables (CUDA 4.x
 *          for 1.x/2.x, CUDA 11.x for 3.x–8.6, CUDA 12.9/13 for 8.7 on;
 *          technical specifications per compute capability, and the shared
 *          memory sections of each architecture).
 *   XLS11  NVIDIA CUDA_Occupancy_Calculator.xls v11.1, sheet "GPU Data".
 *   XLS24  NVIDIA CUDA_Occupancy_Calculator.xls v2.4, sheet "GPU Data".
 *   OCC    the semantics of cuda_occupancy.h in the CUDA 13.0 toolkit
 *          (architectural constants per compute capability: sub-partitions,
 *          allocation units, carveout steps, barrier rule, block limit).
 *   DQ     deviceQuery / cudaGetDeviceProperties output captured on hardware
 *          (regsPerBlock, sharedMemPerBlockOptin, reservedSharedMemPerBlock).
 *   SPEC   NVIDIA's product specification (CUDA cores; SMs = cores / cores per SM).
 *
 * See shared/reference/ in the project history for the gathered facts.
 */
#include "config.h"

#include "cuocc-private.h"

#define KIB(n) ((n) * 1024)

/* The carveout steps of the unified L1/shared memory, largest first. */
#define CONFIGS_VOLTA     { KIB (96), KIB (64), KIB (32), KIB (16), KIB (8), 0 }, 6
#define CONFIGS_GA100     { KIB (164), KIB (132), KIB (100), KIB (64), KIB (32), KIB (16), KIB (8), 0 }, 8
#define CONFIGS_GA10X     { KIB (100), KIB (64), KIB (32), KIB (16), KIB (8), 0 }, 6
#define CONFIGS_GH100     { KIB (228), KIB (196), KIB (164), KIB (132), KIB (100), KIB (64), KIB (32), KIB (16), KIB (8), 0 }, 10
/* 10.7: no source lists its carveout steps; assumed to be those of 10.x up to
 * 228 KB and the whole 328 KB. */
#define CONFIGS_RUBIN     { KIB (328), KIB (228), KIB (196), KIB (164), KIB (132), KIB (100), KIB (64), KIB (32), KIB (16), KIB (8), 0 }, 11

/* The figures a compute capability assumes, for CuoccCapability.assumed_figures. */
#define FIG(name) (1u << CUOCC_FIGURE_##name)

/* Seen in cudaOccupancyMaxActiveClusters and in launches that counted resident blocks. */
#define CLUSTER_CAP_GH100 "measured on an H100 SXM and an H200, driver 580"

static const CuoccCapability capabilities[] = {
  /* ----- Tesla: registers are allocated per block (XLS24) ----- */
  {
    .major = 1, .minor = 0, .architecture = "Tesla", .chips = "G80",
    .warp_size = 32, .max_threads_per_block = 512,             /* XLS24, PG 4.x */
    .max_warps_per_sm = 24, .max_blocks_per_sm = 8,             /* XLS24 */
    .regs_per_sm = 8192, .max_regs_per_block = 8192,            /* XLS24 (register file size) */
    .max_regs_per_thread = 124, .regs_per_thread_accepted = 124, /* PG 4.x table F-2 */
    .reg_alloc_unit = 256, .reg_alloc_granularity = CUOCC_ALLOC_BLOCK, .warp_alloc_granularity = 2, /* XLS24 */
    .smem_per_sm = KIB (16), .smem_configs = { KIB (16) }, .n_smem_configs = 1, /* XLS24 */
    .smem_per_block = KIB (16), .smem_per_block_optin = KIB (16), .smem_alloc_unit = 512, /* XLS24 */
    .source = "XLS24 GPU Data (sm_10); 124 registers per thread from PG 4.x",
    .notes = "The v2.4 sheet has no per-thread register limit; the Programming Guide's 124 is applied.",
  },
  {
    .major = 1, .minor = 1, .architecture = "Tesla", .chips = "G84, G86, G92, G94, G96, G98",
    .warp_size = 32, .max_threads_per_block = 512,
    .max_warps_per_sm = 24, .max_blocks_per_sm = 8,
    .regs_per_sm = 8192, .max_regs_per_block = 8192,
    .max_regs_per_thread = 124, .regs_per_thread_accepted = 124,
    .reg_alloc_unit = 256, .reg_alloc_granularity = CUOCC_ALLOC_BLOCK, .warp_alloc_granularity = 2,
    .smem_per_sm = KIB (16), .smem_configs = { KIB (16) }, .n_smem_configs = 1,
    .smem_per_block = KIB (16), .smem_per_block_optin = KIB (16), .smem_alloc_unit = 512,
    .source = "XLS24 GPU Data (sm_11); 124 registers per thread from PG 4.x",
  },
  {
    .major = 1, .minor = 2, .architecture = "Tesla", .chips = "GT215, GT216, GT218",
    .warp_size = 32, .max_threads_per_block = 512,
    .max_warps_per_sm = 32, .max_blocks_per_sm = 8,
    .regs_per_sm = 16384, .max_regs_per_block = 16384,
    .max_regs_per_thread = 124, .regs_per_thread_accepted = 124,
    .reg_alloc_unit = 512, .reg_alloc_granularity = CUOCC_ALLOC_BLOCK, .warp_alloc_granularity = 2,
    .smem_per_sm = KIB (16), .smem_configs = { KIB (16) }, .n_smem_configs = 1,
    .smem_per_block = KIB (16), .smem_per_block_optin = KIB (16), .smem_alloc_unit = 512,
    .source = "XLS24 GPU Data (sm_12); 124 registers per thread from PG 4.x",
  },
  {
    .major = 1, .minor = 3, .architecture = "Tesla", .chips = "GT200",
    .warp_size = 32, .max_threads_per_block = 512,
    .max_warps_per_sm = 32, .max_blocks_per_sm = 8,
    .regs_per_sm = 16384, .max_regs_per_block = 16384,
    .max_regs_per_thread = 124, .regs_per_thread_accepted = 124,
    .reg_alloc_unit = 512, .reg_alloc_granularity = CUOCC_ALLOC_BLOCK, .warp_alloc_granularity = 2,
    .smem_per_sm = KIB (16), .smem_configs = { KIB (16) }, .n_smem_configs = 1,
    .smem_per_block = KIB (16), .smem_per_block_optin = KIB (16), .smem_alloc_unit = 512,
    .source = "XLS24 GPU Data (sm_13); 124 registers per thread from PG 4.x",
  },
  /* ----- Fermi: registers per warp, the v11.1 sheet's formulas ----- */
  {
    .major = 2, .minor = 0, .architecture = "Fermi", .chips = "GF100, GF110",
    .warp_size = 32, .max_threads_per_block = 1024,
    .max_warps_per_sm = 48, .max_blocks_per_sm = 8,             /* XLS11 */
    .regs_per_sm = 32768, .max_regs_per_block = 32768,          /* XLS11 */
    .max_regs_per_thread = 63, .regs_per_thread_accepted = 63,  /* XLS11 */
    .reg_alloc_unit = 64, .reg_alloc_granularity = CUOCC_ALLOC_WARP, .warp_alloc_granularity = 2, /* XLS11 */
    .smem_per_sm = KIB (48), .smem_configs = { KIB (48), KIB (16) }, .n_smem_configs = 2, /* XLS11 */
    .smem_per_block = KIB (48), .smem_per_block_optin = KIB (48), .smem_alloc_unit = 128, /* XLS11 */
    .source = "XLS11 GPU Data (sm_20)",
    .notes = "The sheet allocates registers in units of 128 for 21, 22, 29, 30, 37, 38, 45 and 46 "
             "registers per thread; its substring test also fires for 1, 2 and 5-9, which is a slip "
             "and not followed here. A block that needs more shared memory than the 16 KB "
             "configuration gets the 48 KB one, as the driver does; the sheet would show 0 blocks.",
  },
  {
    .major = 2, .minor = 1, .architecture = "Fermi", .chips = "GF104, GF106, GF108, GF114, GF116, GF119",
    .warp_size = 32, .max_threads_per_block = 1024,
    .max_warps_per_sm = 48, .max_blocks_per_sm = 8,
    .regs_per_sm = 32768, .max_regs_per_block = 32768,
    .max_regs_per_thread = 63, .regs_per_thread_accepted = 63,
    .reg_alloc_unit = 64, .reg_alloc_granularity = CUOCC_ALLOC_WARP, .warp_alloc_granularity = 2,
    .smem_per_sm = KIB (48), .smem_configs = { KIB (48), KIB (16) }, .n_smem_configs = 2,
    .smem_per_block = KIB (48), .smem_per_block_optin = KIB (48), .smem_alloc_unit = 128,
    .source = "XLS11 GPU Data (sm_21)",
  },
  /* ----- Kepler on: the semantics of cuda_occupancy.h ----- */
  {
    .major = 3, .minor = 0, .architecture = "Kepler", .chips = "GK104, GK106, GK107",
    .warp_size = 32, .max_threads_per_block = 1024,
    .max_warps_per_sm = 64, .max_blocks_per_sm = 16,            /* XLS11, PG, OCC */
    .regs_per_sm = 65536, .max_regs_per_block = 65536,          /* XLS11, DQ */
    .max_regs_per_thread = 63, .regs_per_thread_accepted = 255, /* PG; OCC checks 255 for major 3 */
    .reg_alloc_unit = 256, .reg_alloc_granularity = CUOCC_ALLOC_WARP, .warp_alloc_granularity = 4,
    .sub_partitions = 4,                                        /* OCC */
    .smem_per_sm = KIB (48), .smem_configs = { KIB (48), KIB (32), KIB (16) }, .n_smem_configs = 3, /* XLS11 */
    .smem_per_block = KIB (48), .smem_per_block_optin = KIB (48), .smem_alloc_unit = 256, /* XLS11, OCC */
    .source = "XLS11 GPU Data (sm_30); OCC for sub-partitions",
    .notes = "The hardware allows 63 registers per thread; cuda_occupancy.h checks against 255, "
             "so 64-255 are computed as it does, with a warning.",
  },
  {
    .major = 3, .minor = 2, .architecture = "Kepler", .chips = "GK20A (Tegra K1)",
    .warp_size = 32, .max_threads_per_block = 1024,
    .max_warps_per_sm = 64, .max_blocks_per_sm = 16,
    .regs_per_sm = 65536, .max_regs_per_block = 32768,          /* DQ (Jetson TK1); XLS11 says 65536 */
    .max_regs_per_thread = 255, .regs_per_thread_accepted = 255,
    .reg_alloc_unit = 256, .reg_alloc_granularity = CUOCC_ALLOC_WARP, .warp_alloc_granularity = 4,
    .sub_partitions = 4,
    .smem_per_sm = KIB (48), .smem_configs = { KIB (48), KIB (32), KIB (16) }, .n_smem_configs = 3,
    .smem_per_block = KIB (48), .smem_per_block_optin = KIB (48), .smem_alloc_unit = 256,
    .source = "XLS11 GPU Data (sm_32); registers per block from Jetson TK1 deviceQuery",
    .notes = "The sheet lists 65536 registers per block; the hardware reports 32768.",
  },
  {
    .major = 3, .minor = 5, .architecture = "Kepler", .chips = "GK110, GK208",
    .warp_size = 32, .max_threads_per_block = 1024,
    .max_warps_per_sm = 64, .max_blocks_per_sm = 16,
    .regs_per_sm = 65536, .max_regs_per_block = 65536,
    .max_regs_per_thread = 255, .regs_per_thread_accepted = 255,
    .reg_alloc_unit = 256, .reg_alloc_granularity = CUOCC_ALLOC_WARP, .warp_alloc_granularity = 4,
    .sub_partitions = 4,
    .smem_per_sm = KIB (48), .smem_configs = { KIB (48), KIB (32), KIB (16) }, .n_smem_configs = 3,
    .smem_per_block = KIB (48), .smem_per_block_optin = KIB (48), .smem_alloc_unit = 256,
    .source = "XLS11 GPU Data (sm_35)",
  },
  {
    .major = 3, .minor = 7, .architecture = "Kepler", .chips = "GK210",
    .warp_size = 32, .max_threads_per_block = 1024,
    .max_warps_per_sm = 64, .max_blocks_per_sm = 16,
    .regs_per_sm = 131072, .max_regs_per_block = 65536,         /* XLS11, DQ (Tesla K80) */
    .max_regs_per_thread = 255, .regs_per_thread_accepted = 255,
    .reg_alloc_unit = 256, .reg_alloc_granularity = CUOCC_ALLOC_WARP, .warp_alloc_granularity = 4,
    .sub_partitions = 4,
    .smem_per_sm = KIB (112), .smem_configs = { KIB (112), KIB (96), KIB (80) }, .n_smem_configs = 3, /* XLS11 */
    .smem_per_block = KIB (48), .smem_per_block_optin = KIB (48), .smem_alloc_unit = 256,
    .source = "XLS11 GPU Data (sm_37)",
  },
  /* ----- Maxwell ----- */
  {
    .major = 5, .minor = 0, .architecture = "Maxwell", .chips = "GM107, GM108",
    .warp_size = 32, .max_threads_per_block = 1024,
    .max_warps_per_sm = 64, .max_blocks_per_sm = 32,
    .regs_per_sm = 65536, .max_regs_per_block = 65536,
    .max_regs_per_thread = 255, .regs_per_thread_accepted = 255,
    .reg_alloc_unit = 256, .reg_alloc_granularity = CUOCC_ALLOC_WARP, .warp_alloc_granularity = 4,
    .sub_partitions = 4,
    .smem_per_sm = KIB (64), .smem_configs = { KIB (64) }, .n_smem_configs = 1,
    .smem_per_block = KIB (48), .smem_per_block_optin = KIB (48), .smem_alloc_unit = 256,
    .source = "XLS11 GPU Data (sm_50); OCC",
  },
  {
    .major = 5, .minor = 2, .architecture = "Maxwell", .chips = "GM200, GM204, GM206",
    .warp_size = 32, .max_threads_per_block = 1024,
    .max_warps_per_sm = 64, .max_blocks_per_sm = 32,
    .regs_per_sm = 65536, .max_regs_per_block = 65536,          /* DQ (GTX 980); XLS11: 32768 with L1 caching */
    .max_regs_per_thread = 255, .regs_per_thread_accepted = 255,
    .reg_alloc_unit = 256, .reg_alloc_granularity = CUOCC_ALLOC_WARP, .warp_alloc_granularity = 4,
    .sub_partitions = 4,
    .smem_per_sm = KIB (96), .smem_configs = { KIB (96) }, .n_smem_configs = 1,
    .smem_per_block = KIB (48), .smem_per_block_optin = KIB (48), .smem_alloc_unit = 256,
    .partitioned_caching = TRUE,                                /* OCC, XLS11 caching mode */
    .source = "XLS11 GPU Data (sm_52); OCC for partitioned global caching",
    .notes = "The sheet models L1 caching as 32768 registers per block and a warp granularity of 2; "
             "cuda_occupancy.h models it as a block confined to half the SM, which cuocc follows.",
  },
  {
    .major = 5, .minor = 3, .architecture = "Maxwell", .chips = "GM20B (Tegra X1)",
    .warp_size = 32, .max_threads_per_block = 1024,
    .max_warps_per_sm = 64, .max_blocks_per_sm = 32,
    .regs_per_sm = 65536, .max_regs_per_block = 32768,          /* XLS11, DQ (Jetson Nano) */
    .max_regs_per_thread = 255, .regs_per_thread_accepted = 255,
    .reg_alloc_unit = 256, .reg_alloc_granularity = CUOCC_ALLOC_WARP, .warp_alloc_granularity = 4,
    .sub_partitions = 4,
    .smem_per_sm = KIB (64), .smem_configs = { KIB (64) }, .n_smem_configs = 1,
    .smem_per_block = KIB (48), .smem_per_block_optin = KIB (48), .smem_alloc_unit = 256,
    .partitioned_caching = TRUE,
    .source = "XLS11 GPU Data (sm_53); Jetson Nano deviceQuery",
  },
  /* ----- Pascal ----- */
  {
    .major = 6, .minor = 0, .architecture = "Pascal", .chips = "GP100",
    .warp_size = 32, .max_threads_per_block = 1024,
    .max_warps_per_sm = 64, .max_blocks_per_sm = 32,
    .regs_per_sm = 65536, .max_regs_per_block = 65536,
    .max_regs_per_thread = 255, .regs_per_thread_accepted = 255,
    .reg_alloc_unit = 256, .reg_alloc_granularity = CUOCC_ALLOC_WARP, .warp_alloc_granularity = 2,
    .sub_partitions = 2, .compat_sub_partitions = 4,            /* OCC: GP100 must also fit GP10x */
    .smem_per_sm = KIB (64), .smem_configs = { KIB (64) }, .n_smem_configs = 1,
    .smem_per_block = KIB (48), .smem_per_block_optin = KIB (48), .smem_alloc_unit = 256,
    .source = "XLS11 GPU Data (sm_60); OCC for the two sub-partitions and the GP10x check",
    .notes = "A block that fits GP100's two register partitions but not GP10x's four gets 0 blocks, "
             "as in cuda_occupancy.h, so that Pascal binaries run on every Pascal part.",
  },
  {
    .major = 6, .minor = 1, .architecture = "Pascal", .chips = "GP102, GP104, GP106, GP107, GP108",
    .warp_size = 32, .max_threads_per_block = 1024,
    .max_warps_per_sm = 64, .max_blocks_per_sm = 32,
    .regs_per_sm = 65536, .max_regs_per_block = 65536,
    .max_regs_per_thread = 255, .regs_per_thread_accepted = 255,
    .reg_alloc_unit = 256, .reg_alloc_granularity = CUOCC_ALLOC_WARP, .warp_alloc_granularity = 4,
    .sub_partitions = 4,
    .smem_per_sm = KIB (96), .smem_configs = { KIB (96) }, .n_smem_configs = 1,
    .smem_per_block = KIB (48), .smem_per_block_optin = KIB (48), .smem_alloc_unit = 256,
    .partitioned_caching = TRUE,
    .source = "XLS11 GPU Data (sm_61); OCC",
  },
  {
    .major = 6, .minor = 2, .architecture = "Pascal", .chips = "GP10B (Tegra X2)",
    .warp_size = 32, .max_threads_per_block = 1024,
    .max_warps_per_sm = 64, .max_blocks_per_sm = 32,
    .regs_per_sm = 65536, .max_regs_per_block = 32768,          /* DQ (Jetson TX2); XLS11 says 65536 */
    .max_regs_per_thread = 255, .regs_per_thread_accepted = 255,
    .reg_alloc_unit = 256, .reg_alloc_granularity = CUOCC_ALLOC_WARP, .warp_alloc_granularity = 4,
    .sub_partitions = 4,
    .smem_per_sm = KIB (64), .smem_configs = { KIB (64) }, .n_smem_configs = 1,
    .smem_per_block = KIB (48), .smem_per_block_optin = KIB (48), .smem_alloc_unit = 256,
    .partitioned_caching = TRUE,
    .source = "XLS11 GPU Data (sm_62); registers per block from Jetson TX2 deviceQuery",
    .notes = "The sheet lists 65536 registers per block; the hardware reports 32768.",
  },
  /* ----- Volta and Turing: unified L1/shared memory with carveouts ----- */
  {
    .major = 7, .minor = 0, .architecture = "Volta", .chips = "GV100",
    .warp_size = 32, .max_threads_per_block = 1024,
    .max_warps_per_sm = 64, .max_blocks_per_sm = 32,            /* PG, OCC */
    .regs_per_sm = 65536, .max_regs_per_block = 65536,
    .max_regs_per_thread = 255, .regs_per_thread_accepted = 256, /* PG; OCC checks 256 from major 7 */
    .reg_alloc_unit = 256, .reg_alloc_granularity = CUOCC_ALLOC_WARP, .warp_alloc_granularity = 4,
    .sub_partitions = 4,
    .smem_per_sm = KIB (96), .smem_configs = CONFIGS_VOLTA, .smem_config_aligns_up = TRUE, /* PG, XLS11 */
    .smem_per_block = KIB (48), .smem_per_block_optin = KIB (96), .smem_alloc_unit = 256, /* PG, DQ (V100) */
    .source = "PG 7.x; XLS11 GPU Data (sm_70); V100 deviceQuery; OCC",
  },
  {
    .major = 7, .minor = 2, .architecture = "Volta", .chips = "GV10B (Xavier)",
    .warp_size = 32, .max_threads_per_block = 1024,
    .max_warps_per_sm = 64, .max_blocks_per_sm = 32,            /* PG 11.x, OCC */
    .regs_per_sm = 65536, .max_regs_per_block = 65536,
    .max_regs_per_thread = 255, .regs_per_thread_accepted = 256,
    .reg_alloc_unit = 256, .reg_alloc_granularity = CUOCC_ALLOC_WARP, .warp_alloc_granularity = 4,
    .sub_partitions = 4,
    .smem_per_sm = KIB (96), .smem_configs = CONFIGS_VOLTA, .smem_config_aligns_up = TRUE,
    .smem_per_block = KIB (48), .smem_per_block_optin = KIB (96), .smem_alloc_unit = 256,
    .source = "PG 11.x compute capability 7.2 column; OCC",
    .notes = "Not in the Excel sheet; the older Programming Guide gives 7.2 the figures of 7.0.",
  },
  {
    .major = 7, .minor = 5, .architecture = "Turing", .chips = "TU102, TU104, TU106, TU116, TU117",
    .warp_size = 32, .max_threads_per_block = 1024,
    .max_warps_per_sm = 32, .max_blocks_per_sm = 16,            /* PG, XLS11, OCC */
    .regs_per_sm = 65536, .max_regs_per_block = 65536,
    .max_regs_per_thread = 255, .regs_per_thread_accepted = 256,
    .reg_alloc_unit = 256, .reg_alloc_granularity = CUOCC_ALLOC_WARP, .warp_alloc_granularity = 4,
    .sub_partitions = 4,
    .smem_per_sm = KIB (64), .smem_configs = { KIB (64), KIB (32) }, .n_smem_configs = 2,
    .smem_config_aligns_up = TRUE,
    .smem_per_block = KIB (48), .smem_per_block_optin = KIB (64), .smem_alloc_unit = 256,
    .source = "PG 7.x; XLS11 GPU Data (sm_75); T4 deviceQuery; OCC",
  },
  /* ----- Ampere and Ada: the runtime reserves 1 KB of each block's shared memory ----- */
  {
    .major = 8, .minor = 0, .architecture = "Ampere", .chips = "GA100",
    .warp_size = 32, .max_threads_per_block = 1024,
    .max_warps_per_sm = 64, .max_blocks_per_sm = 32,
    .regs_per_sm = 65536, .max_regs_per_block = 65536,
    .max_regs_per_thread = 255, .regs_per_thread_accepted = 256,
    .reg_alloc_unit = 256, .reg_alloc_granularity = CUOCC_ALLOC_WARP, .warp_alloc_granularity = 4,
    .sub_partitions = 4,
    .smem_per_sm = KIB (164), .smem_configs = CONFIGS_GA100, .smem_config_aligns_up = TRUE, /* PG 8.x */
    .smem_per_block = KIB (48), .smem_per_block_optin = KIB (163), /* PG: 163 KB; DQ (A100) 166912 */
    .smem_reserved_per_block = 1024, .smem_alloc_unit = 128,    /* PG, DQ, XLS11; OCC */
    .source = "PG 8.x; XLS11 GPU Data (sm_80); A100 deviceQuery; OCC",
  },
  {
    .major = 8, .minor = 6, .architecture = "Ampere", .chips = "GA102, GA103, GA104, GA106, GA107",
    .warp_size = 32, .max_threads_per_block = 1024,
    .max_warps_per_sm = 48, .max_blocks_per_sm = 16,
    .regs_per_sm = 65536, .max_regs_per_block = 65536,
    .max_regs_per_thread = 255, .regs_per_thread_accepted = 256,
    .reg_alloc_unit = 256, .reg_alloc_granularity = CUOCC_ALLOC_WARP, .warp_alloc_granularity = 4,
    .sub_partitions = 4,
    .smem_per_sm = KIB (100), .smem_configs = CONFIGS_GA10X, .smem_config_aligns_up = TRUE,
    .smem_per_block = KIB (48), .smem_per_block_optin = KIB (99), /* PG: 99 KB; DQ (RTX 3090) 101376 */
    .smem_reserved_per_block = 1024, .smem_alloc_unit = 128,
    .source = "PG 8.x; XLS11 GPU Data (sm_86); RTX 3090 deviceQuery; OCC",
    .notes = "The sheet adds the 1 KB runtime reservation for 8.0 only and lists no 0 KB "
             "configuration; the hardware reserves it on 8.6 too (reservedSharedMemPerBlock = 1024) "
             "and the Programming Guide lists 0 KB.",
  },
  {
    .major = 8, .minor = 7, .architecture = "Ampere", .chips = "GA10B (Orin)",
    .warp_size = 32, .max_threads_per_block = 1024,
    .max_warps_per_sm = 48, .max_blocks_per_sm = 16,            /* PG 12.x, OCC */
    .regs_per_sm = 65536, .max_regs_per_block = 65536,
    .max_regs_per_thread = 255, .regs_per_thread_accepted = 256,
    .reg_alloc_unit = 256, .reg_alloc_granularity = CUOCC_ALLOC_WARP, .warp_alloc_granularity = 4,
    .sub_partitions = 4,
    .smem_per_sm = KIB (164), .smem_configs = CONFIGS_GA100, .smem_config_aligns_up = TRUE, /* PG, OCC */
    .smem_per_block = KIB (48), .smem_per_block_optin = KIB (163),
    .smem_reserved_per_block = 1024, .smem_alloc_unit = 128,
    .source = "PG 12.x compute capability 8.7; Jetson AGX Orin deviceQuery; OCC",
  },
  {
    .major = 8, .minor = 9, .architecture = "Ada Lovelace", .chips = "AD102, AD103, AD104, AD106, AD107",
    .warp_size = 32, .max_threads_per_block = 1024,
    .max_warps_per_sm = 48, .max_blocks_per_sm = 24,            /* PG, OCC */
    .regs_per_sm = 65536, .max_regs_per_block = 65536,
    .max_regs_per_thread = 255, .regs_per_thread_accepted = 256,
    .reg_alloc_unit = 256, .reg_alloc_granularity = CUOCC_ALLOC_WARP, .warp_alloc_granularity = 4,
    .sub_partitions = 4,
    .smem_per_sm = KIB (100), .smem_configs = CONFIGS_GA10X, .smem_config_aligns_up = TRUE,
    .smem_per_block = KIB (48), .smem_per_block_optin = KIB (99),
    .smem_reserved_per_block = 1024, .smem_alloc_unit = 128,
    .source = "PG 12.x compute capability 8.9; RTX 4090 deviceQuery; OCC",
  },
  /* ----- Hopper and Blackwell: block barriers limit residency ----- */
  {
    .major = 9, .minor = 0, .architecture = "Hopper", .chips = "GH100",
    .warp_size = 32, .max_threads_per_block = 1024,
    .max_warps_per_sm = 64, .max_blocks_per_sm = 32,
    .regs_per_sm = 65536, .max_regs_per_block = 65536,
    .max_regs_per_thread = 255, .regs_per_thread_accepted = 256,
    .reg_alloc_unit = 256, .reg_alloc_granularity = CUOCC_ALLOC_WARP, .warp_alloc_granularity = 4,
    .sub_partitions = 4,
    .smem_per_sm = KIB (228), .smem_configs = CONFIGS_GH100, .smem_config_aligns_up = TRUE, /* PG 9.0 */
    .smem_per_block = KIB (48), .smem_per_block_optin = KIB (227), /* PG; DQ (H100) 232448 */
    .smem_reserved_per_block = 1024, .smem_alloc_unit = 128,
    .barriers_per_block_slot = 2,                               /* OCC: twice as many barriers as block slots */
    .source = "PG 12.x compute capability 9.0; H100 deviceQuery; OCC",
    .max_cluster_size = 16, .cluster_max_blocks_per_sm = 8,     /* PG: 8 portable, 16 non-portable */
    .cluster_cap_source = CLUSTER_CAP_GH100,
  },
  {
    .major = 10, .minor = 0, .architecture = "Blackwell", .chips = "GB100, GB102 (B200, GB200)",
    .warp_size = 32, .max_threads_per_block = 1024,
    .max_warps_per_sm = 64, .max_blocks_per_sm = 32,
    .regs_per_sm = 65536, .max_regs_per_block = 65536,
    .max_regs_per_thread = 255, .regs_per_thread_accepted = 256,
    .reg_alloc_unit = 256, .reg_alloc_granularity = CUOCC_ALLOC_WARP, .warp_alloc_granularity = 4,
    .sub_partitions = 4,
    .smem_per_sm = KIB (228), .smem_configs = CONFIGS_GH100, .smem_config_aligns_up = TRUE,
    .smem_per_block = KIB (48), .smem_per_block_optin = KIB (227),
    .smem_reserved_per_block = 1024, .smem_alloc_unit = 128,
    .barriers_per_block_slot = 2,
    .source = "PG 13.x compute capability 10.x; OCC",
    .max_cluster_size = 16, .cluster_max_blocks_per_sm = 8,
    .cluster_cap_source = "published for the B200: 1,184 clusters of 1 block on 148 SMs",
  },
  {
    .major = 10, .minor = 3, .architecture = "Blackwell Ultra", .chips = "GB110 (B300, GB300)",
    .warp_size = 32, .max_threads_per_block = 1024,
    .max_warps_per_sm = 64, .max_blocks_per_sm = 32,
    .regs_per_sm = 65536, .max_regs_per_block = 65536,
    .max_regs_per_thread = 255, .regs_per_thread_accepted = 256,
    .reg_alloc_unit = 256, .reg_alloc_granularity = CUOCC_ALLOC_WARP, .warp_alloc_granularity = 4,
    .sub_partitions = 4,
    .smem_per_sm = KIB (228), .smem_configs = CONFIGS_GH100, .smem_config_aligns_up = TRUE,
    .smem_per_block = KIB (48), .smem_per_block_optin = KIB (227),
    .smem_reserved_per_block = 1024, .smem_alloc_unit = 128,
    .barriers_per_block_slot = 2,
    .source = "PG 13.x compute capability 10.3; OCC",
    .max_cluster_size = 16, .cluster_max_blocks_per_sm = 8,     /* the cap: assumed as on 10.0 */
  },
  {
    /* Rubin's per-SM limits are not in any Programming Guide table read
     * (CUDA 13.0's stops at 12.x). NVIDIA states that SM107 runs the SM103
     * instruction set, so every figure no source gives is 10.3's, marked
     * assumed; the shared memory is CUTLASS's, NVIDIA's own library. */
    .major = 10, .minor = 7, .architecture = "Rubin", .chips = "the GPU of Vera Rubin",
    .warp_size = 32, .max_threads_per_block = 1024,             /* same as 10.3, assumed */
    .max_warps_per_sm = 64, .max_blocks_per_sm = 32,            /* same as 10.3, assumed */
    .regs_per_sm = 65536, .max_regs_per_block = 65536,          /* same as 10.3, assumed */
    .max_regs_per_thread = 255, .regs_per_thread_accepted = 256, /* same as 10.3, assumed */
    .reg_alloc_unit = 256, .reg_alloc_granularity = CUOCC_ALLOC_WARP, .warp_alloc_granularity = 4,
    .sub_partitions = 4,                                        /* same as 10.3, assumed */
    .smem_per_sm = KIB (328), .smem_configs = CONFIGS_RUBIN, .smem_config_aligns_up = TRUE,
    /* CUTLASS python/CuTeDSL/cutlass/utils/rubin_helpers.py (NVIDIA/cutlass
     * cdcf8d86): "SMEM capacity: 334848 bytes (328 KB)", the most a block
     * may opt in to, as its 232448 is for 10.0; per SM the 1 KB reservation
     * more, as on every compute capability since 8.0 (assumed). */
    .smem_per_block = KIB (48), .smem_per_block_optin = 334848,
    .smem_reserved_per_block = 1024, .smem_alloc_unit = 128,    /* same as 10.3, assumed */
    .barriers_per_block_slot = 2,                               /* same as 10.3, assumed */
    .source = "CUDA 13.4 (compute capability 10.7, sm_107); CUTLASS rubin_helpers.py (NVIDIA/cutlass "
              "cdcf8d86) for the shared memory a block may opt in to (334848 bytes); cuBLASDx 0.8.0 "
              "release notes: SM107 uses the SM103 instruction set",
    .notes = "No Programming Guide table read gives 10.7's limits. Every figure marked * is assumed "
             "the same as 10.3's; shared memory per SM is CUTLASS's 334848 bytes per block plus the "
             "1 KB reservation (assumed), and the carveout steps are 10.x's and the whole 328 KB "
             "(assumed).",
    .max_cluster_size = 16, .cluster_max_blocks_per_sm = 8,     /* same as 10.3, assumed */
    .assumed_figures = FIG (WARP_SIZE) | FIG (MAX_THREADS_PER_BLOCK) | FIG (MAX_WARPS_PER_SM)
                       | FIG (MAX_THREADS_PER_SM) | FIG (MAX_BLOCKS_PER_SM) | FIG (REGS_PER_SM)
                       | FIG (MAX_REGS_PER_BLOCK) | FIG (MAX_REGS_PER_THREAD) | FIG (REG_ALLOC_UNIT)
                       | FIG (WARP_ALLOC_GRANULARITY) | FIG (SUB_PARTITIONS) | FIG (SMEM_PER_SM)
                       | FIG (SMEM_PER_BLOCK) | FIG (SMEM_RESERVED_PER_BLOCK) | FIG (SMEM_ALLOC_UNIT)
                       | FIG (BARRIERS_PER_SM) | FIG (MAX_CLUSTER_SIZE) | FIG (CLUSTER_BLOCKS_PER_SM),
  },
  {
    .major = 11, .minor = 0, .architecture = "Blackwell", .chips = "GB10B (Jetson Thor)",
    .warp_size = 32, .max_threads_per_block = 1024,
    .max_warps_per_sm = 48, .max_blocks_per_sm = 24,            /* PG 13.x, OCC */
    .regs_per_sm = 65536, .max_regs_per_block = 65536,
    .max_regs_per_thread = 255, .regs_per_thread_accepted = 256,
    .reg_alloc_unit = 256, .reg_alloc_granularity = CUOCC_ALLOC_WARP, .warp_alloc_granularity = 4,
    .sub_partitions = 4,
    .smem_per_sm = KIB (228), .smem_configs = CONFIGS_GH100, .smem_config_aligns_up = TRUE,
    .smem_per_block = KIB (48), .smem_per_block_optin = KIB (227),
    .smem_reserved_per_block = 1024, .smem_alloc_unit = 128,
    .barriers_per_block_slot = 1,                               /* OCC: one barrier per block slot */
    .source = "PG 13.x compute capability 11.0; OCC",
    .notes = "The sources read do not state the runtime's reservation for 11.0; cuocc assumes the "
             "1 KB of every compute capability since 8.0.",
    .max_cluster_size = 8, .cluster_max_blocks_per_sm = 8,      /* PG: no non-portable sizes; the cap assumed */
  },
  {
    .major = 12, .minor = 0, .architecture = "Blackwell", .chips = "GB202, GB203, GB205, GB206, GB207",
    .warp_size = 32, .max_threads_per_block = 1024,
    .max_warps_per_sm = 48, .max_blocks_per_sm = 24,
    .regs_per_sm = 65536, .max_regs_per_block = 65536,
    .max_regs_per_thread = 255, .regs_per_thread_accepted = 256,
    .reg_alloc_unit = 256, .reg_alloc_granularity = CUOCC_ALLOC_WARP, .warp_alloc_granularity = 4,
    .sub_partitions = 4,
    .smem_per_sm = KIB (100), .smem_configs = CONFIGS_GA10X, .smem_config_aligns_up = TRUE,
    .smem_per_block = KIB (48), .smem_per_block_optin = KIB (99), /* PG; DQ (RTX 5090) 101376 */
    .smem_reserved_per_block = 1024, .smem_alloc_unit = 128,
    .barriers_per_block_slot = 1,
    .source = "PG 13.x compute capability 12.x; RTX 5090 deviceQuery; OCC",
    .max_cluster_size = 8, .cluster_max_blocks_per_sm = 8,
  },
  {
    .major = 12, .minor = 1, .architecture = "Blackwell", .chips = "GB10 (DGX Spark)",
    .warp_size = 32, .max_threads_per_block = 1024,
    .max_warps_per_sm = 48, .max_blocks_per_sm = 24,
    .regs_per_sm = 65536, .max_regs_per_block = 65536,
    .max_regs_per_thread = 255, .regs_per_thread_accepted = 256,
    .reg_alloc_unit = 256, .reg_alloc_granularity = CUOCC_ALLOC_WARP, .warp_alloc_granularity = 4,
    .sub_partitions = 4,
    .smem_per_sm = KIB (100), .smem_configs = CONFIGS_GA10X, .smem_config_aligns_up = TRUE,
    .smem_per_block = KIB (48), .smem_per_block_optin = KIB (99),
    .smem_reserved_per_block = 1024, .smem_alloc_unit = 128,
    .barriers_per_block_slot = 1,
    .source = "PG 13.x compute capability 12.x; GB10 deviceQuery; OCC",
    .max_cluster_size = 8, .cluster_max_blocks_per_sm = 8,
  },
};

#define DQ_LOG "deviceQuery output captured on the hardware (public logs)"
/* The SM count is the CUDA core count of NVIDIA's product page or
 * whitepaper divided by the cores per SM of the architecture. */
#define CORES(n, per_sm) "SPEC: " #n " cores, " #per_sm " per SM"
/* Where no public source gives the SM count, the entry says what it is
 * assumed from. */
#define ASSUMED(why) "SM count ASSUMED, not sourced: " why

static const char *const h100_sxm5_driver_names[] = { "NVIDIA H100 80GB HBM3", NULL };

static const CuoccProduct products[] = {
  /* Tesla */
  { "NVIDIA GeForce 8800 GTX", 1, 0, 16, "SPEC: 128 cores, 8 per SM" },
  { "NVIDIA Quadro FX 4600", 1, 0, 12, DQ_LOG },
  { "NVIDIA GeForce 9800 GTX", 1, 1, 16, "SPEC: 128 cores, 8 per SM" },
  { "NVIDIA GeForce GT 240", 1, 2, 12, "SPEC: 96 cores, 8 per SM" },
  { "NVIDIA GeForce GTX 280", 1, 3, 30, "SPEC: 240 cores, 8 per SM" },
  { "NVIDIA Tesla C1060", 1, 3, 30, "SPEC: 240 cores, 8 per SM" },
  /* Fermi */
  { "NVIDIA GeForce GTX 480", 2, 0, 15, "SPEC: 480 cores, 32 per SM" },
  { "NVIDIA GeForce GTX 580", 2, 0, 16, "SPEC: 512 cores, 32 per SM" },
  { "NVIDIA Tesla C2050", 2, 0, 14, "SPEC: 448 cores, 32 per SM" },
  { "NVIDIA Tesla M2090", 2, 0, 16, "SPEC: 512 cores, 32 per SM" },
  { "NVIDIA GeForce GTX 460", 2, 1, 7, "SPEC: 336 cores, 48 per SM" },
  /* Kepler */
  { "NVIDIA GeForce GTX 680", 3, 0, 8, "SPEC: 1536 cores, 192 per SMX" },
  { "NVIDIA Tesla K10 (per GPU)", 3, 0, 8, "SPEC: 1536 cores per GPU, 192 per SMX" },
  { "NVIDIA Jetson TK1", 3, 2, 1, "SPEC: 192 cores, 192 per SMX; " DQ_LOG },
  { "NVIDIA Tesla K20X", 3, 5, 14, "SPEC: 2688 cores, 192 per SMX" },
  { "NVIDIA Tesla K40", 3, 5, 15, "SPEC: 2880 cores, 192 per SMX" },
  { "NVIDIA GeForce GTX TITAN", 3, 5, 14, "SPEC: 2688 cores, 192 per SMX" },
  { "NVIDIA Tesla K80 (per GPU)", 3, 7, 13, "SPEC: 2496 cores per GPU, 192 per SMX; " DQ_LOG },
  /* Maxwell */
  { "NVIDIA GeForce GTX 750 Ti", 5, 0, 5, "SPEC: 640 cores, 128 per SM" },
  { "NVIDIA GeForce GTX 970", 5, 2, 13, "SPEC: 1664 cores, 128 per SM" },
  { "NVIDIA GeForce GTX 980", 5, 2, 16, "SPEC: 2048 cores, 128 per SM" },
  { "NVIDIA GeForce GTX 980 Ti", 5, 2, 22, "SPEC: 2816 cores, 128 per SM" },
  { "NVIDIA GeForce GTX TITAN X", 5, 2, 24, "SPEC: 3072 cores, 128 per SM" },
  { "NVIDIA Tesla M40", 5, 2, 24, "SPEC: 3072 cores, 128 per SM" },
  { "NVIDIA Tesla M60 (per GPU)", 5, 2, 16, DQ_LOG },
  { "NVIDIA Jetson TX1", 5, 3, 2, "SPEC: 256 cores, 128 per SM" },
  { "NVIDIA Jetson Nano", 5, 3, 1, "SPEC: 128 cores, 128 per SM" },
  /* Pascal */
  { "NVIDIA Tesla P100 SXM2", 6, 0, 56, "SPEC: 3584 cores, 64 per SM" },
  { "NVIDIA Tesla P100 PCIe", 6, 0, 56, "SPEC: 3584 cores, 64 per SM" },
  { "NVIDIA GeForce GTX 1050 Ti", 6, 1, 6, "SPEC: 768 cores, 128 per SM" },
  { "NVIDIA GeForce GTX 1060 6GB", 6, 1, 10, "SPEC: 1280 cores, 128 per SM" },
  { "NVIDIA GeForce GTX 1070", 6, 1, 15, "SPEC: 1920 cores, 128 per SM (a deviceQuery log with 16 SMs is of the notebook part)" },
  { "NVIDIA GeForce GTX 1080", 6, 1, 20, "SPEC: 2560 cores, 128 per SM" },
  { "NVIDIA GeForce GTX 1080 Ti", 6, 1, 28, "SPEC: 3584 cores, 128 per SM" },
  { "NVIDIA TITAN Xp", 6, 1, 30, "SPEC: 3840 cores, 128 per SM" },
  { "NVIDIA Tesla P4", 6, 1, 20, "SPEC: 2560 cores, 128 per SM" },
  { "NVIDIA Tesla P40", 6, 1, 30, "SPEC: 3840 cores, 128 per SM" },
  { "NVIDIA Jetson TX2", 6, 2, 2, "SPEC: 256 cores, 128 per SM" },
  /* Volta and Turing */
  { "NVIDIA Tesla V100 SXM2", 7, 0, 80, DQ_LOG },
  { "NVIDIA Tesla V100 PCIe", 7, 0, 80, DQ_LOG },
  { "NVIDIA TITAN V", 7, 0, 80, "SPEC: 5120 cores, 64 per SM" },
  { "NVIDIA Jetson AGX Xavier", 7, 2, 8, "SPEC: 512 cores, 64 per SM" },
  { "NVIDIA Jetson Xavier NX", 7, 2, 6, "SPEC: 384 cores, 64 per SM" },
  { "NVIDIA Tesla T4", 7, 5, 40, DQ_LOG },
  { "NVIDIA GeForce GTX 1650", 7, 5, 14, "SPEC: 896 cores, 64 per SM" },
  { "NVIDIA GeForce GTX 1650 SUPER", 7, 5, 20, CORES (1280, 64) },
  { "NVIDIA GeForce GTX 1660 SUPER", 7, 5, 22, CORES (1408, 64) },
  { "NVIDIA GeForce RTX 2060 SUPER", 7, 5, 34, CORES (2176, 64) },
  { "NVIDIA GeForce RTX 2080 SUPER", 7, 5, 48, CORES (3072, 64) },
  { "NVIDIA GeForce RTX 2060", 7, 5, 30, "SPEC: 1920 cores, 64 per SM" },
  { "NVIDIA GeForce RTX 2070 SUPER", 7, 5, 40, DQ_LOG },
  { "NVIDIA GeForce RTX 2080", 7, 5, 46, "SPEC: 2944 cores, 64 per SM" },
  { "NVIDIA GeForce RTX 2080 Ti", 7, 5, 68, DQ_LOG },
  { "NVIDIA TITAN RTX", 7, 5, 72, DQ_LOG },
  { "NVIDIA Quadro RTX 6000", 7, 5, 72, "SPEC: 4608 cores, 64 per SM" },
  /* Ampere */
  { "NVIDIA A100 SXM4", 8, 0, 108, DQ_LOG "; NVIDIA A100 whitepaper" },
  { "NVIDIA A100 PCIe", 8, 0, 108, DQ_LOG },
  { "NVIDIA A30", 8, 0, 56, "SPEC: 3584 cores, 64 per SM" },
  { "NVIDIA A10", 8, 6, 72, "SPEC: 9216 cores, 128 per SM" },
  { "NVIDIA A40", 8, 6, 84, "SPEC: 10752 cores, 128 per SM" },
  { "NVIDIA RTX A6000", 8, 6, 84, DQ_LOG },
  { "NVIDIA GeForce RTX 3060", 8, 6, 28, "SPEC: 3584 cores, 128 per SM" },
  { "NVIDIA GeForce RTX 3060 Ti", 8, 6, 38, CORES (4864, 128) },
  { "NVIDIA GeForce RTX 3070", 8, 6, 46, "SPEC: 5888 cores, 128 per SM" },
  { "NVIDIA GeForce RTX 3080", 8, 6, 68, DQ_LOG },
  { "NVIDIA GeForce RTX 3080 Laptop GPU", 8, 6, 48, DQ_LOG },
  { "NVIDIA GeForce RTX 3080 Ti", 8, 6, 80, CORES (10240, 128) },
  { "NVIDIA GeForce RTX 3090", 8, 6, 82, DQ_LOG },
  { "NVIDIA GeForce RTX 2050", 8, 6, 16, DQ_LOG },
  { "NVIDIA Jetson AGX Orin 64GB", 8, 7, 16, DQ_LOG },
  { "NVIDIA Jetson AGX Orin 32GB", 8, 7, 14, CORES (1792, 128) " (Jetson Orin module data sheet)" },
  { "NVIDIA Jetson Orin NX 8GB", 8, 7, 8, CORES (1024, 128) " (Jetson Orin module data sheet)" },
  { "NVIDIA Jetson Orin NX 16GB", 8, 7, 8, DQ_LOG },
  { "NVIDIA Jetson Orin Nano 8GB", 8, 7, 8, "SPEC: 1024 cores, 128 per SM (one public deviceQuery log shows 4)" },
  { "NVIDIA Jetson Orin Nano 4GB", 8, 7, 4, CORES (512, 128) " (Jetson Orin module data sheet)" },
  /* Ada */
  { "NVIDIA GeForce RTX 4060", 8, 9, 24, "SPEC: 3072 cores, 128 per SM" },
  { "NVIDIA GeForce RTX 4060 Ti", 8, 9, 34, CORES (4352, 128) },
  { "NVIDIA GeForce RTX 4070", 8, 9, 46, "SPEC: 5888 cores, 128 per SM" },
  { "NVIDIA GeForce RTX 4070 SUPER", 8, 9, 56, CORES (7168, 128) },
  { "NVIDIA GeForce RTX 4070 Ti", 8, 9, 60, CORES (7680, 128) },
  { "NVIDIA GeForce RTX 4070 Ti SUPER", 8, 9, 66, CORES (8448, 128) },
  { "NVIDIA GeForce RTX 4080", 8, 9, 76, "SPEC: 9728 cores, 128 per SM" },
  { "NVIDIA GeForce RTX 4080 SUPER", 8, 9, 80, CORES (10240, 128) },
  { "NVIDIA GeForce RTX 4090", 8, 9, 128, DQ_LOG },
  { "NVIDIA L4", 8, 9, 58, DQ_LOG },
  { "NVIDIA L40", 8, 9, 142, "SPEC: 18176 cores, 128 per SM" },
  { "NVIDIA L40S", 8, 9, 142, DQ_LOG },
  { "NVIDIA L20", 8, 9, 92, ASSUMED ("11776 CUDA cores as reported for the L20 (no NVIDIA data sheet found), 128 per SM") },
  { "NVIDIA RTX 6000 Ada Generation", 8, 9, 142, "SPEC: 18176 cores, 128 per SM" },
  /* Hopper */
  { "NVIDIA H100 SXM5", 9, 0, 132, DQ_LOG " (NVIDIA H100 80GB HBM3)", h100_sxm5_driver_names },
  { "NVIDIA H100 PCIe", 9, 0, 114, DQ_LOG },
  { "NVIDIA H100 NVL", 9, 0, 132, "SPEC: 16896 cores, 128 per SM" },
  { "NVIDIA H200", 9, 0, 132, "SPEC: 16896 cores, 128 per SM" },
  { "NVIDIA GH200", 9, 0, 132, DQ_LOG },
  { "NVIDIA H800 SXM5", 9, 0, 132, ASSUMED ("the H100 SXM5's 132; the H800 is the H100 with less NVLink bandwidth") },
  { "NVIDIA H800 PCIe", 9, 0, 114, ASSUMED ("the H100 PCIe's 114; the H800 is the H100 with less NVLink bandwidth") },
  { "NVIDIA H20", 9, 0, 78, ASSUMED ("78, as reported for the H20 (no NVIDIA data sheet gives it)") },
  /* Blackwell */
  { "NVIDIA B200", 10, 0, 148, "cudaGetDeviceProperties output in public code (multi_processor_count=148)" },
  { "NVIDIA B300", 10, 3, 148, "cudaGetDeviceProperties output in public benchmark notes" },
  { "NVIDIA GB200", 10, 0, 148, ASSUMED ("the B200's 148; public sources disagree (148 in test properties, 152 in a note)") },
  { "NVIDIA GB300", 10, 3, 148, ASSUMED ("the B300's 148") },
  /* Rubin: the SM count as NVIDIA's "Inside the NVIDIA Rubin Platform" blog
   * (January 2026) gives it, quoted in public notes; not read first-hand. */
  { "NVIDIA Rubin", 10, 7, 224, "NVIDIA Technical Blog, Inside the NVIDIA Rubin Platform (2026): 224 SMs, as quoted in public notes" },
  { "NVIDIA Jetson AGX Thor", 11, 0, 20, DQ_LOG },
  { "NVIDIA Jetson T5000", 11, 0, 20, CORES (2560, 128) " (the Jetson AGX Thor's module)" },
  { "NVIDIA Jetson T4000", 11, 0, 12, CORES (1536, 128) " (NVIDIA blog: Jetson T4000 and JetPack 7.1, 2026)" },
  { "NVIDIA GeForce RTX 5050", 12, 0, 20, CORES (2560, 128) },
  { "NVIDIA GeForce RTX 5060", 12, 0, 30, CORES (3840, 128) },
  { "NVIDIA GeForce RTX 5060 Ti", 12, 0, 36, CORES (4608, 128) },
  { "NVIDIA GeForce RTX 5070", 12, 0, 48, "SPEC: 6144 cores, 128 per SM" },
  { "NVIDIA GeForce RTX 5070 Ti", 12, 0, 70, CORES (8960, 128) },
  { "NVIDIA GeForce RTX 5080", 12, 0, 84, "SPEC: 10752 cores, 128 per SM" },
  { "NVIDIA GeForce RTX 5090", 12, 0, 170, DQ_LOG },
  { "NVIDIA RTX PRO 6000 Blackwell", 12, 0, 188, "SPEC: 24064 cores, 128 per SM" },
  { "NVIDIA GB10 (DGX Spark)", 12, 1, 48, DQ_LOG },
};

/* Max active clusters on the whole GPU, measured: one entry per product
 * family. Rows are the blocks per SM under a cluster launch (1 to 8),
 * columns the cluster size (1 to 16). */
static const CuoccClusterTable cluster_tables[] = {
  {
    .family = "GH100, 132 SMs",
    .major = 9, .minor = 0, .sm_count = 132,
    .products = { "NVIDIA H100 SXM5", "NVIDIA H100 NVL", "NVIDIA H200", "NVIDIA GH200" },
    /* The same table on both GPUs for 108 kernels of different registers,
     * shared memory and block sizes; real cluster launches ran that many. */
    .source = "cudaOccupancyMaxActiveClusters on an H100 SXM and an H200, driver 580",
    .clusters = {
      {  132,   66,   39,   30,   22,   17,   15,   15,    9,    7,    7,    7,    7,    7,    7,    7 }, /* 1 per SM */
      {  264,  132,   79,   62,   47,   39,   32,   30,   23,   21,   16,   16,   14,   14,   14,   14 }, /* 2 per SM */
      {  396,  198,  124,   92,   69,   62,   47,   45,   37,   30,   28,   28,   23,   21,   21,   21 }, /* 3 per SM */
      {  528,  264,  163,  124,   94,   79,   69,   62,   51,   44,   37,   37,   30,   30,   28,   28 }, /* 4 per SM */
      {  660,  330,  203,  154,  124,  101,   84,   77,   60,   58,   51,   44,   42,   37,   37,   35 }, /* 5 per SM */
      {  792,  396,  248,  186,  146,  124,  101,   92,   74,   65,   58,   58,   51,   44,   44,   42 }, /* 6 per SM */
      {  924,  462,  287,  216,  171,  141,  124,  107,   88,   79,   72,   65,   58,   58,   51,   49 }, /* 7 per SM */
      { 1056,  528,  327,  248,  193,  163,  139,  124,  102,   88,   81,   74,   67,   65,   58,   58 }, /* 8 per SM */
    },
  },
};

/**
 * cuocc_cluster_tables:
 * @n_tables: (out) (optional): the number of tables
 *
 * The tables of max active clusters measured on real GPUs, each for the
 * products it names.
 *
 * Returns: (transfer none) (array length=n_tables): the tables
 */
const CuoccClusterTable *
cuocc_cluster_tables (guint *n_tables)
{
  if (n_tables != NULL)
    *n_tables = G_N_ELEMENTS (cluster_tables);
  return cluster_tables;
}

/**
 * cuocc_capabilities:
 * @n_capabilities: (out) (optional): the number of compute capabilities
 *
 * Every compute capability cuocc knows, in ascending order, each figure with
 * its source.
 *
 * Returns: (transfer none) (array length=n_capabilities): the capabilities
 */
const CuoccCapability *
cuocc_capabilities (guint *n_capabilities)
{
  if (n_capabilities != NULL)
    *n_capabilities = G_N_ELEMENTS (capabilities);
  return capabilities;
}

/**
 * cuocc_products:
 * @n_products: (out) (optional): the number of products
 *
 * Every GPU product cuocc knows, with its compute capability and SM count.
 *
 * Returns: (transfer none) (array length=n_products): the products
 */
const CuoccProduct *
cuocc_products (guint *n_products)
{
  if (n_products != NULL)
    *n_products = G_N_ELEMENTS (products);
  return products;
}
