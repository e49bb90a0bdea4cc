// `wgmma`: tensor-core GEMM for Hopper (sm_90a) in bfloat16 / float16, and float32 as
// TF32, with float32 accumulation.
//
// A persistent, warp-specialized kernel. Each block runs one producer warpgroup and
// consumer warpgroups over a ring of `stages` shared-memory buffers: cooperative configs
// block_m / 64 consumers, each a 64-row slab of every tile; ping-pong configs two consumers
// that take the block's tiles in turns (all of a tile's slabs each), so that one's epilogue
// runs under the other's MMAs (the turn passes once a tile's last MMAs are issued):
//   global -> shared   the producer (one thread) issues TMA bulk-tensor copies of the A
//                      and B k-tiles into 128-byte-swizzled buffers; each buffer's `full`
//                      mbarrier completes when its bytes have landed. TMA zero-fills
//                      whatever lies outside the matrices: ragged M, N and K need no code.
//                      (A last tile reaching past M or N moves back inside where the
//                      extent holds a whole tile, since such boxes cost time: tile_origin.)
//   shared -> tensor   each consumer warpgroup issues wgmma on its 64-row slab(s), both
//   cores              operands read straight from shared memory through descriptors
//                      (TF32: an operand that runs along M/N is first loaded into the
//                      instruction's register fragments, MnMajorTf32Fragments), and
//                      releases a buffer (its `empty` mbarrier) once the MMAs reading it
//                      have retired.
//   registers          the 64 x block_n accumulator slab(s), block_n / 2 floats per thread each.
//   regs -> shared     the epilogue (bias, activation, rounding) writes the slab in boxes of
//   -> global          64 rows x 128 bytes into two alternating swizzled buffers; one thread
//                      hands each box to a TMA store, which writes it to C while the
//                      warpgroup goes on with the next box and the next tile's MMAs (and
//                      the producer already streams that tile's k-tiles). Outputs whose
//                      rows break TMA's 16-byte rule leave the same buffers through the
//                      warpgroup's own row-wise stores (StagedOutput::copy_out).
// Blocks loop over the output tiles in grouped order (tile_order.cuh), so concurrently
// running tiles share A and B panels in L2; a last wave that would leave blocks idle is
// split along K between them (persistent_schedule.cuh, last_wave_split.h). Operands must
// satisfy TMA (16-byte aligned base and leading dimension); the launcher repacks others,
// and from 1,536 rows on also a B whose rows start mid-sector (operand_workspace.h), except
// that a row-major A with a row-major B is read in place by row classes where its rows
// allow (row_classes.h: rows not all on 32-byte boundaries). TF32 reads a row-major B by
// computing C^T (TransposedStagedOutput), and transposes A only when B is row-major too.
// The 16-bit C^T configs (wgmma_configs.h) compute C^T in either layout of B, on tiles
// narrow in C's rows (TransposedStagedOutput16).
// The code follows the data, one file per level:
//   wgmma_operands.cuh  global -> shared -> tensor cores: the operands' k-tiles as TMA
//                       writes them and wgmma reads them (and TF32's A fragments);
//   wgmma_kernel.cuh    the kernel: producer, consumers, pipeline, schedule;
//   wgmma_outputs.cuh   registers -> shared -> global: the epilogue's output boxes;
//   wgmma_launch.cuh    the host: tensor maps, operand repacking, grid, launch.
// wgmma_{bf16,fp16,tf32}.cu instantiate the templates, one translation unit per dtype
// (compiled in parallel), and wgmma.cu dispatches.
#pragma once

#include "dependent_launch.h"
#include "wgmma_operands.cuh"
#include "wgmma_outputs.cuh"


#include "../common/epilogue.cuh"
#include "../common/persistent_schedule.cuh"
#include "../common/ptx_sm90.cuh"
#include "../common/tile_order.cuh"
#include "../common/tile_partials.cuh"
#include "../common/wgmma.cuh"
#include "../row_classes.h"
#include "../wgmma_configs.h"

#include <cuda.h>

#include <cstdint>
#include <type_traits>

namespace tiledmm::cuda::wgmma_detail {

constexpr int kGroupRows = 8;  // tile rows per group of the persistent schedule's grouped order

// Out is T (the output C), or float for split-K partial planes (split_k.h): the work
// units are (output tile, K slice) pairs, and slice z goes to plane z. With a split last
// wave (last_wave_split.h) its tiles' tails run on otherwise idle blocks, and their partial
// sums pass to the tiles' blocks through `partials`.
// TF32 reads an MN-major A into registers (MnMajorTf32Fragments). kTransposedC: the kernel
// computes C^T = B^T A^T, its A the problem's B (TF32: row-major, read into registers; a
// 16-bit C^T config: either layout), its B the problem's A (K-major); m and n are then C's
// n and m.
// kRowClasses: A row-major, read in place by row classes (`a_classes`, row_classes.h; `a_map`
// unused), B row-major; `k` counts the classes' largest shift in.
template <typename T, typename Out, WgmmaConfigId kConfig, bool kAMnMajor, bool kBMnMajor, Activation kActivation,
          bool kTransposedC = false, bool kRowClasses = false>
__global__ void __launch_bounds__(wgmma_tile(kConfig).threads(), wgmma_tile(kConfig).blocks_per_sm)
    wgmma_gemm_kernel(const __grid_constant__ CUtensorMap a_map, const __grid_constant__ CUtensorMap b_map,
                      const __grid_constant__ CUtensorMap c_map,
                      const __grid_constant__ std::conditional_t<kRowClasses, RowClasses, NoRowClasses> a_classes,
                      int direct_word_bytes, Out* __restrict__ c, int64_t m, int64_t n,
                      const __grid_constant__ PersistentWork work, TilePartials partials, StreamLead lead,
                      OutputEpilogue<Out, kActivation> epilogue) {
#ifdef TILEDMM_SM90A_DEVICE
  constexpr WgmmaTile kTile = wgmma_tile(kConfig);
  constexpr int kBM = kTile.block_m, kBN = kTile.block_n, kStages = kTile.stages;
  // Ping-pong: each consumer runs every other tile of the block, all of its kSlabs slabs.
  constexpr bool kPingPong = kTile.ping_pong;
  constexpr int kSlabs = kTile.slabs_per_consumer();
  // Named barriers: 1 + consumer, each consumer's own; kTurn + consumer, its turn (ping-pong).
  constexpr int kTurn = 3;
  using StagedA = StagedOperand<T, kBM, kAMnMajor, kTile.k_boxes>;
  using StagedB = StagedOperand<T, kBN, kBMnMajor, kTile.k_boxes>;
  constexpr int kSteps = kTile.k_bytes() / kWgmmaKBytes;  // wgmma per k-tile
  // TF32 reads an MN-major A from registers (its wgmma has no transposed shared operand).
  constexpr bool kARegisters = std::is_same_v<T, float> && kAMnMajor;
  static_assert(!std::is_same_v<T, float> || !kBMnMajor, "TF32 wgmma reads B K-major only");
  static_assert(!kTransposedC || kARegisters || (sizeof(T) == 2 && kTile.c_transposed),
                "C^T: TF32 with the problem's row-major B as the kernel's A in registers, or a 16-bit C^T config");
  static_assert(!kTile.c_transposed || (kTransposedC && !kPingPong), "a C^T config computes C^T");
  static_assert(!kRowClasses || (!kAMnMajor && kBMnMajor && !kTransposedC),
                "row classes: A K-major (shifted along K), B MN-major (its k-rows shifted to match)");
  static_assert(!kPingPong || (!std::is_same_v<T, float> && !kRowClasses),
                "ping-pong: 16-bit types, A read through its tensor map");

  // The output boxes: C's rows, or C^T's (TF32's A in registers, or a 16-bit C^T config's).
  using Staged = std::conditional_t<
      !kTransposedC, StagedOutput<Out, kARegisters>,
      std::conditional_t<kARegisters, TransposedStagedOutput, TransposedStagedOutput16<Out, kTile.c_box_rows()>>>;
  constexpr int kBoxes = kBN / Staged::kSlabCols;  // output boxes per consumer slab

  // A tile's first row and column (tile_origin): a last tile reaching past the operands moves
  // back inside them, the producer's boxes and the epilogue's stores alike. Steps of 8 along
  // C's columns and along an operand's contiguous dimension, 1 along C's rows. (Row classes
  // place A's rows themselves, below.)
  // A moved tile stores its overlap with the tiles before it again, the same values only if
  // they sum K the same way. So the split tiles of a last wave (head's and tail's sums added)
  // stay in place unless every tile is split: the tiles a moved tile overlaps come before it
  // in the grouped order, and the split tiles are the last, so a moving whole tile overlaps
  // whole ones only. (A split tile moved over whole ones raced their stores: results that
  // differed in the last bit from run to run, bench/NOTES.md, session 57.)
  constexpr int kRowStep = kAMnMajor || kTransposedC ? 8 : 1;
  constexpr int kColStep = kBMnMajor || !kTransposedC ? 8 : 1;
  auto moves = [&](const WorkUnit& u) {
    return work.move_last_tiles && (u.partial == PartialSums::kNone || work.whole_tiles == 0);
  };
  auto first_row = [&](const WorkUnit& u) {
    return moves(u) ? tile_origin(u.tile.m, kBM, m, kRowStep) : u.tile.m * kBM;
  };
  auto first_col = [&](const WorkUnit& u) {
    return moves(u) ? tile_origin(u.tile.n, kBN, n, kColStep) : u.tile.n * kBN;
  };

  // The bytes TMA brings a stage: K-major operands smaller than a tile load only their rows
  // (k_major_box_rows; A's row-class maps always a tile's).
  const int a_box_rows = kAMnMajor || kRowClasses ? kBM : k_major_box_rows(kBM, m);
  const int b_box_rows = kBMnMajor ? kBN : k_major_box_rows(kBN, n);
  const uint32_t stage_tx_bytes = kTile.stage_bytes() - (kBM - a_box_rows + kBN - b_box_rows) * kTile.k_bytes();

  // Shared memory: [stages][A tile | B tile], [consumers][2] output boxes, the mbarriers.
  extern __shared__ unsigned char smem_window[];
  unsigned char* const smem = reinterpret_cast<unsigned char*>(
      (reinterpret_cast<uintptr_t>(smem_window) + 1023) & ~uintptr_t{1023});
  auto a_tile = [&](int s) { return smem + s * kTile.stage_bytes(); };
  auto b_tile = [&](int s) { return a_tile(s) + kTile.a_stage_bytes(); };
  unsigned char* const output_boxes = smem + kStages * kTile.stage_bytes();
  uint64_t* const full = reinterpret_cast<uint64_t*>(output_boxes + kTile.output_bytes());
  uint64_t* const empty = full + kStages;

  // Leading a stream (StreamLead): the next kernel may be placed from this grid's start.
  if (lead.dependents_early) allow_dependent_launch();
  // The start is on the critical path of a small product (one tile per block): thread 0
  // starts fetching the tensor maps and every thread finds its first work unit (integer
  // divisions) while warp 1 initializes the barriers.
  const int warpgroup = threadIdx.x / 128;
  if (threadIdx.x == 0) {
    if constexpr (kRowClasses) {
      for (int j = 0; j < a_classes.count; ++j) prefetch_tensor_map(&a_classes.maps[j]);
    } else {
      prefetch_tensor_map(&a_map);
    }
    prefetch_tensor_map(&b_map);
    if (direct_word_bytes == 0) prefetch_tensor_map(&c_map);
  }
  if (threadIdx.x == 32) {
    for (int s = 0; s < kStages; ++s) {
      mbarrier_init(&full[s], 1);                         // the producer's arrive + TMA bytes
      mbarrier_init(&empty[s], kTile.stage_reader_warps());  // one arrive per warp that read it
    }
    fence_barrier_init();
  }
  // This block's work units (output tile in grouped order, k-tiles [kt_begin, kt_end)),
  // walked by the producer thread and by each consumer thread.
  PersistentSchedule<kGroupRows> units(work);
  WorkUnit unit;
  bool more = units.next(unit);
  __syncthreads();

  // With one block per SM, the producer hands most of its registers to the consumers (their
  // accumulators); configs of several blocks per SM need few and keep the even split.
  constexpr bool kRegisterHandOver = kTile.blocks_per_sm == 1;
  if (warpgroup == 0) {
    // Producer: needs few registers.
    if constexpr (kRegisterHandOver) setmaxnreg_decrease<40>();
    if (threadIdx.x == 0) {
      // Launched behind another product (dependent_launch.h): the first k-tiles of A into L2
      // while the kernel ahead finishes (safe even if it writes them: its writes land in L2).
      if constexpr (!kRowClasses) {
        if (more) {
          const int64_t kt_end = min(unit.kt_end, unit.kt_begin + lead.prefetch_k_tiles);
          for (int64_t kt = unit.kt_begin; kt < kt_end; ++kt) StagedA::prefetch_l2(&a_map, first_row(unit), kt);
        }
      }
      wait_for_prior_kernel();  // the operands may be copies the kernel ahead of this one writes
      int stage = 0;
      uint32_t phase = 0;
      for (; more; more = units.next(unit)) {
        const CUtensorMap* a_rows = &a_map;
        int64_t a_row0 = first_row(unit);
        int32_t k_shift = 0;
        if constexpr (kRowClasses) {
          const RowClasses::Tile t = a_classes.locate(static_cast<uint32_t>(unit.tile.m), kBM);
          a_rows = &a_classes.maps[t.row_class];
          a_row0 = t.first_row;
          k_shift = a_classes.shift[t.row_class];
        }
        for (int64_t kt = unit.kt_begin; kt < unit.kt_end; ++kt) {
          mbarrier_wait(&empty[stage], phase ^ 1);  // the consumers are done with this buffer
          mbarrier_arrive_expect_tx(&full[stage], stage_tx_bytes);
          StagedA::load(a_tile(stage), a_rows, a_row0, kt, &full[stage]);
          StagedB::load(b_tile(stage), &b_map, first_col(unit), kt, &full[stage], k_shift);
          if (++stage == kStages) stage = 0, phase ^= 1;
        }
      }
    }
  } else {
    if constexpr (kRegisterHandOver) setmaxnreg_increase<232>();
    wait_for_prior_kernel();  // before the first bias load, store of C or split-K partials
    const int consumer = warpgroup - 1;
    const int warp = (threadIdx.x / 32) % 4, lane = threadIdx.x % 32;
    // The consumer's first row in a tile: its own slab (cooperative), or the tile's first.
    const int slab0 = kPingPong ? 0 : 64 * consumer;
    int stage = 0;
    uint32_t phase = 0;
    float acc[kSlabs][kBN / 2] = {};
    uint32_t boxes_written = 0;  // the output buffers alternate box after box, across tiles
    // One k-tile: wait for its buffer, issue its MMAs (A from `fragments`, loaded first, when
    // kARegisters), keep them in flight and hand the previous k-tile's buffer back.
    int previous = 0;
    int a_lead_bytes = 0;  // row classes: the unit's first k-tile starts this early
    auto mma_k_tile = [&](auto& fragments, int64_t kt, const auto& unit) {
      mbarrier_wait(&full[stage], phase);
      if constexpr (kRowClasses) {
        if (kt == 0 && a_lead_bytes > 0) {
          clear_leading_bytes(a_tile(stage), 64 * consumer, a_lead_bytes, threadIdx.x % 128);
          fence_proxy_async_shared();
          named_barrier_sync(1 + consumer, 128);
        }
      }
      const bool accumulate = kt > unit.kt_begin;
      if constexpr (kARegisters) fragments.load(a_tile(stage), 64 * consumer, warp, lane);
      wgmma_fence();
#pragma unroll
      for (int step = 0; step < kSteps; ++step) {
        const uint64_t b_descriptor = StagedB::descriptor(b_tile(stage), 0, step);
        if constexpr (kARegisters) {
          wgmma_tf32_register_a_async<kBN>(acc[0], fragments.a[step], b_descriptor, accumulate || step > 0);
        } else {
#pragma unroll
          for (int slab = 0; slab < kSlabs; ++slab) {
            wgmma_async<T, kBN, kAMnMajor, kBMnMajor>(
                acc[slab], StagedA::descriptor(a_tile(stage), slab0 + 64 * slab, step), b_descriptor,
                accumulate || step > 0);
          }
        }
      }
      wgmma_commit_group();
      // Keep this k-tile's MMAs in flight; the previous one's have retired, so its
      // buffer goes back to the producer.
      wgmma_wait_group<1>();
      if (kt > unit.kt_begin && lane == 0) mbarrier_arrive(&empty[previous]);
      previous = stage;
      if (++stage == kStages) stage = 0, phase ^= 1;
    };
    uint32_t block_units = 0;  // ping-pong: the block's units so far, mine or the other's
    for (; more; more = units.next(unit)) {
      // Ping-pong: the consumers take the block's units in turns, each unit's MMAs after the
      // previous unit's have all been issued (barrier kTurn + consumer: my turn). The turn
      // order also keeps a consumer from waiting on a buffer's `full` barrier more than one
      // ring phase ahead, where the barrier's parity could not tell the phases apart.
      bool hand_over = false;  // the other consumer runs the next unit
      if constexpr (kPingPong) {
        const uint32_t index = block_units++;
        if (index % 2 != static_cast<uint32_t>(consumer)) {
          // The other's unit: its k-tiles pass through the ring first.
          const int64_t position = stage + (unit.kt_end - unit.kt_begin);
          phase ^= static_cast<uint32_t>((position / kStages) % 2);
          stage = static_cast<int>(position % kStages);
          continue;
        }
        if (index > 0) named_barrier_sync(kTurn + consumer, 2 * 128);
        PersistentSchedule<kGroupRows> ahead = units;
        WorkUnit after;
        hand_over = ahead.next(after);
      }
      // Where the slab's rows go: rows `first`, first + 1, ... of `rows` rows `pitch` elements
      // apart from `out` (C or the split-K plane; with row classes every count-th row of C).
      Out* out = c + unit.split * m * n;
      int64_t rows = m, pitch = n, first = first_row(unit) + slab0;
      if constexpr (kRowClasses) {
        const RowClasses::Tile t = a_classes.locate(static_cast<uint32_t>(unit.tile.m), kBM);
        a_lead_bytes = a_classes.shift[t.row_class] * static_cast<int>(sizeof(T));
        out = c + t.row_class * n;
        rows = a_classes.rows[t.row_class];
        pitch = a_classes.count * n;
        first = t.first_row + 64 * consumer;
      }
      if constexpr (kARegisters) {
        // The fragments of MMAs in flight must stay untouched until they retire, so two sets
        // alternate. In straight-line pairs (an odd first k-tile peeled off), ptxas sees
        // which set the MMAs in flight read; chosen at run time, it retires them every k-tile.
        MnMajorTf32Fragments<kTile.k_boxes> fragments[2];
        int64_t kt = unit.kt_begin;
        if ((unit.kt_end - kt) % 2 != 0) mma_k_tile(fragments[1], kt++, unit);
        for (; kt < unit.kt_end; kt += 2) {
          mma_k_tile(fragments[0], kt, unit);
          mma_k_tile(fragments[1], kt + 1, unit);
        }
      } else {
        NoFragments none;
        for (int64_t kt = unit.kt_begin; kt < unit.kt_end; ++kt) mma_k_tile(none, kt, unit);
      }
      // The other consumer may issue its MMAs now, while these retire and during this epilogue.
      if (hand_over) named_barrier_arrive(kTurn + 1 - consumer, 2 * 128);
      // The first box's bias values load while the last k-tile's MMAs retire, and the other
      // boxes' bias lines into L1: loaded after them, their latency stood between every
      // tile's main loop and its epilogue (bench/NOTES.md, session 33). The next box's values
      // load behind each box's stores (below).
      const int64_t tile_col0 = first_col(unit);
      typename Staged::BoxBias next_bias = Staged::bias(warp, lane, first, tile_col0, m, n, epilogue);
      Staged::template prefetch_bias<kBoxes>(threadIdx.x % 128, tile_col0, n, epilogue);
      wgmma_wait_group<0>();
      if (lane == 0) mbarrier_arrive(&empty[previous]);
      // A split tile's tail leaves as partial sums for the tile's block; its head takes
      // them before the epilogue.
      // (Not for ping-pong: the launcher splits none of its tiles.)
      if constexpr (!kPingPong) {
        if (unit.partial == PartialSums::kPublish) {
          partials.publish(acc[0], unit.slot, consumer, kTile.consumers(), threadIdx.x % 128, 1 + consumer);
          continue;
        }
        if (unit.partial == PartialSums::kAddAndFinish) {
          partials.add(acc[0], unit.slot, consumer, kTile.consumers(), threadIdx.x % 128, 1 + consumer);
        }
      }

      // The epilogue goes box by box (8 KB of the slab: 64 rows x 128 bytes, or for C^T 32
      // kernel columns x 64 rows). Each box is written to shared memory, then leaves through
      // TMA stores or, for outputs TMA cannot address (direct_word_bytes > 0), row-wise
      // stores. The next box's bias values are loaded before this box's stores, so their
      // latency hides behind them.
      const bool tma_store = direct_word_bytes == 0;
      // Unrolled, so each box reads its accumulators by constant register indices; rolled,
      // select_box copies them out (128 FSEL per box). (libdevice's erff, inlined for each
      // of the 128 accumulators, once made gelu faster rolled: bench/NOTES.md, sessions 16
      // and 17.)
      // Slab after slab (a ping-pong consumer has block_m / 64 of them), box after box.
#pragma unroll
      for (int slab = 0; slab < kSlabs; ++slab) {
        const int64_t slab_row = first + 64 * slab;
#pragma unroll kBoxes
        for (int box = 0; box < kBoxes; ++box) {
          const int64_t col0 = tile_col0 + box * Staged::kSlabCols;
          const typename Staged::BoxBias bias = next_bias;
          if (box + 1 < kBoxes) {
            next_bias = Staged::bias(warp, lane, slab_row, col0 + Staged::kSlabCols, m, n, epilogue);
          } else if (slab + 1 < kSlabs) {
            next_bias = Staged::bias(warp, lane, slab_row + 64, tile_col0, m, n, epilogue);  // the next slab's first
          }
          float values[Staged::kValuesPerBox];
          select_box<kBoxes>(values, acc[slab], box);
          unsigned char* const buffer =
              output_boxes + (2 * consumer + boxes_written++ % 2) * WgmmaTile::kOutputBoxBytes;
          const bool issuer = threadIdx.x % 128 == 0;
          // The store issued two boxes ago read this buffer: it must be done reading (direct
          // stores: every thread has passed its own copy, which the barrier confirms).
          if (tma_store && issuer) tma_store_wait_read<1>();
          named_barrier_sync(1 + consumer, 128);
          Staged::write(shared_address(buffer), values, bias, warp, lane, epilogue);
          if (tma_store) fence_proxy_async_shared();  // the writes, visible to the TMA unit
          named_barrier_sync(1 + consumer, 128);
          if (!tma_store) {
            if constexpr (kTransposedC) {
              Staged::copy_out(buffer, out, m, n, slab_row, col0, threadIdx.x % 128, direct_word_bytes);
            } else {
              Staged::copy_out(buffer, out, rows, n, pitch, slab_row, col0, threadIdx.x % 128, direct_word_bytes);
            }
          } else if (issuer) {
            Staged::store(&c_map, buffer, slab_row, col0, unit.split);
            tma_store_commit();
          }
        }
      }
    }
    // Shared memory must outlive the last stores' reads of it. Their writes to global
    // memory need no wait: they complete with the grid, before any later kernel runs.
    if (direct_word_bytes == 0 && threadIdx.x % 128 == 0) tma_store_wait_read<0>();
  }
#endif
}

}  // namespace tiledmm::cuda::wgmma_detail
