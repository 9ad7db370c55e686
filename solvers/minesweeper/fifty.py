"""Unavoidable 50/50s: two cells holding one mine that nothing can ever tell apart.

If a number says "one mine in these two cells" and every other cell that touches either of them
(open or not, other than known mines) touches both, then no number revealed later can say which
of the two it is: the game will come down to a coin flip there whatever happens elsewhere.
Flipping it now costs nothing extra and saves guessing elsewhere in a game that is lost anyway.
"""

from __future__ import annotations

from solvers.minesweeper.frontier import KNOWN_MINE, Frontier, neighbour_table
from solvers.minesweeper.state import Board


def find_fifty_fifty(board: Board, frontier: Frontier) -> tuple[int, int] | None:
    """Two cells forming an unavoidable 50/50, or None."""
    nbrs = neighbour_table(board.rows, board.cols)
    cells = board.cells
    for w in frontier.witnesses:
        if w.need != 1 or len(w.cells) != 2:
            continue
        a, b = w.cells
        around_a = {j for j in nbrs[a] if cells[j] not in KNOWN_MINE} - {b}
        around_b = {j for j in nbrs[b] if cells[j] not in KNOWN_MINE} - {a}
        if around_a == around_b:
            return a, b
    return None
