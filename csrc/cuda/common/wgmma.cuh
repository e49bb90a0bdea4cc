// Warpgroup MMA (wgmma, sm_90a) on operands in swizzled shared memory: the
// matrix descriptors that tell the tensor cores where a tile lies, and one wrapper per
// instruction shape the `wgmma` family issues (m64 x n{64,128,192,256} x 32 bytes of K, and
// n{32,80,96,112,144,160} for the 16-bit types' C^T tiles), with both operands in shared memory or (TF32)
// A in registers.
#pragma once

#include "ptx_sm90.cuh"

#include <c10/util/BFloat16.h>
#include <c10/util/Half.h>

#include <cstdint>
#include <type_traits>

namespace tiledmm::cuda {

// Shared-memory matrix descriptor (PTX ISA, "matrix descriptor format") for a tile that the
// TMA unit wrote with kSwizzleBytes-swizzling (128, 64 or 32): rows of that many bytes,
// XOR-swizzled in groups of 8 rows, so the tile's base must be aligned to 8 rows.
//   K-major operand (rows run along M/N, 128 bytes of K each; 128-byte swizzle only):
//     `core_group_stride` = 1024 bytes between groups of 8 rows; `leading_stride` is unused.
//   MN-major operand (rows run along K, kSwizzleBytes of M/N each): `core_group_stride` =
//     8 rows between groups of 8 k-rows, `leading_stride` = bytes between the
//     [k][kSwizzleBytes] blocks that hold consecutive runs of M/N.
// Stepping the start address through a 128-byte row (K-major) or by whole 8-row groups
// (MN-major) selects the next k slice; the hardware applies the swizzle to the sum.
template <int kSwizzleBytes = 128>
__device__ __forceinline__ uint64_t swizzled_smem_descriptor(const void* tile, uint32_t leading_stride,
                                                             uint32_t core_group_stride) {
  static_assert(kSwizzleBytes == 128 || kSwizzleBytes == 64 || kSwizzleBytes == 32, "swizzles of 128, 64 or 32 bytes");
  constexpr uint64_t kLayoutType = kSwizzleBytes == 128 ? 1 : kSwizzleBytes == 64 ? 2 : 3;  // bits 62-63
  return static_cast<uint64_t>((shared_address(tile) & 0x3FFFF) >> 4) |
         static_cast<uint64_t>((leading_stride >> 4) & 0x3FFF) << 16 |
         static_cast<uint64_t>((core_group_stride >> 4) & 0x3FFF) << 32 | kLayoutType << 62;
}

// The register lists of the m64nN accumulators: N / 2 floats per thread.
#define TILEDMM_ACC8(d, i)                                                                    \
  "+f"(d[(i) + 0]), "+f"(d[(i) + 1]), "+f"(d[(i) + 2]), "+f"(d[(i) + 3]), "+f"(d[(i) + 4]), \
      "+f"(d[(i) + 5]), "+f"(d[(i) + 6]), "+f"(d[(i) + 7])
#define TILEDMM_ACC16(d, i) TILEDMM_ACC8(d, (i) + 0), TILEDMM_ACC8(d, (i) + 8)
#define TILEDMM_ACC40(d, i) TILEDMM_ACC8(d, (i) + 0), TILEDMM_ACC16(d, (i) + 8), TILEDMM_ACC16(d, (i) + 24)
#define TILEDMM_ACC32(d, i) \
  TILEDMM_ACC8(d, (i) + 0), TILEDMM_ACC8(d, (i) + 8), TILEDMM_ACC8(d, (i) + 16), TILEDMM_ACC8(d, (i) + 24)
#define TILEDMM_ACC64(d, i) TILEDMM_ACC32(d, (i) + 0), TILEDMM_ACC32(d, (i) + 32)
#define TILEDMM_ACC48(d) TILEDMM_ACC32(d, 0), TILEDMM_ACC16(d, 32)
#define TILEDMM_ACC56(d) TILEDMM_ACC48(d), TILEDMM_ACC8(d, 48)
#define TILEDMM_ACC72(d) TILEDMM_ACC64(d, 0), TILEDMM_ACC8(d, 64)
#define TILEDMM_ACC96(d) TILEDMM_ACC64(d, 0), TILEDMM_ACC32(d, 64)
#define TILEDMM_ACC80(d) TILEDMM_ACC64(d, 0), TILEDMM_ACC16(d, 64)
#define TILEDMM_ACC128(d) TILEDMM_ACC64(d, 0), TILEDMM_ACC64(d, 64)
#define TILEDMM_REGS16 "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15"
#define TILEDMM_REGS40 \
  "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, " \
  "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, " \
  "%32, %33, %34, %35, %36, %37, %38, %39"
#define TILEDMM_REGS32 \
  "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, " \
  "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31"
#define TILEDMM_REGS64 \
  "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, " \
  "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, " \
  "%32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, " \
  "%48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63"
#define TILEDMM_REGS48 \
  "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, " \
  "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, " \
  "%32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47"
#define TILEDMM_REGS56 \
  "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, " \
  "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, " \
  "%32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, " \
  "%48, %49, %50, %51, %52, %53, %54, %55"
#define TILEDMM_REGS72 \
  "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, " \
  "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, " \
  "%32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, " \
  "%48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, " \
  "%64, %65, %66, %67, %68, %69, %70, %71"
#define TILEDMM_REGS80 \
  "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, " \
  "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, " \
  "%32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, " \
  "%48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, " \
  "%64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79"
#define TILEDMM_REGS96 \
  "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, " \
  "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, " \
  "%32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, " \
  "%48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, " \
  "%64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79, " \
  "%80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91, %92, %93, %94, %95"
#define TILEDMM_REGS128 \
  "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, " \
  "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, " \
  "%32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, " \
  "%48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, " \
  "%64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79, " \
  "%80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91, %92, %93, %94, %95, " \
  "%96, %97, %98, %99, %100, %101, %102, %103, %104, %105, %106, %107, %108, %109, %110, %111, " \
  "%112, %113, %114, %115, %116, %117, %118, %119, %120, %121, %122, %123, %124, %125, %126, %127"

// One wgmma: D (+)= A * B with A, B described in shared memory; `scale_d` = 0 overwrites D
// (the first k slice of a tile). 16-bit types take transpose flags (MN-major operands);
// TF32 takes none: both of its operands must be K-major.
#define TILEDMM_WGMMA(shape, regs, a, b, scale, transposes)                     \
  "{\n.reg .pred p;\nsetp.ne.b32 p, " scale ", 0;\nwgmma.mma_async.sync.aligned." shape \
  " {" regs "}, " a ", " b ", p, 1, 1" transposes ";\n}\n"
#define TILEDMM_WGMMA_INPUTS "l"(desc_a), "l"(desc_b), "r"(scale_d), "n"(kTransA), "n"(kTransB)

// One 16-bit wgmma of N = n (a string) with its accumulator registers: bfloat16 or float16 by T.
#define TILEDMM_WGMMA_16BIT(n, regs, acc, a, b, scale, transposes)                                      \
  if constexpr (std::is_same_v<T, c10::BFloat16>) {                                                     \
    asm volatile(TILEDMM_WGMMA("m64n" n "k16.f32.bf16.bf16", regs, a, b, scale, transposes)             \
                 : acc : TILEDMM_WGMMA_INPUTS);                                                         \
  } else {                                                                                              \
    asm volatile(TILEDMM_WGMMA("m64n" n "k16.f32.f16.f16", regs, a, b, scale, transposes)               \
                 : acc : TILEDMM_WGMMA_INPUTS);                                                         \
  }
// One TF32 wgmma (k8, no transpose flags).
#define TILEDMM_WGMMA_TF32(n, regs, acc, a, b, scale) \
  asm volatile(TILEDMM_WGMMA("m64n" n "k8.f32.tf32.tf32", regs, a, b, scale, "") : acc : TILEDMM_WGMMA_INPUTS);

// T: c10::BFloat16, c10::Half, or float (computed as TF32). kN: 64, 128, 192 or 256; 32, 80,
// 96, 112, 144 or 160 for the 16-bit types.
template <typename T, int kN, int kTransA, int kTransB>
__device__ __forceinline__ void wgmma_async(float (&d)[kN / 2], uint64_t desc_a, uint64_t desc_b,
                                            int scale_d) {
  constexpr bool kTf32 = std::is_same_v<T, float>;
  static_assert(kN == 64 || kN == 128 || kN == 192 || kN == 256 ||
                    (!kTf32 && (kN == 32 || kN == 80 || kN == 96 || kN == 112 || kN == 144 || kN == 160)),
                "wgmma_async: N is 64, 128, 192 or 256, or 32, 80, 96, 112, 144 or 160 for 16-bit types");
  static_assert(!kTf32 || (kTransA == 0 && kTransB == 0), "TF32 wgmma reads K-major operands only");
#ifdef TILEDMM_SM90A_DEVICE
  if constexpr (kN == 32) {
    TILEDMM_WGMMA_16BIT("32", TILEDMM_REGS16, TILEDMM_ACC16(d, 0), "%16", "%17", "%18", ", %19, %20")
  } else if constexpr (kN == 80) {
    TILEDMM_WGMMA_16BIT("80", TILEDMM_REGS40, TILEDMM_ACC40(d, 0), "%40", "%41", "%42", ", %43, %44")
  } else if constexpr (kN == 96) {
    TILEDMM_WGMMA_16BIT("96", TILEDMM_REGS48, TILEDMM_ACC48(d), "%48", "%49", "%50", ", %51, %52")
  } else if constexpr (kN == 112) {
    TILEDMM_WGMMA_16BIT("112", TILEDMM_REGS56, TILEDMM_ACC56(d), "%56", "%57", "%58", ", %59, %60")
  } else if constexpr (kN == 144) {
    TILEDMM_WGMMA_16BIT("144", TILEDMM_REGS72, TILEDMM_ACC72(d), "%72", "%73", "%74", ", %75, %76")
  } else if constexpr (kN == 160) {
    TILEDMM_WGMMA_16BIT("160", TILEDMM_REGS80, TILEDMM_ACC80(d), "%80", "%81", "%82", ", %83, %84")
  } else if constexpr (kN == 64) {
    if constexpr (kTf32) {
      TILEDMM_WGMMA_TF32("64", TILEDMM_REGS32, TILEDMM_ACC32(d, 0), "%32", "%33", "%34")
    } else {
      TILEDMM_WGMMA_16BIT("64", TILEDMM_REGS32, TILEDMM_ACC32(d, 0), "%32", "%33", "%34", ", %35, %36")
    }
  } else if constexpr (kN == 128) {
    if constexpr (kTf32) {
      TILEDMM_WGMMA_TF32("128", TILEDMM_REGS64, TILEDMM_ACC64(d, 0), "%64", "%65", "%66")
    } else {
      TILEDMM_WGMMA_16BIT("128", TILEDMM_REGS64, TILEDMM_ACC64(d, 0), "%64", "%65", "%66", ", %67, %68")
    }
  } else if constexpr (kN == 192) {
    if constexpr (kTf32) {
      TILEDMM_WGMMA_TF32("192", TILEDMM_REGS96, TILEDMM_ACC96(d), "%96", "%97", "%98")
    } else {
      TILEDMM_WGMMA_16BIT("192", TILEDMM_REGS96, TILEDMM_ACC96(d), "%96", "%97", "%98", ", %99, %100")
    }
  } else {
    if constexpr (kTf32) {
      TILEDMM_WGMMA_TF32("256", TILEDMM_REGS128, TILEDMM_ACC128(d), "%128", "%129", "%130")
    } else {
      TILEDMM_WGMMA_16BIT("256", TILEDMM_REGS128, TILEDMM_ACC128(d), "%128", "%129", "%130", ", %131, %132")
    }
  }
#else
  __trap();  // sm_90a only: the planner never launches the wgmma family elsewhere
#endif
}

#define TILEDMM_WGMMA_RS_INPUTS "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(desc_b), "r"(scale_d)

// One TF32 wgmma with A from registers: the m64k8 fragment, whose thread (warp w, lane)
// holds A rows 16w + lane / 4 and that + 8 at k = lane % 4 and that + 4, in the order
// a[0] = (row, k), a[1] = (row + 8, k), a[2] = (row, k + 4), a[3] = (row + 8, k + 4).
// B is K-major in shared memory, as for every TF32 wgmma.
template <int kN>
__device__ __forceinline__ void wgmma_tf32_register_a_async(float (&d)[kN / 2], const uint32_t (&a)[4],
                                                            uint64_t desc_b, int scale_d) {
  static_assert(kN == 64 || kN == 128 || kN == 192 || kN == 256,
                "wgmma_tf32_register_a_async: N is 64, 128, 192 or 256");
#ifdef TILEDMM_SM90A_DEVICE
  if constexpr (kN == 64) {
    asm volatile(TILEDMM_WGMMA("m64n64k8.f32.tf32.tf32", TILEDMM_REGS32, "{%32, %33, %34, %35}", "%36", "%37", "")
                 : TILEDMM_ACC32(d, 0) : TILEDMM_WGMMA_RS_INPUTS);
  } else if constexpr (kN == 128) {
    asm volatile(TILEDMM_WGMMA("m64n128k8.f32.tf32.tf32", TILEDMM_REGS64, "{%64, %65, %66, %67}", "%68", "%69", "")
                 : TILEDMM_ACC64(d, 0) : TILEDMM_WGMMA_RS_INPUTS);
  } else if constexpr (kN == 192) {
    asm volatile(TILEDMM_WGMMA("m64n192k8.f32.tf32.tf32", TILEDMM_REGS96, "{%96, %97, %98, %99}", "%100", "%101", "")
                 : TILEDMM_ACC96(d) : TILEDMM_WGMMA_RS_INPUTS);
  } else {
    asm volatile(TILEDMM_WGMMA("m64n256k8.f32.tf32.tf32", TILEDMM_REGS128, "{%128, %129, %130, %131}", "%132", "%133",
                               "")
                 : TILEDMM_ACC128(d) : TILEDMM_WGMMA_RS_INPUTS);
  }
#else
  __trap();
#endif
}

#undef TILEDMM_WGMMA_RS_INPUTS
#undef TILEDMM_WGMMA_INPUTS
#undef TILEDMM_WGMMA_TF32
#undef TILEDMM_WGMMA_16BIT
#undef TILEDMM_WGMMA
#undef TILEDMM_REGS128
#undef TILEDMM_REGS96
#undef TILEDMM_REGS72
#undef TILEDMM_REGS56
#undef TILEDMM_REGS48
#undef TILEDMM_REGS64
#undef TILEDMM_REGS32
#undef TILEDMM_REGS40
#undef TILEDMM_REGS16
#undef TILEDMM_ACC128
#undef TILEDMM_ACC96
#undef TILEDMM_ACC72
#undef TILEDMM_ACC56
#undef TILEDMM_ACC48
#undef TILEDMM_ACC64
#undef TILEDMM_ACC32
#undef TILEDMM_ACC40
#undef TILEDMM_ACC16
#undef TILEDMM_ACC8

}  // namespace tiledmm::cuda
