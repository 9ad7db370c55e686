"""The staged solver: certain moves are truly safe, guesses carry their probability, rules hold."""

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers.minesweeper import LEVELS, Board, FirstClick, Move, MoveKind
from solvers.minesweeper.game import Game, Status
from solvers.minesweeper.solver import Solver, probabilities
from solvers.minesweeper.state import BoardError
from tests.solvers.minesweeper.positions import random_position


@given(st.integers(0, 10**6))
@settings(max_examples=60, deadline=None)
def test_certain_moves_are_safe_and_flags_are_mines(seed):
    rng = random.Random(seed)
    pos = random_position(rng, 16, 30, 99, rng.randint(0, 6))
    if pos is None:
        return
    board, truth = pos
    plan = Solver().plan(board, 99, flags=True)
    certain = [d for d in plan if d.stage in ("certain", "probability")]
    for d in certain:
        rc = (d.move.row, d.move.col)
        if d.move.kind is MoveKind.FLAG:
            assert rc in truth and d.probability == 1.0
        else:
            assert rc not in truth and d.probability == 0.0
    if not certain:
        assert len(plan) == 1 and 0.0 < plan[0].probability < 1.0


def test_guess_probability_is_the_cells_exact_probability():
    rng = random.Random(5)
    seen = 0
    while seen < 10:
        pos = random_position(rng, 16, 30, 99, 0)
        if pos is None:
            continue
        board = pos[0]
        decision = Solver().decide(board, 99)
        if decision.probability == 0.0:
            continue
        grid = probabilities(board, 99)
        assert math.isclose(decision.probability, grid[decision.move.row, decision.move.col])
        assert decision.stage in ("guess", "fifty-fifty", "endgame")
        seen += 1


@pytest.mark.parametrize(
    ("rules", "cell"),
    [(FirstClick.SAFE, (0, 0)), (FirstClick.XP, (15, 29)), (FirstClick.OPENING, (3, 3))],
)
def test_first_click_follows_the_rule(rules, cell):
    decision = Solver(rules).decide(Board.unknown(16, 30), 99)
    assert decision.stage == "first"
    assert (decision.move.row, decision.move.col) == cell
    assert decision.probability == 0.0


def test_decide_on_a_contradiction_names_the_cell():
    with pytest.raises(BoardError, match=r"\(0, 0\)"):
        Solver().decide(Board.from_text("4#\n##"), 3)


def test_unavoidable_fifty_fifty_is_taken():
    # the mine is in one of the two right-hand cells, and no number can ever tell which
    board = Board.from_text("..1#\n..1#")
    decision = Solver().decide(board, 1)
    assert decision.stage == "fifty-fifty"
    assert decision.probability == pytest.approx(0.5)
    assert (decision.move.row, decision.move.col) in {(0, 3), (1, 3)}


def test_plan_without_certain_moves_is_one_guess():
    board = Board.from_text("1#\n##")
    plan = Solver().plan(board, 1)
    assert len(plan) == 1 and plan[0].probability == pytest.approx(1 / 3)


@pytest.mark.parametrize("level", ["beginner", "intermediate"])
def test_whole_games_finish_and_mostly_win(level):
    lv = LEVELS[level]
    solver = Solver()
    lost = []
    for seed in range(30):
        game = Game(lv, FirstClick.SAFE, seed=seed)
        while not game.over:
            for d in solver.plan(game.board(), lv.mines):
                game.apply(d.move)
                if game.over:
                    break
        if game.status is not Status.WON:
            lost.append(seed)
    wins = 30 - len(lost)
    assert wins >= {"beginner": 22, "intermediate": 15}[level], f"lost seeds {lost}"


def test_move_text_of_decisions_round_trips():
    d = Solver().decide(Board.from_text("1#\n##"), 1)
    assert Move.from_text(d.move.to_text()) == d.move


def test_a_contradiction_far_from_the_certain_moves_is_still_caught():
    # the 1 at the top left has a certain move; the bottom right 3 and 1 cannot both hold
    board = Board.from_text("1#....\n##....\n......\n...###\n...131\n......")
    with pytest.raises(BoardError, match="contradict"):
        Solver().plan(board, 4)
