"""A slow oracle for the XP rule: draw every layout the program could, move the mine as it does,
and count what fits the board (no formula shared with ``relocation``)."""

from __future__ import annotations

import math
from itertools import combinations

from solvers.minesweeper.frontier import COVERED, KNOWN_MINE, neighbour_table
from solvers.minesweeper.state import Board


def brute_force_xp(board: Board, mines: int, click: int) -> tuple[list[float], int]:
    """Mine probability per flat cell (NaN open) and how many draws end as a fitting layout."""
    n = board.rows * board.cols
    nbrs = neighbour_table(board.rows, board.cols)
    cells = board.cells
    flags = {i for i, v in enumerate(cells) if v in KNOWN_MINE}
    numbers = [(i, v) for i, v in enumerate(cells) if v <= 8]
    shown = {i for i, v in enumerate(cells) if v not in COVERED and v not in KNOWN_MINE}
    hits = [0] * n
    total = 0
    for drawn in combinations(range(n), mines):
        layout = set(drawn)
        if click in layout:  # Windows XP: to the first free cell in reading order
            layout.discard(click)
            layout.add(next(i for i in range(n) if i not in layout and i != click))
        if not flags <= layout or layout & shown:
            continue
        if all(sum(j in layout for j in nbrs[i]) == v for i, v in numbers):
            total += 1
            for j in layout:
                hits[j] += 1
    probs = [math.nan] * n
    for i, v in enumerate(cells):
        if v in COVERED or v in KNOWN_MINE:
            probs[i] = hits[i] / total if total else math.nan
    return probs, total
