"""A best-times box that asks for a name in a text box gets the bot's name typed (Windows XP
and 7 ask "Please type your name"); a dialog with no name box gets no letters (a letter could
press one of its buttons), only the keys that close it."""

from __future__ import annotations

import threading
import time
import tkinter as tk

import pytest

from bot.games.minesweeper.builtin_window.best_times import BestTimes
from bot.games.minesweeper.builtin_window.game_end_dialog import GameEndDialogs
from bot.games.minesweeper.programs import builtin
from bot.games.minesweeper.programs.own_dialogs import DIALOG_NAME
from bot.games.minesweeper.programs.profile import ProgramWindow
from bot.io.windows import finder as windows
from tests.e2e.tk_child import in_child

pytestmark = [pytest.mark.display, pytest.mark.xdist_group("minesweeper-e2e")]


def _answered_in_a_thread(root: tk.Tk, target: ProgramWindow) -> bool:
    """dismiss_dialogs run beside Tk's event loop (the dialog must take the keys meanwhile)."""
    result: list[bool] = []
    worker = threading.Thread(target=lambda: result.append(target.dismiss_dialogs()))
    worker.start()
    deadline = time.monotonic() + 30
    while worker.is_alive() and time.monotonic() < deadline:
        root.update()
        time.sleep(0.01)
    worker.join(1)
    return bool(result and result[0])


def _target(root: tk.Tk) -> ProgramWindow:
    root.title("name test")
    root.geometry("240x200+0+0")
    for _ in range(10):
        root.update()
        time.sleep(0.02)
    return ProgramWindow(builtin.PROFILE, lambda: windows.first(title="^name test$"))


def test_the_best_times_box_gets_the_bots_name(virtual_display):
    in_child(_best_times_box_gets_the_bots_name)


def _best_times_box_gets_the_bots_name() -> None:
    root = tk.Tk()
    try:
        target = _target(root)
        given: list[str] = []
        box = BestTimes(root, closed=given.append)
        box.won("beginner", 7)
        assert box.open
        assert _answered_in_a_thread(root, target)
        assert given == [DIALOG_NAME] and box.records["beginner"] == (7, DIALOG_NAME)
    finally:
        root.destroy()


def test_a_dialog_with_no_name_box_gets_no_letters(virtual_display):
    in_child(_a_dialog_with_no_name_box_gets_no_letters)


def _a_dialog_with_no_name_box_gets_no_letters() -> None:
    root = tk.Tk()
    try:
        target = _target(root)
        answers: list[str] = []
        dialogs = GameEndDialogs(root, lambda: answers.append("again"),
                                 lambda: answers.append("restart"),
                                 lambda: answers.append("exit"))
        dialogs.ended(False, 12)
        typed: list[str] = []
        dialogs.dialog.bind_all("<Key>", lambda e: typed.append(e.keysym), add="+")
        assert _answered_in_a_thread(root, target)
        assert answers == ["again"] and not dialogs.open
        assert not set(typed) & set(DIALOG_NAME)  # Escape closed it: no letter was sent
    finally:
        root.destroy()
