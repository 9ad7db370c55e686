"""Reading only the changed cells gives exactly what a full read gives, frame after frame."""

from __future__ import annotations

import random

import pytest

from bot.games.minesweeper.delta import DeltaReader, changed_cells
from bot.games.minesweeper.sim_screen import SimScreen, skin_renderer
from bot.io.screens.base import Button
from solvers.minesweeper.rules import FirstClick, Level
from vision.core.errors import ReadError
from vision.minesweeper.reader import locate_minesweeper, read_minesweeper


def outcome(read, frame):
    """The board read, or the fact that the frame does not read (same either way)."""
    try:
        return read(frame).board
    except ReadError:
        return "unreadable"


@pytest.mark.parametrize(
    ("skin", "scale"),
    [("winxp", 1.0), ("winxp", 1.25), ("xdemineur", 1.0), ("gnome-mines", 1.0)],
)
def test_delta_reads_equal_full_reads_through_random_games(skin, scale):
    rng = random.Random(f"{skin} {scale}")
    level = Level("t", 9, 12, 14)
    screen = SimScreen(level, FirstClick.SAFE, rng.randrange(10**6), skin_renderer(skin, scale))
    location = locate_minesweeper(screen.grab(), skin)
    delta = DeltaReader(lambda f, loc: read_minesweeper(f, skin, loc))
    geometry = screen._geometry
    assert geometry is not None
    checked = 0
    for _ in range(60):
        frame = screen.grab()
        assert outcome(lambda f: delta.read(f, location), frame) == outcome(
            lambda f: read_minesweeper(f, skin, location), frame
        )
        checked += 1
        if screen.game.over:
            screen.new_game()
            continue
        r, c = rng.randrange(level.rows), rng.randrange(level.cols)
        button = rng.choice([Button.LEFT, Button.LEFT, Button.LEFT, Button.RIGHT])
        screen.click(geometry.cell_center(r, c), button)
    assert delta.partial_reads > 10
    assert checked == 60


def test_changed_cells_marks_exactly_the_cells_with_new_pixels():
    import numpy as np

    from vision.core.geometry import GridGeometry, Point

    g = GridGeometry.uniform(Point(3, 2), 5, 4, 3, 4)
    a = np.zeros((20, 30, 3), np.uint8)
    b = a.copy()
    b[2 + 4 * 1 + 3, 3 + 5 * 2 + 4, 1] = 9  # one pixel of cell (1, 2)
    b[0, 0] = 7  # outside the grid: ignored
    mask = changed_cells(a, b, g)
    assert mask.shape == (3, 4)
    assert [tuple(x) for x in np.argwhere(mask)] == [(1, 2)]
