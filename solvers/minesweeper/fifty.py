"""Unavoidable 50/50s: two cells holding one mine that nothing can ever tell apart.

If a number says "one mine in these two cells" and every other cell that touches either of them
(open or not, other than known mines) touches both, then no number revealed later can say which
of the two it is: the game will come down to a coin flip there whatever happens elsewhere.
Flipping it now costs nothing extra and saves guessing elsewhere in a game that is lost anyway.
"""

from __future__ import annotations

from solvers.minesweeper.frontier import COVERED, KNOWN_MINE, neighbour_table
from solvers.minesweeper.state import Board


def find_fifty_fifty(board: Board) -> tuple[int, int] | None:
    """Two cells forming an unavoidable 50/50, or None (the first such number in board
    order; certain mines must be flagged)."""
    nbrs = neighbour_table(board.rows, board.cols)
    cells = board.cells
    for i, v in enumerate(cells):
        if v > 8:
            continue
        pair = [j for j in nbrs[i] if cells[j] in COVERED]
        if len(pair) != 2 or v - sum(1 for j in nbrs[i] if cells[j] in KNOWN_MINE) != 1:
            continue
        a, b = pair
        around_a = {j for j in nbrs[a] if cells[j] not in KNOWN_MINE} - {b}
        around_b = {j for j in nbrs[b] if cells[j] not in KNOWN_MINE} - {a}
        if around_a == around_b:
            return a, b
    return None
