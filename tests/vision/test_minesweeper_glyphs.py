"""The Linux skins know every glyph from real captures, and the labels they were cut from are
sound.

Each glyph of xdemineur and gnome-mines (5-8 come from dense custom boards, see
recordings/minesweeper/capture_dense.py) has labelled occurrences in real screenshots, so the
fixture tests read each one exactly at 100 % and rescaled to 125-200 %. Labels of lost boards
(every mine shown) are checked against the rules: every number equals the mines around it.
"""

from __future__ import annotations

import pytest

from solvers.minesweeper.state import Board, Cell
from vision.core.frame import Frame
from vision.minesweeper.fixtures import Fixture, load_fixtures
from vision.minesweeper.reader import read_minesweeper
from vision.minesweeper.skin import CELL_CHARS, load_skin

FIXTURES = [f for f in load_fixtures() if f.state is not None and f.error is None]
LINUX_SKINS = ("xdemineur", "gnome-mines")


def _labelled_chars(skin: str) -> dict[str, int]:
    counts: dict[str, int] = {}
    for fixture in FIXTURES:
        if fixture.skin != skin:
            continue
        for r, row in enumerate(fixture.state or []):
            for c, ch in enumerate(row):
                if (r, c) not in fixture.unreadable:
                    counts[ch] = counts.get(ch, 0) + 1
    return counts


@pytest.mark.parametrize("skin", LINUX_SKINS)
def test_every_glyph_has_real_labelled_occurrences(skin: str):
    loaded = load_skin(skin)
    assert loaded.chars == "".join(CELL_CHARS)
    assert not loaded.synthesised  # every template cut from a real capture
    counts = _labelled_chars(skin)
    assert set(counts) == set(CELL_CHARS)
    for ch in "5678":
        assert counts[ch] >= 2, f"{skin}: only {counts[ch]} labelled {ch}"


@pytest.mark.parametrize("skin", LINUX_SKINS)
def test_high_numbers_read_exactly_at_more_than_one_cell_size(skin: str):
    """gnome-mines redraws its tiles for each window size (40, 56 and 78 px captures here);
    xdemineur always draws 21 px cells."""
    scales: dict[str, set[float]] = {}
    for fixture in FIXTURES:
        if fixture.skin != skin or not any(ch in "5678" for ch in "".join(fixture.state or [])):
            continue
        reading = read_minesweeper(Frame.from_file(fixture.path))
        assert reading.board.to_text().split("\n") == fixture.state
        for ch in set("".join(fixture.state or [])) & set("5678"):
            scales.setdefault(ch, set()).add(round(reading.scale, 1))
    assert set(scales) == set("5678")
    if skin == "gnome-mines":
        for ch in "5678":
            assert len(scales[ch]) >= 2, f"{ch} only at scales {scales[ch]}"


def _lost(fixture: Fixture) -> bool:
    return "X" in "".join(fixture.state or [])


LOST = [f for f in FIXTURES if _lost(f)]


def test_there_are_lost_boards_of_both_linux_skins():
    assert {f.skin for f in LOST} >= set(LINUX_SKINS)


@pytest.mark.parametrize("fixture", LOST, ids=[f.path.stem for f in LOST])
def test_lost_labels_obey_the_rules(fixture: Fixture):
    board = Board.from_text("\n".join(fixture.state or []))
    mines = {Cell.MINE, Cell.EXPLODED, Cell.FLAG}
    for r, c in board.positions():
        cell = board[r, c]
        if cell.is_number:
            around = sum(board[rc] in mines for rc in board.neighbors(r, c))
            assert around == int(cell), f"{fixture.path.name}: ({r}, {c}) shows {cell.char}"
