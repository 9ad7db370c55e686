"""Learn glyphs the skin lacks while playing (issue 3: a new skin grows as its glyphs appear).

A skin learned from a few screenshots (``gamebot calibrate``) or a partial built-in one (win7)
has not seen every number; the reader refuses such a cell rather than guess. When a settled
frame is refused only for a few cells and every other cell reads, each refused cell is named
with Tesseract (:func:`calibration.learn.learn_cell`) and the name kept only if the board stays
possible: the solver must still find a layout with the game's mine count, the frame must agree
with the last board the bot trusted, and the grown skin must read the whole frame back exactly.
Anything else is left to the loop's misread handling, as if learning did not exist.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

from bot.errors import GamebotError
from bot.games.minesweeper import COVERED, Verdict, check
from calibration.learn import learn_cell
from solvers.minesweeper.solver import probabilities
from solvers.minesweeper.state import Board
from vision.fit import verdict_of
from vision.frame import Frame
from vision.minesweeper import BoardLocation
from vision.skin import MANIFEST, Skin, save_skin

#: At most this many cells are named in one frame: more different new looks at once is not a
#: new glyph appearing but a frame gone wrong (covered board, wrong skin, a dialog).
MAX_CELLS = 3
#: Share of the board that may be refused when the refused cells are a few glyphs repeated (an
#: opening can show a new number many times): each naming must absorb the cells that look alike.
MAX_SHARE = 0.1


class LearnRefused(ValueError):
    """The refused cells were not learned; the message says why (it joins the misread note)."""


@dataclass(frozen=True)
class LearnedGlyph:
    """One cell named during play: where (row, col) and the board character it was named."""

    cell: tuple[int, int]
    char: str


def learn_glyphs(
    skin: Skin,
    frame: Frame,
    location: BoardLocation,
    previous: Board | None,
    mines: int,
    max_cells: int = MAX_CELLS,
) -> tuple[Skin, list[LearnedGlyph]]:
    """The skin grown by every refused cell of ``frame``, or :class:`LearnRefused`.

    ``previous`` is the last board the loop accepted (None at a session's first frame): a
    refused cell must have been covered there and the rest of the frame must not contradict it,
    else the frame is a misread, not a new glyph.
    """
    verdict = verdict_of(frame.pixels, location.grid, skin)
    refused = [(int(r), int(c)) for r, c in np.argwhere(~verdict.accepted)]
    if not refused:
        raise LearnRefused("every cell reads: nothing to learn")
    limit = max(max_cells, int(MAX_SHARE * verdict.accepted.size))
    if len(refused) > limit:
        raise LearnRefused(f"{len(refused)} cells refused (at most {limit} are learned)")
    rows = [list(line) for line in verdict.text().split("\n")]
    for r, c in refused:
        rows[r][c] = "#"
    if previous is not None:
        for r, c in refused:
            if int(previous[r, c]) not in COVERED:
                raise LearnRefused(f"cell ({r}, {c}) was open before: a misread, not a new glyph")
        board = Board.from_text(_text(rows))
        seen, why = check(previous, [], board)
        if seen is Verdict.MISREAD:
            raise LearnRefused(f"the rest of the frame contradicts the last board: {why}")
    learned: list[LearnedGlyph] = []
    while refused:
        if len(learned) == max_cells:
            raise LearnRefused(f"{len(refused)} cells still refused after naming {max_cells}:"
                               " more new looks than one frame can show")
        (r, c), rest = refused[0], refused[1:]
        text = _text(rows)
        try:
            skin, char = learn_cell(skin, frame, location.geometry, (r, c), text, mines)
        except ValueError as exc:  # Tesseract unsure, or the board became impossible
            why, where = str(exc), f"cell ({r}, {c})"
            raise LearnRefused(why if why.startswith(where) else f"{where}: {why}") from exc
        rows[r][c] = char
        learned.append(LearnedGlyph((r, c), char))
        # Two cells of one new glyph: the second now reads with the look of the first.
        verdict = verdict_of(frame.pixels, location.grid, skin)
        now = verdict.text().split("\n")
        for rr, cc in rest:
            if verdict.accepted[rr, cc]:
                rows[rr][cc] = now[rr][cc]
        refused = [(rr, cc) for rr, cc in rest if not verdict.accepted[rr, cc]]
    text = _text(rows)
    if not verdict.accepted.all() or verdict.text() != text:
        raise LearnRefused("the grown skin does not read the frame back as named")
    try:
        probabilities(Board.from_text(text), mines)  # the whole board, every cell named
    except ValueError as exc:
        raise LearnRefused(f"the board read with the grown skin is impossible: {exc}") from exc
    return skin, learned


def _text(rows: list[list[str]]) -> str:
    """A board's text from its rows of characters (the form learn_cell and Board take)."""
    return "\n".join("".join(row) for row in rows)


def check_learn_into(folder: Path) -> None:
    """``--learn-into`` may name a new folder or a skin folder, never other files (a save
    replaces the folder)."""
    if folder.exists() and (not folder.is_dir() or (
        any(folder.iterdir()) and not (folder / MANIFEST).is_file()
    )):
        raise GamebotError(f"--learn-into {folder}: exists and is not a skin folder")


def save_atomically(skin: Skin, folder: Path) -> Path:
    """Write ``skin`` as a skin folder without ever leaving a half-written one at ``folder``.

    The folder is written beside it and renamed into place; an older skin there is renamed
    aside first and removed after (between the two renames the path is briefly absent).
    """
    check_learn_into(folder)
    folder.parent.mkdir(parents=True, exist_ok=True)
    fresh = Path(tempfile.mkdtemp(prefix=f".{folder.name}.new-", dir=folder.parent))
    try:
        save_skin(skin, fresh)
    except BaseException:
        shutil.rmtree(fresh, ignore_errors=True)
        raise
    old = None
    if folder.exists():
        old = Path(tempfile.mkdtemp(prefix=f".{folder.name}.old-", dir=folder.parent))
        os.replace(folder, old / folder.name)
    os.replace(fresh, folder)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)
    return folder


class GlyphLearning:
    """Learning during one session: the limits, and where the grown skin is kept on disk.

    ``into`` None keeps the learned skin in memory only (gone with the session); a folder
    saves it there after every glyph learned, so a stop or a crash loses nothing.
    """

    def __init__(self, into: Path | None = None, max_cells: int = MAX_CELLS) -> None:
        self.into = into
        self.max_cells = max_cells
        self.learned: list[LearnedGlyph] = []
        self.name = into.name if into is not None else None  # of the grown skin
        if into is not None:
            check_learn_into(into)

    def attempt(
        self, skin: Skin, frame: Frame, location: BoardLocation, previous: Board | None,
        mines: int,
    ) -> tuple[Skin, list[LearnedGlyph]]:
        """The grown skin and what was learned (saved when asked), or :class:`LearnRefused`."""
        grown, learned = learn_glyphs(skin, frame, location, previous, mines, self.max_cells)
        # Renamed so that it never shadows the skin it grew from in the by-name registry.
        if self.name is None:
            self.name = f"{skin.name}-learned"
        if grown.name != self.name:
            grown = replace(grown, name=self.name)
        if self.into is not None:
            save_atomically(grown, self.into)
        self.learned += learned
        return grown, learned
