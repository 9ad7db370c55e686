"""A program that animates a game's end and then asks "Play again?" in a dialog of its own
(Windows 7), met from a cold start on a loaded machine: its end animation outlasts the time
the profile gives it, and the dialog is up by the first still frame. The end must be read
(its new looks learned) before the dialog is answered; answered first, its Play again
started a new game behind the bot, which never saw the loss and took the new board for a
misread (the cold-start campaign stopped at once: "5 bad frames in a row: open cell (1, 2)
changed from '_' to '#'")."""

from __future__ import annotations

import time
from dataclasses import replace

from bot.games.minesweeper.adapter import MinesweeperPlayer
from bot.games.minesweeper.learning import GlyphLearning
from bot.games.minesweeper.looks import COLD
from bot.games.minesweeper.programs import sim
from bot.games.minesweeper.programs.profile import WholeScreen
from bot.games.minesweeper.sim_screen import SimScreen, skin_renderer
from bot.io.screens.base import Button
from bot.run.loop import Loop, LoopOptions
from bot.run.safety import GuardedScreen
from solvers.minesweeper.game import Status
from solvers.minesweeper.rules import FirstClick, Level
from solvers.minesweeper.solver import Solver
from solvers.minesweeper.state import Cell
from vision.core.frame import Frame
from vision.core.geometry import Point, Region

#: The end animation as a loaded machine draws it, and the wait the profile gives it.
ANIMATION, PROFILE_WAIT = 0.8, 0.2
#: Seconds each step of mines going off is held (a loaded machine's pace): all of them take
#: longer than the program's redraw timeout (2 s); then a pause before the dialog.
STEP, PAUSE = 0.15, 0.4


class AnimatedEnd(SimScreen):
    """After each game a moving picture (a blinking dot on the board) for ANIMATION seconds,
    then a modal dialog (beside the board: the board stays in view) until it is answered;
    meanwhile clicks and keys do nothing."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.ended_at: float | None = None
        self.answered = 0

    @property
    def dialog_up(self) -> bool:
        return self.ended_at is not None and time.monotonic() - self.ended_at >= ANIMATION

    def click(self, point: Point, button: Button = Button.LEFT) -> None:
        if self.ended_at is not None:
            return  # held until the dialog is answered
        super().click(point, button)
        if self.game.over:
            self.ended_at = time.monotonic()

    def press(self, *keys: str) -> None:
        if self.ended_at is None:
            super().press(*keys)

    def play_again(self) -> bool:
        if not self.dialog_up:
            return False
        self.answered += 1
        self.ended_at = None
        self.new_game()
        return True

    def grab(self, region: Region | None = None) -> Frame:
        frame = super().grab(region)
        if self.ended_at is None or self.dialog_up:
            return frame
        assert self._geometry is not None
        cell = self._geometry.cell_rect(0, 0).offset(-frame.region.left, -frame.region.top)
        pixels = frame.pixels.copy()  # the end still moving on the board (mines going off)
        pixels[cell.top + 4 : cell.top + 7, cell.left + 4 : cell.left + 7] = int(
            time.monotonic() * 500) % 255
        return Frame(pixels, frame.region, frame.timestamp)


class MinesGoingOff(AnimatedEnd):
    """A loss sets its mines off in steps outward from the one hit, as Windows 7 does (each
    step held long enough to be a settled frame, as on a loaded machine): the frames of the
    end show only some of the mines. The dialog comes once every mine has gone off."""

    @property
    def dialog_up(self) -> bool:
        """As the built-in window's Windows 7 look: a pause after a win, after a loss once
        every mine has gone off."""
        if self.ended_at is None:
            return False
        rings = max(self.level.rows, self.level.cols) if self.game.status is Status.LOST else 0
        return time.monotonic() - self.ended_at >= rings * STEP + PAUSE

    def grab(self, region: Region | None = None) -> Frame:
        frame = SimScreen.grab(self, region)
        if self.ended_at is None or self.dialog_up or self.game.status is not Status.LOST:
            return frame
        board = self.game.board()
        hit = next(rc for rc in board.positions() if board[rc] is Cell.EXPLODED)
        reach = int((time.monotonic() - self.ended_at) / STEP)
        shown = board.with_cells({rc: Cell.UNKNOWN for rc in board.positions()
                                  if board[rc] is Cell.MINE
                                  and max(abs(rc[0] - hit[0]), abs(rc[1] - hit[1])) > reach})
        image, _geometry = self._render(shown, self.game.mines_left, "lost", None)
        canvas = frame.pixels.copy()
        top, left = self.origin.y - frame.region.top, self.origin.x - frame.region.left
        canvas[top : top + image.shape[0], left : left + image.shape[1]] = image
        return Frame(canvas, frame.region, frame.timestamp)


class WithDialog(WholeScreen):
    screen: AnimatedEnd

    def dismiss_dialogs(self) -> bool:
        return self.screen.play_again()


def test_the_end_is_read_before_the_play_again_dialog_is_answered(tmp_path):
    level = Level.parse("intermediate")
    profile = replace(sim.profile(rules=FirstClick.SAFE), end_animation=PROFILE_WAIT,
                      redraw_timeout=2.0)
    screen = AnimatedEnd(level, FirstClick.SAFE, 1, skin_renderer("win7"))
    target = WithDialog(profile)
    target.screen = screen
    player = MinesweeperPlayer(profile, Solver(profile.rules, 1), level.mines, skin=COLD,
                               learning=GlyphLearning(name="cold"))
    options = LoopOptions(games=3, problems_dir=tmp_path / "problems")
    stats = Loop(GuardedScreen(screen), target, player, options).run()
    assert stats.stopped == ""
    assert stats.misreads == 0
    screen.ended_at = None
    screen.new_game()
    truth = ["won" if s is Status.WON else "lost" for s in screen.finished]
    assert [g.outcome for g in stats.games] == truth[: len(stats.games)]
    assert Status.LOST in screen.finished[: len(stats.games)]  # a loss was read, not skipped


def test_mines_going_off_in_steps_never_refute_the_total_nor_take_a_name_back(tmp_path):
    """Frames of the end caught mid-way (some mines shown) fit no naming under the mine
    total; taken as evidence that the total was wrong (a timer), they dropped it, and the
    lost board then 'showed' the 1s and 2s misnamed: both taken back for the session, and
    the bot played the cold-start campaign's 30 games blind (30 lost)."""
    level = Level.parse("intermediate")
    profile = replace(sim.profile(rules=FirstClick.SAFE), end_animation=PROFILE_WAIT,
                      redraw_timeout=2.0)
    screen = MinesGoingOff(level, FirstClick.SAFE, 1, skin_renderer("win7"))
    target = WithDialog(profile)
    target.screen = screen
    learning = GlyphLearning(name="cold")
    player = MinesweeperPlayer(profile, Solver(profile.rules, 1), level.mines, skin=COLD,
                               learning=learning)
    options = LoopOptions(games=4, problems_dir=tmp_path / "problems")
    stats = Loop(GuardedScreen(screen), target, player, options).run()
    assert stats.stopped == ""
    assert stats.misreads == 0
    assert learning.withdrawn == [] and learning.refuted_mines is None
    assert learning.naming is not None and learning.naming.mines == level.mines
    screen.ended_at = None
    screen.new_game()
    truth = ["won" if s is Status.WON else "lost" for s in screen.finished]
    assert [g.outcome for g in stats.games] == truth[: len(stats.games)]
    assert Status.LOST in screen.finished[: len(stats.games)]
