"""Learn a Minesweeper skin from screenshots (``gamebot calibrate minesweeper``).

No template to start from: the board of each screenshot is found as the lattice of alike cells
(:func:`vision.minesweeper.looks.board_grid`, inside ``--board X,Y,W,H`` when given: that rectangle
is the one searched), every cell is cut and grouped into looks, and the looks are named:

* covered and empty: a screenshot whose cells all look alike is a fresh board, which makes its
  look the covered one (the game's logic); otherwise the two plain looks are taken for covered
  (not among numbers) and empty (among numbers), an assumption the report says it made;
* flags, mines, the exploded mine: by colour (a red flag on a covered face, a dark blot on an
  opened one, a red face), also reported as assumed;
* numbers: by the game's logic only (:class:`calibration.minesweeper.names.Naming`): a look gets a
number
  when it is the only one under which every screenshot is a possible board with its mine total
  (the counter shown plus the flags, or ``--mines``, or the standard level). A lost board fixes
  every number; a look the screenshots leave open stays unnamed, to be named during play.

If the assumed names make some screenshot impossible they are dropped rather than trusted.
The learned skin is then checked on every screenshot: a cell it would read as another
character than its look's name never survives, and more screenshots only add constraints, so
they never make it worse.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np

from calibration.minesweeper.names import Contradiction, Naming
from solvers.minesweeper.rules import standard_mines
from vision.core.errors import BoardNotFoundError
from vision.core.frame import Frame
from vision.core.geometry import Region
from vision.minesweeper.any_counter import read_led, read_text_parts
from vision.minesweeper.cell_grid import CellGrid
from vision.minesweeper.cells import grid_blocks
from vision.minesweeper.looks import add_looks, board_grid, fresh, look_indices
from vision.minesweeper.skin import CELL_CHARS, Skin

#: A naming question's time limit when calibrating (no game waits): the node budget, not the
#: machine's load, decides what is proved, so the same screenshots always name the same.
CALIBRATE_SECONDS = 60.0
#: Rounds of taking in cells still refused once the new looks are in (as during play).
JOIN_ROUNDS = 6


@dataclass
class Group:
    """Cells that look alike: where they are (screenshot index, row, col) and their look."""

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


def learn_skin(frames: list[Frame], name: str, board: Region | None = None,
               mines: int | None = None) -> tuple[Skin, LearnReport]:
    """A new skin from screenshots of one program (all at the same cell size)."""
    if not frames:
        raise BoardNotFoundError("no screenshot to learn from")
    report = LearnReport()
    grid, skin = board_grid(frames[0], board)
    grids = [grid]
    for frame in frames[1:]:
        grids.append(board_grid(frame, board)[0])
    pitches = {(round(g.pitch_x), round(g.pitch_y)) for g in grids}
    if len(pitches) > 1:
        raise BoardNotFoundError(f"the screenshots show cells of different sizes {pitches}:"
                                 " give screenshots of one window at one size")
    looks: list[np.ndarray] = []
    for frame, g in zip(frames, grids, strict=True):
        idx = look_indices(frame.pixels, g, skin)
        for radius in (None, *((0.0,) * JOIN_ROUNDS)):
            refused = [(int(r), int(c)) for r, c in np.argwhere(idx < 0)]
            if not refused:
                break
            skin, _ = add_looks(skin, frame, g, refused, radius)
            idx = look_indices(frame.pixels, g, skin)
        looks.append(idx)
    report.boards = [(g.rows, g.cols) for g in grids]
    report.grids = grids
    totals = [(mines, False) if mines is not None else _total(frame, g)
              for frame, g in zip(frames, grids, strict=True)]
    names, hows = _name(skin, looks, totals, report)
    report.groups = _groups(skin, looks, names, hows)
    skin = _skin_of(skin, names, name, len(frames))
    missing = "".join(ch for ch in CELL_CHARS if ch not in skin.chars)
    unnamed = sum(1 for n in names if n is None)
    if unnamed:
        report.notes.append(f"{unnamed} group(s) left unnamed: learned later during play")
    report.notes.append(f"learned {skin.chars!r}, missing {missing!r}")
    return skin, report


def _total(frame: Frame, grid: CellGrid) -> tuple[int | None, bool]:
    """The screenshot's mine total, and whether the flags on the board are still to be added
    to it: a "flags/mines" text says the total itself; an LED counter says the mines left
    (flags are added by the naming's caller when known); else the standard level's total."""
    geometry = grid.geometry()
    parts = read_text_parts(frame.pixels, geometry)
    if parts is not None:
        return parts[1], False
    counter = read_led(frame.pixels, geometry)
    if counter is not None:
        return counter, True
    return standard_mines(grid.rows, grid.cols), False


def _name(skin: Skin, looks: list[np.ndarray], totals: list[tuple[int | None, bool]],
          report: LearnReport) -> tuple[list[str | None], list[str]]:
    """A name (or None) and how it was found for every look of the skin; ``totals`` is each
    screenshot's mine figure and whether its flags are to be added (see :func:`_total`)."""
    n = len(skin.unnamed)
    hows = [""] * n
    assumed: dict[int, tuple[str, str]] = {}
    fresh_shots = [k for k, idx in enumerate(looks) if fresh(skin, idx)]
    for k in fresh_shots:
        for i in np.unique(looks[k]).tolist():
            assumed[i] = ("#", "on a fresh board (all cells alike): covered")
    if not fresh_shots:
        assumed.update(_plain_names(skin, looks))
    colours = _colour_names(skin, looks, {i for i, (ch, _) in assumed.items() if ch == "#"},
                            {i for i, (ch, _) in assumed.items() if ch == "."})
    for trial in (assumed | colours, assumed, {}):
        naming = Naming(seconds=CALIBRATE_SECONDS)
        ids = [naming.add_look(c) for c in _inked_not_empty(skin)]
        covered = next((i for i, (ch, _) in trial.items() if ch == "#"), None)
        flag_looks = [i for i, (ch, _) in trial.items() if ch == "F"]
        try:
            for look, (ch, _why) in trial.items():
                naming.fix(ids[look], ch, "assumed")
            for k, idx in enumerate(looks):
                flags = int(np.isin(idx, flag_looks).sum())
                figure, plus_flags = totals[k]
                total = None if figure is None else figure + (flags if plus_flags else 0)
                try:
                    naming.new_game(fresh=k in fresh_shots, mines=total)
                    naming.observe(np.asarray(ids, np.int64)[idx])
                except Contradiction:
                    if covered is None or not flags:
                        raise
                    # A person's flags may be wrong (the bot's never are): taken as covered.
                    naming.new_game(fresh=False, mines=total)
                    plain = np.where(np.isin(idx, flag_looks), covered, idx)
                    naming.observe(np.asarray(ids, np.int64)[plain])
        except Contradiction as exc:
            report.notes.append(f"names assumed by look dropped (a screenshot would be"
                                f" impossible: {exc})" if trial else f"no naming fits: {exc}")
            continue
        names = [naming.name(i) for i in ids]
        for i, name in enumerate(names):
            if name is None:
                hows[i] = f"could still be any of {naming.candidates[ids[i]]!r}"
            elif i in trial:
                hows[i] = f"assumed: {trial[i][1]}"
            else:
                hows[i] = "the only name under which every screenshot is a possible board"
        return names, hows
    return [None] * n, ["no naming fits the screenshots"] * n


def _inked_not_empty(skin: Skin) -> list[str]:
    """Each look's candidates, '.' taken from a look with ink in its middle: an opened empty
    cell is plain in every program. (A crop of a board, its mines outside it, is possible
    only with its numbers named empty: such a naming must not be found.)"""
    out = []
    for imgs, cands in zip(skin.unnamed, skin.unnamed_candidates, strict=True):
        kept = cands if _plain(imgs[0]) else cands.replace(".", "")
        out.append(kept or cands)
    return out


#: A plain look is taken for empty when this share of its neighbours are numbers or more, for
#: covered when this share or less (covered cells touch numbers only along the frontier).
AMONG_NUMBERS, AWAY_FROM_NUMBERS = 0.3, 0.2


def _plain_names(skin: Skin, looks: list[np.ndarray]) -> dict[int, tuple[str, str]]:
    """Covered and empty among the plain looks, by their neighbours: an empty cell sits among
    numbers, covered cells mostly among covered ones."""
    plain = [i for i, imgs in enumerate(skin.unnamed) if _plain(imgs[0])]
    if not plain:
        return {}
    inked = {i for i in range(len(skin.unnamed)) if i not in plain}
    score = {}
    for i in plain:
        hits = total = 0
        for idx in looks:
            mask = idx == i
            if not mask.any():
                continue
            padded = np.pad(idx, 1, constant_values=-1)
            for dr in (0, 1, 2):
                for dc in (0, 1, 2):
                    if dr == 1 and dc == 1:
                        continue
                    near = padded[dr : dr + idx.shape[0], dc : dc + idx.shape[1]][mask]
                    total += int((near >= 0).sum())
                    hits += int(np.isin(near, list(inked)).sum())
        score[i] = hits / max(1, total)
    out: dict[int, tuple[str, str]] = {}
    for i in plain:
        if score[i] >= AMONG_NUMBERS and len(plain) > 1:
            out[i] = (".", f"a plain look among numbers ({score[i]:.0%} of its neighbours)")
        elif score[i] <= AWAY_FROM_NUMBERS:
            out[i] = ("#", f"a plain look not among numbers ({score[i]:.0%} of neighbours)")
        # in between: no guess (a program may draw an empty cell in several looks, by its
        # neighbours); the game's logic names it or it is learned during play
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


def _near(a: tuple[int, int, int], b: tuple[int, int, int]) -> bool:
    return max(abs(x - y) for x, y in zip(a, b, strict=True)) < 24


def _colour_names(skin: Skin, looks: list[np.ndarray], covered: set[int], empty: set[int]
                  ) -> dict[int, tuple[str, str]]:
    """Flags, mines and the exploded mine by the usual colours (assumptions, checked by the
    naming like any other name)."""
    covers = [_ink(skin.unnamed[i][0])[1] for i in covered]
    opens = [_ink(skin.unnamed[i][0])[1] for i in empty]
    out: dict[int, tuple[str, str]] = {}
    for i, imgs in enumerate(skin.unnamed):
        if i in covered or i in empty or _plain(imgs[0]):
            continue
        look = imgs[0]
        mask, base = _ink(look)
        if not mask.any():
            continue
        reddish = (look[..., 2] > 180) & (look[..., 1] < 80) & (look[..., 0] < 80)
        inked = look[mask].astype(np.int16)
        red = ((inked[:, 2] > 150) & (inked[:, 1] < 90)).mean()
        dark = (inked.max(axis=1) < 70).mean()
        if reddish.mean() > 0.5:
            out[i] = ("X", "a red face (the exploded mine)")
        elif red > 0.2 and dark > 0.2 and any(_near(base, c) for c in covers):
            out[i] = ("F", "a red flag on a dark base, on a covered face")
        elif inked.max() < 80 and any(_near(base, c) for c in opens + covers):
            out[i] = ("*", "a dark blot on a cell's face")
    return out


def _skin_of(skin: Skin, names: list[str | None], name: str, shots: int) -> Skin:
    """The looks under their names (variants for more than one look of a name); the ones
    left unnamed stay in the skin as unnamed looks, with what they may still be."""
    cells: dict[str, np.ndarray] = {}
    variants: dict[str, list[np.ndarray]] = {}
    unnamed, cands = [], []
    order = sorted(range(len(names)), key=lambda i: -len(skin.unnamed[i]))
    for i in order:
        imgs, ch = skin.unnamed[i], names[i]
        if ch is None:
            unnamed.append(imgs)
            cands.append(skin.unnamed_candidates[i])
            continue
        if ch not in cells:
            cells[ch] = imgs[0]
            imgs = imgs[1:]
        variants.setdefault(ch, []).extend(imgs)
    return replace(skin, name=name, cells=cells,
                   variants={k: tuple(v) for k, v in variants.items() if v},
                   unnamed=tuple(unnamed), unnamed_candidates=tuple(cands),
                   description=f"learned by gamebot calibrate from {shots} screenshot(s)",
                   source="learned: lattice, looks grouped by likeness, numbers named by the"
                   " game's logic; plain looks and colours assumed (see the report)")


def _groups(skin: Skin, looks: list[np.ndarray], names: list[str | None], hows: list[str]
            ) -> list[Group]:
    """One group per look (its cells in every screenshot), named or not."""
    out = []
    for i, how in enumerate(hows):
        members = [(k, int(r), int(c)) for k, idx in enumerate(looks)
                   for r, c in np.argwhere(idx == i)]
        if members:
            out.append(Group(members, skin.unnamed[i][0], names[i], how))
    return out


def grid_features(frame: Frame, grid: CellGrid) -> np.ndarray:
    """Block features of every cell of a grid (for comparing a learned skin with a built-in)."""
    return grid_blocks(frame.pixels, grid)
