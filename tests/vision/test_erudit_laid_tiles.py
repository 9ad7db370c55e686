"""Tiles laid on the board but not submitted, told from the board's by their look (issue 23:
``erudit best --shot`` on a shot with our tiles laid counted them as on the board)."""

from __future__ import annotations

from pathlib import Path

import pytest

from solvers.erudit.board import square_name
from vision.core.frame import Frame
from vision.erudit.fixtures import load_erudit_fixtures
from vision.erudit.laid import laid_squares
from vision.erudit.reader import locate_erudit

CASES = Path(__file__).resolve().parents[2] / "recordings" / "erudit" / "cases"
#: The labelled shots taken with a move laid and not sent, and its squares.
PENDING = {
    "gamebot-erudit-wood-100-s42-t05-pending": ["M12", "M13", "M14"],
    "gamebot-scrabble-en-classic-150-s51-t04-pending": ["I7", "I8", "I9", "I10", "I11"],
}


def _laid(path: Path, board: str) -> list[str]:
    frame = Frame.from_file(path)
    return [square_name(i) for i in laid_squares(frame.pixels,
                                                 locate_erudit(frame).geometry, board)]


@pytest.mark.parametrize("fixture", [f for f in load_erudit_fixtures() if f.position],
                         ids=lambda f: f.name)
def test_the_laid_tiles_of_every_labelled_shot_and_none_else(fixture):
    board = "".join(fixture.board)
    assert _laid(fixture.path, board) == PENDING.get(fixture.name, [])


def test_our_two_tiles_laid_on_xanado_are_told_beside_the_computers_highlighted_move():
    """Xanado: our L and A laid (a dark border), the computer's CODED in its yellow
    highlight, AFOOT plain."""
    rows = ["." * 15] * 5 + ["...........L...", "...........A...", ".......AFOOT...",
                             ".....CODED....."] + ["." * 15] * 6
    shot = CASES / "xanado-board-after-reflow.png"
    assert _laid(shot, "".join(rows)) == ["L6", "L7"]
