"""Learn a Minesweeper skin from screenshots (``gamebot calibrate minesweeper``).

No template to start from: the lattice comes from the picture itself (flat cell faces on a
grid), every cell is cut and the cuts are grouped by likeness (leader clustering on block
features), the grid is re-fitted on those groups, and the groups are named:

* covered and opened-empty: the two plain groups; an opened-empty cell never touches a covered
  one (its neighbours were opened with it), which decides which is which;
* numbers: Tesseract reads the enlarged glyph (digits only), and a name is kept only if the
  board stays possible: a number never exceeds its covered neighbours;
* the rest (flags, mines, question marks) by colour: red on a covered face is a flag, dark on
  an opened face a mine, a red face an exploded mine.

Groups that cannot be named are reported, not guessed; they are learned later, during play,
by :func:`learn_cell`, which names one unknown cell and keeps the name only if the solver
still finds the board consistent.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import cv2
import numpy as np

from vision.cells import (
    COARSE_DIMS,
    CellGrid,
    cut_cell,
    distance_features,
    grid_blocks,
    image_blocks,
)
from vision.errors import BoardNotFoundError
from vision.fit import Picture, refine
from vision.frame import Frame
from vision.geometry import GridGeometry, Region
from vision.lattice import find_lattices
from vision.skin import CELL_CHARS, Skin

#: Cuts closer than this (the reader's distance, 0-255) fall in the same group. Small on
#: purpose: a glyph split over two groups only costs one more naming, two glyphs in one group
#: would be a misread (gnome-mines' 1 and 2 tiles differ little).
GROUP_RADIUS = 7.0


@dataclass
class Group:
    """Cells that look alike: where they are (frame index, row, col) and their median look."""

    members: list[tuple[int, int, int]]
    look: np.ndarray
    name: str | None = None
    how: str = ""


@dataclass
class LearnReport:
    boards: list[tuple[int, int]] = field(default_factory=list)
    grids: list[CellGrid] = field(default_factory=list)
    groups: list[Group] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        out = [f"boards: {', '.join(f'{r}x{c}' for r, c in self.boards)}"]
        for g in sorted(self.groups, key=lambda g: -len(g.members)):
            name = repr(g.name) if g.name else "unnamed"
            out.append(f"  group of {len(g.members):4d} cells -> {name:9s} {g.how}")
        return out + self.notes


def _board_grid(frame: Frame, region: Region | None) -> CellGrid:
    pixels = frame.pixels
    if region is not None:
        pixels = pixels[region.top : region.bottom, region.left : region.right]
    lattices = find_lattices(pixels)
    if not lattices:
        raise BoardNotFoundError("no cell lattice found: give the board rectangle (--board)")
    g = lattices[0].geometry
    if region is not None:
        g = g.offset(region.left, region.top)
    return CellGrid.from_geometry(g)


def _group(features: np.ndarray) -> list[list[int]]:
    """Leader clustering: each cut joins the nearest group within GROUP_RADIUS, else starts one."""
    centres: list[np.ndarray] = []
    members: list[list[int]] = []
    for i, f in enumerate(features):
        if centres:
            d = np.sqrt(((np.stack(centres) - f) ** 2).mean(axis=1))
            j = int(d.argmin())
            if d[j] <= GROUP_RADIUS:
                members[j].append(i)
                k = len(members[j])
                centres[j] = centres[j] + (f - centres[j]) / k
                continue
        centres.append(f.astype(np.float64))
        members.append([i])
    return members


def _cuts(frames: list[Frame], grids: list[CellGrid], size: tuple[int, int]
          ) -> tuple[list[tuple[int, int, int]], list[np.ndarray]]:
    where, cuts = [], []
    for k, (frame, grid) in enumerate(zip(frames, grids, strict=True)):
        geometry = grid.geometry()
        for r in range(grid.rows):
            for c in range(grid.cols):
                where.append((k, r, c))
                cuts.append(cut_cell(frame.pixels, geometry, r, c, size))
    return where, cuts


def _groups(where: list[tuple[int, int, int]], cuts: list[np.ndarray]) -> list[Group]:
    feats = distance_features(np.stack([image_blocks(c) for c in cuts]))
    feats = feats * np.sqrt(feats.shape[1] / COARSE_DIMS)  # mean of squares = reader's RMS²
    out = []
    for idx in _group(feats):
        look = np.median(np.stack([cuts[i] for i in idx]), axis=0).round().astype(np.uint8)
        out.append(Group([where[i] for i in idx], look))
    return out


def _ink(look: np.ndarray) -> tuple[np.ndarray, tuple[int, int, int]]:
    """Pixels that differ strongly from the cell's dominant colour (its outer eighth, where
    bevels and grid lines live, left out), and that dominant colour."""
    h, w = look.shape[:2]
    flat = look[h // 8 : h - h // 8, w // 8 : w - w // 8].reshape(-1, 3)
    colours, counts = np.unique(flat // 8, axis=0, return_counts=True)
    base = colours[counts.argmax()] * 8 + 4
    diff = np.abs(look.astype(np.int16) - base.astype(np.int16)).max(axis=2)
    mask = diff > 60
    border = max(1, min(h, w) // 8)
    mask[:border] = mask[-border:] = False
    mask[:, :border] = mask[:, -border:] = False
    return mask, (int(base[0]), int(base[1]), int(base[2]))


def _plain(look: np.ndarray) -> bool:
    """No ink in the middle three fifths (a bevel or grid line is not a glyph)."""
    mask, _ = _ink(look)
    h, w = mask.shape
    return not mask[h // 5 : h - h // 5, w // 5 : w - w // 5].any()


def _ocr(look: np.ndarray, mask: np.ndarray) -> str:
    """Tesseract's reading of the glyph (a digit or '?'), or '' when it is not clear.

    Pixel fonts are read unevenly, so the cropped ink is read at three sizes and in three page
    modes, and the name is kept only with at least three votes and more than twice the votes
    of any other reading.
    """
    try:
        import pytesseract
    except ImportError:
        return ""
    ys, xs = np.nonzero(mask)
    if xs.size == 0:
        return ""
    glyph = np.where(mask, 0, 255).astype(np.uint8)[ys.min() : ys.max() + 1,
                                                     xs.min() : xs.max() + 1]
    votes: dict[str, int] = {}
    for target in (32, 48, 64):
        k = max(1, round(target / glyph.shape[0]))
        big = cv2.resize(glyph, None, fx=k, fy=k, interpolation=cv2.INTER_NEAREST)
        big = cv2.GaussianBlur(big, (0, 0), k / 3)
        big = cv2.copyMakeBorder(big, 30, 30, 30, 30, cv2.BORDER_CONSTANT, value=255)
        for psm in (10, 8, 7):
            try:
                text = pytesseract.image_to_string(
                    big, config=f"--psm {psm} -c tessedit_char_whitelist=12345678?"
                ).strip()
            except (OSError, RuntimeError):
                return ""
            if len(text) == 1:
                votes[text] = votes.get(text, 0) + 1
    if not votes:
        return ""
    ranked = sorted(votes.items(), key=lambda kv: -kv[1])
    name, count = ranked[0]
    runner = ranked[1][1] if len(ranked) > 1 else 0
    return name if count >= 3 and count > 2 * runner else ""


def _name_plain(groups: list[Group], grids: list[CellGrid]) -> None:
    """Name the plain groups: opened-empty is the one whose cells sit among numbers.

    An opened-empty cell has only opened neighbours (other empties and numbers), while most
    covered cells sit among covered ones; every other plain group is a look of covered cells
    (Windows 7 shades them across the board).
    """
    plain = [g for g in groups if _plain(g.look)]
    if not plain:
        return
    owner = {m: i for i, g in enumerate(groups) for m in g.members}
    inked = {i for i, g in enumerate(groups) if not _plain(g.look)}

    def among_numbers(g: Group) -> float:
        hits = total = 0
        for k, r, c in g.members:
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    j = owner.get((k, r + dr, c + dc))
                    if (dr or dc) and j is not None:
                        total += 1
                        hits += j in inked
        return hits / max(1, total)

    scores = [among_numbers(g) for g in plain]
    best = int(np.argmax(scores))
    if len(plain) == 1 or scores[best] < 0.15:
        for g in plain:
            g.name, g.how = "#", "plain look, not among numbers (covered)"
        return
    for i, g in enumerate(plain):
        if i == best:
            g.name, g.how = ".", f"plain look among numbers ({scores[i]:.0%} of neighbours)"
        else:
            g.name, g.how = "#", f"plain look ({scores[i]:.0%} of neighbours are numbers)"


def _gap(a: tuple[int, int, int], b: tuple[int, int, int]) -> int:
    return max(abs(x - y) for x, y in zip(a, b, strict=True))


def _name_inked(groups: list[Group], covered: tuple[int, int, int] | None,
                opened: tuple[int, int, int] | None) -> None:
    covers = [_ink(g.look)[1] for g in groups if g.name == "#"]
    for g in groups:
        if g.name:
            continue
        mask, base = _ink(g.look)
        if _plain(g.look):
            continue
        # Numbers are drawn on opened tiles: a glyph on a face nearer a covered look (a flag,
        # gnome-mines' dark mine tile) is not read as a digit.
        on_opened = opened is not None and all(
            _gap(base, opened) <= _gap(base, c) for c in covers
        )
        text = _ocr(g.look, mask)
        if text and ((text in "12345678" and on_opened) or text == "?"):
            g.name, g.how = text, "Tesseract"
            continue
        ink = g.look[mask].astype(np.float64).mean(axis=0)
        reddish = (g.look[..., 2] > 180) & (g.look[..., 1] < 80) & (g.look[..., 0] < 80)
        if reddish.mean() > 0.5:
            g.name, g.how = "X", "red face"
        inked = g.look[mask].astype(np.int16)
        red = ((inked[:, 2] > 150) & (inked[:, 1] < 90)).mean()
        dark = (inked.max(axis=1) < 70).mean()
        if red > 0.2 and dark > 0.2 and any(_near(base, c) for c in covers):
            g.name, g.how = "F", "red flag on a dark base, on a covered face"
        elif ink.max() < 80 and opened is not None and _near(base, opened):
            g.name, g.how = "*", "dark blot on an opened face"


def _near(a: tuple[int, int, int], b: tuple[int, int, int]) -> bool:
    return max(abs(x - y) for x, y in zip(a, b, strict=True)) < 24


def _check_numbers(groups: list[Group], grids: list[CellGrid]) -> None:
    """Keep number names only while the boards stay possible.

    A number never exceeds its covered (or unnamed) neighbours. While some named number group
    breaks that, the group with the largest share of breaking cells loses its name (it was
    misread: a flag or a mine read as a digit), and the boards are checked again.
    """
    covered_like = (None, "#", "F", "?", "*", "X")
    while True:
        cell_name = {m: g.name for g in groups for m in g.members}
        worst, worst_share, worst_cell = None, 0.0, None
        for g in groups:
            if not (g.name and g.name in "12345678"):
                continue
            n, bad, first = int(g.name), 0, None
            for k, r, c in g.members:
                room = sum(
                    1
                    for dr in (-1, 0, 1)
                    for dc in (-1, 0, 1)
                    if (dr or dc)
                    and (k, r + dr, c + dc) in cell_name
                    and cell_name[(k, r + dr, c + dc)] in covered_like
                )
                if room < n:
                    bad += 1
                    first = first or (r, c, room)
            share = bad / len(g.members)
            if share > worst_share:
                worst, worst_share, worst_cell = g, share, first
        if worst is None or worst_cell is None:
            return
        r, c, room = worst_cell
        worst.how += f"; dropped: ({r}, {c}) has only {room} covered neighbours"
        worst.name = None


def learn_skin(frames: list[Frame], name: str, board: Region | None = None
               ) -> tuple[Skin, LearnReport]:
    """A new skin from screenshots of one program (all at the same size)."""
    report = LearnReport()
    grids = [_board_grid(f, board) for f in frames]
    pitch = float(np.mean([g.pitch_x for g in grids]))
    size = (int(round(pitch)), int(round(float(np.mean([g.pitch_y for g in grids])))))
    where, cuts = _cuts(frames, grids, size)
    groups = _groups(where, cuts)
    # Re-fit every grid on the looks just found, then cut and group again.
    uneven = _uneven(grids)
    rough = _temp_skin(groups, size, uneven)
    grids = [refine(Picture(f.pixels), g, rough, 1.0) for f, g in zip(frames, grids, strict=True)]
    where, cuts = _cuts(frames, grids, size)
    groups = _groups(where, cuts)
    _name_plain(groups, grids)
    covered = next((_ink(g.look)[1] for g in groups if g.name == "#"), None)
    opened = next((_ink(g.look)[1] for g in groups if g.name == "."), None)
    _name_inked(groups, covered, opened)
    _check_numbers(groups, grids)
    cells: dict[str, np.ndarray] = {}
    variants: dict[str, list[np.ndarray]] = {}
    for g in sorted(groups, key=lambda g: -len(g.members)):
        if g.name is None:
            continue
        if g.name in cells:
            variants.setdefault(g.name, []).append(g.look)
        else:
            cells[g.name] = g.look
    report.boards = [(g.rows, g.cols) for g in grids]
    report.grids = grids
    report.groups = groups
    unnamed = [g for g in groups if g.name is None]
    if unnamed:
        report.notes.append(f"{len(unnamed)} group(s) left unnamed: learned later during play")
    missing = "".join(ch for ch in CELL_CHARS if ch not in cells)
    report.notes.append(f"learned {''.join(ch for ch in CELL_CHARS if ch in cells)!r},"
                        f" missing {missing!r}")
    layout = {"style": "flat", "background": list(_surround(frames[0], grids[0])), "margin": 12}
    if uneven:
        layout["pitch"] = "uneven"
    skin = Skin(name, size, cells, layout=layout, variants={k: tuple(v) for k, v in
                                                            variants.items()},
                description=f"learned by gamebot calibrate from {len(frames)} screenshot(s)",
                source="learned: lattice, grouping, Tesseract, colour rules; no drawn templates")
    return skin, report


def _temp_skin(groups: list[Group], size: tuple[int, int], uneven: bool) -> Skin:
    """The looks under stand-in names, only to fit grids on (names do not matter there)."""
    top = sorted(groups, key=lambda g: -len(g.members))[: len(CELL_CHARS)]
    layout = {"pitch": "uneven"} if uneven else {}
    return Skin("learning", size, {CELL_CHARS[i]: g.look for i, g in enumerate(top)},
                layout=layout)


def _surround(frame: Frame, grid: CellGrid) -> tuple[int, int, int]:
    """Median colour of a thin band just outside the grid (the window around the board)."""
    left, top, right, bottom = (int(round(v)) for v in grid.bounds())
    p = frame.pixels
    band = max(2, int(grid.pitch_x // 6))
    strips = [
        p[max(0, top - band) : top, left:right],
        p[bottom : bottom + band, left:right],
    ]
    pixels = np.concatenate([s.reshape(-1, 3) for s in strips if s.size])
    return tuple(int(v) for v in np.median(pixels, axis=0)) if pixels.size else (0, 0, 0)


def _uneven(grids: list[CellGrid]) -> bool:
    """Steps between columns or rows that differ by a pixel or more (gnome-mines: 40, 39)."""
    for g in grids:
        for centres in (g.col_centres, g.row_centres):
            steps = np.diff(centres)
            if steps.size and steps.max() - steps.min() >= 0.9:
                return True
    return False


def learn_cell(skin: Skin, frame: Frame, geometry: GridGeometry, cell: tuple[int, int],
               board_text: str, mines: int) -> tuple[Skin, str]:
    """Name one unknown cell and add its look to the skin, if the board stays consistent.

    ``board_text`` is the board as read, with the unknown cell as ``#``; returns the new skin
    and the character learned, or raises ``ValueError`` naming why it was refused.
    """
    from solvers.minesweeper.solver import probabilities
    from solvers.minesweeper.state import Board

    r, c = cell
    look = cut_cell(frame.pixels, geometry, r, c, skin.cell_size)
    mask, _ = _ink(look)
    name = _ocr(look, mask) if mask.any() else ""
    if not name or name not in "12345678?":
        raise ValueError(f"cell ({r}, {c}): Tesseract could not name the glyph")
    rows = [list(line) for line in board_text.split("\n")]
    rows[r][c] = name
    candidate = Board.from_text("\n".join("".join(row) for row in rows))
    probabilities(candidate, mines)  # raises BoardError if the board became impossible
    cells = dict(skin.cells)
    variants = {k: list(v) for k, v in skin.variants.items()}
    if name in cells:
        variants.setdefault(name, []).append(look)
    else:
        cells[name] = look
    # replace() keeps everything else (noise above all: it sets the reader's tolerance).
    learned = replace(skin, cells=cells, variants={k: tuple(v) for k, v in variants.items()},
                      path=None)
    return learned, name


def grid_features(frame: Frame, grid: CellGrid) -> np.ndarray:
    """Block features of every cell of a grid (for comparing a learned skin with a built-in)."""
    return grid_blocks(frame.pixels, grid)
