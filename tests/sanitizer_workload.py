"""A small workload for compute-sanitizer: every CUDA kernel, dtype and layout on ragged,
unaligned shapes, results checked against float64 (not against torch.matmul: under
compute-sanitizer cuBLAS's own kernels report 16-byte over-reads of operands whose storage
ends at their last element, and shared-memory hazards, which are not ours to check). Not a
pytest file; .ci/gpu-check runs it as

    compute-sanitizer --tool memcheck|racecheck|synccheck --error-exitcode 1 \
        python tests/sanitizer_workload.py [kernel names] [dtype=float32,...] [configs=_ct_] [cut=racecheck] \
        [skip=row_tail,few_rows]

configs=TEXT keeps only the tile configs whose names contain TEXT (their every-shape and
-layout launches, and the planner's linear epilogues), for a tool too slow for the rest.
cut=racecheck runs every kernel, config and special case on fewer shapes and layouts:
racecheck checks about one launch a second (bench/NOTES.md, session 68), and the full
workload's ~3,700 launches would take it an hour. simt's row tail and few rows need products
of ~1-4.5 GFLOP (many tiles on the GPU's SMs); racecheck did not get through them in 130 s
(session 74). The cut keeps one row-tail product in one layout; the few-rows products are
for compute-sanitizer's --kernel-name filter (.ci/gpu-check: SANITIZE_KERNEL_NAME), which
checks the few-rows kernel alone while the tiles beside it run unchecked: racecheck with
every kernel checked got through the row tail's product in 22 s and not through the few rows
in 520 s (session 75), so that run takes skip=few_rows. A line per part done tells how far a
run cut off by a time limit got.
"""
import sys
import time

import torch

sys.path.insert(0, __file__.rsplit("/", 1)[0])
import tiledmm  # noqa: E402
from conftest import (FEW_ROWS_SHAPES, PING_PONG, TWO_BLOCKS_PER_SM_WGMMA, WGMMA, assert_matches_reference,  # noqa: E402
                      computes_in_tf32, kernel_specs, make_operand, row_tail_shapes, runs_here,
                      two_blocks_per_sm_split_shape)

# (100, 264, 40): rows of C 16-byte aligned, so wgmma's epilogue takes TMA stores.
# (520, 515, 37): enough reuse that simt copies unaligned operands along M/N with a padded
# leading dimension (with the padded layouts). (96, 140, 520): K deep enough that every
# pipeline reuses each shared-memory buffer several times (a buffer's last reads against
# the next copy into it).
SHAPES = [(67, 133, 45), (129, 257, 33), (130, 129, 17), (1, 300, 7), (260, 300, 70), (100, 264, 40),
          (520, 515, 37), (96, 140, 520)]
# Few output tiles and a deep, ragged K: the planner splits K (partials + reduction pass).
SPLIT_SHAPES = [(16, 520, 2100), (200, 24, 2100)]
# sliced: aligned rows read in place with K ragged inside them, storage ending at the
# last element (run with PYTORCH_NO_CUDA_MEMORY_CACHING=1 so that an over-read faults).
# ("sliced_t", "sliced"): the same for operands that run along M and N, whose ragged edge
# is then the rows' (skinny's MN-major stream reads 4 of them at once).
# ("sliced_nan_t", "sliced_nan"): the storage runs on past that edge (holding NaN), and simt
# and mma read each line's last vector whole over it.
LAYOUTS = [("row", "row"), ("col", "col"), ("row", "col"), ("offset", "padded"), ("sliced", "sliced_t"),
           ("sliced_t", "sliced"), ("padded_t", "padded"), ("sliced_nan_t", "sliced_nan")]
# cut=racecheck: a ragged shape and one deep enough to reuse every pipeline's buffers, in the
# plain layouts of both operands and one unaligned (a storage offset, a padded leading dimension).
RACECHECK_SHAPES = [(67, 133, 45), (96, 140, 520)]
RACECHECK_LAYOUTS = [("row", "row"), ("col", "col"), ("offset", "padded")]
RACECHECK_CUT = False  # main() sets it for cut=racecheck


def main():
    global SHAPES, SPLIT_SHAPES, LAYOUTS, RACECHECK_CUT
    only = [a for a in sys.argv[1:] if "=" not in a]  # optional kernel names
    if "cut=racecheck" in sys.argv[1:]:
        SHAPES, SPLIT_SHAPES, LAYOUTS = RACECHECK_SHAPES, SPLIT_SHAPES[:1], RACECHECK_LAYOUTS
        RACECHECK_CUT = True
    dtype_arg = next((a.split("=", 1)[1] for a in sys.argv[1:] if a.startswith("dtype=")), None)
    dtypes = None if dtype_arg is None else {getattr(torch, name) for name in dtype_arg.split(",")}
    configs = next((a.split("=", 1)[1] for a in sys.argv[1:] if a.startswith("configs=")), None)
    skip = set(next((a.split("=", 1)[1] for a in sys.argv[1:] if a.startswith("skip=")), "").split(","))
    launches = 0
    for info in tiledmm.kernels():
        if info.device != "cuda" or (only and info.name not in only) or not runs_here(info):
            continue
        for dtype in info.dtypes:
            if dtypes is not None and dtype not in dtypes:
                continue
            # Every tile config by name: the planner alone would pick small tiles here.
            for spec in kernel_specs(info, dtype):
                if configs is not None and configs not in spec:
                    continue
                for m, n, k in SHAPES:
                    for la, lb in LAYOUTS:
                        a = make_operand(m, k, dtype, "cuda", la)
                        b = make_operand(k, n, dtype, "cuda", lb)
                        out = tiledmm.gemm(a, b, kernel=spec)
                        assert_matches_reference(out, a, b, tf32=computes_in_tf32(spec, dtype), against_torch=False)
                        launches += 1
                progress(f"{info.name} {spec}", launches)
            if configs is not None:
                launches += fused_epilogue_launches(info.name, dtype)
                continue
            cc = torch.cuda.get_device_capability()
            sms = torch.cuda.get_device_properties(0).multi_processor_count
            for m, n, k in SPLIT_SHAPES:
                plan = tiledmm.plan(m, n, k, dtype, kernel=info.name, compute_capability=cc, sm_count=sms)
                if info.name != "classic16":
                    assert plan["split_k"] > 1, (info.name, m, n, k, plan)
                for la, lb in LAYOUTS:
                    a = make_operand(m, k, dtype, "cuda", la)
                    b = make_operand(k, n, dtype, "cuda", lb)
                    out = tiledmm.gemm(a, b, kernel=info.name)
                    assert_matches_reference(out, a, b, tf32=computes_in_tf32(info.name, dtype), against_torch=False)
                    launches += 1
            progress(f"{info.name} split-K", launches)
            launches += fused_epilogue_launches(info.name, dtype)
            progress(f"{info.name} fused epilogues", launches)
            if info.name == "simt" and dtype == torch.float32:
                if "row_tail" not in skip:
                    launches += row_tail_launches()
                    progress("simt row tail", launches)
                if "few_rows" not in skip:
                    launches += few_rows_launches()
                    progress("simt few rows", launches)
            if info.name == "wgmma":
                launches += split_last_wave_launches(dtype)
                if dtype != torch.float32:
                    launches += row_class_launches(dtype)
                    launches += ping_pong_launches(dtype)
            progress(f"{info.name} {str(dtype).removeprefix('torch.')}", launches)
    torch.cuda.synchronize()
    print(f"sanitizer workload: {launches} checked launches")


START = time.perf_counter()


def progress(part, launches):
    """A line per part checked: a run cut short by a device call's time limit still says how
    far it got, and the seconds since the start say which parts a --kernel-name filter
    checked (under racecheck a checked launch here takes 0.2-1 s, an unchecked one ~30 ms)."""
    torch.cuda.synchronize()
    print(f"  {part}: done, {launches} launches so far, {time.perf_counter() - START:.1f} s", flush=True)


def row_tail_launches():
    """simt's row tail: C's first rows and its last ones as two launches sharing the staged
    operands (a padded copy of B with the padded layouts), the tail split along K. The
    racecheck cut: the smallest product (one row behind the wide tiles' rounds), unaligned operands."""
    cc = torch.cuda.get_device_capability()
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    launches = 0
    shapes, layouts = row_tail_shapes(sms), LAYOUTS
    if RACECHECK_CUT:
        shapes, layouts = shapes[-1:], [("offset", "padded")]
    for m, n, k in shapes:
        plan = tiledmm.plan(m, n, k, torch.float32, kernel="simt", compute_capability=cc, sm_count=sms)
        assert plan["row_tail"] is not None, (m, n, k, plan)
        for la, lb in layouts:
            a = make_operand(m, k, torch.float32, "cuda", la)
            b = make_operand(k, n, torch.float32, "cuda", lb)
            out = tiledmm.gemm(a, b, kernel="simt")
            assert_matches_reference(out, a, b, against_torch=False)
            launches += 1
    return launches


def few_rows_launches():
    """simt with C's last rows beside the tiles (few_rows.cu), in the layouts that take it
    (B along N: in place, copied, or unaligned and read element by element), and linear's
    epilogue on those rows."""
    cc = torch.cuda.get_device_capability()
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    launches = 0
    for m, n, k in FEW_ROWS_SHAPES + [(385, 2501, 1501)]:
        plan = tiledmm.plan(m, n, k, torch.float32, kernel="simt", compute_capability=cc, sm_count=sms)
        assert plan["row_tail"] is not None and plan["row_tail"]["beside_blocks"] > 0, (m, n, k, plan)
        for la, lb in [("row", "row"), ("col", "offset"), ("padded", "sliced")]:
            a = make_operand(m, k, torch.float32, "cuda", la)
            b = make_operand(k, n, torch.float32, "cuda", lb)
            out = tiledmm.gemm(a, b, kernel="simt")
            assert_matches_reference(out, a, b, against_torch=False)
            launches += 1
    m, n, k = FEW_ROWS_SHAPES[0]
    x = torch.randn(m, k, device="cuda")
    weight = torch.randn(k, n, device="cuda").t()  # [out, in] as the transpose: B row-major
    bias = torch.randn(n, device="cuda")
    out = tiledmm.linear(x, weight, bias, activation="gelu", kernel="simt")
    ref = torch.nn.functional.gelu(torch.nn.functional.linear(x.double(), weight.double(), bias.double()))
    torch.testing.assert_close(out.double(), ref, rtol=1e-4, atol=1e-4)
    return launches + 1


def fused_epilogue_launches(kernel, dtype):
    """tiledmm.linear with a bias and an activation: the epilogues' bias reads (pairs, and
    the clamped columns of a ragged last box) with a bias whose storage ends at its last
    element, the weight read [out, in] (column-major B) and as the [in, out] view."""
    tf32 = computes_in_tf32(kernel, dtype)
    launches = 0
    for rows, out_f, in_f in [(67, 133, 45), (100, 264, 40), (130, 515, 37)]:
        x = torch.randn(rows, in_f, device="cuda", dtype=torch.float64).to(dtype)
        bias = torch.randn(out_f, device="cuda", dtype=torch.float64).to(dtype)
        for weight in (make_operand(out_f, in_f, dtype, "cuda", "row"), make_operand(out_f, in_f, dtype, "cuda", "col")):
            for activation in ("gelu", "silu"):
                out = tiledmm.linear(x, weight, bias, activation=activation, kernel=kernel)
                z = torch.nn.functional.linear(x.double(), weight.double(), bias.double())
                ref = torch.nn.functional.gelu(z) if activation == "gelu" else torch.nn.functional.silu(z)
                tol = 5e-2 if dtype in (torch.bfloat16, torch.float16) else 1e-2 if tf32 else 1e-4
                torch.testing.assert_close(out.double(), ref, rtol=tol, atol=tol)
                launches += 1
    return launches


def split_last_wave_launches(dtype):
    """wgmma with its last wave's tiles split between two blocks (ragged M, N and K): the
    partial sums' workspace and flags, in two layouts. The 128x64 tile keeps the problem
    small enough for racecheck: 153 tiles, 21 (TF32's C^T: 38) of them split (K of 25
    k-tiles for the one tail per idle block). 64x64 runs two blocks per SM: 2.3 waves of
    2 x SMs blocks. Then a deep product of 48 tiles cut in halves, every tile split (on GPUs
    of >= 96 SMs)."""
    cc = torch.cuda.get_device_capability()
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    cases = [("wgmma:128x64_k256B_2wg_s4", (128 * 17 - 5, 64 * 9 - 3, 48 * 64 + 7)),
             (TWO_BLOCKS_PER_SM_WGMMA, two_blocks_per_sm_split_shape(sms))]
    if sms >= 96:
        cases.append(("wgmma:128x64_k256B_2wg_s4", (1533, 251, 4100 if dtype == torch.float32 else 8200)))
    allowed, torch.backends.cuda.matmul.allow_tf32 = torch.backends.cuda.matmul.allow_tf32, True
    launches = 0
    for spec, (m, n, k) in cases:
        plan = tiledmm.plan(m, n, k, dtype, kernel=spec, compute_capability=cc, sm_count=sms, allow_tf32=True)
        assert plan["last_wave_split"][0] > 0, plan
        for la, lb in [("row", "row"), ("col", "col")]:
            a = make_operand(m, k, dtype, "cuda", la)
            b = make_operand(k, n, dtype, "cuda", lb)
            out = tiledmm.gemm(a, b, kernel=spec)
            assert_matches_reference(out, a, b, tf32=dtype == torch.float32, against_torch=False)
            launches += 1
    torch.backends.cuda.matmul.allow_tf32 = allowed
    return launches


def row_class_launches(dtype):
    """wgmma reading a row-major A by row classes (csrc/cuda/row_classes.h): one TMA cannot
    read (rows of 253 elements: 16 classes, the first k-tile's leading columns zeroed in
    shared memory) with 128x256 tiles, and one whose rows start 16 bytes off their sectors
    (200 elements: 2 classes) with 128x64 tiles; and the first again with rows of C that
    start 2 bytes into 4-byte words (135 elements), which leave in 2-byte stores."""
    launches = 0
    for spec, k, n in [("wgmma:128x256_k128B_2wg_s4", 253, 136), ("wgmma:128x64_k256B_2wg_s4", 200, 136),
                       ("wgmma:128x256_k128B_2wg_s4", 253, 135)]:
        a = torch.randn(2040, k, device="cuda", dtype=torch.float64).to(dtype)
        b = torch.randn(k, n, device="cuda", dtype=torch.float64).to(dtype)
        out = tiledmm.gemm(a, b, kernel=spec)
        assert_matches_reference(out, a, b, against_torch=False)
        launches += 1
    return launches


def ping_pong_launches(dtype):
    """wgmma's ping-pong consumers taking turns over several tiles per block (the shapes
    above give most blocks one): ~2.5 tiles of 128x128 per SM, ragged in M, N and K, the
    linear epilogue (bias + gelu) and a row-major weight."""
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    spec = next(s for s in kernel_specs(WGMMA, dtype) if PING_PONG in s)
    m, n, k = 128 * ((5 * sms + 7) // 8) - 5, 128 * 4 - 3, 3 * 64 + 7
    x = torch.randn(m, k, device="cuda", dtype=torch.float64).to(dtype)
    weight = torch.randn(n, k, device="cuda", dtype=torch.float64).to(dtype)
    bias = torch.randn(n, device="cuda", dtype=torch.float64).to(dtype)
    out = tiledmm.linear(x, weight, bias, activation="gelu", kernel=spec)
    ref = torch.nn.functional.gelu(torch.nn.functional.linear(x.double(), weight.double(), bias.double()))
    torch.testing.assert_close(out.double(), ref, rtol=5e-2, atol=5e-2)
    w_kn = weight.t().contiguous()
    assert_matches_reference(tiledmm.gemm(x, w_kn, kernel=spec), x, w_kn, against_torch=False)
    return 2


if __name__ == "__main__":
    main()
