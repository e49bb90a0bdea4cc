"""The tiling simulator: exact load counts, the worked example, ragged tiles."""
import math
import subprocess
import sys

import pytest
import torch

from tiledmm.simulate import element_equation, report, sequential, simulate


def test_worked_example():
    sim = simulate(4, 4, 4, tile=2)
    assert sim.phases_per_block == 2
    assert element_equation(sim, 0, 0) == "C[0][0] = 1*1+2*5 + 3*9+4*13 = 11 + 79 = 90"
    text = report(sim)
    assert "phase 0: loads A columns 0..1" in text and "B rows 2..3" in text
    assert "partial sums after phase 0 =\n      [11 14]\n      [35 46]" in text
    assert "total 64 + 64 = 128" in text and "total 32 + 32 = 64" in text
    assert "2.00x fewer" in text


@pytest.mark.parametrize("m,n,k,tile", [(4, 4, 4, 2), (8, 8, 8, 4), (6, 4, 8, 2), (16, 16, 16, 16),
                                        (5, 7, 3, 2), (7, 5, 9, 4), (3, 3, 3, 8), (1, 9, 4, 3)])
def test_read_counts_are_exact(m, n, k, tile):
    sim = simulate(m, n, k, tile)
    # Naive: every A element is read by the N threads of its row, every B element by M.
    assert all(x == n for row in sim.naive_reads_a for x in row)
    assert all(x == m for row in sim.naive_reads_b for x in row)
    assert sim.naive_total == 2 * m * n * k
    # Tiled: once per block column (A) / block row (B); zero-fill loads are not reads.
    assert all(x == math.ceil(n / tile) for row in sim.tiled_reads_a for x in row)
    assert all(x == math.ceil(m / tile) for row in sim.tiled_reads_b for x in row)
    assert sim.tiled_total == m * k * math.ceil(n / tile) + k * n * math.ceil(m / tile)
    assert sim.savings == pytest.approx(sim.naive_total / sim.tiled_total)


def test_ragged_tile_does_not_divide_n():
    sim = simulate(3, 5, 3, tile=2)  # N = 5: the last block column is half outside C
    assert sim.phases_per_block == 2
    last_block = sim.block_phases[(0, 2)]
    assert [row[1] for row in last_block[0].b_tile] == [0, 0]  # zero-filled columns beyond N
    assert all(x == 3 for row in sim.tiled_reads_a for x in row)  # ceil(5 / 2) block columns
    assert sim.tiled_total == 3 * 3 * 3 + 3 * 5 * 2


@pytest.mark.parametrize("m,n,k,tile", [(4, 4, 4, 2), (5, 7, 3, 2), (9, 2, 11, 4)])
def test_result_matches_matmul(m, n, k, tile):
    sim = simulate(m, n, k, tile)
    expected = torch.tensor(sequential(m, k), dtype=torch.float64) @ torch.tensor(sequential(k, n), dtype=torch.float64)
    assert torch.equal(torch.tensor(sim.c, dtype=torch.float64), expected)


def test_cli_options():
    out = subprocess.run([sys.executable, "-m", "tiledmm.simulate", "--a", "1,2;3,4", "--b", "5,6;7,8",
                          "--tile", "1", "--element", "1", "1"], capture_output=True, text=True, check=True).stdout
    assert "C[1][1] = 3*6 + 4*8 = 18 + 32 = 50" in out
    assert "phases per block: ceil(K / tile) = ceil(2 / 1) = 2" in out
