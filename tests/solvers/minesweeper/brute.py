"""A slow oracle: enumerate every mine layout of a small board and count."""

from __future__ import annotations

from itertools import combinations

from solvers.minesweeper.frontier import COVERED, KNOWN_MINE, neighbour_table
from solvers.minesweeper.state import Board


def brute_force(board: Board, mines: int) -> tuple[list[float], int]:
    """Mine probability per flat cell (NaN open, 1.0 flag) and the number of layouts."""
    cells = board.cells
    nbrs = neighbour_table(board.rows, board.cols)
    covered = [i for i, v in enumerate(cells) if v in COVERED]
    flags = {i for i, v in enumerate(cells) if v in KNOWN_MINE}
    numbers = [(i, v) for i, v in enumerate(cells) if v <= 8]
    hits = [0] * len(cells)
    total = 0
    for chosen in combinations(covered, mines - len(flags)):
        mine = flags | set(chosen)
        if all(sum(j in mine for j in nbrs[i]) == v for i, v in numbers):
            total += 1
            for j in chosen:
                hits[j] += 1
    probs = [float("nan")] * len(cells)
    for i in flags:
        probs[i] = 1.0
    for i in covered:
        probs[i] = hits[i] / total if total else float("nan")
    return probs, total
