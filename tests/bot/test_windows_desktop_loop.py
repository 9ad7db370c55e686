"""Whole games on a faked Windows desktop whose game sits on a monitor left of and above the
primary one (every coordinate negative): the window found through pywinctl, captured through
mss, read, solved and clicked through pyautogui, each click checked against the calibrated
board. Nothing here has run on a real Windows machine: user32, mss, pyautogui and pywinctl
are stand-ins, the simulated program draws the pixels and takes the clicks."""

from __future__ import annotations

import sys
import types

import numpy as np
import pytest

from bot.games.minesweeper.adapter import MinesweeperPlayer
from bot.games.minesweeper.programs import window_title
from bot.games.minesweeper.sim_screen import SimScreen
from bot.io.screens import windows_os
from bot.io.screens.base import Button
from bot.run.loop import Loop, LoopOptions
from bot.run.safety import ClickRefused, GuardedScreen
from solvers.minesweeper.game import Status
from solvers.minesweeper.rules import FirstClick, Level
from tests.bot.minesweeper_fakes import StandInSolver, code_read, code_render
from tests.bot.test_window_backends import FakeWindow, install
from tests.bot.test_window_title_target import faced_locate
from vision.core.geometry import Point, Region

MONITORS = [
    {"left": -1920, "top": -300, "width": 3840 + 1280, "height": 1380},  # all of them
    {"left": 0, "top": 0, "width": 1920, "height": 1080},  # the primary
    {"left": -1920, "top": -300, "width": 1920, "height": 1080},  # left of it, higher
    {"left": 1920, "top": 0, "width": 1280, "height": 1024},
]
PLACE = Point(-1700, -280)  # the game's client area on the left monitor
LEVEL = Level("small", 8, 8, 8)


class Desktop:
    """The virtual screen: the simulated program's picture at ``PLACE``, and what reached
    the input calls, in virtual-screen coordinates."""

    def __init__(self, seed: int) -> None:
        self.game = SimScreen(LEVEL, FirstClick.SAFE, seed, code_render)
        self.clicks: list[tuple[int, int, str]] = []
        self.grabs: list[Region] = []

    @property
    def window(self) -> Region:
        b = self.game.bounds()
        return Region(PLACE.x, PLACE.y, b.width, b.height)

    def grab(self, box: dict) -> np.ndarray:
        wanted = Region(box["left"], box["top"], box["width"], box["height"])
        self.grabs.append(wanted)
        out = np.zeros((wanted.height, wanted.width, 4), np.uint8)
        shown = self.window.intersect(wanted)
        if shown is not None:
            inside = shown.offset(-PLACE.x, -PLACE.y)
            pixels = self.game.grab(inside).pixels
            top, left = shown.top - wanted.top, shown.left - wanted.left
            out[top : top + shown.height, left : left + shown.width, :3] = pixels
        return out

    def click(self, x: int, y: int, button: str) -> None:
        self.clicks.append((x, y, button))
        self.game.click(Point(x - PLACE.x, y - PLACE.y), Button(button))


@pytest.fixture
def windows_desktop(monkeypatch):
    """A Windows desktop of fakes around a :class:`Desktop`; returns a maker for it."""

    def make(seed: int) -> tuple[Desktop, GuardedScreen, FakeWindow]:
        desk = Desktop(seed)
        w = desk.window
        program = FakeWindow(0x5002E, "Minesweeper", "MineSweeper.exe",
                             box=(w.left - 8, w.top - 51, w.width + 16, w.height + 59),
                             client=(w.left, w.top, w.right, w.bottom))
        install(monkeypatch, [program], platform="win32")

        class FakeMSS:
            monitors = MONITORS

            def grab(self, box):
                return desk.grab(box)

            def close(self):
                pass

        gui = types.ModuleType("pyautogui")
        gui.FailSafeException = type("FailSafeException", (Exception,), {})
        gui.FAILSAFE, gui.PAUSE = False, 0.1
        gui.FAILSAFE_POINTS = [(0, 0), (0, 1079), (1919, 0), (1919, 1079)]
        gui.size = lambda: (1920, 1080)  # per-monitor aware: the primary in physical pixels
        gui.click = lambda x, y, button: desk.click(x, y, button)
        gui.moveTo = lambda x, y, duration=0.0: None
        gui.press = lambda key: desk.game.press(key)
        gui.hotkey = lambda *keys: desk.game.press(*keys)
        gui.position = lambda: (500, 500)
        gui.failSafeCheck = lambda: None
        monkeypatch.setitem(sys.modules, "mss", types.SimpleNamespace(MSS=FakeMSS))
        monkeypatch.setitem(sys.modules, "pyautogui", gui)
        monkeypatch.setattr(windows_os, "on_windows", lambda: True)
        from bot.io.screens.desktop import DesktopScreen

        return desk, GuardedScreen(DesktopScreen()), program

    return make


def test_games_on_a_monitor_left_of_and_above_the_primary_are_played_where_they_are(
        tmp_path, windows_desktop):
    desk, screen, program = windows_desktop(seed=5)
    target = window_title.attach("^minesweeper$", window_title.profile(rules=FirstClick.SAFE))
    assert target.window_region(screen) == desk.window  # the client area, negative
    assert screen.inner.bounds() == Region(-1920, -300, 5120, 1380)
    player = MinesweeperPlayer(target.profile, StandInSolver(5), LEVEL.mines, faced_locate,
                               code_read)
    loop = Loop(screen, target, player, LoopOptions(games=4, problems_dir=tmp_path / "p"))
    stats = loop.run()
    assert stats.stopped == "" and stats.misreads == 0 and screen.guard.refused == 0
    desk.game.new_game()  # closes the last game into .finished
    truth = ["won" if s is Status.WON else "lost" for s in desk.game.finished]
    assert [g.outcome for g in stats.games] == truth and len(truth) == 4
    assert program.activated  # focused through pywinctl
    # every click landed on a cell of the board, at its virtual-screen point
    assert len(desk.clicks) >= sum(g.moves for g in stats.games) > 8
    geometry = desk.game._geometry
    for x, y, _button in desk.clicks:
        assert x < 0 and y < 0
        assert geometry.cell_at(Point(x - PLACE.x, y - PLACE.y)) is not None
    # and only the game's window was captured
    assert all(desk.window.contains_region(g) for g in desk.grabs)


def test_a_click_beside_the_board_on_the_left_monitor_never_reaches_windows(
        tmp_path, windows_desktop):
    desk, screen, _program = windows_desktop(seed=2)
    target = window_title.attach("^minesweeper$", window_title.profile(rules=FirstClick.SAFE))
    player = MinesweeperPlayer(target.profile, StandInSolver(2), LEVEL.mines, faced_locate,
                               code_read)
    Loop(screen, target, player, LoopOptions(games=1, problems_dir=tmp_path / "p")).run()
    board = screen.guard.clicks[0]
    assert board.left < 0 and board.top < 0
    sent = len(desk.clicks)
    corner = Point(board.left, board.top)
    screen.click(corner)  # the board's own first pixel: allowed
    for outside in (Point(board.left - 1, board.top), Point(board.left, board.top - 1),
                    Point(-board.left, -board.top),  # the same point with the signs lost
                    Point(board.left + 1920, board.top + 300)):  # from the left monitor's origin
        with pytest.raises(ClickRefused):
            screen.click(outside)
    assert len(desk.clicks) == sent + 1
