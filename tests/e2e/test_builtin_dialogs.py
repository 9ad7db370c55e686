"""The built-in window's Windows-like best-times dialog, on a private Xvfb: after a record win
it asks a name in a modal window of its own beside the board (no window manager puts it
anywhere else), and the bot answers it and plays on; unanswered, the game takes no input."""

from __future__ import annotations

import time

import pytest

from bot.games.minesweeper.adapter import MinesweeperPlayer
from bot.games.minesweeper.builtin_window.best_times import TITLE
from bot.games.minesweeper.programs import builtin
from bot.io.screens.desktop import DesktopScreen
from bot.io.windows import finder as windows
from bot.run.loop import Loop, LoopOptions
from bot.run.safety import GuardedScreen
from solvers.minesweeper.rules import Level
from solvers.minesweeper.solver import Solver

pytestmark = [pytest.mark.display, pytest.mark.xdist_group("minesweeper-e2e")]

BEGINNER = Level.parse("beginner")


def best_times_dialogs() -> list[windows.WindowInfo]:
    return [w for w in windows.backend_named("x11").windows() if w.title == TITLE]


def test_the_bot_answers_the_best_times_dialog_and_plays_on(virtual_display):
    target = builtin.launch(BEGINNER, seed=4, dialogs=True)
    try:
        screen = GuardedScreen(DesktopScreen())
        player = MinesweeperPlayer(target.profile, Solver(target.profile.rules, 4), 10)
        answered = []
        real = target.dismiss_dialogs

        def counted() -> bool:
            found = [w.id for w in best_times_dialogs()]
            closed = real()
            if closed:
                answered.extend(found)
            return closed

        target.dismiss_dialogs = counted  # type: ignore[method-assign]
        stats = Loop(screen, target, player, LoopOptions(games=5)).run()
        assert stats.stopped == "" and len(stats.games) == 5 and stats.misreads == 0
        wins = [g.outcome for g in stats.games[:-1]].count("won")
        assert wins >= 1  # the first win is a record: a dialog came
        assert answered and len(answered) <= wins
        assert screen.guard.refused == 0
        assert not best_times_dialogs() or stats.games[-1].outcome == "won"
    finally:
        target.close()


def test_the_dialog_is_the_windows_own_and_holds_the_game_until_answered(virtual_display):
    target = builtin.launch(BEGINNER, seed=4, dialogs=True)
    try:
        screen = GuardedScreen(DesktopScreen())
        player = MinesweeperPlayer(target.profile, Solver(target.profile.rules, 4), 10)
        # the bot must not answer it here: a frame read while the won board was redrawn
        # (a loaded machine, CI) sent it looking for dialogs, and it closed this one
        target.dismiss_dialogs = lambda: False  # type: ignore[method-assign]
        stats = Loop(screen, target, player, LoopOptions(games=1)).run()
        assert stats.games[0].outcome == "won"  # seed 4: the first game is won
        del target.dismiss_dialogs  # the target's own again
        deadline = time.monotonic() + 20  # Tk maps the dialog late on a loaded machine (CI)
        while not best_times_dialogs() and time.monotonic() < deadline:
            time.sleep(0.1)
        dialogs = best_times_dialogs()
        assert len(dialogs) == 1, f"best-times dialogs after 20 s: {dialogs}"
        (dialog,) = dialogs
        region = target.region()
        assert dialog.transient_for == target.window and dialog.region.left >= region.right
        assert windows.dialogs_over(target.window, target.app, region) == [dialog]
        before = screen.grab(region).pixels
        windows.press(target.window, ("F2",))  # the game is held: no new game
        time.sleep(0.5)
        assert (screen.grab(region).pixels == before).all()
        assert target.dismiss_dialogs() and not best_times_dialogs()
        windows.press(target.window, ("F2",))
        time.sleep(0.5)
        assert (screen.grab(region).pixels != before).any()  # a new game now
    finally:
        target.close()
