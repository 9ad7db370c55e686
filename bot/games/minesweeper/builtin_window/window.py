"""A Tk window showing the simulator through the skin renderer; mouse and keys drive the game.

Left click opens (on a number it chords, like the middle button), right click toggles a flag,
the face or F2 starts a new game. The picture comes from ``calibration.minesweeper.render``, so what
the bot sees is exactly a skin the vision layer knows; the click rules are the simulated screen's.
"""

from __future__ import annotations

import random
import time
import tkinter as tk

import numpy as np

from bot.games.minesweeper.builtin_window import TITLE, animation
from bot.games.minesweeper.builtin_window.best_times import BestTimes
from bot.games.minesweeper.builtin_window.game_end_dialog import GameEndDialogs
from bot.games.minesweeper.sim_screen import (
    FACES,
    Renderer,
    move_for_click,
    on_face,
    shown_board,
    skin_renderer,
)
from bot.io.screens.base import Button
from solvers.minesweeper.game import Game, Status
from solvers.minesweeper.rules import FirstClick, Level
from solvers.minesweeper.state import Board
from vision.core.geometry import GridGeometry, Point, Region

BUTTONS = {1: Button.LEFT, 2: Button.MIDDLE, 3: Button.RIGHT}
#: Milliseconds the end of a game is shown before Windows 7's dialog opens (input is held).
END_PAUSE_MS = 400
#: The levels whose best times Windows keeps (by rows, columns and mines).
LEVEL_NAMES = {(9, 9, 10): "beginner", (16, 16, 40): "intermediate", (16, 30, 99): "expert"}


def to_photo(image: np.ndarray) -> tk.PhotoImage:
    """BGR pixels as a Tk photo (binary PPM: no image library needed)."""
    h, w = image.shape[:2]
    data = b"P6 %d %d 255\n" % (w, h) + np.ascontiguousarray(image[:, :, ::-1]).tobytes()
    return tk.PhotoImage(data=data, format="PPM")


class MinesweeperWindow:
    """One game window; ``seed`` makes the sequence of layouts repeatable."""

    def __init__(
        self,
        root: tk.Tk,
        level: Level,
        rules: FirstClick = FirstClick.SAFE,
        seed: int | None = None,
        renderer: Renderer | None = None,
        dialogs: bool = False,
        look: str = "winxp",
    ) -> None:
        """``look`` "win7" animates (cells fade open, mines go off in steps) and, with
        ``dialogs``, ends every game with Windows 7's dialog; other looks ask a best time's
        name as Windows XP does."""
        self.root = root
        self.animated = look == "win7"
        self.best_times = BestTimes(root) if dialogs and not self.animated else None
        self.end_dialogs = (GameEndDialogs(root, self.new_game, self.restart_game, root.destroy)
                            if dialogs and self.animated else None)
        self.level, self.rules = level, rules
        self._rng = random.Random(seed)
        self._game_seed = 0
        self._shown: np.ndarray | None = None  # the picture on screen now
        self._pictures: list[np.ndarray] = []  # the pictures of an animation still to show
        self._animating: str | None = None  # Tk's id of the next animation step
        self._ending = False  # a loss is being shown: no input until it is over
        self._render = renderer if renderer is not None else skin_renderer()
        self.game = self._new_game()
        self.geometry: GridGeometry | None = None
        self._photo: tk.PhotoImage | None = None
        self._size = (1, 1)
        self._redraw_pending = False
        self._started: float | None = None  # when the first cell was opened
        self._seconds = 0
        root.title(TITLE)
        root.resizable(False, False)
        self.label = tk.Label(root, borderwidth=0, highlightthickness=0)
        self.label.pack()
        # Open on release (as Windows does), flag on press.
        self.label.bind("<ButtonRelease-1>", lambda e: self._on_click(e, 1))
        self.label.bind("<ButtonRelease-2>", lambda e: self._on_click(e, 2))
        self.label.bind("<ButtonPress-3>", lambda e: self._on_click(e, 3))
        root.bind("<F2>", lambda _e: self.new_game() if not self.modal else None)
        self.redraw()
        self._tick()

    @property
    def modal(self) -> bool:
        """A dialog of the window is open (or a loss is being shown): the game takes no key and
        no click until it closes."""
        if self._ending:
            return True
        if self.end_dialogs is not None and self.end_dialogs.open:
            return True
        return self.best_times is not None and self.best_times.open

    def _new_game(self, seed: int | None = None) -> Game:
        self._game_seed = self._rng.getrandbits(64) if seed is None else seed
        return Game(self.level, self.rules, seed=self._game_seed)

    def new_game(self) -> None:
        self.game = self._new_game()
        self._started, self._seconds = None, 0
        self.schedule_redraw()

    def restart_game(self) -> None:
        """The same layout again (Windows 7's "Restart this game")."""
        self.game = self._new_game(self._game_seed)
        self._started, self._seconds = None, 0
        self.schedule_redraw()

    def schedule_redraw(self) -> None:
        """Redraw once the queued clicks are handled (a burst of clicks costs one picture)."""
        if not self._redraw_pending:
            self._redraw_pending = True
            self.root.after_idle(self.redraw)

    def _tick(self) -> None:
        """The timer counts seconds while a game is on, as in the original."""
        if self.game.status is Status.PLAYING and self._started is not None:
            seconds = min(999, int(time.monotonic() - self._started))
            if seconds != self._seconds:
                self._seconds = seconds
                self.schedule_redraw()
        self.root.after(200, self._tick)

    def _picture(self, board: Board) -> np.ndarray:
        left = 0 if self.game.status is Status.WON else self.game.mines_left
        image, self.geometry = self._render(board, left, FACES[self.game.status], self._seconds)
        return image

    def redraw(self) -> None:
        self._redraw_pending = False
        board = shown_board(self.game)
        if not self.animated or self._shown is None:
            self._show(self._picture(board))
            return
        if self._ending and self.game.status is Status.LOST:
            return  # the loss is being shown step by step
        if self.game.status is Status.LOST:
            self._ending = True
            boards = animation.blast(board)
            first = animation.fade(self._shown, self._picture(boards[0]))
            self._animate(first + [self._picture(b) for b in boards[1:]], animation.BLAST_MS)
            return
        self._animate(animation.fade(self._shown, self._picture(board)), animation.FADE_MS)

    def _animate(self, pictures: list[np.ndarray], step_ms: int) -> None:
        """Show ``pictures`` one after another (a running animation is cut short: the next
        starts from the picture on screen)."""
        if self._animating is not None:
            self.root.after_cancel(self._animating)
            self._animating = None
        self._pictures = pictures
        self._step(step_ms)

    def _step(self, step_ms: int) -> None:
        self._animating = None
        self._show(self._pictures.pop(0))
        if self._pictures:
            self._animating = self.root.after(step_ms, lambda: self._step(step_ms))
        elif self._ending and self.game.status is Status.LOST:
            self.root.after(END_PAUSE_MS, self._end_shown)

    def _end_shown(self) -> None:
        self._ending = False
        self._game_ended()

    def _show(self, image: np.ndarray) -> None:
        self._shown = image
        self._photo = to_photo(image)
        self.label.configure(image=self._photo)
        self._size = (image.shape[1], image.shape[0])

    def _game_ended(self) -> None:
        """Windows 7's dialog once the end is shown."""
        if self.end_dialogs is not None and self.game.over:
            self.end_dialogs.ended(self.game.status is Status.WON, self._seconds)

    def _on_click(self, event: tk.Event, number: int) -> None:
        assert self.geometry is not None
        if self.modal:
            return
        point = Point(int(event.x), int(event.y))
        if number == 1 and on_face(point, Region(0, 0, *self._size), self.geometry.bounds):
            self.new_game()
            return
        cell = self.geometry.cell_at(point)
        if cell is None or self.game.over:
            return
        move = move_for_click(self.game.board(), cell, BUTTONS[number])
        if move is not None:
            self.game.apply(move)
            if self._started is None:
                self._started = time.monotonic()
            self.schedule_redraw()
            if self.game.status is Status.WON and self.end_dialogs is not None:
                self._ending = True  # no key gets in before the dialog
                self.root.after(END_PAUSE_MS, self._end_shown)
            if self.game.status is Status.WON and self.best_times is not None:
                seconds = max(1, int(time.monotonic() - self._started))
                # asked as soon as the won board is drawn, as Windows does
                self.root.after_idle(lambda: self._ask_name(seconds))

    def _ask_name(self, seconds: int) -> None:
        assert self.best_times is not None
        self.best_times.won(LEVEL_NAMES.get((self.level.rows, self.level.cols,
                                              self.level.mines), "custom"), seconds)
