"""The Windows 7 dialogs at the end of a game of the built-in window: "Game Lost" and "Game Won".

Windows 7 Minesweeper opens one after every game, modal: the game takes no key and no click
until it is answered. Like the best-times box it is a top-level window of its own, transient
for the game's and placed beside the board (no window manager moves it), so the bot must find
it as the program's window. "Play again" is the default button (Return); Escape closes the
dialog as its title bar's close box does, which in Windows 7 also starts a new game. "Exit"
closes the program: a bot that clicked a button it had not read could hit it.
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable
from dataclasses import dataclass

from bot.games.minesweeper.builtin_window.dialog_window import dialog_beside

LOST_TITLE = "Game Lost"
WON_TITLE = "Game Won"


@dataclass
class Tally:
    """Games played and won in this window's lifetime, and the best time (the dialog's figures)."""

    played: int = 0
    won: int = 0
    best: int | None = None

    def add(self, won: bool, seconds: int) -> None:
        self.played += 1
        if won:
            self.won += 1
            self.best = seconds if self.best is None else min(self.best, seconds)


class GameEndDialogs:
    """Opens the dialog when a game ends; ``play_again``, ``restart`` and ``exit_program`` are
    the game window's."""

    def __init__(self, root: tk.Tk, play_again: Callable[[], None],
                 restart: Callable[[], None], exit_program: Callable[[], None]) -> None:
        self.root = root
        self.tally = Tally()
        self.dialog: tk.Toplevel | None = None
        self._play_again, self._restart, self._exit = play_again, restart, exit_program

    @property
    def open(self) -> bool:
        return self.dialog is not None

    def ended(self, won: bool, seconds: int) -> None:
        self.tally.add(won, seconds)
        t = self.tally
        share = round(100 * t.won / t.played)
        if won:
            title = WON_TITLE
            text = (f"Congratulations, you won the game!\n\nTime: {seconds} seconds\n"
                    f"Best time: {t.best} seconds\nGames played: {t.played}\n"
                    f"Games won: {t.won}\nPercentage: {share}%")
        else:
            title = LOST_TITLE
            text = (f"Sorry, you lost this game. Better luck next time!\n\n"
                    f"Time: {seconds} seconds\nGames played: {t.played}\n"
                    f"Games won: {t.won}\nPercentage: {share}%")
        self._ask(title, text, restart=not won)

    def _ask(self, title: str, text: str, restart: bool) -> None:
        top = dialog_beside(self.root, title)
        tk.Label(top, text=text, justify="left").pack(padx=16, pady=10, anchor="w")
        row = tk.Frame(top)
        row.pack(padx=12, pady=10)
        tk.Button(row, text="Exit", width=10, command=self._answer(self._exit)).pack(side="left")
        if restart:
            tk.Button(row, text="Restart this game", width=16,
                      command=self._answer(self._restart)).pack(side="left", padx=6)
        again = tk.Button(row, text="Play again", width=10, default="active",
                          command=self._answer(self._play_again))
        again.pack(side="left")
        top.bind("<Return>", lambda _e: self._answer(self._play_again)())
        top.bind("<Escape>", lambda _e: self._answer(self._play_again)())
        top.protocol("WM_DELETE_WINDOW", self._answer(self._play_again))
        self.dialog = top
        top.wait_visibility()
        top.grab_set()
        again.focus_set()

    def _answer(self, then: Callable[[], None]) -> Callable[[], None]:
        def answer() -> None:
            if self.dialog is None:
                return
            self.dialog.grab_release()
            self.dialog.destroy()
            self.dialog = None
            self.root.focus_set()
            then()

        return answer
