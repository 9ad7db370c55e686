"""The built-in window on a private Xvfb plays the real XP rule: a first click on a mine moves
that mine to the top-left corner, which then explodes when opened."""

from __future__ import annotations

import random
import time

import numpy as np
import pytest

from bot.games.minesweeper.programs import builtin
from bot.io.screens.desktop import DesktopScreen
from solvers.minesweeper.game import Game
from solvers.minesweeper.moves import Move
from solvers.minesweeper.rules import FirstClick, Level
from solvers.minesweeper.state import Cell
from tests.e2e.drawn import located
from vision.minesweeper.reader import read_minesweeper

pytestmark = [pytest.mark.display, pytest.mark.xdist_group("minesweeper-e2e")]

BEGINNER = Level.parse("beginner")


def drawn_layout(window_seed: int) -> frozenset[tuple[int, int]]:
    """The mines the window's first game draws before any rule moves one (as NONE keeps them)."""
    game = Game(BEGINNER, FirstClick.NONE, seed=random.Random(window_seed).getrandbits(64))
    game.apply(Move.open(0, 0))
    return game.mines()


def pick_seed() -> tuple[int, tuple[int, int]]:
    """A window seed whose first layout leaves the top-left corner free, and a mine far from it."""
    for seed in range(1000):
        mines = drawn_layout(seed)
        if (0, 0) in mines:
            continue
        far = sorted(m for m in mines if m[0] + m[1] >= 6)
        if far:
            return seed, far[0]
    raise AssertionError("no seed in 0..999 fits")


def wait_for_change(screen, region, before, seconds=3.0):
    deadline = time.monotonic() + seconds
    while True:
        frame = screen.grab(region)
        if not np.array_equal(frame.pixels, before.pixels):
            time.sleep(0.15)  # let the redraw finish
            return screen.grab(region)
        assert time.monotonic() < deadline, "the click never showed"
        time.sleep(0.02)


def test_a_first_click_mine_moves_to_the_top_left_corner(virtual_display):
    seed, mine = pick_seed()
    target = builtin.launch(BEGINNER, seed=seed, rules=FirstClick.XP)
    assert target.profile.rules is FirstClick.XP
    screen = DesktopScreen()
    try:
        region = target.window_region(screen)
        frame, location = located(screen, region)
        cells = location.geometry.offset(region.left, region.top)
        screen.click(cells.cell_center(*mine))  # a mine in the layout drawn: it moves
        frame = wait_for_change(screen, region, frame)
        board = read_minesweeper(frame, "winxp", location).board
        assert board[mine].is_number, f"window seed {seed}: the first click at {mine} lost"
        screen.click(cells.cell_center(0, 0))  # where Windows XP put that mine
        frame = wait_for_change(screen, region, frame)
        board = read_minesweeper(frame, "winxp", location).board
        assert board.is_lost and board[0, 0] is Cell.EXPLODED, f"window seed {seed}"
    finally:
        screen.close()
        target.close()
