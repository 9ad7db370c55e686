"""Regions of the covered board that no information crosses, and the guess they defer.

Two covered cells are linked when they touch, or when one number touches both (what one shows
can tell about the other). A region is a set of covered cells linked together (known mines
block). A small region walled off from the rest (a pocket of a few cells behind numbers and
mines) will never learn anything from elsewhere but the mine count, which is worth most at the
end: JSMinesweeper's guess stage leaves regions under 8 cells for last, and so can ours.
"""

from __future__ import annotations

from solvers.minesweeper.frontier import COVERED, neighbour_table
from solvers.minesweeper.state import Board


def region_sizes(board: Board) -> dict[int, int]:
    """The size of the region of every covered cell."""
    cells = board.cells
    nbrs = neighbour_table(board.rows, board.cols)
    parent = {i: i for i, v in enumerate(cells) if v in COVERED}

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    def join(a: int, b: int) -> None:
        ra, rb = root(a), root(b)
        if ra != rb:
            parent[ra] = rb

    for i, v in enumerate(cells):
        if v in COVERED:
            for j in nbrs[i]:
                if j > i and cells[j] in COVERED:
                    join(i, j)
        elif v <= 8:
            around = [j for j in nbrs[i] if cells[j] in COVERED]
            for j in around[1:]:
                join(around[0], j)
    size: dict[int, int] = {}
    for i in parent:
        r = root(i)
        size[r] = size.get(r, 0) + 1
    return {i: size[root(i)] for i in parent}
