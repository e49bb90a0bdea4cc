"""python -m tiledmm.simulate: watch a tiled matrix multiplication step by step.

Replays the shared-memory tile kernel (`classic16` with a tile of your choice) on small
matrices: one thread block per T x T tile of C; in each of the ceil(K / T) phases the
block loads a T x T tile of A (rows of its tile, T columns of A) and of B (T rows of B,
columns of its tile) into shared memory, zero-filling outside the matrices, then every
thread adds T products to its partial sum.

It prints, for one block, each phase's loaded A columns / B rows and tile contents and
the partial sums; one element of C written as its sum of products per phase; then the
global-memory reads of the naive kernel (every thread reads a whole row of A and column
of B) and of the tiled kernel, per element and in total. The read counts come from
counting the loads the simulation performs, not from a formula.

    python -m tiledmm.simulate                     # 4x4 sequential matrices, tile 2
    python -m tiledmm.simulate --m 5 --n 3 --k 7 --tile 2 --element 4 2
"""
from __future__ import annotations

import argparse
import dataclasses
import math
from typing import Optional


def sequential(rows: int, cols: int) -> list[list[int]]:
    """[[1, 2, ..., cols], [cols + 1, ...], ...]"""
    return [[r * cols + c + 1 for c in range(cols)] for r in range(rows)]


def parse_matrix(text: str) -> list[list[float]]:
    """'1,2;3,4' -> [[1, 2], [3, 4]] (integers stay integers)."""
    def number(x):
        value = float(x)
        return int(value) if value.is_integer() else value
    return [[number(x) for x in row.split(",")] for row in text.split(";")]


@dataclasses.dataclass
class Phase:
    index: int
    a_columns: range          # columns of A (= rows of B) this phase covers
    a_tile: list[list]        # T x T, zero-filled outside A
    b_tile: list[list]
    partial_sums: list[list]  # the block's accumulators after this phase


@dataclasses.dataclass
class Simulation:
    m: int
    n: int
    k: int
    tile: int
    a: list[list]
    b: list[list]
    c: list[list]
    phases_per_block: int
    block_phases: dict          # (block_row, block_col) -> [Phase]
    element_terms: dict         # (i, j) -> [[(a, b), ...] per phase]
    naive_reads_a: list[list[int]]   # reads of each A element by the naive kernel
    naive_reads_b: list[list[int]]
    tiled_reads_a: list[list[int]]
    tiled_reads_b: list[list[int]]

    @property
    def naive_total(self) -> int:
        return sum(map(sum, self.naive_reads_a)) + sum(map(sum, self.naive_reads_b))

    @property
    def tiled_total(self) -> int:
        return sum(map(sum, self.tiled_reads_a)) + sum(map(sum, self.tiled_reads_b))

    @property
    def savings(self) -> float:
        return self.naive_total / self.tiled_total if self.tiled_total else float("nan")


def _zeros(rows, cols):
    return [[0] * cols for _ in range(rows)]


def simulate(m: int = 4, n: int = 4, k: int = 4, tile: int = 2,
             a: Optional[list[list]] = None, b: Optional[list[list]] = None) -> Simulation:
    """Run the naive and the tiled kernel on a (m x k) and b (k x n), counting every load."""
    a = a if a is not None else sequential(m, k)
    b = b if b is not None else sequential(k, n)
    if len(a) != m or any(len(row) != k for row in a):
        raise ValueError(f"A must be {m}x{k}")
    if len(b) != k or any(len(row) != n for row in b):
        raise ValueError(f"B must be {k}x{n}")
    if tile < 1:
        raise ValueError("tile must be >= 1")

    # Naive kernel: thread (i, j) reads row i of A and column j of B from global memory.
    naive_a, naive_b = _zeros(m, k), _zeros(k, n)
    for i in range(m):
        for j in range(n):
            for p in range(k):
                naive_a[i][p] += 1
                naive_b[p][j] += 1

    # Tiled kernel: blocks of tile x tile threads, phases of tile columns of A.
    tiled_a, tiled_b = _zeros(m, k), _zeros(k, n)
    c = _zeros(m, n)
    phases = math.ceil(k / tile)
    block_phases, terms = {}, {}
    for block_row in range(math.ceil(m / tile)):
        for block_col in range(math.ceil(n / tile)):
            acc = _zeros(tile, tile)
            history = []
            for ph in range(phases):
                k0 = ph * tile
                a_tile, b_tile = _zeros(tile, tile), _zeros(tile, tile)
                # Cooperative load: thread (ty, tx) loads A[row][k0 + tx] and B[k0 + ty][col].
                for ty in range(tile):
                    for tx in range(tile):
                        row, kk = block_row * tile + ty, k0 + tx
                        if row < m and kk < k:
                            a_tile[ty][tx] = a[row][kk]
                            tiled_a[row][kk] += 1
                        kk, col = k0 + ty, block_col * tile + tx
                        if kk < k and col < n:
                            b_tile[ty][tx] = b[kk][col]
                            tiled_b[kk][col] += 1
                # Compute: each thread adds tile products from shared memory.
                for ty in range(tile):
                    for tx in range(tile):
                        i, j = block_row * tile + ty, block_col * tile + tx
                        products = [(a_tile[ty][p], b_tile[p][tx]) for p in range(tile)
                                    if k0 + p < k]
                        acc[ty][tx] += sum(x * y for x, y in products)
                        if i < m and j < n:
                            terms.setdefault((i, j), []).append(products)
                history.append(Phase(ph, range(k0, min(k0 + tile, k)), a_tile, b_tile,
                                     [row[:] for row in acc]))
            for ty in range(tile):
                for tx in range(tile):
                    i, j = block_row * tile + ty, block_col * tile + tx
                    if i < m and j < n:
                        c[i][j] = acc[ty][tx]
            block_phases[(block_row, block_col)] = history
    return Simulation(m, n, k, tile, a, b, c, phases, block_phases, terms,
                      naive_a, naive_b, tiled_a, tiled_b)


def _fmt(x) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def element_equation(sim: Simulation, i: int, j: int) -> str:
    """'C[0][0] = 1*1+2*5 + 3*9+4*13 = 11 + 79 = 90'"""
    phases = sim.element_terms[(i, j)]
    products = " + ".join("+".join(f"{_fmt(x)}*{_fmt(y)}" for x, y in ph) for ph in phases)
    sums = [sum(x * y for x, y in ph) for ph in phases]
    text = f"C[{i}][{j}] = {products}"
    if len(sums) > 1:
        text += " = " + " + ".join(_fmt(s) for s in sums)
    return text + f" = {_fmt(sim.c[i][j])}"


def _matrix(rows, indent="    ") -> str:
    width = max((len(_fmt(x)) for row in rows for x in row), default=1)
    return "\n".join(indent + "[" + " ".join(_fmt(x).rjust(width) for x in row) + "]" for row in rows)


def report(sim: Simulation, block: tuple[int, int] = (0, 0), element: tuple[int, int] = (0, 0)) -> str:
    t = sim.tile
    out = [f"Tiled matrix multiplication C[{sim.m}x{sim.n}] = A[{sim.m}x{sim.k}] * B[{sim.k}x{sim.n}], "
           f"tile {t}x{t}",
           f"A =\n{_matrix(sim.a)}", f"B =\n{_matrix(sim.b)}",
           f"blocks: {math.ceil(sim.m / t)} x {math.ceil(sim.n / t)}, "
           f"phases per block: ceil(K / tile) = ceil({sim.k} / {t}) = {sim.phases_per_block}", ""]
    br, bc = block
    rows = range(br * t, min(br * t + t, sim.m))
    cols = range(bc * t, min(bc * t + t, sim.n))
    out.append(f"Block ({br}, {bc}) computes C rows {rows.start}..{rows.stop - 1}, "
               f"columns {cols.start}..{cols.stop - 1}")
    for ph in sim.block_phases[block]:
        ks = ph.a_columns
        out.append(f"  phase {ph.index}: loads A columns {ks.start}..{ks.stop - 1} (rows "
                   f"{rows.start}..{rows.stop - 1}) and B rows {ks.start}..{ks.stop - 1} "
                   f"(columns {cols.start}..{cols.stop - 1})")
        out.append(f"    A tile =\n{_matrix(ph.a_tile, '      ')}")
        out.append(f"    B tile =\n{_matrix(ph.b_tile, '      ')}")
        out.append(f"    partial sums after phase {ph.index} =\n{_matrix(ph.partial_sums, '      ')}")
    out += ["", element_equation(sim, *element), "", f"C =\n{_matrix(sim.c)}", ""]
    cells_a, cells_b = sim.m * sim.k, sim.k * sim.n
    naive_a, naive_b = sum(map(sum, sim.naive_reads_a)), sum(map(sum, sim.naive_reads_b))
    tiled_a, tiled_b = sum(map(sum, sim.tiled_reads_a)), sum(map(sum, sim.tiled_reads_b))
    out.append("Global memory reads (counted from the simulated loads):")
    out.append(f"  naive kernel: each A element read {_per_element(sim.naive_reads_a)} times, each B element "
               f"{_per_element(sim.naive_reads_b)} times; total {naive_a} + {naive_b} = {sim.naive_total}")
    out.append(f"  tiled kernel: each A element read {_per_element(sim.tiled_reads_a)} times, each B element "
               f"{_per_element(sim.tiled_reads_b)} times; total {tiled_a} + {tiled_b} = {sim.tiled_total}")
    out.append(f"  savings: {sim.naive_total} / {sim.tiled_total} = {sim.savings:.2f}x fewer global reads "
               f"({cells_a + cells_b} distinct elements)")
    return "\n".join(out)


def _per_element(counts) -> str:
    values = sorted({x for row in counts for x in row})
    return str(values[0]) if len(values) == 1 else f"{values[0]}-{values[-1]}"


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tiledmm.simulate",
                                     description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--m", type=int, default=4)
    parser.add_argument("--n", type=int, default=4)
    parser.add_argument("--k", type=int, default=4)
    parser.add_argument("--tile", type=int, default=2)
    parser.add_argument("--a", help="A's contents, rows separated by ';' (default: 1, 2, 3, ... row by row)")
    parser.add_argument("--b", help="B's contents (default: sequential)")
    parser.add_argument("--block", type=int, nargs=2, default=(0, 0), metavar=("ROW", "COL"),
                        help="which block's phases to show")
    parser.add_argument("--element", type=int, nargs=2, default=(0, 0), metavar=("I", "J"),
                        help="which element of C to write out as a sum of products")
    args = parser.parse_args(argv)
    a = parse_matrix(args.a) if args.a else None
    b = parse_matrix(args.b) if args.b else None
    m = len(a) if a else args.m
    k = len(a[0]) if a else (len(b) if b else args.k)
    n = len(b[0]) if b else args.n
    sim = simulate(m, n, k, args.tile, a, b)
    if tuple(args.block) not in sim.block_phases:
        parser.error(f"block {tuple(args.block)} does not exist")
    if not (0 <= args.element[0] < m and 0 <= args.element[1] < n):
        parser.error(f"element {tuple(args.element)} is outside C")
    print(report(sim, tuple(args.block), tuple(args.element)))


if __name__ == "__main__":
    main()
