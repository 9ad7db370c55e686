"""The frontier of a board: numbers that still constrain covered cells, grouped into boxes.

Every solver stage starts here. A *witness* is an open number with covered neighbours and the
count of mines still missing around it; a *box* is a set of covered cells touched by exactly the
same witnesses (its cells are interchangeable, so counting works per box, not per cell); a
*component* is a set of boxes linked through shared witnesses (independent of the others).
Cells are flat indices ``r * cols + c``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from solvers.minesweeper.state import Board, BoardError, Cell

COVERED = frozenset({int(Cell.UNKNOWN), int(Cell.QUESTION)})
KNOWN_MINE = frozenset({int(Cell.FLAG), int(Cell.MINE), int(Cell.EXPLODED)})


@lru_cache(maxsize=16)
def neighbour_table(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """For each flat cell index, the flat indices of its up to eight neighbours."""
    table = []
    for r in range(rows):
        for c in range(cols):
            table.append(
                tuple(
                    rr * cols + cc
                    for rr in range(max(0, r - 1), min(rows, r + 2))
                    for cc in range(max(0, c - 1), min(cols, c + 2))
                    if rr != r or cc != c
                )
            )
    return tuple(table)


def cover_counts(board: Board) -> tuple[list[int], list[bool]]:
    """Per flat cell: how many of its neighbours are covered, and whether a number touches it
    (numpy: the guess stage asks this of every covered cell)."""
    grid = np.frombuffer(bytes(board.cells), dtype=np.uint8).reshape(board.rows, board.cols)
    covered = (grid == Cell.UNKNOWN) | (grid == Cell.QUESTION)
    near_number = around(grid <= 8) > 0
    return around(covered).reshape(-1).tolist(), near_number.reshape(-1).tolist()


@dataclass(frozen=True)
class Witness:
    cell: int
    need: int  # mines still missing among ``cells``
    cells: tuple[int, ...]  # covered, not-flagged neighbours


@dataclass(frozen=True)
class Box:
    cells: tuple[int, ...]
    witnesses: tuple[int, ...]  # indices into Frontier.witnesses


@dataclass(frozen=True)
class Component:
    boxes: tuple[int, ...]  # indices into Frontier.boxes
    witnesses: tuple[int, ...]


@dataclass(frozen=True)
class Frontier:
    rows: int
    cols: int
    mines_left: int  # total mines minus known mines (flags)
    covered: tuple[int, ...]  # every covered, not-flagged cell
    witnesses: tuple[Witness, ...]
    boxes: tuple[Box, ...]
    interior: tuple[int, ...]  # covered cells no number touches
    components: tuple[Component, ...]

    def name(self, cell: int) -> str:
        return f"({cell // self.cols}, {cell % self.cols})"


def build_frontier(board: Board, mines: int) -> Frontier:
    """Witnesses, boxes and components of ``board``; local contradictions raise BoardError."""
    cells = board.cells
    nbrs = neighbour_table(board.rows, board.cols)
    grid = np.frombuffer(bytes(cells), dtype=np.uint8).reshape(board.rows, board.cols)
    is_cov = (grid == Cell.UNKNOWN) | (grid == Cell.QUESTION)
    is_mine = (grid == Cell.FLAG) | (grid == Cell.MINE) | (grid == Cell.EXPLODED)
    known = int(is_mine.sum())
    mines_left = mines - known
    if mines_left < 0:
        raise BoardError(f"{known} flagged mines but the game has only {mines}")
    n_cov, n_mine = around(is_cov), around(is_mine)
    number = grid <= 8
    need_all = grid.astype(np.int16) - n_mine
    bad = number & ((need_all < 0) | (need_all > n_cov))
    if bad.any():
        r, c = (int(x) for x in np.argwhere(bad)[0])
        problem = "too many flagged mines" if need_all[r, c] < 0 else "too few covered cells"
        raise BoardError(
            f"the {grid[r, c]} at ({r}, {c}) is impossible: {problem} around it", ((r, c),)
        )
    covered_set = COVERED
    witnesses: list[Witness] = []
    seen: dict[int, list[int]] = {}
    flat_need = need_all.reshape(-1)
    for i in np.flatnonzero(number & (n_cov > 0)).tolist():
        unknown = tuple(j for j in nbrs[i] if cells[j] in covered_set)
        w_index = len(witnesses)
        witnesses.append(Witness(i, int(flat_need[i]), unknown))
        for j in unknown:
            if j in seen:
                seen[j].append(w_index)
            else:
                seen[j] = [w_index]
    by_key: dict[tuple[int, ...], list[int]] = {}
    for j in sorted(seen):
        by_key.setdefault(tuple(seen[j]), []).append(j)
    boxes = tuple(Box(tuple(group), key) for key, group in by_key.items())
    covered = np.flatnonzero(is_cov).tolist()
    interior = tuple(i for i in covered if i not in seen)
    return Frontier(
        board.rows,
        board.cols,
        mines_left,
        tuple(covered),
        tuple(witnesses),
        boxes,
        interior,
        _components(witnesses, boxes),
    )


def around(mask: np.ndarray) -> np.ndarray:
    """How many of each cell's eight neighbours are set in ``mask``."""
    padded = np.pad(mask.astype(np.int16), 1)
    rows, cols = mask.shape
    total = np.zeros((rows, cols), dtype=np.int16)
    for dr in (0, 1, 2):
        for dc in (0, 1, 2):
            if dr != 1 or dc != 1:
                total += padded[dr : dr + rows, dc : dc + cols]
    return total


def _components(witnesses: list[Witness], boxes: tuple[Box, ...]) -> tuple[Component, ...]:
    """Connected groups of boxes, linked by the witnesses they share."""
    boxes_of_witness: list[list[int]] = [[] for _ in witnesses]
    for b, box in enumerate(boxes):
        for w in box.witnesses:
            boxes_of_witness[w].append(b)
    done = [False] * len(boxes)
    out = []
    for start in range(len(boxes)):
        if done[start]:
            continue
        done[start] = True
        stack, comp_boxes, comp_witnesses = [start], [], set()
        while stack:
            b = stack.pop()
            comp_boxes.append(b)
            for w in boxes[b].witnesses:
                if w in comp_witnesses:
                    continue
                comp_witnesses.add(w)
                for other in boxes_of_witness[w]:
                    if not done[other]:
                        done[other] = True
                        stack.append(other)
        out.append(Component(tuple(sorted(comp_boxes)), tuple(sorted(comp_witnesses))))
    return tuple(out)
