"""A simulated Minesweeper program: the simulator drawn through a skin, clicks applied to it.

The whole loop (vision, checks, solver, actuator, recorder) runs on it with no display, for fast
tests and for measuring the win rate of the complete bot. The picture sits at an offset inside
a larger screen so coordinate mistakes show up here as they would on a desktop.
"""

from __future__ import annotations

import random
import time
from collections import deque
from collections.abc import Callable, Sequence

import numpy as np

from bot.games.minesweeper.click_log import ClickLog
from bot.games.minesweeper.programs.profile import face_point
from bot.io.screens.base import Button, Reached
from solvers.minesweeper.game import Game, Status
from solvers.minesweeper.moves import Move, MoveKind
from solvers.minesweeper.rules import FirstClick, Level
from solvers.minesweeper.state import Board, Cell
from vision.core.frame import Frame
from vision.core.geometry import GridGeometry, Point, Region

#: ``render(board, mines_left, face, timer) -> (BGR image, grid geometry in image pixels)``
Renderer = Callable[[Board, int, str, int | None], tuple[np.ndarray, GridGeometry]]

FACES = {Status.READY: "playing", Status.PLAYING: "playing", Status.WON: "won", Status.LOST: "lost"}
BACKGROUND = (96, 96, 96)
FACE_REACH = 12  # pixels around the face centre that count as a click on it
ORIGIN = Point(40, 30)  # where the picture sits on the simulated screen
SLACK = 64  # extra screen pixels right of and below the picture
INPUT_KEPT = 10_000  # clicks and keys the simulated screen remembers (the last ones)


def skin_renderer(skin: str = "winxp", scale: float = 1.0) -> Renderer:
    """The project's renderer (``calibration.minesweeper.render``) for one skin."""
    from calibration.minesweeper.render import render_minesweeper

    def render(
        board: Board, mines_left: int, face: str, timer: int | None = None
    ) -> tuple[np.ndarray, GridGeometry]:
        image, geometry = render_minesweeper(
            board, skin=skin, mines_left=mines_left, face=face, scale=scale, timer=timer
        )
        return image, geometry

    return render


def on_face(point: Point, picture: Region, board: Region) -> bool:
    """Does a click at ``point`` hit the face of a window showing ``picture`` (in the same
    coordinates as ``board``, the grid's bounds)?"""
    face = face_point(picture, board)
    return abs(point.x - face.x) <= FACE_REACH and abs(point.y - face.y) <= FACE_REACH


def shown_board(game: Game) -> Board:
    """What the window shows: on a win every mine gets its flag, as Windows Minesweeper does."""
    board = game.board()
    if game.status is Status.WON:
        board = board.with_cells({rc: Cell.FLAG for rc in game.mines()})
    return board


def move_for_click(board: Board, cell: tuple[int, int], button: Button) -> Move | None:
    """What a click on a cell does in the Windows look: left opens (chords on a number), right
    toggles a flag, middle chords; None when it does nothing."""
    r, c = cell
    shown = board[r, c]
    if button is Button.RIGHT:
        if shown is Cell.FLAG:
            return Move(MoveKind.UNFLAG, r, c)
        return Move.flag(r, c) if shown.is_covered else None
    if button is Button.MIDDLE or shown.is_number:
        return Move.chord(r, c) if shown.is_number else None
    return Move.open(r, c)


class SimScreen:
    """A screen showing one simulated game window; F2 or the face starts the next game.

    ``auto_open`` makes a new game open a first area by itself, as xdemineur does (mines kept
    out of the 3x3 around a random cell, then that cell opened). ``flag_to_win`` makes a game
    count as won only once every mine is flagged, as xdemineur does; otherwise a win flags every
    mine by itself, as Windows does.
    """

    def __init__(
        self,
        level: Level,
        rules: FirstClick = FirstClick.SAFE,
        seed: int | None = None,
        renderer: Renderer | None = None,
        auto_open: bool = False,
        origin: Point = ORIGIN,
        flag_to_win: bool = False,
    ) -> None:
        self.level, self.rules, self.auto_open = level, rules, auto_open
        self.flag_to_win = flag_to_win
        self._late_flags: set[tuple[int, int]] = set()  # flags placed after the last open
        self._rng = random.Random(seed)
        self._render = renderer if renderer is not None else skin_renderer()
        self.origin = origin
        # the last clicks and keys, for tests to look at (bounded: a night of games)
        self.clicks = ClickLog(INPUT_KEPT)  # as numbers: no object per click kept all night
        self.keys: deque[tuple[str, ...]] = deque(maxlen=INPUT_KEPT)
        self.pointer = Point(0, 0)
        self.games_started = 0
        # how each game that ended came out, in order (one small item a game)
        self.finished: list[Status] = []
        self.game = self._new_game()
        self._canvas: np.ndarray | None = None
        self._geometry: GridGeometry | None = None
        self._picture = Region(0, 0, 1, 1)
        self._size: tuple[int, int] | None = None  # canvas (h, w), fixed by the first picture
        self._draw()
        assert self._size is not None
        self._bounds: Region = Region(0, 0, self._size[1], self._size[0])

    def _new_game(self) -> Game:
        self.games_started += 1
        rules = FirstClick.OPENING if self.auto_open else self.rules
        game = Game(self.level, rules, seed=self._rng.getrandbits(64))
        if self.auto_open:
            game.apply(
                Move.open(
                    self._rng.randrange(self.level.rows), self._rng.randrange(self.level.cols)
                )
            )
        return game

    @property
    def waiting_for_flags(self) -> bool:
        """Every safe cell is open but (flag_to_win) not every mine is flagged yet."""
        if not self.flag_to_win or self.game.status is not Status.WON:
            return False
        flagged = {rc for rc in self.game.board().positions() if self.game.board()[rc] is Cell.FLAG}
        return not self.game.mines() <= flagged | self._late_flags

    def new_game(self) -> None:
        if self.game.over:
            won = self.game.status is Status.WON and not self.waiting_for_flags
            self.finished.append(Status.WON if won else Status.LOST)
        self._late_flags = set()
        self.game = self._new_game()
        self._draw()

    def _draw(self) -> None:
        if self.waiting_for_flags:
            board = self.game.board().with_cells({rc: Cell.FLAG for rc in self._late_flags})
            left = self.game.mines_left - len(self._late_flags)
            image, geometry = self._render(board, left, "playing", None)
        else:
            left = 0 if self.game.status is Status.WON else self.game.mines_left
            face = FACES[self.game.status]
            image, geometry = self._render(shown_board(self.game), left, face, None)
        h, w = image.shape[:2]
        ox, oy = self.origin.x, self.origin.y
        if self._size is None:  # room for the picture to move a little (window-move tests)
            self._size = (h + 2 * oy + SLACK, w + 2 * ox + SLACK)
        canvas = np.empty((*self._size, 3), np.uint8)
        canvas[:] = BACKGROUND
        canvas[oy : oy + h, ox : ox + w] = image
        self._canvas = canvas
        self._geometry = geometry.offset(ox, oy)
        self._picture = Region(ox, oy, w, h)

    # --- Screen protocol ----------------------------------------------------------------------
    def bounds(self) -> Region:
        return self._bounds

    def grab(self, region: Region | None = None) -> Frame:
        assert self._canvas is not None
        wanted = self._bounds if region is None else region
        if self._bounds.intersect(wanted) != wanted:
            raise ValueError(f"region {wanted} is not on the simulated screen {self._bounds}")
        px = self._canvas[wanted.top : wanted.bottom, wanted.left : wanted.right]
        return Frame(np.ascontiguousarray(px), wanted, time.time())

    def click(self, point: Point, button: Button = Button.LEFT) -> None:
        assert self._geometry is not None
        self.clicks.append((point, button))
        self.pointer = point
        if button is Button.LEFT and on_face(point, self._picture, self._geometry.bounds):
            self.new_game()
            return
        cell = self._geometry.cell_at(point)
        if cell is not None and button is Button.RIGHT and self.waiting_for_flags:
            board = self.game.board()
            if board[cell] is Cell.UNKNOWN:
                self._late_flags ^= {cell}
                self._draw()
            return
        if cell is None or self.game.over:
            return
        move = move_for_click(self.game.board(), cell, button)
        if move is not None:
            self.game.apply(move)
            self._draw()

    def press(self, *keys: str) -> None:
        self.keys.append(tuple(keys))
        if tuple(k.lower() for k in keys) == ("f2",):
            self.new_game()

    def type_text(self, text: str) -> None:
        self.keys.append(tuple(text))

    def drag(self, points: Sequence[Point], button: Button = Button.LEFT,
             step: float | None = None, reached: Reached | None = None) -> None:
        """Minesweeper takes no drags: only the pointer moves, to the last point."""
        self.pointer = points[-1]

    def move_to(self, point: Point) -> None:
        self.pointer = point

    def check_stop(self) -> None:
        return None

    def close(self) -> None:
        return None
