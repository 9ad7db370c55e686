"""A program that shows only the mine that went off when a game is lost (issue 24), met from a
cold start: whatever the bot makes of it, no lost game is counted as won and no look gets a
wrong name. (The bot cannot tell such a loss from a game going on until the program stops
taking clicks; it may stop there, saying so.)"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from bot.games.minesweeper.adapter import MinesweeperPlayer
from bot.games.minesweeper.learning import GlyphLearning
from bot.games.minesweeper.looks import COLD
from bot.games.minesweeper.programs import sim
from bot.games.minesweeper.sim_screen import Renderer, SimScreen, skin_renderer
from bot.run.loop import Loop, LoopOptions
from bot.run.safety import GuardedScreen
from solvers.minesweeper.game import Status
from solvers.minesweeper.rules import FirstClick, Level
from solvers.minesweeper.solver import Solver
from solvers.minesweeper.state import Board, Cell
from vision.minesweeper.skin import load_skin


def only_the_hit(drawn: str) -> Renderer:
    """The skin's renderer, except that a lost board shows only the mine that went off: the
    other mines covered, a wrong flag a flag."""
    render = skin_renderer(drawn)

    def draw(board: Board, mines_left: int, face: str, timer: int | None = None):
        if board.is_lost:
            board = board.with_cells({rc: Cell.UNKNOWN if board[rc] is Cell.MINE else Cell.FLAG
                                      for rc in board.positions()
                                      if board[rc] in (Cell.MINE, Cell.WRONG_FLAG)})
        return render(board, mines_left, face, timer)

    return draw


@pytest.mark.parametrize("seed", [6, 20, 29])  # wrong names before (a 2 for the X)
def test_a_loss_showing_only_the_mine_that_went_off_is_never_a_win_nor_a_wrong_name(tmp_path,
                                                                                    seed):
    level = Level.parse("intermediate")
    profile = sim.profile(rules=FirstClick.SAFE)
    screen = SimScreen(level, FirstClick.SAFE, seed, only_the_hit("winxp"))
    learning = GlyphLearning(name="cold")
    player = MinesweeperPlayer(profile, Solver(profile.rules, seed), level.mines, skin=COLD,
                               learning=learning)
    options = LoopOptions(games=6, problems_dir=tmp_path / "problems")
    stats = Loop(GuardedScreen(screen), sim.target(profile), player, options).run()
    screen.new_game()
    truth = ["won" if s is Status.WON else "lost" for s in screen.finished]
    counted = [g.outcome for g in stats.games]
    assert Status.LOST in screen.finished  # a loss was shown
    for mine, real in zip(counted, truth, strict=False):
        assert mine == real or mine in ("unknown", "unfinished"), (counted, truth)
    skin, full = player.vision.learning.skin, load_skin("winxp")
    for ch in skin.chars:  # every name given is the look's true character
        for look in (skin.cells[ch], *skin.variants.get(ch, ())):
            tile = cv2.resize(look, full.cell_size, interpolation=cv2.INTER_AREA)
            best = min(full.chars, key=lambda k: float(np.abs(
                full.cells[k].astype(float) - tile.astype(float)).mean()))
            assert best == ch, (ch, best)
