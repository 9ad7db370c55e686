"""The built-in window's Windows 7 look on a private Xvfb: cells fade open, a loss sets the
mines off group by group and then asks "Game Lost" in a modal window of its own; a win asks
"Game Won". The game takes no input meanwhile; Return plays again. The bot plays through all
of it without a misread and answers each dialog."""

from __future__ import annotations

import time
import tkinter as tk

import numpy as np
import pytest

from bot.games.minesweeper.adapter import MinesweeperPlayer
from bot.games.minesweeper.builtin_window import animation
from bot.games.minesweeper.builtin_window.game_end_dialog import LOST_TITLE, WON_TITLE
from bot.games.minesweeper.builtin_window.window import MinesweeperWindow
from bot.games.minesweeper.programs import builtin
from bot.games.minesweeper.sim_screen import skin_renderer
from bot.io.screens.desktop import DesktopScreen
from bot.io.windows import finder as windows
from bot.run.loop import Loop, LoopOptions
from bot.run.safety import GuardedScreen
from solvers.minesweeper.game import Status
from solvers.minesweeper.rules import FirstClick, Level
from solvers.minesweeper.solver import Solver
from tests.e2e.tk_child import in_child

pytestmark = [pytest.mark.display, pytest.mark.xdist_group("minesweeper-e2e")]

BEGINNER = Level.parse("beginner")


def _pump(root: tk.Tk, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        root.update()
        time.sleep(0.01)


def _click(window: MinesweeperWindow, r: int, c: int) -> None:
    assert window.geometry is not None
    p = window.geometry.cell_center(r, c)
    window.label.event_generate("<ButtonRelease-1>", x=p.x, y=p.y)


def test_a_loss_goes_off_in_steps_then_holds_the_game_until_the_dialog_is_answered(
        virtual_display):
    in_child(_a_loss_goes_off_in_steps)


def _a_loss_goes_off_in_steps() -> None:
    root = tk.Tk()
    try:
        window = MinesweeperWindow(root, BEGINNER, FirstClick.SAFE, seed=3,
                                   renderer=skin_renderer("win7"), dialogs=True, look="win7")
        _pump(root, 0.2)
        safe = next(rc for rc in window.game.board().positions()
                    if rc not in window.game.mines())
        _click(window, *safe)  # the first click is safe; then a mine
        _pump(root, 0.3)
        mine = next(iter(window.game.mines()))
        before = window._shown.copy()
        _click(window, *mine)
        root.update()
        pictures = []
        deadline = time.monotonic() + 3
        while window._ending and time.monotonic() < deadline:
            if not any(np.array_equal(window._shown, p) for p in pictures):
                pictures.append(window._shown.copy())
            assert window.modal  # no input while the mines go off
            root.update()
            time.sleep(0.005)
        assert window.game.status is Status.LOST
        assert len(pictures) >= 3 and not np.array_equal(pictures[0], before)
        _pump(root, 0.3)
        assert window.end_dialogs is not None and window.end_dialogs.open
        assert window.end_dialogs.dialog.title() == LOST_TITLE
        shown = window._shown.copy()
        root.event_generate("<F2>")  # held: no new game
        _pump(root, 0.2)
        assert window.game.status is Status.LOST and np.array_equal(window._shown, shown)
        (lost,) = [w for w in windows.backend_named("x11").windows() if w.title == LOST_TITLE]
        windows.press(lost.id, ("Return",))  # Play again, the default button
        _pump(root, 0.1)
        _pump(root, 0.3)
        assert not window.end_dialogs.open and window.game.status is Status.READY  # a new game
        assert window.end_dialogs.tally.played == 1 and window.end_dialogs.tally.won == 0
    finally:
        root.destroy()


def test_the_bot_plays_the_windows_7_look_through_its_animations_and_dialogs(virtual_display):
    target = builtin.launch(BEGINNER, seed=4, dialogs=True, skin="win7")
    try:
        seen: list[str] = []
        real = target.dismiss_dialogs

        def counted() -> bool:
            seen.extend(w.title for w in windows.dialogs_over(target.window, target.app,
                                                               target.region()))
            return real()

        target.dismiss_dialogs = counted  # type: ignore[method-assign]
        screen = GuardedScreen(DesktopScreen())
        player = MinesweeperPlayer(target.profile, Solver(target.profile.rules, 4), 10)
        stats = Loop(screen, target, player, LoopOptions(games=4)).run()
        assert stats.stopped == "" and len(stats.games) == 4 and stats.misreads == 0
        assert screen.guard.refused == 0
        assert len(set(seen) & {WON_TITLE, LOST_TITLE}) >= 1 and len(seen) >= 3  # one a game
        assert target.profile.skin == "win7" and target.profile.rules is FirstClick.OPENING
    finally:
        target.close()


def test_fade_and_blast_pictures():
    from solvers.minesweeper.state import Board

    a = np.zeros((4, 4, 3), np.uint8)
    b = np.full((4, 4, 3), 90, np.uint8)
    steps = animation.fade(a, b, 3)
    assert [int(p[0, 0, 0]) for p in steps] == [30, 60, 90] and steps[-1] is b
    assert animation.fade(b, b) == [b]
    final = Board.from_text("X*.\n..*\nx*F")
    boards = animation.blast(final, groups=2)
    assert boards[-1] == final
    assert boards[0].to_text() == "X#.\n..#\nF#F"  # only the mine that was hit
    mines = [b.count(final[0, 1]) for b in boards]
    assert mines == sorted(mines) and mines[0] == 0 and mines[-1] == 3  # outward, all at last
