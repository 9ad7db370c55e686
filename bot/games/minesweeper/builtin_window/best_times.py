"""The Windows XP best-times dialog of the built-in window: after a win faster than the level's
record (999 s until one is set) it asks for a name, modal, as Windows XP and 7 do.

Until it is answered the game takes no key and no click. It is its own top-level window,
transient for the game's, placed beside the board (not over it): with no window manager
nothing moves it, so the bot must find it as the program's window, not by where it is.
Return (or the OK button) takes the name; Escape does nothing, as in a dialog whose only
button is OK. The records are kept for the window's lifetime only (never written to disk).
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable

from bot.games.minesweeper.builtin_window.dialog_window import dialog_beside

TITLE = "Best Times"
NO_RECORD = 999  # seconds: the record of a level nobody has won yet
DEFAULT_NAME = "Anonymous"


class BestTimes:
    """The records of one window and the dialog that asks for a name; ``closed(name)`` is
    told the name given when the dialog closes."""

    def __init__(self, root: tk.Tk, closed: Callable[[str], None] | None = None) -> None:
        self.root = root
        self.records: dict[str, tuple[int, str]] = {}
        self.dialog: tk.Toplevel | None = None
        self._closed = closed

    @property
    def open(self) -> bool:
        return self.dialog is not None

    def won(self, level: str, seconds: int) -> None:
        """A game of ``level`` was won in ``seconds``: ask for a name if it is a record."""
        record = self.records.get(level, (NO_RECORD, ""))[0]
        if seconds < record or record == NO_RECORD:
            self.records[level] = (seconds, DEFAULT_NAME)
            self._ask(level, seconds)

    def _ask(self, level: str, seconds: int) -> None:
        top = dialog_beside(self.root, TITLE)
        tk.Label(top, text=f"You have the fastest time\nfor {level} level.\n"
                           "Please type your name:", justify="center").pack(padx=16, pady=8)
        name = tk.Entry(top, width=20)
        name.insert(0, DEFAULT_NAME)
        name.select_range(0, "end")
        name.pack(padx=16)
        tk.Button(top, text="OK", width=8, command=lambda: self._answer(level, seconds, name)
                  ).pack(pady=8)
        top.bind("<Return>", lambda _e: self._answer(level, seconds, name))
        top.protocol("WM_DELETE_WINDOW", lambda: self._answer(level, seconds, name))
        self.dialog = top
        top.wait_visibility()
        top.grab_set()
        name.focus_set()

    def _answer(self, level: str, seconds: int, entry: tk.Entry) -> None:
        given = entry.get().strip() or DEFAULT_NAME
        self.records[level] = (seconds, given)
        assert self.dialog is not None
        self.dialog.grab_release()
        self.dialog.destroy()
        self.dialog = None
        self.root.focus_set()  # the game's window has the keyboard again, as on Windows
        if self._closed is not None:
            self._closed(given)
