"""The new-game face found by its look alone (a smiley above the board), for a look learned from
nothing: found on every program that draws one, whatever it shows (playing, lost, sunglasses),
and nothing taken for a face on programs that have none (a yellow LED counter included)."""

from __future__ import annotations

from pathlib import Path

import pytest

from vision.core.frame import Frame
from vision.minesweeper.any_face import find_face
from vision.minesweeper.looks import board_grid

RECORDINGS = Path(__file__).resolve().parents[2] / "recordings" / "minesweeper"

#: picture -> the face's middle (x, y) in its pixels, or None where the program draws none
FACES = {
    "labelled/xdemineur-expert-opening.png": (331, 41),
    "labelled/xdemineur-live-lost.png": (331, 41),
    "labelled/xdemineur-live-won.png": (142, 41),
    "labelled/winxp-expert-midgame.png": (255, 77),
    "labelled/winxp-beginner-midgame.png": (87, 77),
    "unseen/minesweeper-classic-midgame.png": (127, 110),
    "unseen/minesweeper-classic-lost.png": (127, 110),
    "unseen/minesweeper-classic-won.png": (127, 110),  # sunglasses cut its yellow in two
    "labelled/gnome-mines-expert-opening.png": None,
    "labelled/gnome-mines-won.png": None,
    "unseen/kmines-midgame.png": None,
    "unseen/kmines-easy-won.png": None,
    "unseen/ace-minesweeper-midgame.png": None,  # a penguin and a yellow LED counter
    "unseen/ace-minesweeper-lost.png": None,
}


@pytest.mark.parametrize("name", sorted(FACES))
def test_the_face_is_found_where_one_is_drawn_and_nowhere_else(name):
    frame = Frame.from_file(RECORDINGS / name)
    grid, _skin = board_grid(frame)
    geometry = grid.geometry()
    face = find_face(frame.pixels, geometry.bounds, float(min(geometry.pitch)))
    expected = FACES[name]
    if expected is None:
        assert face is None, face
    else:
        assert face is not None
        assert abs(face.center.x - expected[0]) <= 2 and abs(face.center.y - expected[1]) <= 2
        assert face.bottom <= geometry.bounds.top  # above the board, never on it
