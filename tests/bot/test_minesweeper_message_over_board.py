"""A message a program draws over its board when a game ends, letting the cells under it show
through so that they read as other cells (kmines' «Congratulations! You have won!» read as
empty cells: 'open cell (4, 1) changed from 1 to .', five in a row stopped a session), is
something drawn over the board: waited out until it goes, never a misread and never a board.
Found by the opened cells whose pixels changed since the last frame taken (an opened cell
never changes), whatever the reader made of them."""

from __future__ import annotations

import time

import numpy as np

from bot.games.minesweeper.adapter import MinesweeperPlayer
from bot.games.minesweeper.looks import LearningVision
from bot.games.minesweeper.programs import sim
from bot.games.minesweeper.sim_screen import SimScreen, skin_renderer
from bot.io.screens.base import Button
from bot.run.loop import Loop, LoopOptions
from bot.run.safety import GuardedScreen
from calibration.minesweeper.render import render_minesweeper
from solvers.minesweeper.game import Status
from solvers.minesweeper.rules import FirstClick, Level
from solvers.minesweeper.solver import Solver
from solvers.minesweeper.state import Board
from vision.core.frame import Frame
from vision.core.geometry import Point, Region
from vision.minesweeper.reader import locate_minesweeper, read_minesweeper
from vision.minesweeper.skin import load_skin

#: How long the message stays after a game ends (seconds): under the simulated program's
#: redraw timeout (0.5 s), as kmines' 5 s are under its 8 s.
SHOWN = 0.3


def message_over(pixels: np.ndarray, bounds: Region, pitch: int, empty: np.ndarray
                 ) -> np.ndarray:
    """The middle two rows of cells painted as empty cells a shade lighter: a box the reader
    takes for empty cells, as kmines' translucent message box was taken."""
    out = pixels.copy()
    middle = bounds.top + (bounds.height // pitch // 2) * pitch
    tile = np.clip(empty.astype(np.int16) + 9, 0, 255).astype(np.uint8)
    for top in (middle - pitch, middle):
        for left in range(bounds.left, bounds.right, pitch):
            out[top : top + pitch, left : left + pitch] = tile
    return out


class MessageAtTheEnd(SimScreen):
    """The simulated program, showing a message over the board for a while after each game."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.ended_at: float | None = None
        self.shown = 0  # grabs that showed the message
        self._empty = load_skin("winxp").template(".")

    def click(self, point: Point, button: Button = Button.LEFT) -> None:
        was_over = self.game.over
        super().click(point, button)
        if self.game.over and not was_over:
            self.ended_at = time.monotonic()

    def new_game(self) -> None:
        self.ended_at = None
        super().new_game()

    def grab(self, region: Region | None = None) -> Frame:
        frame = super().grab(region)
        if self.ended_at is None or time.monotonic() - self.ended_at > SHOWN:
            return frame
        self.shown += 1
        assert self._geometry is not None
        bounds = self._geometry.bounds.offset(-frame.region.left, -frame.region.top)
        pixels = message_over(frame.pixels, bounds, round(self._geometry.pitch[0]), self._empty)
        return Frame(pixels, frame.region, frame.timestamp)


def test_the_box_reads_as_a_board_so_the_reader_alone_cannot_refuse_it():
    board = Board.from_text("\n".join(["#########"] * 3 + [".1.......", ".......1."]
                                      + ["........."] * 4))
    image, geometry = render_minesweeper(board, "winxp")
    frame = Frame.from_pixels(image)
    skin = load_skin("winxp")
    location = locate_minesweeper(frame, skin)
    covered = Frame.from_pixels(message_over(image, geometry.bounds, 16, skin.template(".")))
    read = read_minesweeper(covered, skin, location).board
    assert read != board  # no error: a wrong board, which only the moving pixels give away
    vision = LearningVision(skin, None, 10)
    vision.showing(covered, location)
    # no frame taken yet to compare with: two cells that changed their reading are no box
    assert vision.overlay(covered, board) is None
    vision.showing(frame, location)
    assert vision.accepted(False) == ""
    vision.showing(covered, location)
    assert vision.overlay(covered, board) is not None


def test_a_message_over_a_finished_board_is_waited_out_never_misread(tmp_path):
    level = Level.parse("beginner")
    profile = sim.profile(rules=FirstClick.SAFE)
    screen = MessageAtTheEnd(level, FirstClick.SAFE, 6, skin_renderer("winxp"))
    player = MinesweeperPlayer(profile, Solver(profile.rules, 6), level.mines)
    options = LoopOptions(games=6, problems_dir=tmp_path / "problems")
    stats = Loop(GuardedScreen(screen), sim.target(profile), player, options).run()
    assert screen.shown > 0  # the message was there to be seen
    assert stats.stopped == ""
    assert stats.misreads == 0
    screen.new_game()
    truth = ["won" if s is Status.WON else "lost" for s in screen.finished]
    assert [g.outcome for g in stats.games] == truth
