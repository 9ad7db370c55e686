"""Find and read a Minesweeper board in a frame: any built-in or learned skin, any scale.

``locate_minesweeper`` is the slow, once-per-window step: candidate lattices from flat cell
faces (:mod:`vision.core.lattice`), each tried against the skins with small shifts, the best fit
grown or trimmed to the board's real edge, then the counters and face found above it.
``read_minesweeper`` with a known location is the per-frame step: block features of every cell,
nearest template, counters, face. Any cell that fits no template raises :class:`ReadError`
naming it; nothing is guessed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from solvers.minesweeper.state import CELL_CHARS, Board, Cell
from vision.core.errors import BoardNotFoundError, ReadError
from vision.core.frame import Frame
from vision.core.geometry import GridGeometry, Region
from vision.core.lattice import MERGE_GAP, board_lattices, find_lattices, merge_lattices
from vision.minesweeper.cells import CellGrid, CellVerdict, unnamed_index
from vision.minesweeper.fit import Picture, fit_score, grow, rank, refine, trim, verdict_of
from vision.minesweeper.looks import plain_cells
from vision.minesweeper.panel import Panel, find_panel, read_face
from vision.minesweeper.seven_segment import read_counter
from vision.minesweeper.skin import NUMBERS, Skin, SkinError, builtin_skins, load_skin, user_skins
from vision.minesweeper.text_counter import read_text_counter, read_text_timer
from vision.minesweeper.whole_lattice import part_of_lattice

#: A lattice is a board only if at least this share of its cells match the skin.
MIN_BOARD_SHARE = 0.25
MAX_LATTICES = 4


@dataclass(frozen=True)
class BoardLocation:
    """Where a board is in a frame (frame pixels) and how it is drawn.

    ``geometry`` has whole-pixel edges (clicks, drawing); ``cells`` the fitted fractional
    centres the reader samples. A location built by hand from a geometry alone works too.
    """

    geometry: GridGeometry
    skin: str
    scale: float
    panel: Panel = field(default_factory=Panel)
    cells: CellGrid | None = None

    @property
    def grid(self) -> CellGrid:
        """Fractional cell centres for sampling (from the geometry if not fitted)."""
        return self.cells if self.cells is not None else CellGrid.from_geometry(self.geometry)

    def to_dict(self) -> dict[str, object]:
        def reg(r: Region | None) -> dict[str, int] | None:
            return None if r is None else r.to_dict()

        return {
            "skin": self.skin,
            "scale": round(self.scale, 3),
            "geometry": self.geometry.to_dict(),
            "counter_box": reg(self.panel.counter),
            "timer_box": reg(self.panel.timer),
            "face_box": reg(self.panel.face),
        }


@dataclass(frozen=True)
class MinesweeperReading:
    """What the screen shows: the board, where it is (frame pixels), skin, counters, face."""

    board: Board
    geometry: GridGeometry
    skin: str
    counter: int | None
    timer: int | None
    face: str | None
    scale: float

    def to_dict(self) -> dict[str, object]:
        return {
            "state": self.board.to_text(),
            "rows": self.board.rows,
            "cols": self.board.cols,
            "skin": self.skin,
            "counter": self.counter,
            "timer": self.timer,
            "face": self.face,
            "scale": round(self.scale, 3),
            "geometry": self.geometry.to_dict(),
        }


def _skins(skin: str | Skin | None) -> list[Skin]:
    """The skin asked for, else every built-in one and every learned one in the user skin
    folder (one that does not load is left out: ``--skin NAME`` shows why)."""
    if skin is not None:
        return [load_skin(skin)]
    out = [load_skin(name) for name in builtin_skins()]
    for name in user_skins():
        try:
            out.append(load_skin(name))
        except SkinError:
            continue
    return out


def _inside(geometry: GridGeometry, width: int, height: int) -> bool:
    b = geometry.bounds
    return b.left >= 0 and b.top >= 0 and b.right <= width and b.bottom <= height


def locate_minesweeper(frame: Frame, skin: str | Skin | None = None) -> BoardLocation:
    """Find the board, its exact cell edges, skin and scale; :class:`BoardNotFoundError` if none.

    Lattices of flat cell faces are tried first; when none of them fits a skin (a board that is
    mostly open may show too few flat faces), lattices of the places where the skins' own looks
    fit (:mod:`vision.minesweeper.template_lattice`) are tried too, when one skin is asked for
    (matching every skin's looks over a whole screen would take seconds on a frame with no board).
    """
    picture = Picture(frame.pixels)
    skins = _skins(skin)
    lattices = merge_lattices(find_lattices(frame.pixels))
    best = _best_fit(picture, [(lat, skins) for lat in lattices[:MAX_LATTICES]])
    if best is None:  # soft edges drawn large, no covered cell left: the other ways
        tried = {lat.geometry for lat in lattices[:MAX_LATTICES]}
        more = [lat for lat in board_lattices(frame.pixels) if lat.geometry not in tried]
        lattices = lattices or more
        best = _best_fit(picture, [(lat, skins) for lat in more[:MAX_LATTICES]])
    if best is None and skin is not None:  # one skin asked for: worth the slower search
        from vision.minesweeper.template_lattice import template_lattices

        by_skin = [(lat, [sk]) for sk in skins for lat in template_lattices(frame.pixels, sk)[:2]]
        best = _best_fit(picture, by_skin)
    if best is None:
        raise BoardNotFoundError(_not_found(frame, skins, lattices))
    _, grid, sk, verdict = best
    grid = trim(grid, verdict)
    grid = grow(picture, grid, sk)
    grid = _past_messages(picture, grid, sk)
    _whole_or_refused(picture, grid, sk)
    scale = grid.pitch_x / sk.cell_size[0]
    geometry = grid.geometry()
    panel = find_panel(frame.pixels, geometry, sk, scale)
    return BoardLocation(geometry, sk.name, scale, panel, grid)


def _whole_or_refused(picture: Picture, grid: CellGrid, skin: Skin) -> None:
    """A board that is a small part of the lattice of alike cells around it is no board: the
    skin fits some cells of a look it does not know (:mod:`vision.minesweeper.whole_lattice`)."""
    real = verdict_of(picture, grid, skin).accepted
    around = part_of_lattice(picture.pixels, grid, real)
    if around is None:
        return
    g, a = grid.geometry(), around.geometry()
    raise BoardNotFoundError(
        f"the {skin.name} skin fits {g.rows}x{g.cols} cells at ({g.col_edges[0]},"
        f" {g.row_edges[0]}), a part of a lattice of {a.rows}x{a.cols} alike cells at"
        f" ({a.col_edges[0]}, {a.row_edges[0]}) whose other cells fit no look it knows: a"
        f" part is no board. Next: 'gamebot play minesweeper' learns the look while it plays;"
        f" for screenshots, 'gamebot calibrate minesweeper --from SHOT.png --board"
        f" {a.col_edges[0]},{a.row_edges[0]},{a.col_edges[-1] - a.col_edges[0]},"
        f"{a.row_edges[-1] - a.row_edges[0]}'")


def _past_messages(picture: Picture, grid: CellGrid, skin: Skin) -> CellGrid:
    """The grid carried on past lines a message drawn over the board hides.

    Growing stops at a line with a cell no glyph fits, and a part must never pass for the
    whole: when a line a little further (at most :data:`MERGE_GAP` lines past the hidden
    ones) is mostly cells of the skin, one of them not plain (a plain margin may pass for
    empty cells), the board goes on there, so the grid takes in the lines up to it and grows
    on. The hidden cells are then refused when read.
    """
    h, w = picture.pixels.shape[:2]
    for _ in range(8):
        wider = next((extended for k in range(1, int(MERGE_GAP) + 2) for side in range(4)
                      for line, extended in [_beyond(grid, side, k)]
                      if extended.inside(w, h) and _board_line(picture, line, skin)), None)
        if wider is None:
            return grid
        grid = grow(picture, wider, skin)
    return grid


def _beyond(grid: CellGrid, side: int, k: int) -> tuple[CellGrid, CellGrid]:
    """The line ``k`` lines past one side of the grid (0 left, 1 right, 2 top, 3 bottom),
    and the grid taking in every line up to it."""
    cols, rows = list(grid.col_centres), list(grid.row_centres)
    along = cols if side < 2 else rows
    step = (grid.pitch_x if side < 2 else grid.pitch_y) * (-1 if side % 2 == 0 else 1)
    edge = along[0] if side % 2 == 0 else along[-1]
    new = [edge + i * step for i in range(1, k + 1)]
    if side < 2:
        return (CellGrid((new[-1],), tuple(rows), grid.pitch_x, grid.pitch_y),
                CellGrid(tuple(sorted(cols + new)), tuple(rows), grid.pitch_x, grid.pitch_y))
    return (CellGrid(tuple(cols), (new[-1],), grid.pitch_x, grid.pitch_y),
            CellGrid(tuple(cols), tuple(sorted(rows + new)), grid.pitch_x, grid.pitch_y))


def _board_line(picture: Picture, line: CellGrid, skin: Skin) -> bool:
    """Mostly cells of the skin, one of them not plain."""
    fits = verdict_of(picture, line, skin).accepted
    return bool(fits.mean() >= 0.5 and (fits & ~plain_cells(picture.pixels, line)).any())


def _best_fit(picture: Picture, candidates: list[tuple[Any, list[Skin]]]
              ) -> tuple[tuple[int, float], CellGrid, Skin, CellVerdict] | None:
    """The lattice (and skin) whose refined grid the skin's templates fit best."""
    h, w = picture.pixels.shape[:2]
    best: tuple[tuple[int, float], CellGrid, Skin, CellVerdict] | None = None
    for lattice, skins in candidates:
        rough = CellGrid.from_geometry(lattice.geometry)
        if not rough.inside(w, h):
            continue
        sk = min(skins, key=lambda one: fit_score(picture, rough, one, small=True))
        scale = rough.pitch_x / sk.cell_size[0]
        grid = refine(picture, rough, sk, scale)
        verdict = verdict_of(picture, grid, sk)
        if verdict.accepted.mean() < MIN_BOARD_SHARE or verdict.accepted.sum() < 4:
            continue
        score = rank(verdict)
        if best is None or score > best[0]:
            best = (score, grid, sk, verdict)
        if verdict.accepted.mean() >= 0.95:
            break  # lattices come best supported first: a clean fit is the board
    return best


def _not_found(frame: Frame, skins: list[Skin], lattices: Sequence[object]) -> str:
    """Where the search looked, what it found, and what to try next."""
    names = ", ".join(s.name for s in skins)
    seen = [getattr(lat, "geometry", None) for lat in lattices[:3]]
    found = "; ".join(f"{g.rows}x{g.cols} cells of {g.pitch[0]:.0f} px at"
                      f" ({g.col_edges[0]}, {g.row_edges[0]})" for g in seen if g is not None)
    where = (f"in the {frame.width}x{frame.height} picture: "
             + (f"grids of alike cells seen ({found}) fit no skin" if found
                else "no grid of alike cells seen (is the board fully on the screen?)"))
    return (f"no Minesweeper board found {where}; skins tried: {names}. Next: 'gamebot play"
            " minesweeper' learns a look it has no skin for while it plays; for screenshots,"
            " 'gamebot calibrate minesweeper --from SHOT.png' learns it (--board X,Y,W,H gives"
            " the board's rectangle if it is not found)")


_CHAR_VALUE = {ch: value for value, ch in enumerate(CELL_CHARS)}


def opened_look(candidates: str) -> bool:
    """An unnamed look with these names left reads as an opened cell of unknown number: every
    name left is a number, or a number or the mine that went off (on a program that may show
    only that mine: not covered either way; the game's end waits for its name)."""
    cands = set(candidates)
    return bool(cands & set(NUMBERS)) and cands <= set(NUMBERS) | {"X"}


def _values(verdict: CellVerdict, skin: Skin) -> np.ndarray:
    """Board value of each character of the verdict: an unnamed look reads as opened (``_``)
    when every name left to it is a number (or the mine that went off), else -1 (it cannot be
    read yet)."""
    out = []
    for ch in verdict.chars:
        i = unnamed_index(ch)
        if i is None:
            out.append(_CHAR_VALUE.get(ch, 0))
        elif i < len(skin.unnamed) and opened_look(skin.unnamed_candidates[i]):
            out.append(int(Cell.OPENED))
        else:
            out.append(-1)
    return np.array(out, np.int64)


def readable(verdict: CellVerdict, skin: Skin) -> np.ndarray:
    """Cells that read as a board character: accepted, and not a look still to be named; or a
    close call between a number and a look not named yet that may be that number (two looks
    of one glyph, until the game names the second): an opened cell of unknown number."""
    return (verdict.accepted & (_values(verdict, skin)[verdict.best] >= 0)) | _open_calls(
        verdict, skin)


def _open_calls(verdict: CellVerdict, skin: Skin) -> np.ndarray:
    """Close calls between two numbers, one of them a look not named yet."""
    if verdict.second is None or not skin.unnamed:
        return np.zeros(verdict.best.shape, bool)
    names = []
    for ch in verdict.chars:
        i = unnamed_index(ch)
        if i is None:
            names.append((False, frozenset(ch) if ch in NUMBERS else frozenset()))
        elif i < len(skin.unnamed):
            names.append((True, frozenset(skin.unnamed_candidates[i])))
        else:
            names.append((False, frozenset()))
    numeric = np.array([bool(n) and n <= frozenset(NUMBERS) for _, n in names])
    loose = np.array([u for u, _ in names])
    a, b = verdict.best, verdict.second
    return verdict.close_call & numeric[a] & numeric[b] & (loose[a] | loose[b])


def board_values(verdict: CellVerdict, skin: Skin) -> np.ndarray:
    """Each cell's board value (rows x cols) as its nearest look reads, accepted or not: -1
    for a look still to be named."""
    return _values(verdict, skin)[verdict.best]


def _board(verdict: CellVerdict, skin: Skin) -> Board:
    values = board_values(verdict, skin)
    values[_open_calls(verdict, skin)] = int(Cell.OPENED)
    rows, cols = verdict.best.shape
    return Board(rows, cols, tuple(np.maximum(values, 0).reshape(-1).tolist()))


def _cell_error(frame: Frame, geometry: GridGeometry, verdict: CellVerdict, skin: str,
                ok: np.ndarray | None = None) -> ReadError:
    ok = verdict.accepted if ok is None else ok
    bad = np.argwhere(~ok)
    cells = tuple((int(r), int(c)) for r, c in bad)
    r, c = cells[0]
    total = verdict.best.size
    nearest = verdict.chars[int(verdict.best[r, c])]
    if verdict.accepted[r, c]:  # a look seen before whose name the game has not fixed yet
        more = f" (and {len(cells) - 1} more)" if len(cells) > 1 else ""
        rect = geometry.cell_rect(r, c)
        crop = frame.pixels[rect.top : rect.bottom, rect.left : rect.right].copy()
        return ReadError(f"row {r}, col {c}{more}: a look the {skin} skin has not named yet",
                         (r, c), crop, cells)
    detail = (f"nearest {nearest!r} at distance {verdict.rms[r, c]:.0f},"
              f" worst patch {verdict.patch[r, c]:.0f}, margin {verdict.margin[r, c]:.2f}")
    if len(cells) > max(3, total // 10):
        b = geometry.bounds
        crop = frame.pixels[b.top : b.bottom, b.left : b.right].copy()
        msg = (f"{len(cells)} of {total} cells match no {skin} glyph: board partly covered,"
               f" not a {skin} board, or glyphs the skin has not learned yet (first at row {r},"
               f" col {c}: {detail})")
        return ReadError(msg, (r, c), crop, cells)
    rect = geometry.cell_rect(r, c)
    crop = frame.pixels[rect.top : rect.bottom, rect.left : rect.right].copy()
    more = f" (and {len(cells) - 1} more)" if len(cells) > 1 else ""
    msg = f"unknown glyph at row {r}, col {c}{more}: not a {skin} cell ({detail})"
    return ReadError(msg, (r, c), crop, cells)


def read_minesweeper(
    frame: Frame, skin: str | Skin | None = None, location: BoardLocation | None = None
) -> MinesweeperReading:
    """Read the board exactly, or raise :class:`ReadError` naming the first cell that fits no glyph.

    With ``location`` (from :func:`locate_minesweeper` on an earlier frame) this is the fast
    per-frame path; without it the board is located first. A :class:`Skin` object given reads
    the cells even when the location names another skin: a skin learned during play keeps the
    location of the skin it grew from, and must never be swapped for an older one by name.
    """
    if location is None:
        location = locate_minesweeper(frame, skin)
    sk = skin if isinstance(skin, Skin) else load_skin(location.skin)
    geometry = location.geometry
    if not _inside(geometry, frame.width, frame.height):
        raise ReadError(
            f"board {geometry.bounds.to_dict()} is not inside the {frame.width}x{frame.height}"
            " frame (window moved or frame cut): locate it again"
        )
    verdict = verdict_of(frame.pixels, location.grid, sk)
    ok = readable(verdict, sk) if sk.unnamed else verdict.accepted
    if not ok.all():
        raise _cell_error(frame, geometry, verdict, sk.name, ok)
    panel = location.panel
    counter = timer = None
    if sk.counter is not None and sk.counter.get("kind") == "text":
        if panel.counter is not None:
            counter = read_text_counter(frame.pixels, panel.counter)
        if panel.timer is not None:
            timer = read_text_timer(frame.pixels, panel.timer)
    elif sk.counter is not None:
        if panel.counter is not None:
            counter = read_counter(frame.pixels, panel.counter, sk.counter)
        if panel.timer is not None:
            timer = read_counter(frame.pixels, panel.timer, sk.counter)
    face = read_face(frame.pixels, panel.face, sk) if panel.face is not None else None
    return MinesweeperReading(_board(verdict, sk), geometry, sk.name, counter, timer, face,
                              location.scale)


def cell_verdicts(frame: Frame, location: BoardLocation) -> CellVerdict:
    """Every cell's nearest character and whether it was accepted, without raising: for
    ``--debug`` pictures and accuracy counts (unaccepted cells are the ones a read refuses)."""
    if not location.grid.inside(frame.width, frame.height):
        raise ReadError(f"board {location.geometry.bounds.to_dict()} is outside the frame")
    return verdict_of(frame.pixels, location.grid, load_skin(location.skin))
