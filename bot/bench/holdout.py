"""Hold-out check: a skin that lacks a glyph must refuse that glyph, never read it as another.

For every built-in skin and every glyph it has, the skin is rebuilt without that glyph and
every labelled fixture of the skin is read with it, at the location the full skin finds (the
question is what the reader makes of a cell, not whether the board can still be found). A cell
whose label is the held-out glyph must be refused; every other cell must still read as its
label. This is how a skin meets a glyph it has not learned yet (the real win7 screenshot
shows only ``#F.123``; skins learned by ``gamebot calibrate`` know what their screenshots
showed), so a read that is not refused here would be a silent misread in play.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path

import numpy as np

from vision.core.frame import Frame
from vision.minesweeper.fit import verdict_of
from vision.minesweeper.fixtures import Fixture, load_fixtures, rescale
from vision.minesweeper.reader import BoardLocation, locate_minesweeper
from vision.minesweeper.skin import Skin, load_skin


def without(skin: Skin, char: str) -> Skin:
    """``skin`` with every look of ``char`` removed (as if it had never been seen)."""
    cells = {ch: img for ch, img in skin.cells.items() if ch != char}
    variants = {ch: imgs for ch, imgs in skin.variants.items() if ch != char}
    # replace() keeps everything else, noise above all: it sets the reader's tolerance.
    return replace(skin, name=f"{skin.name}-without-{char}", cells=cells, variants=variants,
                   synthesised={}, path=None)


@dataclass
class HoldoutCell:
    """Counts for one (skin, held-out glyph): cells of that glyph refused or misread, and other
    cells misread or refused (a refusal of a known glyph is lost reading, not a misread)."""

    held: int = 0
    refused: int = 0
    misread: int = 0
    others: int = 0
    others_misread: int = 0
    others_refused: int = 0
    examples: list[str] = field(default_factory=list)

    @property
    def misreads(self) -> int:
        return self.misread + self.others_misread


@dataclass
class HoldoutResult:
    """The matrix: ``table[skin][char]`` and the variants (picture, scale) read per skin."""

    table: dict[str, dict[str, HoldoutCell]] = field(default_factory=dict)
    pictures: dict[str, int] = field(default_factory=dict)

    @property
    def misreads(self) -> int:
        return sum(c.misreads for row in self.table.values() for c in row.values())

    @property
    def held_cells(self) -> int:
        return sum(c.held for row in self.table.values() for c in row.values())

    @property
    def refused(self) -> int:
        return sum(c.refused for row in self.table.values() for c in row.values())

    @property
    def others_refused(self) -> int:
        return sum(c.others_refused for row in self.table.values() for c in row.values())

    def lines(self) -> list[str]:
        out = [f"hold-out (each skin without one glyph): {self.refused}/{self.held_cells} cells of"
               f" the held-out glyph refused, {self.misreads} misreads; {self.others_refused}"
               " cells of known glyphs refused as well (skin x glyph: refused/cells)"]
        for skin, row in self.table.items():
            parts = [f"{ch} {c.refused}/{c.held}" + (f" !{c.misreads}" if c.misreads else "")
                     for ch, c in row.items()]
            out.append(f"  {skin} ({self.pictures.get(skin, 0)} pictures): " + ", ".join(parts))
            for c in row.values():
                out.extend(f"    {e}" for e in c.examples[:3])
        return out

    def to_dict(self) -> dict[str, object]:
        return {
            skin: {ch: {"held": c.held, "refused": c.refused, "misread": c.misread,
                        "others_misread": c.others_misread, "others_refused": c.others_refused}
                   for ch, c in row.items()}
            for skin, row in self.table.items()
        }


def variants_of(scales: Iterable[float]) -> list[tuple[float, bool]]:
    """(scale, nearest) pairs: 100 % once, other scales bilinear and nearest-neighbour."""
    return [(s, n) for s in scales for n in ((False, True) if s != 1.0 else (False,))]


def variant_tag(scale: float, nearest: bool) -> str:
    return f"{scale:g}{' nearest' if nearest else ''}"


@lru_cache(maxsize=16)
def _held_out(full: Skin) -> dict[str, Skin]:
    return {ch: without(full, ch) for ch in full.chars}


def score_picture(result: HoldoutResult, fixture: Fixture, frame: Frame, location: BoardLocation,
                  tag: str) -> None:
    """Add one labelled picture, read at ``location`` (found with the full skin), to the matrix."""
    full = load_skin(fixture.skin)
    want = np.array([list(row) for row in fixture.state or []])
    if (location.grid.rows, location.grid.cols) != want.shape:
        raise ValueError(f"{fixture.path.name} {tag}: found {location.grid.rows}x"
                         f"{location.grid.cols}, labelled {want.shape[0]}x{want.shape[1]}")
    labelled = np.ones(want.shape, bool)
    for r, c in fixture.unreadable:
        labelled[r, c] = False
    row = result.table.setdefault(full.name, {})
    result.pictures[full.name] = result.pictures.get(full.name, 0) + 1
    for ch, skin in _held_out(full).items():
        verdict = verdict_of(frame.pixels, location.grid, skin)
        got = np.array([list(line) for line in verdict.text().split("\n")])
        accepted = verdict.accepted
        cell = row.setdefault(ch, HoldoutCell())
        held = (want == ch) & labelled
        others = ~held & labelled
        wrong = (others & accepted & (got != want)) | (~labelled & accepted)  # unreal stay refused
        cell.held += int(held.sum())
        cell.refused += int((held & ~accepted).sum())
        cell.misread += int((held & accepted).sum())
        cell.others += int(others.sum())
        cell.others_misread += int(wrong.sum())
        cell.others_refused += int((others & ~accepted).sum())
        for r, c in np.argwhere((held & accepted) | wrong)[: max(0, 3 - len(cell.examples))]:
            cell.examples.append(f"{fixture.path.name} {tag} ({r}, {c}) {want[r, c]!r}"
                                 f" read as {got[r, c]!r} without {ch!r}")


def run_holdout(variants: Iterable[tuple[float, bool]] = variants_of((1.0, 1.25, 1.5, 2.0)),
                folder: Path | None = None, skins: Iterable[str] | None = None,
                progress: Callable[[str], None] | None = None) -> HoldoutResult:
    """The hold-out matrix over the labelled fixtures, each read at every (scale, nearest)."""
    result = HoldoutResult()
    keep = set(skins) if skins is not None else None
    wanted = list(variants)
    for fixture in load_fixtures(folder):
        if fixture.error is not None or fixture.state is None:
            continue
        if keep is not None and fixture.skin not in keep:
            continue
        base = Frame.from_file(fixture.path).pixels
        for scale, nearest in wanted:
            frame = Frame.from_pixels(rescale(base, scale, nearest))
            location = locate_minesweeper(frame, load_skin(fixture.skin))
            score_picture(result, fixture, frame, location, variant_tag(scale, nearest))
            if progress:
                progress(fixture.path.name)
    return result
