"""Test doubles for the Minesweeper loop: a colour-code "skin" and a tiny stand-in solver.

The fake skin draws every cell as a flat 10x10 block whose grey level encodes its value, inside a
magenta frame, with a coloured face block above: trivially exact to read, so loop tests check
the loop and not vision. The stand-in solver knows only the single-cell rules and guesses at
random; it exists so these tests do not depend on the real solver's strength.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np

from solvers.decision import Decision
from solvers.minesweeper.moves import Move
from solvers.minesweeper.state import Board, Cell
from vision.core.errors import ReadError
from vision.core.frame import Frame
from vision.core.geometry import GridGeometry, Point

CELL = 10
PANEL = 24
MARGIN = 6
MAGENTA = (255, 0, 255)
FACE_COLOURS = {"playing": (0, 200, 200), "won": (0, 200, 0), "lost": (0, 0, 200)}


def grey(value: int) -> int:
    return 20 + 15 * value


def code_render(
    board: Board, mines_left: int, face: str, timer: int | None = None
) -> tuple[np.ndarray, GridGeometry]:
    h = PANEL + 2 * MARGIN + board.rows * CELL
    w = 2 * MARGIN + board.cols * CELL
    image = np.full((h, w, 3), 128, np.uint8)
    top, left = PANEL + MARGIN, MARGIN
    image[top - 2 : top + board.rows * CELL + 2, left - 2 : left + board.cols * CELL + 2] = MAGENTA
    for (r, c), value in zip(board.positions(), board.cells, strict=True):
        y, x = top + r * CELL, left + c * CELL
        image[y : y + CELL, x : x + CELL] = grey(value)
    geometry = GridGeometry.uniform(Point(left, top), CELL, CELL, board.rows, board.cols)
    fy, fx = (top // 2), left + board.cols * CELL // 2
    image[fy - 6 : fy + 6, fx - 6 : fx + 6] = FACE_COLOURS[face]
    return image, geometry


@dataclass(frozen=True)
class CodeLocation:
    geometry: GridGeometry


@dataclass(frozen=True)
class CodeReading:
    board: Board
    geometry: GridGeometry
    counter: int | None
    face: str | None


def code_locate(frame: Frame) -> CodeLocation:
    mask = np.all(frame.pixels == MAGENTA, axis=2)
    ys, xs = np.nonzero(mask)
    if len(xs) == 0:
        raise ReadError("no board (no magenta frame)")
    left, top = int(xs.min()) + 2, int(ys.min()) + 2
    cols = (int(xs.max()) - 1 - left) // CELL
    rows = (int(ys.max()) - 1 - top) // CELL
    return CodeLocation(GridGeometry.uniform(Point(left, top), CELL, CELL, rows, cols))


def code_read(frame: Frame, location: CodeLocation | None) -> CodeReading:
    geometry = (location or code_locate(frame)).geometry
    px = frame.pixels
    bounds = geometry.bounds
    outside = min(bounds.left, bounds.top) < 0
    if outside or bounds.right > frame.width or bounds.bottom > frame.height:
        raise ReadError("board cut off")
    cells = []
    for r in range(geometry.rows):
        for c in range(geometry.cols):
            centre = geometry.cell_center(r, c)
            g = int(px[centre.y, centre.x, 0])
            value, rest = divmod(g - 20, 15)
            if rest or not 0 <= value <= max(Cell) or len(set(px[centre.y, centre.x])) != 1:
                raise ReadError(f"cell ({r}, {c}) unreadable", cell=(r, c))
            cells.append(value)
    full = location.geometry.bounds if location is not None else bounds
    fy, fx = full.top // 2, full.center.x
    face = next((k for k, v in FACE_COLOURS.items() if tuple(px[fy, fx]) == v), None)
    board = Board(geometry.rows, geometry.cols, tuple(cells))
    return CodeReading(board, geometry, None, face)


class StandInSolver:
    """Single-cell rules, else a random covered cell; flags certain mines when asked."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.calls = 0

    def plan(self, board: Board, mines: int, flags: bool = False) -> list[Decision[Move]]:
        self.calls += 1
        cells = list(board.positions())
        covered = [p for p in cells if board[p].is_covered and board[p] is not Cell.FLAG]
        if len(covered) + board.count(Cell.FLAG) == board.rows * board.cols:
            r, c = board.rows // 2, board.cols // 2
            return [Decision(Move.open(r, c), "first", probability=0.0)]
        known = {p for p in cells if board[p] is Cell.FLAG}
        safe: set[tuple[int, int]] = set()
        changed = True
        while changed:
            changed = False
            for p in cells:
                v = board[p]
                if not v.is_number:
                    continue
                around = list(board.neighbors(*p))
                unknown = [q for q in around if board[q].is_covered and q not in known]
                marked = sum(q in known for q in around)
                if unknown and int(v) == marked:
                    new = set(unknown) - safe
                    safe |= new
                    changed |= bool(new)
                elif unknown and int(v) == marked + len([q for q in unknown if q not in safe]):
                    new = {q for q in unknown if q not in safe} - known
                    known |= new
                    changed |= bool(new)
        if safe:
            out = [Decision(Move.open(*p), "certain", probability=0.0) for p in sorted(safe)]
            if flags:
                out += [
                    Decision(Move.flag(*p), "certain", probability=1.0)
                    for p in sorted(known)
                    if board[p] is not Cell.FLAG
                ]
            return out
        if flags and any(board[p] is not Cell.FLAG for p in known):
            return [
                Decision(Move.flag(*p), "certain", probability=1.0)
                for p in sorted(known)
                if board[p] is not Cell.FLAG
            ]
        options = [p for p in covered if p not in known] or covered
        return [Decision(Move.open(*self.rng.choice(options)), "guess", probability=0.5)]
