"""The mine total: --mines (the user's word) wins over the screen, the screen (counter + flags)
over the level's default; a disagreement is reported in the summary and its JSON."""

from __future__ import annotations

import json

import pytest

from bot.cli.main import main
from bot.games.minesweeper.adapter import MinesweeperPlayer, Seen
from bot.games.minesweeper.mines import MineTotal, mine_total, refit
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
    player = MinesweeperPlayer(sim.profile(), None, None, level_mines=2)
    assert player.learn_mines(seen) == 3
    assert player.mine_total is not None
    assert player.mine_total.to_dict() == {
        "mines": 3,
        "mines_from": "screen",
        "mines_shown": 3,
        "mines_note": "the screen shows 3 mines (counter 1 + 2 flags) but the level says 2:"
        " playing with 3, as the screen shows",
    }


def test_the_users_mines_win_over_a_counter_that_says_otherwise():
    board = Board.from_text("F##\n###\n##F")
    seen = Seen(board, GridGeometry.uniform(Point(0, 0), 10, 10, 3, 3), counter=1)
    player = MinesweeperPlayer(sim.profile(), None, 2, level_mines=3)
    assert player.learn_mines(seen) == 2
    assert player.mine_total is not None
    assert player.mine_total.to_dict() == {
        "mines": 2,
        "mines_from": "--mines",
        "mines_shown": 3,
        "mines_note": "the screen shows 3 mines (counter 1 + 2 flags) but --mines says 2:"
        " playing with 2, as you said",
    }


@pytest.mark.parametrize(
    ("counter", "flags", "given", "level", "expected", "source"),
    [
        (None, 0, 12, 10, 12, "--mines"),  # no counter: the user's word
        (None, 0, None, 10, 10, "level"),
        (None, 0, None, None, 99, "board size"),  # 16x30 is expert's size
        (99, 0, None, 99, 99, "screen"),
        (211, 0, 99, None, 99, "--mines"),  # a timer read as the counter loses to the user
        (100, 0, None, 99, 100, "screen"),  # the level's default is only a guess
        (-5, 0, 40, None, 40, "--mines"),  # an impossible reading is not believed
        (480, 0, None, None, 99, "board size"),
    ],
)
def test_which_total_wins(counter, flags, given, level, expected, source):
    total = mine_total(16, 30, counter, flags, given, level)
    assert total is not None
    assert (total.mines, total.source) == (expected, source)
    told = given if given is not None else level
    disagree = counter is not None and 0 < counter < 480 and told not in (None, counter)
    impossible = counter is not None and not 0 < counter < 480
    assert (total.note is None) == (not disagree and not impossible)
    if impossible:
        assert "cannot be on a 16x30 board" in (total.note or "")


def test_an_odd_board_without_a_counter_has_no_total():
    assert mine_total(7, 11, None, 0) is None


def test_play_reports_the_disagreement_with_mines(tmp_path, capsys):
    """The sim draws beginner games (10 mines); --mines 12 is the user's word and is played
    until a board proves it wrong (at the latest when every safe cell is open): then the
    screen's 10, and the summary says why. Every game ends (seed 3)."""
    code = main(["play", "minesweeper", "--target", "sim", "--level", "beginner", "--mines",
                 "12", "--games", "3", "--seed", "3", "--out", str(tmp_path), "--json"])
    assert code == 0
    out = capsys.readouterr().out.strip().splitlines()
    summary = json.loads(out[-1])
    assert summary["games"] == 3 and summary["stopped"] == ""
    assert (summary["mines"], summary["mines_from"], summary["mines_shown"]) == (10, "screen", 10)
    assert summary["mines_note"] == ("12 mines (--mines) fit no layout of the board: playing"
                                     " with 10, as the screen shows")
    assert any(line.startswith("note: 12 mines (--mines) fit no layout") for line in out)


def test_a_total_the_board_refutes_gives_way_to_one_that_fits():
    fits = {10, 40}.__contains__
    user = MineTotal(12, "--mines", 10)
    assert refit(user, 9, 9, fits) == MineTotal(
        10, "screen", 10, "12 mines (--mines) fit no layout of the board: playing with 10,"
        " as the screen shows")
    timer = MineTotal(1, "screen", 1)  # a timer read as the counter
    got = refit(timer, 16, 16, fits, level=40)
    assert got is not None and (got.mines, got.source) == (40, "level")
    got = refit(timer, 16, 16, fits)
    assert got is not None and (got.mines, got.source) == (40, "board size")
    assert refit(timer, 16, 16, lambda n: False, level=40) is None  # then the board is misread


def test_a_timer_taken_for_the_counter_is_dropped_when_the_board_refutes_it():
    """The counter read 1 (a timer); the board needs at least 2 mines: the player takes the
    level's total and decides."""
    board = Board.from_text("1##1\n####")  # two 1s with no covered cell in common: 2 mines
    seen = Seen(board, GridGeometry.uniform(Point(0, 0), 10, 10, 2, 4), counter=1)
    player = MinesweeperPlayer(sim.profile(), Solver(FirstClick.SAFE, 1), None, level_mines=2)
    assert player.learn_mines(seen) == 1
    assert player.decide(seen)  # moves, with the total the board allows
    assert player.mines == 2 and player.mine_total is not None
    assert player.mine_total.source == "level"
    assert "1 mines (screen) fit no layout" in (player.mine_total.note or "")
