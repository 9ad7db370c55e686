"""The desktop backend on a private Xvfb: captures, clicks, the fail-safe corner, a window that
moves mid-game, and a second display in the same process."""

from __future__ import annotations

import subprocess
import threading
import time

import numpy as np
import pytest

from bot.games.minesweeper.adapter import MinesweeperPlayer
from bot.games.minesweeper.programs import builtin
from bot.io import x11
from bot.io.screens.desktop import DesktopScreen
from bot.io.virtual_display import VirtualDisplay
from bot.run.loop import Loop, LoopOptions
from bot.run.safety import GuardedScreen, StopRequested
from solvers.minesweeper.rules import Level
from solvers.minesweeper.solver import Solver
from tests.e2e.drawn import located
from vision.core.geometry import Point

pytestmark = [pytest.mark.display, pytest.mark.xdist_group("minesweeper-e2e")]

BEGINNER = Level.parse("beginner")


@pytest.fixture
def window(virtual_display):
    target = builtin.launch(BEGINNER, seed=4)
    yield target
    target.close()


def test_a_click_on_the_captured_board_opens_that_cell(window):
    screen = DesktopScreen()
    region = window.window_region(screen)
    frame, location = located(screen, region)
    assert frame.region == region
    centre = location.geometry.offset(region.left, region.top).cell_center(4, 4)
    screen.click(centre)
    deadline = time.monotonic() + 3
    while np.array_equal(screen.grab(region).pixels, frame.pixels):
        assert time.monotonic() < deadline, "the click never showed"
        time.sleep(0.02)
    screen.close()


def test_the_mouse_in_a_screen_corner_stops_the_bot(window):
    screen = DesktopScreen()
    subprocess.run(["xdotool", "mousemove", "0", "0"], check=True)
    with pytest.raises(StopRequested, match="corner"):
        screen.check_stop()
    with pytest.raises(StopRequested):
        screen.click(Point(50, 50))
    subprocess.run(["xdotool", "mousemove", "400", "400"], check=True)
    screen.check_stop()
    screen.close()


def test_a_window_moved_mid_game_is_found_again(virtual_display):
    target = builtin.launch(Level.parse("intermediate"), seed=8)
    try:
        screen = GuardedScreen(DesktopScreen())
        player = MinesweeperPlayer(target.profile, Solver(target.profile.rules, 1), 40)
        loop = Loop(screen, target, player, LoopOptions(games=2))

        def move_later() -> None:
            time.sleep(0.6)
            subprocess.run(["xdotool", "windowmove", str(target.window), "700", "300"], check=True)

        mover = threading.Thread(target=move_later)
        mover.start()
        stats = loop.run()
        mover.join()
        assert stats.stopped == ""
        assert stats.relocations >= 1
        assert x11.geometry(target.window).left == 700
        assert len(stats.games) == 2 and stats.misreads == 0
        assert screen.guard.refused == 0
    finally:
        target.close()


def test_a_second_display_in_the_same_process_gets_the_input(virtual_display):
    with VirtualDisplay(800, 600):
        target = builtin.launch(BEGINNER, seed=5)
        try:
            screen = DesktopScreen()
            assert screen.bounds().width == 800
            region = target.window_region(screen)
            frame, location = located(screen, region)
            screen.click(location.geometry.offset(region.left, region.top).cell_center(0, 0))
            time.sleep(0.3)
            assert not np.array_equal(screen.grab(region).pixels, frame.pixels)
            screen.close()
        finally:
            target.close()
    screen = DesktopScreen()
    assert screen.bounds().width == 1600
    screen.close()


def test_a_board_found_anywhere_on_the_screen_is_played(window):
    from bot.games.minesweeper.programs import anywhere

    target = anywhere()  # no window asked: vision finds the board on the whole screen
    screen = GuardedScreen(DesktopScreen())
    player = MinesweeperPlayer(target.profile, Solver(target.profile.rules, 2), None)
    stats = Loop(screen, target, player, LoopOptions(games=2)).run()
    assert stats.stopped == ""
    assert len(stats.games) == 2 and stats.misreads == 0 and screen.guard.refused == 0
    board = window.window_region(screen)
    assert target.window_region(screen).contains_region(board)


def test_a_window_that_disappears_ends_the_session_with_its_figures(virtual_display):
    target = builtin.launch(Level.parse("intermediate"), seed=9)
    try:
        screen = GuardedScreen(DesktopScreen())
        player = MinesweeperPlayer(target.profile, Solver(target.profile.rules, 1), 40)
        loop = Loop(screen, target, player, LoopOptions(games=500))
        assert target.program is not None
        closer = threading.Timer(1.5, target.program.stop)
        closer.start()
        stats = loop.run()
        closer.join()
        assert "window is gone" in stats.stopped
        assert screen.guard.refused == 0
    finally:
        target.close()
