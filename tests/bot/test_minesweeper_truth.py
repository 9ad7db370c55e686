"""A recording checked against the true boards its games ended with (the tool that told the
gnome-mines campaign's low win rate apart from a bot fault): every board read, every certain
move and every risk taken, on real recordings of simulated games and on doctored ones."""

from __future__ import annotations

import json

import pytest

from bot.games.minesweeper.adapter import MinesweeperPlayer
from bot.games.minesweeper.programs import sim
from bot.games.minesweeper.sim_screen import SimScreen
from bot.games.minesweeper.truth import binomial_cdf, check_events, end_layout, misread_cells
from bot.run.loop import Loop, LoopOptions
from bot.run.recorder import Recorder, read_events
from bot.run.safety import GuardedScreen
from solvers.minesweeper.rules import FirstClick, Level
from solvers.minesweeper.solver import Solver
from solvers.minesweeper.state import Board
from tests.bot.minesweeper_fakes import code_locate, code_read, code_render

LEVEL = Level("dense", 9, 9, 22)  # dense enough for guesses and losses


@pytest.fixture(scope="module")
def recorded(tmp_path_factory) -> list[dict]:
    """Eight simulated games played by the real solver, recorded."""
    folder = tmp_path_factory.mktemp("truth") / "rec"
    profile = sim.profile(rules=FirstClick.SAFE)
    screen = SimScreen(LEVEL, FirstClick.SAFE, 11, code_render)
    player = MinesweeperPlayer(profile, Solver(FirstClick.SAFE, 11), LEVEL.mines, code_locate,
                               code_read)
    with Recorder(folder) as rec:
        Loop(GuardedScreen(screen), sim.target(profile), player,
             LoopOptions(games=8, problems_dir=folder.parent / "p"), rec).run()
    return list(read_events(folder))


def test_games_played_right_check_clean_and_every_loss_is_a_risk_that_hit(recorded):
    report = check_events(recorded)
    losses = sum(e["outcome"] == "lost" for e in recorded if e["event"] == "outcome")
    assert report.games == 8 and 0 < losses < 8
    assert report.checked_games == 8  # the simulated program shows every mine on a loss
    assert report.steps == sum(e["event"] == "step" for e in recorded)
    assert report.misread == [] and report.unsafe_certain == []
    assert report.hits == losses and report.risky > losses
    assert 0 < report.predicted_hits < report.risky


def doctored(events: list[dict], change) -> list[dict]:
    out = json.loads(json.dumps(events))
    change(out)
    return out


def test_a_number_read_one_off_is_found_where_it_is(recorded):
    def misread(events):
        step = next(e for e in events if e["event"] == "step" and "2" in e["state"])
        i = step["state"].index("2")
        step["state"] = step["state"][:i] + "3" + step["state"][i + 1:]
        step["step"] = "doctored"

    report = check_events(doctored(recorded, misread))
    assert len(report.misread) == 1
    assert "step doctored" in report.misread[0] and "read '3', shows 2" in report.misread[0]


def test_a_certain_move_onto_a_mine_is_found(recorded):
    lost = next(e for e in recorded if e["event"] == "outcome" and e["outcome"] == "lost")
    board = Board.from_text(lost["state"])
    mine = next(rc for rc in board.positions() if board[rc].char == "*")

    def certain_onto_mine(events):
        step = next(e for e in events if e["event"] == "step"
                    and e["game_no"] == lost["game_no"] and e["step"] > 1)
        step["decisions"].insert(0, {"move": f"open {mine[0]} {mine[1]}", "stage": "certain",
                                     "probability": 0.0})

    report = check_events(doctored(recorded, certain_onto_mine))
    assert len(report.unsafe_certain) == 1 and "(certain) opened a mine" in report.unsafe_certain[0]


def test_a_loss_showing_only_the_mine_that_went_off_is_not_checked():
    board = Board.from_text("1X\n##")  # 2 mines in the game, one shown
    assert end_layout(board, "lost", 2) is None
    assert end_layout(board, "lost", None) is None
    assert end_layout(Board.from_text("1X\n*#"), "lost", 2) == {(0, 1), (1, 0)}
    won = Board.from_text("1F\n.1")  # a win: what is not opened is a mine
    assert end_layout(won, "won", None) == {(0, 1)}
    assert end_layout(Board.from_text("1#\n.1"), "won", 1) == {(0, 1)}


def test_counts_take_the_border_and_corners_into_account():
    layout = frozenset({(0, 0), (2, 2)})
    right = Board.from_text("#1.\n121\n.1#")
    assert misread_cells(right, layout) == []
    wrong = Board.from_text("#2.\n121\n.1*")  # a 2 beside one mine; a mine shown as such
    assert misread_cells(wrong, layout) == ["(0, 1) read '2', shows 1"]
    opened_mine = Board.from_text("#1.\n121\n.11")
    assert misread_cells(opened_mine, layout) == ["(2, 2) read '1', a mine"]


def test_the_chance_of_so_few_wins():
    assert binomial_cdf(9, 30, 0.54) == pytest.approx(0.00686, abs=1e-5)
    assert binomial_cdf(30, 30, 0.54) == pytest.approx(1.0)
