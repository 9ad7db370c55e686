"""The mine total the screen shows (counter + flags) wins over the level's default and over
--mines; a disagreement is reported in the summary and its JSON."""

from __future__ import annotations

import json

import pytest

from bot.cli.main import main
from bot.games.minesweeper.adapter import MinesweeperPlayer, Seen
from bot.games.minesweeper.mines import mine_total
from bot.games.minesweeper.programs import sim
from bot.games.minesweeper.sim_screen import SimScreen, skin_renderer
from bot.run.loop import Loop, LoopOptions
from bot.run.safety import GuardedScreen
from solvers.minesweeper.rules import FirstClick, Level
from solvers.minesweeper.solver import Solver
from solvers.minesweeper.state import Board
from vision.core.geometry import GridGeometry, Point


def test_an_expert_sized_game_with_100_mines_is_played_with_100_not_the_levels_99(tmp_path):
    """The case a user hit: --level expert, the program's game holds 100 mines; the winxp
    counter is read by real vision on a rendered frame."""
    level = Level("custom", 16, 30, 100)
    screen = SimScreen(level, FirstClick.SAFE, 7, skin_renderer("winxp"))
    profile = sim.profile()
    player = MinesweeperPlayer(profile, Solver(profile.rules, 7), None, level_mines=99)
    loop = Loop(GuardedScreen(screen), sim.target(profile), player,
                LoopOptions(games=1, problems_dir=tmp_path))
    loop.run()
    assert player.mines == 100
    assert player.mine_total is not None
    assert player.mine_total.source == "screen"
    assert "the level says 99" in (player.mine_total.note or "")


def test_counter_plus_flags_is_the_total():
    board = Board.from_text("F##\n###\n##F")
    seen = Seen(board, GridGeometry.uniform(Point(0, 0), 10, 10, 3, 3), counter=1)
    player = MinesweeperPlayer(sim.profile(), None, 2)
    assert player.learn_mines(seen) == 3
    assert player.mine_total is not None
    assert player.mine_total.to_dict() == {
        "mines": 3,
        "mines_from": "screen",
        "mines_shown": 3,
        "mines_note": "the screen shows 3 mines (counter 1 + 2 flags) but --mines says 2:"
        " playing with 3, as the screen shows",
    }


@pytest.mark.parametrize(
    ("counter", "flags", "given", "level", "expected", "source"),
    [
        (None, 0, 12, 10, 12, "--mines"),  # no counter: the user's word
        (None, 0, None, 10, 10, "level"),
        (None, 0, None, None, 99, "board size"),  # 16x30 is expert's size
        (99, 0, None, 99, 99, "screen"),
        (-5, 0, 40, None, 40, "--mines"),  # an impossible reading is not believed
        (480, 0, None, None, 99, "board size"),
    ],
)
def test_which_total_wins(counter, flags, given, level, expected, source):
    total = mine_total(16, 30, counter, flags, given, level)
    assert total is not None
    assert (total.mines, total.source) == (expected, source)
    agrees = counter is not None and source == "screen"
    impossible = counter is not None and source != "screen"
    assert (total.note is None) == (agrees or counter is None)
    if impossible:
        assert "cannot be on a 16x30 board" in (total.note or "")


def test_an_odd_board_without_a_counter_has_no_total():
    assert mine_total(7, 11, None, 0) is None


def test_play_reports_the_disagreement_with_mines(tmp_path, capsys):
    """The sim draws a beginner game (10 mines); --mines 12 is wrong and the summary says so."""
    code = main(["play", "minesweeper", "--target", "sim", "--level", "beginner", "--mines",
                 "12", "--games", "1", "--seed", "3", "--out", str(tmp_path), "--json"])
    assert code == 0
    out = capsys.readouterr().out.strip().splitlines()
    summary = json.loads(out[-1])
    assert summary["mines"] == 10
    assert summary["mines_from"] == "screen"
    assert summary["mines_shown"] == 10
    assert "--mines says 12" in summary["mines_note"]
    assert any(line.startswith("note: the screen shows 10 mines") for line in out)
