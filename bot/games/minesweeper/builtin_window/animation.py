"""The Windows 7 look's animations in the built-in window: cells fade open, and on a loss
the mines go off one group after another, outward from the one that was hit.

They exist so the bot meets what Windows 7 shows: pictures between two states (a cell half
faded, a board with some mines shown) that no skin names and that must be waited out, never
read as a state or learned as a look.
"""

from __future__ import annotations

import numpy as np

from solvers.minesweeper.state import Board, Cell

#: Pictures between two states of a cell fading open, and the milliseconds each is shown.
FADE_STEPS = 3
FADE_MS = 30
#: Groups the mines go off in after a loss, and the milliseconds between two groups.
BLAST_GROUPS = 8
BLAST_MS = 60


def fade(before: np.ndarray, after: np.ndarray, steps: int = FADE_STEPS) -> list[np.ndarray]:
    """The pictures from ``before`` to ``after``: ``steps - 1`` blends, then ``after``."""
    if before.shape != after.shape or np.array_equal(before, after):
        return [after]
    a, b = before.astype(np.float32), after.astype(np.float32)
    out = [(a + (b - a) * (k / steps)).round().astype(np.uint8) for k in range(1, steps)]
    return [*out, after]


def blast(final: Board, groups: int = BLAST_GROUPS) -> list[Board]:
    """The boards of a loss as Windows 7 shows it: first only the mine that was hit, then the
    others in ``groups`` by distance from it, the wrong flags last (``final`` is the last)."""
    hit = [rc for rc in final.positions() if final[rc] is Cell.EXPLODED]
    if not hit:
        return [final]
    hr, hc = hit[0]
    mines = sorted((rc for rc in final.positions() if final[rc] is Cell.MINE),
                   key=lambda rc: (max(abs(rc[0] - hr), abs(rc[1] - hc)), rc))
    wrong = {rc: Cell.FLAG for rc in final.positions() if final[rc] is Cell.WRONG_FLAG}
    size = max(1, -(-len(mines) // groups))
    out = []
    for shown in range(0, len(mines), size):
        covered = {rc: Cell.UNKNOWN for rc in mines[shown:]}
        out.append(final.with_cells({**covered, **wrong}))
    if not mines:
        out.append(final.with_cells(wrong))
    return [*out, final]
