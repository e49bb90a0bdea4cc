"""Fits the polynomials of the GPU epilogues' gelu (csrc/cuda/common/activation.cuh) and
checks their float32 forms against float64.

    python bench/fit_gelu_erf.py [--form rational|exp2] [--degree D]

gelu(x) = x Φ(x), with h = Φ(-|x|): Φ(x) is 1 - h for x ≥ 0 and h for x < 0.

--form rational (float32 outputs; degree 8): h = erfc(t) / 2 with t = |x| / √2 is computed as
e^(-t²) R(u), u = 1 / (1 + p t). R(u) = erfc(t) e^(t²) is smooth on u in (0, 1] and
vanishes with u, so R(u) = Σ_{k=1..d} c_k u^k. Lawson's algorithm (least squares whose
weights grow where the error is largest) drives the fit toward the minimax relative error
on t in [0, 10] (beyond it h underflows float32 anyway); a golden-section search picks p.
The script prints the constants as the kernel writes them (halved, p divided by √2, in
Horner order) and the error of the float32 evaluation, with exp2 and the reciprocal
correctly rounded (the GPU's approximations add about 2 ulp to h).

--form exp2 (bf16/fp16 outputs; degree 7): h = 2^P(|x|), P a polynomial fitted to
log2 Φ(-t) on t in [0, 6] for minimax absolute error (Lawson again), which is h's relative
error over ln 2: one exp2, no reciprocal. Past 6, where torch's float32 gelu is already -0
below -5.9, P must keep falling so that h goes to 0: the script checks that P' < 0 on
[6, 100]. It prints the float32 form's error and, for each 16-bit dtype, the share of
outputs that round to the other neighbour of the exact gelu.
"""
import argparse
import math

import numpy as np
import torch  # the 16-bit roundings

T_MAX = 10.0
T_MAX_EXP2 = 6.0


def grid():
    t = np.concatenate([np.linspace(0.0, 4.0, 20000), np.linspace(4.0, T_MAX, 8000)])
    erfc = np.vectorize(math.erfc)
    return t, erfc(t) * np.exp(t * t)


def lawson(powers, y, error_scale, rounds):
    """Coefficients c toward the least max |powers @ c - y| * error_scale: least squares whose
    weights grow where the error is largest (Lawson's algorithm); c and that max."""
    weights = np.ones_like(y)
    for _ in range(rounds):
        scale = np.sqrt(weights) * error_scale
        c, *_ = np.linalg.lstsq(powers * scale[:, None], y * scale, rcond=None)
        err = np.abs(powers @ c - y) * error_scale
        weights = weights * err
        weights /= weights.sum()
    return c, err.max()


def fit(t, r, p, degree, rounds):
    u = 1.0 / (1.0 + p * t)
    powers = np.vander(u, degree + 1, increasing=True)[:, 1:]
    return lawson(powers, r, 1.0 / r, rounds)  # relative error


def best_p(t, r, degree):
    lo, hi = 0.2, 0.8
    for _ in range(30):
        a, b = lo + 0.382 * (hi - lo), lo + 0.618 * (hi - lo)
        if fit(t, r, a, degree, 60)[1] < fit(t, r, b, degree, 60)[1]:
            hi = b
        else:
            lo = a
    return 0.5 * (lo + hi)


def gelu_float32(x, p_scaled, horner):
    """The kernel's arithmetic in float32 (exp2, reciprocal correctly rounded)."""
    f32 = np.float32
    x = x.astype(f32)
    u = (f32(1) / (np.abs(x) * p_scaled + f32(1))).astype(f32)
    r = horner[0]
    for c in horner[1:]:
        r = (r * u + c).astype(f32)
    r = (r * u).astype(f32)
    e = np.exp2((x * (x * f32(-0.5 / math.log(2)))).astype(np.float64)).astype(f32)
    h = (r * e).astype(f32)
    return (x * np.where(x >= 0, f32(1) - h, h)).astype(f32)


def log2_phi_grid():
    t = np.linspace(0.0, T_MAX_EXP2, 30001)
    return t, np.log2(np.vectorize(math.erfc)(t / math.sqrt(2)) / 2)


def fit_log2_phi(t, y, degree, rounds):
    """P of degree `degree` toward the least max |P(t) - y|; coefficients highest first."""
    return lawson(np.vander(t, degree + 1), y, np.ones_like(t), rounds)


def gelu_exp2_float32(x, horner):
    """The 16-bit outputs' kernel arithmetic in float32 (exp2 correctly rounded)."""
    f32 = np.float32
    x = x.astype(f32)
    t = np.abs(x)
    p = horner[0]
    with np.errstate(over="ignore"):  # far out P overflows to -inf, as on the GPU: h = 0
        for c in horner[1:]:
            p = (p * t + c).astype(f32)
    h = np.exp2(p.astype(np.float64)).astype(f32)
    return (x * np.where(x >= 0, f32(1) - h, h)).astype(f32)


def exact_gelu(xd):
    """gelu in float64 through erfc: no 1 + erf to cancel in the negative tail."""
    return xd * 0.5 * np.vectorize(math.erfc)(-xd / math.sqrt(2))


def misrounded_share(got, ref, dtype):
    """Share of float32 outputs `got` whose rounding to the 16-bit torch `dtype` differs from
    the float64 `ref`'s (one correct rounding)."""
    return (torch.from_numpy(got).to(dtype) != torch.from_numpy(ref).to(dtype)).double().mean().item()


def main_exp2(degree):
    t, y = log2_phi_grid()
    c, err = fit_log2_phi(t, y, degree, 300)
    horner = [np.float32(ck) for ck in c]
    print(f"degree {degree}: max |P - log2 Φ(-t)| on [0, {T_MAX_EXP2:g}] = {err:.3g} "
          f"(h's relative error {err * math.log(2):.3g})")
    print("Horner (highest first):", ", ".join(f"{float(h):.9g}f" for h in horner))
    tail = np.linspace(T_MAX_EXP2, 100.0, 100001)
    slope = np.polyval(np.polyder(np.asarray(horner, np.float64)), tail)
    print(f"P' on [{T_MAX_EXP2:g}, 100]: max {slope.max():.3g} ({'falling' if (slope < 0).all() else 'NOT falling'})")

    x = np.linspace(-T_MAX_EXP2, T_MAX_EXP2, 400001).astype(np.float32)
    xd = x.astype(np.float64)
    ref = exact_gelu(xd)
    got = gelu_exp2_float32(x, horner).astype(np.float64)
    nonzero = ref != 0
    relative = np.abs(got - ref)[nonzero] / np.abs(ref[nonzero])
    print(f"float32 form on |x| <= {T_MAX_EXP2:g}: max relative error {relative.max():.3g}")
    for name, dtype in (("float16", torch.float16), ("bfloat16", torch.bfloat16)):
        share = misrounded_share(got, ref, dtype)
        print(f"{name}: {100 * share:.3g}% of outputs round to the other neighbour of the exact gelu")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--form", choices=["rational", "exp2"], default="rational")
    parser.add_argument("--degree", type=int, help="8 for rational, 7 for exp2 unless given")
    args = parser.parse_args()
    if args.form == "exp2":
        main_exp2(args.degree or 7)
    else:
        main_rational(args.degree or 8)


def main_rational(degree):
    t, r = grid()
    p = best_p(t, r, degree)
    c, err = fit(t, r, p, degree, 300)
    print(f"degree {degree}: p = {p:.6f}, max relative error of R on the grid {err:.3g}")
    p_scaled = np.float32(p / math.sqrt(2))
    horner = [np.float32(0.5 * ck) for ck in reversed(c)]
    print(f"p / sqrt(2) = {float(p_scaled):.9g}f")
    print("Horner (c_d / 2 first):", ", ".join(f"{float(h):.9g}f" for h in horner))

    x = np.concatenate([np.linspace(-14, 14, 400001), np.linspace(-1e-3, 1e-3, 20001)]).astype(np.float32)
    xd = x.astype(np.float64)
    ref = exact_gelu(xd)
    got = gelu_float32(x, p_scaled, horner).astype(np.float64)
    err = np.abs(got - ref)
    nonzero = ref != 0
    relative = np.zeros_like(err)
    relative[nonzero] = err[nonzero] / np.abs(ref[nonzero])
    print(f"float32 form: max |error| / max(|x|, 1) = {(err / np.maximum(np.abs(xd), 1)).max():.3g}; "
          f"max relative error for x >= -3: {relative[x >= -3].max():.3g}, for |x| < 6: {relative[np.abs(x) < 6].max():.3g}")


if __name__ == "__main__":
    main()
