"""Name looks from screenshots by the game's logic alone (what ``bench vision`` measures).

Each screenshot is a board of some game, seen once: the looks the skin knows read as their
names, the cells it refuses are grouped into new looks (:func:`vision.minesweeper.looks.add_looks`),
and
:class:`calibration.minesweeper.names.Naming` keeps for every new look only the names under which
every screenshot is a possible board with its mine total (the counter plus the flags shown). A lost
board shows every mine, so it fixes every number around them; a mid-game board fixes fewer. A
look that keeps more than one possible name stays unnamed: it is learned later, during play.

:func:`relearn_numbers` is the hold-out test of this: a built-in skin with all its number
glyphs removed names them again from its own labelled screenshots, and every name is checked
against the labels (cells named, cells left unnamed, cells named wrongly: never any).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np

from calibration.minesweeper.names import Contradiction, Naming
from solvers.minesweeper.rules import standard_mines
from vision.core.frame import Frame
from vision.minesweeper.fit import verdict_of
from vision.minesweeper.fixtures import Fixture, load_fixtures
from vision.minesweeper.looks import add_looks, look_indices
from vision.minesweeper.reader import BoardLocation, locate_minesweeper
from vision.minesweeper.skin import Skin, load_skin

#: Rounds of taking in cells still refused once the new looks are in (as during play).
JOIN_ROUNDS = 6


@dataclass
class Relearned:
    """How the screenshots named the looks: the grown skin, and per picture the cells."""

    skin: Skin
    named: int = 0  # cells of a new look named rightly
    unnamed: int = 0  # cells of a new look still unnamed
    wrong: int = 0  # cells of a new look named wrongly (never, or the naming is broken)
    refused: list[str] = field(default_factory=list)  # pictures no naming fits (skipped)
    examples: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, object]:
        return {"cells_named": self.named, "cells_unnamed": self.unnamed,
                "wrong_names": self.wrong, "pictures_refused": self.refused,
                "learned": self.skin.chars}


def without_numbers(skin: Skin) -> Skin:
    """``skin`` with every look of the digits 1-8 removed (as if never seen)."""
    cells = {ch: img for ch, img in skin.cells.items() if ch not in "12345678"}
    variants = {ch: imgs for ch, imgs in skin.variants.items() if ch not in "12345678"}
    return replace(skin, name=f"{skin.name}-without-numbers", cells=cells, variants=variants,
                   synthesised={}, path=None)


def mine_total(fixture: Fixture) -> int | None:
    """The game's mine total as its screenshot shows it: counter plus flags (or the level's)."""
    rows = fixture.state or []
    flags = sum(row.count("F") + row.count("x") for row in rows)  # the counter counts both
    if fixture.counter is not None:
        return fixture.counter + flags
    return standard_mines(len(rows), len(rows[0])) if rows else None


def name_screenshots(skin: Skin, pictures: list[tuple[Frame, BoardLocation, int | None]]
                     ) -> tuple[Skin, Naming, list[np.ndarray | None], list[int]]:
    """Grow ``skin`` by the looks the pictures show and name them; returns the skin, the
    naming, each picture's looks (naming ids, None for one refused) and the naming id of each
    unnamed look of the skin. ``pictures``: (frame, where its board is, its mine total)."""
    naming = Naming()
    char_id = {ch: naming.add_look(ch) for ch in skin.chars}
    ids = [naming.add_look(c) for c in skin.unnamed_candidates]
    per_picture: list[np.ndarray | None] = []
    for frame, location, mines in pictures:
        grid = location.grid
        idx = look_indices(frame.pixels, grid, skin)
        for radius in (None, *((0.0,) * JOIN_ROUNDS)):
            refused = [(int(r), int(c)) for r, c in np.argwhere(idx < 0)]
            if not refused:
                break
            skin, added = add_looks(skin, frame, grid, refused, radius)
            ids += [naming.add_look() for _ in range(added)]
            idx = look_indices(frame.pixels, grid, skin)
        if (idx < 0).any():
            per_picture.append(None)
            continue
        for ch in skin.chars:
            if ch not in char_id:
                char_id[ch] = naming.add_look(ch)
        table = np.asarray([char_id[ch] for ch in skin.chars] + ids, np.int64)
        looks = table[idx]
        try:
            naming.new_game(fresh=False, mines=mines)  # a screenshot: no game start shown
            naming.observe(looks)
        except Contradiction:
            if "F" not in char_id or "#" not in char_id:
                per_picture.append(None)
                continue
            # A person's flags may be wrong (the bot's never are): each taken as covered.
            looks = np.where(looks == char_id["F"], char_id["#"], looks)
            try:
                naming.new_game(fresh=False, mines=mines)
                naming.observe(looks)
            except Contradiction:
                per_picture.append(None)
                continue
        per_picture.append(looks)
    return skin, naming, per_picture, ids


def relearn_numbers(skin_name: str, folder: Path | None = None) -> Relearned:
    """The built-in skin without its digits, renamed from its labelled screenshots (100 %)."""
    full = load_skin(skin_name)
    bare = without_numbers(full)
    fixtures = [f for f in load_fixtures(folder) if f.skin == skin_name and f.state is not None
                and f.error is None]
    pictures = []
    for fixture in fixtures:
        frame = Frame.from_file(fixture.path)
        pictures.append((frame, locate_minesweeper(frame, full), mine_total(fixture)))
    skin, naming, per_picture, _ids = name_screenshots(bare, pictures)
    result = Relearned(skin)
    for fixture, looks in zip(fixtures, per_picture, strict=True):
        if looks is None:
            result.refused.append(fixture.path.name)
            continue
        want = np.array([list(row) for row in fixture.state or []])
        known = np.ones(want.shape, bool)
        for r, c in fixture.unreadable:
            known[r, c] = False
        new = np.isin(want, list("12345678")) & known
        for r, c in np.argwhere(new).tolist():
            name = naming.name(int(looks[r, c]))
            if name is None:
                result.unnamed += 1
            elif name == want[r, c]:
                result.named += 1
            else:
                result.wrong += 1
                if len(result.examples) < 3:
                    result.examples.append(f"{fixture.path.name} ({r}, {c}) {want[r, c]!r}"
                                           f" named {name!r}")
    result.skin = _named_skin(skin, naming, _ids)
    return result


def _named_skin(skin: Skin, naming: Naming, ids: list[int]) -> Skin:
    """The skin with every look the naming fixed moved under its name."""
    cells = dict(skin.cells)
    variants = {k: list(v) for k, v in skin.variants.items()}
    unnamed, cands = [], []
    for imgs, look in zip(skin.unnamed, ids, strict=True):
        name = naming.name(look)
        if name is None:
            unnamed.append(imgs)
            cands.append(naming.candidates[look])
            continue
        if name not in cells:
            cells[name], imgs = imgs[0], imgs[1:]
        variants.setdefault(name, []).extend(imgs)
    return replace(skin, cells=cells, variants={k: tuple(v) for k, v in variants.items() if v},
                   unnamed=tuple(unnamed), unnamed_candidates=tuple(cands))


def check_reads(skin: Skin, fixtures: list[Fixture]) -> int:
    """Cells of labelled screenshots the relearned skin reads as something else (must be 0;
    a cell it refuses or reads as '_' is not a misread)."""
    wrong = 0
    for fixture in fixtures:
        frame = Frame.from_file(fixture.path)
        location = locate_minesweeper(frame, load_skin(fixture.skin))
        verdict = verdict_of(frame.pixels, location.grid, skin)
        got = verdict.text().split("\n")
        for r, row in enumerate(fixture.state or []):
            for c, ch in enumerate(row):
                if (r, c) in fixture.unreadable or not verdict.accepted[r, c]:
                    continue
                if got[r][c] in skin.chars and got[r][c] != ch:
                    wrong += 1
    return wrong


