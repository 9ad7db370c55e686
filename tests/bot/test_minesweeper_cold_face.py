"""A program like xdemineur, met with no skin at all: it opens a first area by itself and starts
a game only when its face is clicked (no key does). The bot must name the looks of that first
area from the one frame (a small area left "covered or a number" for every look once), and
find the face by its look to start the next game, never a guessed point (issue 24: the cold
start stopped on its first frame, or after its first game)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from bot.games.minesweeper.adapter import MinesweeperPlayer
from bot.games.minesweeper.learning import GlyphLearning
from bot.games.minesweeper.looks import COLD
from bot.games.minesweeper.programs import sim
from bot.games.minesweeper.programs.profile import FlagPolicy
from bot.games.minesweeper.sim_screen import SimScreen, skin_renderer
from bot.run.loop import Loop, LoopOptions
from bot.run.safety import GuardedScreen
from calibration.minesweeper.names import Naming
from solvers.minesweeper.game import Status
from solvers.minesweeper.rules import FirstClick, Level
from solvers.minesweeper.solver import Solver
from vision.core.frame import Frame
from vision.minesweeper.looks import board_grid
from vision.minesweeper.reader import BoardLocation

EXTRA = Path(__file__).resolve().parents[2] / "recordings" / "minesweeper" / "unseen" / "extra"
#: xdemineur's own first area, at expert: 1 1 1 3 over 1 . . 1, the rest covered.
SMALL_AREA = EXTRA / "xdemineur-expert-small-first-area.png"


def test_a_small_first_area_is_named_from_its_one_frame():
    frame = Frame.from_file(SMALL_AREA)
    grid, skin = board_grid(frame)
    learning = GlyphLearning(name="cold", auto_opens=True)
    location = BoardLocation(grid.geometry(), "cold", 1.0, cells=grid)
    learning.start(replace(skin, name="cold"), 99)
    learning.new_game(True)
    learning.observe(frame, location, first=True)
    assert {"#", ".", "1"} <= set(learning.skin.chars)


def first_area(naming: Naming) -> tuple[np.ndarray, dict[str, int]]:
    looks = {ch: naming.add_look() for ch in "#.13"}
    board = np.full((16, 30), looks["#"])
    board[14, 6:10] = [looks["1"], looks["1"], looks["1"], looks["3"]]
    board[15, 6:10] = [looks["1"], looks["."], looks["."], looks["1"]]
    return board, looks


def test_logic_alone_cannot_tell_a_small_first_area_from_one_opened_cell():
    """Why the learner measures the looks: by the rules alone every look but one may be a
    covered cell drawn otherwise, and only one cell opened."""
    naming = Naming(mines=99, auto_opens=True)
    board, looks = first_area(naming)
    naming.new_game()
    naming.observe(board)
    assert "#" in naming.candidates[looks["1"]]


def test_looks_drawn_unlike_are_never_both_covered_on_a_fresh_board():
    naming = Naming(mines=99, auto_opens=True)
    board, looks = first_area(naming)
    ids = list(looks.values())
    naming.unlike |= {(a, b) for a in ids for b in ids if a < b}
    naming.new_game()
    naming.observe(board)
    assert [naming.name(looks[ch]) for ch in "#.1"] == ["#", ".", "1"]
    assert naming.is_opened(looks["3"])


@pytest.mark.parametrize("seed", [1, 4])
def test_games_from_no_skin_start_by_the_face_found_by_its_look(tmp_path, seed):
    level = Level.parse("intermediate")
    profile = replace(sim.profile(rules=FirstClick.OPENING, flags=FlagPolicy.AT_END,
                                  auto_opens=True), new_game_keys=())
    screen = SimScreen(level, FirstClick.OPENING, seed, skin_renderer("xdemineur"),
                       auto_open=True, flag_to_win=True)
    learning = GlyphLearning(name="cold", auto_opens=True)
    player = MinesweeperPlayer(profile, Solver(profile.rules, seed), level.mines, skin=COLD,
                               learning=learning)
    options = LoopOptions(games=4, problems_dir=tmp_path / "problems")
    stats = Loop(GuardedScreen(screen), sim.target(profile), player, options).run()
    assert stats.stopped == ""
    assert len(stats.games) == 4 and stats.misreads == 0
    screen.new_game()
    truth = ["won" if s is Status.WON else "lost" for s in screen.finished]
    assert [g.outcome for g in stats.games] == truth
    assert not screen.keys  # every game was started by a click on the face
